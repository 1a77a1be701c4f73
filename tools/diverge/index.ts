/**
 * The divergence tool's core: one document laid out by our engine and by Chromium, paired element by element.
 * In: an HTML file path and options (tolerance px, all or first). Out: a DivergeResult (plain data; report.ts prints it).
 */
import { readFileSync } from 'node:fs';
import { ancestry, allDivergences, countCompared, firstDivergence, firstInside, firstPageDivergence, pairTrees, STYLE_KEYS } from './compare.ts';
import { applyOurPages, assignPages, chromiumPageSpans } from './pages.ts';
import type { Delta, Divergence, DivergenceKind, LayoutNode, Pair, Rect } from './compare.ts';
import { ChromiumReference } from './chromium.ts';
import type { ChromiumCapture, PlatformFont } from './chromium.ts';
import { ourLayout } from './ours.ts';
import type { OurLayout } from './ours.ts';
import type { UsedFont } from '../../src/inspect.ts';

export interface DivergeOptions {
  /** Tolerance in CSS px for x, y, width, height and text positions (default 1). */
  tol?: number;
  /** List every divergence (grouped), not only the first. */
  all?: boolean;
  /** With `all`: at most this many groups in the result (default 50); `groupsTotal` has the full count. */
  max?: number;
  /**
   * Look only inside the first element (document order) whose path ends with this (e.g. `table.items`,
   * `tr:nth-child(3) > td.total`; a segment without `:nth-child` matches any index): its first divergence
   * and, with `all`, its groups. Throws UsageError when none matches.
   */
  focus?: string;
  /** Also compare page breaks: our printed layout against a print of Chromium's (default true). */
  pages?: boolean;
  /** A running Chromium to reuse (several documents); by default one is launched and closed. */
  reference?: ChromiumReference;
}

/** One divergent element, with what is needed to tell its class. */
export interface DivergenceReport {
  kind: DivergenceKind;
  path: string;
  line?: number;
  ours: Rect | null;
  chromium: Rect | null;
  /** Ours minus Chromium's, px. */
  delta?: Delta;
  text?: Divergence['text'];
  /** The properties that matter, both sides (ours: computed and used values as getComputedStyle gives them). */
  styles: Array<{ property: string; ours: string; chromium: string; differs: boolean }>;
  fonts?: { ours: UsedFont | null; oursText: string[]; chromium: PlatformFont[] };
  /** Root to the element's parent: each ancestor's box delta (null where a side has no box). */
  ancestors: Array<{ path: string; delta: Delta | null }>;
  /** For a box divergence: the first divergence inside the element, if any (the cause of a width taken from content). */
  inside?: { path: string; kind: DivergenceKind; delta?: Delta };
}

/** The first element that starts on another page when printed. */
export interface PageDivergenceReport {
  path: string;
  line?: number;
  /** 0-based pages; boxes in the continuous flow (px). */
  ours: { page: number; box: Rect | null };
  chromium: { page: number; box: Rect | null };
  /** Height of the page area the content is laid out in (px, times the shrink-to-fit factor). */
  pageAreaHeight: number;
  /** Room left (px) on the page Chromium starts the element on, from its top down (about: the page's begin is its first text). */
  room: number;
  /** display, height and break-* on both sides. */
  styles: DivergenceReport['styles'];
  /** Root to parent: display (ours) and the page each side starts it on. */
  ancestors: Array<{ path: string; display: string; ours?: number; chromium?: number }>;
}

export interface PagesReport {
  ours: number;
  chromium: number;
  /**
   * Where each printed page begins in the continuous flow (px; NaN where it could not be told): ours, the
   * top of the first element starting on the page; Chromium's, the top of the first text on it (from its printed words).
   */
  oursBreaks: number[];
  chromiumBreaks: number[];
  first: PageDivergenceReport | null;
}

export interface GroupReport {
  kind: DivergenceKind;
  path: string;
  line?: number;
  delta?: Delta;
  /** The path with `:nth-child(*)` for every index: what the group's elements share. */
  pattern: string;
  /** Elements of the group (same pattern, kind and delta), the leader included. */
  count: number;
  /** Descendants that only moved with it. */
  inherited: number;
}

