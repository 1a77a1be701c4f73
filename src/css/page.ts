/**
 * The @page cascade. In: the collected @page rules (UA and author, with margin-box rules) and a
 * page's selector context (name, first, left/right, blank). Out: the page's `PageStyle`: used
 * page size (px), page-context computed style and margin-box styles, memoised per context.
 *
 * Follows css-page-3 §3 (page selectors and their specificity: names, then :first/:blank, then
 * :left/:right), §4 (margin boxes, whose parent is the page context), §7.1 (`size`).
 */
import type { Element } from 'domhandler';
import type { ComputedStyle } from './computed.ts';
import type { Declaration } from './declaration.ts';
import type { MarginBoxName, PageSelectorContext, PageStyle } from './styled.ts';
import { WarningSink } from '../warnings.ts';
import type { CollectedPage } from './stylesheet-collect.ts';
import type { ComputeContext, PropertyTable } from './property-table.ts';
import { parseStylesheet, type SheetItem } from './stylesheet.ts';
import { matchMedia, type MediaEnv } from './stylesheet-media.ts';
import { sourceLine, textContent } from '../html/parse.ts';
import { DEFAULT_PAGE_SIZE } from './properties/page.ts';

/** The default page in CSS px (A4 as Chromium prints it, see DEFAULT_PAGE_SIZE) and its margins (the UA's 28pt). */
export const A4 = Object.freeze({ width: DEFAULT_PAGE_SIZE[0], height: DEFAULT_PAGE_SIZE[1] });
const MM10 = 28 * 4 / 3;

/** Page descriptors that are not properties of the page context style. */
const PAGE_ONLY = new Set(['size', 'marks', 'bleed', 'page-orientation']);

/** `:nth(An+B [of <custom-ident>])` (css-gcpm-3 §6.1): matches page numbers A·n + B for some n >= 0. */
interface NthPage { a: number; b: number; of: string | null }

interface PageSelector { name: string | null; first: number; blank: number; side: 'left' | 'right' | null; nth: NthPage[]; spec: number }

/** Parses the An+B microsyntax (css-syntax-3 §6: `odd`, `even`, `3`, `-n+3`, `2n - 1`); null when invalid. */
export function parseAnB(text: string): { a: number; b: number } | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'odd') return { a: 2, b: 1 };
  if (t === 'even') return { a: 2, b: 0 };
  const m = /^([+-]?\d*)n(?:\s*([+-])\s*(\d+))?$/.exec(t);
  if (m) {
    const coef = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : Number(m[1]);
    const b = m[2] ? (m[2] === '-' ? -1 : 1) * Number(m[3]) : 0;
    return { a: coef, b };
  }
  return /^[+-]?\d+$/.test(t) ? { a: 0, b: Number(t) } : null;
}

/** True when the 1-based `k` is A·n + B for some integer n >= 0. */
function nthMatches(a: number, b: number, k: number): boolean {
  if (a === 0) return k === b;
  const n = (k - b) / a;
  return Number.isInteger(n) && n >= 0;
}

/**
 * Parses a page selector list (css-page-3 §4.1, with css-gcpm-3's `:nth()`); null when any
 * selector is invalid. Specificity (css-page-3 §4.2): page type names, then :first, :blank and
 * :nth() (counted like :first), then :left/:right.
 */
export function parsePageSelectors(text: string): PageSelector[] | null {
  const t = text.trim();
  if (t === '') return [{ name: null, first: 0, blank: 0, side: null, nth: [], spec: 0 }];
  const out: PageSelector[] = [];
  for (const part of t.split(',')) {
    const m = /^\s*(-?[a-zA-Z_][\w-]*)?((?:\s*:[a-zA-Z-]+(?:\([^()]*\))?)*)\s*$/.exec(part);
    if (!m) return null;
    const sel: PageSelector = { name: m[1] ?? null, first: 0, blank: 0, side: null, nth: [], spec: 0 };
    for (const pm of m[2]!.matchAll(/:([a-zA-Z-]+)(?:\(([^()]*)\))?/g)) {
      const p = pm[1]!.toLowerCase();
      if (pm[2] !== undefined) {
        if (p !== 'nth') return null;
        const of = /^(.*?)\s+of\s+(-?[a-zA-Z_][\w-]*)\s*$/i.exec(pm[2]);
        const anb = parseAnB(of ? of[1]! : pm[2]);
        if (!anb) return null;
        sel.nth.push({ ...anb, of: of ? of[2]! : null });
      } else if (p === 'first') sel.first++;
      else if (p === 'blank') sel.blank++;
      else if (p === 'left' || p === 'right') sel.side = p;
      else return null;
    }
    sel.spec = (sel.name ? 1e6 : 0) + (sel.first + sel.blank + sel.nth.length) * 1e3 + (sel.side ? 1 : 0);
    out.push(sel);
  }
  return out;
}

