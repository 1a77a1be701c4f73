/**
 * Border images (css-backgrounds-3 §6) and mask borders (css-masking-1 §7) for the display-list builder. In: a box
 * fragment's geometry, its used border widths, the nine-slice properties, an image loader. Out: clipped 'image' /
 * 'gradient' items for the nine slices, or null (no usable image: draw the border, or no mask).
 */
import type { BorderImageRepeat, BorderImageSide, Color, ComputedStyle, Gradient } from '../css/computed.ts';
import type { ImageRef } from '../box/types.ts';
import type { DisplayItem, Rect, Shading } from './display-list.ts';
import type { ImageLoader } from './build-background.ts';
import { gradientShading } from './gradient.ts';

interface Boxish { x: number; y: number; width: number; height: number }
type Sides = [number, number, number, number];

/** Most tiles drawn along one edge (a tiny tile over a long edge would otherwise explode). */
const MAX_TILES = 200;

/** The five nine-slice properties of one family (border-image-* or mask-border-*). */
export interface NineSlice {
  source: ComputedStyle['borderImageSource'];
  slice: ComputedStyle['borderImageSlice'];
  width: ComputedStyle['borderImageWidth'];
  outset: ComputedStyle['borderImageOutset'];
  repeat: ComputedStyle['borderImageRepeat'];
}

/** border-image-* of a style. */
export function borderImageOf(s: ComputedStyle): NineSlice {
  return { source: s.borderImageSource, slice: s.borderImageSlice, width: s.borderImageWidth, outset: s.borderImageOutset, repeat: s.borderImageRepeat };
}

/** mask-border-* of a style (css-masking-1 §7: the same geometry as border-image). */
export function maskBorderOf(s: ComputedStyle): NineSlice {
  return { source: s.maskBorderSource, slice: s.maskBorderSlice, width: s.maskBorderWidth, outset: s.maskBorderOutset, repeat: s.maskBorderRepeat };
}

/**
 * The items that draw a border image (or mask border) `n` over the box (§6.2–§6.6), or null when there
 * is no usable image (source none, not loaded, zero size): the caller then draws the border styles.
 * `widths` are the used border widths [top, right, bottom, left] in px. Slices come from the slice
 * property (numbers are image px, percentages of the image size; `fill` keeps the middle), are drawn
 * into the border image area (the border box grown by the outset) at the width property (numbers are
 * multiples of `widths`, auto the slice's own size), and edges and middle are stretched, repeated
 * (centred), rounded or spaced by the repeat property.
 */
