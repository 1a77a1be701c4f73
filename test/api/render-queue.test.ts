// The render scheduler: fair shares between accounts, the bounded line, Retry-After from the work ahead.
// In: RenderQueue with timed stand-in jobs. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QueueAbortedError, QueueFullError, RenderQueue } from '../../src/server/render-queue.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const queue = (slots: number, maxWaiting: number, maxPerAccount = slots, recentMs = 2000) =>
  new RenderQueue({ slots, maxWaiting, maxPerAccount, recentMs });

/** Runs a job of `ms` for `account`; resolves with [start, end] offsets from `t0`, or the error. */
function timed(q: RenderQueue, account: string, ms: number, t0: number, log?: string[]) {
  return q.run(account, async () => {
    const s = performance.now() - t0;
    log?.push(account);
    await sleep(ms);
    return [s, performance.now() - t0] as const;
  });
}

test('alone, an account may use every slot up to MAX_RENDERS_PER_ACCOUNT', async () => {
  const q = queue(3, 10, 2);
  const t0 = performance.now();
  const runs = [0, 1, 2].map(() => timed(q, 'a', 600, t0));
  assert.deepEqual(q.stats, { running: 2, waiting: 1, slots: 3 });
  const [, , third] = await Promise.all(runs);
  assert.ok(third[0] >= 590, 'the third waited: the per-account cap holds even with a free slot');
});

test('issue 9 #2: a flooding account never holds the slot another account needs; waiters go round-robin', async () => {
  const q = queue(3, 100, 2);
  const t0 = performance.now();
  const flood = Array.from({ length: 12 }, () => timed(q, 'flood', 300, t0).catch((e) => e));
  await sleep(10);
  // the third slot stays free for others: a newcomer starts at once, every time
  for (let i = 0; i < 5; i++) {
    const [start] = await timed(q, 'b', 30, t0);
    const waited = start - (performance.now() - t0 - 30);
    assert.ok(waited < 40, `b waited ${Math.round(waited)} ms for a slot`);
  }
  await Promise.all(flood);
});

test('shares follow the accounts that are active: two floods and a third account share 1/1/1', async () => {
  const q = queue(3, 100, 2, 500);
  const t0 = performance.now();
  const order: string[] = [];
  const jobs = [
    ...Array.from({ length: 6 }, () => timed(q, 'x', 100, t0, order)),
    ...Array.from({ length: 6 }, () => timed(q, 'y', 100, t0, order)),
    ...Array.from({ length: 6 }, () => timed(q, 'z', 100, t0, order)),
  ];
  await Promise.all(jobs);
  // x came first and took 2 slots, y the third; from then on, while all three wait, they share alike
  assert.deepEqual(order.slice(0, 3), ['x', 'x', 'y']);
  const next = order.slice(3, 15);
  const count = (a: string) => next.filter((x) => x === a).length;
  assert.deepEqual([count('x'), count('y'), count('z')], [4, 4, 4], next.join(','));
});

test('a full line refuses the newest job of the account with most waiting, not a newcomer', async () => {
  const q = queue(1, 4);
  const t0 = performance.now();
  const a = Array.from({ length: 5 }, () => timed(q, 'a', 100, t0).then(() => 'ok', (e) => e));
  await sleep(10);
  assert.deepEqual(q.stats, { running: 1, waiting: 4, slots: 1 });
  const b = timed(q, 'b', 10, t0).then(() => 'ok', (e) => e);
  const results = await Promise.all([...a, b]);
  assert.equal(results[5], 'ok', 'b got in');
  assert.ok(results[4] instanceof QueueFullError, 'a\'s newest waiter made room');
  assert.deepEqual(results.slice(0, 4), ['ok', 'ok', 'ok', 'ok']);
  // a full line of one account's jobs refuses that account's next one
  const c = Array.from({ length: 5 }, () => timed(q, 'c', 50, t0).then(() => 'ok', (e) => e));
  const more = await timed(q, 'c', 50, t0).then(() => 'ok', (e) => e);
  assert.ok(more instanceof QueueFullError && more.retryAfterSeconds >= 1);
  await Promise.all(c);
});

test('a job whose caller leaves while it waits is dropped and never runs', async () => {
  const q = queue(1, 10);
  const t0 = performance.now();
  const first = timed(q, 'a', 100, t0);
  const ac = new AbortController();
  let ran = false;
  const second = q.run('a', async () => { ran = true; }, ac.signal);
  await sleep(10);
  ac.abort();
  await assert.rejects(second, QueueAbortedError);
  assert.equal(q.stats.waiting, 0);
  await first;
  await sleep(10);
  assert.equal(ran, false);
});

test('issue 9 #5: Retry-After is the wait the queue ahead really takes, from each account\'s recent render times', async () => {
  // one account renders fast, the other slowly: a single average of both would promise far too little
  const q = queue(2, 4, 2, 100);
  const t0 = performance.now();
  for (let i = 0; i < 6; i++) await timed(q, 'fast', 5, t0);
  await timed(q, 'slow', 1000, t0); // 'fast' is no longer active: 'slow' may use both slots
  const line = Array.from({ length: 6 }, () => timed(q, 'slow', 1000, t0));
  await sleep(20);
  assert.deepEqual(q.stats, { running: 2, waiting: 4, slots: 2 });
  const refusedAt = performance.now();
  const refused = await timed(q, 'slow', 1000, t0).catch((e) => e);
  assert.ok(refused instanceof QueueFullError);
  const ends = await Promise.all(line);
  // a job queued at the refusal would have started when the last of the line had finished
  const actual = (Math.max(...ends.map(([, end]) => end)) - (refusedAt - t0)) / 1000;
  assert.ok(Math.abs(refused.retryAfterSeconds - actual) <= 1, `Retry-After ${refused.retryAfterSeconds} s, actual wait ${actual.toFixed(2)} s`);
});

test('a held slot (a stopped worker being replaced) stays taken after the job answered, and counts for its account', async () => {
  const q = queue(2, 10, 2, 5000);
  let release!: () => void;
  const replaced = new Promise<void>((r) => { release = r; });
  await assert.rejects(q.run('a', async (hold) => { hold(replaced); throw new Error('deadline'); }), /deadline/);
  assert.deepEqual(q.stats, { running: 1, waiting: 0, slots: 2 }, 'the job answered; its slot is held');
  const t0 = performance.now();
  // 'a' holds one slot: with 'b' active too, 'a' may not take the other one, 'b' may
  const b = timed(q, 'b', 50, t0);
  const a = timed(q, 'a', 50, t0);
  const [bStart] = await b;
  assert.ok(bStart < 20);
  await sleep(100);
  assert.equal(q.stats.waiting, 1, 'a waits for its own held slot');
  release();
  const [aStart] = await a;
  assert.ok(aStart >= 100);
});
