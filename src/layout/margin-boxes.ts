/**
 * Page-margin boxes (css-page-3 §5): @top-left … @bottom-right with their generated content, page counters, named strings and running elements resolved.
 * In: the laid-out pages, each page's PageStyle, the box tree's running elements, a LayoutContext. Out: PageFragment.marginBoxes filled (MarginBoxFragment per box).
 *
 * Geometry (css-page-3 §5.3): the corners are the squares where the page margins meet; the
 * three boxes of a side share the side of the page border box by their content sizes
 * (src/layout/margin-dimension.ts), the first at its start, the centre one centred, the last at
 * its end; across the side, each fills the page margin minus its own margins. `vertical-align`
 * middle or bottom moves the content down inside the box (any other value reads as top).
 */
import type { BlockBox, Box, TextRun } from '../box/types.ts';
import type { RunningElement } from '../box/types.ts';
import type { ComputedStyle, ContentItem } from '../css/computed.ts';
import type { MarginBoxName, PageStyle } from '../css/styled.ts';
import type { LayoutContext } from './context.ts';
import type { BoxFragment, PageFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { FlowEnv } from './context.ts';
import { NO_MARGIN } from './flow.ts';
import { borderOf, paddingOf, sizeValue, toContent } from './box-model.ts';
import { formatCounter } from '../box/counters.ts';
import { anonymousStyle } from '../box/anonymous.ts';
import { imageBox } from '../box/generated.ts';
import { pageBorderBox } from './page-box.ts';
import { assignRunning, withPageCounters, type PageRunning } from './running.ts';
import { fixedDimension, outerSize, variableDimension, type AxisBox } from './margin-dimension.ts';

/**
 * The text of a margin box's `content` on page `page` (1-based) of `pages` (css-page-3 §5.2,
 * css-content-3): strings, counter(page)/counter(pages), and named strings through `strings`.
 */
export function marginBoxText(items: ContentItem[], page: number, pages: number, strings?: (name: string, which: ContentItem & { kind: 'named-string' }) => string): string {
  let out = '';
  for (const it of items) {
    if (it.kind === 'string') out += it.value;
    else if (it.kind === 'counter' || it.kind === 'counters') out += formatCounter(it.name === 'page' ? page : it.name === 'pages' ? pages : 0, it.style);
    else if (it.kind === 'named-string' && strings) out += strings(it.name, it);
  }
  return out;
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: Array<[Side, [MarginBoxName, MarginBoxName, MarginBoxName]]> = [
  ['top', ['top-left', 'top-center', 'top-right']],
  ['bottom', ['bottom-left', 'bottom-center', 'bottom-right']],
  ['left', ['left-top', 'left-middle', 'left-bottom']],
  ['right', ['right-top', 'right-middle', 'right-bottom']],
];
const CORNERS: MarginBoxName[] = ['top-left-corner', 'top-right-corner', 'bottom-left-corner', 'bottom-right-corner'];

/** A generated margin box being sized: its box (content built), and both axes. */
interface MarginBox { name: MarginBoxName; style: ComputedStyle; box: BlockBox; h: AxisBox; v: AxisBox; cb: { w: number; h: number } }

const EMPTY_AXIS = (): AxisBox => ({ generated: false, inner: 0, marginA: 0, marginB: 0, bp: 0, minContent: 0, maxContent: 0 });

/**
 * The margin box's block box for page `pageIndex`: its text and url() images as inline content
 * (white space collapsed), or, with element(), the running element the page shows after them.
 */
function buildBox(style: ComputedStyle, pageIndex: number, pages: number, running: PageRunning, ctx: LayoutContext): BlockBox {
  const items = style.content as ContentItem[];
  const s: ComputedStyle = { ...style, display: 'block' };
  const strings = (name: string, it: { which: 'first' | 'start' | 'last' | 'first-except' }): string => running.string(pageIndex, name, it.which);
  const inline: Box[] = [];
  let pending: ContentItem[] = [];
  const flush = (): void => {
    const text = marginBoxText(pending, pageIndex + 1, pages, strings).replace(/[ \t\n\r]+/g, ' ');
    if (text) inline.push({ kind: 'text', text, style: { ...s, display: 'inline' } } satisfies TextRun);
    pending = [];
  };
  for (const it of items) {
    if (it.kind === 'url') { flush(); inline.push(imageBox(ctx.loadImage?.(it.url) ?? null, anonymousStyle(s, 'inline'), {})); }
    else if (it.kind !== 'element') pending.push(it);
  }
  flush();
  const el = items.find((it): it is ContentItem & { kind: 'element' } => it.kind === 'element');
  const found = el ? running.element(pageIndex, el.name, el.which) : null;
  const runningBox = found ? withPageCounters(found, pageIndex + 1, pages) : null;
  if (!runningBox) return { kind: 'block', outer: 'block', inlineContent: true, style: s, children: inline, anonymous: true };
  const children: Box[] = [];
  if (inline.length > 0) children.push({ kind: 'block', outer: 'block', inlineContent: true, style: anonymousStyle(s, 'block'), children: inline, anonymous: true });
  children.push(runningBox);
  return { kind: 'block', outer: 'block', inlineContent: false, style: s, children, anonymous: true };
}

/**
 * The axis description of a box along its width (`horizontal`) or height. `cb` is the box's
 * containing block, its page-margin area (px): margins, paddings and widths take percentages of
 * its width, heights of its height.
 */
function axisOf(mb: { style: ComputedStyle; box: BlockBox }, horizontal: boolean, cb: { w: number; h: number }, ctx: LayoutContext): AxisBox {
  const s = mb.style;
  const b = borderOf(s), p = paddingOf(s, cb.w);
  const bp = horizontal ? b.left + b.right + p.left + p.right : b.top + b.bottom + p.top + p.bottom;
  const m = (v: typeof s.marginTop): number | 'auto' => (v === 'auto' ? 'auto' : sizeValue(v, cb.w) ?? 0);
  const spec = horizontal ? sizeValue(s.width, cb.w) : sizeValue(s.height, cb.h);
  const axis: AxisBox = {
    generated: true, bp, inner: spec === null ? 'auto' : toContent(spec, s, bp),
    marginA: m(horizontal ? s.marginLeft : s.marginTop), marginB: m(horizontal ? s.marginRight : s.marginBottom),
    minContent: 0, maxContent: 0,
  };
  if (horizontal) {
    // Intrinsic sizes are of the margin box (auto margins 0, percentages 0): strip margins, border, padding.
    const { min, max } = ctx.intrinsicSizes(mb.box);
    const sugar = bp + (axis.marginA === 'auto' ? 0 : axis.marginA) + (axis.marginB === 'auto' ? 0 : axis.marginB);
    axis.minContent = Math.max(0, min - sugar);
    axis.maxContent = Math.max(axis.minContent, max - sugar);
  }
  return axis;
}

/** Lays the box's content out at its used width; returns the fragment with its content height (px). */
function layoutContent(mb: MarginBox, env: FlowEnv): { f: BoxFragment; contentHeight: number } | null {
  const h = mb.h;
  const inner = Math.max(0, h.inner as number);
  const ml = h.marginA as number, mr = h.marginB as number;
  const r = env.ctx.layoutBlockLevel(mb.box, {
    cb: { x: 0, y: 0, width: mb.cb.w, height: mb.cb.h }, y: 0, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs: [],
    widthOverride: inner, marginsOverride: { left: ml, right: mr }, ignoreHeight: true, forceBfc: true,
  }, { ...env, pageBottom: Infinity });
  const f = r.fragment;
  if (!f || f.kind !== 'box') return null;
  return { f, contentHeight: Math.max(0, f.height - f.border.top - f.border.bottom - f.padding.top - f.padding.bottom) };
}

/** Moves the laid-out box to its margin-box origin (x, y), gives it its used height and aligns its content vertically. */
function place(page: PageFragment, mb: MarginBox, laid: { f: BoxFragment; contentHeight: number }, x: number, y: number): void {
  const { f, contentHeight } = laid;
  const v = mb.v;
  translateFragment(f, x + (mb.h.marginA as number) - f.x, y + (v.marginA as number) - f.y);
  const inner = v.inner as number;
  const free = inner - contentHeight;
  const va = mb.style.verticalAlign as unknown;
  const dy = va === 'middle' ? free / 2 : va === 'bottom' ? free : 0;
  if (dy !== 0) for (const c of f.children) translateFragment(c, 0, dy);
  f.height = inner + v.bp;
  page.marginBoxes.push({ name: mb.name, fragment: f });
}

/**
 * Lays out the margin boxes of every page (after pagination, so counter(pages) is known).
 * `styles[i]` is the PageStyle used for page i. A box is generated whenever its `content` is
 * not none/normal, even when empty (`content: ''`, css-page-3 §5.2). `running` are the box
 * tree's running elements, which element() places (css-gcpm-3 §2.2).
 */
export function layoutMarginBoxes(pages: PageFragment[], styles: PageStyle[], ctx: LayoutContext, env: FlowEnv, running?: readonly RunningElement[]): void {
  // The fragment walk behind element()/string() runs only when a margin box asks for one.
  let walked: PageRunning | null = null;
  const assigned: PageRunning = {
    element: (page, name, which) => (walked ??= assignRunning(pages, running)).element(page, name, which),
    string: (page, name, which) => (walked ??= assignRunning(pages, running)).string(page, name, which),
  };
  pages.forEach((page, i) => {
    const ps = styles[i];
    if (!ps) return;
    const make = (name: MarginBoxName): { style: ComputedStyle; box: BlockBox } | null => {
      const style = ps.marginBoxes[name];
      if (!style || !Array.isArray(style.content)) return null;
      return { style, box: buildBox(style, i, pages.length, assigned, ctx) };
    };
    const bb = pageBorderBox(page.style, page);
    const top = bb.y, left = bb.x, bottom = page.height - bb.y - bb.height, right = page.width - bb.x - bb.width;
    for (const [side, names] of SIDES) {
      const built = names.map(make);
      if (built.every((b) => b === null)) continue;
      const horizontal = side === 'top' || side === 'bottom';
      const along = horizontal ? bb.width : bb.height;
      const across = side === 'top' ? top : side === 'bottom' ? bottom : side === 'left' ? left : right;
      if (along <= 0 || across <= 0) continue;
      const cb = horizontal ? { w: along, h: across } : { w: across, h: along };
      const boxes = built.map((b, k): MarginBox | null => b && {
        name: names[k]!, ...b,
        h: axisOf(b, true, cb, ctx),
        v: axisOf(b, false, cb, ctx), cb,
      });
      const axis = (mb: MarginBox | null, h: boolean): AxisBox => (mb ? (h ? mb.h : mb.v) : EMPTY_AXIS());
      if (horizontal) variableDimension(axis(boxes[0]!, true), axis(boxes[1]!, true), axis(boxes[2]!, true), along);
      else for (const mb of boxes) if (mb) fixedDimension(mb.h, across, side === 'left');
      const laid = boxes.map((mb) => (mb ? layoutContent(mb, env) : null));
      if (horizontal) { for (const mb of boxes) if (mb) fixedDimension(mb.v, across, side === 'top'); }
      else {
        boxes.forEach((mb, k) => { if (mb) { const c = laid[k]?.contentHeight ?? 0; mb.v.minContent = c; mb.v.maxContent = c; } });
        variableDimension(axis(boxes[0]!, false), axis(boxes[1]!, false), axis(boxes[2]!, false), along);
      }
      boxes.forEach((mb, k) => {
        const l = laid[k];
        if (!mb || !l) return;
        const offset = [0, 0.5, 1][k]! * (along - outerSize(horizontal ? mb.h : mb.v));
        const x = horizontal ? bb.x + offset : side === 'left' ? 0 : bb.x + bb.width;
        const y = horizontal ? (side === 'top' ? 0 : bb.y + bb.height) : bb.y + offset;
        place(page, mb, l, x, y);
      });
    }
    for (const name of CORNERS) {
      const b = make(name);
      if (!b) continue;
      const w = name.endsWith('left-corner') ? left : right, h = name.startsWith('top') ? top : bottom;
      if (w <= 0 || h <= 0) continue;
      const mb: MarginBox = { name, ...b, h: axisOf(b, true, { w, h }, ctx), v: axisOf(b, false, { w, h }, ctx), cb: { w, h } };
      fixedDimension(mb.h, w, name.endsWith('left-corner'));
      fixedDimension(mb.v, h, name.startsWith('top'));
      const l = layoutContent(mb, env);
      if (l) place(page, mb, l, name.endsWith('left-corner') ? 0 : bb.x + bb.width, name.startsWith('top') ? 0 : bb.y + bb.height);
    }
  });
}