export function borderImageItems(f: Boxish, n: NineSlice, widths: Sides, load: ImageLoader | undefined): DisplayItem[] | null {
  const src = n.source;
  if (!src || src.kind === 'none') return null;
  let img: ImageRef | null = null;
  if (src.kind === 'url') {
    if (!load) return null;
    try { img = load(src.url); } catch { img = null; }
    if (!img) return null;
    img = stretchable(img);
  }
  const out = (n.outset ?? []).map((o, i) => side(o, widths[i], 0, 0));
  const area: Rect = { x: f.x - out[3], y: f.y - out[0], w: f.width + out[1] + out[3], h: f.height + out[0] + out[2] };
  if (!(area.w > 0 && area.h > 0)) return null;
  // an image without intrinsic size (a gradient, some SVG) is sized as the border image area (§6.2)
  const iw = !img || (img.svg && img.svg.intrinsicWidth === null) ? area.w : img.width;
  const ih = !img || (img.svg && img.svg.intrinsicHeight === null) ? area.h : img.height;
  const paint: Painter = img ? imagePainter(img) : gradientPainter(src.kind === 'gradient' ? src.gradient : null, iw, ih);
  if (!(iw > 0 && ih > 0)) return null;
  const slice = n.slice ?? { sides: [], fill: false };
  const sl = [0, 1, 2, 3].map((i) => {
    const dim = i % 2 === 0 ? ih : iw;
    const v = slice.sides[i] ? side(slice.sides[i], 1, dim, 0) : dim;
    return Math.min(Math.max(0, v), dim);
  }) as Sides;
  const bw = [0, 1, 2, 3].map((i) => {
    const w = n.width?.[i];
    return w ? side(w, widths[i], i % 2 === 0 ? area.h : area.w, sl[i]) : widths[i];
  }) as Sides;
  // §6.3: widths that overlap are scaled down together
  const k = Math.min(1, bw[1] + bw[3] > 0 ? area.w / (bw[1] + bw[3]) : 1, bw[0] + bw[2] > 0 ? area.h / (bw[0] + bw[2]) : 1);
  if (k < 1) for (let i = 0; i < 4; i++) bw[i] *= k;
  const [rx, ry] = n.repeat ?? ['stretch', 'stretch'];
  const X = [area.x, area.x + bw[3], area.x + area.w - bw[1], area.x + area.w];
  const Y = [area.y, area.y + bw[0], area.y + area.h - bw[2], area.y + area.h];
  const SX = [0, sl[3], iw - sl[1], iw];
  const SY = [0, sl[0], ih - sl[2], ih];
  const items: DisplayItem[] = [];
  const scaleOf = (dst: number, srcLen: number): number => (srcLen > 0 && dst > 0 ? dst / srcLen : 0);
  // horizontal scale of the top and bottom edges, vertical scale of the left and right edges (§6.5)
  const kTop = scaleOf(bw[0], sl[0]), kBottom = scaleOf(bw[2], sl[2]);
  const kLeft = scaleOf(bw[3], sl[3]), kRight = scaleOf(bw[1], sl[1]);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      if (row === 1 && col === 1 && !slice.fill) continue;
      const dst: Rect = { x: X[col], y: Y[row], w: X[col + 1] - X[col], h: Y[row + 1] - Y[row] };
      const sr: Rect = { x: SX[col], y: SY[row], w: SX[col + 1] - SX[col], h: SY[row + 1] - SY[row] };
      if (!(dst.w > 0 && dst.h > 0 && sr.w > 0 && sr.h > 0)) continue;
      if (row !== 1 && col !== 1) { drawSlice(items, paint, iw, ih, sr, dst, dst); continue; }
      // edges keep the aspect of their slice at the border width; the middle follows top/left
      const kx = col === 1 ? (row === 0 ? kTop : row === 2 ? kBottom : kTop || kBottom) : dst.w / sr.w;
      const ky = row === 1 ? (col === 0 ? kLeft : col === 2 ? kRight : kLeft || kRight) : dst.h / sr.h;
      const xs = col === 1 ? tiles(dst.x, dst.w, kx > 0 ? sr.w * kx : dst.w, rx) : [[dst.x, dst.w]];
      const ys = row === 1 ? tiles(dst.y, dst.h, ky > 0 ? sr.h * ky : dst.h, ry) : [[dst.y, dst.h]];
      for (const [ty, th] of ys) for (const [tx, tw] of xs) drawSlice(items, paint, iw, ih, sr, { x: tx, y: ty, w: tw, h: th }, dst);
    }
  }
  return items;
}

/** A side value in px: a number times `unit`, a length (percentages of `basis`), or auto (`auto`). */
function side(v: BorderImageSide, unit: number, basis: number, auto: number): number {
  if (v.kind === 'number') return v.value * unit;
  if (v.kind === 'auto') return auto;
  return v.value.px + (v.value.pct * basis) / 100;
}

/**
 * Tile positions [start, length] along one axis of a region (§6.6): stretch fills it with one tile;
 * repeat centres tiles of length `t`; round rescales them to a whole number; space keeps whole tiles
 * and spreads the rest evenly before, between and after them.
 */
