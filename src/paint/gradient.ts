/**
 * Gradient geometry and colour ramps (css-images-3 §3, css-images-4 §3.5). In: a computed
 * Gradient and the size of its gradient box (one tile, px). Out: a display-list Shading in tile
 * coordinates, or a plain colour when the gradient paints one colour everywhere.
 */
import type { Color, Gradient, GradientStop, LengthPct } from '../css/computed.ts';
import type { RampSegment, Shading } from './display-list.ts';

/** Upper bound on ramp pieces of a repeating gradient; beyond it the average colour is painted (as for a zero period). */
const MAX_SEGMENTS = 2048;
/** Pieces a segment between two different non-zero alphas is cut into (premultiplied interpolation is not linear in colour). */
const ALPHA_PIECES = 8;
/** Periods below this (px) paint the average colour (css-images-3 §3.6: "rounds to zero"). */
const MIN_PERIOD = 1e-3;

/** Positions beyond this (px) are clamped: far outside any page, and still exact in floating point with ±1 px pads. */
const FAR = 1e7;
const px = (p: LengthPct, basis: number): number => Math.max(-FAR, Math.min(FAR, p.px + (p.pct * basis) / 100)) || 0;

/** A colour stop after fix-up: position in px along the gradient line or ray; `hint` for the transition to the next stop. */
interface Stop { color: Color; pos: number; hint: number | null }

/**
 * Color stop fix-up (css-images-4 §3.5.3): a first/last stop without position goes to 0 / the
 * length, a position before an earlier one moves up to it, runs without positions are spaced
 * evenly; hints (px) are attached to the stop before them. `len` is the gradient line length (px).
 */
export function fixupStops(stops: readonly GradientStop[], len: number): Stop[] {
  const all = stops.map((s) => ({ color: s.color, pos: s.pos === null ? null : px(s.pos, len) }));
  const firstColor = all.find((e) => e.color !== null);
  if (firstColor === undefined) return [];
  if (firstColor.pos === null) firstColor.pos = 0;
  const lastColor = [...all].reverse().find((e) => e.color !== null)!;
  if (lastColor.pos === null) lastColor.pos = len;
  let max = -Infinity;
  for (const e of all) if (e.pos !== null) { if (e.pos < max) e.pos = max; max = e.pos; }
  const colors: Array<{ color: Color; pos: number | null; hint: number | null }> = [];
  for (const e of all) {
    if (e.color === null) { if (colors.length && e.pos !== null) colors[colors.length - 1].hint = e.pos; continue; }
    colors.push({ color: e.color, pos: e.pos, hint: null });
  }
  for (let i = 1; i < colors.length; i++) {
    if (colors[i].pos !== null) continue;
    let j = i;
    while (colors[j].pos === null) j++;
    const a = colors[i - 1].pos as number, b = colors[j].pos as number;
    for (let k = i; k < j; k++) colors[k].pos = a + ((b - a) * (k - i + 1)) / (j - i + 1);
    i = j;
  }
  // A hint outside its two stops is clamped to them (it then makes a hard transition).
  return colors.map((c, i) => {
    const next = colors[i + 1];
    const hint = c.hint === null || !next ? null : Math.min(Math.max(c.hint, c.pos as number), next.pos as number);
    return { color: c.color, pos: c.pos as number, hint };
  });
}

const sameColor = (a: Color, b: Color): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/** A ramp piece in px (t0 < t1) before normalisation. */
interface Piece { t0: number; t1: number; c0: Color; c1: Color; n: number; e0: number; e1: number }

/** The pieces between consecutive stops of positive length, hints as exponents (css-images-4 §3.5.3 step 2). */
function piecesOf(stops: readonly Stop[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i], b = stops[i + 1];
    if (!(b.pos > a.pos)) continue;
    let n = 1;
    if (a.hint !== null) {
      const h = (a.hint - a.pos) / (b.pos - a.pos);
      n = h <= 0 ? 0 : h >= 1 ? Infinity : Math.log(0.5) / Math.log(h);
    }
    if (n === 0) out.push({ t0: a.pos, t1: b.pos, c0: b.color, c1: b.color, n: 1, e0: 0, e1: 1 });
    else if (n === Infinity) out.push({ t0: a.pos, t1: b.pos, c0: a.color, c1: a.color, n: 1, e0: 0, e1: 1 });
    else out.push({ t0: a.pos, t1: b.pos, c0: a.color, c1: b.color, n, e0: 0, e1: 1 });
  }
  return out;
}

