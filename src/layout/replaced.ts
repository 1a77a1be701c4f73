/**
 * Used size of replaced elements (CSS 2.1 §10.3.2, §10.6.2, and the min/max table of §10.4).
 * In: a ReplacedBox and its containing block size. Out: the used content width and height in px.
 */
import type { ReplacedBox } from '../box/types.ts';
import { borderOf, paddingOf, sizeValue, toContent } from './box-model.ts';

/**
 * The used content size of a replaced element. `auto` sizes come from the intrinsic size and
 * ratio; with neither, 300×150 (§10.3.2). min/max constraints follow the §10.4 table (ratio kept).
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
  const ratio = box.intrinsicRatio ?? (iw && ih ? iw / ih : null);
  const autoW = w === null, autoH = h === null;
  if (w === null && h === null) {
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
