// The worker-thread renderer: fill + render in worker threads, failures carried back, the exact
// deadline, the memory cap and recycling. In: workerPoolRenderer with real and stub engines. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { RenderError } from '../../src/index.ts';
import { report } from '../../bench/fixtures/report.ts';
import { loadConfig } from '../../src/server/config.ts';
import { workerPoolRenderer, type RenderJob, type Renderer } from '../../src/server/renderer.ts';
import { TemplateError } from '../../src/template/fill.ts';

const STUB = new URL('./fixtures/hanging-engine.ts', import.meta.url).href;
const WARM_STUB = new URL('./fixtures/warm-engine.ts', import.meta.url).href;
const base = { creationDate: new Date('2026-01-01T00:00:00Z'), timeoutMs: 30000, maxPages: 500 };
const job = (template: string, extra: Partial<RenderJob> = {}): RenderJob => ({ ...base, template, view: {}, ...extra });
const pool = (o: Partial<Parameters<typeof workerPoolRenderer>[0]> = {}) =>
  workerPoolRenderer({ size: 1, memoryMb: 256, recycleAfter: 1000, recycleHeapMb: 1024, ...o });
const isPdf = (b: Uint8Array) => Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-';

async function ready(r: Renderer, n: number): Promise<void> {
  for (let i = 0; i < 600 && r.ready!() < n; i++) await new Promise((res) => setTimeout(res, 50));
  assert.equal(r.ready!(), n, 'the threads came up');
}

