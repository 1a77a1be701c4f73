// How the server calls the engine: a render job (fill + render) in this thread or in a pool of
// worker threads with a hard deadline and a memory cap. In: RenderJob. Out: RenderOutput or a RenderFailure.
import { Worker } from 'node:worker_threads';
import { RenderError } from '../errors.ts';
import { revive, runRenderJob, type RenderJob, type RenderOutput, type WireFailure } from './render-job.ts';

export type { RenderJob, RenderOutput } from './render-job.ts';
export { isRenderFailure } from './render-job.ts';

/** What a caller may pass with a job. */
export interface RenderOptions {
  /**
   * Called with a promise when the render ends but its thread does not: the thread was stopped
   * (deadline, memory) and the promise settles when its replacement is ready. A scheduler keeps
   * the caller's slot taken until then, so the cost of a runaway render stays with its account.
   */
  hold?: (until: Promise<void>) => void;
  /**
   * Whose render this is (an account id): a staged job goes behind a running render of the same group.
   * Only with `staged`.
   */
  group?: string;
  /**
   * The job was started ahead of its slot (RenderQueue's Staging), as `canStage(group)` allowed: the
   * renderer queues it in the thread of a running render of `group`, to begin when that one ends,
   * and calls `started()` when it begins.
   */
  staged?: Staging;
}

/**
 * Given to a job started ahead of its slot (RenderQueue.run's `stage` option): the job hands its render
 * to the thread of one of its account's running renders, to begin when that one ends, and calls
 * `started()` then (the job counts as running from that moment; before it, as waiting).
 */
export interface Staging { started(): void }

/** Renders jobs. `render` rejects with RenderError or TemplateError for what the template causes. */
export interface Renderer {
  render(job: RenderJob, opts?: RenderOptions): Promise<RenderOutput>;
  /** Frees threads; pending renders are rejected. */
  close(): Promise<void>;
  /** Threads started and loaded now (absent: not a pool). */
  ready?(): number;
  /**
   * Whether a job of `group` started now with `staged` would be queued behind a running render of
   * that group (absent: the renderer does not stage, and a job must not be started ahead of its slot).
   */
  canStage?(group: string): boolean;
}

/** Runs jobs on the calling thread: no hard deadline, no memory cap (tests and the CLI). */
export function inProcessRenderer(): Renderer {
  return { render: (job) => runRenderJob(job), close: async () => {} };
}

export interface PoolOptions {
  /** Render slots (RENDER_WORKERS): the threads the scheduler keeps busy at most. */
  size: number;
  /**
   * Threads kept loaded beyond `size` (RENDER_SPARE_WORKERS, default 0): while one is ready, a
   * thread stopped at its deadline or memory cap is replaced at once and its slot is free again
   * at once, instead of after its successor has loaded (seconds).
   */
  spare?: number;
  /** Heap cap per thread in MB (RENDER_MEMORY_MB): V8's old generation; over it the render fails, the thread is replaced. */
  memoryMb: number;
  /** A thread is replaced after this many renders (RENDER_RECYCLE_AFTER). */
  recycleAfter: number;
  /** A thread whose heap (V8 heap + external buffers) exceeds this after a render is replaced (MB). */
  recycleHeapMb: number;
  /** Module exporting renderPdf (tests substitute a stub); default src/index.ts. */
  engineUrl?: string;
  /** The worker's entry; default render-worker.mjs (loads the TypeScript sources through tsx). The bundle passes its own. */
  workerUrl?: URL;
  /** Told when a thread fails to load (it is retried after a back-off; renders wait meanwhile). */
  onLoadError?: (e: Error) => void;
}

type Reply =
  | { type: 'ready' }
  | { type: 'warm' }
  | { type: 'done'; ok: true; out: RenderOutput; heapBytes: number }
  | { type: 'done'; ok: false; failure?: WireFailure; message: string; stack?: string; heapBytes: number };

interface Task {
  job: RenderJob; opts: RenderOptions; resolve: (o: RenderOutput) => void; reject: (e: Error) => void;
  /** A staged task that any idle thread may take: the thread it was queued in stopped before it began. */
  free?: boolean;
}

interface Thread {
  worker: Worker;
  state: 'booting' | 'idle' | 'busy' | 'gone';
  renders: number;
  /** Set when it is being recycled: it serves until `successor` is ready, then leaves. */
  retiring: boolean;
  successor?: Thread;
  task?: Task;
  timer?: NodeJS.Timeout;
  /** A staged task sent to the thread behind `task`: it begins there when `task` ends. */
  next?: Task;
  /**
   * Its warm-up (render-worker-loop.ts): 'on' while told to warm, 'paused' while a render runs in
   * another thread, 'done' once the thread said it is warm; absent until first told.
   */
  warm?: 'on' | 'paused' | 'done';
  /** Settles when the thread is ready or gone. */
  up: Promise<void>;
  markUp: () => void;
}

