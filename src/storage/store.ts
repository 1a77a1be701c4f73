// The storage entry point: picks the driver (PostgreSQL when DATABASE_URL is a postgres:// URL,
// else SQLite in DATA_DIR/quire.db) and re-exports the Store interface. In: settings. Out: an open Store.
import path from 'node:path';
import { openPgStore } from './postgres/store.ts';
import { openSqliteStore } from './sqlite/store.ts';
import type { Store } from './repository.ts';

export * from './repository.ts';
export { openSqliteStore, SqliteStore } from './sqlite/store.ts';
export { openPgStore, PgStore } from './postgres/store.ts';

/** True for a URL the PostgreSQL driver takes (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string | null | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens the store: with a postgres:// `databaseUrl`, PostgreSQL (migrated under an advisory lock);
 * otherwise SQLite at `dataDir/quire.db`. PDFs go to `dataDir/pdfs/` either way. Rejects on a
 * `databaseUrl` of another scheme, or when the database cannot be opened or migrated.
 */
export async function openStore(dataDir: string, databaseUrl?: string | null): Promise<Store> {
  if (databaseUrl) {
    if (!isPostgresUrl(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    return openPgStore(databaseUrl, path.join(dataDir, 'pdfs'));
  }
  return openSqliteStore(dataDir);
}
