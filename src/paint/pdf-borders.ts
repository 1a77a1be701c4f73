/**
 * Borders and decoration lines as PDF paths. In: 'border' and 'line' display items (px, y down).
 * Out: fill/stroke operators in the page's content stream (CSS 2.1 §8.5, css-backgrounds-3 §4–5,
 * css-text-decor-3 §2).
 *
 * A border of one colour, width and solid/double style all round a box is drawn stripe by stripe as Chromium writes
 * it (drawUniformBorder: stroked on the centre line where Blink strokes). Otherwise solid parts are filled areas: each
 * side is the band between the outer border edge and the padding edge, cut by the diagonals from the outer corners through the inner corners
 * (mitred joins, as browsers draw). Without radii that band is a trapezoid; with radii it is the
 * rounded ring clipped to the side's wedge. A border whose four sides share one colour and one
 * solid/double style is one even-odd ring (no seams at the corners). Double borders are two
 * stripes of (width + 1) / 3 px (solid below 3px), groove/ridge two halves (solid below 2px),
 * with the shades Chromium computes (box_border_painter.cc). Dashed and dotted sides of boxes without
 * radii are drawn as Chromium does (pdf-border-dashes.ts: pixel-snapped, full-length lines, end dots,
 * mitred only where Chromium mitres), all sides in Chromium's paint order; on rounded boxes the whole
 * centre line is stroked with a pattern fitted to its length and clipped to the side's wedge.
 */
import type { Color } from '../css/computed.ts';
import type { DisplayItem, Rect, Radii, BorderStyleUsed } from './display-list.ts';
import { ContentStream, boxPath, insetBox, num, polygonPath, rectPath, usedRadii } from './pdf-content.ts';
import { borderPaintOrder, drawBrokenBoxSide, sideMitred, snapBorderBox, strokeDash } from './pdf-border-dashes.ts';

export { strokeDash };

type BorderItem = Extract<DisplayItem, { kind: 'border' }>;
type LineItem = Extract<DisplayItem, { kind: 'line' }>;
type Sides = [number, number, number, number];

const TOP = 0, RIGHT = 1, BOTTOM = 2, LEFT = 3;

function colorKey(c: Color): string {
  return `${c.r},${c.g},${c.b},${c.a}`;
}

/** Chromium's Color::Dark(): the largest component drops by 0.33 (white → #ABABAB); truncated to 8 bits. */
export function darken(c: Color): Color {
  if (c.r === 255 && c.g === 255 && c.b === 255) return { r: 171, g: 171, b: 171, a: c.a };
  const v = Math.max(c.r, c.g, c.b) / 255;
  const m = v === 0 ? 0 : Math.max(0, (v - 0.33) / v);
  const q = (x: number): number => Math.floor(m * x * (255.99997 / 255));
  return { r: q(c.r), g: q(c.g), b: q(c.b), a: c.a };
}

