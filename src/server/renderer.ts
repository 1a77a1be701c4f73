// How the server calls the engine: a render job (fill + render) in this thread or in a pool of
// worker threads with a hard deadline and a memory cap. In: RenderJob. Out: RenderOutput or a RenderFailure.
import { Worker } from 'node:worker_threads';
import { RenderError } from '../index.ts';
import { revive, runRenderJob, type RenderJob, type RenderOutput, type WireFailure } from './render-job.ts';

export type { RenderJob, RenderOutput } from './render-job.ts';
export { isRenderFailure } from './render-job.ts';

/** Renders jobs. `render` rejects with RenderError or TemplateError for what the template causes. */
export interface Renderer {
  render(job: RenderJob): Promise<RenderOutput>;
  /** Frees threads; pending renders are rejected. */
  close(): Promise<void>;
  /** Renders it can run at once right now (threads started and loaded); absent = not limited here. */
  capacity?(): number;
  /** `listener` is called whenever capacity() may have grown (a thread became ready). */
  onCapacity?(listener: () => void): void;
}

/** Runs jobs on the calling thread: no hard deadline, no memory cap (tests and the CLI). */
export function inProcessRenderer(): Renderer {
  return { render: (job) => runRenderJob(job), close: async () => {} };
}

export interface PoolOptions {
  /** Worker threads (RENDER_WORKERS). */
  size: number;
  /** Heap cap per thread in MB (RENDER_MEMORY_MB): V8's old generation; over it the render fails, the thread is replaced. */
  memoryMb: number;
  /** A thread is replaced after this many renders (RENDER_RECYCLE_AFTER). */
  recycleAfter: number;
  /** A thread whose heap (V8 heap + external buffers) exceeds this after a render is replaced (MB). */
  recycleHeapMb: number;
  /** Module exporting renderPdf (tests substitute a stub); default src/index.ts. */
  engineUrl?: string;
}

type Reply =
  | { type: 'ready' }
  | { type: 'done'; ok: true; out: RenderOutput; heapBytes: number }
  | { type: 'done'; ok: false; failure?: WireFailure; message: string; stack?: string; heapBytes: number };

interface Task { job: RenderJob; resolve: (o: RenderOutput) => void; reject: (e: Error) => void }

interface Thread {
  worker: Worker;
  state: 'booting' | 'idle' | 'busy' | 'gone';
  renders: number;
  task?: Task;
  timer?: NodeJS.Timeout;
}

/** Stops the engine this long before the hard deadline, so a render that checks its clock ends by itself. */
function softMarginMs(timeoutMs: number): number {
  return Math.min(100, Math.floor(timeoutMs / 20));
}

/**
 * A pool of `size` worker threads, each loading the engine through tsx and then announcing it
 * is ready. A job goes to an idle ready thread (or waits for one). Per render:
 * - the deadline is exact: at `timeoutMs` after the job was handed over, a thread still working
 *   is terminated, the render fails with RenderError('TIMEOUT') and a fresh thread is started;
 * - memory is capped by `resourceLimits` (old generation `memoryMb`); a thread over it dies,
 *   its render fails with RenderError('UNRENDERABLE') naming RENDER_MEMORY_MB, and it is replaced;
 * - a thread is replaced after `recycleAfter` renders or when its heap stays above
 *   `recycleHeapMb` after a render, so memory a burst used goes back to the system.
 * A thread that fails to load is replaced after a back-off; renders wait meanwhile.
 */
export function workerPoolRenderer(opts: PoolOptions): Renderer {
  const bootUrl = new URL('./render-worker.mjs', import.meta.url);
  const jobUrl = new URL('./render-job.ts', import.meta.url).href;
  const engineUrl = opts.engineUrl ?? new URL('../index.ts', import.meta.url).href;
  const threads = new Set<Thread>();
  const pending: Task[] = [];
  const listeners: Array<() => void> = [];
  let closed = false;
  let bootFailures = 0;

  const notify = () => {
    for (const l of listeners) l();
  };

  const spawn = (): void => {
    if (closed) return;
    const worker = new Worker(bootUrl, {
      workerData: { engineUrl, jobUrl },
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, stackSizeMb: 4 },
    });
    worker.unref();
    const t: Thread = { worker, state: 'booting', renders: 0 };
    threads.add(t);
    worker.on('message', (m: Reply) => onMessage(t, m));
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        end(t, new RenderError('UNRENDERABLE', `render exceeded the memory limit of ${opts.memoryMb} MB (RENDER_MEMORY_MB)`));
      } else end(t, e);
    });
    worker.on('exit', (code) => end(t, new Error(`render worker exited with code ${code}`)));
  };

  /** The thread is finished (died, killed or retired): fail its task, replace it. */
  const end = (t: Thread, err: Error | null): void => {
    if (t.state === 'gone') return;
    const wasBooting = t.state === 'booting';
    t.state = 'gone';
    threads.delete(t);
    clearTimeout(t.timer);
    const task = t.task;
    t.task = undefined;
    void t.worker.terminate();
    if (task) task.reject(err ?? new Error('render worker stopped'));
    if (closed) return;
    if (wasBooting && err) {
      // The engine does not load: back off (capped at 10 s) instead of spinning.
      bootFailures++;
      setTimeout(spawn, Math.min(10000, 100 * 2 ** Math.min(bootFailures, 7))).unref();
    } else spawn();
  };

  const onMessage = (t: Thread, m: Reply): void => {
    if (t.state === 'gone') return;
    if (m.type === 'ready') {
      bootFailures = 0;
      t.state = 'idle';
      dispatch();
      notify();
      return;
    }
    const task = t.task;
    clearTimeout(t.timer);
    t.task = undefined;
    t.renders++;
    if (task) {
      if (m.ok) task.resolve(m.out);
      else if (m.failure) task.reject(revive(m.failure));
      else {
        const e = new Error(m.message);
        if (m.stack) e.stack = m.stack;
        task.reject(e);
      }
    }
    if (t.renders >= opts.recycleAfter || m.heapBytes > opts.recycleHeapMb * 1024 * 1024) {
      end(t, null);
      return;
    }
    t.state = 'idle';
    dispatch();
  };

  const dispatch = (): void => {
    for (const t of threads) {
      if (!pending.length) return;
      if (t.state !== 'idle') continue;
      const task = pending.shift()!;
      t.state = 'busy';
      t.task = task;
      const { job } = task;
      t.timer = setTimeout(
        () => end(t, new RenderError('TIMEOUT', `render exceeded its time limit of ${job.timeoutMs} ms (RENDER_TIMEOUT_MS)`)),
        job.timeoutMs,
      );
      t.worker.postMessage({ job, marginMs: softMarginMs(job.timeoutMs) });
    }
  };

  for (let i = 0; i < opts.size; i++) spawn();

  return {
    render(job) {
      if (closed) return Promise.reject(new Error('renderer is closed'));
      return new Promise<RenderOutput>((resolve, reject) => {
        pending.push({ job, resolve, reject });
        dispatch();
      });
    },
    capacity() {
      let n = 0;
      for (const t of threads) if (t.state === 'idle' || t.state === 'busy') n++;
      return n;
    },
    onCapacity(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      for (const task of pending.splice(0)) task.reject(new Error('renderer is closed'));
      await Promise.all([...threads].map(async (t) => {
        end(t, new Error('renderer is closed'));
        await t.worker.terminate();
      }));
    },
  };
}
