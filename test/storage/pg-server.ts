// A throwaway PostgreSQL server for tests (Debian's postgresql package: initdb + pg_ctl into a temp
// folder, loopback, a random port, fsync off), and a fresh database per caller.
// In: nothing (or QUIRE_TEST_PG_URL, a server someone else runs). Out: admin URLs, databases, stop().
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The folder holding initdb and pg_ctl (PATH first, then /usr/lib/postgresql/<newest>/bin), or null. */
export function postgresBinDir(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return null;
}

/**
 * Why PostgreSQL tests cannot run here, or null when they can: either QUIRE_TEST_PG_URL names a
 * server, or initdb/pg_ctl are installed (and, when running as root, a `postgres` user exists).
 * QUIRE_TEST_POSTGRES=off turns them off on purpose (they are still reported as not run).
 */
export function postgresUnavailable(): string | null {
  if (process.env.QUIRE_TEST_POSTGRES === 'off') return 'QUIRE_TEST_POSTGRES=off';
  if (process.env.QUIRE_TEST_PG_URL) return null;
  if (!postgresBinDir()) return 'PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin; Debian: apt-get install postgresql) and QUIRE_TEST_PG_URL is unset';
  if (process.getuid?.() === 0 && uidOf('postgres') === null) return 'running as root and there is no "postgres" user to run the server as';
  return null;
}

function uidOf(user: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A running server: its superuser URL (database `postgres`) and how to stop it (removing its files). */
export interface PgServer {
  url: string;
  stop(): Promise<void>;
  /** The same, synchronously (for a process 'exit' handler). */
  stopSync(): void;
}

/**
 * initdb into a new temp folder and start the server on 127.0.0.1 at a free port (no Unix socket,
 * trust authentication on loopback, fsync off: test data only). As root, runs both as `postgres`.
 * Rejects with the server log when it does not start.
 */
export async function startPostgres(): Promise<PgServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresUnavailable() ?? 'PostgreSQL not found');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-pg-'));
  const asUser = process.getuid?.() === 0 ? uidOf('postgres') : null;
  const run = (tool: string, args: string[]) => {
    const cmd = path.join(bin, tool);
    if (asUser) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', cwd: dir });
    else execFileSync(cmd, args, { stdio: 'pipe', cwd: dir });
  };
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  try {
    run('initdb', ['-D', data, '-U', 'quire', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    for (let attempt = 0; ; attempt++) {
      const port = await freePort();
      writeFileSync(path.join(data, 'postgresql.auto.conf'), [
        `port = ${port}`, "listen_addresses = '127.0.0.1'", "unix_socket_directories = ''", 'max_connections = 400',
        'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', "timezone = 'UTC'", '',
      ].join('\n'));
      try {
        run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log]);
        const url = `postgres://quire@127.0.0.1:${port}/postgres`;
        let stopped = false;
        const stopSync = () => {
          if (stopped) return;
          stopped = true;
          try {
            run('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        };
        return { url, stopSync, stop: async () => stopSync() };
      } catch (e) {
        if (attempt >= 2) throw e; // a port taken between freePort() and the start: try another
      }
    }
  } catch (e) {
    const text = existsSync(log) ? execFileSync('tail', ['-n', '20', log], { encoding: 'utf8' }) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${text}`);
  }
}

let own: Promise<PgServer> | undefined;

/**
 * The superuser URL tests use: QUIRE_TEST_PG_URL when set (the test runner's or CI's server),
 * else a server this process starts once and stops when it exits.
 */
export function adminUrl(): Promise<string> {
  const given = process.env.QUIRE_TEST_PG_URL;
  if (given) return Promise.resolve(given);
  own ??= startPostgres().then((s) => {
    process.once('exit', () => s.stopSync());
    return s;
  });
  return own.then((s) => s.url);
}

/** A database of its own: its URL, and drop() (ends its connections first). */
export interface TestDatabase { url: string; drop(): Promise<void> }

/** Creates `quire_test_<random>` on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `quire_test_${Math.random().toString(36).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.href,
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      try {
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await d.end();
      }
    },
  };
}

let fileDb: Promise<TestDatabase> | undefined;

/**
 * This test file's database (one per process: node --test runs each file in its own), created on
 * first use and dropped when the process exits; then a fresh schema in it per caller, so that
 * stores opened one after another start empty. Returns the schema's URL (search_path set in the
 * connection options) and drop(), which removes the schema.
 */
export async function createTestSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  fileDb ??= createTestDatabase().then((db) => {
    if (process.env.QUIRE_TEST_PG_URL) process.once('exit', () => dropSync(db.url));
    return db;
  });
  const db = await fileDb;
  const schema = `h_${Math.random().toString(36).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await c.end();
  }
  const u = new URL(db.url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.href,
    async drop() {
      const d = new pg.Client({ connectionString: db.url });
      await d.connect();
      try {
        await d.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await d.end();
      }
    },
  };
}

/** Drops a database synchronously with psql (for an 'exit' handler); errors are ignored. */
function dropSync(dbUrl: string): void {
  const u = new URL(dbUrl);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const bin = postgresBinDir();
  try {
    execFileSync(bin ? path.join(bin, 'psql') : 'psql', [u.href, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: 'ignore' });
  } catch { /* the server may be gone already */ }
}
