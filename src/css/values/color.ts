/**
 * Colours (css-color-4). In: one component value. Out: a frozen sRGB `Color`, the
 * `CURRENT_COLOR` marker or a colour made from it (resolved later with the element's `color`
 * by resolveCurrent), or null when invalid.
 *
 * Named colours (§6.1), transparent (§6.2), currentcolor (§6.4), system colours (§6.3,
 * light scheme), hex (§5.2), rgb()/rgba() (§5.1), hsl()/hsla() (§7), hwb() (§8), in both the
 * legacy comma syntax and the modern space syntax with `/ alpha`; lab()/lch()/oklab()/oklch()
 * (§9), color() (§10) and css-color-5 color-mix(), converted to sRGB (color-spaces.ts).
 */
import type { Color } from '../computed.ts';
import { NAMED_COLORS } from './named-colors.ts';
import { lin, labToLinSrgb, linSrgbToLab, linSrgbToOklab, linToRgb255, oklabToLinSrgb, p3ToLinSrgb, polarToRect } from './color-spaces.ts';
import type { CV } from './tokens.ts';
import { parseNumber } from './length.ts';
import { relativeColor } from './relative-color.ts';

/** Marker for `currentcolor`: compared by identity, replaced by the element's color at compute time. */
export const CURRENT_COLOR: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 1 }) as Color;

/**
 * A colour made from currentcolor: a color-mix() with a currentcolor side, at any depth (css-color-5 §2: the
 * keyword inside a colour function is resolved with the element's `color`, as the bare keyword is, so Chromium's
 * computed value follows the element). Its r/g/b/a are the colour for black as currentcolor, a stand-in that no
 * computed style keeps: `resolveCurrent` gives the colour for the element's `color`.
 */
interface CurrentRelativeColor extends Color { readonly resolve: (current: Color) => Color }

/** Whether `c` is currentcolor or made from it (a colour that resolveCurrent changes). */
export function isCurrentRelative(c: Color): boolean {
  return c === CURRENT_COLOR || 'resolve' in c;
}

/** `c` with currentcolor taken as `current` (CSS colour, sRGB): CURRENT_COLOR gives `current`, a color-mix() of it its mix. */
export function resolveCurrent(c: Color, current: Color): Color {
  if (c === CURRENT_COLOR) return current;
  return 'resolve' in c ? (c as CurrentRelativeColor).resolve(current) : c;
}

const rgba = (r: number, g: number, b: number, a: number): Color => Object.freeze({ r, g, b, a }) as Color;
const hex = (v: number, a = 1): Color => rgba((v >> 16) & 255, (v >> 8) & 255, v & 255, a);

const SYSTEM: Record<string, number> = {
  canvas: 0xffffff, canvastext: 0x000000, linktext: 0x0000ee, visitedtext: 0x551a8b, activetext: 0xff0000,
  buttonface: 0xefefef, buttontext: 0x000000, buttonborder: 0x767676, field: 0xffffff, fieldtext: 0x000000,
  highlight: 0xb5d5ff, highlighttext: 0x000000, selecteditem: 0x0075ff, selecteditemtext: 0xffffff,
  mark: 0xffff00, marktext: 0x000000, graytext: 0x808080, accentcolor: 0x0075ff, accentcolortext: 0xffffff,
};

const KEYWORDS = new Map<string, Color>();
for (const [k, v] of NAMED_COLORS) KEYWORDS.set(k, hex(v));
for (const [k, v] of Object.entries(SYSTEM)) KEYWORDS.set(k, hex(v));
KEYWORDS.set('transparent', rgba(0, 0, 0, 0));

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

function parseHex(h: string): Color | null {
  if (!/^[0-9a-fA-F]+$/.test(h)) return null;
  const d = (i: number): number => parseInt(h[i] + h[i], 16);
  switch (h.length) {
    case 3: return rgba(d(0), d(1), d(2), 1);
    case 4: return rgba(d(0), d(1), d(2), d(3) / 255);
    case 6: return hex(parseInt(h, 16));
    case 8: return hex(parseInt(h.slice(0, 6), 16), parseInt(h.slice(6), 16) / 255);
    default: return null;
  }
}

