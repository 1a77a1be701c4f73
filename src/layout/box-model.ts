/**
 * Box-model arithmetic shared by the block, float and positioned layouts.
 * In: computed styles and a containing block width. Out: used margins, borders, paddings and widths in px (CSS 2.1 §8, §10.3, §10.4, §10.7).
 */
import type { ComputedStyle, IntrinsicSizeKeyword, LengthPct, LengthPctAuto } from '../css/computed.ts';
import { resolveLength } from '../css/computed.ts';
import type { Box } from '../box/types.ts';
import type { Edges } from './fragment.ts';

/** Resolved padding, px; percentages refer to the containing block's width (CSS 2.1 §8.4). */
export function paddingOf(s: ComputedStyle, cbWidth: number | null): Edges {
  return {
    top: Math.max(0, resolveLength(s.paddingTop, cbWidth)),
    right: Math.max(0, resolveLength(s.paddingRight, cbWidth)),
    bottom: Math.max(0, resolveLength(s.paddingBottom, cbWidth)),
    left: Math.max(0, resolveLength(s.paddingLeft, cbWidth)),
  };
}

/** Used border widths, px (0 for none/hidden, already done by the cascade). */
export function borderOf(s: ComputedStyle): Edges {
  return { top: s.borderTop.width, right: s.borderRight.width, bottom: s.borderBottom.width, left: s.borderLeft.width };
}

/** A margin's used value against the containing block width, `auto` as null. */
export function marginValue(v: LengthPctAuto, cbWidth: number): number | null {
  return v === 'auto' ? null : resolveLength(v, cbWidth);
}

/** A size property's used value, px, or null when auto (or a percentage of an indefinite basis). */
export function sizeValue(v: LengthPctAuto | 'none', basis: number | null): number | null {
  if (v === 'auto' || v === 'none') return null;
  if (v.pct !== 0 && basis === null) return null;
  return resolveLength(v, basis);
}

/** Resolves a length-percentage against a possibly indefinite basis; percentages of null give 0. */
export function lp(v: LengthPct, basis: number | null): number {
  return resolveLength(v, basis);
}

/** Zero edges. */
export function zeroEdges(): Edges { return { top: 0, right: 0, bottom: 0, left: 0 }; }

/**
 * A block fragment's used border or padding widths under box-decoration-break: slice
 * (css-break-3 §5.4): no top edge when the fragment does not start the box, no bottom edge
 * when it does not end it. px. `e` itself when the fragment holds both edges (or they are 0): the caller gives up `e`.
 */
export function slicedEdges(e: Edges, startsBox: boolean, endsBox: boolean): Edges {
  if ((startsBox || e.top === 0) && (endsBox || e.bottom === 0)) return e;
  return { top: startsBox ? e.top : 0, right: e.right, bottom: endsBox ? e.bottom : 0, left: e.left };
}

/**
 * Converts a specified width/height (box-sizing applied) to a content size, px: border-box
 * sizes lose the border and padding (never below 0).
 */
export function toContent(size: number, s: ComputedStyle, bp: number): number {
  return s.boxSizing === 'border-box' ? Math.max(0, size - bp) : Math.max(0, size);
}

/**
 * The preferred aspect ratio of a box, width ÷ height (css-sizing-4 §5.1), or null: `aspect-ratio: <ratio>`; for a
 * replaced element its natural ratio when aspect-ratio is `auto`, or `auto && <ratio>` and it has one. Inline boxes and
 * table boxes have none (§5.1: it does not apply to inline boxes and internal table boxes).
 */
export function preferredRatio(box: Box): number | null {
  const a = box.style.aspectRatio ?? 'auto';
  if (box.kind === 'replaced') {
    const natural = box.intrinsicRatio ?? (box.intrinsicWidth && box.intrinsicHeight ? box.intrinsicWidth / box.intrinsicHeight : null);
    return a === 'auto' || (a.auto && natural) ? natural : a.ratio;
  }
  if (a === 'auto' || (box.kind !== 'block' && box.kind !== 'flex' && box.kind !== 'grid')) return null;
  return a.ratio;
}

/**
 * A size through an aspect-ratio (here and for replaced elements' natural ratios) as Blink computes it: truncated to 1/64 px (LayoutUnit; Chromium 156 makes a 199.796875 px
 * wide 16/9 box 112.375 px high, not 112.3857), allowing for float noise in the ratio's arithmetic.
 */
