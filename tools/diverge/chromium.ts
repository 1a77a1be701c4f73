/**
 * Chromium's side: a document's layout as Chromium 156 makes it in print emulation, read through the DevTools protocol.
 * In: an HTML file and a viewport (the page area in CSS px). Out: a LayoutNode tree (border boxes, text boxes,
 * computed values) and, on request, the platform fonts Chromium used for an element's text.
 * Reference environment: ../shared/fidelity/README.md (same Chromium, launch flags, pinned fonts, blocked network).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { LayoutNode, Rect } from './compare.ts';
import { STYLE_KEYS } from './compare.ts';
import { pdfWords } from '../../test/fidelity/score.ts';

const run = promisify(execFile);

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Launch flags of the fidelity references (make-refs.mjs) and the brief. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The fontconfig template: the repository's corpus copy when present, else the shared one beside the project. */
export function defaultFontsConfTemplate(): string {
  const inRepo = path.join(REPO, 'test/fidelity/fonts.conf.in');
  return existsSync(inRepo) ? inRepo : path.resolve(REPO, '../shared/fidelity/fonts.conf.in');
}

/** The platform fonts Chromium used for an element's own text (CSS.getPlatformFontsForNode). */
export interface PlatformFont { familyName: string; postScriptName?: string; isCustomFont: boolean; glyphCount: number }

/** A text box with its text, px. */
export interface TextBox extends Rect { text: string }

/** A word of a PDF as pdftotext -bbox gives it: 0-based page, box in pt from the page's top-left, text XML-escaped. */
export type PdfWord = Awaited<ReturnType<typeof pdfWords>>[number];

/** One document as Chromium laid it out; `close()` ends its tab. */
export interface ChromiumCapture {
  root: LayoutNode;
  /** document.compatMode === 'BackCompat'. */
  quirks: boolean;
  /** Print shrink-to-fit factor Chromium would use: the document's scroll width over the viewport width, 1 to 1.5. */
  contentScale: number;
  /** The viewport the layout was read at (px). */
  viewport: { width: number; height: number };
  /**
   * Media queries on the viewport's size whose result the shrink-to-fit viewport changed. Chromium's print
   * evaluates them at the page area and lays out wider; here they are evaluated at the wider viewport.
   */
  mediaChanged: string[];
  /** Requests that were blocked (anything but file: and data:). */
  blocked: string[];
  /** Every text box of the document with its text (document px), in document order. */
  textBoxes: TextBox[];
  ms: { load: number; snapshot: number };
  platformFonts(node: LayoutNode): Promise<PlatformFont[]>;
  /**
   * Prints the document as the fidelity references are made (page.pdf: A4, 10 mm margins,
   * preferCSSPageSize, printBackground) and returns its words (pdftotext -bbox; pt, 0-based pages) and page count.
   */
  printedWords(): Promise<{ pages: number; words: PdfWord[] }>;
  close(): Promise<void>;
}

/** A running Chromium with the pinned fonts; one per tool run, several documents may be captured with it. */
export class ChromiumReference {
  private constructor(private readonly browser: Browser, private readonly work: string) {}

  /** Launches /usr/bin/chromium with FONTCONFIG_FILE = the template filled for the repository's fonts/ (a private temp folder, removed by close()). */
  static async launch(fontsConfTemplate = defaultFontsConfTemplate()): Promise<ChromiumReference> {
    const work = mkdtempSync(path.join(tmpdir(), 'quire-diverge-'));
    try {
      const conf = path.join(work, 'fonts.conf');
      writeFileSync(conf, readFileSync(fontsConfTemplate, 'utf8').replace('@FONTDIR@', path.join(REPO, 'fonts')).replace('@CACHEDIR@', path.join(work, 'fc-cache')));
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, env: { ...process.env, FONTCONFIG_FILE: conf } });
      return new ChromiumReference(browser, work);
    } catch (e) {
      rmSync(work, { recursive: true, force: true });
      throw e;
    }
  }

  /**
   * Opens `file` (its own URL, so relative assets load), blocks every request but file: and data:,
   * emulates print media at `viewport` (px), waits for load and document.fonts.ready, applies print
   * shrink-to-fit (a viewport `contentScale` times larger, as Blink lays out wide content when printing),
   * then reads every element's border box, text boxes and computed values with one DOMSnapshot.captureSnapshot.
   */
  async capture(file: string, viewport: { width: number; height: number }): Promise<ChromiumCapture> {
    const page = await this.browser.newPage({ viewport: { width: Math.round(viewport.width), height: Math.round(viewport.height) } });
    try {
      return await captureIn(page, file, viewport, this.work);
    } catch (e) {
      await page.close();
      throw e;
    }
  }

  async close(): Promise<void> {
    try { await this.browser.close(); } finally { rmSync(this.work, { recursive: true, force: true }); }
  }
}

