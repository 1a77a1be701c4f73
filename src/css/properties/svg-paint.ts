/**
 * SVG paint properties set by page CSS on the elements of an inline `<svg>` (SVG 2 §13 fill, stroke, stroke-width,
 * fill-opacity, stroke-opacity; the CSS cascade applies to SVG elements in HTML documents). In: component values.
 * Out: `Longhand` rows writing ComputedStyle.svgPaint: the values this element's own declarations give (not inherited:
 * the SVG drawing inherits them down its tree itself), written into the serialized SVG by src/box/svg.ts.
 */
import type { Color, SvgPaint } from '../computed.ts';
import { resolveCurrent } from '../values/color.ts';
import { parseLength } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { parseColorValue } from '../values/color.ts';
import type { Longhand } from './types.ts';

type Key = keyof SvgPaint;

/** <paint> (SVG 2 §13.2): none | <color> | <url> [none | <color>]? | context-fill | context-stroke; a colour as a Color (CURRENT_COLOR for currentcolor). */
function parsePaint(v: readonly CV[], quirks: boolean, raw: string): string | Color | null {
  const first = v[0];
  if (first === undefined) return null;
  if (v.length === 1 && first.t === 'ident' && ['none', 'context-fill', 'context-stroke'].includes(first.lc)) return first.lc;
  if (first.t === 'url' || (first.t === 'fn' && first.name.toLowerCase() === 'url')) {
    if (v.length > 2) return null;
    if (v.length === 2 && !(v[1]!.t === 'ident' && v[1]!.lc === 'none') && parseColorValue([v[1]!], quirks, raw) === null) return null;
    return raw.trim();
  }
  return parseColorValue(v, quirks, raw);
}

/** <number> | <percentage>, clamped to 0–1 (fill-opacity, stroke-opacity). */
function parseAlpha(v: readonly CV[]): string | null {
  if (v.length !== 1) return null;
  const n = v[0]!;
  if (n.t === 'num') return String(Math.min(1, Math.max(0, n.v)));
  if (n.t === 'pct') return String(Math.min(1, Math.max(0, n.v / 100)));
  return null;
}

/** stroke-width: <length-percentage> | <number>, not negative; kept as written (the drawing resolves it in its own user units). */
function parseStrokeWidth(v: readonly CV[], _q: boolean, raw: string): string | null {
  if (v.length !== 1) return null;
  const n = v[0]!;
  if (n.t === 'num') return n.v >= 0 ? String(n.v) : null;
  return parseLength(n, { pct: true, nonNegative: true }) !== null ? raw.trim() : null;
}

function row(name: Key, parse: (v: readonly CV[], q: boolean, raw: string) => string | Color | null): Longhand<string | Color> {
  return {
    name, inherited: false, fields: ['svgPaint'],
    parse,
    apply: (env, v) => { env.s.svgPaint = { ...env.s.svgPaint, [name]: v }; },
    // inherit / initial / unset: this property's value of `from` (the parent's own declaration, or none), the others kept
    copy: (env, from) => {
      const own = from.svgPaint?.[name];
      const rest = { ...env.s.svgPaint };
      delete rest[name];
      env.s.svgPaint = own === undefined ? (Object.keys(rest).length ? rest : null) : { ...rest, [name]: own };
    },
  };
}

export const SVG_PAINT_ROWS: Longhand<any>[] = [
  row('fill', parsePaint), row('stroke', parsePaint), row('stroke-width', parseStrokeWidth),
  row('fill-opacity', parseAlpha), row('stroke-opacity', parseAlpha),
];

/** The CSS text of one svgPaint value, currentcolor as `color` (the element's own). */
export function svgPaintText(v: string | Color, color: Color): string {
  if (typeof v === 'string') return v;
  const c = resolveCurrent(v, color);
  return c.a >= 1 ? `rgb(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)})` : `rgba(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)},${+c.a.toFixed(4)})`;
}