export const trunc64 = (v: number): number => Math.trunc(v * 64 + 1e-6) / 64;

/**
 * The content width a non-replaced box's aspect-ratio gives it from its height (css-sizing-4 §5.1, §5.2: the ratio
 * transfers a definite height to an auto width, between the box-sizing boxes), px, or null: the width is not auto,
 * the box has no ratio, or its height is auto or a percentage of an indefinite height. `bpH`, `bpV`: the box's
 * horizontal and vertical borders plus padding.
 */
export function ratioWidth(box: Box, cbHeight: number | null, bpH: number, bpV: number): number | null {
  const s = box.style;
  if (s.width !== 'auto' || box.kind === 'replaced' || (s.aspectRatio ?? 'auto') === 'auto') return null;
  const ratio = preferredRatio(box);
  const h = ratio === null ? null : sizeValue(s.height, cbHeight);
  if (h === null) return null;
  const bb = s.boxSizing === 'border-box';
  return trunc64(Math.max(0, clampHeight(toContent(h, s, bpV), s, cbHeight, bpV) + (bb ? bpV : 0)) * ratio!) - (bb ? bpH : 0);
}

/**
 * The content height a non-replaced box's aspect-ratio gives it from its used content width (css-sizing-4 §5.1, the
 * ratio applied to the box-sizing boxes), clamped by min/max-height, px, or null when the box has none.
 */
export function ratioHeight(box: Box, width: number, cbHeight: number | null, bpH: number, bpV: number): number | null {
  if (box.kind === 'replaced' || (box.style.aspectRatio ?? 'auto') === 'auto') return null;
  const ratio = preferredRatio(box);
  if (ratio === null) return null;
  const bb = box.style.boxSizing === 'border-box';
  return clampHeight(Math.max(0, trunc64((width + (bb ? bpH : 0)) / ratio) - (bb ? bpV : 0)), box.style, cbHeight, bpV);
}

/**
 * The inline-axis margins, borders and padding that a box's min-content and max-content contributions include (css-sizing-3
 * §5.2.1): auto margins and the percentages of margins and padding count as 0 there (they refer to the width being
 * found). px.
 */
export function intrinsicEdges(s: ComputedStyle): number {
  const p = paddingOf(s, null);
  const m = (v: LengthPctAuto): number => (v === 'auto' ? 0 : v.px);
  return s.borderLeft.width + s.borderRight.width + p.left + p.right + m(s.marginLeft) + m(s.marginRight);
}

/**
 * The fit-content size (css-sizing-3 §5.1; CSS 2.1 §10.3.5 shrink-to-fit) from a box's margin-box min-content and
 * max-content sizes `s`: min(max(min-content, available), max-content), less `mbp` (its margins, borders and padding,
 * px), not below 0: its used content width, px. When `s` counted other edges than the used `mbp` (`edges`: percentages
 * as 0, intrinsicEdges), the content sizes are compared with the room those leave: min(max(min − edges, available −
 * mbp), max − edges).
 */
export function fitContent(s: { min: number; max: number }, available: number, mbp: number, edges = mbp): number {
  return Math.max(0, Math.min(Math.max(s.min - edges, available - mbp), s.max - edges));
}

/**
 * The content width (px) an intrinsic size keyword gives (css-sizing-3 §3.1, §5): from the box's margin-box min-content and
 * max-content sizes `s`, its min-content or max-content size, or fit-content against `available`; less `mbp` (its margins,
 * auto as 0, borders and padding), not below 0. Used for width, min-width and max-width alike.
 */
export function keywordWidth(kw: IntrinsicSizeKeyword, s: { min: number; max: number }, available: number, mbp: number): number {
  if (kw === 'fit-content') return fitContent(s, available, mbp);
  return Math.max(0, (kw === 'min-content' ? s.min : s.max) - mbp);
}

/** Resolves width's, min-width's or max-width's intrinsic size keyword to a content width, px (see keywordWidth). */
export type KeywordWidth = (kw: IntrinsicSizeKeyword) => number;

/**
 * The KeywordWidth of `box` with `available` px of room and `mbp` px of margins, borders and padding: its content's
 * intrinsic sizes (as if its own width were auto) through the layout context's measure, taken only when a keyword is resolved.
 */
