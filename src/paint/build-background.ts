/**
 * Backgrounds and corner radii for the display-list builder (css-backgrounds-3 §3, §5).
 * In: a fragment's border box and edges, its computed style, an image loader. Out: 'rect', 'image', 'image-tiles' and clip items.
 */
import type { ComputedStyle, BackgroundLayer, BlendMode, BoxEdge, Gradient } from '../css/computed.ts';
import { floatLength, resolveLength } from '../css/computed.ts';
import type { ImageRef } from '../box/types.ts';
import type { Edges } from '../layout/fragment.ts';
import type { DisplayItem, Rect, Radii, Shading, TextRun, TileAxis } from './display-list.ts';
import type { GlyphRun } from '../text/types.ts';
import { gradientShading } from './gradient.ts';
import { concreteSize } from '../box/svg.ts';

/** Resolves a background-image URL (as written in CSS) to a decoded image, or null (the loader warns). */
export type ImageLoader = (url: string) => ImageRef | null;

interface Boxish { x: number; y: number; width: number; height: number; border: Edges; padding: Edges }

/**
 * Used corner radii of a border box w×h (css-backgrounds-3 §5.1, §5.5): percentages of the
 * box's width (horizontal) and height (vertical); when adjacent radii add up to more than a
 * side, all are scaled by the same factor f = min(side / sum). Undefined when all are 0.
 */
export function radiiOf(s: ComputedStyle, w: number, h: number): Radii | undefined {
  if (square(s.borderTopLeftRadius) && square(s.borderTopRightRadius) && square(s.borderBottomRightRadius) && square(s.borderBottomLeftRadius)) return undefined;
  const c = [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius];
  const r = c.map((k) => [Math.max(0, floatLength(k.h, w)), Math.max(0, floatLength(k.v, h))] as [number, number]);
  if (r.every(([a, b]) => a <= 0 || b <= 0)) return undefined;
  for (const k of r) if (k[0] <= 0 || k[1] <= 0) { k[0] = 0; k[1] = 0; }
  let f = 1;
  const sides: Array<[number, number]> = [[w, r[0][0] + r[1][0]], [w, r[3][0] + r[2][0]], [h, r[0][1] + r[3][1]], [h, r[1][1] + r[2][1]]];
  for (const [len, sum] of sides) if (sum > 0) f = Math.min(f, len / sum);
  if (f < 1) for (const k of r) { k[0] *= f; k[1] *= f; }
  return [r[0], r[1], r[2], r[3]];
}

/** A corner with no curve whatever the box's size: one of its radii is at most 0 px with no percentage (most boxes). */
function square(c: ComputedStyle['borderTopLeftRadius']): boolean {
  return (c.h.pct === 0 && c.h.px <= 0) || (c.v.pct === 0 && c.v.px <= 0);
}

/** Inner radii after insetting by edge widths (css-backgrounds-3 §5.2 padding/content edge curves). */
export function insetRadii(r: Radii, t: number, rt: number, b: number, l: number): Radii | undefined {
  const out: Radii = [
    [Math.max(0, r[0][0] - l), Math.max(0, r[0][1] - t)],
    [Math.max(0, r[1][0] - rt), Math.max(0, r[1][1] - t)],
    [Math.max(0, r[2][0] - rt), Math.max(0, r[2][1] - b)],
    [Math.max(0, r[3][0] - l), Math.max(0, r[3][1] - b)],
  ];
  for (const k of out) if (k[0] <= 0 || k[1] <= 0) { k[0] = 0; k[1] = 0; }
  return out.every(([a]) => a === 0) ? undefined : out;
}

/** The border, padding or content box of a fragment as a rect. */
export function edgeRect(f: Boxish, edge: BoxEdge): Rect {
  let x = f.x, y = f.y, w = f.width, h = f.height;
  if (edge !== 'border-box') {
    x += f.border.left; y += f.border.top; w -= f.border.left + f.border.right; h -= f.border.top + f.border.bottom;
    if (edge === 'content-box') { x += f.padding.left; y += f.padding.top; w -= f.padding.left + f.padding.right; h -= f.padding.top + f.padding.bottom; }
  }
  return { x, y, w: Math.max(0, w), h: Math.max(0, h) };
}