test('fills and renders in worker threads; RenderError and TemplateError come back with their codes', async () => {
  const r = pool({ size: 2 });
  try {
    const [a, b] = await Promise.all([
      r.render(job('<p>{{first}}</p>', { view: { first: 'one' } })),
      r.render(job('<p>second</p>', { view: null })),
    ]);
    assert.ok(isPdf(a.pdf) && isPdf(b.pdf));
    assert.equal(a.pageCount, 1);
    const long = Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i}</p>`).join('');
    await assert.rejects(r.render(job(long, { maxPages: 1 })), (e: unknown) => e instanceof RenderError && e.code === 'TOO_MANY_PAGES');
    await assert.rejects(r.render(job('{{#a}}open')), (e: unknown) => e instanceof TemplateError && e.code === 'SYNTAX');
    await assert.rejects(
      r.render(job('{{#l}}x{{/l}}', { view: { l: [{}, {}, {}] }, limits: { maxHtmlBytes: 1e6, maxListItems: 2, maxTotalItems: 100 } })),
      (e: unknown) => e instanceof TemplateError && e.code === 'MAX_LIST_ITEMS' && /MAX_LIST_ITEMS \(2\)/.test(e.message),
    );
    const again = await r.render(job('<p>after errors</p>'));
    assert.ok(isPdf(again.pdf), 'the thread keeps serving after failed renders');
  } finally {
    await r.close();
  }
});

test('the deadline is exact: a runaway render is stopped at timeoutMs; without a spare its slot is held until a new thread replaces it', async () => {
  const r = pool({ engineUrl: STUB, size: 2 });
  try {
    await ready(r, 2);
    const t0 = performance.now();
    let replaced: Promise<void> | undefined;
    await assert.rejects(r.render(job('<hang>', { timeoutMs: 400 }), { hold: (p) => { replaced = p; } }),
      (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
    const took = performance.now() - t0;
    assert.ok(took >= 390 && took < 700, `stopped after ${Math.round(took)} ms, deadline 400 ms`);
    assert.equal(r.ready!(), 1, 'the killed thread is gone at once; its replacement is loading');
    assert.ok(replaced, 'the caller is told when the replacement is ready (its slot is held until then)');
    const ok = await r.render(job('<p>the other thread serves meanwhile</p>'));
    assert.ok(isPdf(ok.pdf));
    await replaced;
    assert.equal(r.ready!(), 2);
  } finally {
    await r.close();
  }
});

test('with a spare thread loaded, a render stopped at its deadline frees its slot at once; the spare serves at once', async () => {
  const r = pool({ engineUrl: STUB, size: 1, spare: 1 });
  try {
    await ready(r, 2);
    process.env.QUIRE_STUB_BOOT_MS = '3000'; // the stopped threads' successors load for 3 s
    let held = false;
    await assert.rejects(r.render(job('<hang>', { timeoutMs: 400 }), { hold: () => { held = true; } }),
      (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
    assert.equal(held, false, 'no hold: a loaded thread is there for the slot');
    assert.equal(r.ready!(), 1, 'the spare is loaded; the stopped thread\'s successor is loading');
    const t0 = performance.now();
    assert.ok(isPdf((await r.render(job('<p>on the spare</p>'))).pdf));
    assert.equal(r.ready!(), 1, `the spare served (in ${Math.round(performance.now() - t0)} ms) before the successor was loaded`);
    // a second stop while the successor still loads: no loaded thread is left, so the slot waits for it
    let until: Promise<void> | undefined;
    await assert.rejects(r.render(job('<hang>', { timeoutMs: 400 }), { hold: (p) => { until = p; } }),
      (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
    assert.equal(r.ready!(), 0);
    assert.ok(until, 'the slot is held until a successor is ready');
    await until;
    assert.ok(r.ready!() >= 1);
    await ready(r, 2);
  } finally {
    delete process.env.QUIRE_STUB_BOOT_MS;
    await r.close();
  }
});

test('a thread over RENDER_MEMORY_MB fails its render with 422-class UNRENDERABLE and is replaced; the others go on', async () => {
  const r = pool({ engineUrl: STUB, size: 2, memoryMb: 64 });
  try {
    await ready(r, 2);
    const other = r.render(job('<sleep 300>'));
    await assert.rejects(r.render(job('<oom>')), (e: unknown) => e instanceof RenderError && e.code === 'UNRENDERABLE' && /RENDER_MEMORY_MB/.test(e.message));
    assert.ok(isPdf((await other).pdf), 'the render on the other thread finished');
    await ready(r, 2);
    assert.ok(isPdf((await r.render(job('<p>after</p>'))).pdf));
  } finally {
    await r.close();
  }
});

/** The stub's log (fixtures/warm-engine.ts): each line's thread, event and time. */
function stubLog(file: string): Array<{ thread: number; event: string; at: number }> {
  return readFileSync(file, 'utf8').trim().split('\n').map((l) => {
    const [thread, event, at] = l.split(' ');
    return { thread: Number(thread), event: event!, at: Number(at) };
  });
}

test('the first render runs alone: the next thread of the initial set starts loading when it ends', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-warmlog-'));
  process.env.QUIRE_STUB_LOG = path.join(dir, 'log');
  const r = pool({ engineUrl: WARM_STUB, size: 2, workerUrl: new URL('./fixtures/noting-worker.mjs', import.meta.url) });
  try {
    assert.ok(isPdf((await r.render(job('<sleep 1500>'))).pdf));
    await ready(r, 2);
    const log = stubLog(process.env.QUIRE_STUB_LOG);
    const loads = log.filter((e) => e.event === 'began');
    const rendered = log.find((e) => e.event === 'rendered')!;
    assert.equal(loads.length, 2);
    assert.equal(rendered.thread, loads[0]!.thread, 'the first thread took the render');
    assert.ok(loads[1]!.at >= rendered.at, 'the second thread began after the first render ended');
  } finally {
    delete process.env.QUIRE_STUB_LOG;
    await r.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('warm-ups pause while a render runs in the pool and resume after it; an idle start-up warms one thread before loading the next', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-warmlog-'));
  process.env.QUIRE_STUB_LOG = path.join(dir, 'log');
  const r = pool({ engineUrl: WARM_STUB, size: 2, workerUrl: new URL('./fixtures/noting-worker.mjs', import.meta.url) });
  try {
    await ready(r, 2); // the second thread's 20 steps (400 ms) have begun or are about to
    const began = stubLog(process.env.QUIRE_STUB_LOG).filter((e) => e.event === 'began');
    const firstSteps = stubLog(process.env.QUIRE_STUB_LOG).filter((e) => e.event === 'step' && e.thread === began[0]!.thread);
    assert.equal(firstSteps.length, 20, 'the first thread warmed up before the second began');
    assert.ok(began[1]!.at >= firstSteps[19]!.at);
    assert.ok(isPdf((await r.render(job('<sleep 400>'))).pdf));
    const log = stubLog(process.env.QUIRE_STUB_LOG);
    const start = log.find((e) => e.event === 'render')!;
    const end = log.find((e) => e.event === 'rendered')!;
    const during = log.filter((e) => e.event === 'step' && e.at > start.at && e.at < end.at);
    // the other thread may finish the step it is in and begin one more before it reads the pause
    assert.ok(during.length <= 2, `${during.length} warm-up steps began during the render`);
    for (let i = 0; i < 100; i++) {
      if (stubLog(process.env.QUIRE_STUB_LOG).filter((e) => e.event === 'step').length === 40) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    assert.equal(stubLog(process.env.QUIRE_STUB_LOG).filter((e) => e.event === 'step').length, 40, 'both threads warmed to the end');
  } finally {
    delete process.env.QUIRE_STUB_LOG;
    await r.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('threads are recycled after RENDER_RECYCLE_AFTER renders and above the heap mark', async () => {
  const r = pool({ recycleAfter: 2 });
  try {
    await ready(r, 1);
    await r.render(job('<p>1</p>'));
    assert.equal(r.ready!(), 1);
    await r.render(job('<p>2</p>'));
    assert.equal(r.ready!(), 0, 'retired after its second render');
    await ready(r, 1);
  } finally {
    await r.close();
  }
  const h = pool({ engineUrl: STUB, recycleHeapMb: 16 });
  try {
    await ready(h, 1);
    await h.render(job('<retain 64>'));
    assert.equal(h.ready!(), 0, 'retired: its heap stayed above 16 MB');
    await ready(h, 1);
  } finally {
    await h.close();
  }
});

test('a thread that fails to load is reported (onLoadError), retried after a back-off, and the renders wait', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-badworker-'));
  const entry = path.join(dir, 'worker.mjs');
  writeFileSync(entry, "throw new Error('cannot load the engine');\n");
  const errors: string[] = [];
  const r = pool({ workerUrl: pathToFileURL(entry), onLoadError: (e) => errors.push(e.message) });
  let settled = false;
  const waiting = r.render(job('<p>x</p>')).finally(() => { settled = true; });
  try {
    for (let i = 0; i < 100 && errors.length < 2; i++) await new Promise((res) => setTimeout(res, 50));
    assert.ok(errors.length >= 2, `reported ${errors.length} failures`);
    assert.match(errors[0]!, /cannot load the engine/);
    assert.equal(r.ready!(), 0);
    assert.equal(settled, false, 'the render waits for a thread');
  } finally {
    await r.close();
    rmSync(dir, { recursive: true, force: true });
  }
  await assert.rejects(waiting, /renderer is closed/);
});

test('the default limits admit what they promise: a table report of nearly MAX_PAGES pages renders under the default RENDER_MEMORY_MB', async () => {
  // With RENDER_MEMORY_MB at 512 a 499-page report ran the thread out of memory (422) although MAX_PAGES (500) allows it.
  const config = loadConfig({}, os.tmpdir());
  const r = pool({ memoryMb: config.renderMemoryMb });
  try {
    const out = await r.render(job(report(config.maxPages - 1), { view: null, maxPages: config.maxPages, timeoutMs: 120000 }));
    assert.ok(isPdf(out.pdf));
    assert.ok(out.pageCount > config.maxPages * 0.95 && out.pageCount <= config.maxPages, `${out.pageCount} pages`);
  } finally {
    await r.close();
  }
});
