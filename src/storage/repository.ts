// The storage interface every driver implements (SQLite default, PostgreSQL with DATABASE_URL), its
// record types, and the rules both drivers share. In: nothing. Out: types, Store, StoreError, helpers.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AssetRepo } from './assets.ts';
import type { ObjectStore } from './objects.ts';
import type { PdfFiles } from './pdf-files.ts';
import { isPlan, type Plan } from './plans.ts';
import type { SessionRepo } from './sessions.ts';
import type { Row } from './row.ts';
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
  /** Size of the PDF in bytes; render time in ms. */
  fileName: string; bytes: number; renderMs: number; createdAt: string;
  /** Page count; null for generations recorded before it was kept. */
  pages: number | null;
  /** When retention (PDF_RETENTION_DAYS) deleted its PDF; null while the PDF is kept. */
  pdfDeletedAt: string | null;
}
/** A generation as the Usage page lists it: with its template's name and its key's label when they still exist. */
export interface GenerationListing extends Generation {
  templateName: string | null; keyLast4: string | null; keyLabel: string | null;
}
/** What recordGenerationWithinQuota stores; `createdAt` comes from its `now`. */
export type NewGeneration = Omit<Generation, 'createdAt' | 'pages' | 'pdfDeletedAt'> & { pages?: number | null };
/** A generation whose PDF retention is about to delete. */
export interface ExpiringPdf { id: string; fileName: string }
export type NewTemplate = { accountId: string; name: string; html: string; variables: VariableDef[]; sampleData?: Record<string, unknown> };
export type TemplatePatch = { name?: string; html?: string; variables?: VariableDef[]; sampleData?: Record<string, unknown> };

/**
 * All persistent state of the service. Every repository method is async and resolves once the
 * database has answered (committed, for writes). Times are ISO 8601 UTC strings (ms precision).
 * PDF bytes (`pdfs`) and template asset bytes (`assets.blobs`) live in `objects`: DATA_DIR or an S3 bucket.
 */
export interface Store {
  /** Which driver answers: 'sqlite' (DATA_DIR/quire.db) or 'postgres' (DATABASE_URL). */
  readonly driver: 'sqlite' | 'postgres';
  /** The object store (PDFs and asset bytes); closed with the store. */
  readonly objects: ObjectStore;
  readonly pdfs: PdfFiles;
  /** Dashboard sessions. */
  readonly sessions: SessionRepo;
  /** Template assets (rows, and their bytes in `assets.blobs`). */
  readonly assets: AssetRepo;

  /** Creates an account. Rejects with StoreError INVALID (bad email or plan) or CONFLICT (email taken, case-insensitive). */
  createAccount(email: string, plan: Plan, now: Date): Promise<Account>;
  /** Creates an account and its password hash (dashboard sign-up) in one transaction; errors as createAccount. */
  createAccountWithPassword(email: string, plan: Plan, passwordHash: string, now: Date): Promise<Account>;
  /** The account with this email (case-insensitive), or null. */
  findAccountByEmail(email: string): Promise<Account | null>;
  /** Sets (or replaces) an account's password hash (see passwords.ts). Rejects with StoreError NOT_FOUND. */
  setPasswordHash(accountId: string, hash: string, now: Date): Promise<void>;
  /** An account's password hash, or null when it has none (an account made by the CLI). */
  passwordHash(accountId: string): Promise<string | null>;
  /** The account with this id, or null. */
  getAccount(id: string): Promise<Account | null>;
  /** All accounts, oldest first. */
  listAccounts(): Promise<Account[]>;
  /** Changes an account's plan. Rejects with StoreError NOT_FOUND or INVALID. */
  setPlan(accountId: string, plan: Plan): Promise<Account>;

  /**
   * Creates a key `quire_<uuid v4>` for an account. Only its SHA-256 digest and last 4 characters
   * are stored; the returned `key` is the only copy. Rejects with StoreError NOT_FOUND.
   */
  createKey(accountId: string, now: Date, label?: string | null): Promise<ApiKeyInfo & { key: string }>;
  /**
   * Looks a presented key up by its digest (constant-time comparison of the digests) and records
   * its last use. Null for a wrong format, an unknown or a deleted key.
   */
  authenticate(presented: string, now: Date): Promise<{ keyId: string; accountId: string } | null>;
  /** An account's keys (never the key itself), oldest first. Rejects with StoreError NOT_FOUND. */
  listKeys(accountId: string): Promise<ApiKeyInfo[]>;
  /** Deletes (revokes) a key of an account. Rejects with StoreError NOT_FOUND when there is no such key. */
  deleteKey(accountId: string, keyId: string): Promise<void>;

