/**
 * Block layout: block-level boxes in a block formatting context, one fragmentainer (page) at a time.
 * In: a box, its containing block, the flow position and a break token. Out: a BoxFragment and where the next page resumes.
 *
 * Follows CSS 2.1 §10.3.3 (widths of block-level boxes), §10.6.3/§10.6.7 (auto heights),
 * §8.3.1 (collapsing margins, carried as a pending {positive, negative} set through the flow),
 * §9.5 (floats, via BfcFloats), css-break-3 (break tokens, forced and avoided breaks,
 * orphans/widows, margin truncation, box-decoration-break: slice).
 */
import type { Box, BlockBox, ReplacedBox, TableCellBox, FlexBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { ContainingBlock, InlineLayoutResult, LayoutContext } from './context.ts';
import type { BoxFragment, Fragment, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import {
  borderOf, paddingOf, marginValue, sizeValue, toContent, clampWidth, clampHeight, establishesBfc,
  isAbsolute, isForcedBreak, isAvoidBreak, lp, slicedEdges, isMulticolContainer,
} from './box-model.ts';
import { BfcFloats } from './float.ts';
import type { FloatBoxLayout, FloatContinuation } from './float.ts';
import { replacedSize } from './replaced.ts';
import { placeOutsideMarker } from './marker.ts';
import { relativeOffset } from './positioned.ts';
import { layoutTableWrapper } from './table/index.ts';
import { layoutFlexContainer } from './flex.ts';
import { layoutInlineChildren } from './block-lines.ts';
import type { LineClamp } from './clamp.ts';
import { childFlowEnv, discardAfterClamp, discardContinuation, ownClamp } from './clamp.ts';
import { layoutGridContainer } from './grid/index.ts';
import { isFieldset, renderedLegendOf, layoutRenderedLegend, fieldsetMinInline } from './fieldset.ts';
import type { AbsBreaks } from './oof-break.ts';
import { layoutMulticolContent } from './multicol.ts';

/** A set of adjoining margins being collapsed (§8.3.1): the largest positive and the most negative. */
export interface MarginSet { pos: number; neg: number }
export const NO_MARGIN: MarginSet = Object.freeze({ pos: 0, neg: 0 }) as MarginSet;
/** Adds a margin to a collapsing set. */
export function addMargin(m: MarginSet, v: number): MarginSet {
  return v >= 0 ? (v > m.pos ? { pos: v, neg: m.neg } : m) : (v < m.neg ? { pos: m.pos, neg: v } : m);
}
/** The collapsed margin of a set: max positive + min negative. */
export const collapsed = (m: MarginSet): number => m.pos + m.neg;

/**
 * Where the next page resumes inside a block container (css-break-3 break token, WeasyPrint's
 * resume_at): the child index, and inside that child either a nested token or a line index.
 */
export interface BreakToken {
  index: number;
  inner: BreakToken | null;
  /**
   * Inline content split between lines: the lines laid out once, and the first line of the next page;
   * `floatsMet`: floats shaped those lines (they are laid out again there); `skip`: floats already placed, not placed again.
   */
  lines?: { result: InlineLayoutResult; next: number; floatsMet?: boolean; skip?: Box[] };
  /** Content height (px) of a box with a specified height already used on earlier pages. */
  consumed?: number;
  /** Set on the root's token when the break was forced; `side` for left/right breaks. */
  forced?: boolean;
  side?: 'left' | 'right';
  /** Line boxes counted so far by the line clamp of the box this token resumes (css-overflow-4 §4.2 max-lines). */
  clampUsed?: number;
  /** On a BFC root's token: floats fragmented on this page, continued at the top of the next (css-break-3 §2). */
  floats?: FloatContinuation[];
}

/** An absolutely positioned box waiting for its containing block, with its static position (§10.3.7); `staticRight` when the static-position containing block is rtl. */
export interface PendingAbs {
  box: Box; staticX: number; staticY: number; staticRight?: number;
  /** Where the box was met in its parent's fragment list: its fragment goes there, so boxes painted in tree order (CSS 2.1 Appendix E, z-index auto) keep it. */
  slot?: { list: Fragment[]; index: number };
}

/** Per-page parameters of block layout. */
export interface FlowEnv {
  ctx: LayoutContext;
  /** Bottom of the page area (absolute px), Infinity when not fragmenting. */
  pageBottom: number;
  /** Height of the page area (px) when fragmenting: content taller than this cannot fit on any page. */
  pageHeight?: number;
  /** Fixed-position boxes met (laid out on every page by the page driver). */
  fixed: PendingAbs[];
  /** Height of the initial containing block, for quirks-mode percentage heights of html/body. */
  icbHeight: number;
  /** Lays out an absolutely positioned box against its containing block (src/layout/positioned.ts). */
  absLayout(a: PendingAbs, cb: ContainingBlock, env?: FlowEnv): Fragment | null;
  /** Lays out a float's box at (0, 0) for BfcFloats.placeFloat. */
  floatLayout: FloatBoxLayout;
  /** The line clamp (max-lines / line-clamp) counting the line boxes of this flow (src/layout/clamp.ts); absent or null for none. */
  clamp?: LineClamp | null;
  /** A clipping block container whose text-overflow truncates the lines of its anonymous block children (css-overflow-3 §3, as Blink). */
  overflowStyle?: ComputedStyle | null;
  /** The fragmentainer is a column of a multicol container: break-*: column forces and avoid-column avoids breaks (css-break-3 §3.1). */
  inColumns?: boolean;
  /** Collects abspos boxes fragmented at `pageBottom` (src/layout/oof-break.ts); set only where coordinates are the page's own. */
  absBreaks?: AbsBreaks;
}

/** Input of one block-level box's layout. */
export interface BlockParams {
  /** Containing block: content box of the parent (x, width; height null when auto). */
  cb: ContainingBlock;
  /** Flow position: the last border edge above (absolute y), before the pending margins. */
  y: number;
  /** Pending adjoining margins from above (not yet including this box's top margin). */
  margin: MarginSet;
  floats: BfcFloats;
  token: BreakToken | null;
  /** Nothing has been placed on this page yet: the box must make progress (never pushed). */
  atTop: boolean;
  /** Margins adjoining the page top are truncated (after an unforced break, css-break-3 §5.2). */
  truncate: boolean;
  /** The absolutely positioned boxes' collector of the nearest positioned ancestor. */
  abs: PendingAbs[];
  /** Used content width forced by the caller (shrink-to-fit floats, absolute boxes, inline-blocks). */
  widthOverride?: number;
  /** Margins already resolved by the caller (floats/absolute: auto margins are used values). */
  marginsOverride?: { left: number; right: number };
  /** The root element: its box is laid out in the page area. */
  isRoot?: boolean;
  /** Used content height forced by the caller (absolute boxes, §10.6.4). */
  heightOverride?: number;
  /** The used page name of the parent (css-page-3 §6), '' for none. */
  pageName?: string;
  /** Ignore the box's own height/min/max-height (table cells: the table sets their height). */
  ignoreHeight?: boolean;
  /** The box establishes a block formatting context whatever its style (flex items, css-flexbox-1 §4). */
  forceBfc?: boolean;
  /** The containing block's direction is rtl (CSS 2.1 §10.3.3: which margin an over-constrained width ignores); absent: the box's own direction. */
  cbRtl?: boolean;
  /** Floats of the BFC this box establishes are fragmented at the fragmentainer bottom, like the root's (a multicol column's flow thread). */
  fragmentFloats?: boolean;
}

/** Result of one block-level box's layout. */
export interface BlockResult {
  fragment: BoxFragment | ReplacedFragment | null;
  /** The flow position after the box: its bottom border edge (or the incoming y if collapsed through). */
  bottom: number;
  /** Pending margins after the box (its bottom margin, collapsed with what adjoins it). */
  margin: MarginSet;
  /** The y where the incoming margins were resolved (the box's top border edge), null when collapsed through. */
  firstY: number | null;
  /** The box's margins collapsed through it (an empty box, §8.3.1). */
  collapsedThrough: boolean;
  /** Where this box resumes on the next page, or null when it ended. */
  token: BreakToken | null;
  /** The box did not fit and nothing of it was placed: break before it. */
  pushed: boolean;
}

const PUSHED: BlockResult = { fragment: null, bottom: 0, margin: NO_MARGIN, firstY: null, collapsedThrough: false, token: null, pushed: true };

/** Used horizontal metrics of a block-level box (CSS 2.1 §10.3.3, §10.4). */
export function blockWidths(box: Box, cbWidth: number, p: Pick<BlockParams, 'widthOverride' | 'marginsOverride' | 'cbRtl'>): { ml: number; mr: number; width: number } {
  const s = box.style;
  const border = borderOf(s);
  const padding = paddingOf(s, cbWidth);
  const bp = border.left + border.right + padding.left + padding.right;
  if (p.widthOverride !== undefined) {
    return { ml: p.marginsOverride?.left ?? (marginValue(s.marginLeft, cbWidth) ?? 0), mr: p.marginsOverride?.right ?? (marginValue(s.marginRight, cbWidth) ?? 0), width: p.widthOverride };
  }
  let ml = marginValue(s.marginLeft, cbWidth);
  let mr = marginValue(s.marginRight, cbWidth);
  let specified: number | null;
  if (box.kind === 'replaced') {
    specified = replacedSize(box, cbWidth, null).width;
    // Floats, absolute and atomic boxes: margins already resolved by the caller, no §10.3.3 equation.
    if (p.marginsOverride) return { ml: p.marginsOverride.left, mr: p.marginsOverride.right, width: specified };
  } else {
    const w = sizeValue(s.width, cbWidth);
    specified = w === null ? null : toContent(w, s, bp);
  }
  const solve = (w: number | null): { ml: number; mr: number; width: number } => {
    let l = ml, r = mr;
    if (w === null) {
      const width = Math.max(0, cbWidth - (l ?? 0) - (r ?? 0) - bp);
      return { ml: l ?? 0, mr: r ?? 0, width };
    }
    if (w + bp + (l ?? 0) + (r ?? 0) > cbWidth) { l = l ?? 0; r = r ?? 0; }
    if (l === null && r === null) { const m = (cbWidth - w - bp) / 2; return { ml: m, mr: m, width: w }; }
    if (l === null) return { ml: cbWidth - w - bp - (r as number), mr: r as number, width: w };
    if (r === null) return { ml: l, mr: cbWidth - w - bp - l, width: w };
    // Over-constrained: margin-right (ltr) or margin-left (rtl) is ignored, by the containing block's direction.
    if (p.cbRtl ?? s.direction === 'rtl') return { ml: cbWidth - w - bp - r, mr: r, width: w };
    return { ml: l, mr: cbWidth - w - bp - l, width: w };
  };
  let out = solve(specified);
  if (box.kind !== 'replaced') {
    const clamped = clampWidth(out.width, s, cbWidth, bp);
    if (clamped !== out.width) out = solve(clamped);
  }
  return out;
}

/**
 * True when a box's block-start edge carries a forced break (its own, or its first in-flow child's, css-break-3 §3.1).
 * In a multicol column (`cols`) only `column` forces a break: Chromium 156 ignores page breaks inside multicol containers.
 */
function forcedBefore(box: Box, cols = false): boolean {
  if (cols ? box.style.breakBefore === 'column' : isForcedBreak(box.style.breakBefore)) return true;
  if (box.kind === 'block' && !box.inlineContent) {
    const first = box.children.find((c) => inFlowBlock(c));
    return first ? forcedBefore(first, cols) : false;
  }
  return false;
}
function forcedAfter(box: Box, cols = false): boolean {
  if (cols ? box.style.breakAfter === 'column' : isForcedBreak(box.style.breakAfter)) return true;
  if (box.kind === 'block' && !box.inlineContent) {
    for (let i = box.children.length - 1; i >= 0; i--) {
      if (inFlowBlock(box.children[i])) return forcedAfter(box.children[i], cols);
    }
  }
  return false;
}
function sideOf(box: Box, after: boolean): 'left' | 'right' | undefined {
  const v = after ? box.style.breakAfter : box.style.breakBefore;
  return v === 'left' || v === 'verso' ? 'left' : v === 'right' || v === 'recto' ? 'right' : undefined;
}
function inFlowBlock(b: Box): boolean {
  return b.kind !== 'text' && b.kind !== 'br' && b.kind !== 'marker' && b.style.float === 'none' && !isAbsolute(b);
}

/**
 * Lays out one block-level box (block container, block-level replaced element, or a
 * flex/grid/table box laid out as a block container for now) at the flow position.
 */
export function layoutBlockLevel(box: Box, p: BlockParams, env: FlowEnv): BlockResult {
  env.ctx.limits.check();
  if (box.kind === 'replaced') return layoutReplacedBlock(box, p, env);
  if (box.kind === 'block' || box.kind === 'table-cell' || box.kind === 'flex') return layoutBlockContainer(box, p, env);
  if (box.kind === 'grid') return layoutGridContainer(box, p, env);
  if (box.kind === 'table-wrapper') return layoutTableWrapper(box, p, env);
  return { fragment: null, bottom: p.y, margin: p.margin, firstY: null, collapsedThrough: true, token: null, pushed: false };
}

function layoutReplacedBlock(box: ReplacedBox, p: BlockParams, env: FlowEnv): BlockResult {
  const s = box.style;
  const cbw = p.cb.width;
  const border = borderOf(s);
  const padding = paddingOf(s, cbw);
  const size = replacedSize(box, cbw, p.cb.height);
  const w = blockWidths(box, cbw, p);
  const width = p.widthOverride ?? size.width;
  const height = p.heightOverride ?? size.height;
  let margin = p.truncate ? NO_MARGIN : p.margin;
  const mt = p.truncate ? 0 : (marginValue(s.marginTop, cbw) ?? 0);
  const mb = marginValue(s.marginBottom, cbw) ?? 0;
  margin = addMargin(margin, mt);
  let top = p.y + collapsed(margin);
  if (s.clear !== 'none') top = Math.max(top, p.floats.clearance(s.clear, top));
  let x = p.cb.x + w.ml;
  // A block-level replaced element must not overlap floats (§9.5): beside them, or below them when it does not fit.
  if (p.widthOverride === undefined && s.float === 'none') {
    const specMl = marginValue(s.marginLeft, cbw) ?? 0, specMr = marginValue(s.marginRight, cbw) ?? 0;
    const outerW = width + border.left + border.right + padding.left + padding.right + Math.max(0, specMl) + Math.max(0, specMr);
    const outerH = height + border.top + border.bottom + padding.top + padding.bottom;
    let band = p.floats.available(top, Math.max(outerH, 0.01), p.cb.x, p.cb.x + cbw);
    if (band.right - band.left < outerW - 0.01 && (band.left > p.cb.x || band.right < p.cb.x + cbw)) {
      top = p.floats.clearance('both', top);
      band = p.floats.available(top, Math.max(outerH, 0.01), p.cb.x, p.cb.x + cbw);
    }
    // In rtl the box goes against the band's right edge (CSS 2.1 §10.3.3: margin-left is the one ignored).
    if (band.left > p.cb.x || band.right < p.cb.x + cbw) x = (p.cbRtl ?? s.direction === 'rtl') ? band.right - specMr - (outerW - Math.max(0, specMl) - Math.max(0, specMr)) : band.left + specMl;
  }
  const frag: ReplacedFragment = {
    kind: 'replaced', box, style: s, x, y: top,
    width: width + border.left + border.right + padding.left + padding.right,
    height: height + border.top + border.bottom + padding.top + padding.bottom,
    margin: { top: mt, right: w.mr, bottom: mb, left: w.ml }, border, padding,
  };
  if (!p.atTop && top + frag.height > env.pageBottom) return PUSHED;
  const rel = relativeOffset(s, p.cb);
  if (rel) { frag.x += rel.dx; frag.y += rel.dy; }
  return { fragment: frag, bottom: top + frag.height, margin: addMargin(NO_MARGIN, mb), firstY: top, collapsedThrough: false, token: null, pushed: false };
}

/** State of a block flow (a block container's block-level children) while it runs. */
export interface Flow {
  y: number;
  margin: MarginSet;
  firstY: number | null;
  placedAny: boolean;
  children: Fragment[];
  token: BreakToken | null;
  /** Baseline of the first line box, absolute y. */
  firstBaseline?: number;
  lastBaseline?: number;
  pushed: boolean;
}

/**
 * Lays out a block container: resolves its widths, lays out its children (block flow or
 * inline content), its height, pagination, relative offset and absolutely positioned descendants.
 */
export function layoutBlockContainer(box: BlockBox | TableCellBox | FlexBox, p: BlockParams, env: FlowEnv): BlockResult {
  const s = box.style;
  const ctx = env.ctx;
  const cbw = p.cb.width;
  const resumed = p.token !== null;
  const border = borderOf(s);
  const padding = paddingOf(s, cbw);
  const bfc = establishesBfc(box) || p.isRoot === true || p.forceBfc === true || isFieldset(box);
  const legend = renderedLegendOf(box);
  let widths = blockWidths(box, cbw, p);
  if (p.widthOverride === undefined && isFieldset(box)) widths = fieldsetMinInline(box, widths, cbw, s.direction === 'rtl', env);
  const mtRaw = marginValue(s.marginTop, cbw) ?? 0;
  const mb = marginValue(s.marginBottom, cbw) ?? 0;
  const truncate = p.truncate;
  let topBP = resumed ? 0 : border.top + padding.top;
  const collapseTop = !bfc && topBP === 0;
  let margin = resumed ? NO_MARGIN : addMargin(truncate ? NO_MARGIN : p.margin, truncate ? 0 : mtRaw);
  let y = p.y;
  let cleared = false;
  if (s.clear !== 'none' && !resumed) {
    const hyp = y + collapsed(margin);
    const c = p.floats.clearance(s.clear, hyp);
    if (c > hyp) { cleared = true; y = c; margin = NO_MARGIN; }
  }
  let cbx = p.cb.x;
  let borderTop: number | null = collapseTop && !cleared && !resumed ? null : y + collapsed(margin);
  // A BFC root in normal flow must not overlap floats (§9.5): shrink it beside them.
  if (bfc && !p.isRoot && p.widthOverride === undefined && s.float === 'none' && !isAbsolute(box) && borderTop !== null) {
    const band = p.floats.available(borderTop, 1, p.cb.x, p.cb.x + cbw);
    if (band.left > p.cb.x || band.right < p.cb.x + cbw) {
      cbx = band.left;
      widths = blockWidths(box, Math.max(0, band.right - band.left), p);
    }
  }
  const x = cbx + widths.ml;
  const contentX = x + border.left + padding.left;
  const contentWidth = widths.width;
  // Percentage heights: against the containing block height when definite (quirks: html/body against the page).
  const tagName = box.element?.name;
  const quirkPct = ctx.quirks && (tagName === 'body' || tagName === 'html');
  const cbHeight = quirkPct && p.cb.height === null ? env.icbHeight : p.cb.height;
  const bpV = border.top + border.bottom + padding.top + padding.bottom;
  let specH = p.heightOverride ?? (p.ignoreHeight ? null : (() => { const h = sizeValue(s.height, cbHeight); return h === null ? null : toContent(h, s, bpV); })());
  if (specH !== null && quirkPct && p.heightOverride === undefined && s.height !== 'auto' && s.height.pct !== 0) {
    specH = Math.max(0, specH - mtRaw - mb);
  }
  if (specH !== null) specH = clampHeight(specH, s, cbHeight, bpV);
  // The anonymous block wrapping a non-block root element stands for the initial containing block: the root's
  // percentage heights resolve against the page area through it (CSS 2.1 §10.5).
  const childCb: ContainingBlock = { x: contentX, y: 0, width: contentWidth, height: specH ?? (p.isRoot === true && box.anonymous === true ? p.cb.height : null) };
  // Floats are fragmented across pages in every formatting context (css-break-3 §2), except inside a monolithic clipping box.
  const floats = bfc ? new BfcFloats(env.floatLayout, p.isRoot === true || p.fragmentFloats === true || !(s.overflowY !== 'visible' && specH !== null) ? env.pageBottom : Infinity) : p.floats;
  const positioned = s.position !== 'static' || p.isRoot === true;
  const abs: PendingAbs[] = positioned && !p.isRoot ? [] : p.abs;

  // A fieldset's rendered legend sits over its block-start border (HTML §15.3.13, src/layout/fieldset.ts).
  const rendered = legend && !resumed && borderTop !== null ? layoutRenderedLegend(legend, { borderTop, x, contentX, contentWidth, borderTopWidth: border.top, paddingTop: padding.top, rtl: s.direction === 'rtl' }, abs, env, layoutBlockLevel) : null;
  if (rendered) topBP = rendered.topBP;
  // ---- children
  const flow: Flow = { y: borderTop === null ? y : borderTop + topBP, margin: borderTop === null ? margin : NO_MARGIN, firstY: borderTop, placedAny: false, children: [], token: null, pushed: false };
  if (rendered) flow.children.push(rendered.fragment);
  // A clipping box with a definite height is monolithic (css-break-3 §2.1): its content is not fragmented.
  const monolithic = s.overflowY !== 'visible' && specH !== null && Number.isFinite(env.pageBottom);
  const childEnv = childFlowEnv(box, bfc, p.token, monolithic ? { ...env, pageBottom: Infinity } : env);
  const childTruncate = truncate && (borderTop === null || resumed);
  let flexResult: ReturnType<typeof layoutFlexContainer> = null;
  if (bfc && p.token?.floats) {
    // Floats fragmented on the previous page continue at the top of this one.
    for (const c of p.token.floats) {
      const f = floats.placeContinuation(c, flow.y);
      flow.children.push(f);
      for (const a of floats.takeAbs(f)) abs.push(a);
    }
  }
  if ((box.kind === 'block' || box.kind === 'table-cell') && isMulticolContainer(box)) {
    layoutMulticolContent(box, flow, { contentX, contentWidth, childCb, specH, atTop: p.atTop, token: p.token, abs, truncate: childTruncate }, childEnv);
  } else if (box.kind !== 'flex' && box.inlineContent) {
    layoutInlineChildren(box, flow, { contentX, contentWidth, childCb, floats, abs, atTop: p.atTop, token: p.token }, childEnv);
  } else if (box.kind === 'flex' && (flexResult = layoutFlexContainer(box, childCb, flow.y, abs, env, specH !== null, p.token)) !== null) {
    // Flex items are laid out together and are monolithic here: the container moves to the next page when it does not fit.
    const r = flexResult;
    flow.children.push(...r.children);
    if (r.children.length > 0) flow.placedAny = true;
    if (!p.atTop && !resumed && flow.y + r.height > env.pageBottom + 0.01) flow.pushed = true;
    flow.y += r.height;
    if (r.breakAt !== undefined) flow.token = { index: r.breakAt, inner: null };
    if (r.baseline !== undefined) flow.firstBaseline = r.baseline;
  } else {
    const pageName = s.page !== 'auto' ? s.page : (p.pageName ?? '');
    layoutBlockChildren(box.children, flow, { childCb, floats, abs, atTop: p.atTop, token: p.token, truncate: childTruncate, pageName, rtl: s.direction === 'rtl', skip: legend ?? undefined }, childEnv);
  }
  // continue: discard (css-overflow-4 §4.1): what does not fit on this page is not rendered.
  if (flow.token !== null && flow.placedAny && s.continue === 'discard') discardContinuation(flow, ctx.fonts);
  // A resumed box is never pushed whole (its earlier part is on an earlier page): it keeps its token instead.
  if (flow.pushed && !p.atTop && !resumed) return PUSHED;
  if (flow.token !== null && !p.atTop && !resumed && (isAvoidBreak(s.breakInside) || (env.inColumns === true && s.breakInside === 'avoid-column') || (!flow.placedAny && flow.token.index === 0 && flow.token.inner === null && !flow.token.lines))) {
    return PUSHED;
  }
  if (borderTop === null) borderTop = flow.firstY ?? y + collapsed(margin);
  const contentTop = borderTop + topBP;

  // ---- height (§10.6.3, §10.6.7)
  const consumedBefore = p.token?.consumed ?? 0;
  // CSS 2.1 §8.3.1: the last child's bottom margin adjoins the parent's when its height is auto; a min-height only
  // keeps them apart when it is in effect (it makes the box taller than its content).
  const minH = s.minHeight === 'auto' ? null : sizeValue(s.minHeight, cbHeight);
  const minInEffect = minH !== null && minH > 0 && toContent(minH, s, bpV) > flow.y - contentTop + 0.01;
  const collapseBottom = !bfc && s.height === 'auto' && p.heightOverride === undefined && border.bottom + padding.bottom === 0 && !minInEffect;
  let contentBottom = collapseBottom ? flow.y : flow.y + collapsed(flow.margin);
  if (bfc) contentBottom = Math.max(contentBottom, floats.lowestBottom());
  let contentHeight: number;
  let token = flow.token;
  if (bfc && floats.continuations.length > 0) {
    // Floats continue on the next page: so does this box (after its last child when its flow has ended).
    token = { ...(token ?? { index: box.kind === 'flex' ? 0 : box.children.length, inner: null }), floats: floats.continuations.slice() };
  }
  if (specH !== null) {
    contentHeight = Math.max(0, specH - consumedBefore);
  } else {
    contentHeight = Math.max(0, contentBottom - contentTop);
    if (!p.ignoreHeight) contentHeight = clampHeight(contentHeight, s, cbHeight, bpV);
  }
  let endsBox = token === null;
  if (token !== null && Number.isFinite(env.pageBottom)) {
    // The fragment fills the page when the box continues on the next one (css-break-3 §4).
    contentHeight = Math.max(0, env.pageBottom - contentTop);
    if (specH !== null) token = { ...token, consumed: consumedBefore + Math.min(contentHeight, specH - consumedBefore) };
  } else if (token === null && specH !== null && !monolithic && Number.isFinite(env.pageBottom) && contentTop + contentHeight > env.pageBottom + 0.01 && env.pageBottom - contentTop > 0 && contentHeight > 0) {
    // A box with a specified height taller than what is left is sliced (not monolithic).
    if (!p.atTop && !resumed && (isAvoidBreak(s.breakInside) || (env.inColumns === true && s.breakInside === 'avoid-column'))) return PUSHED;
    const room = env.pageBottom - contentTop;
    token = { index: box.children.length, inner: null, consumed: consumedBefore + room };
    contentHeight = room;
    endsBox = false;
  }
  const bottomBP = endsBox ? border.bottom + padding.bottom : 0;
  const borderBottom = contentTop + contentHeight + bottomBP;
  const zeroOrAuto = (v: typeof s.height): boolean => v === 'auto' || (v.px === 0 && v.pct === 0);
  const collapsedThrough = collapseTop && !bfc && flow.firstY === null && contentHeight === 0 && !cleared && token === null &&
    zeroOrAuto(s.height) && zeroOrAuto(s.minHeight) && border.bottom + padding.bottom === 0;
  // A box that starts at or below the page bottom goes to the next page whole; so does a monolithic box that does not fit.
  if (!p.atTop && !resumed && !collapsedThrough && borderTop >= env.pageBottom - 0.01) return PUSHED;
  if (monolithic && !p.atTop && !resumed && borderBottom > env.pageBottom + 0.01) return PUSHED;

  const frag: BoxFragment = {
    kind: 'box', box, style: s, x, y: borderTop,
    width: contentWidth + border.left + border.right + padding.left + padding.right,
    height: borderBottom - borderTop,
    margin: { top: mtRaw, right: widths.mr, bottom: mb, left: widths.ml },
    border: slicedEdges(border, !resumed, endsBox),
    padding: slicedEdges(padding, !resumed, endsBox),
    children: flow.children,
    startsBox: !resumed,
    endsBox,
  };
  if (flow.firstBaseline !== undefined) frag.baseline = flow.firstBaseline;
  if (rendered) frag.legendGap = rendered.gap;
  if (box.kind === 'block' && box.marker && !resumed) {
    const m = placeOutsideMarker(box, frag, ctx);
    if (m) frag.children.unshift(m);
  }

  // ---- absolutely positioned descendants whose containing block is this box's padding box
  if (positioned && !p.isRoot && abs.length > 0) {
    layoutPendingAbs(abs, frag, env);
  }
  const rel = relativeOffset(s, p.cb);
  if (rel) translateFragment(frag, rel.dx, rel.dy);

  let outMargin: MarginSet;
  let bottom: number;
  if (collapsedThrough) {
    outMargin = addMargin(flow.margin, mb);
    bottom = y;
  } else if (token !== null) {
    outMargin = NO_MARGIN;
    bottom = borderBottom;
  } else if (collapseBottom) {
    outMargin = addMargin(flow.margin, mb);
    bottom = borderBottom;
  } else {
    outMargin = addMargin(NO_MARGIN, mb);
    bottom = borderBottom;
  }
  const clamp = token !== null ? ownClamp(box, childEnv) : null;
  if (clamp) token = { ...token!, clampUsed: clamp.used };
  return { fragment: frag, bottom, margin: outMargin, firstY: collapsedThrough ? null : borderTop, collapsedThrough, token, pushed: false };
}

/** Lays out collected absolutely positioned boxes against a positioned box's padding box and appends them. */
export function layoutPendingAbs(abs: PendingAbs[], frag: BoxFragment, env: FlowEnv): void {
  const cb: ContainingBlock = {
    x: frag.x + frag.border.left,
    y: frag.y + frag.border.top,
    width: frag.width - frag.border.left - frag.border.right,
    height: frag.height - frag.border.top - frag.border.bottom,
  };
  const placed = abs.map((a) => env.absLayout(a, cb, env));
  // Boxes met in block flow go where they were met (last first, so earlier slots in one list keep their index); the others at the end.
  const inSlot = abs.map((a, i) => placed[i] !== null && a.slot !== undefined && a.slot.index <= a.slot.list.length);
  for (let i = abs.length - 1; i >= 0; i--) if (inSlot[i]) abs[i].slot!.list.splice(abs[i].slot!.index, 0, placed[i]!);
  for (let i = 0; i < abs.length; i++) if (placed[i] && !inSlot[i]) frag.children.push(placed[i]!);
  abs.length = 0;
}

interface BlockChildrenParams {
  childCb: ContainingBlock;
  floats: BfcFloats;
  abs: PendingAbs[];
  atTop: boolean;
  token: BreakToken | null;
  truncate: boolean;
  pageName: string;
  /** The container's direction is rtl (static positions of absolute children use its right edge). */
  rtl: boolean;
  /** A child laid out elsewhere (a fieldset's rendered legend, src/layout/fieldset.ts). */
  skip?: Box;
}

/** The block flow of a container's block-level children (§9.4.1), with page breaks between them. */
function layoutBlockChildren(children: Box[], flow: Flow, q: BlockChildrenParams, env: FlowEnv): void {
  const start = q.token?.index ?? 0;
  // Per-child bookkeeping for backing up to an earlier break point (break-after/before: avoid).
  const marks: Array<{ index: number; frags: number; abs: number; fixed: number; conts: number; y: number; margin: MarginSet; placed: boolean }> = [];
  let prevInFlow: Box | null = null;
  for (let i = start; i < children.length; i++) {
    const child = children[i];
    if (child.kind === 'text' || child.kind === 'br' || child.kind === 'marker' || child === q.skip) continue;
    // A line clamp that ran out discards the rest of the flow (css-overflow-4 §4.2).
    if (env.clamp && discardAfterClamp(env)) break;
    const s = child.style;
    if (isAbsolute(child)) {
      // §10.3.7: the static position's right edge counts when the static-position containing block (this container) is rtl.
      const pend: PendingAbs = { box: child, staticX: q.childCb.x, staticY: flow.y + collapsed(flow.margin) };
      if (q.rtl) pend.staticRight = q.childCb.x + q.childCb.width;
      if (s.position === 'fixed') env.fixed.push(pend); else { pend.slot = { list: flow.children, index: flow.children.length }; q.abs.push(pend); }
      continue;
    }
    if (s.float !== 'none') {
      const fy = flow.y + collapsed(flow.margin);
      const f = q.floats.placeFloat(child, fy, q.childCb, true);
      flow.children.push(f);
      for (const a of q.floats.takeAbs(f)) q.abs.push(a);
      continue;
    }
    // A float fragmented on this page counts as content placed: what follows may move to the next page.
    const atTop = q.atTop && !flow.placedAny && q.floats.continuations.length === 0;
    // A forced break between siblings always applies, even after boxes that collapsed through (css-break-3 §3.1, §4.1:
    // only a break at the very start of the fragmentation context, before the first box, is suppressed); a change of
    // named page (css-page-3 §6) breaks only once something was placed on the page.
    if (prevInFlow !== null && (forcedAfter(prevInFlow, env.inColumns) || forcedBefore(child, env.inColumns) || (!atTop && usedPage(prevInFlow, q.pageName) !== usedPage(child, q.pageName)))) {
      flow.token = { index: i, inner: null, forced: true, side: sideOf(child, false) ?? sideOf(prevInFlow, true) };
      return;
    }
    marks.push({ index: i, frags: flow.children.length, abs: q.abs.length, fixed: env.fixed.length, conts: q.floats.continuations.length, y: flow.y, margin: flow.margin, placed: flow.placedAny });
    const r = layoutBlockLevel(child, {
      cb: q.childCb, y: flow.y, margin: flow.margin, floats: q.floats,
      token: i === start ? (q.token?.inner ?? null) : null,
      atTop, truncate: q.truncate && !flow.placedAny, abs: q.abs, pageName: q.pageName, cbRtl: q.rtl,
    }, env);
    if (r.pushed) {
      // Break before this child; prefer an earlier break when this one is to be avoided (css-break-3 §4.4).
      let k = marks.length - 1;
      while (k > 0 && avoidBetween(children, marks[k - 1].index, marks[k].index) && marks[k - 1].placed) k--;
      if (k > 0 && avoidBetween(children, marks[k - 1].index, marks[k].index)) k = marks.length - 1;
      const m = marks[k];
      flow.children.length = m.frags;
      q.abs.length = m.abs;
      env.fixed.length = m.fixed;
      q.floats.continuations.length = m.conts;
      flow.y = m.y; flow.margin = m.margin;
      if (!m.placed) { flow.pushed = true; flow.placedAny = false; }
      // Pushing the child this flow resumed keeps its break token (it is only pushed below a float continuation).
      flow.token = { index: m.index, inner: m.index === start ? (q.token?.inner ?? null) : null };
      return;
    }
    if (r.fragment) flow.children.push(r.fragment);
    if (flow.firstY === null && r.firstY !== null) flow.firstY = r.firstY;
    if (r.fragment && r.fragment.kind === 'box' && r.fragment.baseline !== undefined) {
      if (flow.firstBaseline === undefined) flow.firstBaseline = r.fragment.baseline;
      flow.lastBaseline = lastBaselineOf(r.fragment) ?? flow.lastBaseline;
    }
    flow.y = r.bottom;
    flow.margin = r.margin;
    if (!r.collapsedThrough) flow.placedAny = true;
    if (r.token !== null) { flow.token = { index: i, inner: r.token }; return; }
    prevInFlow = child;
  }
}

const usedPage = (b: Box, parent: string): string => (b.style.page !== 'auto' ? b.style.page : parent);

function avoidBetween(children: Box[], a: number, b: number): boolean {
  return isAvoidBreak(children[a].style.breakAfter) || isAvoidBreak(children[b].style.breakBefore);
}

/** The last line box's baseline inside a fragment (§10.8.1 inline-block baseline), or undefined. */
export function lastBaselineOf(f: Fragment): number | undefined {
  if (f.kind === 'line') return f.baseline;
  if (f.kind !== 'box') return undefined;
  for (let i = f.children.length - 1; i >= 0; i--) {
    const c = f.children[i];
    if (c.kind === 'box' && (c.style.float !== 'none' || isAbsolute(c.box))) continue;
    const b = lastBaselineOf(c);
    if (b !== undefined) return b;
  }
  return undefined;
}