/** Chromium's Color::Light(): the largest component rises by 0.33 (black → #545454). */
export function lighten(c: Color): Color {
  const v = Math.max(c.r, c.g, c.b) / 255;
  if (v === 0) return { r: 84, g: 84, b: 84, a: c.a };
  const m = Math.min(1, v + 0.33) / v;
  const q = (x: number): number => Math.min(255, Math.floor(m * x * (255.99997 / 255)));
  return { r: q(c.r), g: q(c.g), b: q(c.b), a: c.a };
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(c: Color): number {
  const lin = (v: number): number => { const x = v / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** Below this relative luminance a colour's inset/outset edges are one Light() step up (measured: #202020 is, #212121 is not). */
const DARK_EDGE_LUMINANCE = 0.01445;
/** Within this squared distance of white a light edge keeps the colour (measured: #ececec does, #ebebeb takes Light()). */
const NEAR_WHITE = 3 * 19 * 19;

/**
 * The shade Chromium 156 paints a side of an inset/outset border (or half of a groove/ridge), as measured (Debian
 * Chromium 156, 8 px borders of 70 colours; the box_border_painter.cc CalculateBorderStyleColor we could read keeps the
 * colour on the light edges, 156 does not): top/left of inset and bottom/right of outset take Dark(); the other sides
 * take Light(), unless the colour is near white (squared channel distance to white ≤ 3 × 19²). A colour darker than
 * relative luminance 0.01445 (black, #1e1e1e, navy) would have black dark edges: its dark edges take Light() and its
 * light edges Light(Light()) (black: #545454 and #a8a8a8, as `<table border>` prints in quirks mode).
 */
function shade(c: Color, side: number, style: 'inset' | 'outset'): Color {
  const darkSide = (side === TOP || side === LEFT) === (style === 'inset');
  if (luminance(c) < DARK_EDGE_LUMINANCE) {
    const lifted = lighten(c);
    return darkSide ? lifted : lighten(lifted);
  }
  if (darkSide) return darken(c);
  const nearWhite = (255 - c.r) ** 2 + (255 - c.g) ** 2 + (255 - c.b) ** 2 <= NEAR_WHITE;
  return nearWhite ? c : lighten(c);
}

/** Outer stripe of a double border: Chromium's (width + 1) / 3 on whole pixels, a third otherwise. */
function third(w: number): number {
  return Number.isInteger(w) ? Math.floor((w + 1) / 3) : w / 3;
}

/** Outer half of a groove/ridge: Chromium's (width + 1) / 2 on whole pixels, a half otherwise. */
function half(w: number): number {
  return Number.isInteger(w) ? Math.floor((w + 1) / 2) : w / 2;
}

/** Per-side amounts from per-side widths. */
function per(w: Sides, f: (w: number) => number): Sides {
  return [f(w[0]), f(w[1]), f(w[2]), f(w[3])];
}

const ZERO: Sides = [0, 0, 0, 0];

/**
 * Chromium's BorderEdge::EffectiveStyle: double below 3px and groove/ridge below 2px paint solid.
 */
function effectiveStyle(style: BorderStyleUsed, w: number): BorderStyleUsed {
  if ((style === 'double' && w < 3) || ((style === 'groove' || style === 'ridge') && w < 2)) return 'solid';
  return style;
}

/**
 * The bands of one side, each as [outer inset, inner inset, colour] with insets given for all
 * four sides (so bands of adjacent sides meet on the same diagonal).
 */
function bands(style: BorderStyleUsed, w: Sides, side: number, c: Color): Array<[Sides, Sides, Color]> {
  switch (effectiveStyle(style, w[side]!)) {
    case 'double': {
      const t = per(w, third);
      return [[ZERO, t, c], [[w[0] - t[0], w[1] - t[1], w[2] - t[2], w[3] - t[3]], w, c]];
    }
    case 'inset': case 'outset': return [[ZERO, w, shade(c, side, style as 'inset' | 'outset')]];
    case 'groove': case 'ridge': {
      const h = per(w, half);
      const [first, second]: Array<'inset' | 'outset'> = style === 'groove' ? ['inset', 'outset'] : ['outset', 'inset'];
      return [[ZERO, h, shade(c, side, first!)], [h, w, shade(c, side, second!)]];
    }
    default: return [[ZERO, w, c]];
  }
}

function scaled(w: Sides, f: number): Sides {
  return [w[0] * f, w[1] * f, w[2] * f, w[3] * f];
}

/** The four corners of `r` inset by `d`: [TLx, TLy, TRx, TRy, BRx, BRy, BLx, BLy]. */
function corners(r: Rect, d: Sides): number[] {
  const x0 = r.x + d[LEFT], y0 = r.y + d[TOP], x1 = r.x + r.w - d[RIGHT], y1 = r.y + r.h - d[BOTTOM];
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/** Corner indices (into corners()) at the start and end of each side, clockwise. */
const SIDE_CORNERS: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 0]];

/** The trapezoid of side `s` between the inset edges `d0` (outer) and `d1` (inner) (no radii). */
function trapezoid(r: Rect, d0: Sides, d1: Sides, s: number): number[] {
  const o = corners(r, d0), n = corners(r, d1);
  const [a, b] = SIDE_CORNERS[s]!;
  return [o[a * 2]!, o[a * 2 + 1]!, o[b * 2]!, o[b * 2 + 1]!, n[b * 2]!, n[b * 2 + 1]!, n[a * 2]!, n[a * 2 + 1]!];
}

/**
 * A four-point path; `re` when the quad is an axis-aligned rectangle (a side whose neighbours
 * have no width, as in collapsed table borders: half the bytes).
 */
function quadPath(q: number[]): string {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = q as [number, number, number, number, number, number, number, number];
  const horiz = y0 === y1 && y2 === y3 && x0 === x3 && x1 === x2;
  const vert = x0 === x1 && x2 === x3 && y0 === y3 && y1 === y2;
  if (horiz || vert) {
    const xa = Math.min(x0, x1, x2, x3), ya = Math.min(y0, y1, y2, y3);
    return rectPath({ x: xa, y: ya, w: Math.max(x0, x1, x2, x3) - xa, h: Math.max(y0, y1, y2, y3) - ya });
  }
  return polygonPath(q);
}

/**
 * The wedge of side `s`: the region between the diagonals from its two outer corners through the
 * matching inner (padding-edge) corners, reaching to the box's centre lines; used as a clip
 * for rounded and dashed borders.
 */
function wedge(r: Rect, w: Sides, s: number): number[] {
  const o = corners(r, [0, 0, 0, 0]);
  const n = corners(r, w);
  const [a, b] = SIDE_CORNERS[s]!;
  const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
  const horizontal = s === TOP || s === BOTTOM;
  const ext = (i: number): [number, number] => {
    const ox = o[i * 2]!, oy = o[i * 2 + 1]!;
    const dx = n[i * 2]! - ox, dy = n[i * 2 + 1]! - oy;
    // Walk along the diagonal until it reaches the centre line across the side.
    if (horizontal) {
      if (Math.abs(dy) < 1e-9) return [ox, oy];
      const t = (cy - oy) / dy;
      return [ox + dx * t, cy];
    }
    if (Math.abs(dx) < 1e-9) return [ox, oy];
    const t = (cx - ox) / dx;
    return [cx, oy + dy * t];
  };
  const [ax, ay] = ext(a), [bx, by] = ext(b);
  const oax = o[a * 2]!, oay = o[a * 2 + 1]!, obx = o[b * 2]!, oby = o[b * 2 + 1]!;
  // If the two diagonals cross before the centre line, stop at their intersection.
  const crossed = horizontal ? (s === TOP ? ax > bx : ax < bx) : (s === RIGHT ? ay > by : ay < by);
  if (crossed) {
    const p = intersect(oax, oay, ax, ay, obx, oby, bx, by);
    if (p) return [oax, oay, obx, oby, p[0], p[1]];
  }
  return [oax, oay, obx, oby, bx, by, ax, ay];
}

function intersect(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, x4: number, y4: number): [number, number] | null {
  const d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
  if (Math.abs(d) < 1e-12) return null;
  const t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d;
  return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)];
}