/** Channel value: number, percentage or `none`; NaN when invalid. */
function chan(n: CV | undefined, pctScale: number): number {
  if (n === undefined) return NaN;
  if (n.t === 'num') return n.v;
  if (n.t === 'pct') return (n.v * pctScale) / 100;
  if (n.t === 'ident' && n.lc === 'none') return 0;
  if (n.t === 'fn' && MATH.has(n.name.toLowerCase())) return mathChannel(n, pctScale);
  return NaN;
}

const MATH = new Set(['calc', 'min', 'max', 'clamp']);

/**
 * A calc()/min()/max()/clamp() of numbers, percentages and angles evaluated as a number
 * (css-values-4 §10): percentages become their share of `pctScale` (null: a percentage is
 * invalid) and angles degrees; `angles` counts the angles met. Null when it holds anything else.
 * Serves colour channels (Bulma's hsl(153deg, 53%, calc(53% + 0%))) and <angle>s (Tailwind 4's
 * calc(6deg * -1)).
 */
export function mathNumber(n: CV & { t: 'fn' }, pctScale: number | null): { v: number; angles: number } | null {
  let bad = false, angles = 0;
  const conv = (c: CV): CV => {
    if (c.t === 'pct') {
      if (pctScale === null) bad = true;
      return { t: 'num', v: (c.v * (pctScale ?? 0)) / 100, int: false };
    }
    if (c.t === 'dim') {
      const d = angleDeg(c);
      if (Number.isNaN(d)) bad = true; else angles++;
      return { t: 'num', v: d, int: false };
    }
    if (c.t === 'fn') return { ...c, args: c.args.map(conv) };
    if (c.t === 'block') return { ...c, items: c.items.map(conv) };
    return c;
  };
  const v = parseNumber(conv(n));
  return bad || Number.isNaN(v) ? null : { v, angles };
}

/** A channel's calc(): percentages of `pctScale`, angles in degrees. */
function mathChannel(n: CV & { t: 'fn' }, pctScale: number): number {
  return mathNumber(n, pctScale)?.v ?? NaN;
}

/** Hue in degrees: number or angle (deg, grad, rad, turn). */
function hue(n: CV | undefined): number {
  if (n === undefined) return NaN;
  if (n.t === 'num') return n.v;
  if (n.t === 'ident' && n.lc === 'none') return 0;
  if (n.t === 'fn' && MATH.has(n.name.toLowerCase())) return mathChannel(n, 100);
  return angleDeg(n);
}

/** An <angle> dimension (deg, grad, rad, turn) in degrees; NaN for anything else (css-values-4 §7.1). */
export function angleDeg(n: CV): number {
  if (n.t !== 'dim') return NaN;
  switch (n.unit) {
    case 'deg': return n.v;
    case 'grad': return (n.v * 360) / 400;
    case 'rad': return (n.v * 180) / Math.PI;
    case 'turn': return n.v * 360;
    default: return NaN;
  }
}

/** Splits function arguments into channels and alpha, for both syntaxes; null when malformed. */
function channels(args: readonly CV[]): { c: CV[]; alpha: CV | undefined; legacy: boolean } | null {
  const hasComma = args.some((a) => a.t === 'comma');
  if (hasComma) {
    const c: CV[] = [];
    for (let i = 0; i < args.length; i++) {
      if (i % 2 === 1) { if (args[i].t !== 'comma') return null; continue; }
      c.push(args[i]);
    }
    if (args.length % 2 === 0) return null; // trailing comma
    if (c.length === 3) return { c, alpha: undefined, legacy: true };
    if (c.length === 4) return { c: c.slice(0, 3), alpha: c[3], legacy: true };
    return null;
  }
  const slash = args.findIndex((a) => a.t === 'slash');
  if (slash < 0) return args.length === 3 ? { c: args.slice(), alpha: undefined, legacy: false } : null;
  if (slash !== 3 || args.length !== 5) return null;
  return { c: args.slice(0, 3), alpha: args[4], legacy: false };
}

