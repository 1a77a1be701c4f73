/**
 * Box shadows in PDF (css-backgrounds-3 §7.2). In: a 'box-shadow' display item (px, y down).
 * Out: content-stream operators: a clip (out of the border box, or into the padding box) and the shadow shape.
 *
 * PDF has no blur operator. A blurred edge is drawn as a few nested copies of the shadow shape, each
 * grown by a step, with alphas chosen so that where k copies overlap the composite alpha follows the
 * Gaussian edge profile A·Φ(−d/σ) (σ = blur / 2, d the distance outside the shape edge), as Chromium's
 * blur does: half the alpha on the edge itself, ~2% at ±blur. Bands are about 1.5 px wide, at most 16;
 * a blurred corner is rounded by the blur even when the box's is sharp.
 */
import type { Color } from '../css/computed.ts';
import type { DisplayItem, Radii, Rect } from './display-list.ts';
import { boxPath, rectPath, usedRadii, type ContentStream } from './pdf-content.ts';

type ShadowItem = Extract<DisplayItem, { kind: 'box-shadow' }>;

/** Widest band of the blur approximation (px) and the most bands drawn. */
const BAND_PX = 1.5;
const MAX_BANDS = 16;

/**
 * Writes one box-shadow. Nothing is drawn for a transparent colour or an empty shape. The graphics
 * state is saved and restored around the clip. Never throws on odd numbers (NaN sizes draw nothing).
 */
export function drawBoxShadow(cs: ContentStream, it: ShadowItem): void {
  const A = it.color.a;
  if (!(A > 0) || !(it.box.w > 0 && it.box.h > 0)) return;
  const blur = it.blur > 0 ? it.blur : 0;
  const boxRadii = usedRadii(it.box, it.radii);
  // the shadow shape: the box moved by the offset, grown by the spread (inset: the hole, shrunk by it)
  const spread = it.inset ? -it.spread : it.spread;
  const shape = grow({ x: it.box.x + it.x, y: it.box.y + it.y, w: it.box.w, h: it.box.h }, spread);
  const shapeRadii = spreadRadii(boxRadii, spread);
  const bands = blurBands(blur, A);
  // An area that holds the clip and every band: the shadow never reaches past it.
  const reach = Math.abs(it.x) + Math.abs(it.y) + Math.abs(it.spread) + blur + 2;
  const area = grow(it.box, reach);
  cs.endText();
  cs.save();
  // Outer shadows show only outside the border box; inset ones only inside the padding box (§7.2).
  cs.op(it.inset ? `${boxPath(it.box, boxRadii)} W n` : `${rectPath(area)} ${boxPath(it.box, boxRadii)} W* n`);
  for (const b of bands) {
    // outer: the shape grown by the band's edge; inset: everything outside the hole shrunk by it.
    // A blurred corner is round, so band radii grow with the band (sharp corners too).
    const e = it.inset ? -b.edge : b.edge;
    const rect = grow(shape, e);
    const color: Color = { r: it.color.r, g: it.color.g, b: it.color.b, a: b.alpha };
    if (!(rect.w > 0 && rect.h > 0)) {
      if (!it.inset) continue;
      cs.fill(color);
      cs.op(`${rectPath(area)} f`);
      continue;
    }
    const holeRadii = usedRadii(rect, blur > 0 ? bandRadii(shapeRadii, e) : shapeRadii ?? undefined);
    const path = boxPath(rect, holeRadii);
    cs.fill(color);
    if (!it.inset) { cs.op(`${path} f`); continue; }
    if (!holeRadii) { for (const r of frame(area, rect)) cs.op(`${rectPath(r)} f`); continue; }
    // The area outside the hole, as an even-odd clip then a plain fill: rasterisers without
    // anti-aliasing fill an even-odd path one pixel into the hole, but clip it exactly.
    cs.save();
    cs.op(`${rectPath(area)} ${path} W* n ${rectPath(area)} f`);
    cs.restore();
  }
  cs.restore();
}