/**
 * The young generation of a render thread's heap, MB (V8's default for a worker is about twice
 * this). Measured on the README invoice (2 threads, 200 renders each): resident memory 106 -> 95
 * MB per rendering thread and 75 -> 67 MB per loaded idle one, the time in scavenges per render
 * unchanged within the noise (8 MB: scavenge time doubled); bench:server at 64 clients peak RSS
 * 472/497 -> 400/399 MB, CPU per PDF 8.7/9.7 -> 9.5/9.2 ms.
 */
const YOUNG_GENERATION_MB = 16;

/** Stops the engine this long before the hard deadline, so a render that checks its clock ends by itself. */
function softMarginMs(timeoutMs: number): number {
  return Math.min(100, Math.floor(timeoutMs / 20));
}

/**
 * A pool of `size` + `spare` worker threads, each loading the engine and then announcing it is
 * ready. A job goes to an idle ready thread (or waits for one); a scheduler that runs at most
 * `size` jobs at once so always leaves `spare` threads idle. Per render:
 * - the deadline is exact: at `timeoutMs` after the job was handed over, a thread still working
 *   is terminated, the render fails with RenderError('TIMEOUT') and a new thread is started;
 *   when fewer than `size` loaded threads are left (no spare was ready), the caller's `hold`
 *   gets the promise of the new thread's readiness;
 * - memory is capped by `resourceLimits` (old generation `memoryMb`, young YOUNG_GENERATION_MB); a thread over it dies,
 *   its render fails with RenderError('UNRENDERABLE') naming RENDER_MEMORY_MB, and it is replaced;
 * - a thread is recycled after `recycleAfter` renders, or when its heap stays above
 *   `recycleHeapMb` after a render, so memory a burst used goes back to the system: its
 *   successor loads while it still serves, then it leaves.
 * A thread that fails to load is replaced after a back-off; renders wait meanwhile.
 * A staged job (RenderOptions.staged) goes behind a busy thread running a render of its group that
 * has none staged yet (canStage), which begins it as that render ends, without waiting for this
 * thread (render-worker-loop.ts). Its deadline starts when this thread learns it began (the previous
 * render's answer), so the hard stop comes that much late (milliseconds); the engine's own deadline
 * starts in the thread. A staged job whose thread is stopped before it began goes to the front of
 * the line, for the next idle thread.
 * At start the threads load one after another (the next is started when one is ready, has warmed
 * up and no render runs, or once a render has ended), so the first takes renders as soon as it can
 * and the first render, which has its whole path to compile, runs without threads loading beside it. Up to
 * `size` threads are told to warm up (fonts, a small document: render-worker-loop.ts) while no
 * render runs in the pool, and told to pause while one does: warming steps take the CPUs
 * renders need; a render sent to a warming thread runs between two steps.
 */
export function workerPoolRenderer(opts: PoolOptions): Renderer {
  return new WorkerPool(opts);
}

/** The pool behind workerPoolRenderer: its threads, the jobs waiting, and the steps of a thread's life. */
class WorkerPool implements Renderer {
  private readonly bootUrl: URL;
  private readonly workerData: { engineUrl: string; jobUrl: string };
  private readonly threads = new Set<Thread>();
  private readonly pending: Task[] = [];
  private closed = false;
  private bootFailures = 0;
  /** Threads of the initial set not started yet (started one at a time: startNext). */
  private toStart: number;
  /** Whether a render has ended in the pool's threads (answered or not): until then the first one runs alone. */
  private rendered = false;

  constructor(private readonly opts: PoolOptions) {
    this.bootUrl = opts.workerUrl ?? new URL('./render-worker.mjs', import.meta.url);
    this.workerData = {
      engineUrl: opts.engineUrl ?? new URL('../index.ts', import.meta.url).href,
      jobUrl: new URL('./render-job.ts', import.meta.url).href,
    };
    this.toStart = opts.size + (opts.spare ?? 0);
    this.startNext();
  }

  render(job: RenderJob, renderOpts: RenderOptions = {}): Promise<RenderOutput> {
    if (this.closed) return Promise.reject(new Error('renderer is closed'));
    return new Promise<RenderOutput>((resolve, reject) => {
      this.pending.push({ job, opts: renderOpts, resolve, reject });
      this.dispatch();
    });
  }

  canStage(group: string): boolean {
    return !this.closed && this.stagingThread(group) !== undefined;
  }

