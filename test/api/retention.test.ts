// PDF_RETENTION_DAYS with an injected clock, on each object store (DATA_DIR and S3) over the harness's
// database: exactly the expired PDFs go, their address answers 404 JSON at once, the rows stay (marked);
// the maintenance lock lets one holder in. In: the real app over HTTP. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pino from 'pino';
import { Maintenance } from '../../src/server/maintenance.ts';
import { errorShape, objectNames, startHarness } from './helpers.ts';

const DAY = 86_400_000;

for (const objects of ['disk', 's3'] as const) {
  test(`retention (${objects}): PDFs older than PDF_RETENTION_DAYS are deleted in batches, rows kept, addresses 404`, { timeout: 180000 }, async () => {
    const h = await startHarness({ objects, env: { PDF_RETENTION_DAYS: '30' } });
    try {
      const { accountId, key } = await h.account();
      const templateId = await h.template(accountId, '<p>Kept {{n}}</p>', [{ name: 'n', type: 'number' }]);
      const made: Array<{ id: string; url: string; at: number }> = [];
      const t0 = Date.parse('2026-01-01T00:00:00Z');
      // 7 PDFs made on days 0, 5, 10, …, 30
      for (let i = 0; i < 7; i++) {
        h.clock.t = new Date(t0 + i * 5 * DAY);
        const r = await h.generate(key, { templateId, variables: { n: i } });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        made.push({ id: r.body.generation_id, url: r.body.pdf_url, at: h.clock.t.getTime() });
      }
      // day 42: the PDFs of days 0, 5 and 10 are over 30 days old (day 12 is the limit)
      h.clock.t = new Date(t0 + 42 * DAY);
      const expired = made.filter((m) => m.at < h.clock.t.getTime() - 30 * DAY);
      const kept = made.filter((m) => !expired.includes(m));
      assert.equal(expired.length, 3);
      for (const m of expired) {
        const res = await fetch(m.url);
        assert.equal(res.status, 404, 'past the limit the address answers 404 at once, before any pass');
        assert.equal(errorShape(await res.json()).code, 'NOT_FOUND');
      }
      assert.equal((await objectNames(h.store, 'pdfs')).length, 7, 'nothing deleted yet');

      const m = new Maintenance({ store: h.store, clock: h.clock, log: pino({ level: 'silent' }), metrics: h.metrics, retentionDays: 30 });
      assert.deepEqual(await m.pass(), { expired: 3, swept: 0 });
      assert.deepEqual(await objectNames(h.store, 'pdfs'), kept.map((k) => `${k.id}.pdf`).sort(), 'exactly the expired PDFs left the store');
      const rows = await h.store.listGenerations(accountId);
      assert.equal(rows.length, 7, 'the usage history keeps every row');
      for (const g of rows) {
        const wasExpired = expired.some((e) => e.id === g.id);
        assert.equal(g.pdfDeletedAt, wasExpired ? h.clock.now().toISOString() : null, g.id);
      }
      for (const k of kept) assert.equal((await fetch(k.url)).status, 200);
      for (const e of expired) assert.equal((await fetch(e.url)).status, 404);
      assert.match(await h.metrics.registry.metrics(), /^quire_pdfs_expired_total 3$/m);
      assert.deepEqual(await m.pass(), { expired: 0, swept: 0 }, 'a second pass finds nothing');

      // a millisecond before day 60: the PDFs of days 15, 20 and 25 are older than 30 days, the one of day 30 is not
      h.clock.t = new Date(t0 + 60 * DAY - 1);
      assert.deepEqual(await m.pass(), { expired: 3, swept: 0 });
      assert.deepEqual(await objectNames(h.store, 'pdfs'), [`${made[6]!.id}.pdf`]);
    } finally {
      await h.close();
    }
  });
}

test('expiry in batches: 1,205 expired rows, batches of 500, one pass deletes them all and nothing else', { timeout: 180000 }, async () => {
  const h = await startHarness();
  try {
    const { accountId } = await h.account();
    const old = new Date('2025-01-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 1206; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await h.store.pdfs.write(`${id}.pdf`, new Uint8Array([37, 80, 68, 70]));
      await h.store.recordGenerationWithinQuota({ id, accountId, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 4, renderMs: 1 }, null,
        i === 1205 ? h.clock.now() : old);
    }
    const m = new Maintenance({ store: h.store, clock: h.clock, log: pino({ level: 'silent' }), retentionDays: 30 });
    assert.deepEqual(await m.pass(), { expired: 1205, swept: 0 });
    assert.deepEqual(await objectNames(h.store, 'pdfs'), [`${ids[1205]}.pdf`]);
  } finally {
    await h.close();
  }
});

test('the maintenance lock: while one holder runs, another store on the same database is refused at once', async () => {
  const one = await startHarness();
  const two = await startHarness({ share: one });
  try {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let entered!: () => void;
    const inside = new Promise<void>((r) => { entered = r; });
    const first = one.store.exclusively(async () => { entered(); await held; return 'first'; });
    await inside;
    // SQLite: the lock is the store's own (one process owns the file), so the same store is refused;
    // PostgreSQL: the advisory lock refuses the other instance's store too.
    assert.equal(await one.store.exclusively(async () => 'again'), null);
    if (one.store.driver === 'postgres') assert.equal(await two.store.exclusively(async () => 'second'), null);
    release();
    assert.deepEqual(await first, { value: 'first' });
    assert.deepEqual(await two.store.exclusively(async () => 'after'), { value: 'after' });
  } finally {
    await two.close();
    await one.close();
  }
});