  /** Stores a template (variables already validated by the caller). Rejects with StoreError NOT_FOUND. */
  createTemplate(t: NewTemplate, now: Date): Promise<Template>;
  /** The template with this id (any account), or null. */
  getTemplate(id: string): Promise<Template | null>;
  /** Replaces the given fields of a template. Rejects with StoreError NOT_FOUND. */
  updateTemplate(id: string, patch: TemplatePatch, now: Date): Promise<Template>;
  /**
   * Deletes an account's template and its assets; its generations stay (template_id becomes
   * null) and so do their PDFs. Rejects with StoreError NOT_FOUND when the account has no such template.
   */
  deleteTemplate(accountId: string, id: string): Promise<void>;
  /** An account's templates, oldest first. Rejects with StoreError NOT_FOUND. */
  listTemplates(accountId: string): Promise<Template[]>;

  /** Number of generations of an account in the UTC calendar month containing `now`. */
  countThisMonth(accountId: string, now: Date): Promise<number>;
  /**
   * The quota check and the count as one transaction that serialises per account (SQLite: BEGIN
   * IMMEDIATE; PostgreSQL: the account row locked FOR NO KEY UPDATE first), exact across processes and hosts:
   * when the account has fewer than `limit` generations this month (null = unlimited), inserts the
   * generation and returns it; otherwise inserts nothing and returns null.
   */
  recordGenerationWithinQuota(g: NewGeneration, limit: number | null, now: Date): Promise<Generation | null>;
  /** This month's generations of an account per template id (templates without any are absent). */
  countThisMonthByTemplate(accountId: string, now: Date): Promise<Map<string, number>>;
  /** This month's generations of an account per UTC day (`YYYY-MM-DD`), days without any absent. */
  countPerDayThisMonth(accountId: string, now: Date): Promise<Map<string, number>>;
  /** An account's latest `limit` generations, newest first, with template name and key label. */
  latestGenerations(accountId: string, limit: number): Promise<GenerationListing[]>;
  /** The generation with this id, or null. */
  getGeneration(id: string): Promise<Generation | null>;
  /** An account's generations, oldest first. */
  listGenerations(accountId: string): Promise<Generation[]>;
  /** Total number of generation rows (all accounts). */
  countGenerations(): Promise<number>;
  /** Which of these generation ids have a row (the orphan sweep). */
  existingGenerations(ids: readonly string[]): Promise<Set<string>>;
  /** Up to `limit` generations created before `before` whose PDF is still kept, oldest first. */
  pdfsToExpire(before: Date, limit: number): Promise<ExpiringPdf[]>;
  /** Marks these generations' PDFs deleted at `now` (the rows stay for the usage history). Resolves to the rows changed. */
  markPdfsDeleted(ids: readonly string[], now: Date): Promise<number>;
  /**
   * Runs `fn` while this instance holds the maintenance lock (PostgreSQL: a session advisory lock
   * per schema, so one instance of many; SQLite: this store, one run at a time) and resolves to
   * `{ value }`; resolves to null at once, without running `fn`, when another holder has it.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<{ value: T } | null>;

  /** Rejects when the database cannot answer a trivial query (for the health check). */
  ping(): Promise<void>;
  /** Closes the database connection(s); further calls reject. */
  close(): Promise<void>;
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

/** First instant of the UTC calendar month containing `now`, and of the next month (ISO strings). */
/** The calendar month (UTC) of `now` as the monthly_usage table keys it: 'YYYY-MM'. */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function monthBounds(now: Date): { start: string; end: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)).toISOString(), end: new Date(Date.UTC(y, m + 1, 1)).toISOString() };
}

// ── rules both drivers share ────────────────────────────────────────────────────────────────