function alphaOf(n: CV | undefined): number {
  if (n === undefined) return 1;
  const a = chan(n, 1);
  return Number.isNaN(a) ? NaN : clamp(a, 0, 1);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  h = ((h % 360) + 360) % 360;
  s = clamp(s, 0, 100) / 100;
  l = clamp(l, 0, 100) / 100;
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

function colorFunction(name: string, args: readonly CV[]): Color | null {
  const p = channels(args);
  if (p === null) return null;
  const a = alphaOf(p.alpha);
  if (Number.isNaN(a)) return null;
  if (name === 'rgb' || name === 'rgba') {
    if (p.legacy) { // legacy syntax: all numbers or all percentages, no `none`
      const kinds = new Set(p.c.filter((n) => n.t !== 'fn').map((n) => n.t)); // calc() fits either
      if (kinds.size > 1 || kinds.has('ident')) return null;
    }
    const [r, g, b] = p.c.map((n) => chan(n, 255));
    if ([r, g, b].some(Number.isNaN)) return null;
    return rgba(clamp(r, 0, 255), clamp(g, 0, 255), clamp(b, 0, 255), a);
  }
  if (name === 'hsl' || name === 'hsla' || name === 'hwb') {
    if (name === 'hwb' && p.legacy) return null;
    const h = hue(p.c[0]);
    if (p.legacy && [p.c[1], p.c[2]].some((n) => n.t !== 'pct' && n.t !== 'fn')) return null;
    const x = chan(p.c[1], 100), y = chan(p.c[2], 100);
    if ([h, x, y].some(Number.isNaN)) return null;
    if (name !== 'hwb') { const [r, g, b] = hslToRgb(h, x, y); return rgba(r, g, b, a); }
    let w = clamp(x, 0, 100) / 100, bl = clamp(y, 0, 100) / 100;
    if (w + bl >= 1) { const gray = (w / (w + bl)) * 255; return rgba(gray, gray, gray, a); }
    const [r, g, b] = hslToRgb(h, 100, 50);
    const f = (c: number): number => c * (1 - w - bl) + w * 255;
    return rgba(f(r), f(g), f(b), a);
  }
  return null;
}

/**
 * Parses a <color> component value (css-color-4). Returns a frozen Color (share freely, never
 * mutate), `CURRENT_COLOR` for `currentcolor`, a colour made from it for a color-mix() of it
 * (resolve both with resolveCurrent), or null when the value is not a supported colour
 * (a relative colour, `oklch(from …)`, is taken apart by relative-color.ts). Never throws.
 */
export function parseColor(n: CV | undefined): Color | null {
  if (n === undefined) return null;
  if (n.t === 'ident') {
    if (n.lc === 'currentcolor') return CURRENT_COLOR;
    return KEYWORDS.get(n.lc) ?? null;
  }
  if (n.t === 'hash') return parseHex(n.v);
  if (n.t === 'fn') {
    if (n.args[0]?.t === 'ident' && n.args[0].lc === 'from') return relativeColor(n.name, n.args, parseColor, isCurrentRelative);
    switch (n.name) {
      case 'lab': case 'lch': case 'oklab': case 'oklch': return labFunction(n.name, n.args);
      case 'color': return colorSpaceFunction(n.args);
      case 'color-mix': return colorMix(n.args);
      case 'light-dark': return lightDark(n.args);
      default: return colorFunction(n.name, n.args);
    }
  }
  return null;
}

const fromLinear = (c: [number, number, number], a: number): Color => {
  const [r, g, b] = linToRgb255(c);
  return rgba(r, g, b, a);
};

/** lab(), lch() (CIE, D50) and oklab(), oklch() (css-color-4 §9): modern syntax only. */
function labFunction(name: string, args: readonly CV[]): Color | null {
  const p = channels(args);
  if (p === null || p.legacy) return null;
  const a = alphaOf(p.alpha);
  if (Number.isNaN(a)) return null;
  const ok = name.startsWith('ok');
  const L = clamp(chan(p.c[0], ok ? 1 : 100), 0, ok ? 1 : 100);
  let x: number, y: number;
  if (name.endsWith('ch')) {
    const C = Math.max(0, chan(p.c[1], ok ? 0.4 : 150)), H = hue(p.c[2]);
    if (Number.isNaN(C) || Number.isNaN(H)) return null;
    [x, y] = polarToRect(C, H);
  } else {
    x = chan(p.c[1], ok ? 0.4 : 125);
    y = chan(p.c[2], ok ? 0.4 : 125);
  }
  if ([L, x, y].some(Number.isNaN)) return null;
  return fromLinear(ok ? oklabToLinSrgb(L, x, y) : labToLinSrgb(L, x, y), a);
}

/** color(<space> c1 c2 c3 [/ alpha]) for srgb, srgb-linear, display-p3, xyz(-d65) and xyz-d50 (css-color-4 §10). */
function colorSpaceFunction(args: readonly CV[]): Color | null {
  const space = args[0];
  if (space === undefined || space.t !== 'ident') return null;
  const p = channels(args.slice(1));
  if (p === null || p.legacy) return null;
  const a = alphaOf(p.alpha);
  const [c0, c1, c2] = p.c.map((n) => chan(n, 1));
  if ([a, c0, c1, c2].some(Number.isNaN)) return null;
  switch (space.lc) {
    case 'srgb': return rgba(clamp(c0, 0, 1) * 255, clamp(c1, 0, 1) * 255, clamp(c2, 0, 1) * 255, a);
    case 'srgb-linear': return fromLinear([c0, c1, c2], a);
    case 'display-p3': return fromLinear(p3ToLinSrgb(c0, c1, c2), a);
    case 'xyz': case 'xyz-d65': case 'xyz-d50': {
      // via Lab for D50; xyz-d65 through the sRGB matrix (Lab's path converts D50 -> D65)
      if (space.lc === 'xyz-d50') {
        const k = 24389 / 27, e = 216 / 24389, w = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];
        const f = [c0 / w[0], c1 / w[1], c2 / w[2]].map((r) => (r > e ? Math.cbrt(r) : (k * r + 16) / 116));
        return fromLinear(labToLinSrgb(116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])), a);
      }
      return fromLinear([
        3.2409699419045226 * c0 - 1.537383177570094 * c1 - 0.4986107602930034 * c2,
        -0.9692436362808796 * c0 + 1.8759675015077202 * c1 + 0.04155505740717559 * c2,
        0.05563007969699366 * c0 - 0.20397695888897652 * c1 + 1.0569715142428786 * c2,
      ], a);
    }
    default: return null;
  }
}

