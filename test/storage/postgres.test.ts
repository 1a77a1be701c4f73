// What only the PostgreSQL driver must show: migrations applied once when instances start together,
// and the quota exact across instances (separate pools, then two apps over HTTP on one database).
// In: a real PostgreSQL (test/storage/pg-server.ts). Out: node:test results, skipped with the reason when there is none.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migratePostgres, PG_MIGRATIONS } from '../../src/storage/postgres/migrations.ts';
import { createPool } from '../../src/storage/postgres/pool.ts';
import { DiskObjects } from '../../src/storage/store.ts';
import { openPgStore, type PgStore } from '../../src/storage/postgres/store.ts';
import { errorShape, startHarness } from '../api/helpers.ts';
import { postgresSkip } from './drivers.ts';
import { createTestSchema } from './pg-server.ts';

const now = new Date('2026-05-10T08:00:00Z');

describe('PostgreSQL driver', { skip: postgresSkip() }, () => {
  test('eight instances starting at once apply each migration exactly once', async () => {
    const schema = await createTestSchema();
    const pools = Array.from({ length: 8 }, () => createPool(schema.url, 2));
    try {
      const applied = await Promise.all(pools.map((p) => migratePostgres(p)));
      assert.deepEqual(applied.flat(), PG_MIGRATIONS.map((m) => m.version), JSON.stringify(applied));
      const { rows } = await pools[0]!.query('SELECT version FROM quire_schema_migrations ORDER BY version');
      assert.deepEqual(rows.map((r) => r.version), PG_MIGRATIONS.map((m) => m.version));
      assert.deepEqual(await migratePostgres(pools[1]!), [], 'a later start applies nothing');
      await assert.rejects(migratePostgres(pools[2]!, []), /newer than this program/);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await schema.drop();
    }
  });

  test('the monthly counts are made from the generations a database already has, and kept by the recording function', async () => {
    const schema = await createTestSchema();
    const pool = createPool(schema.url, 2);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-pgm-'));
    try {
      await migratePostgres(pool, PG_MIGRATIONS.filter((m) => m.version < 3));
      await pool.query("INSERT INTO accounts (id, email, plan, created_at) VALUES ('a1', 'm@example.com', 'pro', '2026-01-01T00:00:00Z')");
      for (const [id, at] of [['g1', '2026-04-30T23:59:59Z'], ['g2', '2026-05-01T00:00:00Z'], ['g3', '2026-05-09T12:00:00Z']]) {
        await pool.query("INSERT INTO generations (id, account_id, file_name, bytes, render_ms, created_at) VALUES ($1, 'a1', 'f.pdf', 1, 0, $2)", [id, at]);
      }
      const store = await openPgStore(schema.url, new DiskObjects(dir), 2);
      try {
        assert.equal(await store.countThisMonth('a1', now), 2, 'May (UTC) only');
        assert.equal(await store.countThisMonth('a1', new Date('2026-04-15T00:00:00Z')), 1);
        const gen = () => ({ id: randomUUID(), accountId: 'a1', templateId: null, apiKeyId: null, fileName: 'f.pdf', bytes: 1, renderMs: 0 });
        assert.ok(await store.recordGenerationWithinQuota(gen(), 3, now));
        assert.equal(await store.recordGenerationWithinQuota(gen(), 3, now), null, 'the limit of 3 is reached');
        assert.equal(await store.countThisMonth('a1', now), 3);
      } finally {
        await store.close();
      }
    } finally {
      await pool.end();
      await schema.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('quota across four instances (four pools): 200 concurrent recordings with 50 left record exactly 50', async () => {
    const schema = await createTestSchema();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-pgq-'));
    const stores: PgStore[] = [];
    try {
      for (let i = 0; i < 4; i++) stores.push(await openPgStore(schema.url, new DiskObjects(dir), 10));
      const a = await stores[0]!.createAccount('four@example.com', 'free', now);
      const gen = () => ({ id: randomUUID(), accountId: a.id, templateId: null, apiKeyId: null, fileName: 'f.pdf', bytes: 1, renderMs: 0 });
      await Promise.all(Array.from({ length: 250 }, (_, i) => stores[i % 4]!.recordGenerationWithinQuota(gen(), null, now)));
      const t0 = performance.now();
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % 4]!.recordGenerationWithinQuota(gen(), 300, now)));
      const ms = performance.now() - t0;
      const ok = results.filter((r) => r !== null);
      assert.equal(ok.length, 50, `${ok.length} recorded`);
      assert.equal(await stores[3]!.countThisMonth(a.id, now), 300);
      process.stdout.write(`# 200 concurrent quota transactions over 4 pools: ${ok.length} recorded in ${ms.toFixed(0)} ms\n`);
    } finally {
      for (const s of stores) await s.close();
      await schema.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('two app instances on one database over HTTP: 200 requests, 50 left: exactly 50 PDFs, 150 QUOTA_EXCEEDED', { timeout: 300000 }, async () => {
    const one = await startHarness({ driver: 'postgres' });
    const two = await startHarness({ share: one, clock: one.clock });
    try {
      const { accountId, key } = await one.account('free');
      const templateId = await one.template(accountId, '<p>Invoice {{n}}</p>', [{ name: 'n', type: 'number' }]);
      await Promise.all(Array.from({ length: 250 }, () => {
        const id = randomUUID();
        return one.store.recordGenerationWithinQuota({ id, accountId, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 1, renderMs: 0 }, null, one.clock.now());
      }));
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? two : one).generate(key, { templateId, variables: { n: i } })));
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 50, JSON.stringify(statuses));
      const refused = results.filter((r) => r.status === 403);
      assert.equal(refused.length, 150);
      for (const r of refused) assert.equal(errorShape(r.body).code, 'QUOTA_EXCEEDED');
      assert.equal(await two.store.countThisMonth(accountId, one.clock.now()), 300);
      const rows = (await one.store.listGenerations(accountId)).filter((g) => g.templateId === templateId);
      assert.equal(rows.length, 50);
      const files = readdirSync(path.join(one.dataDir, 'pdfs')).filter((f) => f.endsWith('.pdf'));
      assert.deepEqual(files.sort(), rows.map((g) => g.fileName).sort(), 'one file per row, no file without a row');
      // a PDF made through one instance downloads through the other; a key deleted through one is refused by the other
      const made = results.find((r, i) => r.status === 200 && i % 2 === 0)!;
      const path_ = new URL(made.body.pdf_url).pathname;
      assert.equal((await fetch(two.url + path_)).status, 200);
      await one.store.deleteKey(accountId, (await one.store.listKeys(accountId))[0]!.id);
      assert.equal((await two.generate(key, { templateId, variables: { n: 1 } })).status, 401);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
