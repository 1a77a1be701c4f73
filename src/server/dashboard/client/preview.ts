// Browser side: the preview pane draws PDF bytes as pages with pdf.js (pdfjs-dist, its worker served by
// Quire): canvas + text layer per page, fitted to the pane's width, swapped in without flashing a blank pane.
// In: PDF bytes. Out: drawn pages (the first ones before the promise resolves, the rest as they scroll into view).
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

/** Pages drawn before `show` resolves; later ones are drawn when they come near the viewport. */
const EAGER_PAGES = 2;

/** Starts the one pdf.js worker of the page (without a port, pdf.js starts a new worker per document). */
export function usePdfWorker(workerSrc: string): void {
  pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(workerSrc, { type: 'module' });
}

/** Draws the first page of the PDF at `url` into `host` as a canvas `width` CSS px wide. Throws on failure. */
export async function drawThumbnail(url: string, host: HTMLElement, width: number): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await res.arrayBuffer()), isEvalSupported: false }).promise;
  try {
    const page = await doc.getPage(1);
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    host.replaceChildren(canvas);
    host.classList.add('drawn');
  } finally {
    void doc.destroy();
  }
}

export class PdfPreview {
  private doc: PDFDocumentProxy | null = null;
  private zoom = 1;
  /** Counts show() calls: a document loaded after a newer call started is dropped. */
  private loads = 0;
  /** Counts draws (new document, zoom, resize): an older draw stops at its next step. */
  private generation = 0;
  private tasks: RenderTask[] = [];
  private observer: IntersectionObserver | null = null;

  constructor(private readonly scroll: HTMLElement, private readonly host: HTMLElement, workerSrc: string) {
    usePdfWorker(workerSrc);
  }

  get pageCount(): number {
    return this.doc?.numPages ?? 0;
  }

  /** Zoom relative to fit-width (0.5 … 3); redraws the current document. */
  async setZoom(z: number): Promise<void> {
    this.zoom = Math.min(3, Math.max(0.5, z));
    if (this.doc) await this.draw(this.doc, ++this.generation);
  }

  get zoomLevel(): number {
    return this.zoom;
  }

  /**
   * Loads `bytes` and draws them, replacing the pages shown. Resolves once the first pages' canvases are
   * in place, with the ms spent parsing (pdf.js's worker) and drawing them (both 0 when a newer call
   * overtook it) and `text`, which settles when their text layers are filled too.
   */
  async show(bytes: Uint8Array): Promise<{ parseMs: number; drawMs: number; text: Promise<void> }> {
    const load = ++this.loads;
    const t0 = performance.now();
    const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false }).promise;
    if (load !== this.loads) {
      void doc.destroy();
      return { parseMs: 0, drawMs: 0, text: Promise.resolve() };
    }
    const t1 = performance.now();
    const old = this.doc;
    this.doc = doc;
    const { text } = await this.draw(doc, ++this.generation);
    // The old document's text layers may still be read while the new ones fill.
    void text.finally(() => {
      if (old && old !== doc) void old.destroy();
    });
    return { parseMs: t1 - t0, drawMs: performance.now() - t1, text };
  }

  /** Draws `doc` in place of the pages shown; resolves when the eager pages' canvases are in, with `text`, their text layers' promise. */
  private async draw(doc: PDFDocumentProxy, gen: number): Promise<{ text: Promise<void> }> {
    for (const t of this.tasks) t.cancel();
    this.tasks = [];
    this.observer?.disconnect();
    const fresh = document.createElement('div');
    fresh.className = 'preview-pages-inner';
    const width = Math.max(200, this.scroll.clientWidth - 48);
    const pages: Array<{ el: HTMLElement; page: PDFPageProxy; drawn: boolean }> = [];
    const all = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
    const none = { text: Promise.resolve() };
    if (gen !== this.generation) return none;
    for (const [i, page] of all.entries()) {
      const n = i + 1;
      const base = page.getViewport({ scale: 1 });
      const scale = (width / base.width) * this.zoom;
      const el = document.createElement('div');
      el.className = 'pdf-page';
      el.dataset.page = String(n);
      el.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
      el.style.width = `${Math.floor(base.width * scale)}px`;
      el.style.height = `${Math.floor(base.height * scale)}px`;
      el.style.setProperty('--total-scale-factor', String(scale));
      el.style.setProperty('--scale-round-x', '1px');
      el.style.setProperty('--scale-round-y', '1px');
      fresh.append(el);
      pages.push({ el, page, drawn: false });
    }
    const drawOne = async (p: (typeof pages)[number]): Promise<{ text: Promise<void> }> => {
      if (p.drawn) return none;
      p.drawn = true;
      return this.drawPage(p.page, p.el);
    };
    const texts: Array<Promise<void>> = [];
    for (const p of pages.slice(0, EAGER_PAGES)) {
      texts.push((await drawOne(p).catch(() => none)).text);
      if (gen !== this.generation) return none;
    }
    const top = this.scroll.scrollTop;
    this.host.replaceChildren(fresh);
    this.scroll.scrollTop = top;
    if (pages.length > EAGER_PAGES) {
      this.observer = new IntersectionObserver((entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const p = pages.find((x) => x.el === e.target);
          if (p) void drawOne(p).catch(() => {});
        }
      }, { root: this.scroll, rootMargin: '400px 0px' });
      for (const p of pages.slice(EAGER_PAGES)) this.observer.observe(p.el);
    }
    return { text: Promise.all(texts).then(() => {}, () => {}) };
  }

  /**
   * Draws one page: a canvas at the device's pixel ratio, then pdf.js's text layer above it. Resolves
   * when the canvas is in place, with `text`, the text layer's promise (laid out at the same time, but it
   * waits for the worker's text extraction: 80-250 ms more on a busy machine, measured).
   * The canvas is drawn with pdf.js's print intent, which runs its chunks back to back; the display
   * intent waits for an animation frame after each chunk (a simple invoice page took 250 ms instead
   * of 50-100 ms at load 15 on 2 CPUs). A preview draws one or two pages, so the main thread is busy
   * for one page's drawing at most.
   */
  private async drawPage(page: PDFPageProxy, el: HTMLElement): Promise<{ text: Promise<void> }> {
    const scale = Number(el.style.getPropertyValue('--total-scale-factor'));
    const viewport = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.setAttribute('aria-hidden', 'true');
    const task = page.render({
      canvas, canvasContext: canvas.getContext('2d')!, viewport, intent: 'print', transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    this.tasks.push(task);
    // The text layer (selectable text, read by tests) is laid out while the canvas draws.
    const text = document.createElement('div');
    text.className = 'textLayer';
    const layer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
    await task.promise;
    el.replaceChildren(canvas, text);
    return { text: layer };
  }
}