type Space = 'srgb' | 'srgb-linear' | 'lab' | 'oklab';
/** Interpolation spaces of color-mix(): polar and xyz spaces map to their rectangular/linear twin (approximation for hue). */
const MIX_SPACES: Record<string, Space> = {
  srgb: 'srgb', 'srgb-linear': 'srgb-linear', 'xyz': 'srgb-linear', 'xyz-d65': 'srgb-linear', 'xyz-d50': 'srgb-linear',
  lab: 'lab', lch: 'lab', oklab: 'oklab', oklch: 'oklab', hsl: 'srgb', hwb: 'srgb', 'display-p3': 'srgb',
};
function toSpace(c: Color, sp: Space): [number, number, number] {
  const g: [number, number, number] = [c.r / 255, c.g / 255, c.b / 255];
  if (sp === 'srgb') return g;
  const l: [number, number, number] = [lin(g[0]), lin(g[1]), lin(g[2])];
  return sp === 'srgb-linear' ? l : sp === 'lab' ? linSrgbToLab(l) : linSrgbToOklab(l);
}
function fromSpace(v: [number, number, number], sp: Space, a: number): Color {
  if (sp === 'srgb') return rgba(clamp(v[0], 0, 1) * 255, clamp(v[1], 0, 1) * 255, clamp(v[2], 0, 1) * 255, a);
  const l = sp === 'srgb-linear' ? v : sp === 'lab' ? labToLinSrgb(v[0], v[1], v[2]) : oklabToLinSrgb(v[0], v[1], v[2]);
  return fromLinear(l, a);
}

/**
 * color-mix(in <space>, <color> <percentage>?, <color> <percentage>?) (css-color-5 §2), with
 * premultiplied alpha. A currentcolor side (or a colour made from it) gives a colour made from
 * currentcolor, mixed when resolveCurrent knows the element's `color`.
 */
