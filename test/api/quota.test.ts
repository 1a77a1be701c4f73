// Quota over HTTP: the plan's limit, the UTC month boundary (injected clock), and 100 parallel requests.
// In: a fresh app with a ManualClock. Out: node:test results.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { errorShape, ManualClock, objectNames, startHarness } from './helpers.ts';
import type { Store } from '../../src/storage/store.ts';

/** Records `n` generations (no files) directly, as if made earlier this month. */
async function prefill(store: Store, accountId: string, n: number, now: Date): Promise<void> {
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    await store.recordGenerationWithinQuota(
      { id, accountId, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 1, renderMs: 0 }, null, now,
    );
  }
}

test('the quota stops at the plan limit and resets at 00:00 UTC on the 1st', async () => {
  const clock = new ManualClock(new Date('2026-01-31T23:59:58.000Z'));
  const h = await startHarness({ clock });
  try {
    const { accountId, key } = await h.account('starter'); // 300 a month
    const templateId = await h.template(accountId, '<p>quota</p>');
    await prefill(h.store, accountId, 298, clock.now());
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200);
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200);
    const r = await h.generate(key, { templateId, variables: {} });
    assert.equal(r.status, 403);
    const b = errorShape(r.body);
    assert.equal(b.code, 'QUOTA_EXCEEDED');
    clock.set('2026-01-31T23:59:59.999Z');
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 403, 'still January');
    clock.set('2026-02-01T00:00:00.000Z');
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200, 'February starts at zero');
    assert.equal(await h.store.countThisMonth(accountId, clock.now()), 1);
    // upgrading the plan lifts the limit at once; enterprise is unlimited
    clock.set('2026-01-31T12:00:00.000Z');
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 403);
    await h.store.setPlan(accountId, 'enterprise');
    assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200);
  } finally {
    await h.close();
  }
});

test('quota is checked after the variables and only successful generations count', async () => {
  const h = await startHarness();
  try {
    const { accountId, key } = await h.account('free');
    const templateId = await h.template(accountId, '<p>{{a}}</p>', [{ name: 'a', type: 'number' }]);
    await prefill(h.store, accountId, 300, h.clock.now());
    assert.equal(errorShape((await h.generate(key, { templateId, variables: {} })).body).code, 'BAD_REQUEST');
    assert.equal(errorShape((await h.generate(key, { templateId, variables: { a: '1' } })).body).code, 'QUOTA_EXCEEDED');
  } finally {
    await h.close();
  }
});

test('100 parallel requests with 25 generations left: exactly 25 × 200 and 75 × 403, 25 files, 25 rows', async (t) => {
  const h = await startHarness({ env: { RENDER_WORKERS: '2' } });
  try {
    const { accountId, key } = await h.account('free'); // 300 a month
    const templateId = await h.template(accountId, '<h1>Parallel {{n}}</h1>', [{ name: 'n', type: 'number' }]);
    await prefill(h.store, accountId, 275, h.clock.now());
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => h.generate(key, { templateId, variables: { n: i } })),
    );
    const ms = performance.now() - t0;
    const ok = results.filter((r) => r.status === 200);
    const quota = results.filter((r) => r.status === 403 && r.body.code === 'QUOTA_EXCEEDED');
    assert.equal(ok.length, 25, `statuses: ${JSON.stringify(results.map((r) => r.status))}`);
    assert.equal(quota.length, 75);
    for (const r of quota) errorShape(r.body);
    const files = await objectNames(h.store, 'pdfs');
    assert.equal(files.length, 25, 'exactly 25 files, no temporary leftovers');
    assert.deepEqual(files.sort(), ok.map((r) => `${r.body.generation_id}.pdf`).sort());
    const rows = (await h.store.listGenerations(accountId)).filter((g) => g.templateId === templateId);
    assert.equal(rows.length, 25);
    assert.equal(await h.store.countThisMonth(accountId, h.clock.now()), 300);
    t.diagnostic(`100 parallel requests (25 renders) took ${ms.toFixed(0)} ms`);
  } finally {
    await h.close();
  }
});

test('the database transaction alone never counts past the limit', async () => {
  const h = await startHarness();
  try {
    const { accountId } = await h.account('free');
    await prefill(h.store, accountId, 299, h.clock.now());
    const rec = async () => {
      const id = randomUUID();
      return await h.store.recordGenerationWithinQuota(
        { id, accountId, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 1, renderMs: 0 }, 300, h.clock.now(),
      );
    };
    assert.ok(await rec());
    assert.equal(await rec(), null);
    assert.equal(await h.store.countThisMonth(accountId, h.clock.now()), 300);
  } finally {
    await h.close();
  }
});

test('the in-process gate counts again when a reservation ends during an asynchronous count (PostgreSQL: the row may be missing from its snapshot)', async () => {
  const { QuotaGate } = await import('../../src/server/quota-gate.ts');
  const gate = new QuotaGate();
  let committed = 0;
  const a = (await gate.reserve('acct', 2, () => committed))!;
  // B's count starts before A's row is committed and answers after A has ended: a stale 0
  let answer!: (n: number) => void;
  let counts = 0;
  const b = gate.reserve('acct', 2, () => {
    counts++;
    if (counts === 1) return new Promise<number>((r) => { answer = r; });
    return committed;
  });
  await new Promise((r) => setImmediate(r));
  committed = 1; // A's generation recorded
  a.release();
  answer(0);
  const rb = await b;
  assert.ok(rb, 'one generation left: B may render');
  assert.equal(counts, 2, 'B counted again after A ended');
  // with A recorded and B holding the last one, C must wait for B, then be refused once B is recorded
  const c = gate.reserve('acct', 2, () => committed);
  committed = 2;
  rb.release();
  assert.equal(await c, null);
});