/** SHA-256 of a key: what the api_keys table stores instead of the key. */
export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Throws StoreError INVALID unless `email` looks like an address and `plan` is a known plan. */
export function checkNewAccount(email: string, plan: Plan): void {
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new StoreError('INVALID', `invalid email address: ${email}`);
  checkPlan(plan);
}

/** Throws StoreError INVALID for an unknown plan. */
export function checkPlan(plan: Plan): void {
  if (!isPlan(plan)) throw new StoreError('INVALID', `unknown plan: ${String(plan)}`);
}

/** The StoreError for a taken email. */
export const emailTaken = (email: string): StoreError => new StoreError('CONFLICT', `an account with email ${email} already exists`);

/** A fresh key, its record and its digest (the key itself is returned once and never stored). */
export function newKey(accountId: string, now: Date, label: string | null): { info: ApiKeyInfo & { key: string }; digest: Buffer } {
  const key = `quire_${randomUUID()}`;
  return {
    info: { id: randomUUID(), accountId, last4: key.slice(-4), createdAt: now.toISOString(), lastUsedAt: null, label, key },
    digest: keyDigest(key),
  };
}

/**
 * An API key's last use is written when the stored one is this much older than the request (or
 * unset), not on every request: listings show it to the minute, and a generation then costs one
 * database write (its row) instead of two.
 */
export const KEY_USE_RESOLUTION_MS = 60_000;

/** The ISO time before which a key's stored last use is rewritten by a use at `now`. */
export function keyUseStaleBefore(now: Date): string {
  return new Date(now.getTime() - KEY_USE_RESOLUTION_MS).toISOString();
}

/** The digest to look a presented key up by, or null when its format is wrong. */
export function presentedDigest(presented: string): Buffer | null {
  return API_KEY_FORMAT.test(presented) ? keyDigest(presented) : null;
}

/** Constant-time comparison of a stored and a presented digest. */
export function digestsMatch(stored: Buffer, presented: Buffer): boolean {
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

// ── rows to records (both drivers return these column names, times as ISO strings, JSON as text) ──


export function toTemplate(r: Row): Template {
  return {
    id: r.id as string, accountId: r.account_id as string, name: r.name as string, html: r.html as string,
    variables: JSON.parse(r.variables as string) as VariableDef[],
    sampleData: JSON.parse((r.sample_data as string | undefined) ?? '{}') as Record<string, unknown>,
    createdAt: r.created_at as string, updatedAt: r.updated_at as string,
  };
}
export function toKey(r: Row): ApiKeyInfo {
  return {
    id: r.id as string, accountId: r.account_id as string, last4: r.last4 as string,
    createdAt: r.created_at as string, lastUsedAt: (r.last_used_at as string | null) ?? null,
    label: (r.label as string | null) ?? null,
  };
}
export function toAccount(r: Row): Account {
  return { id: r.id as string, email: r.email as string, plan: r.plan as Plan, createdAt: r.created_at as string };
}
export function toGeneration(r: Row): Generation {
  return {
    id: r.id as string, accountId: r.account_id as string, templateId: (r.template_id as string | null) ?? null,
    apiKeyId: (r.api_key_id as string | null) ?? null, fileName: r.file_name as string,
    bytes: Number(r.bytes), renderMs: Number(r.render_ms), createdAt: r.created_at as string,
    pages: r.pages == null ? null : Number(r.pages),
    pdfDeletedAt: (r.pdf_deleted_at as string | null | undefined) ?? null,
  };
}
export function toGenerationListing(r: Row): GenerationListing {
  return {
    ...toGeneration(r), templateName: (r.template_name as string | null) ?? null,
    keyLast4: (r.key_last4 as string | null) ?? null, keyLabel: (r.key_label as string | null) ?? null,
  };
}
/** A template record from its creation input. */
export function newTemplate(t: NewTemplate, now: Date): Template {
  const at = now.toISOString();
  return { id: randomUUID(), ...t, sampleData: t.sampleData ?? {}, createdAt: at, updatedAt: at };
}
/** A map from rows of (key column, n). */
export function countMap(rows: Row[], key: string): Map<string, number> {
  return new Map(rows.map((r) => [r[key] as string, Number(r.n)]));
}
