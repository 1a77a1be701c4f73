// Numbered schema migrations for quire.db (SQLite), applied in order at open time.
// In: an open better-sqlite3 database. Out: the schema at the latest version (PRAGMA user_version).
import type Database from 'better-sqlite3';

/** One schema step; `version` is its number (1, 2, …), never reused or edited once shipped. */
export interface Migration { version: number; name: string; sql: string }

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, api keys, templates, generations',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        plan TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale', 'enterprise')),
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        digest BLOB NOT NULL UNIQUE,
        last4 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE templates (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        html TEXT NOT NULL,
        variables TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX templates_account ON templates(account_id);
      CREATE TABLE generations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        template_id TEXT REFERENCES templates(id) ON DELETE SET NULL,
        api_key_id TEXT,
        file_name TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        render_ms INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX generations_account_created ON generations(account_id, created_at);
    `,
  },
  {
    version: 2,
    name: 'dashboard: passwords, sessions, key labels, sample data, template assets, generation pages',
    sql: `
      CREATE TABLE account_passwords (
        account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id_digest TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sessions_account ON sessions(account_id);
      CREATE INDEX sessions_expires ON sessions(expires_at);
      ALTER TABLE api_keys ADD COLUMN label TEXT;
      ALTER TABLE templates ADD COLUMN sample_data TEXT NOT NULL DEFAULT '{}';
      CREATE TABLE template_assets (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        mime TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (template_id, path)
      );
      CREATE INDEX template_assets_account ON template_assets(account_id);
      CREATE TABLE asset_blobs (
        asset_id TEXT PRIMARY KEY,
        data BLOB NOT NULL
      );
      ALTER TABLE generations ADD COLUMN pages INTEGER;
    `,
  },
  {
    version: 3,
    name: 'retention: generations whose PDF was deleted keep their row',
    sql: `
      ALTER TABLE generations ADD COLUMN pdf_deleted_at TEXT;
      CREATE INDEX generations_kept_created ON generations(created_at) WHERE pdf_deleted_at IS NULL;
    `,
  },
  {
    version: 4,
    name: 'quota: generations per account and month, counted by the transaction that records one',
    sql: `
      CREATE TABLE monthly_usage (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        month TEXT NOT NULL,
        generations INTEGER NOT NULL,
        PRIMARY KEY (account_id, month)
      ) WITHOUT ROWID;
      INSERT INTO monthly_usage (account_id, month, generations)
        SELECT account_id, substr(created_at, 1, 7), COUNT(*) FROM generations GROUP BY account_id, substr(created_at, 1, 7);
    `,
  },
];

/**
 * Applies every migration whose version is above `PRAGMA user_version`, each in its own
 * transaction. Returns the versions applied. Throws if the database is newer than this code.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  if (current > latest) {
    throw new Error(`database schema version ${current} is newer than this program (${latest})`);
  }
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