/** Length of a (rounded) rectangle's outline: straight parts plus quarter-ellipse arcs (Ramanujan). */
function perimeter(r: Rect, radii: Radii | null): number {
  let p = 2 * (r.w + r.h);
  if (radii) {
    for (const [a, b] of radii) {
      if (!(a > 0 && b > 0)) continue;
      const h = ((a - b) / (a + b)) ** 2;
      const quarter = (Math.PI * (a + b) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)))) / 4;
      p += quarter - a - b;
    }
  }
  return p;
}

function dashOps(t: number, sd: { dash: [number, number]; cap: 0 | 1 } | null): string {
  return sd ? `${num(t)} w ${sd.cap} J [${num(sd.dash[0])} ${num(sd.dash[1])}] 0 d` : `${num(t)} w 0 J`;
}

/** A rectangular ring of widths [top, right, bottom, left] as up to four non-overlapping rectangles. */
function ringRects(r: Rect, w: Sides): Rect[] {
  const out: Rect[] = [];
  const t = Math.min(w[0]!, r.h), b = Math.min(w[2]!, r.h - t);
  if (t > 0) out.push({ x: r.x, y: r.y, w: r.w, h: t });
  if (b > 0) out.push({ x: r.x, y: r.y + r.h - b, w: r.w, h: b });
  const h = r.h - t - b;
  if (h > 0) {
    const l = Math.min(w[3]!, r.w), rt = Math.min(w[1]!, r.w - l);
    if (l > 0) out.push({ x: r.x, y: r.y + t, w: l, h });
    if (rt > 0) out.push({ x: r.x + r.w - rt, y: r.y + t, w: rt, h });
  }
  return out;
}