async function captureIn(page: Page, file: string, viewport: { width: number; height: number }, work: string): Promise<ChromiumCapture> {
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith('file:') || u.startsWith('data:')) return route.continue();
    blocked.push(u);
    return route.abort();
  });
  await page.emulateMedia({ media: 'print' });
  const t0 = performance.now();
  await page.goto(pathToFileURL(path.resolve(file)).href, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Blink's print shrink-to-fit (src/layout/print-scale.ts): content that reaches past the page's right edge is laid
  // out wider, at most 1.5 times. The reach: the scroll width, but not overflow to the left (rtl), which it also counts.
  const reach = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    let right = 0;
    for (const el of Array.from(document.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) right = Math.max(right, r.right + scrollX);
    }
    return Math.min(scroller.scrollWidth, right);
  });
  const contentScale = Math.min(1.5, Math.max(1, reach / Math.round(viewport.width)));
  const used = { width: Math.round(viewport.width * contentScale), height: Math.round(viewport.height * contentScale) };
  let mediaChanged: string[] = [];
  if (contentScale > 1) {
    const before = await sizeQueries(page);
    await page.setViewportSize(used);
    const after = new Map(await sizeQueries(page));
    mediaChanged = before.filter(([q, m]) => after.get(q) !== m).map(([q]) => q);
  }
  const quirks = await page.evaluate(() => document.compatMode === 'BackCompat');
  const load = performance.now() - t0;
  const cdp = await page.context().newCDPSession(page);
  const t1 = performance.now();
  const snap = await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [...STYLE_KEYS], includeDOMRects: false });
  const { root, textBoxes } = snapshotTree(snap as unknown as Snapshot);
  const snapshot = performance.now() - t1;
  let domReady = false;
  return {
    root, quirks, contentScale, viewport: used, mediaChanged, blocked, textBoxes, ms: { load, snapshot },
    printedWords: async () => {
      const pdf = path.join(work, `print-${process.pid}-${Date.now()}.pdf`);
      try {
        writeFileSync(pdf, await page.pdf({ format: 'A4', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' }, preferCSSPageSize: true, printBackground: true }));
        const words = await pdfWords(pdf);
        const { stdout } = await run('pdfinfo', [pdf]);
        return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0), words };
      } finally { rmSync(pdf, { force: true }); }
    },
    platformFonts: async (node) => {
      if (typeof node.ref !== 'number') return [];
      if (!domReady) { await cdp.send('DOM.enable'); await cdp.send('CSS.enable'); await cdp.send('DOM.getDocument', { depth: 0 }); domReady = true; }
      const { nodeIds } = await cdp.send('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: [node.ref] });
      if (!nodeIds[0]) return [];
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: nodeIds[0] });
      return fonts;
    },
    close: async () => { await cdp.detach().catch(() => undefined); await page.close(); },
  };
}

/**
 * The document's media queries that test width, height or aspect ratio, each with whether it matches now.
 * (Script text, not a function: tsx would wrap the inner function in a helper the page does not have.)
 */
