/**
 * Positioned boxes: relative offsets (CSS 2.1 §9.4.3) and absolutely/fixed positioned boxes (§10.3.7, §10.3.8, §10.6.4, §10.6.5),
 * laid out once their containing block is known, and their continuations on the next page (css-break-3 §2, §4).
 * In: a box with its static position and its containing block (a padding box, or the page area). Out: its fragment.
 */
import type { Box } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { FlowEnv, LayoutContext } from './context.ts';
import type { BoxFragment, Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, clampWidth, clampHeight, fitContent, intrinsicEdges, keywordWidths } from './box-model.ts';
import { replacedSize } from './replaced.ts';
import type { ContainingBlock, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import type { AbsContinuation } from './oof-break.ts';

/** The offset of a relatively positioned box (§9.4.3): left wins over right, top over bottom; null when none. */
export function relativeOffset(s: ComputedStyle, cb: ContainingBlock): { dx: number; dy: number } | null {
  if (s.position !== 'relative' && s.position !== 'sticky') return null;
  if (s.position === 'sticky') return null;
  const l = sizeValue(s.left, cb.width), r = sizeValue(s.right, cb.width);
  const t = sizeValue(s.top, cb.height), b = sizeValue(s.bottom, cb.height);
  const dx = l !== null ? l : r !== null ? -r : 0;
  const dy = t !== null ? t : b !== null ? -b : 0;
  return dx === 0 && dy === 0 ? null : { dx, dy };
}

/**
 * Shrink-to-fit width (§10.3.5): min(max(min-content, available), max-content) for the margin
 * box, minus the margins, borders and paddings `mbp` (percentages resolved): the used content width, px. The intrinsic
 * sizes count percentage margins and padding as 0, so the content is measured against `available` less the used ones
 * (fitContent's `edges`), as Chromium 156 sizes an inline-block with 'margin-right: 2%'.
 */
export function shrinkToFit(box: Box, available: number, mbp: number, env: { ctx: LayoutContext }): number {
  return fitContent(env.ctx.intrinsicSizes(box), available, mbp, intrinsicEdges(box.style));
}

/**
 * Used content width and horizontal margins of a float or an atomic inline (CSS 2.1 §10.3.5,
 * §10.3.9): the specified width, or shrink-to-fit against `available`, clamped by min/max-width;
 * auto margins are 0. `width` is undefined for replaced boxes, whose layout sizes them. px.
 */
export function floatLikeWidths(box: Box, available: number, cbWidth: number, env: { ctx: LayoutContext }): { width: number | undefined; ml: number; mr: number } {
  const s = box.style;
  const b = borderOf(s), p = paddingOf(s, cbWidth);
  const bp = b.left + b.right + p.left + p.right;
  const ml = marginValue(s.marginLeft, cbWidth) ?? 0, mr = marginValue(s.marginRight, cbWidth) ?? 0;
  if (box.kind === 'replaced') return { width: undefined, ml, mr };
  // A table's width is its table box's, percentages of the containing block included (CSS 2.1 §17.4), not shrink-to-fit.
  if (box.kind === 'table-wrapper') return { width: env.ctx.tableWidth(box, available - ml - mr, cbWidth), ml, mr };
  const spec = sizeValue(s.width, cbWidth);
  const kw = keywordWidths(box, env.ctx, available, bp + ml + mr);
  const width = spec !== null ? toContent(spec, s, bp) : s.widthKeyword ? kw(s.widthKeyword) : shrinkToFit(box, available, bp + ml + mr, env);
  return { width: clampWidth(width, s, cbWidth, bp, kw), ml, mr };
}

/**
 * Lays out an absolutely positioned box (position absolute or fixed) against `cb` (the padding
 * box of its containing block), from its static position. Returns its fragment, or null.
 */
export function layoutAbsolute(a: PendingAbs, cb: ContainingBlock, env: FlowEnv): Fragment | null {
  return placeAbsolute(a, cb, env)?.fragment ?? null;
}

/**
 * As layoutAbsolute, for a box in the flow of a page after the first: a box that starts above the page area's top
 * (`env.pageTop`) and reaches into it is fragmented at that top (see splitAtPageTop). Returns its fragments in
 * order: none, one, or the part above the page area's top and the rest.
 */
export function layoutAbsoluteParts(a: PendingAbs, cb: ContainingBlock, env: FlowEnv): Fragment[] {
  const placed = placeAbsolute(a, cb, env);
  if (!placed) return [];
  return splitAtPageTop(placed, env) ?? [placed.fragment];
}

/** An abspos box laid out in place: its fragment, its used horizontal metrics and height (as a continuation keeps them) and its containing block's top and its top margin (px). */
interface PlacedAbs { fragment: Fragment; used: Omit<AbsContinuation, 'token'>; cbY: number; mt: number }

/**
 * css-break-3 §4.4, §4.1 and §4.2: pages are one flow of fragmentainers, so an abspos box whose border box starts above the
 * page area's top, in the page before (where paint prints that part, src/paint/spill.ts), is fragmented at that top like
 * any flow: the lines (and blocks) that end above it stay there, a line box that crosses it moves to the top of this page's
 * area, and what follows it comes after it; the box's first line stays where it is (the box must make progress in the
 * page before: a box has no earlier break point). Orphans and widows give way, as in a fragmentainer's first content.
 * Measured in Chromium 156's print (its out-of-flow fragmentation; test/layout/abspos-page-top-chromium.test.ts).
 * Returns null when the box does not cross the top (or no page comes before, or it is not fragmented there).
 */
function splitAtPageTop(placed: PlacedAbs, env: FlowEnv): Fragment[] | null {
  const f = placed.fragment;
  const top = env.pageTop;
  if (top === undefined || env.absBreaks === undefined || env.inColumns === true || !Number.isFinite(env.pageBottom) || f.kind !== 'box') return null;
  if (!(f.y < top - 0.01 && f.y + f.height > top + 0.01)) return null;
  const u = placed.used;
  const r = env.ctx.layoutBlockLevel(u.box, {
    cb: { x: u.cbX, y: placed.cbY, width: u.cbWidth, height: u.cbHeight }, y: f.y - placed.mt, margin: NO_MARGIN, token: null,
    atTop: true, truncate: false, abs: [], widthOverride: u.width, marginsOverride: { left: u.ml, right: u.mr }, heightOverride: u.height,
  }, { ...env, pageBottom: top, absBreaks: undefined });
  const first = r.fragment;
  if (!first || r.token === null) return null;
  first.margin.top = placed.mt;
  const rest = layoutAbsContinuation({ ...u, token: r.token }, { y: top }, env);
  if (!rest) return [first];
  if (rest.kind === 'box') rest.margin.bottom = f.margin.bottom;
  return [first, rest];
}

function placeAbsolute(a: PendingAbs, cb: ContainingBlock, env: FlowEnv): PlacedAbs | null {
  const box = a.box;
  if (box.kind === 'text' || box.kind === 'br' || box.kind === 'marker') return null;
  const s = box.style;
  const W = cb.width;
  const H = cb.height;
  const border = borderOf(s);
  const padding = paddingOf(s, W);
  const bpH = border.left + border.right + padding.left + padding.right;
  const bpV = border.top + border.bottom + padding.top + padding.bottom;
  let left = sizeValue(s.left, W), right = sizeValue(s.right, W);
  let ml = marginValue(s.marginLeft, W), mr = marginValue(s.marginRight, W);
  const replaced = box.kind === 'replaced';
  const rs = replaced ? replacedSize(box, W, H) : null;
  const specW = sizeValue(s.width, W);
  let width: number | null = rs ? rs.width : specW === null ? null : toContent(specW, s, bpH);
  const staticLeft = a.staticX - cb.x;
  // rtl: the static position is the right edge (§10.3.7 'direction' of the containing block is rtl).
  if (left === null && right === null && a.staticRight !== undefined) right = cb.x + W - a.staticRight;
  // A table is as wide as its table box (percentages of the containing block), never stretched between left and right:
  // an auto-width one fits its content in the room they leave (css-tables-3 §3.9.3; as Chromium).
  if (box.kind === 'table-wrapper') width = env.ctx.tableWidth(box, W - (left ?? (right === null ? staticLeft : 0)) - (right ?? 0) - (ml ?? 0) - (mr ?? 0), W);
  // ---- horizontal (§10.3.7 / §10.3.8)
  // Intrinsic size keywords of width, min-width and max-width (css-sizing-3 §3): fit-content against the room the insets leave.
  const kw = keywordWidths(box, env.ctx, W - (left ?? (right === null ? staticLeft : 0)) - (right ?? 0), bpH + (ml ?? 0) + (mr ?? 0));
  if (width === null && s.widthKeyword) width = kw(s.widthKeyword);
  const stf = (avail: number): number => clampWidth(shrinkToFit(box, avail, bpH + (ml ?? 0) + (mr ?? 0), env), s, W, bpH, kw);
  if (left === null && right === null && width === null) {
    ml = ml ?? 0; mr = mr ?? 0;
    left = staticLeft;
    width = stf(W - left);
  } else if (left !== null && right !== null && width !== null) {
    const rest = W - left - right - width - bpH;
    if (ml === null && mr === null) {
      const m = rest / 2;
      if (m < 0 && s.direction !== 'rtl') { ml = 0; mr = rest; } else { ml = m; mr = m; }
    } else if (ml === null) ml = rest - (mr as number);
    else if (mr === null) mr = rest - ml;
    // else over-constrained: right is ignored
  } else {
    ml = ml ?? 0; mr = mr ?? 0;
    if (left === null && width === null) { width = stf(W - (right as number)); left = W - (right as number) - width - bpH - ml - mr; }
    else if (left === null && right === null) { left = staticLeft; }
    else if (width === null && right === null) { width = stf(W - (left as number)); }
    else if (left === null) { left = W - (right as number) - (width as number) - bpH - ml - mr; }
    else if (width === null) { width = Math.max(0, W - left - (right as number) - bpH - ml - mr); }
  }
  if (!replaced) width = clampWidth(width as number, s, W, bpH, kw);
  ml = ml ?? 0; mr = mr ?? 0;
  const usedLeft = left as number;
  // ---- vertical (§10.6.4 / §10.6.5): height known up front when specified or from top + bottom
  const top = sizeValue(s.top, H), bottom = sizeValue(s.bottom, H);
  let mt = marginValue(s.marginTop, W), mb = marginValue(s.marginBottom, W);
  const specH = sizeValue(s.height, H);
  let height: number | null = rs ? rs.height : specH === null ? null : toContent(specH, s, bpV);
  if (height === null && top !== null && bottom !== null && H !== null) {
    height = Math.max(0, H - top - bottom - bpV - (mt ?? 0) - (mb ?? 0));
  }
  if (height !== null && !replaced) height = clampHeight(height, s, H, bpV);
  const staticTop = a.staticY - cb.y;
  // css-break-3 §2, §4: an abspos box whose top is known before its height is fragmented at the
  // page bottom like other boxes; the rest continues at the top of the next page (src/layout/oof-break.ts).
  const knownTop = top === null && bottom === null ? staticTop : top !== null && !(bottom !== null && H !== null && specH !== null) ? top : null;
  const paged = knownTop !== null && env.absBreaks !== undefined && env.inColumns !== true && Number.isFinite(env.pageBottom);
  const split = paged && !replaced && cb.y + knownTop! < env.pageBottom - 0.01;
  const r = env.ctx.layoutBlockLevel(box, {
    cb: split ? { x: cb.x + usedLeft, y: cb.y, width: W, height: H } : { x: 0, y: 0, width: W, height: H },
    y: split ? cb.y + (knownTop as number) : 0, margin: NO_MARGIN, token: null,
    atTop: true, truncate: false, abs: [], widthOverride: width as number,
    marginsOverride: { left: ml, right: mr }, heightOverride: height ?? undefined,
  }, split ? env : { ...env, pageBottom: Infinity });
  const f = r.fragment;
  if (!f) return null;
  const used = { box, cbX: cb.x + usedLeft, cbWidth: W, cbHeight: H, width: width as number, ml, mr, height: height ?? undefined };
  if (split) {
    // Laid out in place: its top margin edge at the known top, its margin box at the used left.
    if (r.token !== null) env.absBreaks!.add(f, { ...used, token: r.token });
    f.margin.top = mt ?? 0;
    if (f.kind === 'box') f.margin.bottom = mb ?? 0;
    return { fragment: f, used, cbY: cb.y, mt: mt ?? 0 };
  }
  const h = f.height;
  let usedTop: number;
  if (top === null && bottom === null) { usedTop = staticTop; mt = mt ?? 0; }
  else if (top !== null && bottom !== null && H !== null && specH !== null) {
    const rest = H - top - bottom - h;
    if (mt === null && mb === null) { mt = rest / 2; mb = rest / 2; }
    else if (mt === null) mt = rest - (mb as number);
    usedTop = top;
  } else if (top !== null) { usedTop = top; mt = mt ?? 0; }
  else { mt = mt ?? 0; mb = mb ?? 0; usedTop = (H ?? 0) - (bottom as number) - h - mt - mb; }
  // The fragment was laid out with its top margin already applied at y = 0; move it into place.
  const laidTop = f.y;
  translateFragment(f, cb.x + usedLeft, cb.y + usedTop + (mt ?? 0) - laidTop);
  f.margin.top = mt ?? 0;
  if (f.kind === 'box') f.margin.bottom = mb ?? 0;
  // A box whose top margin edge is at or past the page bottom goes to the page it falls on (css-break-3 §4: out-of-flow
  // boxes are fragmented with the flow; Chromium 156 adds pages for it past the flow's end).
  if (paged && cb.y + knownTop! >= env.pageBottom - 0.01) env.absBreaks!.add(f, { ...used, token: null, offset: cb.y + knownTop! - env.pageBottom });
  return { fragment: f, used, cbY: cb.y, mt: mt ?? 0 };
}

/** Lays out collected absolutely positioned boxes against a positioned box's padding box (CSS 2.1 §10.1) and puts them in place. */
export function layoutPendingAbs(abs: PendingAbs[], frag: BoxFragment, env: FlowEnv): void {
  const cb: ContainingBlock = {
    x: frag.x + frag.border.left,
    y: frag.y + frag.border.top,
    width: frag.width - frag.border.left - frag.border.right,
    height: frag.height - frag.border.top - frag.border.bottom,
  };
  const placed = abs.map((a) => env.absLayout(a, cb, env));
  // Boxes met in block flow go where they were met (last first, so earlier slots in one list keep their index); the others at the end.
  const inSlot = abs.map((a, i) => placed[i].length > 0 && a.slot !== undefined && a.slot.index <= a.slot.list.length);
  for (let i = abs.length - 1; i >= 0; i--) if (inSlot[i]) abs[i].slot!.list.splice(abs[i].slot!.index, 0, ...placed[i]);
  for (let i = 0; i < abs.length; i++) if (!inSlot[i]) frag.children.push(...placed[i]);
  abs.length = 0;
}

/**
 * Lays out the continuation of an abspos box at the top of the page area `area` (absolute px)
 * with `env` (that page's flow environment, whose `absBreaks` records a further break), or a box
 * that starts on a later page at its offset (passed on again when that is past this page too).
 * Returns the fragment (resumed: no top border or padding, css-break-3 §5.4 slice), or null.
 */
export function layoutAbsContinuation(c: AbsContinuation, area: { y: number }, env: FlowEnv): Fragment | null {
  // A box that starts on a later page (token null) starts `offset` below this page area's top, its top margin included.
  const y = area.y + (c.token === null ? c.offset ?? 0 : 0);
  const cb: ContainingBlock = { x: c.cbX, y: area.y, width: c.cbWidth, height: c.cbHeight };
  const later = c.token === null && env.absBreaks !== undefined && y >= env.pageBottom - 0.01;
  const r = env.ctx.layoutBlockLevel(c.box, {
    cb, y, margin: NO_MARGIN, token: c.token,
    atTop: true, truncate: c.token !== null, abs: [], widthOverride: c.width, marginsOverride: { left: c.ml, right: c.mr },
    heightOverride: c.height,
  }, later ? { ...env, pageBottom: Infinity } : env);
  if (!r.fragment) return null;
  if (later) env.absBreaks!.add(r.fragment, { ...c, offset: y - env.pageBottom });
  else if (r.token !== null && env.absBreaks) env.absBreaks.add(r.fragment, { ...c, token: r.token });
  return r.fragment;
}
