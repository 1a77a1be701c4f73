// Numbered schema migrations for the PostgreSQL driver, applied at start under an advisory lock so
// that several instances starting at once apply each step exactly once. In: a pool. Out: the versions applied.
import type pg from 'pg';
import type { Migration } from '../sqlite/migrations.ts';

/** Key of the session-level advisory lock held while migrating (any constant unique to Quire). */
export const MIGRATION_LOCK_KEY = 0x71756972; // 'quir'
/** First key of the two-key advisory lock of maintenance (retention, orphan sweep); the second is the schema's hash. */
export const MAINTENANCE_LOCK_KEY = 0x71756973; // 'quis'

/** The schema of SQLite migrations 1–2 in PostgreSQL's types; numbered on their own from here (3 is SQLite's 4). */
export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, passwords, api keys, templates, template assets, generations, sessions',
    sql: `
      CREATE TABLE accounts (
        id text PRIMARY KEY,
        email text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale', 'enterprise')),
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX accounts_email_lower ON accounts (lower(email));
      CREATE TABLE account_passwords (
        account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        digest bytea NOT NULL UNIQUE,
        last4 text NOT NULL,
        label text,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE INDEX api_keys_account ON api_keys (account_id, created_at);
      CREATE TABLE templates (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        html text NOT NULL,
        variables json NOT NULL DEFAULT '[]',
        sample_data json NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX templates_account ON templates (account_id, created_at);
      CREATE TABLE template_assets (
        id text PRIMARY KEY,
        template_id text NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        path text NOT NULL,
        mime text NOT NULL,
        bytes bigint NOT NULL,
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (template_id, path)
      );
      CREATE INDEX template_assets_account ON template_assets (account_id);
      CREATE TABLE asset_blobs (
        asset_id text PRIMARY KEY,
        data bytea NOT NULL
      );
      CREATE TABLE generations (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        template_id text REFERENCES templates(id) ON DELETE SET NULL,
        api_key_id text,
        file_name text NOT NULL,
        bytes bigint NOT NULL,
        render_ms integer NOT NULL,
        pages integer,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX generations_account_created ON generations (account_id, created_at);
      CREATE INDEX generations_template ON generations (template_id);
      CREATE TABLE sessions (
        id_digest text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_account ON sessions (account_id);
      CREATE INDEX sessions_expires ON sessions (expires_at);
      -- The quota check and the count in one round trip: the account row is locked first, so calls for
      -- one account run one after another; under READ COMMITTED each statement of a VOLATILE function
      -- takes a new snapshot, so the COUNT sees every row committed before the lock was granted.
      CREATE FUNCTION quire_record_generation(
        p_id text, p_account text, p_template text, p_key text, p_file text, p_bytes bigint, p_render_ms integer,
        p_pages integer, p_created timestamptz, p_month_start timestamptz, p_month_end timestamptz, p_limit integer
      ) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE n bigint;
      BEGIN
        PERFORM 1 FROM accounts WHERE id = p_account FOR NO KEY UPDATE;
        IF NOT FOUND THEN RETURN 'no_account'; END IF;
        IF p_limit IS NOT NULL THEN
          SELECT count(*) INTO n FROM generations
           WHERE account_id = p_account AND created_at >= p_month_start AND created_at < p_month_end;
          IF n >= p_limit THEN RETURN 'over_quota'; END IF;
        END IF;
        INSERT INTO generations (id, account_id, template_id, api_key_id, file_name, bytes, render_ms, pages, created_at)
        VALUES (p_id, p_account, p_template, p_key, p_file, p_bytes, p_render_ms, p_pages, p_created);
        RETURN 'recorded';
      END $$;
    `,
  },
  {
    version: 2,
    name: 'retention: generations whose PDF was deleted keep their row',
    sql: `
      ALTER TABLE generations ADD COLUMN pdf_deleted_at timestamptz;
      CREATE INDEX generations_kept_created ON generations (created_at) WHERE pdf_deleted_at IS NULL;
    `,
  },
  {
    version: 3,
    name: 'quota: generations per account and month, counted by the transaction that records one',
    sql: `
      -- no generation is recorded between the counting below and the new function (until this commits)
      LOCK TABLE generations IN SHARE MODE;
      CREATE TABLE monthly_usage (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        month text NOT NULL,
        generations integer NOT NULL,
        PRIMARY KEY (account_id, month)
      );
      INSERT INTO monthly_usage (account_id, month, generations)
        SELECT account_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*) FROM generations GROUP BY 1, 2;
      -- The same call as before (an instance of the previous version keeps calling it during a rolling
      -- upgrade, and keeps the count right): the month's count is read from monthly_usage and kept there
      -- (p_month_end is no longer used). The account row is still locked first.
      CREATE OR REPLACE FUNCTION quire_record_generation(
        p_id text, p_account text, p_template text, p_key text, p_file text, p_bytes bigint, p_render_ms integer,
        p_pages integer, p_created timestamptz, p_month_start timestamptz, p_month_end timestamptz, p_limit integer
      ) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        n bigint;
        m text := to_char(p_month_start AT TIME ZONE 'UTC', 'YYYY-MM');
      BEGIN
        PERFORM 1 FROM accounts WHERE id = p_account FOR NO KEY UPDATE;
        IF NOT FOUND THEN RETURN 'no_account'; END IF;
        IF p_limit IS NOT NULL THEN
          SELECT generations INTO n FROM monthly_usage WHERE account_id = p_account AND month = m;
          IF COALESCE(n, 0) >= p_limit THEN RETURN 'over_quota'; END IF;
        END IF;
        INSERT INTO generations (id, account_id, template_id, api_key_id, file_name, bytes, render_ms, pages, created_at)
        VALUES (p_id, p_account, p_template, p_key, p_file, p_bytes, p_render_ms, p_pages, p_created);
        INSERT INTO monthly_usage (account_id, month, generations) VALUES (p_account, m, 1)
        ON CONFLICT (account_id, month) DO UPDATE SET generations = monthly_usage.generations + 1;
        RETURN 'recorded';
      END $$;
    `,
  },
];

/**
 * Applies every migration above the highest version in `quire_schema_migrations`, each in its own
 * transaction, while holding pg_advisory_lock(MIGRATION_LOCK_KEY) on one connection: a second
 * instance waits for the first and then finds nothing left to do. Returns the versions applied.
 * Throws if the database is newer than this code (and releases the lock).
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = PG_MIGRATIONS): Promise<number[]> {
  const c = await pool.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await c.query(`CREATE TABLE IF NOT EXISTS quire_schema_migrations (
                       version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const { rows } = await c.query('SELECT COALESCE(MAX(version), 0) AS v FROM quire_schema_migrations');
      const current = Number(rows[0].v);
      const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0;
      if (current > latest) throw new Error(`database schema version ${current} is newer than this program (${latest})`);
      const applied: number[] = [];
      for (const m of migrations) {
        if (m.version <= current) continue;
        await c.query('BEGIN');
        try {
          await c.query(m.sql);
          await c.query('INSERT INTO quire_schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK');
          throw e;
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    c.release();
  }
}
