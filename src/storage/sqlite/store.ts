// The SQLite driver (better-sqlite3, the default): DATA_DIR/quire.db with WAL, busy_timeout and
// migrations, behind the async Store interface. In: a data directory and an object store. Out: a SqliteStore.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AssetRepo, moveLegacyAssetBlobs, ObjectAssetBlobs } from '../assets.ts';
import { DiskObjects } from '../disk-objects.ts';
import type { ObjectStore } from '../objects.ts';
import { PdfFiles } from '../pdf-files.ts';
import type { Plan } from '../plans.ts';
import {
  checkNewAccount, checkPlan, countMap, digestsMatch, emailTaken, keyUseStaleBefore, monthBounds, monthKey, newKey, newTemplate, presentedDigest,
  StoreError, toAccount, toGeneration, toGenerationListing, toKey, toTemplate,
  type Account, type ApiKeyInfo, type ExpiringPdf, type Generation, type GenerationListing, type NewGeneration, type NewTemplate,
  type Store, type Template, type TemplatePatch,
} from '../repository.ts';
import type { Row } from '../row.ts';
import { existingIds, SqliteAssetRows, SqliteLegacyBlobs } from './assets.ts';
import { migrate } from './migrations.ts';
import { SqliteSessions } from './sessions.ts';

/**
 * The Store on one SQLite file. Statements run synchronously inside each async method, so a
 * method's reads and writes are never interleaved with another request's; transactions are
 * BEGIN IMMEDIATE (one writer across processes sharing the file).
 */
export class SqliteStore implements Store {
  readonly driver = 'sqlite' as const;
  readonly pdfs: PdfFiles;
  readonly sessions: SqliteSessions;
  readonly assets: AssetRepo;
  private readonly s;
  private readonly tx;
  /** True while `exclusively` runs its function (the lock of the one process that owns the file). */
  private maintaining = false;