export function keywordWidths(box: Box, ctx: { intrinsicContentSizes(box: Box): { min: number; max: number } }, available: number, mbp: number): KeywordWidth {
  return (kw) => keywordWidth(kw, ctx.intrinsicContentSizes(box), available, mbp);
}

/**
 * min/max clamp of a content width (CSS 2.1 §10.4): max first, then min wins. A min-width or max-width keyword
 * (css-sizing-3 §3.2) is resolved by `kw`; without it (no layout context at hand) it is auto / none.
 */
export function clampWidth(w: number, s: ComputedStyle, cbWidth: number, bp: number, kw?: KeywordWidth): number {
  const max = s.maxWidthKeyword ? (kw ? kw(s.maxWidthKeyword) : null) : sizeValue(s.maxWidth, cbWidth);
  if (max !== null) w = Math.min(w, s.maxWidthKeyword ? max : toContent(max, s, bp));
  const min = s.minWidthKeyword ? (kw ? kw(s.minWidthKeyword) : null) : sizeValue(s.minWidth, cbWidth);
  if (min !== null) w = Math.max(w, s.minWidthKeyword ? min : toContent(min, s, bp));
  return Math.max(0, w);
}

/** min/max clamp of a content height (CSS 2.1 §10.7); percentages of an indefinite basis are ignored. */
export function clampHeight(h: number, s: ComputedStyle, cbHeight: number | null, bp: number): number {
  const max = sizeValue(s.maxHeight, cbHeight);
  if (max !== null) h = Math.min(h, toContent(max, s, bp));
  const min = sizeValue(s.minHeight, cbHeight);
  if (min !== null) h = Math.max(h, toContent(min, s, bp));
  return Math.max(0, h);
}

/** True when the box is a scroll container (css-overflow-3 §3): overflow hidden, scroll or auto on either axis; `clip` and `visible` are not. */
export function isScrollContainer(s: { overflowX: string; overflowY: string }): boolean {
  return (s.overflowX !== 'visible' && s.overflowX !== 'clip') || (s.overflowY !== 'visible' && s.overflowY !== 'clip');
}

/** True for boxes that establish a new block formatting context (CSS 2.1 §9.4.1, css-display-3 flow-root). */
export function establishesBfc(box: Box): boolean {
  const s = box.style;
  if (s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed') return true;
  if (s.overflowX !== 'visible' || s.overflowY !== 'visible') return true;
  if (s.display === 'inline-block' || s.display === 'table-cell' || s.display === 'table-caption' || s.flowRoot === true) return true;
  if (box.kind === 'block' && box.outer === 'inline') return true;
  if (box.kind === 'table-cell' || box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table-wrapper') return true;
  if (isMulticolContainer(box)) return true;
  return false;
}

/** True for a multi-column container (css-multicol-1 §2): a block container (table cells too) with column-count or column-width not auto. */
export function isMulticolContainer(box: Box): boolean {
  return (box.kind === 'block' || box.kind === 'table-cell') && ((box.style.columnCount ?? 'auto') !== 'auto' || (box.style.columnWidth ?? 'auto') !== 'auto');
}

/** True when the box is out of flow: floated or absolutely/fixed positioned (CSS 2.1 §9.3). */
export function isOutOfFlow(box: Box): boolean {
  if (box.kind === 'text' || box.kind === 'br' || box.kind === 'marker') return false;
  const s = box.style;
  return s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed';
}

/** True when the box is absolutely or fixed positioned. */
export function isAbsolute(box: Box): boolean {
  const p = box.style.position;
  return p === 'absolute' || p === 'fixed';
}

/** The children of a box that takes part in block layout as a container, or [] for leaves. */
export function childrenOf(box: Box): Box[] {
  switch (box.kind) {
    case 'block': case 'inline': case 'table-cell': case 'flex': case 'grid': return box.children;
    default: return [];
  }
}

/** True for the forcing break values (css-break-3 §3.1). */
export function isForcedBreak(v: string): boolean {
  return v === 'page' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';
}

/** True for the avoiding break values that apply to pages. */
export function isAvoidBreak(v: string): boolean {
  return v === 'avoid' || v === 'avoid-page';
}