/** Interpolates in premultiplied sRGB at weight w (css-images-4 §3.5.2), unpremultiplied again. */
function mixPremultiplied(a: Color, b: Color, w: number): Color {
  const A = a.a + (b.a - a.a) * w;
  if (!(A > 0)) return { r: a.r + (b.r - a.r) * w, g: a.g + (b.g - a.g) * w, b: a.b + (b.b - a.b) * w, a: 0 };
  const ch = (x: number, y: number): number => (x * a.a + (y * b.a - x * a.a) * w) / A;
  return { r: ch(a.r, b.r), g: ch(a.g, b.g), b: ch(a.b, b.b), a: A };
}

/**
 * Rewrites pieces whose ends differ in alpha so that straight (PDF) interpolation of colour and
 * alpha matches premultiplied interpolation: a transparent end takes the other end's colour
 * (exact); two different non-zero alphas are cut into ALPHA_PIECES linear pieces.
 */
function premultiply(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    if (p.c0.a === p.c1.a) { out.push(p); continue; }
    if (p.c0.a === 0 || p.c1.a === 0) {
      const c0 = p.c0.a === 0 ? { ...p.c1, a: 0 } : p.c0, c1 = p.c1.a === 0 ? { ...p.c0, a: 0 } : p.c1;
      out.push({ ...p, c0, c1 });
      continue;
    }
    const at = (k: number): { t: number; c: Color } => {
      const e = p.e0 + ((p.e1 - p.e0) * k) / ALPHA_PIECES;
      return { t: p.t0 + ((p.t1 - p.t0) * k) / ALPHA_PIECES, c: mixPremultiplied(p.c0, p.c1, Math.pow(e, p.n)) };
    };
    let prev = at(0);
    for (let k = 1; k <= ALPHA_PIECES; k++) {
      const cur = at(k);
      out.push({ t0: prev.t, t1: cur.t, c0: prev.c, c1: cur.c, n: 1, e0: 0, e1: 1 });
      prev = cur;
    }
  }
  return out;
}

/** The colour of a piece at position t (px). */
function colorAt(p: Piece, t: number): Color {
  const s = p.e0 + ((p.e1 - p.e0) * (t - p.t0)) / (p.t1 - p.t0);
  const w = Math.pow(Math.min(1, Math.max(0, s)), p.n);
  return { r: p.c0.r + (p.c1.r - p.c0.r) * w, g: p.c0.g + (p.c1.g - p.c0.g) * w, b: p.c0.b + (p.c1.b - p.c0.b) * w, a: p.c0.a + (p.c1.a - p.c0.a) * w };
}

/**
 * The average colour of a stop list whose period rounds to zero (css-images-3 §3.6): the stops
 * evenly spaced, each segment's mean (premultiplied) weighted equally; hints ignored.
 */
export function averageColor(stops: readonly Stop[]): Color {
  if (stops.length === 1) return stops[0].color;
  let r = 0, g = 0, b = 0, a = 0;
  const n = stops.length - 1;
  for (let i = 0; i < n; i++) {
    const c0 = stops[i].color, c1 = stops[i + 1].color;
    r += (c0.r * c0.a + c1.r * c1.a) / 2; g += (c0.g * c0.a + c1.g * c1.a) / 2; b += (c0.b * c0.a + c1.b * c1.a) / 2; a += (c0.a + c1.a) / 2;
  }
  if (!(a > 0)) return { r: 0, g: 0, b: 0, a: 0 };
  return { r: r / a, g: g / a, b: b / a, a: a / n };
}

/**
 * The ramp of fixed-up stops over the positions [lo, hi] px that must be painted (repeating
 * gradients are repeated over it; `clampLo` cuts a non-repeating ramp at lo, for radial rays at
 * 0). Returns the pieces and their domain [d0, d1] (px), or a single colour.
 */