/**
 * The bands of a blurred edge: `edge` px outside the shape edge (negative: inside) where each nested
 * copy ends, and its alpha. Band k covers d ≤ edge[k]; where copies k..n−1 overlap the composite alpha
 * is the profile at the middle of that band, and the innermost region gets the full alpha `A`.
 */
export function blurBands(blur: number, A: number): Array<{ edge: number; alpha: number }> {
  if (!(blur > 0)) return [{ edge: 0, alpha: A }];
  const n = Math.min(MAX_BANDS, Math.max(3, Math.ceil((2 * blur) / BAND_PX)));
  const h = (2 * blur) / (n + 1);
  const sigma = blur / 2;
  // composite[j]: the alpha wanted between edge[j-1] and edge[j]; composite[n] = 0 outside the last band
  const composite: number[] = [];
  for (let j = 0; j < n; j++) composite.push(j === 0 ? A : A * phi(-(-blur + (j + 0.5) * h) / sigma));
  composite.push(0);
  const out: Array<{ edge: number; alpha: number }> = [];
  for (let k = 0; k < n; k++) {
    const alpha = 1 - (1 - composite[k]) / (1 - composite[k + 1]);
    if (alpha > 0.001) out.push({ edge: -blur + (k + 1) * h, alpha: Math.min(1, alpha) });
  }
  return out;
}

/** The standard normal cumulative distribution Φ(x) (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
export function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** `outer` minus `hole` as up to four rectangles (top, bottom, left, right bands). */
function frame(outer: Rect, hole: Rect): Rect[] {
  const x0 = outer.x, y0 = outer.y, x1 = outer.x + outer.w, y1 = outer.y + outer.h;
  const hx0 = Math.max(x0, hole.x), hy0 = Math.max(y0, hole.y);
  const hx1 = Math.min(x1, hole.x + hole.w), hy1 = Math.min(y1, hole.y + hole.h);
  if (!(hx1 > hx0 && hy1 > hy0)) return [outer];
  const out: Rect[] = [];
  if (hy0 > y0) out.push({ x: x0, y: y0, w: x1 - x0, h: hy0 - y0 });
  if (y1 > hy1) out.push({ x: x0, y: hy1, w: x1 - x0, h: y1 - hy1 });
  if (hx0 > x0) out.push({ x: x0, y: hy0, w: hx0 - x0, h: hy1 - hy0 });
  if (x1 > hx1) out.push({ x: hx1, y: hy0, w: x1 - hx1, h: hy1 - hy0 });
  return out;
}

function grow(r: Rect, e: number): Rect {
  return { x: r.x - e, y: r.y - e, w: r.w + 2 * e, h: r.h + 2 * e };
}

/** Radii of a blur band `e` px outside the shape: every radius (zero ones too) grows by e, floored at 0. */
function bandRadii(radii: Radii | null, e: number): Radii | undefined {
  if (e <= 0 && !radii) return undefined;
  const r = radii ?? ([[0, 0], [0, 0], [0, 0], [0, 0]] as Radii);
  return r.map(([h, v]) => [Math.max(0, h + e), Math.max(0, v + e)]) as Radii;
}

/**
 * Radii of the shape grown by the spread `e` px (css-backgrounds-3 §7.2): a radius r grows by e when r ≥ e,
 * else by e·(1 + (r/e − 1)³), so sharp corners stay sharp; shrinking subtracts e, floored at 0.
 */
function spreadRadii(radii: Radii | null, e: number): Radii | null {
  if (!radii) return null;
  const g = (r: number): number => {
    if (r <= 0) return 0;
    if (e <= 0) return Math.max(0, r + e);
    if (r >= e) return r + e;
    const q = r / e - 1;
    return r + e * (1 + q * q * q);
  };
  return radii.map(([h, v]) => [g(h), g(v)]) as Radii;
}