/** Writes a 'border' display item. Sides with width ≤ 0, style none or alpha 0 are skipped. */
export function drawBorder(cs: ContentStream, item: BorderItem): void {
  const r = item.rect;
  if (!(r.w > 0 && r.h > 0)) return;
  if (drawLoneSolidBand(cs, item)) return;
  const w = item.widths.map((v) => (v > 0 && Number.isFinite(v) ? v : 0)) as Sides;
  const visible = [0, 1, 2, 3].map((i) => w[i]! > 0 && item.styles[i] !== 'none' && item.colors[i]!.a > 0);
  if (!visible.some(Boolean)) return;
  for (let i = 0; i < 4; i++) if (!visible[i]) w[i] = item.styles[i] === 'none' || !(w[i]! > 0) ? 0 : w[i]!;
  const radii = usedRadii(r, item.radii);
  cs.endText();
  const lone = radii ? -1 : loneSolidSide(w, item.styles, visible);
  if (lone >= 0) {
    // One solid side and no width elsewhere (a collapsed table border piece): its band, as the general path below draws it.
    cs.fill(item.colors[lone]!);
    cs.op(`${quadPath(trapezoid(r, ZERO, w, lone))} f`);
    return;
  }

  const s0 = item.styles[0], c0 = colorKey(item.colors[0]);
  const uniform = visible.every(Boolean) && item.styles.every((s) => s === s0) && item.colors.every((c) => colorKey(c) === c0);
  if (uniform && s0 !== 'none' && drawUniformBorder(cs, r, radii, s0, item.colors[0], w)) return;
  if (uniform && s0 === 'solid' && !radii) {
    // Four separate rectangles, not an even-odd ring: rasterisers without anti-aliasing (pdftoppm
    // -aa no) fill a ring's path one pixel past its right and bottom edges, but a lone `re f` exactly.
    cs.fill(item.colors[0]);
    for (const q of ringRects(r, w)) cs.op(`${rectPath(q)} f`);
    return;
  }
  if (uniform && (s0 === 'solid' || (s0 === 'double' && Math.min(...w) >= 3))) {
    cs.fill(item.colors[0]);
    const ring: Array<[Sides, Sides]> = s0 === 'double' ? bands('double', w, TOP, item.colors[0]).map(([a, b]) => [a, b]) : [[ZERO, w]];
    const paths: string[] = [];
    for (const [d0, d1] of ring) {
      const outer = insetBox(r, radii, d0);
      const inner = insetBox(r, radii, d1);
      paths.push(boxPath(outer.rect, outer.radii), boxPath(inner.rect, inner.radii));
    }
    cs.op(`${paths.join(' ')} f*`);
    return;
  }

  // Chromium's order (alpha, then style, then side): a dashed or dotted side reaches into the corners
  // where a solid neighbour painted after it covers them.
  const info = { styles: item.styles, colors: item.colors, widths: w, visible };
  const done = new Set([0, 1, 2, 3].filter((i) => !visible[i]));
  const snapped = radii ? null : snapBorderBox(r, w);
  for (const s of borderPaintOrder(item.styles, item.colors, visible)) {
    const style = item.styles[s] as BorderStyleUsed;
    const color = item.colors[s]!;
    if (style === 'dashed' || style === 'dotted') {
      if (snapped) drawBrokenBoxSide(cs, snapped, info, s, done);
      else drawRoundedBrokenSide(cs, r, w, radii!, s, style, color);
      done.add(s);
      continue;
    }
    const parts = bands(style, w, s, color);
    if (!radii) {
      // A corner the adjacent side will paint over, or one both sides paint alike, is not mitred: the side runs
      // through it as a rectangle, as Chromium draws it (ComputeMiter). Not with translucent colours, which we cannot
      // paint over without a transparency group.
      const [adjLo, adjHi] = s === TOP || s === BOTTOM ? [LEFT, RIGHT] : [TOP, BOTTOM];
      const opaque = (k: number): boolean => item.colors[k]!.a === 1;
      const lo = !opaque(s) || !opaque(adjLo) || sideMitred(info, s, adjLo, done);
      const hi = !opaque(s) || !opaque(adjHi) || sideMitred(info, s, adjHi, done);
      const cut = (d: Sides): Sides => { const o = d.slice() as Sides; if (!lo) o[adjLo] = 0; if (!hi) o[adjHi] = 0; return o; };
      // Bands in page order, as Chromium draws them (outer first on top and left, inner first on bottom and right): where
      // a rasteriser snaps thin bands to whole pixels, the one drawn last shows.
      for (const [d0, d1, c] of s === BOTTOM || s === RIGHT ? parts.slice().reverse() : parts) {
        cs.fill(c);
        cs.op(`${quadPath(trapezoid(r, cut(d0), cut(d1), s))} f`);
      }
    } else {
      cs.save();
      cs.op(`${polygonPath(wedge(r, w, s))} W n`);
      for (const [d0, d1, c] of parts) {
        const outer = insetBox(r, radii, d0);
        const inner = insetBox(r, radii, d1);
        cs.fill(c);
        cs.op(`${boxPath(outer.rect, outer.radii)} ${boxPath(inner.rect, inner.radii)} f*`);
      }
      cs.restore();
    }
    done.add(s);
  }
}

