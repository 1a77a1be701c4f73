// In: component values of clip-path, filter, mix-blend-mode and background-blend-mode.
// Out: computed ClipPath, FilterFn lists and BlendMode keywords (css-masking-1 §3.1, css-shapes-1 §3, Filter Effects 1 §13, Compositing 1 §3.2, §5.3.1).
import type { BasicShape, BgPosition, BlendMode, Color, ComputedStyle, CornerRadius, FilterFn, LengthPct } from '../computed.ts';
import { splitCommas, splitSlashes, type CV } from '../values/tokens.ts';
import { computeLength, computePx, Lin, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import { parseAngle } from '../values/gradient.ts';
import { CURRENT_COLOR, resolveCurrent } from '../values/color.ts';
import { computePosition, parsePosition, type PosVal } from './background.ts';
import { parseRadius } from './box.ts';
import { parseBoxShadow } from './decor.ts';
import { Note, type Env, type Longhand } from './types.ts';

type Box = 'border-box' | 'padding-box' | 'content-box' | 'margin-box';
/** css-masking-1 §3.1 <geometry-box>: fill-box and stroke-box are the border box for CSS boxes, view-box too. */
const GEOMETRY_BOX: Record<string, Box> = {
  'border-box': 'border-box', 'padding-box': 'padding-box', 'content-box': 'content-box', 'margin-box': 'margin-box',
  'fill-box': 'border-box', 'stroke-box': 'border-box', 'view-box': 'border-box',
};

type Radius = MathExpr | 'closest-side' | 'farthest-side';
type SpecShape =
  | { f: 'circle'; r: Radius; at: PosVal | null }
  | { f: 'ellipse'; rx: Radius; ry: Radius; at: PosVal | null }
  | { f: 'inset'; sides: MathExpr[]; radii: Array<{ h: MathExpr; v: MathExpr }> | null }
  | { f: 'polygon'; evenodd: boolean; points: Array<[MathExpr, MathExpr]> }
  | { f: 'path'; evenodd: boolean; d: string };
type SpecClip = { shape: SpecShape | null; box: Box } | { url: string } | 'none';

const len = (n: CV | undefined): MathExpr | null => parseLength(n, { pct: true });

function radius(n: CV | undefined): Radius | null {
  if (n === undefined) return 'closest-side';
  if (n.t === 'ident') return n.lc === 'closest-side' || n.lc === 'farthest-side' ? n.lc : null;
  return parseLength(n, { pct: true, nonNegative: true });
}

/** Splits `... at <position>` of circle() / ellipse(). */
function splitAt(a: readonly CV[]): { head: CV[]; at: PosVal | null } | null {
  const i = a.findIndex((n) => n.t === 'ident' && n.lc === 'at');
  if (i < 0) return { head: [...a], at: null };
  const at = parsePosition(a.slice(i + 1), false);
  return at ? { head: a.slice(0, i), at } : null;
}

/** inset( <length-percentage>{1,4} [ round <'border-radius'> ]? ) (css-shapes-1 §3.1). */
function parseInset(a: readonly CV[]): SpecShape | null {
  const r = a.findIndex((n) => n.t === 'ident' && n.lc === 'round');
  const head = r < 0 ? a : a.slice(0, r);
  if (head.length < 1 || head.length > 4) return null;
  const l = head.map(len);
  if (l.some((x) => x === null)) return null;
  const [t, rt = t, b = t, lf = rt] = l as MathExpr[];
  let radii: Array<{ h: MathExpr; v: MathExpr }> | null = null;
  if (r >= 0) {
    const parts = splitSlashes(a.slice(r + 1));
    if (parts.length > 2 || parts.some((p) => p.length < 1 || p.length > 4)) return null;
    const four = (p: CV[]): CV[] => { const [t1, r1 = t1, b1 = t1, l1 = r1] = p; return [t1, r1, b1, l1]; };
    const h = four(parts[0]!), v = four(parts[1] ?? parts[0]!);
    radii = [];
    for (let i = 0; i < 4; i++) {
      const c = parseRadius(h[i], v[i]);
      if (c === null) return null;
      radii.push({ h: c.h, v: c.v });
    }
  }
  return { f: 'inset', sides: [t, rt, b, lf], radii };
}

/** A <basic-shape> function (css-shapes-1 §3.1); path() takes an SVG path string (css-shapes-1 §3.1.6). */
function parseShape(n: CV): SpecShape | null {
  if (n.t !== 'fn') return null;
  const a = n.args;
  switch (n.name) {
    case 'circle': {
      const s = splitAt(a);
      if (!s || s.head.length > 1) return null;
      const r = radius(s.head[0]);
      return r === null ? null : { f: 'circle', r, at: s.at };
    }
    case 'ellipse': {
      const s = splitAt(a);
      if (!s || (s.head.length !== 0 && s.head.length !== 2)) return null;
      const rx = radius(s.head[0]), ry = radius(s.head[1]);
      return rx === null || ry === null ? null : { f: 'ellipse', rx, ry, at: s.at };
    }
    case 'inset': return parseInset(a);
    case 'polygon': case 'path': {
      const parts = splitCommas(a);
      let evenodd = false;
      const first = parts[0];
      if (first && first.length === 1 && first[0]!.t === 'ident' && (first[0]!.lc === 'evenodd' || first[0]!.lc === 'nonzero')) {
        evenodd = first[0]!.lc === 'evenodd';
        parts.shift();
      }
      if (n.name === 'path') {
        const d = parts.length === 1 && parts[0]!.length === 1 && parts[0]![0]!.t === 'str' ? parts[0]![0]!.v : null;
        return d === null ? null : { f: 'path', evenodd, d };
      }
      const points: Array<[MathExpr, MathExpr]> = [];
      for (const p of parts) {
        const x = p.length === 2 ? len(p[0]) : null, y = p.length === 2 ? len(p[1]) : null;
        if (x === null || y === null) return null;
        points.push([x, y]);
      }
      return points.length ? { f: 'polygon', evenodd, points } : null;
    }
    default: return null;
  }
}

/** clip-path: <clip-source> | [ <basic-shape> || <geometry-box> ] | none (css-masking-1 §3.1). */
function parseClipPath(v: readonly CV[]): SpecClip | Note<SpecClip> | null {
  if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return 'none';
  if (v.length === 1 && v[0]!.t === 'url') {
    const u = v[0]!.v;
    return u.startsWith('#') ? { url: u } : new Note('none', `clip-path: url(${u}) (a <clipPath> of another document) is not drawn; the box is painted unclipped`);
  }
  if (v.length < 1 || v.length > 2) return null;
  let shape: SpecShape | null = null, box: Box | null = null;
  for (const n of v) {
    if (n.t === 'ident' && GEOMETRY_BOX[n.lc] && box === null) box = GEOMETRY_BOX[n.lc]!;
    else if (shape === null && (shape = parseShape(n)) !== null) continue;
    else return null;
  }
  return { shape, box: box ?? 'border-box' };
}

const CENTER: BgPosition = Object.freeze({ x: { px: 0, pct: 50 }, y: { px: 0, pct: 50 } });
function computeRadius(r: Radius, env: Env): LengthPct | 'closest-side' | 'farthest-side' {
  return typeof r === 'string' ? r : computeLength(r, env, true);
}

function computeShape(s: SpecShape, env: Env): BasicShape {
  const at = (p: PosVal | null): BgPosition => (p ? computePosition(p, env) as BgPosition : CENTER);
  switch (s.f) {
    case 'circle': return { f: 'circle', r: computeRadius(s.r, env), at: at(s.at) };
    case 'ellipse': return { f: 'ellipse', rx: computeRadius(s.rx, env), ry: computeRadius(s.ry, env), at: at(s.at) };
    case 'inset': {
      const [t, r, b, l] = s.sides.map((x) => computeLength(x, env)) as [LengthPct, LengthPct, LengthPct, LengthPct];
      const radii = s.radii ? s.radii.map((c): CornerRadius => ({ h: computeLength(c.h, env, true), v: computeLength(c.v, env, true) })) : null;
      return { f: 'inset', t, r, b, l, radii };
    }
    case 'polygon': return { f: 'polygon', evenodd: s.evenodd, points: s.points.map(([x, y]) => [computeLength(x, env), computeLength(y, env)] as const) };
    case 'path': return s;
  }
}

// ---------------------------------------------------------------- filter

type SpecFilter = { f: Exclude<FilterFn['f'], 'blur' | 'drop-shadow'>; v: number } | { f: 'blur'; px: MathExpr }
  | { f: 'drop-shadow'; x: MathExpr; y: MathExpr; blur: MathExpr | null; color: Color | null };

/** Filter Effects 1 §13.1: the default when the argument is omitted, and whether amounts over 100% are clamped. */
const AMOUNT: Record<string, { def: number; clamp: boolean }> = {
  grayscale: { def: 1, clamp: true }, sepia: { def: 1, clamp: true }, invert: { def: 1, clamp: true }, opacity: { def: 1, clamp: true },
  saturate: { def: 1, clamp: false }, brightness: { def: 1, clamp: false }, contrast: { def: 1, clamp: false },
};

function parseFilterFn(n: CV): SpecFilter | null {
  if (n.t !== 'fn') return null;
  const a = n.args;
  if (AMOUNT[n.name]) {
    const spec = AMOUNT[n.name]!;
    if (a.length > 1) return null;
    let v = a.length === 0 ? spec.def : a[0]!.t === 'pct' ? a[0]!.v / 100 : parseNumber(a[0]);
    if (Number.isNaN(v) || v < 0) return null;
    if (spec.clamp) v = Math.min(1, v);
    return { f: n.name as 'grayscale', v };
  }
  if (n.name === 'hue-rotate') {
    if (a.length > 1) return null;
    const d = a.length === 0 ? 0 : a[0]!.t === 'num' && a[0]!.v === 0 ? 0 : parseAngle(a[0]);
    return Number.isNaN(d) ? null : { f: 'hue-rotate', v: d };
  }
  if (n.name === 'blur') {
    if (a.length > 1) return null;
    const px = a.length === 0 ? parseLength({ t: 'num', v: 0, int: true }, {}) : parseLength(a[0], { nonNegative: true });
    return px ? { f: 'blur', px } : null;
  }
  if (n.name === 'drop-shadow') {
    // drop-shadow( [ <color>? && <length>{2,3} ] ): box-shadow's <shadow> without spread or inset
    const s = parseBoxShadow(a);
    return s && s.length === 1 && !s[0]!.inset && s[0]!.spread === null ? { f: 'drop-shadow', x: s[0]!.x, y: s[0]!.y, blur: s[0]!.blur, color: s[0]!.color } : null;
  }
  return null;
}

/**
 * filter: none | <filter-value-list> (Filter Effects 1 §5). An empty value counts as none: Tailwind's
 * `filter: var(--tw-blur) var(--tw-brightness) …` leaves it empty when every custom property is empty.
 * url() filter references are not drawn: the declaration is dropped with a warning; blur() and drop-shadow() are kept in
 * the computed value but not drawn (Chromium rasterises them), with a warning.
 */
function parseFilter(v: readonly CV[]): SpecFilter[] | Note<SpecFilter[]> | null {
  if (v.length === 0 || (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none')) return [];
  const out: SpecFilter[] = [];
  let undrawn: string | null = null;
  for (const n of v) {
    if (n.t === 'url') return new Note([], `filter: url(${n.v}) references an SVG filter, which is not drawn; the filter is ignored`);
    const f = parseFilterFn(n);
    if (f === null) return null;
    if ((f.f === 'blur' && !(f.px instanceof Lin && f.px.abs !== null && f.px.abs.px === 0)) || f.f === 'drop-shadow') undrawn ??= `${f.f}()`;
    out.push(f);
  }
  return undrawn ? new Note(out, `filter: ${undrawn} is not drawn (the colour functions and opacity() of the filter are)`) : out;
}

function computeFilter(f: SpecFilter, env: Env): FilterFn {
  if (f.f === 'blur') return { f: 'blur', px: Math.max(0, computePx(f.px, env)) };
  if (f.f === 'drop-shadow') {
    const color = resolveCurrent(f.color ?? CURRENT_COLOR, env.s.color);
    return { f: 'drop-shadow', x: computePx(f.x, env), y: computePx(f.y, env), blur: f.blur ? Math.max(0, computePx(f.blur, env)) : 0, color };
  }
  return f;
}

// ---------------------------------------------------------------- blend modes

const BLEND = new Set<string>(['normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge', 'color-burn',
  'hard-light', 'soft-light', 'difference', 'exclusion', 'hue', 'saturation', 'color', 'luminosity']);
const blend = (n: CV | undefined): BlendMode | null => (n !== undefined && n.t === 'ident' && BLEND.has(n.lc) ? (n.lc as BlendMode) : null);

/**
 * zoom (CSS Zoom, as Chromium 126+ implements it): <number [0,∞]> | <percentage [0,∞]> | normal | reset (1); 0 is 1.
 * Computed as the effective zoom (the parent's times this one), which every length of the element is multiplied by.
 * An early row applied before the font properties (font-size is zoomed too).
 */
export const ZOOM_ROW: Longhand<number> = {
  name: 'zoom', inherited: true, early: true, fields: ['zoom'],
  parse: (v) => {
    if (v.length !== 1) return null;
    const n = v[0]!;
    if (n.t === 'ident') return n.lc === 'normal' || n.lc === 'reset' ? 1 : null;
    const z = n.t === 'pct' ? n.v / 100 : parseNumber(n);
    return Number.isNaN(z) || z < 0 ? null : z === 0 ? 1 : z;
  },
  apply: (env, v) => {
    const s = env.s, before = s.zoom;
    s.zoom = (env.parent ? env.parent.zoom : 1) * v;
    if (s.zoom !== before) rezoomInherited(s, s.zoom / before);
  },
};

/**
 * Scales the inherited lengths (copied from the parent, zoomed by its zoom) by `f`: Chromium keeps inherited values
 * unzoomed and zooms them with the element's own effective zoom. Declarations applied after this one override them.
 */
function rezoomInherited(s: ComputedStyle, f: number): void {
  s.fontSize *= f;
  if (s.lineHeight !== 'normal' && 'px' in s.lineHeight) s.lineHeight = { px: s.lineHeight.px * f };
  s.letterSpacing *= f;
  s.wordSpacing *= f;
  if (s.textIndent.px !== 0) s.textIndent = { px: s.textIndent.px * f, pct: s.textIndent.pct };
  s.borderSpacingH *= f;
  s.borderSpacingV *= f;
}

/** The effect rows: clip-path, filter, mix-blend-mode, background-blend-mode (none inherited), zoom. */
export const EFFECT_ROWS: Longhand<any>[] = [
  ZOOM_ROW,
  {
    name: 'clip-path', inherited: false, fields: ['clipPath'],
    parse: (v) => parseClipPath(v),
    apply: (env, v: SpecClip) => {
      env.s.clipPath = v === 'none' ? null : 'url' in v ? v : { shape: v.shape ? computeShape(v.shape, env) : null, box: v.box };
    },
  },
  {
    name: 'filter', inherited: false, fields: ['filter'],
    parse: (v) => parseFilter(v),
    apply: (env, v: SpecFilter[]) => { env.s.filter = v.length ? v.map((f) => computeFilter(f, env)) : []; },
  },
  {
    name: 'mix-blend-mode', inherited: false, fields: ['mixBlendMode'],
    parse: (v) => (v.length === 1 ? blend(v[0]) : null),
    apply: (env, v: BlendMode) => { env.s.mixBlendMode = v; },
  },
  {
    name: 'background-blend-mode', inherited: false, fields: ['backgroundBlendMode'],
    parse: (v) => {
      const out: BlendMode[] = [];
      for (const p of splitCommas(v)) { const b = p.length === 1 ? blend(p[0]) : null; if (b === null) return null; out.push(b); }
      return out.length ? out : null;
    },
    apply: (env, v: BlendMode[]) => { env.s.backgroundBlendMode = v; },
  },
];