export function buildRamp(stops: readonly Stop[], repeating: boolean, lo: number, hi: number, clampLo: boolean): { pieces: Piece[]; d0: number; d1: number } | Color {
  if (stops.length === 0) return { r: 0, g: 0, b: 0, a: 0 };
  if (stops.length === 1) return stops[0].color;
  const first = stops[0].pos, last = stops[stops.length - 1].pos;
  const period = last - first;
  let pieces: Piece[];
  let d0: number, d1: number;
  if (repeating) {
    if (period < MIN_PERIOD) return averageColor(stops);
    const base = piecesOf(stops);
    const k0 = Math.floor((lo - first) / period), k1 = Math.ceil((hi - first) / period);
    if ((k1 - k0) * base.length > MAX_SEGMENTS) return averageColor(stops);
    pieces = [];
    for (let k = k0; k < Math.max(k1, k0 + 1); k++) for (const p of base) pieces.push({ ...p, t0: p.t0 + k * period, t1: p.t1 + k * period });
    d0 = first + k0 * period; d1 = first + Math.max(k1, k0 + 1) * period;
  } else {
    pieces = piecesOf(stops);
    d0 = first; d1 = last;
    // Hard transitions at the ends (or everywhere: all stops at one position) leave no piece for
    // the first/last colour, which the extension before/after the ramp shows: add constant pieces.
    const c0 = stops[0].color, c1 = stops[stops.length - 1].color;
    const pad = Math.max(1, (last - first) / 64);
    if (pieces.length === 0 || !sameColor(pieces[0].c0, c0)) { pieces.unshift({ t0: first - pad, t1: first, c0, c1: c0, n: 1, e0: 0, e1: 1 }); d0 = first - pad; }
    if (!sameColor(pieces[pieces.length - 1].c1, c1) || pieces[pieces.length - 1].t1 < last) { pieces.push({ t0: last, t1: last + pad, c0: c1, c1, n: 1, e0: 0, e1: 1 }); d1 = last + pad; }
  }
  if (clampLo && d0 < lo) {
    // Cut at lo: pieces wholly below go, the piece across lo keeps its curve through e0.
    if (d1 <= lo) return colorAt(pieces[pieces.length - 1], pieces[pieces.length - 1].t1);
    const kept: Piece[] = [];
    for (const p of pieces) {
      if (p.t1 <= lo) continue;
      if (p.t0 < lo) kept.push({ ...p, t0: lo, e0: p.e0 + ((p.e1 - p.e0) * (lo - p.t0)) / (p.t1 - p.t0) });
      else kept.push(p);
    }
    pieces = kept;
    d0 = lo;
  } else if (clampLo && d0 > lo) {
    const c = pieces[0].c0;
    pieces.unshift({ t0: lo, t1: d0, c0: c, c1: c, n: 1, e0: 0, e1: 1 });
    d0 = lo;
  }
  if (!(d1 > d0) || pieces.some((p) => !(p.t1 > p.t0))) return stops[stops.length - 1].color;
  return { pieces: premultiply(pieces), d0, d1 };
}

/** Pieces in px to ramp segments over t 0..1 of the domain [d0, d1]. */
function normalise(pieces: readonly Piece[], d0: number, d1: number): RampSegment[] {
  const k = 1 / (d1 - d0);
  return pieces.map((p) => ({ t0: (p.t0 - d0) * k, t1: (p.t1 - d0) * k, c0: p.c0, c1: p.c1, n: p.n, e0: p.e0, e1: p.e1 }));
}

/**
 * The shading of a gradient drawn in a w × h px gradient box (css-images-3 §3.1.1 gradient line,
 * §3.2.2 ending shape; css-images-4 §3.3 conic), in box coordinates; a Color when it paints one
 * colour; null for an empty box.
 */
