// The storage drivers a test runs against: SQLite always, PostgreSQL when a server can be had
// (else a visible skip naming the reason; with QUIRE_REQUIRE_POSTGRES=1, as in CI, a failure).
// In: nothing. Out: for each driver, its name, why it is skipped (or false) and open().
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { DiskObjects, openSqliteStore, type Store } from '../../src/storage/store.ts';
import { openPgStore } from '../../src/storage/postgres/store.ts';
import { createTestSchema, postgresUnavailable } from './pg-server.ts';

export interface OpenedStore { store: Store; dataDir: string; databaseUrl?: string; close(): Promise<void> }
export interface Driver { name: 'sqlite' | 'postgres'; skip: string | false; open(): Promise<OpenedStore> }

/** Why PostgreSQL suites are skipped here, or false: never false-skipped when QUIRE_REQUIRE_POSTGRES=1. */
let skipReason: string | false | undefined;
export function postgresSkip(): string | false {
  return (skipReason ??= computeSkip());
}
function computeSkip(): string | false {
  const why = postgresUnavailable();
  if (!why) return false;
  if (process.env.QUIRE_REQUIRE_POSTGRES === '1') return false; // open() then fails with the reason
  process.stderr.write(`\n*** NOT RUN against PostgreSQL: ${why}\n`);
  return `not run against PostgreSQL: ${why}`;
}

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'quire-drv-'));
}

/** SQLite in a temp folder, and PostgreSQL (a fresh schema in this file's database). */
export function drivers(): Driver[] {
  return [
    {
      name: 'sqlite', skip: false,
      async open() {
        const dataDir = tempDir();
        const store = await openSqliteStore(dataDir);
        return { store, dataDir, async close() { await store.close(); rmSync(dataDir, { recursive: true, force: true }); } };
      },
    },
    {
      name: 'postgres', skip: postgresSkip(),
      async open() {
        const why = postgresUnavailable();
        if (why) throw new Error(`PostgreSQL required (QUIRE_REQUIRE_POSTGRES=1) but ${why}`);
        const dataDir = tempDir();
        const schema = await createTestSchema();
        const store = await openPgStore(schema.url, new DiskObjects(dataDir));
        return {
          store, dataDir, databaseUrl: schema.url,
          async close() {
            await store.close();
            await schema.drop();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
}

/**
 * One describe() per driver, named `title: driver` and skipped with the reason where the driver
 * cannot run; its store is opened before the suite's tests and closed after them. `body` registers
 * the tests and reads the store through `store()`.
 */
export function describeEachDriver(title: string, body: (store: () => Store) => void): void {
  for (const driver of drivers()) {
    describe(`${title}: ${driver.name}`, { skip: driver.skip }, () => {
      let opened: OpenedStore | undefined;
      before(async () => {
        opened = await driver.open();
      });
      after(() => opened?.close());
      body(() => opened!.store);
    });
  }
}
