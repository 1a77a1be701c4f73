// The PostgreSQL driver (pg), chosen by DATABASE_URL=postgres://…: the same repositories as the
// SQLite driver, shared by any number of instances. In: a URL and an object store. Out: a PgStore.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AssetRepo, moveLegacyAssetBlobs, ObjectAssetBlobs } from '../assets.ts';
import type { ObjectStore } from '../objects.ts';
import { PdfFiles } from '../pdf-files.ts';
import type { Plan } from '../plans.ts';
import {
  checkNewAccount, checkPlan, countMap, digestsMatch, emailTaken, keyUseStaleBefore, monthBounds, monthKey, newKey, newTemplate, presentedDigest,
  StoreError, toAccount, toGeneration, toGenerationListing, toKey, toTemplate,
  type Account, type ApiKeyInfo, type ExpiringPdf, type Generation, type GenerationListing, type NewGeneration, type NewTemplate,
  type Store, type Template, type TemplatePatch,
} from '../repository.ts';
import { PgAssetRows, PgLegacyBlobs } from './assets.ts';
import { MAINTENANCE_LOCK_KEY, migratePostgres } from './migrations.ts';
import { createPool, isForeignKeyViolation, isUniqueViolation, tx } from './pool.ts';
import { PgSessions } from './sessions.ts';

const noAccount = (id: string) => new StoreError('NOT_FOUND', `no account ${id}`);

/** Runs `q`; a foreign-key violation (the account is gone) becomes StoreError NOT_FOUND. */
async function onAccount<T>(accountId: string, q: Promise<T>): Promise<T> {
  try {
    return await q;
  } catch (e) {
    if (isForeignKeyViolation(e)) throw noAccount(accountId);
    throw e;
  }
}

/**
 * The Store on a PostgreSQL database (READ COMMITTED). The quota transaction (the function
 * quire_record_generation, one round trip) locks the account's row (FOR NO KEY UPDATE) before it
 * counts, so concurrent recordings for one account, from any number of instances, run one after
 * another and each counts the rows the previous ones committed.
 */
export class PgStore implements Store {
  readonly driver = 'postgres' as const;
  readonly pdfs: PdfFiles;
  readonly sessions: PgSessions;
  readonly assets: AssetRepo;

  /** Wraps a pool on an already migrated database. Prefer `openPgStore(url, objects)`. */
  constructor(readonly pool: pg.Pool, readonly objects: ObjectStore) {
    this.pdfs = new PdfFiles(objects);
    this.sessions = new PgSessions(pool);
    this.assets = new AssetRepo(new PgAssetRows(pool), new ObjectAssetBlobs(objects));
  }

  private async rows(sql: string, params: unknown[] = []): Promise<pg.QueryResultRow[]> {
    return (await this.pool.query(sql, params)).rows;
  }