function matches(sel: PageSelector, ctx: PageSelectorContext): boolean {
  if (sel.name !== null && sel.name !== ctx.name) return false;
  if (sel.first && !ctx.first) return false;
  if (sel.blank && !ctx.blank) return false;
  if (sel.side === 'left' && ctx.right) return false;
  if (sel.side === 'right' && !ctx.right) return false;
  for (const n of sel.nth) {
    if (n.of !== null) {
      if (n.of !== ctx.name || !nthMatches(n.a, n.b, (ctx.groupIndex ?? 0) + 1)) return false;
    } else if (!nthMatches(n.a, n.b, (ctx.index ?? 0) + 1)) return false;
  }
  return true;
}

interface PageMatch { band: number; importantBand: number; spec: number; order: number; page: CollectedPage }

/**
 * The element cascade's style memo (src/css/style-memo.ts), lent to the page styler: a page context's and a margin box's
 * style computed once per parent style and `key` (which names the matched rules' declaration lists, by `id`), across renders.
 */
export interface PageStyleMemo {
  style(parent: ComputedStyle, key: string, ctx: ComputeContext, compute: (ctx: ComputeContext) => ComputedStyle): ComputedStyle;
  id(list: object): number;
}

/**
 * Creates the memoised `pageStyle(ctx)` of a StyledDocument. The page context's parent is the root
 * element's style; margin boxes' parent is the page context. Throws TypeError for a missing ctx.
 */