function edgeRadii(f: Boxish, s: ComputedStyle, edge: BoxEdge): Radii | undefined {
  const r = radiiOf(s, f.width, f.height);
  if (!r || edge === 'border-box') return r;
  const b = f.border, p = f.padding;
  if (edge === 'padding-box') return insetRadii(r, b.top, b.right, b.bottom, b.left);
  return insetRadii(r, b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left);
}

/**
 * Where a background paints. `canvas`: the colour and tiles cover that rectangle instead of the
 * box's clip box (the root's background, CSS 2.1 §14.2; the page background). `viewport`: the
 * positioning area of `background-attachment: fixed` layers (the page area; css-backgrounds-3 §3.5).
 */
export interface BackgroundOptions { canvas?: Rect; viewport?: Rect }

/**
 * Paints a fragment's background: the colour clipped to the bottom layer's background-clip box
 * (with its radii), then the image layers bottom (last) to top (layers[0]), each sized,
 * positioned from its background-origin box and repeated (css-backgrounds-3 §3.4–§3.9). With
 * `canvas`, the colour and tiles cover that rectangle instead (the root's background, §14.2).
 */
export function paintBackground(f: Boxish, s: ComputedStyle, load: ImageLoader | undefined, push: (i: DisplayItem) => void, opts: BackgroundOptions): void {
  const layers = s.backgroundLayers;
  const bottomClip = layers.length > 0 ? layers[layers.length - 1].clip : 'border-box';
  if (!(s.backgroundColor.a > 0) && (!load || !layers.some(hasImage))) return;
  // The fragment's glyph runs, found once for the layers clipped to them (background-clip: text).
  let text: { glyphs?: TextRun[] } | undefined;
  // background-blend-mode (Compositing 1 §4): each layer blends with the layers and colour below it, inside the
  // element's background only (an isolated group around the colour and the layers); the list repeats to the layer count.
  const blends = s.backgroundBlendMode;
  const blendOf = (i: number): BlendMode => blends[i % blends.length] ?? 'normal';
  const blended = load !== undefined && layers.some((l, i) => hasImage(l) && blendOf(i) !== 'normal');
  if (blended) push({ kind: 'push-opacity', opacity: 1, blend: 'normal' });
  if (s.backgroundColor.a > 0) {
    if (opts.canvas) push({ kind: 'rect', rect: opts.canvas, color: s.backgroundColor });
    else if (bottomClip === 'text') clipToText(f, (text ??= {}), push, () => push({ kind: 'rect', rect: edgeRect(f, 'border-box'), color: s.backgroundColor }));
    else {
      const rect = edgeRect(f, bottomClip);
      if (rect.w > 0 && rect.h > 0) {
        const radii = edgeRadii(f, s, bottomClip);
        push(radii ? { kind: 'rect', rect, color: s.backgroundColor, radii } : { kind: 'rect', rect, color: s.backgroundColor });
      }
    }
  }
  if (!load) return;
  for (let i = layers.length - 1; i >= 0; i--) {
    if (blended) paintBlendedLayer(f, s, i, blendOf(i), load, push, opts, (text ??= {}));
    else paintOneLayer(f, s, i, load, push, opts, (text ??= {}));
  }
  if (blended) push({ kind: 'pop-opacity' });
}

/** Paints layer `i` inside a group composited with `blend` (a separate group only when the mode is not normal). */
function paintBlendedLayer(f: Boxish, s: ComputedStyle, i: number, blend: BlendMode, load: ImageLoader, push: (i: DisplayItem) => void, opts: BackgroundOptions, text: { glyphs?: TextRun[] }): void {
  if (blend === 'normal' || !hasImage(s.backgroundLayers[i]!)) { paintOneLayer(f, s, i, load, push, opts, text); return; }
  push({ kind: 'push-opacity', opacity: 1, blend });
  paintOneLayer(f, s, i, load, push, opts, text);
  push({ kind: 'pop-opacity' });
}