  // ── accounts ──
  createAccount(email: string, plan: Plan, now: Date): Promise<Account> {
    return this.insertAccount(email, plan, null, now);
  }
  createAccountWithPassword(email: string, plan: Plan, passwordHash: string, now: Date): Promise<Account> {
    return this.insertAccount(email, plan, passwordHash, now);
  }
  private async insertAccount(email: string, plan: Plan, hash: string | null, now: Date): Promise<Account> {
    checkNewAccount(email, plan);
    const a: Account = { id: randomUUID(), email, plan, createdAt: now.toISOString() };
    try {
      await tx(this.pool, async (c) => {
        await c.query('INSERT INTO accounts (id, email, plan, created_at) VALUES ($1, $2, $3, $4)', [a.id, a.email, a.plan, a.createdAt]);
        if (hash !== null) {
          await c.query('INSERT INTO account_passwords (account_id, hash, updated_at) VALUES ($1, $2, $3)', [a.id, hash, a.createdAt]);
        }
      });
    } catch (e) {
      if (isUniqueViolation(e, 'accounts_email_lower')) throw emailTaken(email);
      throw e;
    }
    return a;
  }
  async findAccountByEmail(email: string): Promise<Account | null> {
    const [r] = await this.rows('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email]);
    return r ? toAccount(r) : null;
  }
  async setPasswordHash(accountId: string, hash: string, now: Date): Promise<void> {
    await onAccount(accountId, this.pool.query(
      `INSERT INTO account_passwords (account_id, hash, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`,
      [accountId, hash, now.toISOString()],
    ));
  }
  async passwordHash(accountId: string): Promise<string | null> {
    const [r] = await this.rows('SELECT hash FROM account_passwords WHERE account_id = $1', [accountId]);
    return r ? (r.hash as string) : null;
  }
  async getAccount(id: string): Promise<Account | null> {
    const [r] = await this.rows('SELECT * FROM accounts WHERE id = $1', [id]);
    return r ? toAccount(r) : null;
  }
  async listAccounts(): Promise<Account[]> {
    return (await this.rows('SELECT * FROM accounts ORDER BY created_at, id')).map(toAccount);
  }
  async setPlan(accountId: string, plan: Plan): Promise<Account> {
    checkPlan(plan);
    const [r] = await this.rows('UPDATE accounts SET plan = $1 WHERE id = $2 RETURNING *', [plan, accountId]);
    if (!r) throw noAccount(accountId);
    return toAccount(r);
  }

  // ── API keys ──
  async createKey(accountId: string, now: Date, label: string | null = null): Promise<ApiKeyInfo & { key: string }> {
    const { info, digest } = newKey(accountId, now, label);
    await onAccount(accountId, this.pool.query(
      'INSERT INTO api_keys (id, account_id, digest, last4, created_at, label) VALUES ($1, $2, $3, $4, $5, $6)',
      [info.id, accountId, digest, info.last4, info.createdAt, label],
    ));
    return info;
  }
  async authenticate(presented: string, now: Date): Promise<{ keyId: string; accountId: string } | null> {
    const d = presentedDigest(presented);
    if (!d) return null;
    // One round trip: the lookup by digest (an exact index match), and the use recorded when the
    // stored one is older than KEY_USE_RESOLUTION_MS (else no row is written)
    const [r] = await this.rows(
      `WITH k AS (SELECT id, account_id, digest, last_used_at FROM api_keys WHERE digest = $1),
       touched AS (UPDATE api_keys SET last_used_at = $2 FROM k
                   WHERE api_keys.id = k.id AND (k.last_used_at IS NULL OR k.last_used_at < $3) RETURNING 1)
       SELECT id, account_id, digest FROM k`,
      [d, now.toISOString(), keyUseStaleBefore(now)],
    );
    if (!r || !digestsMatch(r.digest as Buffer, d)) return null;
    return { keyId: r.id as string, accountId: r.account_id as string };
  }
  async listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    await this.requireAccount(accountId);
    return (await this.rows('SELECT * FROM api_keys WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toKey);
  }
  async deleteKey(accountId: string, keyId: string): Promise<void> {
    const r = await this.pool.query('DELETE FROM api_keys WHERE id = $1 AND account_id = $2', [keyId, accountId]);
    if (r.rowCount === 0) throw new StoreError('NOT_FOUND', `account ${accountId} has no key ${keyId}`);
  }

  // ── templates ──
  async createTemplate(t: NewTemplate, now: Date): Promise<Template> {
    const tpl = newTemplate(t, now);
    await onAccount(t.accountId, this.pool.query(
      `INSERT INTO templates (id, account_id, name, html, variables, sample_data, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [tpl.id, tpl.accountId, tpl.name, tpl.html, JSON.stringify(tpl.variables), JSON.stringify(tpl.sampleData), tpl.createdAt, tpl.updatedAt],
    ));
    return tpl;
  }
  async getTemplate(id: string): Promise<Template | null> {
    const [r] = await this.rows('SELECT * FROM templates WHERE id = $1', [id]);
    return r ? toTemplate(r) : null;
  }
  async updateTemplate(id: string, patch: TemplatePatch, now: Date): Promise<Template> {
    const cur = await this.getTemplate(id);
    if (!cur) throw new StoreError('NOT_FOUND', `no template ${id}`);
    const next = { ...cur, ...patch, updatedAt: now.toISOString() };
    await this.pool.query('UPDATE templates SET name = $1, html = $2, variables = $3, sample_data = $4, updated_at = $5 WHERE id = $6',
      [next.name, next.html, JSON.stringify(next.variables), JSON.stringify(next.sampleData), next.updatedAt, id]);
    return next;
  }
  async deleteTemplate(accountId: string, id: string): Promise<void> {
    const assetIds = await tx(this.pool, async (c) => {
      const ids = (await c.query('SELECT id FROM template_assets WHERE template_id = $1', [id])).rows.map((r) => r.id as string);
      const del = await c.query('DELETE FROM templates WHERE id = $1 AND account_id = $2', [id, accountId]);
      if (del.rowCount === 0) throw new StoreError('NOT_FOUND', `account ${accountId} has no template ${id}`);
      return ids;
    });
    for (const a of assetIds) await this.assets.blobs.remove(a);
  }
  async listTemplates(accountId: string): Promise<Template[]> {
    await this.requireAccount(accountId);
    return (await this.rows('SELECT * FROM templates WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toTemplate);
  }

  // ── generations and quota ──
  async countThisMonth(accountId: string, now: Date): Promise<number> {
    const { rows } = await this.pool.query('SELECT generations AS n FROM monthly_usage WHERE account_id = $1 AND month = $2', [accountId, monthKey(now)]);
    return (rows[0]?.n as number | undefined) ?? 0;
  }
  async recordGenerationWithinQuota(g: NewGeneration, limit: number | null, now: Date): Promise<Generation | null> {
    const rec: Generation = { ...g, pages: g.pages ?? null, createdAt: now.toISOString(), pdfDeletedAt: null };
    const { start, end } = monthBounds(now);
    // one statement, one implicit transaction: the account row lock, the month's count, the insert, the count kept (migrations.ts)
    const [r] = await this.rows('SELECT quire_record_generation($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) AS outcome', [
      rec.id, rec.accountId, rec.templateId, rec.apiKeyId, rec.fileName, rec.bytes, rec.renderMs, rec.pages, rec.createdAt, start, end, limit,
    ]);
    if (r!.outcome === 'no_account') throw noAccount(rec.accountId);
    return r!.outcome === 'recorded' ? rec : null;
  }
  async countThisMonthByTemplate(accountId: string, now: Date): Promise<Map<string, number>> {
    const { start, end } = monthBounds(now);
    return countMap(await this.rows(
      `SELECT template_id, COUNT(*)::int AS n FROM generations
       WHERE account_id = $1 AND created_at >= $2 AND created_at < $3 AND template_id IS NOT NULL GROUP BY template_id`,
      [accountId, start, end]), 'template_id');
  }
  async countPerDayThisMonth(accountId: string, now: Date): Promise<Map<string, number>> {
    const { start, end } = monthBounds(now);
    return countMap(await this.rows(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, COUNT(*)::int AS n FROM generations
       WHERE account_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY day ORDER BY day`,
      [accountId, start, end]), 'day');
  }
  async latestGenerations(accountId: string, limit: number): Promise<GenerationListing[]> {
    return (await this.rows(
      `SELECT g.*, t.name AS template_name, k.last4 AS key_last4, k.label AS key_label FROM generations g
       LEFT JOIN templates t ON t.id = g.template_id LEFT JOIN api_keys k ON k.id = g.api_key_id
       WHERE g.account_id = $1 ORDER BY g.created_at DESC, g.id DESC LIMIT $2`, [accountId, limit])).map(toGenerationListing);
  }
  async getGeneration(id: string): Promise<Generation | null> {
    const [r] = await this.rows('SELECT * FROM generations WHERE id = $1', [id]);
    return r ? toGeneration(r) : null;
  }
  async listGenerations(accountId: string): Promise<Generation[]> {
    return (await this.rows('SELECT * FROM generations WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toGeneration);
  }
  async countGenerations(): Promise<number> {
    return (await this.rows('SELECT COUNT(*)::int AS n FROM generations'))[0]!.n as number;
  }
  async existingGenerations(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return new Set((await this.rows('SELECT id FROM generations WHERE id = ANY($1)', [ids])).map((r) => r.id as string));
  }
  async pdfsToExpire(before: Date, limit: number): Promise<ExpiringPdf[]> {
    return (await this.rows(
      `SELECT id, file_name FROM generations WHERE pdf_deleted_at IS NULL AND created_at < $1 ORDER BY created_at, id LIMIT $2`,
      [before.toISOString(), limit])).map((r) => ({ id: r.id as string, fileName: r.file_name as string }));
  }
  async markPdfsDeleted(ids: readonly string[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.pool.query('UPDATE generations SET pdf_deleted_at = $2 WHERE id = ANY($1) AND pdf_deleted_at IS NULL', [ids, now.toISOString()]);
    return r.rowCount ?? 0;
  }
  /**
   * pg_try_advisory_lock on one connection of the pool, keyed by MAINTENANCE_LOCK_KEY and the
   * schema (instances on other schemas of the same database do not exclude each other); held
   * while `fn` runs, released after it (or when the connection drops).
   */
  async exclusively<T>(fn: () => Promise<T>): Promise<{ value: T } | null> {
    const c = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const key = [MAINTENANCE_LOCK_KEY, 'quire-maintenance:'];
      const { rows } = await c.query('SELECT pg_try_advisory_lock($1, hashtext($2 || current_schema())) AS ok', key);
      if (!rows[0].ok) return null;
      try {
        return { value: await fn() };
      } finally {
        await c.query('SELECT pg_advisory_unlock($1, hashtext($2 || current_schema()))', key).catch((e: Error) => { broken = e; });
      }
    } finally {
      c.release(broken);
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
  /** Ends the pool (waits for checked-out clients to be released) and closes the object store. Safe to call twice. */
  async close(): Promise<void> {
    if (this.pool.ended) return;
    await this.pool.end();
    await this.objects.close();
  }

  private async requireAccount(id: string): Promise<void> {
    if (!(await this.getAccount(id))) throw noAccount(id);
  }
}

/**
 * Connects to `url` (postgres://…), applies the PostgreSQL migrations under an advisory lock,
 * moves asset bytes still in the database into `objects` and returns the store. Rejects when the
 * server cannot be reached or a migration fails (the pool is closed then).
 */
export async function openPgStore(url: string, objects: ObjectStore, poolSize?: number): Promise<PgStore> {
  const pool = createPool(url, poolSize);
  try {
    await migratePostgres(pool);
    const store = new PgStore(pool, objects);
    await moveLegacyAssetBlobs(new PgLegacyBlobs(pool), store.assets.blobs);
    return store;
  } catch (e) {
    await pool.end();
    throw e;
  }
}