function tiles(start: number, len: number, t: number, mode: BorderImageRepeat): Array<[number, number]> {
  if (mode === 'stretch' || !(t > 0)) return [[start, len]];
  if (mode === 'round') {
    const n = Math.min(MAX_TILES, Math.max(1, Math.round(len / t)));
    return Array.from({ length: n }, (_, i) => [start + (i * len) / n, len / n] as [number, number]);
  }
  if (mode === 'space') {
    const n = Math.min(MAX_TILES, Math.floor(len / t));
    if (n < 1) return [];
    const gap = (len - n * t) / (n + 1);
    return Array.from({ length: n }, (_, i) => [start + gap + i * (t + gap), t] as [number, number]);
  }
  // repeat: a tile centred in the region, then whole tiles both ways (the ends are clipped)
  const first = start + (len - t) / 2 - Math.ceil((len - t) / 2 / t) * t;
  const out: Array<[number, number]> = [];
  for (let x = first; x < start + len && out.length < MAX_TILES; x += t) out.push([x, t]);
  return out;
}

const STRETCHED = new WeakMap<ImageRef, ImageRef>();
/**
 * The image as it is sliced: an SVG is stretched to the size it is drawn at (preserveAspectRatio none),
 * as slices are scaled independently on each axis (§6.5). Raster images stretch anyway.
 */
function stretchable(img: ImageRef): ImageRef {
  if (!img.svg) return img;
  let v = STRETCHED.get(img);
  if (!v) {
    const attrs = img.svg.rootAttrs.filter(([n]) => n.toLowerCase() !== 'preserveaspectratio');
    v = { ...img, key: `${img.key}#preserveAspectRatio=none`, svg: { ...img.svg, rootAttrs: [...attrs, ['preserveAspectRatio', 'none']] } };
    STRETCHED.set(img, v);
  }
  return v;
}

/** Draws the whole (scaled) image at `at`, showing only `clip`. */
type Painter = (items: DisplayItem[], at: Rect, clip: Rect) => void;

function imagePainter(img: ImageRef): Painter {
  return (items, at, clip) => {
    items.push({ kind: 'push-clip', rect: clip });
    items.push({ kind: 'image', rect: at, image: img });
    items.push({ kind: 'pop-clip' });
  };
}

/**
 * A gradient image of iw × ih px, drawn as one tile of its scaled size: the shading made at the image's
 * size and scaled with it (exact for radial and for axial along x or y; a conic one is made at the scaled size).
 */
function gradientPainter(g: Gradient | null, iw: number, ih: number): Painter {
  const base = g ? gradientShading(g, iw, ih) : null;
  return (items, at, clip) => {
    if (!g || base === null) return;
    if (!('type' in base)) { items.push({ kind: 'rect', rect: clip, color: base }); return; }
    const kx = at.w / iw, ky = at.h / ih;
    let sh: Shading | Color | null;
    if (base.type === 'axial') sh = { ...base, x0: base.x0 * kx, y0: base.y0 * ky, x1: base.x1 * kx, y1: base.y1 * ky };
    else if (base.type === 'radial') sh = { ...base, cx: base.cx * kx, cy: base.cy * ky, r0: base.r0 * kx, r1: base.r1 * kx, scaleY: (base.scaleY * ky) / kx };
    else sh = gradientShading(g, at.w, at.h);
    if (sh === null) return;
    if (!('type' in sh)) { items.push({ kind: 'rect', rect: clip, color: sh }); return; }
    items.push({ kind: 'gradient', area: clip, tileW: at.w, tileH: at.h, xs: { at: [at.x] }, ys: { at: [at.y] }, shading: sh });
  };
}

/** The image part `sr` (image px) drawn into `tile`, clipped to `tile` ∩ `region`. */
function drawSlice(items: DisplayItem[], paint: Painter, iw: number, ih: number, sr: Rect, tile: Rect, region: Rect): void {
  const x0 = Math.max(tile.x, region.x), y0 = Math.max(tile.y, region.y);
  const x1 = Math.min(tile.x + tile.w, region.x + region.w), y1 = Math.min(tile.y + tile.h, region.y + region.h);
  if (!(x1 > x0 && y1 > y0)) return;
  const kx = tile.w / sr.w, ky = tile.h / sr.h;
  paint(items, { x: tile.x - sr.x * kx, y: tile.y - sr.y * ky, w: iw * kx, h: ih * ky }, { x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
}