export function gradientShading(g: Gradient, w: number, h: number): Shading | Color | null {
  if (!(w > 0 && h > 0)) return null;
  if (g.kind === 'linear') {
    const A = typeof g.angle === 'number' ? (g.angle * Math.PI) / 180 : Math.atan2(g.angle.x * h, -g.angle.y * w);
    const dx = Math.sin(A), dy = -Math.cos(A);
    const len = Math.abs(w * dx) + Math.abs(h * dy);
    const sx = w / 2 - (dx * len) / 2, sy = h / 2 - (dy * len) / 2;
    const stops = fixupStops(g.stops, len);
    // The box spans [0, len] along the gradient line: its corners project there.
    const ramp = buildRamp(stops, g.repeating, 0, len, false);
    if (!('pieces' in ramp)) return ramp;
    return { type: 'axial', x0: sx + dx * ramp.d0, y0: sy + dy * ramp.d0, x1: sx + dx * ramp.d1, y1: sy + dy * ramp.d1, ramp: normalise(ramp.pieces, ramp.d0, ramp.d1) };
  }
  if (g.kind === 'radial') {
    const cx = px(g.position.x, w), cy = px(g.position.y, h);
    let [rx, ry] = radii(g, cx, cy, w, h);
    if (!(rx > 0) && !(ry > 0)) { rx = ry = 1e-3; }
    else if (!(rx > 0)) { rx = 1e-3; ry = 1e4; }
    else if (!(ry > 0)) { ry = 1e-3; rx = 1e4; }
    const k = ry / rx;
    const stops = fixupStops(g.stops, rx);
    // The farthest box corner in the circle space (y unscaled by k) bounds what must be painted.
    const far = Math.max(...[[0, 0], [w, 0], [0, h], [w, h]].map(([x, y]) => Math.hypot(x - cx, (y - cy) / k)));
    const ramp = buildRamp(stops, g.repeating, 0, far, true);
    if (!('pieces' in ramp)) return ramp;
    return { type: 'radial', cx, cy, r0: ramp.d0, r1: ramp.d1, scaleY: k, ramp: normalise(ramp.pieces, ramp.d0, ramp.d1) };
  }
  // conic (css-images-4 §3.3): stops are angles (percentages of a turn), the ramp covers exactly one turn.
  const cx = px(g.position.x, w), cy = px(g.position.y, h);
  const ramp = buildRamp(fixupStops(g.stops, 360), g.repeating, 0, 360, true);
  if (!('pieces' in ramp)) return ramp;
  const r = Math.max(...[[0, 0], [w, 0], [0, h], [w, h]].map(([x, y]) => Math.hypot(x - cx, y - cy))) + 1;
  return { type: 'conic', cx, cy, r, from: g.from, ramp: normalise(cutAbove(ramp.pieces, 360), 0, 360) };
}

/** Pieces cut at `hi` (the part above goes; the piece across keeps its curve through e1) and extended to it with the last colour. */
function cutAbove(pieces: readonly Piece[], hi: number): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    if (p.t0 >= hi) break;
    out.push(p.t1 <= hi ? p : { ...p, t1: hi, e1: p.e0 + ((p.e1 - p.e0) * (hi - p.t0)) / (p.t1 - p.t0) });
  }
  const last = out[out.length - 1];
  if (last && last.t1 < hi) { const c = colorAt(last, last.t1); out.push({ t0: last.t1, t1: hi, c0: c, c1: c, n: 1, e0: 0, e1: 1 }); }
  return out;
}

/** The ending shape's radii (css-images-3 §3.2.2): explicit, or from the extent keyword. */
function radii(g: Extract<Gradient, { kind: 'radial' }>, cx: number, cy: number, w: number, h: number): [number, number] {
  const size = g.size;
  if (typeof size !== 'string') return g.shape === 'circle' ? [size.rx.px, size.rx.px] : [px(size.rx, w), px(size.ry, h)];
  const sx = [Math.abs(cx), Math.abs(w - cx)], sy = [Math.abs(cy), Math.abs(h - cy)];
  const corners = [[sx[0], sy[0]], [sx[1], sy[0]], [sx[0], sy[1]], [sx[1], sy[1]]];
  const dist = (c: number[]): number => Math.hypot(c[0], c[1]);
  if (g.shape === 'circle') {
    switch (size) {
      case 'closest-side': { const r = Math.min(...sx, ...sy); return [r, r]; }
      case 'farthest-side': { const r = Math.max(...sx, ...sy); return [r, r]; }
      case 'closest-corner': { const r = Math.min(...corners.map(dist)); return [r, r]; }
      default: { const r = Math.max(...corners.map(dist)); return [r, r]; }
    }
  }
  if (size === 'closest-side') return [Math.min(...sx), Math.min(...sy)];
  if (size === 'farthest-side') return [Math.max(...sx), Math.max(...sy)];
  // Corners: through the closest/farthest corner, with the aspect ratio of closest-/farthest-side.
  const pick = size === 'closest-corner' ? corners.reduce((a, b) => (dist(b) < dist(a) ? b : a)) : corners.reduce((a, b) => (dist(b) > dist(a) ? b : a));
  const rxs = size === 'closest-corner' ? Math.min(...sx) : Math.max(...sx), rys = size === 'closest-corner' ? Math.min(...sy) : Math.max(...sy);
  if (!(rxs > 0) || !(rys > 0)) return [pick[0], pick[1]];
  const k = rys / rxs;
  const rx = Math.hypot(pick[0], pick[1] / k);
  return [rx, rx * k];
}
