// The message loop of a render worker thread, shared by the TypeScript-source worker (render-worker.mjs,
// through tsx) and the bundled one (render-worker-bundled.ts). In: { job, marginMs } messages. Out: replies.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Engine, RenderFailure, RenderJob, RenderOutput, WireFailure } from './render-job.ts';

/** What the loop needs of render-job.ts (a worker loads it by URL, so tests may substitute the engine). */
export interface JobModule {
  runRenderJob(job: RenderJob, engine?: Engine, marginMs?: number): Promise<RenderOutput>;
  isRenderFailure(e: unknown): e is RenderFailure;
  toWire(e: RenderFailure): WireFailure;
}

/** V8 heap + external buffers of this thread, bytes. */
function heapBytes(): number {
  const h = getHeapStatistics();
  return h.total_physical_size + h.external_memory;
}

/**
 * Warms the engine up (its `warmUp`, if any: the common fonts), answers { type: 'ready' } once,
 * then for each job { type: 'done', ok, out | failure + message + stack, heapBytes }.
 * The PDF's buffer is transferred, not copied.
 */
export function serveRenderJobs(jobs: JobModule, engine: Engine & { warmUp?: () => void }): void {
  const port = parentPort;
  if (!port) throw new Error('serveRenderJobs runs in a worker thread');
  engine.warmUp?.();
  port.on('message', async ({ job, marginMs }: { job: RenderJob; marginMs: number }) => {
    try {
      const out = await jobs.runRenderJob(job, engine, marginMs);
      // A copy owns its whole ArrayBuffer (a Buffer may be a view into a shared pool), so it can be transferred.
      const pdf = new Uint8Array(out.pdf);
      port.postMessage(
        { type: 'done', ok: true, out: { pdf, pageCount: out.pageCount, warnings: out.warnings }, heapBytes: heapBytes() },
        [pdf.buffer],
      );
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      port.postMessage({
        type: 'done', ok: false, failure: jobs.isRenderFailure(e) ? jobs.toWire(e) : undefined,
        message: err.message, stack: err.stack, heapBytes: heapBytes(),
      });
    }
  });
  port.postMessage({ type: 'ready' });
}
