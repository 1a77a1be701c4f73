// Staged jobs (issue 12): a job held back only by its account's cap starts ahead of its slot, queued in the
// thread of the account's running render. In: RenderQueue with stand-in jobs; the worker pool with the stub engine. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RenderQueue } from '../../src/server/render-queue.ts';
import { RenderError } from '../../src/errors.ts';
import { workerPoolRenderer, type RenderJob, type Staging } from '../../src/server/renderer.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test('the queue stages a job held back only by its cap, counts it waiting until it begins, and never past another account', async () => {
  const q = new RenderQueue({ slots: 2, maxWaiting: 10, maxPerAccount: 1 });
  let endFirst!: () => void;
  const first = q.run('a', () => new Promise<void>((r) => { endFirst = r; }), undefined, { stage: () => true });
  let staging: Staging | undefined;
  let called = false;
  let endSecond!: () => void;
  const second = q.run('a', (_hold, s) => {
    called = true;
    staging = s;
    return new Promise<void>((r) => { endSecond = r; });
  }, undefined, { stage: () => true });
  assert.ok(called && staging, 'started at once, with a Staging');
  assert.deepEqual(q.stats, { running: 1, waiting: 1, slots: 2 });
  // a third job of the account is not staged (one each at cap 1): it waits
  const thirdGot: { staging: Staging | undefined | null } = { staging: null };
  let endThird!: () => void;
  const third = q.run('a', (_hold, s) => {
    thirdGot.staging = s;
    return new Promise<void>((r) => { endThird = r; });
  }, undefined, { stage: () => true });
  await Promise.resolve();
  assert.equal(thirdGot.staging as unknown, null);
  // the renderer says no: not staged either
  let refusedCalled = false;
  const refused = q.run('b2', async () => { refusedCalled = true; }, undefined, { stage: () => false });
  await sleep(0);
  assert.equal(refusedCalled, true, 'b2 was below its cap and a slot was free: it ran');
  await refused;
  // the staged job begins as the first ends: it holds the account's slot from then on
  staging!.started();
  endFirst();
  await first;
  assert.equal(q.stats.running, 1);
  // with a slot free and no other account waiting, the waiting third is staged in its turn
  await sleep(0);
  assert.ok(thirdGot.staging, 'the third was started staged once the second began');
  assert.deepEqual(q.stats, { running: 1, waiting: 1, slots: 2 });
  (thirdGot.staging as unknown as Staging).started();
  endSecond();
  await second;
  endThird();
  await third;
  assert.deepEqual(q.stats, { running: 0, waiting: 0, slots: 2 });
});

test('no staging while another account waits or no slot is free for one', async () => {
  const q = new RenderQueue({ slots: 2, maxWaiting: 10, maxPerAccount: 1 });
  const ends: Array<() => void> = [];
  const hold = () => new Promise<void>((r) => { ends.push(r); });
  const a1 = q.run('a', hold);
  const b1 = q.run('b', hold); // both slots taken
  let staged: Staging | undefined | null = null;
  const a2 = q.run('a', async (_h, s) => { staged = s; }, undefined, { stage: () => true });
  await sleep(0);
  assert.equal(staged, null, 'no free slot: a2 waits instead of staging');
  ends.shift()!(); // a1 ends: a2 takes its slot the ordinary way
  await a1;
  await a2;
  assert.equal(staged, undefined, 'a2 ran in a slot, without a Staging');
  ends.shift()!();
  await b1;
});

test('through the worker pool: staged renders of one account run one after another in its thread and all answer', async () => {
  const stub = new URL('./fixtures/hanging-engine.ts', import.meta.url).href;
  const r = workerPoolRenderer({ size: 2, memoryMb: 256, recycleAfter: 1000, recycleHeapMb: 1024, engineUrl: stub });
  const q = new RenderQueue({ slots: 2, maxWaiting: 100, maxPerAccount: 1 });
  try {
    for (let i = 0; i < 600 && r.ready!() < 2; i++) await sleep(50);
    const job = (template: string): RenderJob => ({ template, view: null, creationDate: new Date(0), timeoutMs: 30000, maxPages: 10 });
    let stagedCount = 0;
    let rendering = 0;
    let most = 0;
    const one = (i: number) => q.run('a', (hold, staging) => {
      if (staging) stagedCount++;
      const begin = () => { rendering++; most = Math.max(most, rendering); };
      if (!staging) begin();
      return r.render(job(i % 3 === 0 ? '<sleep 60>' : `<p>render ${i}</p>`), {
        // counted once the previous render's answer is through (the pool tells `started` just before it settles that one)
        hold, group: 'a', staged: staging && { started: () => { staging.started(); setImmediate(begin); } },
      }).finally(() => { rendering--; });
    }, undefined, { stage: () => r.canStage!('a') });
    const outs = await Promise.all(Array.from({ length: 12 }, (_, i) => one(i)));
    for (const o of outs) assert.equal(Buffer.from(o.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.ok(stagedCount > 0, 'some jobs were staged');
    assert.equal(most, 1, 'never two renders of the account at once (cap 1)');
    assert.deepEqual(q.stats, { running: 0, waiting: 0, slots: 2 });
  } finally {
    await r.close();
  }
});

test('a staged job whose thread is stopped at its deadline before it began renders on another thread', async () => {
  const stub = new URL('./fixtures/hanging-engine.ts', import.meta.url).href;
  const r = workerPoolRenderer({ size: 1, spare: 1, memoryMb: 256, recycleAfter: 1000, recycleHeapMb: 1024, engineUrl: stub });
  try {
    for (let i = 0; i < 600 && r.ready!() < 2; i++) await sleep(50);
    const job = (template: string, timeoutMs: number): RenderJob => ({ template, view: null, creationDate: new Date(0), timeoutMs, maxPages: 10 });
    const hung = r.render(job('<hang>', 1500), { group: 'a' });
    assert.equal(r.canStage!('a'), true, 'a busy thread of the group with nothing staged');
    assert.equal(r.canStage!('b'), false, 'no render of that group runs');
    let began = 0;
    const staged = r.render(job('<p>staged</p>', 30000), { group: 'a', staged: { started: () => { began++; } } });
    assert.equal(r.canStage!('a'), false, 'one staged per thread');
    await assert.rejects(hung, (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
    const out = await staged;
    assert.equal(Buffer.from(out.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(began, 1, 'told once, when it began on the other thread');
  } finally {
    await r.close();
  }
});
