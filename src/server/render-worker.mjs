// A render worker thread: registers tsx (so TypeScript loads), then renders jobs with renderPdf.
// In: { html, creationDate (ms), timeoutMs, maxPages, baseUrl? } messages. Out: { ok, pdf, … } replies.
// Plain .mjs because on node 20 `execArgv: ['--import', 'tsx']` does not apply to a worker's entry.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { renderPdf, RenderError, warmUp } = await import(workerData.engineUrl);
warmUp?.();

parentPort.on('message', async (job) => {
  try {
    const r = await renderPdf(job.html, {
      creationDate: new Date(job.creationDate), timeoutMs: job.timeoutMs, maxPages: job.maxPages, baseUrl: job.baseUrl,
    });
    // A copy owns its whole ArrayBuffer (a Buffer may be a view into a shared pool), so it can be transferred.
    const pdf = new Uint8Array(r.pdf);
    parentPort.postMessage({ ok: true, pdf, pageCount: r.pageCount, warnings: r.warnings }, [pdf.buffer]);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    parentPort.postMessage({
      ok: false,
      renderError: e instanceof RenderError ? { code: e.code, message: e.message } : undefined,
      message: err.message,
      stack: err.stack,
    });
  }
});