/** Paints background layer `i` (its image or gradient, clipped to text for background-clip: text). */
function paintOneLayer(f: Boxish, s: ComputedStyle, i: number, load: ImageLoader, push: (i: DisplayItem) => void, opts: BackgroundOptions, text: { glyphs?: TextRun[] }): void {
  {
    const layer = s.backgroundLayers[i]!;
    let img: ImageRef | Gradient;
    if (layer.image.kind === 'gradient') img = layer.image.gradient;
    else if (layer.image.kind !== 'url') return;
    else {
      const image = load(layer.image.url);
      if (!image || image.width <= 0 || image.height <= 0) return;
      img = image;
    }
    if (layer.clip === 'text' && !opts.canvas) clipToText(f, text, push, () => paintLayer(f, s, layer, img, push, opts));
    else paintLayer(f, s, layer, img, push, opts);
  }
}

/** Whether a background layer has an image to paint (a gradient or a URL; none and the rest paint nothing). */
export const hasImage = (l: ComputedStyle['backgroundLayers'][number]): boolean => l.image.kind === 'gradient' || l.image.kind === 'url';

/** Paints what `paint` pushes clipped to the glyphs of `f`'s text (`text.glyphs`, found on first use); nothing when it has no text. */
function clipToText(f: Boxish, text: { glyphs?: TextRun[] }, push: (i: DisplayItem) => void, paint: () => void): void {
  const glyphs = (text.glyphs ??= textRuns(f));
  if (glyphs.length === 0) return; // no text: nothing of this layer shows
  push({ kind: 'push-clip-text', runs: glyphs });
  paint();
  push({ kind: 'pop-clip' });
}

/**
 * The glyph runs of a fragment's text, its descendants' included, at their pen positions: the
 * painting area of `background-clip: text` (css-backgrounds-4 §2.1.1).
 */
function textRuns(f: Boxish, out: TextRun[] = []): TextRun[] {
  const fr = f as Boxish & { kind?: string; children?: Boxish[]; runs?: GlyphRun[]; baseline?: number };
  if (fr.kind === 'text' && fr.runs && fr.baseline !== undefined) {
    let x = fr.x;
    for (const run of fr.runs) { out.push({ x, y: fr.baseline, run }); x += run.width; }
    return out;
  }
  for (const c of fr.children ?? []) textRuns(c, out);
  return out;
}

/**
 * One background layer: an image (sized from its intrinsic size) or a gradient (no intrinsic
 * size: `auto` is the positioning area's, css-images-3 §5.3), sized, positioned and repeated.
 */