function colorMix(args: readonly CV[]): Color | null {
  const parts: CV[][] = [[]];
  for (const n of args) { if (n.t === 'comma') parts.push([]); else parts[parts.length - 1].push(n); }
  if (parts.length !== 3) return null;
  const head = parts[0];
  if (head.length < 2 || head[0].t !== 'ident' || head[0].lc !== 'in' || head[1].t !== 'ident') return null;
  const sp = MIX_SPACES[head[1].lc];
  if (sp === undefined) return null;
  const side = (l: CV[]): { c: Color; p: number } | null => {
    if (l.length < 1 || l.length > 2) return null;
    let c: Color | null = null, p = NaN;
    for (const n of l) {
      if (n.t === 'pct' && Number.isNaN(p)) { p = n.v; continue; }
      if (n.t === 'fn' && MATH.has(n.name.toLowerCase()) && hasPercentage(n) && Number.isNaN(p)) {
        p = mathNumber(n, 100)?.v ?? NaN; // Tabler's calc(var(--tblr-text-opacity) * 100%)
        if (Number.isNaN(p)) return null;
        continue;
      }
      if (c !== null) return null;
      c = parseColor(n);
      if (c === null) return null;
    }
    return c && { c, p };
  };
  const A = side(parts[1]), B = side(parts[2]);
  if (A === null || B === null) return null;
  let p1 = A.p, p2 = B.p;
  if (Number.isNaN(p1) && Number.isNaN(p2)) { p1 = 50; p2 = 50; }
  else if (Number.isNaN(p1)) p1 = 100 - p2;
  else if (Number.isNaN(p2)) p2 = 100 - p1;
  if (p1 < 0 || p2 < 0 || p1 > 100 || p2 > 100 || p1 + p2 === 0) return null;
  const a = A.c, b = B.c;
  if (!isCurrentRelative(a) && !isCurrentRelative(b)) return mix(sp, a, p1, b, p2);
  const resolve = (current: Color): Color => mix(sp, resolveCurrent(a, current), p1, resolveCurrent(b, current), p2);
  return Object.freeze({ ...resolve(rgba(0, 0, 0, 1)), resolve }) as Color;
}

/** The mix of two colours in space `sp` with percentages p1, p2 (not both 0; css-color-5 §2.1: premultiplied alpha, sum < 100 scales alpha). */
function mix(sp: Space, c1: Color, p1: number, c2: Color, p2: number): Color {
  const sum = p1 + p2, mult = Math.min(1, sum / 100);
  const w1 = p1 / sum, w2 = p2 / sum;
  const x = toSpace(c1, sp), y = toSpace(c2, sp);
  const alpha = c1.a * w1 + c2.a * w2;
  if (alpha === 0) return rgba(0, 0, 0, 0);
  const v = x.map((xi, i) => (xi * c1.a * w1 + y[i] * c2.a * w2) / alpha) as [number, number, number];
  return fromSpace(v, sp, alpha * mult);
}

/** Whether a math function holds a percentage (a color-mix() percentage written as calc(), css-values-4 §10.1). */
function hasPercentage(n: CV): boolean {
  if (n.t === 'pct') return true;
  if (n.t === 'fn') return n.args.some(hasPercentage);
  if (n.t === 'block') return n.items.some(hasPercentage);
  return false;
}

/**
 * light-dark(<color>, <color>) (css-color-5 §7.2): the first colour when the used color scheme is light, as it always is
 * here: print media matches prefers-color-scheme: light and the color-scheme property is not supported (ignored with
 * the other properties of properties/index.ts), so an author's color-scheme: dark does not switch it. Both arguments
 * must be colours; null otherwise.
 */
function lightDark(args: readonly CV[]): Color | null {
  const parts: CV[][] = [[]];
  for (const n of args) { if (n.t === 'comma') parts.push([]); else parts[parts.length - 1].push(n); }
  if (parts.length !== 2 || parts[0].length !== 1 || parts[1].length !== 1) return null;
  const light = parseColor(parts[0][0]);
  return light !== null && parseColor(parts[1][0]) !== null ? light : null;
}

/** A <color> row (quirks: hashless hex accepted, quirks spec §3.3). CURRENT_COLOR is resolved at the end. */
export function parseColorValue(v: readonly CV[], quirks: boolean, raw: string): Color | null {
  if (v.length !== 1) return null;
  return parseColor(v[0]) ?? (quirks ? parseQuirkyColor(v[0], raw) : null);
}

/**
 * Quirks mode hashless hex colours (quirks spec §3.3): `ff0000` or a number/dimension token
 * like `000` or `00ff00` written without '#'. Returns null when not such a colour.
 */
export function parseQuirkyColor(n: CV | undefined, raw: string): Color | null {
  if (n === undefined || n.t === 'hash' || n.t === 'fn') return null;
  const t = raw.trim();
  if (!/^[0-9a-fA-F]{3}$|^[0-9a-fA-F]{6}$/.test(t)) return null;
  return parseHex(t);
}