/**
 * A border of one colour, one width and one solid or double style on all four sides, drawn as Chromium 156 writes it
 * into its PDF: each stripe (bands: the whole border, or the two of a double border, (width + 1) / 3 px each; solid
 * below 3px; css-backgrounds-3 §4.3) is the ring between two (rounded) rectangles, and Blink's GraphicsContext::FillDRRect
 * strokes such a ring on its centre line, with the stripe's width as line width, when every corner is square or
 * circular with the inner radius the outer one less the stripe (IsSimpleDRRect); otherwise it fills the ring (even-odd).
 * Measured with page.pdf (qpdf --qdf) on a 200 × 100 px box at (20, 20): 4px double `20.5 20.5 207 107 re S` and
 * `23.5 23.5 201 101 re S` (/LW 1), 6px double 21/25 (/LW 2), 4px solid `22 22 204 104 re S`, 1px solid
 * `20.5 20.5 201 101 re S`; rounded: 4px solid radius 10px and 1px radius 4px stroked from 22 and 20.5, 4px double
 * radius 10px two strokes, one rounded corner only stroked; 4px solid radius 2px and 1px radius 20px/10px filled `f*`.
 * The stroke and the ring cover the same area, but PDF rasterisers draw a stroke at least a device pixel wide (poppler
 * at 50 dpi: a 1px double stripe stroked is the full colour, filled a light grey). False (nothing written) when the
 * widths differ, or the style is not solid or double, or the box has no inner edge.
 */
function drawUniformBorder(cs: ContentStream, r: Rect, radii: Radii | null, style: BorderStyleUsed, color: Color, w: Sides): boolean {
  const width = w[0]!;
  if (!(w[1] === width && w[2] === width && w[3] === width)) return false;
  const used = effectiveStyle(style, width);
  if (used !== 'solid' && used !== 'double') return false;
  if (!(r.w > 2 * width && r.h > 2 * width)) return false;
  // q/Q keep the line width local (ContentStream tracks it for synthetic-bold text strokes).
  cs.save();
  for (const [d0, d1] of bands(used, w, TOP, color)) {
    const outer = insetBox(r, radii, d0);
    const inner = insetBox(r, radii, d1);
    if (simpleRing(outer.radii, inner.radii, d1[0] - d0[0])) {
      const mid = insetBox(r, radii, [0, 1, 2, 3].map((i) => (d0[i]! + d1[i]!) / 2) as Sides);
      cs.stroke(color);
      cs.op(`${num(d1[0] - d0[0])} w ${boxPath(mid.rect, mid.radii)} S`);
    } else {
      cs.fill(color);
      cs.op(`${boxPath(outer.rect, outer.radii)} ${boxPath(inner.rect, inner.radii)} f*`);
    }
  }
  cs.restore();
  return true;
}