function paintLayer(f: Boxish, s: ComputedStyle, layer: BackgroundLayer, img: ImageRef | Gradient, push: (i: DisplayItem) => void, opts: BackgroundOptions): void {
  const canvas = opts.canvas;
  // background-attachment: fixed positions (and sizes) the image in the viewport, here the page area (css-backgrounds-3 §3.5).
  const O = layer.attachment === 'fixed' && opts.viewport ? opts.viewport : edgeRect(f, layer.origin);
  const clipEdge: BoxEdge = layer.clip === 'text' ? 'border-box' : layer.clip; // text: clipped around this call
  const C = canvas ?? edgeRect(f, clipEdge);
  if (C.w <= 0 || C.h <= 0) return;
  const radii = canvas ? undefined : edgeRadii(f, s, clipEdge);
  const image = 'width' in img ? img : null;
  // A gradient sizes like an image of the positioning area's size whose ratio is free.
  // An SVG lacking intrinsic dimensions sizes against the positioning area (css-images-3 §5.2 default object size).
  const svg = image?.svg ? concreteSize(image.svg.intrinsicWidth, image.svg.intrinsicHeight, image.svg.intrinsicRatio, O.w, O.h) : null;
  const iw = svg ? svg.width : image ? image.width : O.w, ih = svg ? svg.height : image ? image.height : O.h, ratio = image ? iw / ih : NaN;
  let tw: number, th: number;
  const size = layer.size;
  if (!image && (size === 'cover' || size === 'contain')) { tw = O.w; th = O.h; }
  else if (size === 'cover' || size === 'contain') {
    const k = size === 'cover' ? Math.max(O.w / iw, O.h / ih) : Math.min(O.w / iw, O.h / ih);
    tw = iw * k; th = ih * k;
  } else {
    const w = size.w === 'auto' ? null : resolveLength(size.w, O.w);
    const h = size.h === 'auto' ? null : resolveLength(size.h, O.h);
    if (w === null && h === null) { tw = iw; th = ih; }
    else if (w === null) { th = h as number; tw = image ? th * ratio : O.w; }
    else if (h === null) { tw = w; th = image ? tw / ratio : O.h; }
    else { tw = w; th = h; }
  }
  // Blink positions the tiles with the size before rounding: background-position resolves against the positioning area less
  // that size, and the rescaled tiles repeat from there (BackgroundImageGeometry; css-backgrounds-3 §3.9 would use the
  // rescaled size). Measured in Chromium 156: 'center/60px round' in a 200px box starts a tile at 70 - 66.67, not at 0.
  const posW = tw, posH = th;
  if (layer.repeat.x === 'round' && tw > 0) { const n = Math.max(1, Math.round(O.w / tw)); const ntw = O.w / n; if (image && size !== 'cover' && size !== 'contain' && size.h === 'auto') th = ntw / ratio; tw = ntw; }
  if (layer.repeat.y === 'round' && th > 0) {
    const n = Math.max(1, Math.round(O.h / th)); const nth = O.h / n;
    // Round on this axis only with an auto size on the other: keep the ratio (css-backgrounds-3 §3.4).
    if (image && layer.repeat.x !== 'round' && size !== 'cover' && size !== 'contain' && size.w === 'auto') tw = nth * ratio;
    th = nth;
  }
  if (tw <= 0 || th <= 0) return;
  const px = O.x + resolveLength(layer.position.x, O.w - posW);
  const py = O.y + resolveLength(layer.position.y, O.h - posH);
  const sx = spaced(layer.repeat.x, O.x, O.w, tw, C.x, C.w);
  const sy = spaced(layer.repeat.y, O.y, O.h, th, C.y, C.h);
  if (!image) { paintGradientTiles(img as Gradient, { tw, th, C, radii, push }, sx ?? axisOf(layer.repeat.x, px), sy ?? axisOf(layer.repeat.y, py)); return; }
  if (sx || sy) { paintSpaced(sx ?? axisOf(layer.repeat.x, px), sy ?? axisOf(layer.repeat.y, py), { tw, th, C, radii, image, push }); return; }
  const rx = layer.repeat.x !== 'no-repeat' && layer.repeat.x !== 'space', ry = layer.repeat.y !== 'no-repeat' && layer.repeat.y !== 'space';
  if (!rx && !ry) {
    const rect: Rect = { x: px, y: py, w: tw, h: th };
    const inside = rect.x >= C.x - 0.01 && rect.y >= C.y - 0.01 && rect.x + rect.w <= C.x + C.w + 0.01 && rect.y + rect.h <= C.y + C.h + 0.01;
    if (inside && !radii) { push({ kind: 'image', rect, image }); return; }
    push(radii ? { kind: 'push-clip', rect: C, radii } : { kind: 'push-clip', rect: C });
    push({ kind: 'image', rect, image });
    push({ kind: 'pop-clip' });
    return;
  }
  if (radii) push({ kind: 'push-clip', rect: C, radii });
  push({ kind: 'image-tiles', area: C, image, originX: px, originY: py, tileW: tw, tileH: th, repeatX: rx, repeatY: ry });
  if (radii) push({ kind: 'pop-clip' });
}

/** Tile positions on one axis: `repeat` (every `step` from `origin`) or an explicit list (px). */
type Axis = { kind: 'repeat'; origin: number } | { kind: 'list'; at: number[] };

