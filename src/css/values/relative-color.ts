// In: a colour function whose first argument is `from` (rgb(from <color> r g b / alpha), oklch(from var(--x) l c h / 50%)…),
// with the parser of its origin colour. Out: the colour (sRGB Color), or null when unsupported or invalid.
import type { Color } from '../computed.ts';
import { lin, linSrgbToLab, linSrgbToOklab } from './color-spaces.ts';
import type { CV } from './tokens.ts';

type Vec3 = [number, number, number];

/** An sRGB colour's hue (degrees, 0 when achromatic: powerless, css-color-4 §4.4), HSL saturation and lightness (0-100). */
function toHsl(r: number, g: number, b: number): Vec3 {
  const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2, d = max - min;
  if (d === 0) return [0, 0, l * 100];
  const s = l === 0 || l === 1 ? 0 : (max - l) / Math.min(l, 1 - l);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** Rectangular (a, b) -> polar (chroma, hue in degrees; hue 0 when the chroma is ~0, powerless). */
function toPolar(L: number, a: number, b: number, epsilon: number): Vec3 {
  const c = Math.hypot(a, b);
  const h = c < epsilon ? 0 : (((Math.atan2(b, a) * 180) / Math.PI) + 360) % 360;
  return [L, c, h];
}

/**
 * The channel keywords of a colour function for an origin colour (css-color-5 §4.1-§4.6): its channels in that function's
 * space and units (rgb 0-255, hsl/hwb degrees and 0-100, lab/lch L 0-100, oklab/oklch L 0-1), and `alpha`; null for a
 * function or color() space we do not take apart.
 */
function channelKeywords(name: string, space: string | null, c: Color): Map<string, number> | null {
  const srgb: Vec3 = [c.r / 255, c.g / 255, c.b / 255];
  const linear: Vec3 = [lin(srgb[0]), lin(srgb[1]), lin(srgb[2])];
  const m = (keys: string, v: readonly number[]): Map<string, number> => new Map([...keys.split(' ').map((k, i): [string, number] => [k, v[i]!]), ['alpha', c.a]]);
  switch (name) {
    case 'rgb': case 'rgba': return m('r g b', [c.r, c.g, c.b]);
    case 'hsl': case 'hsla': return m('h s l', toHsl(...srgb));
    case 'hwb': { const [h] = toHsl(...srgb); return m('h w b', [h, Math.min(...srgb) * 100, (1 - Math.max(...srgb)) * 100]); }
    case 'lab': return m('l a b', linSrgbToLab(linear));
    case 'lch': return m('l c h', toPolar(...linSrgbToLab(linear), 0.0015));
    case 'oklab': return m('l a b', linSrgbToOklab(linear));
    case 'oklch': return m('l c h', toPolar(...linSrgbToOklab(linear), 0.000004));
    case 'color':
      if (space === 'srgb') return m('r g b', srgb);
      if (space === 'srgb-linear') return m('r g b', linear);
      return null;
    default: return null;
  }
}

/** `v` with each channel keyword (an ident among `keys`) replaced by its number, inside calc() and other functions too. */
function substitute(v: CV, keys: ReadonlyMap<string, number>): CV {
  if (v.t === 'ident' && keys.has(v.lc)) return { t: 'num', v: keys.get(v.lc)!, int: false };
  if (v.t === 'fn') return { t: 'fn', name: v.name, args: v.args.map((a) => substitute(a, keys)) };
  if (v.t === 'block') return { t: 'block', open: v.open, items: v.items.map((a) => substitute(a, keys)) };
  return v;
}

/**
 * A relative colour (css-color-5 §4): the origin colour after `from` is taken apart into the function's channel keywords,
 * which the channels that follow (numbers, percentages, calc() of keywords, `none`, `/ alpha`) use; the result is parsed
 * as that function with those numbers (`parse`, parseColor). An origin made from currentcolor (`isCurrent`), a color()
 * space other than srgb and srgb-linear, and the legacy comma syntax are not supported: null, as any invalid colour.
 */
export function relativeColor(name: string, args: readonly CV[], parse: (n: CV) => Color | null, isCurrent: (c: Color) => boolean): Color | null {
  const originCv = args[1];
  const origin = originCv === undefined ? null : parse(originCv);
  if (origin === null || isCurrent(origin) || args.some((a) => a.t === 'comma')) return null;
  let rest = args.slice(2);
  const space = name === 'color' && rest[0]?.t === 'ident' ? rest[0].lc : null;
  const keys = channelKeywords(name, space, origin);
  if (keys === null) return null;
  if (space !== null) rest = rest.slice(1);
  const channels = rest.map((a) => substitute(a, keys));
  return parse({ t: 'fn', name, args: space !== null ? [{ t: 'ident', v: space, lc: space }, ...channels] : channels });
}
