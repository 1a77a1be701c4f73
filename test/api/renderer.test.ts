// The worker-thread renderer: renderPdf in worker threads, RenderError carried back, hard timeout.
// In: workerPoolRenderer. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RenderError } from '../../src/index.ts';
import { workerPoolRenderer } from '../../src/server/renderer.ts';

test('workerPoolRenderer renders in worker threads and carries RenderError codes back', async () => {
  const r = workerPoolRenderer(2);
  try {
    const job = { creationDate: new Date('2026-01-01T00:00:00Z'), timeoutMs: 30000, maxPages: 500 };
    const [a, b] = await Promise.all([
      r.render({ ...job, html: '<p>first</p>' }),
      r.render({ ...job, html: '<p>second</p>' }),
    ]);
    assert.equal(Buffer.from(a.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(Buffer.from(b.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(a.pageCount, 1);
    const long = Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i}</p>`).join('');
    await assert.rejects(r.render({ ...job, html: long, maxPages: 1 }), (e: unknown) => e instanceof RenderError && e.code === 'TOO_MANY_PAGES');
    const again = await r.render({ ...job, html: '<p>after an error</p>' });
    assert.ok(again.pdf.length > 100, 'the worker keeps serving after a failed render');
  } finally {
    await r.close();
  }
});

test('a render that runs past its deadline has its thread terminated: TIMEOUT, and the pool recovers', async () => {
  const engine = new URL('./fixtures/hanging-engine.ts', import.meta.url).href;
  const r = workerPoolRenderer(1, 200, engine);
  try {
    const job = { creationDate: new Date('2026-01-01T00:00:00Z'), timeoutMs: 100, maxPages: 500 };
    const t0 = performance.now();
    await assert.rejects(r.render({ ...job, html: '<hang>' }), (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
    assert.ok(performance.now() - t0 < 10000);
    const ok = await r.render({ ...job, timeoutMs: 30000, html: '<p>fresh thread</p>' });
    assert.equal(Buffer.from(ok.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
  } finally {
    await r.close();
  }
});
