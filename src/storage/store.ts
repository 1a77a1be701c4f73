// SQLite storage (better-sqlite3): opens DATA_DIR/quire.db with WAL, busy_timeout and migrations,
// and exposes repositories of prepared statements. In: a data directory. Out: a Store.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import { PdfFiles } from './pdf-files.ts';
import { AssetRepo, SqliteAssetBlobs } from './assets.ts';
import { SessionRepo } from './sessions.ts';
import { isPlan, type Plan } from './plans.ts';
import type { VariableDef } from '../template/variables.ts';

export interface Account { id: string; email: string; plan: Plan; createdAt: string }
export interface ApiKeyInfo {
  id: string; accountId: string; last4: string; createdAt: string; lastUsedAt: string | null;
  /** What the owner calls it (production, staging …), or null. */
  label: string | null;
}
export interface Template {
  id: string; accountId: string; name: string; html: string; variables: VariableDef[];
  /** The dashboard's sample values for the preview (a JSON object). */
  sampleData: Record<string, unknown>;
  createdAt: string; updatedAt: string;
}
export interface Generation {
  id: string; accountId: string; templateId: string | null; apiKeyId: string | null;
  fileName: string; bytes: number; renderMs: number; createdAt: string;
  /** Page count; null for generations recorded before it was kept. */
  pages: number | null;
}
/** A generation as the Usage page lists it: with its template's name and its key's label when they still exist. */
export interface GenerationListing extends Generation {
  templateName: string | null; keyLast4: string | null; keyLabel: string | null;
}

/** A `quire_<uuid v4>` key, lower-case hex: the only accepted format. */
export const API_KEY_FORMAT = /^quire_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A lower-case or upper-case UUID in 8-4-4-4-12 form. */
export const UUID_FORMAT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Thrown for a caller mistake the store detects (unknown account, duplicate email, bad plan). */
export class StoreError extends Error {
  constructor(readonly code: 'NOT_FOUND' | 'CONFLICT' | 'INVALID', message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

function digestOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** First instant of the UTC calendar month containing `now`, and of the next month (ISO strings). */
export function monthBounds(now: Date): { start: string; end: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)).toISOString(), end: new Date(Date.UTC(y, m + 1, 1)).toISOString() };
}

type Row = Record<string, unknown>;

function toTemplate(r: Row): Template {
  return {
    id: r.id as string, accountId: r.account_id as string, name: r.name as string, html: r.html as string,
    variables: JSON.parse(r.variables as string) as VariableDef[],
    sampleData: JSON.parse((r.sample_data as string | undefined) ?? '{}') as Record<string, unknown>,
    createdAt: r.created_at as string, updatedAt: r.updated_at as string,
  };
}
function toKey(r: Row): ApiKeyInfo {
  return {
    id: r.id as string, accountId: r.account_id as string, last4: r.last4 as string,
    createdAt: r.created_at as string, lastUsedAt: (r.last_used_at as string | null) ?? null,
    label: (r.label as string | null) ?? null,
  };
}
function toAccount(r: Row): Account {
  return { id: r.id as string, email: r.email as string, plan: r.plan as Plan, createdAt: r.created_at as string };
}
function toGeneration(r: Row): Generation {
  return {
    id: r.id as string, accountId: r.account_id as string, templateId: (r.template_id as string | null) ?? null,
    apiKeyId: (r.api_key_id as string | null) ?? null, fileName: r.file_name as string,
    bytes: r.bytes as number, renderMs: r.render_ms as number, createdAt: r.created_at as string,
    pages: (r.pages as number | null) ?? null,
  };
}

/**
 * All persistent state: the SQLite database (repositories below) and the PDF folder.
 * Every method is synchronous except PDF file I/O (`pdfs`). Times are ISO 8601 UTC strings.
 */
export class Store {
  readonly pdfs: PdfFiles;
  /** Dashboard sessions. */
  readonly sessions: SessionRepo;
  /** Template assets (rows here, bytes in the database's asset_blobs). */
  readonly assets: AssetRepo;
  private readonly s;