async function sizeQueries(page: Page): Promise<Array<[string, boolean]>> {
  return page.evaluate(`(() => {
    const out = new Set();
    const walk = (rules) => {
      for (const r of Array.from(rules)) {
        if (r instanceof CSSMediaRule) out.add(r.media.mediaText);
        if (r.cssRules) walk(r.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.media.mediaText) out.add(sheet.media.mediaText);
      try { walk(sheet.cssRules); } catch { /* a sheet that cannot be read */ }
    }
    return [...out].filter((q) => /width|height|aspect/.test(q)).map((q) => [q, matchMedia(q).matches]);
  })()`);
}

/** The parts of DOMSnapshot.captureSnapshot's answer read here (CDP DOMSnapshot domain). */
interface Snapshot {
  strings: string[];
  documents: Array<{
    nodes: { parentIndex: number[]; nodeType: number[]; nodeName: number[]; backendNodeId: number[]; attributes: number[][]; pseudoType?: { index: number[] } };
    layout: { nodeIndex: number[]; styles: number[][]; bounds: number[][]; text: number[] };
    textBoxes: { layoutIndex: number[]; bounds: number[][]; start: number[]; length: number[] };
  }>;
}

const rectOf = (b: number[]): Rect => ({ x: b[0]!, y: b[1]!, width: b[2]!, height: b[3]! });

/**
 * Builds the element tree of the main frame's document from a snapshot: elements only (no pseudo-elements,
 * no shadow trees, whose nodes hang from shadow-root nodes), each with its layout object's bounds (the
 * border box in document coordinates), its computed values and the text boxes of its own text nodes.
 */
export function snapshotTree(snap: Snapshot): { root: LayoutNode; textBoxes: TextBox[] } {
  const S = snap.strings;
  const doc = snap.documents[0]!;
  const { nodes, layout, textBoxes } = doc;
  const n = nodes.parentIndex.length;
  const pseudo = new Set(nodes.pseudoType?.index ?? []);
  const layoutOf = new Int32Array(n).fill(-1);
  layout.nodeIndex.forEach((node, li) => { if (layoutOf[node]! < 0) layoutOf[node] = li; });
  const made: Array<LayoutNode | undefined> = new Array(n);
  let root: LayoutNode | undefined;
  for (let i = 0; i < n; i++) {
    if (nodes.nodeType[i] !== 1 || pseudo.has(i)) continue;
    const parent = nodes.parentIndex[i]!;
    const attrs = nodes.attributes[i] ?? [];
    let id: string | undefined;
    let classes: string[] = [];
    for (let k = 0; k + 1 < attrs.length; k += 2) {
      const name = S[attrs[k]!], value = S[attrs[k + 1]!] ?? '';
      if (name === 'id' && value) id = value;
      else if (name === 'class') classes = value.split(/\s+/).filter(Boolean);
    }
    const li = layoutOf[i]!;
    const style: Record<string, string> = {};
    if (li >= 0) STYLE_KEYS.forEach((key, k) => { style[key] = S[layout.styles[li]![k]!] ?? ''; });
    const node: LayoutNode = { tag: S[nodes.nodeName[i]!]!.toLowerCase(), classes, box: li >= 0 ? rectOf(layout.bounds[li]!) : null, texts: [], style, children: [], ref: nodes.backendNodeId[i] };
    if (id) node.id = id;
    made[i] = node;
    if (parent >= 0 && made[parent]) made[parent]!.children.push(node);
    else if (!root && parent >= 0 && nodes.nodeType[parent] === 9) root = node;
  }
  const all: TextBox[] = [];
  textBoxes.layoutIndex.forEach((li, k) => {
    const textNode = layout.nodeIndex[li]!;
    const text = (S[layout.text[li]!] ?? '').slice(textBoxes.start[k]!, textBoxes.start[k]! + textBoxes.length[k]!);
    if (text.trim() === '') return;
    all.push({ ...rectOf(textBoxes.bounds[k]!), text });
    const owner = made[nodes.parentIndex[textNode]!];
    if (owner && nodes.nodeType[textNode] === 3) owner.texts.push(rectOf(textBoxes.bounds[k]!));
  });
  if (!root) throw new Error('Chromium snapshot has no root element');
  return { root, textBoxes: all };
}
