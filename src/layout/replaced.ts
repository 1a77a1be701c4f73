/**
 * Used size of replaced elements (CSS 2.1 §10.3.2, §10.6.2, and the min/max table of §10.4).
 * In: a ReplacedBox and its containing block size. Out: the used content width and height in px.
 */
import type { ReplacedBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import { borderOf, marginValue, paddingOf, preferredRatio, sizeValue, toContent, trunc64 } from './box-model.ts';

/**
 * The used content size of a replaced element. `auto` sizes come from the intrinsic size and
 * ratio; with neither, 300×150 (§10.3.2). min/max constraints follow the §10.4 table (ratio kept).
 *
 * A ratio without a natural width or height (an SVG image with only a viewBox, an inline `<svg>`), with
 * width and height auto: §10.3.2 leaves the width undefined and suggests the block-level constraint equation
 * when the containing block's width does not depend on it. Chromium 156 does exactly that: with a containing
 * block width (`cbWidth`: block-level, inline in a block, absolutely positioned) the width fills it less the
 * margins, borders and padding, the height follows the ratio; for an intrinsic size contribution (`cbWidth`
 * null: floats, inline-blocks, table cells sizing to their content) it is 0 — so such an image in a float is
 * 0 × 0 — unless the width is a percentage, whose contribution is the default object size fitted to the ratio
 * (css-images-3 §4.3: the largest size with that ratio inside 300 × 150).
 */
export function replacedSize(box: ReplacedBox, cbWidth: number | null, cbHeight: number | null): { width: number; height: number } {
  const s = box.style;
  const b = borderOf(s);
  const p = paddingOf(s, cbWidth);
  const bpH = b.left + b.right + p.left + p.right;
  const bpV = b.top + b.bottom + p.top + p.bottom;
  const wSpec = sizeValue(s.width, cbWidth);
  const hSpec = sizeValue(s.height, cbHeight);
  let w = wSpec === null ? null : toContent(wSpec, s, bpH);
  let h = hSpec === null ? null : toContent(hSpec, s, bpV);
  const iw = box.intrinsicWidth, ih = box.intrinsicHeight;
  const natural = box.intrinsicRatio ?? (iw && ih ? iw / ih : null);
  // aspect-ratio (css-sizing-4 §5.1) replaces the natural ratio unless it is `auto` (or `auto && <ratio>` with a natural one).
  const ratio = preferredRatio(box);
  // An aspect-ratio of the author's (not the natural ratio) relates the box-sizing boxes (css-sizing-4 §5.1): with
  // border-box, the border-box width and height, as Chromium 156 sizes an image's border and padding into it.
  const a = s.aspectRatio ?? 'auto';
  const outer = ratio !== null && s.boxSizing === 'border-box' && a !== 'auto' && !(a.auto && natural) ? { h: bpH, v: bpV } : { h: 0, v: 0 };
  // A size from the other through the ratio is truncated to 1/64 px, as Blink's LayoutUnit MulDiv gives it (a 37×23 image
  // 199.796875 px wide is 124.1875 px high, not 124.1981; Chromium 156).
  const toH = (width: number): number => Math.max(0, trunc64((width + outer.h) / ratio! - outer.v));
  const toW = (height: number): number => Math.max(0, trunc64((height + outer.v) * ratio! - outer.h));
  const autoW = w === null, autoH = h === null;
  if (w === null && h === null && ratio !== natural && ratio) {
    // Both auto with a ratio of its own: the natural width (else height, else 300 px) and the other size from the ratio.
    if (iw !== null) { w = iw; h = toH(iw); } else if (ih !== null) { h = ih; w = toW(ih); } else { w = 300; h = toH(300); }
  } else if (w === null && h === null && iw === null && ih === null && ratio) {
    w = ratioOnlyWidth(box, cbWidth, ratio, bpH);
    h = toH(w);
  } else if (w === null && h === null) {
    if (iw !== null) w = iw;
    if (ih !== null) h = ih;
    if (w === null && h !== null && ratio) w = toW(h);
    if (h === null && w !== null && ratio) h = toH(w);
    if (w === null) w = ratio && h !== null ? toW(h) : 300;
    if (h === null) h = ratio ? toH(w) : 150;
  } else if (w === null) {
    w = ratio ? toW(h as number) : iw ?? 300;
  } else if (h === null) {
    h = ratio ? toH(w) : ih ?? 150;
  }
  let width = w as number, height = h as number;
  // min/max (§10.4): clamp each axis; when both were auto and a ratio is known, keep it. A min/max keyword (css-sizing-3 §3.2,
  // min-content, max-content and fit-content alike) is the size the box has without min/max constraints (its natural size).
  const free = s.minWidthKeyword || s.maxWidthKeyword || s.minHeightKeyword || s.maxHeightKeyword ? unconstrained(box, cbWidth, cbHeight) : null;
  const bound = (v: ComputedStyle['minWidth'] | ComputedStyle['maxWidth'], kw: unknown, basis: number | null, natural: number | undefined, bp: number): number | null => {
    if (kw) return natural as number;
    const x = sizeValue(v, basis);
    return x === null ? null : toContent(x, s, bp);
  };
  const minW = bound(s.minWidth, s.minWidthKeyword, cbWidth, free?.width, bpH), maxW = bound(s.maxWidth, s.maxWidthKeyword, cbWidth, free?.width, bpH);
  const minH = bound(s.minHeight, s.minHeightKeyword, cbHeight, free?.height, bpV), maxH = bound(s.maxHeight, s.maxHeightKeyword, cbHeight, free?.height, bpV);
  const cw = (v: number): number => {
    if (maxW !== null) v = Math.min(v, maxW);
    if (minW !== null) v = Math.max(v, minW);
    return v;
  };
  const ch = (v: number): number => {
    if (maxH !== null) v = Math.min(v, maxH);
    if (minH !== null) v = Math.max(v, minH);
    return v;
  };
  const nw = cw(width), nh = ch(height);
  if (ratio && autoW && autoH && (nw !== width || nh !== height)) {
    if (nw !== width) { width = nw; height = ch(toH(nw)); }
    else { height = nh; width = cw(toW(nh)); }
  } else if (ratio && autoH && !autoW) {
    width = nw; height = ch(toH(nw));
  } else if (ratio && autoW && !autoH) {
    height = nh; width = cw(toW(nh));
  } else { width = nw; height = nh; }
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** The used content width with `width` auto and the used height with `height` auto, both without min/max constraints, px. */
function unconstrained(box: ReplacedBox, cbWidth: number | null, cbHeight: number | null): { width: number; height: number } {
  const free = { minWidth: 'auto', maxWidth: 'none', minHeight: 'auto', maxHeight: 'none', minWidthKeyword: null, maxWidthKeyword: null, minHeightKeyword: null, maxHeightKeyword: null } as const;
  const width = replacedSize({ ...box, style: { ...box.style, ...free, width: 'auto' } }, cbWidth, cbHeight).width;
  const height = replacedSize({ ...box, style: { ...box.style, ...free, height: 'auto' } }, cbWidth, cbHeight).height;
  return { width, height };
}

/** The auto width of a replaced element with a ratio but no natural size (see replacedSize), content px. */
function ratioOnlyWidth(box: ReplacedBox, cbWidth: number | null, ratio: number, bpH: number): number {
  const s = box.style;
  if (cbWidth !== null) return Math.max(0, cbWidth - (marginValue(s.marginLeft, cbWidth) ?? 0) - (marginValue(s.marginRight, cbWidth) ?? 0) - bpH);
  if (s.width !== 'auto' && s.width.pct !== 0) return Math.min(300, 150 * ratio);
  return 0;
}

/** The ratio of a replaced box with a ratio but no natural width or height and auto width and height, else null. */
export function ratioOnly(box: { kind: string; style: ReplacedBox['style'] } & Partial<Pick<ReplacedBox, 'intrinsicWidth' | 'intrinsicHeight' | 'intrinsicRatio'>>): number | null {
  if (box.kind !== 'replaced' || box.intrinsicWidth !== null || box.intrinsicHeight !== null || !box.intrinsicRatio) return null;
  return box.style.width === 'auto' && box.style.height === 'auto' ? box.intrinsicRatio : null;
}