  /** Wraps an open database (migrated here) and the PDF folder. Prefer `openStore(dataDir)`. */
  constructor(readonly db: Database.Database, pdfDir: string) {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    this.pdfs = new PdfFiles(pdfDir);
    this.sessions = new SessionRepo(db);
    this.assets = new AssetRepo(db, new SqliteAssetBlobs(db));
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
      keyByDigest: p('SELECT id, account_id, digest FROM api_keys WHERE digest = ?'),
      keyTouch: p('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
      keyList: p('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id'),
      keyDelete: p('DELETE FROM api_keys WHERE id = ? AND account_id = ?'),
      tplInsert: p(`INSERT INTO templates (id, account_id, name, html, variables, sample_data, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      tplGet: p('SELECT * FROM templates WHERE id = ?'),
      tplUpdate: p('UPDATE templates SET name = ?, html = ?, variables = ?, sample_data = ?, updated_at = ? WHERE id = ?'),
      tplList: p('SELECT * FROM templates WHERE account_id = ? ORDER BY created_at, id'),
      tplDelete: p('DELETE FROM templates WHERE id = ? AND account_id = ?'),
      genCountByTemplate: p(`SELECT template_id, COUNT(*) AS n FROM generations
                             WHERE account_id = ? AND created_at >= ? AND created_at < ? AND template_id IS NOT NULL
                             GROUP BY template_id`),
      genPerDay: p(`SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM generations
                    WHERE account_id = ? AND created_at >= ? AND created_at < ? GROUP BY substr(created_at, 1, 10) ORDER BY day`),
      genLatest: p(`SELECT g.*, t.name AS template_name, k.last4 AS key_last4, k.label AS key_label FROM generations g
                    LEFT JOIN templates t ON t.id = g.template_id LEFT JOIN api_keys k ON k.id = g.api_key_id
                    WHERE g.account_id = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?`),
      genCount: p('SELECT COUNT(*) AS n FROM generations WHERE account_id = ? AND created_at >= ? AND created_at < ?'),
      genInsert: p(`INSERT INTO generations (id, account_id, template_id, api_key_id, file_name, bytes, render_ms, pages, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      genGet: p('SELECT * FROM generations WHERE id = ?'),
      genList: p('SELECT * FROM generations WHERE account_id = ? ORDER BY created_at, id'),
      genTotal: p('SELECT COUNT(*) AS n FROM generations'),
    };
  }

  // ── accounts ──────────────────────────────────────────────────────────────────────────────

  /** Creates an account. Throws StoreError INVALID (bad email or plan) or CONFLICT (email taken). */
  createAccount(email: string, plan: Plan, now: Date): Account {
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new StoreError('INVALID', `invalid email address: ${email}`);
    if (!isPlan(plan)) throw new StoreError('INVALID', `unknown plan: ${String(plan)}`);
    if (this.s.accountByEmail.get(email)) throw new StoreError('CONFLICT', `an account with email ${email} already exists`);
    const a: Account = { id: randomUUID(), email, plan, createdAt: now.toISOString() };
    this.s.accountInsert.run(a.id, a.email, a.plan, a.createdAt);
    return a;
  }

  /**
   * Creates an account with a password hash (dashboard sign-up) in one transaction. Throws
   * StoreError INVALID or CONFLICT as createAccount does.
   */
  createAccountWithPassword(email: string, plan: Plan, passwordHash: string, now: Date): Account {
    return this.db.transaction(() => {
      const a = this.createAccount(email, plan, now);
      this.s.passwordSet.run(a.id, passwordHash, now.toISOString());
      return a;
    }).immediate();
  }

  /** The account with this email (case-insensitive), or null. */
  findAccountByEmail(email: string): Account | null {
    const r = this.s.accountByEmail.get(email) as Row | undefined;
    return r ? toAccount(r) : null;
  }

  /** Sets (or replaces) an account's password hash (see passwords.ts). Throws StoreError NOT_FOUND. */
  setPasswordHash(accountId: string, hash: string, now: Date): void {
    this.requireAccount(accountId);
    this.s.passwordSet.run(accountId, hash, now.toISOString());
  }

  /** An account's password hash, or null when it has none (an account made by the CLI). */
  passwordHash(accountId: string): string | null {
    const r = this.s.passwordGet.get(accountId) as { hash: string } | undefined;
    return r?.hash ?? null;
  }

  /** The account with this id, or null. */
  getAccount(id: string): Account | null {
    const r = this.s.accountGet.get(id) as Row | undefined;
    return r ? toAccount(r) : null;
  }

  /** All accounts, oldest first. */
  listAccounts(): Account[] {
    return (this.s.accountList.all() as Row[]).map(toAccount);
  }

  /** Changes an account's plan. Throws StoreError NOT_FOUND or INVALID. */
  setPlan(accountId: string, plan: Plan): Account {
    if (!isPlan(plan)) throw new StoreError('INVALID', `unknown plan: ${String(plan)}`);
    if (this.s.accountPlan.run(plan, accountId).changes === 0) throw new StoreError('NOT_FOUND', `no account ${accountId}`);
    return this.getAccount(accountId)!;
  }

  // ── API keys ──────────────────────────────────────────────────────────────────────────────

  /**
   * Creates a key `quire_<uuid v4>` for an account. Only its SHA-256 digest and last 4 characters
   * are stored; the returned `key` is the only copy. Throws StoreError NOT_FOUND.
   */
  createKey(accountId: string, now: Date, label: string | null = null): ApiKeyInfo & { key: string } {
    this.requireAccount(accountId);
    const key = `quire_${randomUUID()}`;
    const info: ApiKeyInfo = { id: randomUUID(), accountId, last4: key.slice(-4), createdAt: now.toISOString(), lastUsedAt: null, label };
    this.s.keyInsert.run(info.id, accountId, digestOf(key), info.last4, info.createdAt, label);
    return { ...info, key };
  }

  /**
   * Looks a presented key up by its digest (constant-time comparison of the digests) and records
   * its last use. Returns null for a wrong format, an unknown or a deleted key.
   */
  authenticate(presented: string, now: Date): { keyId: string; accountId: string } | null {
    if (!API_KEY_FORMAT.test(presented)) return null;
    const d = digestOf(presented);
    const r = this.s.keyByDigest.get(d) as Row | undefined;
    if (!r) return null;
    const stored = r.digest as Buffer;
    if (stored.length !== d.length || !timingSafeEqual(stored, d)) return null;
    this.s.keyTouch.run(now.toISOString(), r.id);
    return { keyId: r.id as string, accountId: r.account_id as string };
  }

  /** An account's keys (never the key itself), oldest first. Throws StoreError NOT_FOUND. */
  listKeys(accountId: string): ApiKeyInfo[] {
    this.requireAccount(accountId);
    return (this.s.keyList.all(accountId) as Row[]).map(toKey);
  }

  /** Deletes (revokes) a key of an account. Throws StoreError NOT_FOUND when there is no such key. */
  deleteKey(accountId: string, keyId: string): void {
    if (this.s.keyDelete.run(keyId, accountId).changes === 0) {
      throw new StoreError('NOT_FOUND', `account ${accountId} has no key ${keyId}`);
    }
  }

  // ── templates ─────────────────────────────────────────────────────────────────────────────

  /** Stores a template (variables already validated by the caller). Throws StoreError NOT_FOUND. */
  createTemplate(
    t: { accountId: string; name: string; html: string; variables: VariableDef[]; sampleData?: Record<string, unknown> }, now: Date,
  ): Template {
    this.requireAccount(t.accountId);
    const at = now.toISOString();
    const tpl: Template = { id: randomUUID(), ...t, sampleData: t.sampleData ?? {}, createdAt: at, updatedAt: at };
    this.s.tplInsert.run(tpl.id, tpl.accountId, tpl.name, tpl.html, JSON.stringify(tpl.variables), JSON.stringify(tpl.sampleData), at, at);
    return tpl;
  }

  /** The template with this id (any account), or null. */
  getTemplate(id: string): Template | null {
    const r = this.s.tplGet.get(id) as Row | undefined;
    return r ? toTemplate(r) : null;
  }

  /** Replaces the given fields of a template. Throws StoreError NOT_FOUND. */
  updateTemplate(
    id: string, patch: { name?: string; html?: string; variables?: VariableDef[]; sampleData?: Record<string, unknown> }, now: Date,
  ): Template {
    const cur = this.getTemplate(id);
    if (!cur) throw new StoreError('NOT_FOUND', `no template ${id}`);
    const next = { ...cur, ...patch, updatedAt: now.toISOString() };
    this.s.tplUpdate.run(next.name, next.html, JSON.stringify(next.variables), JSON.stringify(next.sampleData), next.updatedAt, id);
    return next;
  }

  /**
   * Deletes an account's template and its assets; its generations stay (template_id becomes
   * null) and so do their PDFs. Throws StoreError NOT_FOUND when the account has no such template.
   */
  async deleteTemplate(accountId: string, id: string): Promise<void> {
    const assets = this.assets.list(id);
    if (this.s.tplDelete.run(id, accountId).changes === 0) throw new StoreError('NOT_FOUND', `account ${accountId} has no template ${id}`);
    for (const a of assets) await this.assets.blobs.remove(a.id);
  }

  /** An account's templates, oldest first. Throws StoreError NOT_FOUND. */
  listTemplates(accountId: string): Template[] {
    this.requireAccount(accountId);
    return (this.s.tplList.all(accountId) as Row[]).map(toTemplate);
  }

  // ── generations and quota ─────────────────────────────────────────────────────────────────

  /** Number of generations of an account in the UTC calendar month containing `now`. */
  countThisMonth(accountId: string, now: Date): number {
    const { start, end } = monthBounds(now);
    return (this.s.genCount.get(accountId, start, end) as { n: number }).n;
  }

  /**
   * The quota check and the count as one atomic step (BEGIN IMMEDIATE): when the account has
   * fewer than `limit` generations this month (null = unlimited), inserts the generation and
   * returns it; otherwise inserts nothing and returns null. `g.createdAt` is taken from `now`.
   */
  recordGenerationWithinQuota(
    g: Omit<Generation, 'createdAt' | 'pages'> & { pages?: number | null }, limit: number | null, now: Date,
  ): Generation | null {
    return this.db.transaction((): Generation | null => {
      if (limit !== null && this.countThisMonth(g.accountId, now) >= limit) return null;
      const rec: Generation = { ...g, pages: g.pages ?? null, createdAt: now.toISOString() };
      this.s.genInsert.run(rec.id, rec.accountId, rec.templateId, rec.apiKeyId, rec.fileName, rec.bytes, rec.renderMs, rec.pages, rec.createdAt);
      return rec;
    }).immediate();
  }

  /** This month's generations of an account per template id (templates without any are absent). */
  countThisMonthByTemplate(accountId: string, now: Date): Map<string, number> {
    const { start, end } = monthBounds(now);
    const rows = this.s.genCountByTemplate.all(accountId, start, end) as Array<{ template_id: string; n: number }>;
    return new Map(rows.map((r) => [r.template_id, r.n]));
  }

  /** This month's generations of an account per UTC day (`YYYY-MM-DD`), days without any absent. */
  countPerDayThisMonth(accountId: string, now: Date): Map<string, number> {
    const { start, end } = monthBounds(now);
    const rows = this.s.genPerDay.all(accountId, start, end) as Array<{ day: string; n: number }>;
    return new Map(rows.map((r) => [r.day, r.n]));
  }

  /** An account's latest `limit` generations, newest first, with template name and key label. */
  latestGenerations(accountId: string, limit: number): GenerationListing[] {
    return (this.s.genLatest.all(accountId, limit) as Row[]).map((r) => ({
      ...toGeneration(r), templateName: (r.template_name as string | null) ?? null,
      keyLast4: (r.key_last4 as string | null) ?? null, keyLabel: (r.key_label as string | null) ?? null,
    }));
  }

  /** The generation with this id, or null. */
  getGeneration(id: string): Generation | null {
    const r = this.s.genGet.get(id) as Row | undefined;
    return r ? toGeneration(r) : null;
  }

  /** An account's generations, oldest first. */
  listGenerations(accountId: string): Generation[] {
    return (this.s.genList.all(accountId) as Row[]).map(toGeneration);
  }

  /** Total number of generation rows (all accounts). */
  countGenerations(): number {
    return (this.s.genTotal.get() as { n: number }).n;
  }

  /** Throws when the database cannot answer a trivial query (for the health check). */
  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  /** Closes the database (checkpointing the WAL). */
  close(): void {
    if (this.db.open) this.db.close();
  }

  private requireAccount(id: string): Account {
    const a = this.getAccount(id);
    if (!a) throw new StoreError('NOT_FOUND', `no account ${id}`);
    return a;
  }
}

/**
 * Opens (creating if needed) `dataDir/quire.db` and `dataDir/pdfs/`, applies migrations.
 * Throws when the folder cannot be created or the database cannot be opened.
 */
export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'quire.db'));
  try {
    return new Store(db, path.join(dataDir, 'pdfs'));
  } catch (e) {
    db.close();
    throw e;
  }
}
