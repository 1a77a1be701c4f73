// Server configuration from environment variables (DECISIONS.md "Configuration"), all optional.
// In: an env object (process.env). Out: a checked ServerConfig, or ConfigError naming the variable.
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../storage/s3-objects.ts';
import { DEFAULT_FILL_LIMITS } from '../template/fill.ts';

export interface ServerConfig {
  /** TCP port (PORT, default 8080). */
  port: number;
  /** Listen address (HOST, default 127.0.0.1). */
  host: string;
  /** Folder of quire.db and pdfs/ (DATA_DIR, default ./data), absolute. */
  dataDir: string;
  /** PostgreSQL instead of SQLite (DATABASE_URL, postgres://…); undefined = DATA_DIR/quire.db. */
  databaseUrl?: string;
  /** PDFs and asset bytes in an S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE); undefined = DATA_DIR. */
  s3?: S3Settings;
  /** PDFs older than this many days are deleted (PDF_RETENTION_DAYS); null = kept forever. */
  pdfRetentionDays: number | null;
  /** Bearer token /metrics requires (METRICS_TOKEN); undefined = /metrics answers loopback clients only, and never behind TRUST_PROXY. */
  metricsToken?: string;
  /** Origin for pdf_url, no trailing slash (PUBLIC_BASE_URL); undefined = derived from the request. */
  publicBaseUrl?: string;
  /** PEM files for native HTTPS (TLS_CERT_FILE, TLS_KEY_FILE); both or neither. */
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** Trust X-Forwarded-Proto/-Host from a TLS-terminating proxy (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Request body limit in bytes (MAX_BODY_BYTES, default 1 MiB). */
  maxBodyBytes: number;
  /** Render deadline in ms (RENDER_TIMEOUT_MS, default 30000). */
  renderTimeoutMs: number;
  /** Page cap per render (MAX_PAGES, default 500). */
  maxPages: number;
  /**
   * Worker threads, i.e. renders at once (RENDER_WORKERS, default: CPUs). The main thread (HTTP, SQL, storing PDFs: about
   * 0.9 ms of CPU per README invoice) needs a core as well: measured by bench:server at 64 clients on 2 CPUs, 2 threads
   * gave 365 PDFs/s at 364 MB peak RSS, 3 gave 390-404 PDFs/s at 450-475 MB.
   */
  renderWorkers: number;
  /** Worker threads kept loaded beyond RENDER_WORKERS, so a stopped render's slot is free at once (RENDER_SPARE_WORKERS, default 1). */
  renderSpareWorkers: number;
  /** Renders one account may run at once (MAX_RENDERS_PER_ACCOUNT, default RENDER_WORKERS - 1, at least 1). */
  maxRendersPerAccount: number;
  /** Renders allowed to wait for a worker before 503 (RENDER_QUEUE, default 100). */
  renderQueue: number;
  /** Heap cap per render worker in MB (RENDER_MEMORY_MB, default 1024: a document of MAX_PAGES pages fits); over it: 422, the worker is replaced. */
  renderMemoryMb: number;
  /**
   * A worker is replaced after this many renders (RENDER_RECYCLE_AFTER, default 50000). High, because
   * a replacement costs a load (~1 s CPU) and a few hundred renders at about twice the CPU until V8
   * has optimised the engine's code again (measured: README invoice, 27 -> 7.5 ms CPU per render over
   * a thread's first 1,000 renders); the heap mark (RENDER_RECYCLE_HEAP_MB) is what returns memory.
   */
  renderRecycleAfter: number;
  /** A worker whose heap is above this many MB after a render is replaced (RENDER_RECYCLE_HEAP_MB, default 192). */
  renderRecycleHeapMb: number;
  /** Largest filled template in bytes (MAX_HTML_BYTES, default 5 MiB). */
  maxHtmlBytes: number;
  /** Most items one list may expand to (MAX_LIST_ITEMS, default 10000). */
  maxListItems: number;
  /** Most section items one fill may expand, nested ones included (MAX_TOTAL_ITEMS, default 100000). */
  maxTotalItems: number;
  /** How long a shutdown waits for open requests before it exits anyway, ms (SHUTDOWN_TIMEOUT_MS, default 10000). */
  shutdownTimeoutMs: number;
  /** Requests per minute per API key; 0 = rate limiting off (RATE_LIMIT_PER_MINUTE, default 0). */
  rateLimitPerMinute: number;
}

/** A configuration value is unusable; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be 1/true or 0/false, got ${JSON.stringify(env[name])}`);
}

/** Reads and checks the configuration. Throws ConfigError. Relative DATA_DIR resolves against `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  let publicBaseUrl: string | undefined;
  if (env.PUBLIC_BASE_URL && env.PUBLIC_BASE_URL.trim() !== '') {
    let u: URL;
    try {
      u = new URL(env.PUBLIC_BASE_URL.trim());
    } catch {
      throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got ${JSON.stringify(env.PUBLIC_BASE_URL)}`);
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new ConfigError('PUBLIC_BASE_URL must be an http(s) URL');
    publicBaseUrl = u.href.replace(/\/+$/, '');
  }
  const tlsCertFile = env.TLS_CERT_FILE?.trim() || undefined;
  const tlsKeyFile = env.TLS_KEY_FILE?.trim() || undefined;
  if (Boolean(tlsCertFile) !== Boolean(tlsKeyFile)) throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL (unset: SQLite in DATA_DIR)');
  }
  const retention = int(env, 'PDF_RETENTION_DAYS', 0, 1, 36500);
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const cpus = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  const renderWorkers = int(env, 'RENDER_WORKERS', cpus, 1, 256);
  const renderMemoryMb = int(env, 'RENDER_MEMORY_MB', 1024, 64, 65536);
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    s3: s3Settings(env),
    pdfRetentionDays: retention === 0 ? null : retention,
    metricsToken,
    publicBaseUrl,
    tlsCertFile,
    tlsKeyFile,
    trustProxy: bool(env, 'TRUST_PROXY'),
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 1024 * 1024, 1),
    renderTimeoutMs: int(env, 'RENDER_TIMEOUT_MS', 30000, 1),
    maxPages: int(env, 'MAX_PAGES', 500, 1),
    renderWorkers,
    renderSpareWorkers: int(env, 'RENDER_SPARE_WORKERS', 1, 0, 16),
    maxRendersPerAccount: int(env, 'MAX_RENDERS_PER_ACCOUNT', Math.max(1, renderWorkers - 1), 1, 256),
    renderQueue: int(env, 'RENDER_QUEUE', 100, 0),
    renderMemoryMb,
    renderRecycleAfter: int(env, 'RENDER_RECYCLE_AFTER', 50000, 1),
    renderRecycleHeapMb: int(env, 'RENDER_RECYCLE_HEAP_MB', 192, 16, 65536),
    maxHtmlBytes: int(env, 'MAX_HTML_BYTES', DEFAULT_FILL_LIMITS.maxHtmlBytes, 1024),
    maxListItems: int(env, 'MAX_LIST_ITEMS', DEFAULT_FILL_LIMITS.maxListItems, 1),
    maxTotalItems: int(env, 'MAX_TOTAL_ITEMS', DEFAULT_FILL_LIMITS.maxTotalItems, 1),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10000, 0),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 0, 0),
  };
}

/** The bucket settings when S3_BUCKET is set (S3_REGION defaults to AWS_REGION, then us-east-1). Throws ConfigError. */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    for (const v of ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE']) {
      if (env[v]?.trim()) throw new ConfigError(`${v} is set but S3_BUCKET is not (set S3_BUCKET to keep PDFs and assets in a bucket)`);
    }
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET is not a valid bucket name: ${JSON.stringify(bucket)}`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    let u: URL | undefined;
    try {
      u = new URL(endpoint);
    } catch { /* below */ }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  }
  return {
    bucket, endpoint, region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1', forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE'),
  };
}

/** The main thread's part of the resident-memory bound, MB: Node, Koa, the store, buffers of requests in flight. */
const MAIN_RSS_MB = 256;
/**
 * A worker thread's memory beyond what V8 counts as its heap (total physical size + external
 * memory, the figure RENDER_RECYCLE_HEAP_MB is compared with), MB: its stack, native allocations.
 * Measured about 45 MB per warm thread (RSS 120 MB for a heap of 77 MB).
 */
const WORKER_OVERHEAD_MB = 64;

/**
 * The resident set (RSS) the service settles under once a burst of renders is over, MB (README
 * "Limits and fairness"): MAIN_RSS_MB plus, for each worker thread (RENDER_WORKERS +
 * RENDER_SPARE_WORKERS), the heap mark above which a thread is replaced after a render
 * (RENDER_RECYCLE_HEAP_MB) and its WORKER_OVERHEAD_MB. During a render a thread may go up to
 * RENDER_MEMORY_MB; what it keeps afterwards is at most the mark, or it is replaced.
 */
export function settledRssBoundMb(c: Pick<ServerConfig, 'renderWorkers' | 'renderSpareWorkers' | 'renderRecycleHeapMb'>): number {
  return MAIN_RSS_MB + (c.renderWorkers + c.renderSpareWorkers) * (c.renderRecycleHeapMb + WORKER_OVERHEAD_MB);
}

/** True for 127.0.0.0/8, ::1 and localhost: the only addresses where plain HTTP is allowed. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** True when clients reach the service over HTTPS: native TLS, or a TLS-terminating proxy (TRUST_PROXY). */
export function servesHttps(config: ServerConfig): boolean {
  return Boolean(config.tlsCertFile && config.tlsKeyFile) || config.trustProxy;
}