export interface DivergeResult {
  file: string;
  tol: number;
  pageSize: { width: number; height: number };
  pageArea: Rect;
  viewport: { width: number; height: number };
  quirks: { ours: boolean; chromium: boolean };
  /** The HTML document mode parse5 gives (HTML §13.2.6.4.1); Chromium's compatMode cannot tell limited-quirks from no-quirks. */
  documentMode: 'no-quirks' | 'limited-quirks' | 'quirks';
  /** Print shrink-to-fit factors, each engine's own; both sides are laid out at Chromium's viewport width. */
  contentScale: { ours: number; chromium: number };
  /** Size media queries that the shrink-to-fit viewport turned (Chromium's print keeps them as at the page area: a limit of this comparison). */
  mediaChanged: string[];
  /** Forced breaks: pages of our unfragmented layout (1 without them). */
  ourPages: number;
  /** Elements with a box on both sides. */
  compared: number;
  /** ours: our layouts (unfragmented, and printed with `pages`); pages: Chromium's print and the page comparison. */
  ms: { ours: number; chromiumLoad: number; chromiumSnapshot: number; compare: number; pages?: number };
  blocked: string[];
  /** With `focus`: the path of the element looked in. */
  focus?: string;
  first: DivergenceReport | null;
  /** Page breaks (unless `pages: false`). */
  pages?: PagesReport;
  groups?: GroupReport[];
  groupsTotal?: number;
}

/** Lays `file` out both ways and compares. Launches Chromium unless `opts.reference` is given. */
export async function diverge(file: string, opts: DivergeOptions = {}): Promise<DivergeResult> {
  const tol = opts.tol ?? 1;
  const html = readFileSync(file, 'utf8');
  const natural = ourLayout(html, file);
  const area = natural.inspection.pageArea;
  const reference = opts.reference ?? await ChromiumReference.launch();
  try {
    const cap = await reference.capture(file, { width: area.width, height: area.height });
    try {
      // Both sides at the same layout width: with shrink-to-fit on either side, ours again at Chromium's (whole px) viewport width.
      const scale = cap.contentScale === 1 && natural.inspection.contentScale === 1 ? undefined : cap.viewport.width / area.width;
      const ours = scale === undefined ? natural : ourLayout(html, file, scale);
      const { result, root } = await compareLayouts(file, ours, natural, cap, tol, opts);
      if (opts.pages !== false) {
        const t0 = performance.now();
        const printed = ourLayout(html, file, scale, 'pages');
        result.ms.ours += printed.ms;
        result.pages = await comparePages(root, ours, printed, cap, area, tol);
        result.ms.pages = performance.now() - t0 - printed.ms;
      }
      return result;
    } finally { await cap.close(); }
  } finally {
    if (!opts.reference) await reference.close();
  }
}

/** Pairs and compares the two unfragmented layouts; returns the result and the paired tree. */
async function compareLayouts(file: string, ours: OurLayout, natural: OurLayout, cap: ChromiumCapture, tol: number, opts: DivergeOptions): Promise<{ result: DivergeResult; root: Pair }> {
  const ins = ours.inspection;
  const t0 = performance.now();
  const root = pairTrees(ours.root, cap.root);
  const scope = opts.focus ? findPair(root, opts.focus) : root;
  const first = firstDivergence(scope, tol);
  const all = opts.all ? allDivergences(scope, tol) : undefined;
  const compare = performance.now() - t0;
  const result: DivergeResult = {
    file, tol, pageSize: ins.pageSize, pageArea: ins.pageArea, viewport: cap.viewport,
    quirks: { ours: ins.quirks, chromium: cap.quirks },
    documentMode: ins.documentMode,
    contentScale: { ours: natural.inspection.contentScale, chromium: cap.contentScale },
    mediaChanged: cap.mediaChanged,
    ourPages: ins.pageCount,
    compared: countCompared(root),
    ms: { ours: natural.ms + (ours === natural ? 0 : ours.ms), chromiumLoad: cap.ms.load, chromiumSnapshot: cap.ms.snapshot, compare },
    blocked: cap.blocked,
    first: first ? await detail(first, tol, ours, cap) : null,
  };
  if (scope !== root) result.focus = scope.path;
  if (all) {
    const max = opts.max ?? 50;
    result.groupsTotal = all.length;
    result.groups = all.slice(0, max).map((g) => {
      const out: GroupReport = { kind: g.leader.kind, path: g.leader.pair.path, pattern: g.pattern, delta: g.leader.delta, count: 1 + g.members.length, inherited: g.inherited };
      const line = lineOf(g.leader.pair);
      if (line !== undefined) out.line = line;
      return out;
    });
  }
  return { result, root };
}

const lineOf = (p: Pair): number | undefined => p.ours?.line ?? p.theirs?.line;

/** A request the document cannot answer (no element for --focus): the CLI prints the message alone. */
export class UsageError extends Error {}

/**
 * The first pair (document order) whose path ends with the segments of `tail` (`a > b`); a segment
 * written without `:nth-child(k)` matches any index (`td.total` matches `td.total:nth-child(4)`).
 * @throws UsageError when no element matches.
 */
