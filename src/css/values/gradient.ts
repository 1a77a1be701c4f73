/**
 * Gradient images (css-images-3 §3, css-images-4 §3: conic, single stops). In: a `fn` component
 * value (linear-/radial-/conic-gradient and their repeating- forms). Out: a specified gradient
 * (lengths still MathExpr) and its computed `Gradient` (lengths px + pct, colours resolved).
 */
import type { BgPosition, Color, Gradient, GradientStop, LengthPct } from '../computed.ts';
import { CURRENT_COLOR, angleDeg, isCurrentRelative, mathNumber, parseColor, resolveCurrent } from './color.ts';
import { computeLength, hasPct, parseLength, type LengthEnv, type MathExpr } from './length.ts';
import { splitCommas, type CV } from './tokens.ts';

/** One axis of a specified <position>: as background.ts parses it (offset from the start or end edge). */
export interface SpecPosAxis { end: boolean; len: MathExpr | null; center?: boolean }
export interface SpecPosition { x: SpecPosAxis; y: SpecPosAxis }
/** The <position> parser and computer of background-position, passed in (no import cycle). */
export interface PositionCodec {
  parse(v: readonly CV[]): SpecPosition | null;
  compute(p: SpecPosition, env: LengthEnv): BgPosition;
}

/** A specified stop: a colour with 0–2 positions, or a transition hint (colour null, one position). */
interface SpecStop { color: Color | null; pos: MathExpr | null }
type Extent = 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner';
/** A specified gradient: the computed shape with MathExpr lengths and a specified position. */
export type SpecGradient =
  | { kind: 'linear'; repeating: boolean; stops: SpecStop[]; angle: number | { x: -1 | 0 | 1; y: -1 | 0 | 1 } }
  | { kind: 'radial'; repeating: boolean; stops: SpecStop[]; shape: 'circle' | 'ellipse'; size: Extent | { rx: MathExpr; ry: MathExpr }; position: SpecPosition | null }
  | { kind: 'conic'; repeating: boolean; stops: SpecStop[]; from: number; position: SpecPosition | null };

const EXTENTS = new Set(['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner']);
const GRADIENT_FNS = new Set(['linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient', 'repeating-conic-gradient']);

/** True for the names of the gradient functions this module parses. */
export function isGradientFunction(name: string): boolean {
  return GRADIENT_FNS.has(name);
}

/** An <angle> in degrees (deg, grad, rad, turn; a unitless 0 when `zero`), or NaN. */
export function parseAngle(n: CV | undefined, zero = true): number {
  if (n === undefined) return NaN;
  if (n.t === 'num') return zero && n.v === 0 ? 0 : NaN;
  if (n.t === 'fn' && MATH_FNS.has(n.name.toLowerCase())) return mathAngle(n);
  return angleDeg(n);
}

const MATH_FNS = new Set(['calc', 'min', 'max', 'clamp']);

/** calc()/min()/max()/clamp() of angles, in degrees (at least one angle, no other dimension); NaN otherwise. */
function mathAngle(n: CV & { t: 'fn' }): number {
  const r = mathNumber(n, null);
  return r && r.angles > 0 ? r.v : NaN;
}

/**
 * A color stop list (css-images-4 §3.4.1): `<stop> [, <hint>? , <stop>]#?`, a stop being a
 * colour and up to two positions in either order. `angular`: positions are <angle-percentage>
 * (stored as percentages of a turn). Null when malformed (two hints in a row, a hint first or last).
 */
function parseStops(parts: readonly CV[][], angular: boolean): SpecStop[] | null {
  const out: SpecStop[] = [];
  const position = (n: CV): MathExpr | null => {
    if (!angular) return parseLength(n, { pct: true });
    if (n.t === 'pct') return parseLength(n, { pct: true });
    const deg = parseAngle(n);
    if (Number.isNaN(deg)) return null;
    return parseLength({ t: 'pct', v: deg / 3.6 }, { pct: true });
  };
  let lastWasHint = true; // a hint may not come first
  for (const part of parts) {
    if (part.length === 0 || part.length > 3) return null;
    let color: Color | null = null;
    const pos: MathExpr[] = [];
    for (const n of part) {
      const c: Color | null = color === null && pos.length !== 1 ? parseColor(n) : null; // a colour may not sit between two positions
      if (c !== null) { color = c; continue; }
      const p = position(n);
      if (p === null) return null;
      pos.push(p);
    }
    if (color === null) {
      if (pos.length !== 1 || lastWasHint) return null;
      out.push({ color: null, pos: pos[0] });
      lastWasHint = true;
      continue;
    }
    if (pos.length > 2) return null;
    if (pos.length === 0) out.push({ color, pos: null });
    for (const p of pos) out.push({ color, pos: p });
    lastWasHint = false;
  }
  if (out.length === 0 || lastWasHint) return null;
  return out;
}

