// A render worker thread: registers tsx (so TypeScript loads), loads the engine, says it is ready,
// then runs jobs. In: { job: RenderJob, marginMs } messages. Out: { type: 'ready' } once, then
// { type: 'done', ok, out | failure, heapBytes } per job (heapBytes: V8 heap + external buffers).
// Plain .mjs because on node 20 `execArgv: ['--import', 'tsx']` does not apply to a worker's entry.
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runRenderJob, isRenderFailure, toWire } = await import(workerData.jobUrl);
const engine = await import(workerData.engineUrl);
engine.warmUp?.();

const heapBytes = () => {
  const h = getHeapStatistics();
  return h.total_physical_size + h.external_memory;
};

parentPort.on('message', async ({ job, marginMs }) => {
  try {
    const out = await runRenderJob(job, engine, marginMs);
    // A copy owns its whole ArrayBuffer (a Buffer may be a view into a shared pool), so it can be transferred.
    const pdf = new Uint8Array(out.pdf);
    parentPort.postMessage(
      { type: 'done', ok: true, out: { pdf, pageCount: out.pageCount, warnings: out.warnings }, heapBytes: heapBytes() },
      [pdf.buffer],
    );
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    parentPort.postMessage({
      type: 'done', ok: false, failure: isRenderFailure(e) ? toWire(e) : undefined,
      message: err.message, stack: err.stack, heapBytes: heapBytes(),
    });
  }
});
parentPort.postMessage({ type: 'ready' });