function findPair(root: Pair, tail: string): Pair {
  const want = tail.split('>').map((t) => t.trim()).filter(Boolean);
  const matches = (path: string): boolean => {
    const have = path.split(' > ');
    if (have.length < want.length) return false;
    return want.every((q, i) => { const seg = have[have.length - want.length + i]!; return seg === q || seg.startsWith(`${q}:nth-child(`); });
  };
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    if (matches(p.path)) return p;
    for (let i = p.children.length - 1; i >= 0; i--) stack.push(p.children[i]!);
  }
  throw new UsageError(`no element's path ends with "${tail}"`);
}

async function comparePages(root: Pair, ours: OurLayout, printed: OurLayout, cap: ChromiumCapture, area: Rect, tol: number): Promise<PagesReport> {
  const oursBreaks = applyOurPages(ours.root, printed.root, printed.inspection.pageCount);
  const { pages, words } = await cap.printedWords();
  const spans = chromiumPageSpans(pages, words, cap.textBoxes, area, cap.contentScale);
  assignPages(cap.root, spans);
  const chromiumBreaks = spans.map((s) => s.begin);
  const p = firstPageDivergence(root);
  const out: PagesReport = { ours: printed.inspection.pageCount, chromium: pages, oursBreaks, chromiumBreaks, first: null };
  if (!p) return out;
  const keys = new Set(['display', 'height', 'break-before', 'break-after', 'break-inside']);
  const pageAreaHeight = area.height * cap.contentScale;
  const top = p.theirs!.box?.y ?? NaN;
  out.first = {
    path: p.path, pageAreaHeight, room: pageAreaHeight - (top - chromiumBreaks[p.theirs!.page!]!),
    ours: { page: p.ours!.page!, box: p.ours!.box },
    chromium: { page: p.theirs!.page!, box: p.theirs!.box },
    styles: styleRows(p.ours, p.theirs, tol).filter((r) => keys.has(r.property)),
    ancestors: ancestry(p).slice(0, -1).map(({ pair: a }) => ({
      path: a.path.split(' > ').pop()!, display: a.ours?.style.display ?? a.theirs?.style.display ?? '',
      ...(a.ours?.page !== undefined ? { ours: a.ours.page } : {}), ...(a.theirs?.page !== undefined ? { chromium: a.theirs.page } : {}),
    })),
  };
  const line = lineOf(p);
  if (line !== undefined) out.first.line = line;
  return out;
}

async function detail(d: Divergence, tol: number, ours: OurLayout, cap: ChromiumCapture): Promise<DivergenceReport> {
  const p = d.pair;
  const out: DivergenceReport = {
    kind: d.kind, path: p.path, ours: p.ours?.box ?? null, chromium: p.theirs?.box ?? null,
    styles: styleRows(p.ours, p.theirs, tol),
    ancestors: ancestry(p).slice(0, -1).map((a) => ({ path: a.pair.path.split(' > ').pop()!, delta: a.delta })),
  };
  const line = lineOf(p);
  if (line !== undefined) out.line = line;
  if (d.delta) out.delta = d.delta;
  if (d.text) out.text = d.text;
  if (p.ours && p.theirs) {
    out.fonts = { ours: ours.usedFont(p.ours), oursText: ours.textFonts(p.ours), chromium: await cap.platformFonts(p.theirs) };
  }
  if (d.kind === 'box') {
    const inner = firstInside(p, tol);
    if (inner) out.inside = { path: inner.pair.path.slice(p.path.length + 3), kind: inner.kind, ...(inner.delta ? { delta: inner.delta } : {}) };
  }
  return out;
}

const NUMBER = /-?\d*\.?\d+(?:e-?\d+)?/g;
const canon = (v: string): string => v.replace(/["']/g, '').replace(/\s*,\s*/g, ',').trim().toLowerCase();

/**
 * Whether two computed values differ: the same words with numbers in the same places agree when each
 * number does within half the tolerance (px values) or 0.1 % (unitless ones, matrix entries).
 */
function valuesDiffer(ours: string, chromium: string, tol: number): boolean {
  const a = canon(ours), b = canon(chromium);
  if (a.replace(NUMBER, '#') !== b.replace(NUMBER, '#')) return true;
  const xs = a.match(NUMBER) ?? [], ys = b.match(NUMBER) ?? [];
  const px = /^-?[\d.]+px$/.test(a);
  return xs.some((x, i) => Math.abs(+x - +ys[i]!) > (px ? tol / 2 : 1e-3 * Math.max(1, Math.abs(+x))));
}

function styleRows(a: LayoutNode | null, b: LayoutNode | null, tol: number): DivergenceReport['styles'] {
  return STYLE_KEYS.map((property) => {
    const ours = a?.style[property] ?? '', chromium = b?.style[property] ?? '';
    return { property, ours, chromium, differs: valuesDiffer(ours, chromium, tol) };
  });
}