/** Above this many separately drawn tiles, `space` falls back to plain repetition (a bound on display-list size). */
const MAX_SPACED_TILES = 1024;

/**
 * background-repeat: space on one axis (css-backgrounds-3 §3.4): as many whole tiles as fit in the
 * positioning area [o, o+len], the first and last touching its edges and the gaps spread evenly
 * between them, the pattern continued over the painting area [c, c+clen]. Null when the axis is
 * not `space`, when fewer than two tiles fit (one tile then placed by background-position, as
 * for no-repeat) or when there would be too many tiles.
 */
function spaced(rep: string, o: number, len: number, t: number, c: number, clen: number): Axis | null {
  if (rep !== 'space') return null;
  const n = Math.floor(len / t + 1e-6);
  if (n < 2) return null;
  const step = t + (len - n * t) / (n - 1);
  const k0 = Math.floor((c - t - o) / step + 1e-6) + 1, k1 = Math.ceil((c + clen - o) / step - 1e-6) - 1;
  if (k1 - k0 + 1 > MAX_SPACED_TILES) return null;
  const at: number[] = [];
  for (let k = k0; k <= k1; k++) at.push(o + k * step);
  return { kind: 'list', at };
}

/** The tile positions of an axis that is not spaced: repeating from `p`, or the single tile at `p`. */
function axisOf(rep: string, p: number): Axis {
  return rep === 'repeat' || rep === 'round' ? { kind: 'repeat', origin: p } : { kind: 'list', at: [p] };
}

/** Draws a layer with at least one spaced axis: single images, or one tile row/column per spaced position. */
function paintSpaced(ax: Axis, ay: Axis, o: { tw: number; th: number; C: Rect; radii: Radii | undefined; image: ImageRef; push: (i: DisplayItem) => void }): void {
  const { tw, th, C, radii, image, push } = o;
  if (ax.kind === 'list' && ay.kind === 'list' && ax.at.length * ay.at.length > MAX_SPACED_TILES) return;
  push(radii ? { kind: 'push-clip', rect: C, radii } : { kind: 'push-clip', rect: C });
  if (ax.kind === 'list' && ay.kind === 'list') {
    for (const y of ay.at) for (const x of ax.at) push({ kind: 'image', rect: { x, y, w: tw, h: th }, image });
  } else if (ax.kind === 'repeat' && ay.kind === 'list') {
    for (const y of ay.at) push({ kind: 'image-tiles', area: C, image, originX: ax.origin, originY: y, tileW: tw, tileH: th, repeatX: true, repeatY: false });
  } else if (ax.kind === 'list' && ay.kind === 'repeat') {
    for (const x of ax.at) push({ kind: 'image-tiles', area: C, image, originX: x, originY: ay.origin, tileW: tw, tileH: th, repeatX: false, repeatY: true });
  }
  push({ kind: 'pop-clip' });
}

/**
 * A gradient layer's tiles as one 'gradient' item: the shading of one tile (css-images-3 §3),
 * repeated or listed per axis, clipped to the painting area. A one-colour gradient is a flat ramp.
 */
function paintGradientTiles(g: Gradient, o: { tw: number; th: number; C: Rect; radii: Radii | undefined; push: (i: DisplayItem) => void }, ax: Axis, ay: Axis): void {
  const sh = gradientShading(g, o.tw, o.th);
  if (sh === null) return;
  const shading: Shading = 'type' in sh ? sh : { type: 'axial', x0: 0, y0: 0, x1: o.tw, y1: 0, ramp: [{ t0: 0, t1: 1, c0: sh, c1: sh, n: 1, e0: 0, e1: 1 }] };
  const tile = (a: Axis): TileAxis => (a.kind === 'repeat' ? { origin: a.origin } : { at: a.at });
  const item: DisplayItem = { kind: 'gradient', area: o.C, tileW: o.tw, tileH: o.th, xs: tile(ax), ys: tile(ay), shading };
  if (o.radii) item.radii = o.radii;
  o.push(item);
}