const HUE_METHODS = new Set(['shorter', 'longer', 'increasing', 'decreasing']);
/**
 * Removes `in <colorspace> [<hue-interpolation-method> hue]?` (css-images-4 §3.1, css-color-4 §12)
 * from a configuration part; true when one was there (gradients here interpolate in sRGB).
 */
function skipInterpolation(v: CV[]): boolean {
  const i = v.findIndex((n) => n.t === 'ident' && n.lc === 'in');
  if (i < 0 || v[i + 1]?.t !== 'ident') return false;
  let j = i + 2;
  const a = v[j], b = v[j + 1];
  if (a?.t === 'ident' && HUE_METHODS.has(a.lc) && b?.t === 'ident' && b.lc === 'hue') j += 2;
  v.splice(i, j - i);
  return true;
}

/** True when a comma-separated part is a colour stop (a colour and 0–2 positions), not a configuration. */
function isColorStop(part: readonly CV[]): boolean {
  return part.length >= 1 && part.length <= 3 && part.some((n) => parseColor(n) !== null);
}

/**
 * Parses a gradient function (css-images-3 §3.1, §3.2, §3.4; css-images-4 §3.3 conic). Returns
 * the specified gradient, or null when malformed (the declaration is then invalid). `interp` is
 * set when an `in <colorspace>` clause was ignored. Never throws.
 */
export function parseGradient(n: CV, pos: PositionCodec): { g: SpecGradient; interp: boolean } | null {
  if (n.t !== 'fn' || !GRADIENT_FNS.has(n.name)) return null;
  const repeating = n.name.startsWith('repeating-');
  const kind = n.name.slice(repeating ? 10 : 0, -9) as 'linear' | 'radial' | 'conic';
  const parts = splitCommas(n.args);
  if (parts.some((p) => p.length === 0)) return null;
  const head = parts[0].slice();
  const interp = skipInterpolation(head);
  // The first part is a configuration when it is not a colour stop.
  const isConfig = interp || !isColorStop(head);
  const stopParts = isConfig ? parts.slice(1) : parts;
  const stops = parseStops(stopParts, kind === 'conic');
  if (stops === null) return null;
  const cfg = isConfig ? head : [];
  if (kind === 'linear') {
    if (cfg.length === 0) return { g: { kind, repeating, stops, angle: 180 }, interp };
    const a = parseAngle(cfg[0]);
    if (!Number.isNaN(a)) return cfg.length === 1 ? { g: { kind, repeating, stops, angle: a }, interp } : null;
    if (cfg[0].t !== 'ident' || cfg[0].lc !== 'to' || cfg.length < 2 || cfg.length > 3) return null;
    let x: -1 | 0 | 1 = 0, y: -1 | 0 | 1 = 0;
    for (const k of cfg.slice(1)) {
      if (k.t !== 'ident') return null;
      if ((k.lc === 'left' || k.lc === 'right') && x === 0) x = k.lc === 'left' ? -1 : 1;
      else if ((k.lc === 'top' || k.lc === 'bottom') && y === 0) y = k.lc === 'top' ? -1 : 1;
      else return null;
    }
    if (x === 0 || y === 0) return { g: { kind, repeating, stops, angle: x === 0 ? (y < 0 ? 0 : 180) : (x > 0 ? 90 : 270) }, interp };
    return { g: { kind, repeating, stops, angle: { x, y } }, interp };
  }
  // radial and conic: `... at <position>` ends the configuration
  const at = cfg.findIndex((k) => k.t === 'ident' && k.lc === 'at');
  let position: SpecPosition | null = null;
  if (at >= 0) {
    position = pos.parse(cfg.slice(at + 1));
    if (position === null) return null;
  }
  const pre = at >= 0 ? cfg.slice(0, at) : cfg;
  if (kind === 'conic') {
    let from = 0;
    if (pre.length > 0) {
      if (pre.length !== 2 || pre[0].t !== 'ident' || pre[0].lc !== 'from') return null;
      from = parseAngle(pre[1]);
      if (Number.isNaN(from)) return null;
    }
    return { g: { kind, repeating, stops, from, position }, interp };
  }
  let shape: 'circle' | 'ellipse' | null = null;
  let extent: Extent | null = null;
  const lens: MathExpr[] = [];
  for (const k of pre) {
    if (k.t === 'ident' && (k.lc === 'circle' || k.lc === 'ellipse')) { if (shape !== null) return null; shape = k.lc; continue; }
    if (k.t === 'ident' && EXTENTS.has(k.lc)) { if (extent !== null || lens.length) return null; extent = k.lc as Extent; continue; }
    const l = parseLength(k, { pct: true, nonNegative: true });
    if (l === null || extent !== null) return null;
    lens.push(l);
  }
  if (lens.length > 2) return null;
  if (shape === null) shape = lens.length === 1 ? 'circle' : 'ellipse';
  if (shape === 'circle' && (lens.length === 2 || (lens.length === 1 && hasPct(lens[0])))) return null; // a circle takes one <length>
  if (shape === 'ellipse' && lens.length === 1) return null;
  const size = lens.length ? { rx: lens[0], ry: lens[lens.length - 1] } : extent ?? 'farthest-corner';
  return { g: { kind, repeating, stops, shape, size, position }, interp };
}

