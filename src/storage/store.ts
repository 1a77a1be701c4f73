// The storage entry point: picks the database driver (PostgreSQL when DATABASE_URL is a postgres:// URL,
// else SQLite in DATA_DIR/quire.db) and the object store (S3 with S3_BUCKET, else DATA_DIR). In: settings. Out: an open Store.
import { DiskObjects } from './disk-objects.ts';
import { observedObjects, timeCall, type ObjectStore, type StoreObserver } from './objects.ts';
import type { S3Settings } from './s3-objects.ts';
import { openSqliteStore } from './sqlite/store.ts';
import type { Store } from './repository.ts';

export * from './repository.ts';
export { openSqliteStore, SqliteStore } from './sqlite/store.ts';
export { DiskObjects } from './disk-objects.ts';
export type { S3Settings } from './s3-objects.ts';
export type { ObjectStore, StoreObserver } from './objects.ts';

/** True for a URL the PostgreSQL driver takes (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string | null | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export interface OpenOptions {
  /** PDFs and asset bytes in this bucket instead of `dataDir`. */
  s3?: S3Settings;
  /** Told the duration of every database and object store operation (metrics). */
  observe?: StoreObserver;
}

/**
 * The object store the settings name: the S3 bucket, else files under `dataDir`. The S3 driver is
 * loaded only then (its client alone is ~0.2 s of CPU and 20 MB at start-up); so is PostgreSQL's
 * in openStore. Code that needs them by name imports ./s3-objects.ts and ./postgres/store.ts.
 */
export async function openObjects(dataDir: string, s3?: S3Settings): Promise<ObjectStore> {
  return s3 ? new (await import('./s3-objects.ts')).S3Objects(s3) : new DiskObjects(dataDir);
}

/**
 * Opens the store: with a postgres:// `databaseUrl`, PostgreSQL (migrated under an advisory lock);
 * otherwise SQLite at `dataDir/quire.db`. PDFs and asset bytes go to `opts.s3`'s bucket when given,
 * else to `dataDir/pdfs/` and `dataDir/assets/`. Rejects on a `databaseUrl` of another scheme,
 * or when the database cannot be opened or migrated.
 */
export async function openStore(dataDir: string, databaseUrl?: string | null, opts: OpenOptions = {}): Promise<Store> {
  if (databaseUrl && !isPostgresUrl(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  let objects = await openObjects(dataDir, opts.s3);
  if (opts.observe) objects = observedObjects(objects, opts.observe);
  const store = databaseUrl
    ? await (await import('./postgres/store.ts')).openPgStore(databaseUrl, objects)
    : await openSqliteStore(dataDir, objects);
  return opts.observe ? observedStore(store, opts.observe) : store;
}

/** Store members that are not database operations (or are timed elsewhere). */
const UNTIMED = new Set<PropertyKey>(['driver', 'objects', 'pdfs', 'assets', 'sessions', 'close', 'exclusively', 'constructor']);

/**
 * `store` with each database operation (its methods and its sessions' methods) timed into `observe`
 * as ('database', method name); object store operations are timed by observedObjects.
 */
export function observedStore(store: Store, observe: StoreObserver): Store {
  const wrap = <T extends object>(target: T, prefix: string): T => new Proxy(target, {
    get(t, prop, receiver) {
      const v = Reflect.get(t, prop, receiver);
      if (prefix === '' && prop === 'sessions') return wrap(v as object, 'sessions.');
      if (typeof v !== 'function' || UNTIMED.has(prop) || typeof prop !== 'string' || prop.startsWith('_')) return v;
      return (...args: unknown[]) => timeCall('database', prefix + prop, observe, () => (v as (...a: unknown[]) => Promise<unknown>).apply(t, args));
    },
  });
  return wrap(store, '');
}
