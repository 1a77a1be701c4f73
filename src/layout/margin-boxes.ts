/**
 * Page-margin boxes (css-page-3 §4): @top-left … @bottom-right with their generated content, page counters resolved.
 * In: the laid-out pages, each page's PageStyle, a LayoutContext. Out: PageFragment.marginBoxes filled (MarginBoxFragment per box).
 *
 * Simplified geometry: the three top boxes share the top margin band above the page area (left,
 * centre and right aligned text), the bottom ones the bottom band, the side boxes the left/right
 * bands beside the page area (top, middle, bottom), the corners the corner squares. Content is
 * vertically centred in top/bottom boxes (css-page-3 §4.3 'vertical-align: middle').
 */
import type { BlockBox, TextRun } from '../box/types.ts';
import type { ComputedStyle, ContentItem } from '../css/computed.ts';
import type { MarginBoxName, PageStyle } from '../css/styled.ts';
import type { LayoutContext } from './context.ts';
import type { PageFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { layoutBlockLevel, NO_MARGIN } from './block.ts';
import type { FlowEnv } from './block.ts';
import { BfcFloats } from './float.ts';
import { resolveLength } from '../css/computed.ts';

/** A counter value in a list-style type (decimal, roman, alpha; others fall back to decimal). */
export function formatCounter(n: number, style: string): string {
  const roman = (v: number): string => {
    if (v <= 0 || v >= 4000) return String(v);
    const t: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
    let out = '';
    for (const [k, s] of t) while (v >= k) { out += s; v -= k; }
    return out;
  };
  const alpha = (v: number): string => { let out = ''; while (v > 0) { v--; out = String.fromCharCode(97 + (v % 26)) + out; v = Math.floor(v / 26); } return out || String(n); };
  switch (style) {
    case 'lower-roman': return roman(n);
    case 'upper-roman': return roman(n).toUpperCase();
    case 'lower-alpha': case 'lower-latin': return alpha(n);
    case 'upper-alpha': case 'upper-latin': return alpha(n).toUpperCase();
    case 'decimal-leading-zero': return n < 10 && n >= 0 ? '0' + n : String(n);
    case 'none': return '';
    default: return String(n);
  }
}

/** The text of a margin box's `content` on page `page` (1-based) of `pages` (css-page-3 §4.3, css-content-3). */
export function marginBoxText(items: ContentItem[], page: number, pages: number): string {
  let out = '';
  for (const it of items) {
    if (it.kind === 'string') out += it.value;
    else if (it.kind === 'counter' || it.kind === 'counters') out += formatCounter(it.name === 'page' ? page : it.name === 'pages' ? pages : 0, it.style);
  }
  return out;
}

type Rect = { x: number; y: number; w: number; h: number };

function rectOf(name: MarginBoxName, page: PageFragment): { rect: Rect; align: 'left' | 'center' | 'right'; valign: 'top' | 'middle' | 'bottom' } {
  const a = page.area;
  const top = a.y, bottom = page.height - (a.y + a.height), left = a.x, right = page.width - (a.x + a.width);
  const H = page.height, W = page.width;
  switch (name) {
    case 'top-left': return { rect: { x: a.x, y: 0, w: a.width, h: top }, align: 'left', valign: 'middle' };
    case 'top-center': return { rect: { x: a.x, y: 0, w: a.width, h: top }, align: 'center', valign: 'middle' };
    case 'top-right': return { rect: { x: a.x, y: 0, w: a.width, h: top }, align: 'right', valign: 'middle' };
    case 'bottom-left': return { rect: { x: a.x, y: H - bottom, w: a.width, h: bottom }, align: 'left', valign: 'middle' };
    case 'bottom-center': return { rect: { x: a.x, y: H - bottom, w: a.width, h: bottom }, align: 'center', valign: 'middle' };
    case 'bottom-right': return { rect: { x: a.x, y: H - bottom, w: a.width, h: bottom }, align: 'right', valign: 'middle' };
    case 'top-left-corner': return { rect: { x: 0, y: 0, w: left, h: top }, align: 'right', valign: 'middle' };
    case 'top-right-corner': return { rect: { x: W - right, y: 0, w: right, h: top }, align: 'left', valign: 'middle' };
    case 'bottom-left-corner': return { rect: { x: 0, y: H - bottom, w: left, h: bottom }, align: 'right', valign: 'middle' };
    case 'bottom-right-corner': return { rect: { x: W - right, y: H - bottom, w: right, h: bottom }, align: 'left', valign: 'middle' };
    case 'left-top': return { rect: { x: 0, y: a.y, w: left, h: a.height }, align: 'center', valign: 'top' };
    case 'left-middle': return { rect: { x: 0, y: a.y, w: left, h: a.height }, align: 'center', valign: 'middle' };
    case 'left-bottom': return { rect: { x: 0, y: a.y, w: left, h: a.height }, align: 'center', valign: 'bottom' };
    case 'right-top': return { rect: { x: W - right, y: a.y, w: right, h: a.height }, align: 'center', valign: 'top' };
    case 'right-middle': return { rect: { x: W - right, y: a.y, w: right, h: a.height }, align: 'center', valign: 'middle' };
    default: return { rect: { x: W - right, y: a.y, w: right, h: a.height }, align: 'center', valign: 'bottom' };
  }
}

/** The used vertical placement of a margin box's content: its own `vertical-align` when top/middle/bottom, else the box's default. */
function valignOf(style: ComputedStyle, dflt: 'top' | 'middle' | 'bottom'): 'top' | 'middle' | 'bottom' {
  const v = style.verticalAlign as unknown;
  return v === 'top' || v === 'middle' || v === 'bottom' ? v : dflt;
}

/**
 * Lays out the margin boxes of every page (after pagination, so counter(pages) is known).
 * `styles[i]` is the PageStyle used for page i. A box is generated whenever its `content` is
 * not none/normal, even when the text is empty (`content: ''`, css-page-3 §4.2). Its border box
 * fills its area minus its own margins (css-page-3 §4.4, simplified: each box takes its whole
 * band); `vertical-align` (top/middle/bottom) places the content inside its content box.
 */
export function layoutMarginBoxes(pages: PageFragment[], styles: PageStyle[], ctx: LayoutContext, env: FlowEnv): void {
  pages.forEach((page, i) => {
    const ps = styles[i];
    if (!ps) return;
    for (const [name, style] of Object.entries(ps.marginBoxes) as Array<[MarginBoxName, ComputedStyle]>) {
      if (!style || !Array.isArray(style.content)) continue;
      const text = marginBoxText(style.content, i + 1, pages.length).replace(/[ \t\n\r]+/g, ' ').trim();
      const { rect, align, valign } = rectOf(name, page);
      if (rect.w <= 0 || rect.h <= 0) continue;
      const s: ComputedStyle = { ...style, display: 'block', textAlign: style.textAlign === 'start' ? align : style.textAlign };
      // Margins: auto counts as 0 here; percentages against the area's width (CSS 2.1 §8.3).
      const mv = (v: typeof s.marginTop): number => (v === 'auto' ? 0 : resolveLength(v, rect.w));
      const ml = mv(s.marginLeft), mr = mv(s.marginRight), mt = mv(s.marginTop), mbm = mv(s.marginBottom);
      const children: TextRun[] = text ? [{ kind: 'text', text, style: { ...s, display: 'inline' } }] : [];
      const box: BlockBox = { kind: 'block', outer: 'block', inlineContent: true, style: s, children, anonymous: true };
      const bpH = resolveLength(s.paddingLeft, rect.w) + resolveLength(s.paddingRight, rect.w) + s.borderLeft.width + s.borderRight.width;
      const r = layoutBlockLevel(box, {
        cb: { x: rect.x, y: rect.y, width: rect.w, height: rect.h }, y: rect.y, margin: NO_MARGIN,
        floats: new BfcFloats(env.floatLayout), token: null, atTop: true, truncate: false, abs: [],
        widthOverride: Math.max(0, rect.w - ml - mr - bpH),
        marginsOverride: { left: ml, right: mr },
        ignoreHeight: true,
      }, { ...env, ctx, pageBottom: Infinity });
      const f = r.fragment;
      if (!f || f.kind !== 'box') continue;
      // Fill the area minus the margins; place the content by vertical-align.
      const natural = f.height;
      const full = Math.max(natural, rect.h - mt - mbm);
      const free = full - natural;
      const va = valignOf(style, valign);
      const dy = va === 'top' ? 0 : va === 'bottom' ? free : free / 2;
      translateFragment(f, 0, rect.y + mt - f.y);
      for (const c of f.children) translateFragment(c, 0, dy);
      f.height = full;
      page.marginBoxes.push({ name, fragment: f });
    }
  });
}