const CENTER_POS: BgPosition = Object.freeze({ x: Object.freeze({ px: 0, pct: 50 }), y: Object.freeze({ px: 0, pct: 50 }) });

/**
 * Computes a specified gradient: lengths to px + pct (relative units resolved with `env`),
 * `currentcolor` stops to `color` (kept for resolveCurrentColor when `color` is the CURRENT_COLOR marker).
 * The result is frozen and may be shared.
 */
export function computeGradient(g: SpecGradient, env: LengthEnv, pos: PositionCodec, color: Color): Gradient {
  const stops: GradientStop[] = g.stops.map((s) => ({
    color: s.color === null || color === CURRENT_COLOR ? s.color : resolveCurrent(s.color, color),
    pos: s.pos === null ? null : computeLength(s.pos, env),
  }));
  const position = (p: SpecPosition | null): BgPosition => (p === null ? CENTER_POS : pos.compute(p, env));
  let out: Gradient;
  if (g.kind === 'linear') out = { kind: 'linear', repeating: g.repeating, stops, angle: g.angle };
  else if (g.kind === 'conic') out = { kind: 'conic', repeating: g.repeating, stops, from: g.from, position: position(g.position) };
  else {
    const size = typeof g.size === 'string' ? g.size : { rx: computeLength(g.size.rx, env, true), ry: computeLength(g.size.ry, env, true) };
    out = { kind: 'radial', repeating: g.repeating, stops, shape: g.shape, size, position: position(g.position) };
  }
  return Object.freeze(out);
}

/**
 * Replaces `currentcolor` stops (computed with the CURRENT_COLOR marker, or a color-mix() of it) by
 * the element's `color` (resolveCurrent); returns the image itself when it has none.
 */
export function resolveCurrentColor<I extends { kind: 'gradient'; gradient: Gradient }>(img: I, color: Color): I {
  const g = img.gradient;
  if (!g.stops.some((s) => s.color !== null && isCurrentRelative(s.color))) return img;
  const stops = g.stops.map((s) => (s.color !== null && isCurrentRelative(s.color) ? { color: resolveCurrent(s.color, color), pos: s.pos } : s));
  return { ...img, gradient: Object.freeze({ ...g, stops }) };
}

/** Resolves a percentage-or-length stop position against a basis (px). */
export function stopPx(p: LengthPct, basis: number): number {
  return p.px + (p.pct * basis) / 100;
}
