// Replaced content and list markers for the display-list builder: an image in its content box by object-fit and
// object-position (css-images-3 §5.5, §5.6), a marker's glyphs, image or disc/circle/square (css-lists-3 §3.1).
// In: a fragment. Out: display items.
import type { ImageRef } from '../box/types.ts';
import { resolveLength } from '../css/computed.ts';
import type { MarkerFragment, ReplacedFragment } from '../layout/fragment.ts';
import type { DisplayItem, Radii, Rect } from './display-list.ts';
import { insetRadii, radiiOf } from './build-background.ts';

/**
 * A replaced element's image in its content box, sized by object-fit (css-images-3 §5.5), clipped to the content box when
 * it overflows, and to the content box's curve when the box has rounded corners (css-backgrounds-3 §5.3: replaced content
 * is clipped to the content edge curve), as Chromium 156 draws an `<img>` with `border-radius: 50%` as a disc.
 */
export function replacedItems(f: ReplacedFragment, image: ImageRef): DisplayItem[] {
  const items = fittedItems(f, image);
  const outer = items.length > 0 ? radiiOf(f.style, f.width, f.height) : undefined;
  if (outer === undefined) return items;
  const b = f.border, p = f.padding;
  const radii = insetRadii(outer, b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left);
  if (radii === undefined) return items;
  const rect: Rect = { x: f.x + b.left + p.left, y: f.y + b.top + p.top, w: f.width - b.left - b.right - p.left - p.right, h: f.height - b.top - b.bottom - p.top - p.bottom };
  return [{ kind: 'push-clip', rect, radii }, ...items, { kind: 'pop-clip' }];
}

/** The image items of a replaced element sized by object-fit in its content box (a rectangular clip when it overflows). */
function fittedItems(f: ReplacedFragment, image: ImageRef): DisplayItem[] {
  const cx = f.x + f.border.left + f.padding.left, cy = f.y + f.border.top + f.padding.top;
  const cw = Math.max(0, f.width - f.border.left - f.border.right - f.padding.left - f.padding.right);
  const ch = Math.max(0, f.height - f.border.top - f.border.bottom - f.padding.top - f.padding.bottom);
  if (cw <= 0 || ch <= 0) return [];
  const iw = image.width || cw, ih = image.height || ch;
  let w = cw, h = ch;
  const fit = f.style.objectFit;
  if (fit === 'contain' || fit === 'cover' || fit === 'scale-down') {
    const sc = fit === 'cover' ? Math.max(cw / iw, ch / ih) : Math.min(cw / iw, ch / ih);
    w = iw * sc; h = ih * sc;
    if (fit === 'scale-down' && (iw < w || ih < h)) { w = iw; h = ih; }
  } else if (fit === 'none') { w = iw; h = ih; }
  // object-position (css-images-3 §5.6) places it as a background-position in the content box (50% 50% by default).
  const pos = f.style.objectPosition;
  const rect: Rect = pos ? { x: cx + resolveLength(pos.x, cw - w), y: cy + resolveLength(pos.y, ch - h), w, h } : { x: cx + (cw - w) / 2, y: cy + (ch - h) / 2, w, h };
  if (fit === 'fill') return [{ kind: 'image', rect: { x: cx, y: cy, w: cw, h: ch }, image }];
  if (w <= cw + 0.01 && h <= ch + 0.01) return [{ kind: 'image', rect, image }];
  return [{ kind: 'push-clip', rect: { x: cx, y: cy, w: cw, h: ch } }, { kind: 'image', rect, image }, { kind: 'pop-clip' }];
}

/** A list marker: text glyphs, an image, or the disc (filled circle), circle (1px ring) and square shapes. */
export function markerItems(f: MarkerFragment): DisplayItem[] {
  const color = f.style.color;
  if (f.box.image) return [{ kind: 'image', rect: { x: f.x, y: f.y, w: f.width, h: f.height }, image: f.box.image }];
  if (f.runs.length > 0) {
    const out: DisplayItem[] = [];
    let x = f.x;
    for (const run of f.runs) { out.push({ kind: 'glyphs', x, y: f.baseline, run, color }); x += run.width; }
    return out;
  }
  const rect: Rect = { x: f.x, y: f.y, w: f.width, h: f.height };
  if (rect.w <= 0) return [];
  const type = f.box.style.listStyleType;
  const r: [number, number] = [rect.w / 2, rect.h / 2];
  const full: Radii = [r, r, r, r];
  if (type === 'square') return [{ kind: 'rect', rect, color }];
  if (type === 'circle') {
    return [{ kind: 'border', rect, widths: [1, 1, 1, 1], styles: ['solid', 'solid', 'solid', 'solid'], colors: [color, color, color, color], radii: full }];
  }
  return [{ kind: 'rect', rect, color, radii: full }];
}