export function createPageStyler(
  pages: CollectedPage[], table: PropertyTable, warnings: WarningSink,
  base: { rootStyle: ComputedStyle; quirks: boolean; fontMetrics?: ComputeContext['fontMetrics'] | undefined; viewport?: { width: number; height: number }; memo?: PageStyleMemo },
): (ctx: PageSelectorContext) => PageStyle {
  const parsed = pages.map((p) => {
    const sels = parsePageSelectors(p.selector);
    if (!sels) warnings.add('unsupported-selector', `unsupported page selector "@page ${p.selector}"`);
    return sels;
  });
  const unlayered = pages.reduce((m, p) => Math.max(m, p.layer), 0);
  // :nth() makes the page's number part of the memo key; without it, pages share styles.
  const hasNth = parsed.some((sels) => sels?.some((x) => x.nth.length > 0));
  const memo = new Map<string, PageStyle>();
  const ctxFor = (parent: ComputedStyle | null): ComputeContext => {
    const c: ComputeContext = { parent, rootFontSize: base.rootStyle.fontSize, quirks: base.quirks, warnings };
    if (base.viewport) c.viewport = base.viewport;
    if (base.fontMetrics) c.fontMetrics = base.fontMetrics;
    return c;
  };

  return (ctx: PageSelectorContext): PageStyle => {
    if (!ctx || typeof ctx !== 'object') throw new TypeError('pageStyle expects a PageSelectorContext object');
    const key = `${ctx.name ?? ''}\u0000${ctx.first ? 1 : 0}${ctx.right ? 1 : 0}${ctx.blank ? 1 : 0}${hasNth ? `\u0000${ctx.index ?? 0}:${ctx.groupIndex ?? 0}` : ''}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const matched: PageMatch[] = [];
    pages.forEach((page, i) => {
      const sels = parsed[i];
      if (!sels) return;
      let spec = -1;
      for (const s of sels) if (matches(s, ctx) && s.spec > spec) spec = s.spec;
      if (spec < 0) return;
      const ua = page.origin === 'ua';
      matched.push({ band: ua ? 0 : 100 + page.layer, importantBand: ua ? 5000 : 1100 + (unlayered - page.layer), spec, order: page.order, page });
    });
    const ordered = order(matched, (m) => m.page.declarations);
    let size: { width: number; height: number } | null = null;
    for (let i = ordered.length - 1; i >= 0 && size === null; i--) {
      if (ordered[i]!.name === 'size') size = table.computePageSize(ordered[i]!.value, warnings);
    }
    // "The page context inherits from the root element" (css-page-3 §6): colours, fonts and
    // custom properties set on :root reach the page and its margin boxes, as in every print engine.
    const memoStyle = base.memo;
    // The memo key: the matched rules' declaration lists with what orders them (order() sorts by these numbers alone).
    const rulesKey = (lists: (m: PageMatch) => string): string => {
      let k = '';
      for (const m of matched) k += `,${m.band}:${m.importantBand}:${m.spec}:${m.order}:${lists(m)}`;
      return k;
    };
    const compute = (parent: ComputedStyle, key: string | null, decls: () => Declaration[]): ComputedStyle =>
      memoStyle && key !== null ? memoStyle.style(parent, key, ctxFor(parent), (c) => table.computeStyle(decls(), c)) : table.computeStyle(decls(), ctxFor(parent));
    const style = compute(base.rootStyle, memoStyle ? `@page${rulesKey((m) => String(memoStyle.id(m.page.declarations)))}` : null,
      () => ordered.filter((d) => !PAGE_ONLY.has(d.name) || table.isKnownProperty(d.name)));
    const marginBoxes: PageStyle['marginBoxes'] = {};
    const names = new Set<string>();
    for (const m of matched) for (const mr of m.page.margins) names.add(mr.name);
    for (const name of names) {
      const own = (m: PageMatch) => m.page.margins.filter((mr) => mr.name === name);
      const key = memoStyle ? `@${name}${rulesKey((m) => own(m).map((mr) => memoStyle.id(mr.declarations)).join('/'))}` : null;
      const s = compute(style, key, () => order(matched, (m) => own(m).flatMap((mr) => mr.declarations)));
      if (s.content !== 'none' && s.content !== 'normal') marginBoxes[name as MarginBoxName] = s;
    }
    const result: PageStyle = { size: size ?? { width: A4.width, height: A4.height }, style, marginBoxes };
    const { bleed, crop, cross } = bleedOf(ordered, warnings);
    if (bleed > 0) result.bleed = bleed;
    if (crop && bleed > 0) result.cropMarks = true;
    if (cross && bleed > 0) result.crossMarks = true;
    memo.set(key, result);
    return result;
  };
}

/**
 * The used `bleed` (css-page-3 §7.2), px, and `marks` (§7.1) from the cascaded page declarations:
 * `auto` (the initial value) is 6pt when `marks` is not none, else 0; a length must be absolute
 * (an invalid one warns and counts as auto). Paint draws crop and cross marks in the bleed area.
 */
function bleedOf(ordered: Declaration[], warnings: WarningSink): { bleed: number; crop: boolean; cross: boolean } {
  let bleed: string | undefined;
  let marks: string | undefined;
  for (const d of ordered) {
    if (d.name === 'bleed') bleed = d.value.trim();
    else if (d.name === 'marks') marks = d.value.trim().toLowerCase();
  }
  const crop = marks !== undefined && /\bcrop\b/.test(marks);
  const cross = marks !== undefined && /\bcross\b/.test(marks);
  const auto = crop || cross ? 8 : 0;
  if (bleed === undefined || bleed.toLowerCase() === 'auto') return { bleed: auto, crop, cross };
  const px = absoluteBox(bleed);
  if (!px || bleed.split(/\s+/).length !== 1) {
    warnings.add('unsupported-value', `bleed: "${bleed}" is not an absolute length`);
    return { bleed: auto, crop, cross };
  }
  return { bleed: Math.max(0, px[0]!), crop, cross };
}

function order(matched: PageMatch[], declsOf: (m: PageMatch) => Declaration[]): Declaration[] {
  const normal = [...matched].sort((a, b) => a.band - b.band || a.spec - b.spec || a.order - b.order);
  const out: Declaration[] = [];
  for (const m of normal) for (const d of declsOf(m)) if (!d.important) out.push(d);
  const imp = [...matched].sort((a, b) => a.importantBand - b.importantBand || a.spec - b.spec || a.order - b.order);
  for (const m of imp) for (const d of declsOf(m)) if (d.important) out.push(d);
  return out;
}

/**
 * The page area (px) media queries are evaluated against in print: the product's default page (A4 with 10 mm
 * margins, the page make-refs.mjs prints on), 720 x 1049.3 px, whatever the document's `@page` rules say. Chromium 156
 * evaluates print media queries against its print settings' page area, not the `@page` size or margins (measured with
 * page.pdf, format A4, 10 mm margins, preferCSSPageSize: `min-width: 720px` applies and 721px does not, `min-height:
 * 1049px` applies and 1050px does not, `orientation: portrait`, with no `@page`, `margin: 0`, `size: A5`, `A3`,
 * `A4 landscape`, `margin: 30mm` and Bootstrap's `@media print { @page { size: 1200px 800px; margin: 0 } }`).
 */
export const PRINT_MEDIA_ENV: MediaEnv = Object.freeze({ width: A4.width - 2 * MM10, height: A4.height - 2 * MM10 });

/**
 * The page area (px) viewport-percentage lengths resolve against (unitViewport): the default A4 page with 10 mm
 * margins, or the size and absolute margins of the last selector-less author `@page` rule in a <style>
 * element (also inside @media blocks that match the print media environment, e.g. Bootstrap's
 * `@media print { @page { size: a3 } }`). (A simplification: per css-page-3 the viewport is each page's own page area.)
 */
export function pageAreaFromRules(sheets: readonly Element[], table: PropertyTable, _warnings: WarningSink): MediaEnv {
  let size: { width: number; height: number } = { width: A4.width, height: A4.height };
  let margins = [MM10, MM10, MM10, MM10];
  const quiet = new WarningSink();
  const scan = (items: SheetItem[]): void => {
    for (const d of pageSizeDeclarations(items, PRINT_MEDIA_ENV)) {
      if (d.name === 'size') size = table.computePageSize(d.value, quiet) ?? size;
      else if (d.name === 'margin') margins = absoluteBox(d.value) ?? margins;
    }
  };
  for (const k of sheets) {
    if (k.name !== 'style') continue;
    const media = k.attribs['media'];
    if (media === undefined || matchMedia(media, PRINT_MEDIA_ENV)) {
      scan(parseStylesheet(textContent(k), { source: 'style element', firstLine: sourceLine(k) ?? 1 }).items);
    }
  }
  return { width: Math.max(1, size.width - margins[1]! - margins[3]!), height: Math.max(1, size.height - margins[0]! - margins[2]!) };
}

/**
 * The viewport viewport-percentage lengths resolve against (css-values-4 §6.1.2; in print the page area, css-page-3 §3.2),
 * px, for the page area `area` (pageAreaFromRules) laid out at the print shrink-to-fit factor `scale` (>= 1,
 * src/layout/print-scale.ts): the initial containing block Chromium 156 lays the document out in, the area times the
 * factor, each side whole px rounded down. Measured with page.pdf on A4 with margins 20px 30px, 20.3px 30.4px and 10mm
 * (100vw right-aligned text, 50vh blocks' painted edges): 100vw is 733 px of the 733.7 px area; with a 1200 px block
 * (factor 1.5) 1100 px, with an 800 px one (factor 800 / 734) 799 px; 50vh 811-812 px (1623.8 / 2), not half of 1082.5;
 * on Letter with margins 1in 0.5in and a calc(100vw + 100px) block, 819 px (the factor and product in single precision).
 * Media queries do not change with the factor (they see PRINT_MEDIA_ENV: a max-width: 1000px rule still applies there).
 */
export function unitViewport(area: MediaEnv, scale = 1): { width: number; height: number } {
  const EPS = 1e-6;
  // Blink's shrink factor is a float: 820 / 720 is 1.13888884, so 100vw on that page is 819 px, not 820.
  const k = Math.fround(scale);
  const side = (v: number): number => Math.max(1, Math.floor((k === 1 ? v : Math.fround(v * k)) + EPS));
  return { width: side(area.width), height: side(area.height) };
}

/** The size and margin declarations of a sheet's unnamed @page rules, in order, per sheet (a sheet is immutable; the environment is the default one). */
const pageSizeDecls = new WeakMap<SheetItem[], Declaration[]>();

function pageSizeDeclarations(items: SheetItem[], env: MediaEnv): Declaration[] {
  let out = pageSizeDecls.get(items);
  if (out) return out;
  out = [];
  const scan = (list: SheetItem[]): void => {
    for (const it of list) {
      if (it.kind === 'media' && matchMedia(it.query, env)) scan(it.items);
      if (it.kind !== 'page' || it.selector.trim() !== '') continue;
      for (const d of it.declarations) if (d.name === 'size' || d.name === 'margin') out!.push(d);
    }
  };
  scan(items);
  pageSizeDecls.set(items, out);
  return out;
}

/** Parses a 1–4 value margin shorthand of absolute lengths to px [top, right, bottom, left]; null otherwise. */
function absoluteBox(value: string): number[] | null {
  const UNITS: Record<string, number> = { px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, '': 1 };
  const parts = value.trim().split(/\s+/);
  const px: number[] = [];
  for (const p of parts) {
    const m = /^(-?[\d.]+)([a-z]*)$/i.exec(p);
    if (!m || UNITS[m[2]!.toLowerCase()] === undefined || (m[2] === '' && Number(m[1]) !== 0)) return null;
    px.push(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
  }
  if (px.length < 1 || px.length > 4) return null;
  const [t, r = t, b = t, l = r] = px as [number, number?, number?, number?];
  return [t, r, b, l];
}
