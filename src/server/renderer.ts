// How the server calls the engine: renderPdf from src/index.ts, in this thread or in worker threads.
// In: filled HTML and render limits. Out: the PDF bytes, page count and warnings, or RenderError.
import { Worker } from 'node:worker_threads';
import { renderPdf, RenderError, type RenderWarning } from '../index.ts';

export interface RenderJob {
  html: string;
  /** Written to the PDF as CreationDate/ModDate. */
  creationDate: Date;
  /** Deadline in ms; past it RenderError('TIMEOUT'). */
  timeoutMs: number;
  /** Page cap; past it RenderError('TOO_MANY_PAGES'). */
  maxPages: number;
  /** Folder (file: URL or path) that relative URLs resolve against; none for stored templates. */
  baseUrl?: string;
}

export interface RenderOutput { pdf: Uint8Array; pageCount: number; warnings: RenderWarning[] }

/** Renders filled HTML to PDF. `render` rejects with RenderError for render failures. */
export interface Renderer {
  render(job: RenderJob): Promise<RenderOutput>;
  /** Frees threads; pending renders are rejected. */
  close(): Promise<void>;
  /** Starts threads and loads the engine ahead of the first request (optional). */
  warm?(): void;
}

/** Calls renderPdf on the calling thread (a render blocks the event loop while it computes). */
export function inProcessRenderer(): Renderer {
  return {
    render: (job) => renderPdf(job.html, {
      creationDate: job.creationDate, timeoutMs: job.timeoutMs, maxPages: job.maxPages, baseUrl: job.baseUrl,
    }),
    close: async () => {},
  };
}

type Reply =
  | { ok: true; pdf: Uint8Array; pageCount: number; warnings: RenderWarning[] }
  | { ok: false; renderError?: { code: RenderError['code']; message: string }; message: string; stack?: string };

interface Slot { worker: Worker | null; busy: boolean }

/**
 * Runs renderPdf in up to `size` worker threads (started on first use, each loading the engine
 * through tsx). A render still running `graceMs` after its own deadline has its thread
 * terminated and fails with RenderError('TIMEOUT'); a thread that dies is replaced on next use.
 * Callers must not run more than `size` renders at once (the RenderQueue guarantees it).
 */
export function workerPoolRenderer(
  size: number,
  graceMs = 5000,
  /** Module exporting renderPdf and RenderError (tests substitute a stub); default src/index.ts. */
  engineUrl: string = new URL('../index.ts', import.meta.url).href,
): Renderer {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, busy: false }));
  const bootUrl = new URL('./render-worker.mjs', import.meta.url);
  let closed = false;

  const spawn = (slot: Slot): Worker => {
    const w = new Worker(bootUrl, { workerData: { engineUrl } });
    w.unref();
    // An idle thread that fails (e.g. while loading the engine) is dropped and respawned on next use.
    const drop = () => {
      if (slot.worker === w) slot.worker = null;
    };
    w.on('error', drop);
    w.on('exit', drop);
    return w;
  };

  return {
    render(job) {
      if (closed) return Promise.reject(new Error('renderer is closed'));
      const slot = slots.find((s) => !s.busy);
      if (!slot) return Promise.reject(new Error(`more than ${size} renders at once`));
      slot.busy = true;
      slot.worker ??= spawn(slot);
      const w = slot.worker;
      return new Promise<RenderOutput>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          w.off('message', onMessage);
          w.off('error', onError);
          w.off('exit', onExit);
          slot.busy = false;
        };
        const kill = (err: Error) => {
          cleanup();
          if (slot.worker === w) slot.worker = null;
          void w.terminate();
          reject(err);
        };
        const timer = setTimeout(
          () => kill(new RenderError('TIMEOUT', `render exceeded its time limit of ${job.timeoutMs} ms`)),
          job.timeoutMs + graceMs,
        );
        const onMessage = (m: Reply) => {
          cleanup();
          if (m.ok) resolve({ pdf: m.pdf, pageCount: m.pageCount, warnings: m.warnings });
          else if (m.renderError) reject(new RenderError(m.renderError.code, m.renderError.message));
          else {
            const e = new Error(m.message);
            if (m.stack) e.stack = m.stack;
            reject(e);
          }
        };
        const onError = (e: Error) => kill(e);
        const onExit = (code: number) => kill(new Error(`render worker exited with code ${code}`));
        w.on('message', onMessage);
        w.on('error', onError);
        w.on('exit', onExit);
        w.postMessage({
          html: job.html, creationDate: job.creationDate.getTime(), timeoutMs: job.timeoutMs,
          maxPages: job.maxPages, baseUrl: job.baseUrl,
        });
      });
    },
    warm() {
      if (closed) return;
      for (const s of slots) s.worker ??= spawn(s);
    },
    async close() {
      closed = true;
      await Promise.all(slots.map(async (s) => {
        const w = s.worker;
        s.worker = null;
        if (w) await w.terminate();
      }));
    },
  };
}
