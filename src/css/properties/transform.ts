/**
 * 2D transforms (css-transforms-1 §5–§7, css-transforms-2 §5 individual transform properties).
 * In: component values of transform, transform-origin, translate, rotate, scale. Out: computed
 * TransformFn lists (lengths in px, percentages kept for the border box, angles in degrees).
 *
 * Documents print flat, so 3D functions keep what an orthographic projection shows, as Chromium
 * draws them without perspective: translate3d/translateZ drop z, scale3d drops z, rotateX(a) is
 * scaleY(cos a), rotateY(a) scaleX(cos a), rotateZ = rotate, matrix3d keeps its 2D affine part.
 * perspective() and rotate3d() have no flat equivalent: the declaration is dropped with a warning.
 */
import type { BgPosition, TransformFn } from '../computed.ts';
import type { CV } from '../values/tokens.ts';
import { computeLength, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import { parseAngle } from '../values/gradient.ts';
import { parsePosition, computePosition, type PosVal } from './background.ts';
import { Note, type Env, type Longhand } from './types.ts';

/** A specified transform function: lengths still unresolved (em, calc). */
type SpecFn =
  | { f: 'translate'; x: MathExpr; y: MathExpr }
  | { f: 'scale'; x: number; y: number }
  | { f: 'rotate'; deg: number }
  | { f: 'skew'; x: number; y: number }
  | { f: 'matrix'; m: [number, number, number, number, number, number] };

const ZERO_LEN = parseLength({ t: 'num', v: 0, int: true }, { pct: true })!;

/** Arguments of a function split at commas (or, for space-separated forms, one value each). */
function args(n: CV & { t: 'fn' }): CV[] | null {
  const out: CV[] = [];
  let expectValue = true;
  for (const a of n.args) {
    if (a.t === 'comma') { if (expectValue) return null; expectValue = true; continue; }
    if (!expectValue) return null;
    out.push(a);
    expectValue = false;
  }
  return out.length && expectValue ? null : out;
}

const num = (n: CV | undefined): number => (n === undefined ? NaN : n.t === 'pct' ? n.v / 100 : parseNumber(n));
const len = (n: CV | undefined): MathExpr | null => parseLength(n, { pct: true });
const angle = (n: CV | undefined): number => parseAngle(n);

/** One function of a <transform-list>; a string for the unsupported-in-print ones (the warning text). */
function parseFn(n: CV): SpecFn | string | null {
  if (n.t !== 'fn') return null;
  const a = args(n);
  if (a === null) return null;
  const name = n.name.toLowerCase();
  const k = a.length;
  switch (name) {
    case 'translate': case 'translatex': case 'translatey': case 'translate3d': case 'translatez': {
      if (name === 'translatez') return k === 1 && len(a[0]) ? { f: 'translate', x: ZERO_LEN, y: ZERO_LEN } : null;
      if (name === 'translate3d' && (k !== 3 || !parseLength(a[2], { pct: false }))) return null;
      if ((name === 'translate' && k > 2) || (name !== 'translate' && name !== 'translate3d' && k !== 1)) return null;
      const x = name === 'translatey' ? ZERO_LEN : len(a[0]);
      const y = name === 'translatex' ? ZERO_LEN : name === 'translatey' ? len(a[0]) : k > 1 ? len(a[1]) : ZERO_LEN;
      return x && y ? { f: 'translate', x, y } : null;
    }
    case 'scale': case 'scalex': case 'scaley': case 'scale3d': case 'scalez': {
      const v = a.map(num);
      if (v.some(Number.isNaN)) return null;
      if (name === 'scale') return k <= 2 ? { f: 'scale', x: v[0]!, y: v[1] ?? v[0]! } : null;
      if (name === 'scale3d') return k === 3 ? { f: 'scale', x: v[0]!, y: v[1]! } : null;
      if (k !== 1) return null;
      return name === 'scalex' ? { f: 'scale', x: v[0]!, y: 1 } : name === 'scaley' ? { f: 'scale', x: 1, y: v[0]! } : { f: 'scale', x: 1, y: 1 };
    }
    case 'rotate': case 'rotatez': case 'rotatex': case 'rotatey': {
      const d = k === 1 ? angle(a[0]) : NaN;
      if (Number.isNaN(d)) return null;
      if (name === 'rotatex') return { f: 'scale', x: 1, y: Math.cos((d * Math.PI) / 180) };
      if (name === 'rotatey') return { f: 'scale', x: Math.cos((d * Math.PI) / 180), y: 1 };
      return { f: 'rotate', deg: d };
    }
    case 'skew': case 'skewx': case 'skewy': {
      const v = a.map(angle);
      if (v.some(Number.isNaN)) return null;
      if (name === 'skew') return k <= 2 ? { f: 'skew', x: v[0]!, y: v[1] ?? 0 } : null;
      return k === 1 ? (name === 'skewx' ? { f: 'skew', x: v[0]!, y: 0 } : { f: 'skew', x: 0, y: v[0]! }) : null;
    }
    case 'matrix': case 'matrix3d': {
      const v = a.map((x) => parseNumber(x));
      if (v.some(Number.isNaN)) return null;
      if (name === 'matrix') return k === 6 ? { f: 'matrix', m: v as [number, number, number, number, number, number] } : null;
      if (k !== 16) return null;
      if (v[3] !== 0 || v[7] !== 0 || v[15] !== 1) return 'matrix3d() with perspective';
      return { f: 'matrix', m: [v[0]!, v[1]!, v[4]!, v[5]!, v[12]!, v[13]!] };
    }
    case 'perspective': case 'rotate3d':
      return `${name}()`;
    default:
      return null;
  }
}

/** <transform-list> | none; unsupported 3D functions make the value a Note (dropped with a warning). */
function parseTransform(v: readonly CV[]): SpecFn[] | Note<SpecFn[]> | null {
  if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return [];
  const out: SpecFn[] = [];
  for (const n of v) {
    const f = parseFn(n);
    if (f === null) return null;
    if (typeof f === 'string') return new Note([], `transform: ${f} cannot be drawn flat; the transform is ignored`);
    out.push(f);
  }
  return out.length ? out : null;
}

function computeFn(f: SpecFn, env: Env): TransformFn {
  if (f.f !== 'translate') return f;
  return { f: 'translate', x: computeLength(f.x, env), y: computeLength(f.y, env) };
}


/** transform-origin: a <position> (1–2 values or keyword pairs) and an ignored z length. */
function parseOrigin(v: readonly CV[], quirks: boolean): PosVal | null {
  if (v.length === 3) {
    if (!parseLength(v[2], { pct: false })) return null;
    return parsePosition(v.slice(0, 2), quirks);
  }
  return parsePosition(v, quirks);
}

/** The transform rows: transform, transform-origin, translate, rotate, scale (none of them inherited). */
export const TRANSFORM_ROWS: Longhand<any>[] = [
  {
    name: 'transform', inherited: false, fields: ['transform'],
    parse: (v) => parseTransform(v),
    apply: (env, v: SpecFn[]) => { env.s.transform = v.length ? v.map((f) => computeFn(f, env)) : []; },
  },
  {
    name: 'transform-origin', inherited: false, fields: ['transformOrigin'],
    parse: (v, quirks) => parseOrigin(v, quirks),
    apply: (env, v: PosVal) => { env.s.transformOrigin = computePosition(v, env) as BgPosition; },
  },
  {
    name: 'translate', inherited: false, fields: ['translate'],
    parse: (v) => {
      if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return 'none';
      if (v.length < 1 || v.length > 3) return null;
      const x = len(v[0]), y = v.length > 1 ? len(v[1]) : ZERO_LEN;
      if (v.length === 3 && !parseLength(v[2], { pct: false })) return null;
      return x && y ? { x, y } : null;
    },
    apply: (env, v: 'none' | { x: MathExpr; y: MathExpr }) => { env.s.translate = v === 'none' ? null : { x: computeLength(v.x, env), y: computeLength(v.y, env) }; },
  },
  {
    name: 'rotate', inherited: false, fields: ['rotate'],
    parse: (v) => {
      if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return 'none';
      // <angle> | z <angle> | <angle> z; an x/y axis or a vector has no flat equivalent
      const parts = v.filter((n) => !(n.t === 'ident' && n.lc === 'z'));
      if (parts.length !== 1 || v.length > 2) return null;
      const d = angle(parts[0]);
      return Number.isNaN(d) ? null : d;
    },
    apply: (env, v: 'none' | number) => { env.s.rotate = v === 'none' ? null : v; },
  },
  {
    name: 'scale', inherited: false, fields: ['scale'],
    parse: (v) => {
      if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return 'none';
      if (v.length < 1 || v.length > 3) return null;
      const n = v.map(num);
      if (n.some(Number.isNaN)) return null;
      return { x: n[0]!, y: n[1] ?? n[0]! };
    },
    apply: (env, v: 'none' | { x: number; y: number }) => { env.s.scale = v === 'none' ? null : v; },
  },
];