  /** Wraps an open database (migrated here) and the object store. Prefer `openSqliteStore(dataDir)`. */
  constructor(readonly db: Database.Database, readonly objects: ObjectStore) {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    this.pdfs = new PdfFiles(objects);
    this.sessions = new SqliteSessions(db);
    this.assets = new AssetRepo(new SqliteAssetRows(db), new ObjectAssetBlobs(objects));
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      accountInsert: p('INSERT INTO accounts (id, email, plan, created_at) VALUES (?, ?, ?, ?)'),
      accountGet: p('SELECT * FROM accounts WHERE id = ?'),
      accountByEmail: p('SELECT * FROM accounts WHERE email = ?'),
      accountPlan: p('UPDATE accounts SET plan = ? WHERE id = ?'),
      accountList: p('SELECT * FROM accounts ORDER BY created_at, id'),
      passwordSet: p(`INSERT INTO account_passwords (account_id, hash, updated_at) VALUES (?, ?, ?)
                      ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`),
      passwordGet: p('SELECT hash FROM account_passwords WHERE account_id = ?'),
      keyInsert: p('INSERT INTO api_keys (id, account_id, digest, last4, created_at, label) VALUES (?, ?, ?, ?, ?, ?)'),
      keyByDigest: p('SELECT id, account_id, digest, last_used_at FROM api_keys WHERE digest = ?'),
      keyTouch: p('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
      keyList: p('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id'),
      keyDelete: p('DELETE FROM api_keys WHERE id = ? AND account_id = ?'),
      tplInsert: p(`INSERT INTO templates (id, account_id, name, html, variables, sample_data, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      tplGet: p('SELECT * FROM templates WHERE id = ?'),
      tplUpdate: p('UPDATE templates SET name = ?, html = ?, variables = ?, sample_data = ?, updated_at = ? WHERE id = ?'),
      tplList: p('SELECT * FROM templates WHERE account_id = ? ORDER BY created_at, id'),
      tplDelete: p('DELETE FROM templates WHERE id = ? AND account_id = ?'),
      assetIds: p('SELECT id FROM template_assets WHERE template_id = ?'),
      genCountByTemplate: p(`SELECT template_id, COUNT(*) AS n FROM generations
                             WHERE account_id = ? AND created_at >= ? AND created_at < ? AND template_id IS NOT NULL
                             GROUP BY template_id`),
      genPerDay: p(`SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM generations
                    WHERE account_id = ? AND created_at >= ? AND created_at < ? GROUP BY substr(created_at, 1, 10) ORDER BY day`),
      genLatest: p(`SELECT g.*, t.name AS template_name, k.last4 AS key_last4, k.label AS key_label FROM generations g
                    LEFT JOIN templates t ON t.id = g.template_id LEFT JOIN api_keys k ON k.id = g.api_key_id
                    WHERE g.account_id = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?`),
      usageGet: p('SELECT generations AS n FROM monthly_usage WHERE account_id = ? AND month = ?'),
      usageAdd: p(`INSERT INTO monthly_usage (account_id, month, generations) VALUES (?, ?, 1)
                   ON CONFLICT (account_id, month) DO UPDATE SET generations = generations + 1`),
      genInsert: p(`INSERT INTO generations (id, account_id, template_id, api_key_id, file_name, bytes, render_ms, pages, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      genGet: p('SELECT * FROM generations WHERE id = ?'),
      genList: p('SELECT * FROM generations WHERE account_id = ? ORDER BY created_at, id'),
      genTotal: p('SELECT COUNT(*) AS n FROM generations'),
      genExpiring: p(`SELECT id, file_name FROM generations WHERE pdf_deleted_at IS NULL AND created_at < ?
                      ORDER BY created_at, id LIMIT ?`),
      genMarkDeleted: p('UPDATE generations SET pdf_deleted_at = ? WHERE id = ? AND pdf_deleted_at IS NULL'),
    };
    this.tx = {
      createAccount: db.transaction((a: Account, hash: string | null): void => {
        if (this.s.accountByEmail.get(a.email)) throw emailTaken(a.email);
        this.s.accountInsert.run(a.id, a.email, a.plan, a.createdAt);
        if (hash !== null) this.s.passwordSet.run(a.id, hash, a.createdAt);
      }),
      // the row and the month's count together: the count is what the quota checks (O(1), not a scan of the month)
      recordWithinQuota: db.transaction((rec: Generation, limit: number | null, now: Date): boolean => {
        if (limit !== null && this.countSync(rec.accountId, now) >= limit) return false;
        this.s.genInsert.run(rec.id, rec.accountId, rec.templateId, rec.apiKeyId, rec.fileName, rec.bytes, rec.renderMs, rec.pages, rec.createdAt);
        this.s.usageAdd.run(rec.accountId, monthKey(now));
        return true;
      }),
    };
  }

  // ── accounts ──
  async createAccount(email: string, plan: Plan, now: Date): Promise<Account> {
    return this.insertAccount(email, plan, null, now);
  }
  async createAccountWithPassword(email: string, plan: Plan, passwordHash: string, now: Date): Promise<Account> {
    return this.insertAccount(email, plan, passwordHash, now);
  }
  private insertAccount(email: string, plan: Plan, hash: string | null, now: Date): Account {
    checkNewAccount(email, plan);
    const a: Account = { id: randomUUID(), email, plan, createdAt: now.toISOString() };
    this.tx.createAccount.immediate(a, hash);
    return a;
  }
  async findAccountByEmail(email: string): Promise<Account | null> {
    const r = this.s.accountByEmail.get(email) as Row | undefined;
    return r ? toAccount(r) : null;
  }
  async setPasswordHash(accountId: string, hash: string, now: Date): Promise<void> {
    this.requireAccount(accountId);
    this.s.passwordSet.run(accountId, hash, now.toISOString());
  }
  async passwordHash(accountId: string): Promise<string | null> {
    const r = this.s.passwordGet.get(accountId) as { hash: string } | undefined;
    return r?.hash ?? null;
  }
  async getAccount(id: string): Promise<Account | null> {
    return this.accountSync(id);
  }
  async listAccounts(): Promise<Account[]> {
    return (this.s.accountList.all() as Row[]).map(toAccount);
  }
  async setPlan(accountId: string, plan: Plan): Promise<Account> {
    checkPlan(plan);
    if (this.s.accountPlan.run(plan, accountId).changes === 0) throw new StoreError('NOT_FOUND', `no account ${accountId}`);
    return this.accountSync(accountId)!;
  }

  // ── API keys ──
  async createKey(accountId: string, now: Date, label: string | null = null): Promise<ApiKeyInfo & { key: string }> {
    this.requireAccount(accountId);
    const { info, digest } = newKey(accountId, now, label);
    this.s.keyInsert.run(info.id, accountId, digest, info.last4, info.createdAt, label);
    return info;
  }
  async authenticate(presented: string, now: Date): Promise<{ keyId: string; accountId: string } | null> {
    const d = presentedDigest(presented);
    if (!d) return null;
    const r = this.s.keyByDigest.get(d) as Row | undefined;
    if (!r || !digestsMatch(r.digest as Buffer, d)) return null;
    if (r.last_used_at === null || (r.last_used_at as string) < keyUseStaleBefore(now)) this.s.keyTouch.run(now.toISOString(), r.id);
    return { keyId: r.id as string, accountId: r.account_id as string };
  }
  async listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    this.requireAccount(accountId);
    return (this.s.keyList.all(accountId) as Row[]).map(toKey);
  }
  async deleteKey(accountId: string, keyId: string): Promise<void> {
    if (this.s.keyDelete.run(keyId, accountId).changes === 0) {
      throw new StoreError('NOT_FOUND', `account ${accountId} has no key ${keyId}`);
    }
  }

  // ── templates ──
  async createTemplate(t: NewTemplate, now: Date): Promise<Template> {
    this.requireAccount(t.accountId);
    const tpl = newTemplate(t, now);
    this.s.tplInsert.run(tpl.id, tpl.accountId, tpl.name, tpl.html, JSON.stringify(tpl.variables), JSON.stringify(tpl.sampleData), tpl.createdAt, tpl.updatedAt);
    return tpl;
  }
  async getTemplate(id: string): Promise<Template | null> {
    const r = this.s.tplGet.get(id) as Row | undefined;
    return r ? toTemplate(r) : null;
  }
  async updateTemplate(id: string, patch: TemplatePatch, now: Date): Promise<Template> {
    const cur = await this.getTemplate(id);
    if (!cur) throw new StoreError('NOT_FOUND', `no template ${id}`);
    const next = { ...cur, ...patch, updatedAt: now.toISOString() };
    this.s.tplUpdate.run(next.name, next.html, JSON.stringify(next.variables), JSON.stringify(next.sampleData), next.updatedAt, id);
    return next;
  }
  async deleteTemplate(accountId: string, id: string): Promise<void> {
    const assetIds = (this.s.assetIds.all(id) as Array<{ id: string }>).map((r) => r.id);
    if (this.s.tplDelete.run(id, accountId).changes === 0) throw new StoreError('NOT_FOUND', `account ${accountId} has no template ${id}`);
    for (const a of assetIds) await this.assets.blobs.remove(a);
  }
  async listTemplates(accountId: string): Promise<Template[]> {
    this.requireAccount(accountId);
    return (this.s.tplList.all(accountId) as Row[]).map(toTemplate);
  }

  // ── generations and quota ──
  async countThisMonth(accountId: string, now: Date): Promise<number> {
    return this.countSync(accountId, now);
  }
  async recordGenerationWithinQuota(g: NewGeneration, limit: number | null, now: Date): Promise<Generation | null> {
    const rec: Generation = { ...g, pages: g.pages ?? null, createdAt: now.toISOString(), pdfDeletedAt: null };
    return this.tx.recordWithinQuota.immediate(rec, limit, now) ? rec : null;
  }
  async countThisMonthByTemplate(accountId: string, now: Date): Promise<Map<string, number>> {
    const { start, end } = monthBounds(now);
    return countMap(this.s.genCountByTemplate.all(accountId, start, end) as Row[], 'template_id');
  }
  async countPerDayThisMonth(accountId: string, now: Date): Promise<Map<string, number>> {
    const { start, end } = monthBounds(now);
    return countMap(this.s.genPerDay.all(accountId, start, end) as Row[], 'day');
  }
  async latestGenerations(accountId: string, limit: number): Promise<GenerationListing[]> {
    return (this.s.genLatest.all(accountId, limit) as Row[]).map(toGenerationListing);
  }
  async getGeneration(id: string): Promise<Generation | null> {
    const r = this.s.genGet.get(id) as Row | undefined;
    return r ? toGeneration(r) : null;
  }
  async listGenerations(accountId: string): Promise<Generation[]> {
    return (this.s.genList.all(accountId) as Row[]).map(toGeneration);
  }
  async countGenerations(): Promise<number> {
    return (this.s.genTotal.get() as { n: number }).n;
  }
  async existingGenerations(ids: readonly string[]): Promise<Set<string>> {
    return existingIds(this.db, 'generations', ids);
  }
  async pdfsToExpire(before: Date, limit: number): Promise<ExpiringPdf[]> {
    return (this.s.genExpiring.all(before.toISOString(), limit) as Row[]).map((r) => ({ id: r.id as string, fileName: r.file_name as string }));
  }
  async markPdfsDeleted(ids: readonly string[], now: Date): Promise<number> {
    const at = now.toISOString();
    return this.db.transaction(() => ids.reduce((n, id) => n + this.s.genMarkDeleted.run(at, id).changes, 0))();
  }
  async exclusively<T>(fn: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.maintaining) return null;
    this.maintaining = true;
    try {
      return { value: await fn() };
    } finally {
      this.maintaining = false;
    }
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }
  /** Closes the database (checkpointing the WAL) and the object store. */
  async close(): Promise<void> {
    if (!this.db.open) return;
    this.db.close();
    await this.objects.close();
  }

  /** Generations of the account in the calendar month of `now` (UTC), from monthly_usage. */
  private countSync(accountId: string, now: Date): number {
    return (this.s.usageGet.get(accountId, monthKey(now)) as { n: number } | undefined)?.n ?? 0;
  }
  private accountSync(id: string): Account | null {
    const r = this.s.accountGet.get(id) as Row | undefined;
    return r ? toAccount(r) : null;
  }
  private requireAccount(id: string): Account {
    const a = this.accountSync(id);
    if (!a) throw new StoreError('NOT_FOUND', `no account ${id}`);
    return a;
  }
}

/**
 * Opens (creating if needed) `dataDir/quire.db`, applies migrations and moves asset bytes still in
 * the database into `objects` (default: files under `dataDir`). Rejects when the folder cannot be
 * created or the database cannot be opened.
 */
export async function openSqliteStore(dataDir: string, objects: ObjectStore = new DiskObjects(dataDir)): Promise<SqliteStore> {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'quire.db'));
  try {
    const store = new SqliteStore(db, objects);
    await moveLegacyAssetBlobs(new SqliteLegacyBlobs(db), store.assets.blobs);
    return store;
  } catch (e) {
    db.close();
    throw e;
  }
}