/** Blink's IsSimpleDRRect corner test: each corner square in both, or circular in both with outer = inner + stripe. */
function simpleRing(outer: Radii | null, inner: Radii | null, stripe: number): boolean {
  const near = (x: number, y: number): boolean => Math.abs(x - y) < 1e-3;
  for (let i = 0; i < 4; i++) {
    const [ox, oy] = outer ? outer[i]! : [0, 0];
    const [ix, iy] = inner ? inner[i]! : [0, 0];
    if (ox === 0 && oy === 0 && ix === 0 && iy === 0) continue;
    if (!(near(ox, oy) && near(ix, iy) && near(ox, ix + stripe))) return false;
  }
  return true;
}

/** The side when exactly one side is visible, solid, and the only one with a width; else -1. */
/**
 * The common case of the lone solid side below (a collapsed table border piece: one visible solid side, no width or a
 * 'none' style elsewhere, no radii), written without the general path's arrays: the same band as
 * quadPath(trapezoid(r, ZERO, w, side)) draws, as a rectangle. False (nothing written) for any other border.
 */
function drawLoneSolidBand(cs: ContentStream, item: BorderItem): boolean {
  if (item.radii !== undefined) return false;
  let side = -1, ws = 0;
  for (let i = 0; i < 4; i++) {
    const v = item.widths[i]!;
    if (!(v > 0 && Number.isFinite(v)) || item.styles[i] === 'none') continue;
    if (side >= 0 || item.styles[i] !== 'solid' || !(item.colors[i]!.a > 0)) return false;
    side = i; ws = v;
  }
  if (side < 0) return false;
  const r = item.rect;
  // corners(r, ZERO) and corners(r, w) with w zero but on `side`, as trapezoid takes them.
  const ox0 = r.x + 0, oy0 = r.y + 0, ox1 = r.x + r.w - 0, oy1 = r.y + r.h - 0;
  const nx0 = r.x + (side === LEFT ? ws : 0), ny0 = r.y + (side === TOP ? ws : 0);
  const nx1 = r.x + r.w - (side === RIGHT ? ws : 0), ny1 = r.y + r.h - (side === BOTTOM ? ws : 0);
  // (no closures or destructuring here: this runs for every collapsed border piece of a long table)
  const corners = SIDE_CORNERS[side]!, a = corners[0], b = corners[1];
  const x0 = cornerX(a, ox0, ox1), y0 = cornerY(a, oy0, oy1), x1 = cornerX(b, ox0, ox1), y1 = cornerY(b, oy0, oy1);
  const x2 = cornerX(b, nx0, nx1), y2 = cornerY(b, ny0, ny1), x3 = cornerX(a, nx0, nx1), y3 = cornerY(a, ny0, ny1);
  const horiz = y0 === y1 && y2 === y3 && x0 === x3 && x1 === x2;
  const vert = x0 === x1 && x2 === x3 && y0 === y3 && y1 === y2;
  if (!horiz && !vert) return false;
  cs.endText();
  cs.fill(item.colors[side]!);
  const xa = Math.min(x0, x1, x2, x3), ya = Math.min(y0, y1, y2, y3);
  cs.op(`${num(xa)} ${num(ya)} ${num(Math.max(x0, x1, x2, x3) - xa)} ${num(Math.max(y0, y1, y2, y3) - ya)} re f`);
  return true;
}

/** Corner k's x (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) of a rectangle from x0 to x1. */
const cornerX = (k: number, x0: number, x1: number): number => (k === 0 || k === 3 ? x0 : x1);
/** Corner k's y of a rectangle from y0 to y1. */
const cornerY = (k: number, y0: number, y1: number): number => (k === 0 || k === 1 ? y0 : y1);

