/**
 * Used size of replaced elements (CSS 2.1 §10.3.2, §10.6.2, and the min/max table of §10.4).
 * In: a ReplacedBox and its containing block size. Out: the used content width and height in px.
 */
import type { ReplacedBox } from '../box/types.ts';
import { borderOf, marginValue, paddingOf, preferredRatio, sizeValue, toContent } from './box-model.ts';

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
  const autoW = w === null, autoH = h === null;
  if (w === null && h === null && ratio !== natural && ratio) {
    // Both auto with a ratio of its own: the natural width (else height, else 300 px) and the other size from the ratio.
    if (iw !== null) { w = iw; h = iw / ratio; } else if (ih !== null) { h = ih; w = ih * ratio; } else { w = 300; h = 300 / ratio; }
  } else if (w === null && h === null && iw === null && ih === null && ratio) {
    w = ratioOnlyWidth(box, cbWidth, ratio, bpH);
    h = w / ratio;
  } else if (w === null && h === null) {
    if (iw !== null) w = iw;
    if (ih !== null) h = ih;
    if (w === null && h !== null && ratio) w = h * ratio;
    if (h === null && w !== null && ratio) h = w / ratio;
    if (w === null) w = ratio && h !== null ? h * ratio : 300;
    if (h === null) h = ratio ? w / ratio : 150;
  } else if (w === null) {
    w = ratio ? (h as number) * ratio : iw ?? 300;
  } else if (h === null) {
    h = ratio ? w / ratio : ih ?? 150;
  }
  let width = w as number, height = h as number;
  // min/max (§10.4): clamp each axis; when both were auto and a ratio is known, keep it.
  const minW = sizeValue(s.minWidth, cbWidth), maxW = sizeValue(s.maxWidth, cbWidth);
  const minH = sizeValue(s.minHeight, cbHeight), maxH = sizeValue(s.maxHeight, cbHeight);
  const cw = (v: number): number => {
    if (maxW !== null) v = Math.min(v, toContent(maxW, s, bpH));
    if (minW !== null) v = Math.max(v, toContent(minW, s, bpH));
    return v;
  };
  const ch = (v: number): number => {
    if (maxH !== null) v = Math.min(v, toContent(maxH, s, bpV));
    if (minH !== null) v = Math.max(v, toContent(minH, s, bpV));
    return v;
  };
  const nw = cw(width), nh = ch(height);
  if (ratio && autoW && autoH && (nw !== width || nh !== height)) {
    if (nw !== width) { width = nw; height = ch(nw / ratio); }
    else { height = nh; width = cw(nh * ratio); }
  } else if (ratio && autoH && !autoW) {
    width = nw; height = ch(nw / ratio);
  } else if (ratio && autoW && !autoH) {
    height = nh; width = cw(nh * ratio);
  } else { width = nw; height = nh; }
  return { width: Math.max(0, width), height: Math.max(0, height) };
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