  /** A busy thread rendering a job of `group` with nothing staged behind it. */
  private stagingThread(group: string): Thread | undefined {
    for (const t of this.threads) if (t.state === 'busy' && !t.next && t.task?.opts.group === group) return t;
    return undefined;
  }

  ready(): number {
    let n = 0;
    for (const t of this.threads) if ((t.state === 'idle' || t.state === 'busy') && !t.retiring) n++;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.pending.splice(0)) task.reject(new Error('renderer is closed'));
    await Promise.all([...this.threads].map(async (t) => {
      const w = t.worker;
      this.end(t, new Error('renderer is closed'));
      await w?.terminate();
    }));
  }

  /** A new thread, its worker started now or after `delayMs` (a back-off); null once closed. */
  private spawn(delayMs = 0): Thread | null {
    if (this.closed) return null;
    let markUp!: () => void;
    const up = new Promise<void>((resolve) => { markUp = resolve; });
    const t: Thread = { worker: null as unknown as Worker, state: 'booting', renders: 0, retiring: false, up, markUp };
    this.threads.add(t);
    if (delayMs > 0) setTimeout(() => this.startWorker(t), delayMs).unref();
    else this.startWorker(t);
    return t;
  }

  /** Starts the thread's worker with the heap caps; its messages, errors and exit come back here. */
  private startWorker(t: Thread): void {
    if (this.closed || t.state === 'gone') return;
    const { memoryMb } = this.opts;
    t.worker = new Worker(this.bootUrl, {
      workerData: this.workerData,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, stackSizeMb: 4 },
    });
    t.worker.unref();
    t.worker.on('message', (m: Reply) => this.onMessage(t, m));
    t.worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.end(t, new RenderError('UNRENDERABLE', `render exceeded the memory limit of ${memoryMb} MB (RENDER_MEMORY_MB)`));
      } else this.end(t, e);
    });
    t.worker.on('exit', (code) => this.end(t, new Error(`render worker exited with code ${code}`)));
  }

  /** The thread is finished (died, stopped or retired): fail its task, replace it unless retiring. */
  private end(t: Thread, err: Error | null): void {
    if (t.state === 'gone') return;
    const wasBooting = t.state === 'booting';
    t.state = 'gone';
    this.threads.delete(t);
    clearTimeout(t.timer);
    t.markUp();
    const task = t.task;
    t.task = undefined;
    const next = t.next;
    t.next = undefined;
    void t.worker?.terminate();
    if (this.closed) {
      task?.reject(err ?? new Error('renderer is closed'));
      next?.reject(new Error('renderer is closed'));
      return;
    }
    if (next) this.pending.unshift({ ...next, free: true }); // it never began: the next idle thread takes it
    if (task) this.rendered = true;
    const successor = t.retiring ? null : this.replace(t, wasBooting, err);
    if (task) {
      // the slot is free at once when a loaded thread is there for it (a spare); else it waits for the successor
      if (successor && this.loaded() < this.opts.size) task.opts.hold?.(successor.up);
      task.reject(err ?? new Error('render worker stopped'));
    }
    this.dispatch();
  }

  /** Starts the successor of a thread that ended unasked; one that did not load is retried after a back-off (capped at 10 s), not in a loop. */
  private replace(t: Thread, wasBooting: boolean, err: Error | null): Thread | null {
    if (wasBooting && err) {
      this.bootFailures++;
      this.opts.onLoadError?.(err);
    }
    const next = this.spawn(wasBooting && err ? Math.min(10000, 100 * 2 ** Math.min(this.bootFailures, 7)) : 0);
    for (const old of this.threads) if (old.successor === t) old.successor = next ?? undefined;
    return next;
  }

  private onMessage(t: Thread, m: Reply): void {
    if (t.state === 'gone') return;
    if (m.type === 'ready') this.onReady(t);
    else if (m.type === 'warm') t.warm = 'done';
    else this.onDone(t, m);
    this.dispatch();
  }

  /** The thread loaded the engine; a thread this one succeeds leaves (now if idle, else after its render). */
  private onReady(t: Thread): void {
    this.bootFailures = 0;
    t.state = 'idle';
    t.markUp();
    for (const old of this.threads) if (old.successor === t && old.state === 'idle') this.end(old, null);
  }

  /** A render ended in the thread: settle its task, then recycle the thread if it served enough renders or kept too much heap. */
  private onDone(t: Thread, m: Extract<Reply, { type: 'done' }>): void {
    const task = t.task;
    clearTimeout(t.timer);
    t.task = undefined;
    t.renders++;
    this.rendered = true;
    // the staged task began in the thread as this one ended: it holds its slot before this one frees its own
    const next = t.next;
    t.next = undefined;
    if (next) this.begin(t, next);
    if (task) {
      if (m.ok) task.resolve(m.out);
      else if (m.failure) task.reject(revive(m.failure));
      else {
        const e = new Error(m.message);
        if (m.stack) e.stack = m.stack;
        task.reject(e);
      }
    }
    if (!next) t.state = 'idle';
    if (!t.retiring && (t.renders >= this.opts.recycleAfter || m.heapBytes > this.opts.recycleHeapMb * 1024 * 1024)) {
      t.retiring = true;
      t.successor = this.spawn() ?? undefined;
    }
    const successorUp = !t.successor || t.successor.state === 'idle' || t.successor.state === 'busy';
    if (t.retiring && t.state === 'idle' && successorUp) this.end(t, null);
  }

  /** Makes `task` the thread's render: busy, its deadline from now, its Staging told (the job is already in the thread). */
  private begin(t: Thread, task: Task): void {
    t.state = 'busy';
    t.task = task;
    const { job } = task;
    t.timer = setTimeout(
      () => this.end(t, new RenderError('TIMEOUT', `render exceeded its time limit of ${job.timeoutMs} ms (RENDER_TIMEOUT_MS)`)),
      job.timeoutMs,
    );
    task.opts.staged?.started();
  }

  /**
   * Hands waiting jobs to idle threads (each with its deadline), staged ones left over behind a busy
   * thread of their group; then warms idle threads while no render runs, pauses their warm-up while one
   * does, and starts the next thread of the initial set.
   */
  private dispatch(): void {
    for (let i = 0; i < this.pending.length; i++) {
      const task = this.pending[i]!;
      if (!task.opts.staged || task.free) continue;
      const t = task.opts.group === undefined ? undefined : this.stagingThread(task.opts.group);
      if (!t) {
        task.free = true; // not what canStage promised; an idle thread takes it
        continue;
      }
      this.pending.splice(i--, 1);
      t.next = task;
      this.send(t, task);
    }
    for (const t of this.threads) {
      if (t.state !== 'idle' || !this.pending.length) continue;
      const task = this.pending.shift()!;
      this.begin(t, task);
      this.send(t, task);
    }
    this.steerWarmUp();
    this.startNext();
  }

  /**
   * Warm-ups run while the pool renders nothing (and nothing waits): an idle thread is told to warm
   * (up to `size` threads), a warming one to pause while a render runs, to resume when none does.
   */
  private steerWarmUp(): void {
    let rendering = this.pending.length > 0;
    for (const t of this.threads) if (t.state === 'busy') rendering = true;
    for (const t of this.threads) {
      if (t.state === 'booting' || t.state === 'gone' || t.warm === 'done') continue;
      if (rendering) {
        if (t.warm === 'on') {
          t.warm = 'paused';
          t.worker.postMessage({ warm: false });
        }
      } else if (t.warm === 'paused' || (t.warm === undefined && t.state === 'idle' && !t.retiring && this.warmed() < this.opts.size)) {
        t.warm = 'on';
        t.worker.postMessage({ warm: true });
      }
    }
  }

  /**
   * Starts the next thread of the initial set: one at a time (none is loading) and, until a render
   * has ended, not while one runs nor while a thread's warm-up is unfinished: the pool's first render
   * compiles the render path in its thread, and a thread loading beside it (which cannot be paused,
   * unlike a warm-up) took CPU from it: the first PDF after start-up.
   */
  private startNext(): void {
    if (this.toStart <= 0 || this.closed) return;
    for (const t of this.threads) {
      if (t.state === 'booting') return;
      if (!this.rendered && (t.state === 'busy' || t.warm === 'on' || t.warm === 'paused')) return;
    }
    this.toStart--;
    this.spawn();
  }

  private send(t: Thread, task: Task): void {
    t.worker.postMessage({ job: task.job, marginMs: softMarginMs(task.job.timeoutMs) });
  }

  /**
   * Threads told to warm up, retiring ones left out. At most `size` are: a spare stays lean (about
   * 40 MB instead of 60) until it renders; measured at 64 clients, a warmed spare thread made the
   * peak RSS 401-442 MB where no spare made it 347-373 MB.
   */
  private warmed(): number {
    let n = 0;
    for (const t of this.threads) if (t.warm !== undefined && !t.retiring && t.state !== 'gone') n++;
    return n;
  }

  /** Threads loaded and serving (retiring ones included: they serve until their successor is up). */
  private loaded(): number {
    let n = 0;
    for (const t of this.threads) if (t.state === 'idle' || t.state === 'busy') n++;
    return n;
  }
}
