// The message loop of a render worker thread, shared by the TypeScript-source worker (render-worker.mjs,
// through tsx) and the bundled one (render-worker-bundled.ts). In: { job, marginMs } and { warm } messages. Out: replies.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Engine, RenderFailure, RenderJob, RenderOutput, WireFailure } from './render-job.ts';

/** What the loop needs of render-job.ts (a worker loads it by URL, so tests may substitute the engine). */
export interface JobModule {
  runRenderJob(job: RenderJob, engine?: Engine, marginMs?: number): Promise<RenderOutput>;
  isRenderFailure(e: unknown): e is RenderFailure;
  toWire(e: RenderFailure): WireFailure;
  /** Jobs run once after the engine's warm-up, so the path of a request is compiled too (render-job.ts). */
  warmUpJobs?(): RenderJob[];
}

/** The engine's optional warm-up: its steps (src/index.ts warmUpSteps), or one call. */
export interface WarmUp {
  warmUpSteps?: () => Array<() => void | Promise<void>>;
  warmUp?: () => void;
}

/** V8 heap + external buffers of this thread, bytes. */
function heapBytes(): number {
  const h = getHeapStatistics();
  return h.total_physical_size + h.external_memory;
}

/**
 * Answers { type: 'ready' } as soon as the engine is loaded, then for each job { type: 'done',
 * ok, out | failure + message + stack, heapBytes }, in the order the jobs came; the PDF's buffer is
 * transferred, not copied. Jobs run one at a time: one that comes while another runs (a staged job)
 * begins as soon as that one has answered.
 * { warm: true } (the pool sends it while no render runs) starts or resumes the engine's warm-up (the
 * common fonts, a small document), then the job module's warm-up jobs (a stored template's path):
 * one step per turn of the event loop and never while a job runs, so a job that comes meanwhile
 * waits for one step at most (tens of ms) instead of the whole warm-up; { warm: false } pauses it
 * after the current step (a render runs in another thread). { type: 'warm' } answers its end.
 * `compiled` is called when the thread has been through a render: after its first job
 * and after its warm-up (the bundle saves its code cache then).
 */
export function serveRenderJobs(jobs: JobModule, engine: Engine & WarmUp, compiled?: () => void): void {
  const port = parentPort;
  if (!port) throw new Error('serveRenderJobs runs in a worker thread');
  const steps = engine.warmUpSteps?.() ?? (engine.warmUp ? [engine.warmUp] : []);
  // then the request's own path (compile cache, compileTemplate, fill, a second render), one job per step
  if (engine.warmUpSteps && jobs.warmUpJobs) {
    for (const job of jobs.warmUpJobs()) steps.push(() => jobs.runRenderJob(job, engine).then(() => {}, () => {}));
  }
  let running = 0;
  let stepping = false;
  let warming = false;
  let warm = false;
  let jobsDone = 0;
  const warmNext = (): void => {
    if (!warming || stepping || running > 0) return; // resumed when the job ends
    const step = steps.shift();
    if (!step) {
      if (!warm) {
        port.postMessage({ type: 'warm' });
        compiled?.();
      }
      warm = true;
      return;
    }
    stepping = true;
    void Promise.resolve(step()).finally(() => {
      stepping = false;
      setImmediate(warmNext);
    });
  };
  // jobs one after another: one sent while another runs (a staged job, renderer.ts) begins as that one ends
  const queued: Array<{ job: RenderJob; marginMs: number }> = [];
  const runJob = async ({ job, marginMs }: { job: RenderJob; marginMs: number }): Promise<void> => {
    running++;
    try {
      const out = await jobs.runRenderJob(job, engine, marginMs);
      // Transferred when the bytes own their whole ArrayBuffer; else (a view into Buffer's shared pool) a copy that does.
      const b = out.pdf.buffer;
      const pdf = b instanceof ArrayBuffer && out.pdf.byteOffset === 0 && out.pdf.byteLength === b.byteLength
        ? new Uint8Array(b) : new Uint8Array(out.pdf);
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
    } finally {
      running--;
      if (++jobsDone === 1) setImmediate(() => compiled?.());
      const next = queued.shift();
      if (next) void runJob(next);
      else setImmediate(warmNext);
    }
  };
  port.on('message', (m: { job: RenderJob; marginMs: number } | { warm: boolean }) => {
    if ('warm' in m) {
      warming = m.warm;
      warmNext();
      return;
    }
    if (running > 0) queued.push(m);
    else void runJob(m);
  });
  port.postMessage({ type: 'ready' });
}
