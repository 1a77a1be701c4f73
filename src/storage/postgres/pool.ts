// A pg connection pool set up for the Store: times as ISO strings, JSON as its text, counts as
// numbers; and a transaction helper. In: a postgres:// URL. Out: a Pool, tx(), error tests.
import pg from 'pg';

/** OIDs of the types whose parsing differs from pg's defaults (pg_type.h). */
const TIMESTAMPTZ = 1184, JSON_OID = 114, INT8 = 20;

const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ);
/**
 * Rows come back as the SQLite driver's do: timestamptz as an ISO 8601 UTC string (ms, as
 * written), json as its text, bigint as a number (counts and byte sizes stay far below 2^53).
 */
const storeTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ) return (v: string) => (parseTimestamptz(v) as Date).toISOString();
    if (oid === JSON_OID) return (v: string) => v;
    if (oid === INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** A pool on `url` (max `max` connections) with the Store's type parsing. */
export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: storeTypes, application_name: 'quire' });
  // An idle client losing its connection (server restart) must not take the process down.
  pool.on('error', () => {});
  return pool;
}

/** Runs `fn` in BEGIN … COMMIT on one client; rolls back and rethrows when it throws. */
export async function tx<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  let broken: Error | undefined;
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch((re: Error) => { broken = re; });
    throw e;
  } finally {
    c.release(broken);
  }
}

/** True for PostgreSQL's unique_violation (23505), optionally on one constraint or index. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { code?: string; constraint?: string };
  return err?.code === '23505' && (constraint === undefined || err.constraint === constraint);
}

/** True for PostgreSQL's foreign_key_violation (23503). */
export function isForeignKeyViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === '23503';
}
