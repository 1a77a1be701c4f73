/**
 * The block-level path (WeasyPrint's block_level_layout): one box of any formatting context placed in a block flow.
 * In: a box, its BlockParams (containing block, flow position, pending margins, floats, break token), the flow environment
 * and its formatting context's ContentLayout. Out: its fragment on this fragmentainer and where it resumes (BlockResult).
 *
 * CSS 2.1 §10.3.3 (widths: block-widths.ts), §8.3.1 (collapsing margins, carried as a pending {positive, negative} set through the flow),
 * §9.5.2 (clearance), §9.5 (boxes that establish a formatting context do not overlap floats), §10.6.3/§10.6.7 (auto heights),
 * §10.7 (min/max heights), §9.4.3 (relative offsets), §10.1 (the containing block of absolute descendants); css-break-3
 * (pushing to the next fragmentainer, break-inside: avoid, margin truncation, box-decoration-break: slice, monolithic boxes).
 */
import type { Box } from '../box/types.ts';
import { hasTransform, type ComputedStyle } from '../css/computed.ts';
import type { BlockParams, BlockResult, ContentLayout, ContentParams, FlowEnv, UsedWidths } from './context.ts';
import type { BoxFragment, Edges, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { BreakToken, Flow, MarginSet } from './flow.ts';
import { NO_MARGIN, addMargin, atContentStart, collapsed, collapsedAtQuirkyEnd, leaving, overflowOnly, quirkyStart } from './flow.ts';
import {
  borderOf, paddingOf, marginValue, sizeValue, toContent, clampHeight, establishesBfc, isAbsolute, isAvoidBreak, slicedEdges, ratioHeight,
} from './box-model.ts';
import { BfcFloats } from './float.ts';
import { holdMarkerLine, outsideMarkerLine, placeOutsideMarker } from './marker.ts';
import { relativeOffset, layoutPendingAbs } from './positioned.ts';
import { childFlowEnv, discardContinuation, ownClamp } from './clamp.ts';
import { markOutOfFlow, restoreOutOfFlow, type OutOfFlowMark } from './oof-mark.ts';
import { blockWidths } from './block-widths.ts';

/** The result of a box that does not fit here and of which nothing was placed: break before it. */
export const PUSHED: BlockResult = Object.freeze({ fragment: null, bottom: 0, margin: NO_MARGIN, firstY: null, collapsedThrough: false, token: null, pushed: true }) as BlockResult;

/** The used edges and vertical sizes of a box on this fragmentainer (px). */
interface BoxMetrics {
  border: Edges; padding: Edges;
  /** Its top and bottom margins (the top one as specified, before truncation), and whether they are quirky (LengthPct.quirk). */
  mt: number; mb: number; mtQuirk: boolean; mbQuirk: boolean;
  /** The height percentages resolve against (quirks: html and body against the initial containing block), null when indefinite. */
  cbHeight: number | null;
  /** The specified content height (whole box), null when auto. */
  specH: number | null;
  bpV: number;
  /** Quirks mode: html and body with an auto height fill the viewport (their containing block) minus margins: the least content height, px. */
  fill: number | null;
  /** Quirks mode: body and table cells ignore quirky margins at their content's start and end (HTML §15.3.3). */
  quirkyContainer: boolean;
  /**
   * specH is only a bound of the content height: 'grows' when the content may make the box taller (the automatic minimum
   * height of an aspect-ratio, a min-height keyword), 'shrinks' when the box is no taller than its content (a max-height keyword).
   */
  toContent?: 'grows' | 'shrinks';
}

/** A margin is quirky when the UA sheet gave it in Chromium's quirky em (only in quirks mode). */
const quirky = (v: ComputedStyle['marginTop']): boolean => v !== 'auto' && v.quirk === true;

function boxMetrics<B extends Box>(box: B, p: BlockParams, env: FlowEnv, fc: ContentLayout<B>): BoxMetrics {
  const s = box.style;
  const cbw = p.cb.width;
  const border = borderOf(s), padding = paddingOf(s, cbw);
  const mt = marginValue(s.marginTop, cbw) ?? 0, mb = marginValue(s.marginBottom, cbw) ?? 0;
  const bpV = border.top + border.bottom + padding.top + padding.bottom;
  const quirks = env.ctx.quirks;
  // Percentage heights: against the containing block height when definite (quirks: html/body against the page).
  const tag = box.anonymous ? undefined : box.element?.name;
  const quirkPct = quirks && (tag === 'body' || tag === 'html');
  const cbHeight = quirkPct && p.cb.height === null ? env.icbHeight : p.cb.height;
  const m: BoxMetrics = {
    border, padding, mt, mb, mtQuirk: quirky(s.marginTop), mbQuirk: quirky(s.marginBottom), cbHeight, specH: null, bpV, fill: null,
    quirkyContainer: quirks && (box.kind === 'table-cell' || tag === 'body'),
  };
  if (fc.fixedHeight) { m.specH = fc.fixedHeight(box, p, env); return m; }
  let specH = p.heightOverride ?? null;
  if (specH === null && !p.ignoreHeight) {
    const h = sizeValue(s.height, cbHeight);
    specH = h === null ? null : toContent(h, s, bpV);
    if (specH !== null && quirkPct && s.height !== 'auto' && s.height.pct !== 0) specH = Math.max(0, specH - mt - mb);
  }
  if (specH !== null) specH = clampHeight(specH, s, cbHeight, bpV);
  m.specH = specH;
  // A min-height or max-height of min-content, max-content or fit-content is the content height (css-sizing-3 §3.2: in the
  // block axis, the automatic size), which a specified height then grows or shrinks to, as Chromium sizes it.
  if (specH !== null && p.heightOverride === undefined) m.toContent = s.minHeightKeyword ? 'grows' : s.maxHeightKeyword ? 'shrinks' : undefined;
  else if (specH !== null && p.heightGrows === true) m.toContent = 'grows';
  // Quirks mode: html and body with an auto height are at least as tall as their containing block (the viewport, for html).
  if (quirkPct && specH === null && p.heightOverride === undefined && cbHeight !== null) m.fill = Math.max(0, cbHeight - mt - mb - bpV);
  return m;
}

/**
 * The height the children's percentage heights resolve against (CSS 2.1 §10.5), px or null (indefinite): the box's
 * specified height; for the anonymous block around a non-block root, the page area; in quirks mode, the least height of
 * html and body (they fill the viewport), and for other auto-height block containers, not positioned, their own
 * containing block's (Blink's SkipContainingBlockForPercentHeightCalculation: percentages go through them).
 */
function childPercentBasis(box: Box, p: BlockParams, env: FlowEnv, m: BoxMetrics): number | null {
  if (m.specH !== null) return m.specH;
  if (p.isRoot === true && box.anonymous === true) return p.cb.height;
  if (!env.ctx.quirks) return null;
  if (m.fill !== null) return m.fill;
  return box.kind === 'block' && box.style.height === 'auto' && !isAbsolute(box) ? m.cbHeight : null;
}

/** Where the top of a box goes: its widths, border-box left, the flow position and margins left pending above it. */
interface TopEdge {
  widths: UsedWidths;
  /** Left edge of the border box, absolute px. */
  x: number;
  y: number;
  margin: MarginSet;
  /** The top border edge; null while the box's top margin may still collapse with its content's (CSS 2.1 §8.3.1). */
  borderTop: number | null;
  cleared: boolean;
  /** Where clearance resolved the pending margins above the box (the top edge of the ancestors they belong to), else undefined. */
  marginsAt?: number;
}

/** Margins, clearance (CSS 2.1 §9.5.2) and float avoidance (§9.5) of a box at the flow position. */
function placeTop<B extends Box>(box: B, p: BlockParams, env: FlowEnv, fc: ContentLayout<B>, bfc: boolean, m: BoxMetrics): TopEdge {
  const s = box.style;
  const cbw = p.cb.width;
  const resumed = p.token !== null;
  const widths = fc.widths ? fc.widths(box, cbw, p, env) : blockWidths(box, cbw, p, cbw, env);
  const collapseTop = !bfc && (resumed ? 0 : m.border.top + m.padding.top) === 0;
  let margin = resumed ? NO_MARGIN : addMargin(p.truncate ? NO_MARGIN : p.margin, p.truncate ? 0 : m.mt, m.mtQuirk);
  let y = p.y;
  let cleared = false;
  let marginsAt: number | undefined;
  if (s.clear !== 'none' && !resumed && p.floats) {
    // As Chromium (LayoutNG): when the margins above still hold an ancestor's unresolved top edge, floats below where they
    // end were placed there (adjoining floats); clearing them resolves that edge at the margins without the box's own, and
    // the box goes to the floats' bottom, its top margin dropped. Otherwise §9.5.2 from the hypothetical position.
    const above = y + collapsed(p.truncate ? NO_MARGIN : p.margin);
    const past = p.topPending === true ? p.floats.clearance(s.clear, above) : above;
    const hyp = past > above ? above : y + collapsed(margin);
    const c = past > above ? past : p.floats.clearance(s.clear, hyp);
    if (c > hyp) { cleared = true; y = c; margin = NO_MARGIN; if (past > above) marginsAt = above; }
  }
  const borderTop = collapseTop && !cleared && !resumed ? null : y + collapsed(margin);
  const top: TopEdge = { widths, x: p.cb.x + widths.ml, y, margin, borderTop, cleared, marginsAt };
  const floats = p.floats;
  if (!floats || !bfc || p.isRoot || p.widthOverride !== undefined || s.float !== 'none' || isAbsolute(box) || borderTop === null) return top;
  return besideFloats(box, p, env, fc, floats, m, top);
}

/**
 * A box that establishes an independent formatting context (a BFC root, a table, a flex or grid container) or a replaced
 * element must not overlap the floats of its block formatting context (CSS 2.1 §9.5). As Chromium (LayoutNG's layout
 * opportunities): the box goes in the first band from its position down where its border box fits between the floats;
 * its specified margins count from the containing block's edges and may overlap the floats, auto margins centre it in
 * the space left; percentages still refer to the containing block. Moved down, its border top is the float bottom.
 */
function besideFloats<B extends Box>(box: B, p: BlockParams, env: FlowEnv, fc: ContentLayout<B>, floats: BfcFloats, m: BoxMetrics, top: TopEdge): TopEdge {
  const s = box.style;
  const cbw = p.cb.width, left = p.cb.x, right = p.cb.x + cbw;
  const ml = marginValue(s.marginLeft, cbw) ?? 0, mr = marginValue(s.marginRight, cbw) ?? 0;
  const bpH = m.border.left + m.border.right + m.padding.left + m.padding.right;
  // The box's height when known before its content (replaced elements, specified heights): it must fit beside the floats all along.
  const height = m.specH !== null ? Math.max(0.01, m.specH + m.bpV) : 1;
  const at = top.borderTop as number;
  // As Chromium (LayoutNG): while the parent's top edge is pending, a box that does not fit beside the floats where it
  // would stand is placed like a cleared one: the margins above resolve without its own, and the search starts there.
  const pendingAt = p.topPending === true && !top.cleared ? top.y + collapsed(p.truncate ? NO_MARGIN : p.margin) : null;
  let y = at;
  let marginsAt = at;
  for (let guard = 0; guard <= floats.placed.length + 1; guard++) {
    const band = floats.available(y, height, left, right);
    // Moved down, the margins above stay resolved where the box would have stood (its firstY, for the parent's top edge).
    if (band.left <= left && band.right >= right) return y === at ? top : { ...top, y, margin: NO_MARGIN, borderTop: y, marginsAt };
    // The room between the floats and the margins (the margins may overlap the floats).
    const from = Math.max(band.left, left + ml), to = Math.min(band.right, right - mr);
    const avail = Math.max(0, to - from) + ml + mr;
    const widths = fc.widths ? fc.widths(box, avail, p, env) : blockWidths(box, avail, p, cbw, env);
    const next = floats.nextBottom(y, height);
    if (widths.width + bpH <= to - from + 0.01 || next === null) {
      const x = from - ml + widths.ml;
      return y === at ? { ...top, widths, x } : { ...top, widths, x, y, margin: NO_MARGIN, borderTop: y, marginsAt };
    }
    if (y === at && pendingAt !== null && pendingAt < at) { y = marginsAt = pendingAt; continue; }
    y = next;
  }
  return top;
}

/**
 * An auto height from the box's aspect-ratio and used width (css-sizing-4 §5.1) becomes its specified height; when
 * min-height is auto and the box does not clip, its automatic minimum is its content (§5.2), so it may grow past it.
 */
function aspectRatioHeight(box: Box, m: BoxMetrics, width: number): void {
  const s = box.style;
  const bpH = m.border.left + m.border.right + m.padding.left + m.padding.right;
  const h = ratioHeight(box, width, m.cbHeight, bpH, m.bpV);
  if (h === null) return;
  m.specH = h;
  m.toContent = s.minHeight === 'auto' && s.overflowY === 'visible' ? 'grows' : undefined;
}

/**
 * A break before the box is allowed (css-break-3 §4.1, §4.4: it makes progress): something is placed above it on this
 * fragmentainer, or an in-flow sibling precedes it (a class A break point) and its block-start border edge lies below the
 * fragmentainer's start, after margins (preserved after a forced break, §5.2) or an empty sibling's collapsed ones. So
 * Chromium 156 (LayoutNG) breaks before a break-inside: avoid box that does not fit there, leaving a page that holds only
 * those margins (an empty break-before: page div, then a section whose heading's margin-top collapses through it).
 */
function breaksBefore(p: BlockParams, env: FlowEnv, borderTop: number | null): boolean {
  if (!p.atTop) return true;
  return p.afterSibling === true && borderTop !== null && env.fragmentainerTop !== undefined && borderTop > env.fragmentainerTop + 0.01;
}

/** A box that `break-inside` keeps whole on this fragmentainer (css-break-3 §3.2; avoid-column only in columns). */
function avoidsBreakInside(s: ComputedStyle, env: FlowEnv): boolean {
  return isAvoidBreak(s.breakInside) || (env.inColumns === true && s.breakInside === 'avoid-column');
}

/** The float exclusions a box's content sees: a new BFC's (fragmented at the fragmentainer bottom unless inside a clipping box with a definite height), or its parent's. */
function contentFloats(box: Box, p: BlockParams, env: FlowEnv, bfc: boolean, specH: number | null): BfcFloats {
  const s = box.style;
  if (!bfc) return p.floats ?? new BfcFloats(env.floatLayout);
  // Floats are fragmented across pages in every formatting context (css-break-3 §2), except inside a monolithic clipping box.
  const fragmented = p.isRoot === true || p.fragmentFloats === true || !(s.overflowY !== 'visible' && specH !== null);
  return new BfcFloats(env.floatLayout, fragmented ? env.pageBottom : Infinity);
}

/** The content of a box: floats continued from the previous page first, then its formatting context's layout (unless the content has ended). */
function layoutContent<B extends Box>(box: B, fc: ContentLayout<B>, c: ContentParams, flow: Flow, env: FlowEnv): void {
  const t = c.p.token;
  if (t?.floats) {
    // Floats fragmented on the previous page continue at the top of this one.
    for (const cont of t.floats) {
      const f = c.floats.placeContinuation(cont, flow.y);
      flow.children.push(f);
      for (const a of c.floats.takeAbs(f)) c.abs.push(a);
    }
  }
  if (t !== null && t.content === null) return;
  fc.layout!(box, c, flow, env);
}

/** The used content height of a box on this fragmentainer and its break token (§10.6.3, §10.6.7, §10.7; css-break-3 §4); null: pushed. */
interface UsedHeight { contentHeight: number; token: BreakToken | null; collapseBottom: boolean }

function usedHeight(box: Box, p: BlockParams, env: FlowEnv, m: BoxMetrics, g: { bfc: boolean; monolithic: boolean; flow: Flow; contentTop: number; floats: BfcFloats | null; topMargins: number }): UsedHeight | null {
  const s = box.style;
  const { flow, contentTop } = g;
  const specH = m.specH;
  const consumedBefore = p.token?.consumed ?? 0;
  // CSS 2.1 §8.3.1: the last child's bottom margin adjoins the parent's when its height is auto; a min-height only
  // keeps them apart when it is in effect (it makes the box taller than its content).
  const minH = s.minHeight === 'auto' ? null : sizeValue(s.minHeight, m.cbHeight);
  const minInEffect = minH !== null && minH > 0 && toContent(minH, s, m.bpV) > flow.y - contentTop + 0.01;
  const collapseBottom = !g.bfc && s.height === 'auto' && p.heightOverride === undefined && m.border.bottom + m.padding.bottom === 0 && !minInEffect;
  // Quirks mode: quirky margins at the end of body or a table cell do not count (HTML §15.3.3).
  // Nothing in flow placed (flow.firstY still null): no content, whatever the (negative) margins that collapsed through it.
  let contentBottom = collapseBottom ? (flow.firstY === null ? contentTop : flow.y) : flow.y + (m.quirkyContainer ? collapsedAtQuirkyEnd(flow.margin) : collapsed(flow.margin));
  if (g.bfc && g.floats) contentBottom = Math.max(contentBottom, g.floats.lowestBottom());
  let token: BreakToken | null = flow.token === null ? null : { content: flow.token };
  // The box ended on an earlier page: only its overflowing content continues, and it takes no room (css-break-3 §4).
  if (p.token?.atBlockEnd) return { contentHeight: 0, token: token === null ? null : { ...token, atBlockEnd: true }, collapseBottom: false };
  // Floats continue on the next page: so does this box (after its content when that has ended).
  const floatsGoOn = g.bfc && g.floats !== null && g.floats.continuations.length > 0;
  if (floatsGoOn) token = { ...(token ?? { content: null }), floats: g.floats!.continuations.slice() };
  let contentHeight: number;
  if (flow.height !== undefined) contentHeight = flow.height;
  else if (specH !== null) {
    const content = contentBottom - contentTop + consumedBefore;
    contentHeight = Math.max(0, (m.toContent === 'grows' ? Math.max(specH, content) : m.toContent === 'shrinks' ? Math.min(specH, content) : specH) - consumedBefore);
  }
  else {
    contentHeight = Math.max(0, contentBottom - contentTop);
    if (m.fill !== null && p.token === null) contentHeight = Math.max(contentHeight, quirkyFill(m, flow, collapseBottom, g.topMargins));
    // min-/max-height bound the whole box, its fragments together (css-break-3 §4.2; `consumed`: see countsConsumed)
    if (!p.ignoreHeight) contentHeight = Math.max(0, clampHeight(consumedBefore + contentHeight, s, m.cbHeight, m.bpV) - consumedBefore);
  }
  const countsConsumed = specH !== null || (minH !== null && flow.height === undefined && !p.ignoreHeight);
  if (token !== null && !floatsGoOn && Number.isFinite(env.pageBottom) && (overflowOnly(flow.token) ||
    (specH !== null && flow.height === undefined && m.toContent !== 'grows' && contentTop + specH - consumedBefore <= env.pageBottom + 0.01))) {
    // The box ends on this page (its specified height fits, or only its children's overflow goes on): its content
    // overflowing its block-end edge continues on the next page, as Chromium 156 (LayoutNG) prints it (css-break-3 §4).
    token = { ...token, atBlockEnd: true };
    if (specH !== null) token.consumed = specH;
  } else if (token !== null && Number.isFinite(env.pageBottom)) {
    // The fragment fills the page when the box continues on the next one (css-break-3 §4).
    contentHeight = Math.max(0, env.pageBottom - contentTop);
    if (specH !== null && flow.height === undefined) token = { ...token, consumed: consumedBefore + Math.min(contentHeight, specH - consumedBefore) };
    else if (countsConsumed) token = { ...token, consumed: consumedBefore + contentHeight };
  } else if (token === null && countsConsumed && flow.height === undefined && !g.monolithic && Number.isFinite(env.pageBottom) &&
    contentTop + contentHeight > env.pageBottom + 0.01 && env.pageBottom - contentTop > 0 && contentHeight > 0) {
    // A box with a specified height or a min-height taller than what is left is sliced (not monolithic), as Chromium 156.
    // So is one in room left for an ancestor's block-end edges (env.reservedBy): there Chromium breaks before it instead.
    if (!p.atTop && p.token === null && (avoidsBreakInside(s, env) || env.reservedBy !== undefined)) return null;
    const room = env.pageBottom - contentTop;
    token = { content: null, consumed: consumedBefore + room };
    contentHeight = room;
  }
  return { contentHeight, token, collapseBottom };
}

/**
 * Quirks mode (quirks spec §3.8, the body element fills the html element): the least content height of body is the viewport
 * less its margins, and Chromium 156 takes as these margins the ones its border edges end at (CSS 2.1 §8.3.1; LayoutNG's
 * margin struts, quirky UA margins included): at the top, its margin collapsed with its first child's (a first child with
 * margin-top: 12px under body's 8px: 12 px above body, 4 px less height); at the bottom, the one its last child's bottom
 * margin collapses into (margin-bottom: 60px: body ends 60 px above the page end, where a bottom: 0 box of a positioned
 * body sits). Percentages inside still resolve against the viewport less body's own margins (BoxMetrics.fill). html
 * establishes the root's formatting context and keeps its own margins. `topMargins`: the margins above the border edge, px.
 */
function quirkyFill(m: BoxMetrics, flow: Flow, collapseBottom: boolean, topMargins: number): number {
  const fill = m.fill! + m.mt - topMargins;
  return Math.max(0, collapseBottom ? fill + m.mb - collapsed(addMargin(flow.margin, m.mb, m.mbQuirk)) : fill);
}

const zeroOrAuto = (v: ComputedStyle['height']): boolean => v === 'auto' || (v.px === 0 && v.pct === 0);

/** The fragment of a box on this fragmentainer (borders and paddings sliced where it continues, css-break-3 §5.4), with its list marker. */
function buildFragment(box: Box, env: FlowEnv, m: BoxMetrics, g: { x: number; widths: UsedWidths; borderTop: number; borderBottom: number; resumed: boolean; endsBox: boolean; flow: Flow }): BoxFragment | ReplacedFragment {
  const width = g.widths.width + m.border.left + m.border.right + m.padding.left + m.padding.right;
  const margin = { top: m.mt, right: g.widths.mr, bottom: m.mb, left: g.widths.ml };
  const height = g.borderBottom - g.borderTop;
  if (box.kind === 'replaced') return { kind: 'replaced', box, style: box.style, x: g.x, y: g.borderTop, width, height, margin, border: m.border, padding: m.padding };
  const frag: BoxFragment = {
    kind: 'box', box, style: box.style, x: g.x, y: g.borderTop, width, height, margin,
    border: slicedEdges(m.border, !g.resumed, g.endsBox), padding: slicedEdges(m.padding, !g.resumed, g.endsBox),
    children: g.flow.children, startsBox: !g.resumed, endsBox: g.endsBox,
  };
  if (g.flow.firstBaseline !== undefined) frag.baseline = g.flow.firstBaseline;
  if (g.flow.legendGap) frag.legendGap = g.flow.legendGap;
  if (box.kind === 'block' && box.marker && !g.resumed) {
    const mk = placeOutsideMarker(box, frag, env.ctx);
    if (mk) frag.children.unshift(mk);
  }
  return frag;
}

/**
 * Lays out one block-level box through its formatting context `fc`: margins, clearance and float avoidance (placeTop), the
 * content (fc.layout into a Flow), break-inside and pushing, the used height (usedHeight), the sliced fragment with its list
 * marker, its absolutely positioned descendants and relative offset, and the margins left pending below it.
 */
export function layoutBlockLevelBox<B extends Box>(box: B, p: BlockParams, env: FlowEnv, fc: ContentLayout<B>): BlockResult {
  if (!Number.isFinite(env.pageBottom) || env.clamp) return layoutBlockLevelOnce(box, p, env, fc, 0);
  const oof = markOutOfFlow(env, p.abs, p.floats);
  const r = layoutBlockLevelOnce(box, p, env, fc, 0);
  const f = r.fragment;
  if (f === null || f.kind !== 'box' || r.token !== null || r.pushed || r.collapsedThrough) return r;
  const endBP = closingEdges(f);
  const bottom = f.y + f.height;
  // As Chromium (LayoutNG): a box that ends on this fragmentainer takes its block-end border and padding along, and the
  // last child's block-end margin before them (they do not collapse). When these cross its end but the content fits,
  // the content is laid out again leaving room for them: it breaks earlier and the box continues on the next page (or
  // the box moves there whole when nothing of it fits).
  if (endBP <= 0 || bottom <= env.pageBottom + 0.01) return r;
  // Except in a table cell: its content does not break earlier for the cell's own padding and border; Chromium 156 moves
  // the row to the next page instead, or slices the padding when the row cannot move (splitRow in table/index.ts).
  if (box.kind === 'table-cell') return r;
  const contentEnd = Math.min(bottom - endBP, contentBottom(f) ?? bottom - endBP);
  if (contentEnd > env.pageBottom + 0.01) return r;
  // Chromium breaks at the latest break point: before a trailing empty box (a clearfix ::after) when there is one, which
  // moves only that box and the padding, not content (kept as laid out: its end overflows by the padding here).
  if (endsWithEmptyBox(f)) return r;
  restoreOutOfFlow(oof);
  return layoutBlockLevelOnce(box, p, env, fc, bottom - contentEnd);
}

/** The block-end of a fragment's in-flow content: its last in-flow box or line's border-box bottom (px), or null when none. */
function contentBottom(f: BoxFragment): number | null {
  for (let i = f.children.length - 1; i >= 0; i--) {
    const c = f.children[i];
    if ((c.kind === 'box' || c.kind === 'replaced') && (c.style.float !== 'none' || isAbsolute(c.box))) continue;
    if (c.kind === 'box' || c.kind === 'replaced' || c.kind === 'line') return c.y + c.height;
  }
  return null;
}

/**
 * The block-end border and padding that close a box's fragment: its own, and a table wrapper's table box's when that is
 * its last child (css-tables-3 §2.1: the wrapper has no edges of its own; a bottom caption follows the table's instead).
 */
function closingEdges(f: BoxFragment): number {
  let edges = f.border.bottom + f.padding.bottom;
  const last = f.children[f.children.length - 1];
  if (f.box.kind === 'table-wrapper' && last?.kind === 'box' && last.box === f.box.table) edges += last.border.bottom + last.padding.bottom;
  return edges;
}

/** The last in-flow child of a fragment is an empty box (zero height, e.g. a clearfix ::after table). */
function endsWithEmptyBox(f: BoxFragment): boolean {
  for (let i = f.children.length - 1; i >= 0; i--) {
    const c = f.children[i];
    if (c.kind === 'box' && (c.style.float !== 'none' || isAbsolute(c.box))) continue;
    return c.kind === 'box' && c.height === 0;
  }
  return false;
}

/**
 * layoutBlockLevelBox once, its content's fragmentainer end `reserve` px higher (room kept for its block-end border and
 * padding); `settled`: laid out again once its pending top edge resolved (done at most once).
 */
function layoutBlockLevelOnce<B extends Box>(box: B, p: BlockParams, env: FlowEnv, fc: ContentLayout<B>, reserve: number, settled = false): BlockResult {
  const s = box.style;
  const resumed = p.token !== null;
  const bfc = fc.independent || p.isRoot === true || p.forceBfc === true || establishesBfc(box);
  const m = boxMetrics(box, p, env, fc);
  const top = placeTop(box, p, env, fc, bfc, m);
  if (m.specH === null && p.heightOverride === undefined && !p.ignoreHeight) aspectRatioHeight(box, m, top.widths.width);
  // A box that starts at or below the fragmentainer bottom goes to the next one whole.
  if (top.borderTop !== null && !p.atTop && !resumed && top.borderTop >= env.pageBottom - 0.01) return PUSHED;
  const { border, padding, specH } = m;
  const contentX = top.x + border.left + padding.left;
  const topBP = resumed ? 0 : border.top + padding.top;
  const startMargin = top.borderTop === null ? top.margin : NO_MARGIN;
  const flow: Flow = {
    y: top.borderTop === null ? top.y : top.borderTop + topBP, margin: m.quirkyContainer && !resumed ? quirkyStart(startMargin) : startMargin,
    firstY: top.borderTop, placedAny: false, children: [], token: null, pushed: false,
  };
  const markerLine = box.kind === 'block' && box.marker && !resumed ? outsideMarkerLine(box.marker, env.ctx.fonts) : null;
  if (markerLine) flow.marker = markerLine.ascent;
  // A clipping box with a definite height is monolithic (css-break-3 §2.1): its content is not fragmented.
  const monolithic = fc.monolithic === true || (s.overflowY !== 'visible' && specH !== null && Number.isFinite(env.pageBottom));
  // A transformed or filtered box is the containing block of its absolute and fixed descendants (css-transforms-1 §3,
  // filter-effects-1 §5: a filter other than none).
  const fixedContainer = hasTransform(s) || s.filter.length > 0;
  const positioned = s.position !== 'static' || p.isRoot === true || fixedContainer;
  // A positioned box holds its absolute descendants (CSS 2.1 §10.1), a positioned root too; a static root leaves them to
  // the initial containing block (p.abs).
  const ownAbs = positioned && (p.isRoot !== true || s.position !== 'static');
  const abs = ownAbs ? [] : p.abs;
  let childEnv = env;
  let floats: BfcFloats | null = null;
  let pendingOof: OutOfFlowMark | null = null;
  if (fc.layout) {
    floats = contentFloats(box, p, env, bfc, specH);
    childEnv = childFlowEnv(box, bfc, p.token, monolithic ? { ...env, pageBottom: Infinity } : reserve > 0 ? { ...env, pageBottom: env.pageBottom - reserve, reservedBy: box } : env);
    if (fixedContainer && !p.isRoot) childEnv = { ...childEnv, fixed: abs };
    const cb = { x: contentX, y: 0, width: top.widths.width, height: childPercentBasis(box, p, env, m) };
    if (top.borderTop === null) pendingOof = markOutOfFlow(env, abs, floats);
    layoutContent(box, fc, {
      p, x: contentX, width: top.widths.width, border, padding, cb, specH, floats, abs, token: p.token?.content ?? null,
      consumed: p.token?.consumed ?? 0, resumed, atTop: p.atTop, truncate: p.truncate && (top.borderTop === null || resumed),
      pageName: s.page !== 'auto' ? s.page : (p.pageName ?? ''),
    }, flow, childEnv);
    // continue: discard (css-overflow-4 §4.1): what does not fit on this page is not rendered.
    if (flow.token !== null && flow.placedAny && s.continue === 'discard') discardContinuation(flow, env.ctx.fonts);
    // A resumed box is never pushed whole (its earlier part is on an earlier page): it keeps its token instead.
    if (flow.pushed && !p.atTop && !resumed) return PUSHED;
    if (flow.token !== null && !resumed && ((avoidsBreakInside(s, env) && breaksBefore(p, env, top.borderTop ?? flow.firstY)) ||
      (!p.atTop && !flow.placedAny && atContentStart(flow.token, topBP)))) return PUSHED;
  }
  if (markerLine && flow.firstBaseline === undefined) holdMarkerLine(flow, markerLine.height, top.borderTop === null ? null : top.borderTop + topBP);
  // While the top edge is pending, the margins of children that all collapse through adjoin this box's top margin
  // (CSS 2.1 §8.3.1: adjoining margins are transitive); a box that cannot collapse through itself (a height, a min-height,
  // a block-end border or padding) resolves its top edge below all of them, as Chromium 156 (LayoutNG) does: with
  // 'min-height: 2em' and an empty last child with 'margin-bottom: 5em', the box starts 5em down, not at its own margin.
  const closesTop = top.borderTop === null && flow.firstY === null &&
    !(zeroOrAuto(s.height) && zeroOrAuto(s.minHeight) && border.bottom + padding.bottom === 0);
  // A box whose content all collapsed through it and that collapses through itself: its top border edge is where it would
  // be with a non-zero bottom border (CSS 2.1 §8.3.1), below its top margin collapsed with its content's margins (all
  // adjoin it), its own bottom margin apart; Chromium 156 (LayoutNG) puts it, and its content, there: margin 16px around
  // an empty child with margins 5px and 40px starts 40 px down, not 16.
  const selfCollapsing = top.borderTop === null && flow.firstY === null && !closesTop;
  // Still pending, the top edge is where a later box resolved the margins above (BlockParams.pendingTopAt), else at them.
  const pendingTop = p.pendingTopAt ?? top.y + collapsed(selfCollapsing ? flow.margin : top.margin);
  const borderTop = top.borderTop ?? flow.firstY ?? (closesTop ? flow.y + collapsed(flow.margin) : pendingTop);
  // What the content placed while its top was pending (boxes its margins collapse through, the floats they hold) stood at
  // the margins above it; Chromium places it at the top edge they resolve to (LayoutNG positions adjoining floats and
  // self-collapsing children once the BFC block offset is known): laid out again from there, as block.ts does when a
  // later sibling resolves the edge, so the floats' exclusions move too (CSS 2.1 §9.5). So is the content of a
  // self-collapsing box, which stood where its own margins resolved (a later empty child's larger margin, a float at the
  // box's top margin).
  const movesDown = closesTop && flow.children.length > 0 && borderTop > pendingTop + 0.01;
  const awayFromOwnTop = (): boolean => selfCollapsing && p.pendingTopAt === undefined && flow.children.some((k) => Math.abs(k.y - borderTop) > 0.01);
  if (!settled && pendingOof !== null && (movesDown || awayFromOwnTop())) {
    restoreOutOfFlow(pendingOof);
    return layoutBlockLevelOnce(box, { ...p, pendingTopAt: borderTop }, env, fc, reserve, true);
  }
  // The margins above the border edge (its own, or the start margin strut collapsed with its content's when pending).
  const topMargins = top.borderTop === null ? borderTop - top.y : m.mt;
  const h = usedHeight(box, p, env, m, { bfc, monolithic, flow, contentTop: borderTop + topBP, floats, topMargins });
  if (h === null) return PUSHED;
  // The box ends here (its token, if any, carries only content overflowing it), unless it ended on an earlier page.
  const endsHere = (h.token === null || h.token.atBlockEnd === true) && p.token?.atBlockEnd !== true;
  const borderBottom = borderTop + topBP + h.contentHeight + (endsHere ? border.bottom + padding.bottom : 0);
  const collapsedThrough = top.borderTop === null && flow.firstY === null && h.contentHeight === 0 && h.token === null &&
    zeroOrAuto(s.height) && zeroOrAuto(s.minHeight) && border.bottom + padding.bottom === 0;
  // A box that starts at or below the page bottom goes to the next page whole; so does a monolithic box that does not fit.
  if (!p.atTop && !resumed && !collapsedThrough && borderTop >= env.pageBottom - 0.01) return PUSHED;
  if (monolithic && !p.atTop && !resumed && borderBottom > env.pageBottom + 0.01) return PUSHED;
  const frag = buildFragment(box, env, m, { x: top.x, widths: top.widths, borderTop, borderBottom, resumed, endsBox: endsHere, flow });
  // Absolutely positioned descendants whose containing block is this box's padding box (CSS 2.1 §10.1).
  if (ownAbs && abs.length > 0 && frag.kind === 'box') layoutPendingAbs(abs, frag, env);
  const rel = relativeOffset(s, p.cb);
  if (rel) translateFragment(frag, rel.dx, rel.dy);
  let token = h.token;
  const clamp = token !== null ? ownClamp(box, childEnv) : null;
  if (clamp) token = { ...token!, clampUsed: clamp.used };
  // The margins left pending below the box (§8.3.1): its bottom margin, with its last child's when they adjoin.
  const through = collapsedThrough || (endsHere && h.collapseBottom) ? addMargin(flow.margin, m.mb, m.mbQuirk) : null;
  const margin = through !== null ? (m.quirkyContainer ? leaving(through) : through) : !endsHere ? NO_MARGIN : addMargin(NO_MARGIN, m.mb, m.mbQuirk);
  return { fragment: frag, bottom: collapsedThrough ? top.y : borderBottom, margin, firstY: collapsedThrough ? null : top.marginsAt ?? borderTop, collapsedThrough, token, pushed: false };
}