function loneSolidSide(w: Sides, styles: ReadonlyArray<BorderStyleUsed | 'none'>, visible: boolean[]): number {
  let side = -1;
  for (let i = 0; i < 4; i++) {
    if (w[i] === 0) continue;
    if (side >= 0 || !visible[i] || styles[i] !== 'solid') return -1;
    side = i;
  }
  return side;
}

/**
 * A dashed or dotted side of a rounded border, as Chromium's DrawDashedDottedBoxSideFromPath: the whole centre line
 * (the rounded rect halfway into the border) stroked with a pattern fitted to its length, clipped to this side's wedge.
 */
function drawRoundedBrokenSide(cs: ContentStream, r: Rect, w: Sides, radii: Radii, s: number, style: 'dashed' | 'dotted', c: Color): void {
  cs.save();
  cs.stroke(c);
  cs.op(`${polygonPath(wedge(r, w, s))} W n`);
  const mid = insetBox(r, radii, scaled(w, 0.5));
  cs.op(`${dashOps(w[s]!, strokeDash(perimeter(mid.rect, mid.radii), w[s]!, style, true))} ${boxPath(mid.rect, mid.radii)} S`);
  cs.restore();
}

/**
 * Writes a 'line' display item (text decoration, rules): a band `thickness` px tall centred
 * on y from x1 to x2. double: two such bands, the second (thickness + 1) px lower (Chromium's
 * DoubleOffset), i.e. 1 px apart;
 * dotted and dashed: Chromium's stroke patterns (strokeDash); wavy: Chromium's wave around y
 * (without its extra offset of thickness + 1 px below an underline: the item does not say
 * which decoration it is), stroked, clipped to [x1, x2].
 */
export function drawLine(cs: ContentStream, item: LineItem): void {
  const t = item.thickness;
  const x1 = Math.min(item.x1, item.x2), x2 = Math.max(item.x1, item.x2);
  if (!(t > 0) || !(x2 > x1) || !(item.color.a > 0) || !Number.isFinite(item.y)) return;
  const y = item.y;
  cs.endText();
  switch (item.style) {
    case 'double':
      cs.fill(item.color);
      cs.op(`${rectPath({ x: x1, y: y - t / 2, w: x2 - x1, h: t })} ${rectPath({ x: x1, y: y + 1 + t / 2, w: x2 - x1, h: t })} f`);
      return;
    case 'dotted':
    case 'dashed': {
      // Chromium's stroke patterns (see strokeDash); round dots start a half dot inside x1.
      const round = item.style === 'dotted' && t > 3;
      const a = round ? t / 2 : 0;
      cs.save();
      cs.stroke(item.color);
      cs.op(`${dashOps(t, strokeDash(x2 - x1, t, item.style))} ${num(x1 + a)} ${num(y)} m ${num(x2 - a + (round ? 0.02 : 0))} ${num(y)} l S`);
      cs.restore();
      return;
    }
    case 'wavy': {
      // Chromium's wave (TextDecorationInfo::PrepareWavyStrokePath): unit s = max(2, t); one
      // cubic per 2 × step (step = 2.5 s) with both control points at mid-segment, 3.5 s
      // above and below the axis; started two steps early and clipped to [x1, x2].
      const u = Math.max(2, t), cpd = 3.5 * u, step = 2.5 * u;
      cs.save();
      cs.op(`${rectPath({ x: x1, y: y - cpd - t, w: x2 - x1, h: 2 * (cpd + t) })} W n`);
      cs.stroke(item.color);
      const parts: string[] = [`${num(t)} w 0 J ${num(x1 - 2 * step)} ${num(y)} m`];
      for (let x = x1 - 2 * step; x < x2 && parts.length < 5000; x += 2 * step) {
        parts.push(`${num(x + step)} ${num(y + cpd)} ${num(x + step)} ${num(y - cpd)} ${num(x + 2 * step)} ${num(y)} c`);
      }
      parts.push('S');
      cs.op(parts.join(' '));
      cs.restore();
      return;
    }
    default:
      cs.fill(item.color);
      cs.op(`${rectPath({ x: x1, y: y - t / 2, w: x2 - x1, h: t })} f`);
  }
}
