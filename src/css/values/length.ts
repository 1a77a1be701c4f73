/**
 * Lengths, percentages, numbers and math functions. In: component values (tokens.ts).
 * Out: a `MathExpr` (specified value) and its computed `LengthPct` (css-values-4 §6, §10).
 *
 * A length is kept as a linear sum over units (`Lin`): calc() sums and products fold into one
 * `Lin` at parse time, so `calc(100% - 2em + 3pt)` is {pct: 100, em: -2, px: 4}. Relative units
 * (em, rem, ex, ch, vw, vh, vmin, vmax) are resolved at compute time (css-values-4 §6.1);
 * percentages stay percentages. min()/max()/clamp() keep a small tree.
 */
import type { LengthPct } from '../computed.ts';
import type { CV } from './tokens.ts';

/** px per unit for absolute lengths (css-values-4 §6.2: 1in = 96px = 2.54cm = 72pt). */
export const ABSOLUTE_UNITS: Readonly<Record<string, number>> = Object.freeze({
  px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6,
});
/** A number with a viewport unit (css-values-4 §6.1.2) in a declaration's text; a false positive only costs a restyle. */
const VIEWPORT_UNIT = /[\d.](?:[sld]?v(?:w|h|i|b|min|max))(?![\w-])/i;

/** True when `text` (a declaration value or a style attribute) has a length in a viewport unit (StyledDocument.viewportUnits). */
export function hasViewportUnit(text: string): boolean {
  return VIEWPORT_UNIT.test(text);
}

const RELATIVE_UNITS = new Set(['em', 'rem', 'ex', 'ch', 'vw', 'vh', 'vmin', 'vmax']);
/**
 * The small, large and dynamic viewport units and the logical ones (css-values-4 §6.1.2.1-2) as the units they equal in
 * print: pages have no browser UI that shows or hides, so the small, large and dynamic viewports are the page area; vi
 * and vb are vw and vh in horizontal writing modes (the only ones laid out).
 */
const VIEWPORT_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  svw: 'vw', lvw: 'vw', dvw: 'vw', svh: 'vh', lvh: 'vh', dvh: 'vh', vi: 'vw', svi: 'vw', lvi: 'vw', dvi: 'vw', vb: 'vh', svb: 'vh', lvb: 'vh', dvb: 'vh',
  svmin: 'vmin', lvmin: 'vmin', dvmin: 'vmin', svmax: 'vmax', lvmax: 'vmax', dvmax: 'vmax',
});

/** Dimension kinds for calc() type checking (css-values-4 §10.7): bit set. */
export const K_NUM = 1, K_LEN = 2, K_PCT = 4;

/** A linear combination of units; `n` is a plain number (for number-valued calc()). */
export class Lin {
  n = 0; px = 0; pct = 0; em = 0; rem = 0; ex = 0; ch = 0; vw = 0; vh = 0; vmin = 0; vmax = 0;
  /** K_* bits of what this holds (a literal 0 is K_NUM|K_LEN: "0" is a valid length). */
  kind = 0;
  /** The computed value when only px/pct are involved: frozen and shared. */
  abs: LengthPct | null = null;
  /** A quirky length: Chromium's `__qem` unit (an em the UA sheet gives p, headings, lists…), see LengthPct.quirk. */
  quirk = false;
  /** Fills `abs` when the value needs no context; returns this. */
  seal(): this {
    if (this.em === 0 && this.rem === 0 && this.ex === 0 && this.ch === 0 && this.vw === 0 && this.vh === 0 && this.vmin === 0 && this.vmax === 0) {
      this.abs = Object.freeze(this.quirk ? quirkyLength(this.px, this.pct) : { px: this.px, pct: this.pct });
    } else this.abs = null;
    return this;
  }
}

/** min()/max(), or 'sum': a sum of terms that could not fold into one `Lin` (a min() plus a length). */
export interface MinMax { fn: 'min' | 'max' | 'sum'; args: MathExpr[]; kind: number }
export interface Clamp { fn: 'clamp'; args: [MathExpr, MathExpr, MathExpr]; kind: number }
/** A specified length/number: a linear sum, or a comparison function over such sums. */
export type MathExpr = Lin | MinMax | Clamp;

/** What compute needs to resolve relative units. All px. */
export interface LengthEnv {
  /** The font-size em is relative to (the element's own, or the parent's for font-size). */
  em: number;
  rem: number;
  /** x-height and '0' advance, px (called lazily: only when ex/ch are used). */
  metrics(): { xHeight: number; chWidth: number };
  vw: number;
  vh: number;
  /**
   * The effective zoom (CSS Zoom: the product of `zoom` on the element and its ancestors; absent = 1): absolute,
   * rem and viewport lengths are multiplied by it; em, ex and ch are not (the font size they use is zoomed already).
   */
  zoom?: number;
}

/** A computed quirky length (LengthPct.quirk): the flag is not enumerable, so the value still compares equal to a plain one. */
function quirkyLength(px: number, pct: number): LengthPct {
  return Object.defineProperty({ px, pct }, 'quirk', { value: true, enumerable: false });
}

function unitLin(v: number, unit: string): Lin | null {
  const l = new Lin();
  const abs = ABSOLUTE_UNITS[unit];
  if (abs !== undefined) { l.px = v * abs; l.kind = K_LEN; return l; }
  unit = VIEWPORT_ALIASES[unit] ?? unit;
  if (!RELATIVE_UNITS.has(unit)) return null;
  (l as unknown as Record<string, number>)[unit] = v;
  l.kind = K_LEN;
  return l;
}

const LIN_KEYS = ['n', 'px', 'pct', 'em', 'rem', 'ex', 'ch', 'vw', 'vh', 'vmin', 'vmax'] as const;

function addLin(a: Lin, b: Lin, sign: number): Lin {
  const r = new Lin();
  for (const k of LIN_KEYS) r[k] = a[k] + sign * b[k];
  r.kind = a.kind | b.kind;
  return r;
}
function scaleLin(a: Lin, f: number): Lin {
  const r = new Lin();
  for (const k of LIN_KEYS) r[k] = a[k] * f;
  r.kind = a.kind;
  return r;
}

/** Type of a sum of two kinds, or -1 when incompatible (number + length). */
function sumKind(a: number, b: number): number {
  const an = a === K_NUM, bn = b === K_NUM;
  if (an && bn) return K_NUM;
  if (an || bn) return -1;
  return (a | b) & ~K_NUM;
}

/**
 * calc() constants (css-values-4 §10.7.1). `infinity` is clamped to a large finite value so
 * layout arithmetic stays finite (css-values-4 §10.12 lets UAs clamp to their range).
 */
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, infinity: 1e7, '-infinity': -1e7 };

class MathParser {
  i = 0;
  constructor(readonly toks: readonly CV[]) {}

  sum(): MathExpr | null {
    let left = this.product();
    if (left === null) return null;
    while (this.i < this.toks.length) {
      const t = this.toks[this.i];
      if (t.t !== 'delim' || (t.v !== '+' && t.v !== '-')) return null;
      this.i++;
      const right = this.product();
      if (right === null) return null;
      const k = sumKind(left.kind, right.kind);
      if (k < 0 || !(left instanceof Lin) || !(right instanceof Lin)) {
        if (k < 0) return null;
        const r = t.v === '-' ? scaleExpr(right, -1) : right;
        if (r === null) return null;
        left = { fn: 'sum', args: [left, r], kind: k };
        continue;
      }
      left = addLin(left, right, t.v === '-' ? -1 : 1);
      left.kind = k;
    }
    return left;
  }

  product(): MathExpr | null {
    let left = this.unit();
    if (left === null) return null;
    while (this.i < this.toks.length) {
      const t = this.toks[this.i];
      const op = t.t === 'slash' ? '/' : t.t === 'delim' && (t.v === '*' || t.v === '/') ? t.v : '';
      if (op === '') break;
      this.i++;
      const right = this.unit();
      if (right === null) return null;
      if (op === '*') {
        if (right instanceof Lin && right.kind === K_NUM) left = scaleExpr(left, right.n);
        else if (left instanceof Lin && left.kind === K_NUM) left = scaleExpr(right, left.n);
        else return null;
      } else {
        if (!(right instanceof Lin) || right.kind !== K_NUM || right.n === 0) return null;
        left = scaleExpr(left, 1 / right.n);
      }
      if (left === null) return null;
    }
    return left;
  }

  unit(): MathExpr | null {
    const t = this.toks[this.i++];
    if (t === undefined) return null;
    switch (t.t) {
      case 'num': { const l = new Lin(); l.n = t.v; l.kind = K_NUM; return l; }
      case 'pct': { const l = new Lin(); l.pct = t.v; l.kind = K_PCT; return l; }
      case 'dim': return unitLin(t.v, t.unit);
      case 'block': return t.open === '(' ? parseMath(t.items) : null;
      case 'fn': return mathFunction(t.name, t.args);
      case 'ident':
        if (t.lc in CONSTANTS) { const l = new Lin(); l.n = CONSTANTS[t.lc]; l.kind = K_NUM; return l; }
        return null;
      default: return null;
    }
  }
}

function scaleExpr(e: MathExpr, f: number): MathExpr | null {
  if (e instanceof Lin) return scaleLin(e, f);
  if (e.fn === 'clamp') {
    if (f < 0) return null;
    return { fn: 'clamp', args: e.args.map((a) => scaleExpr(a, f)!) as [MathExpr, MathExpr, MathExpr], kind: e.kind };
  }
  if (e.fn === 'sum') return { fn: 'sum', args: e.args.map((a) => scaleExpr(a, f)!), kind: e.kind };
  const fn = f < 0 ? (e.fn === 'min' ? 'max' : 'min') : e.fn;
  return { fn, args: e.args.map((a) => scaleExpr(a, f)!), kind: e.kind };
}

function parseMath(toks: readonly CV[]): MathExpr | null {
  if (toks.length === 0) return null;
  const p = new MathParser(toks);
  const r = p.sum();
  return r !== null && p.i === toks.length ? r : null;
}

function argsOf(args: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const n of args) {
    if (n.t === 'comma') out.push([]);
    else out[out.length - 1].push(n);
  }
  return out;
}

function mathFunction(name: string, args: readonly CV[]): MathExpr | null {
  if (name === 'calc' || name === '-webkit-calc') return parseMath(args);
  if (name !== 'min' && name !== 'max' && name !== 'clamp') return null;
  const parts = argsOf(args).map(parseMath);
  if (parts.some((p) => p === null)) return null;
  const ps = parts as MathExpr[];
  let kind = ps[0].kind;
  for (const p of ps) { kind = sumKind(kind, p.kind); if (kind < 0) return null; }
  if (name === 'clamp') {
    if (ps.length !== 3) return null;
    return { fn: 'clamp', args: [ps[0], ps[1], ps[2]], kind };
  }
  if (ps.length === 1 && ps[0] instanceof Lin) return ps[0];
  return { fn: name as 'min' | 'max', args: ps, kind };
}

export interface LengthOpts {
  /** Accept percentages. */
  pct?: boolean;
  /** Reject negative values (checked on literals; calc() is clamped at compute time instead). */
  nonNegative?: boolean;
  /** Quirks mode unitless lengths (quirks spec §3.2). */
  quirky?: boolean;
}

/**
 * Parses one component value as a <length> or <length-percentage> (with calc()/min()/max()/clamp()).
 * Returns null when it is not one. `0` is a length. Units are case-insensitive.
 */
export function parseLength(n: CV | undefined, o: LengthOpts): MathExpr | null {
  if (n === undefined) return null;
  let e: MathExpr | null;
  switch (n.t) {
    case 'dim': {
      if (o.nonNegative && n.v < 0) return null;
      e = unitLin(n.v, n.unit === '__qem' ? 'em' : n.unit);
      // Chromium's quirky em (html.css `1__qem`): an em that quirks mode ignores at the edges of body and table cells.
      if (e !== null && n.unit === '__qem') e.quirk = true;
      break;
    }
    case 'pct': {
      if (!o.pct || (o.nonNegative && n.v < 0)) return null;
      const l = new Lin(); l.pct = n.v; l.kind = K_PCT; e = l;
      break;
    }
    case 'num': {
      if (n.v !== 0 && !o.quirky) return null;
      if (o.nonNegative && n.v < 0) return null;
      const l = new Lin(); l.px = n.v; l.kind = K_LEN; e = l;
      break;
    }
    case 'fn': {
      e = mathFunction(n.name, n.args);
      if (e === null) return null;
      if (e.kind === K_NUM) return null;
      if ((e.kind & K_PCT) && !o.pct) return null;
      if (e instanceof Lin) e.n = 0;
      break;
    }
    default: return null;
  }
  if (e instanceof Lin) e.seal();
  return e;
}

/** Parses a <number> (or calc() evaluating to one). Returns NaN when it is not one. */
export function parseNumber(n: CV | undefined): number {
  if (n === undefined) return NaN;
  if (n.t === 'num') return n.v;
  if (n.t === 'fn') {
    const e = mathFunction(n.name, n.args);
    if (e === null || e.kind !== K_NUM) return NaN;
    return evalNumber(e);
  }
  return NaN;
}

function evalNumber(e: MathExpr): number {
  if (e instanceof Lin) return e.n;
  const v = e.args.map(evalNumber);
  if (e.fn === 'clamp') return Math.max(v[0], Math.min(v[1], v[2]));
  if (e.fn === 'sum') return v[0] + v[1];
  return e.fn === 'min' ? Math.min(...v) : Math.max(...v);
}

/** Parses an <integer> (calc() rounds, css-values-4 §10.9). Returns NaN when it is not one. */
export function parseInteger(n: CV | undefined): number {
  if (n === undefined) return NaN;
  if (n.t === 'num') return n.int ? n.v : NaN;
  if (n.t === 'fn') { const v = parseNumber(n); return Number.isFinite(v) ? Math.round(v) : NaN; }
  return NaN;
}

/** Basis assumed when min()/max() compare a percentage with a length (A4 content width, px). */
const GUESS_BASIS = 718;

const tmp = { px: 0, pct: 0 };
function evalInto(e: MathExpr, env: LengthEnv, out: { px: number; pct: number }): void {
  if (e instanceof Lin) {
    const z = env.zoom ?? 1;
    if (e.abs !== null) { out.px = z === 1 ? e.abs.px : e.abs.px * z; out.pct = e.abs.pct; return; }
    let px = e.px + e.rem * env.rem + e.vw * env.vw / 100 + e.vh * env.vh / 100;
    if (e.vmin !== 0) px += e.vmin * Math.min(env.vw, env.vh) / 100;
    if (e.vmax !== 0) px += e.vmax * Math.max(env.vw, env.vh) / 100;
    if (z !== 1) px *= z;
    px += e.em * env.em;
    if (e.ex !== 0 || e.ch !== 0) { const m = env.metrics(); px += e.ex * m.xHeight + e.ch * m.chWidth; }
    out.px = px; out.pct = e.pct;
    return;
  }
  const vals = e.args.map((a) => { const o = { px: 0, pct: 0 }; evalInto(a, env, o); return o; });
  if (e.fn === 'sum') { out.px = vals[0].px + vals[1].px; out.pct = vals[0].pct + vals[1].pct; return; }
  const key = (v: { px: number; pct: number }): number => v.px + v.pct * GUESS_BASIS / 100;
  let pick: { px: number; pct: number };
  if (e.fn === 'clamp') {
    const [lo, mid, hi] = vals;
    pick = key(mid) > key(hi) ? hi : mid;
    if (key(lo) > key(pick)) pick = lo;
  } else {
    pick = vals[0];
    for (const v of vals) if (e.fn === 'min' ? key(v) < key(pick) : key(v) > key(pick)) pick = v;
  }
  out.px = pick.px; out.pct = pick.pct;
}

/**
 * The computed value of a length: absolute px plus a percentage (css-values-4 §6, §10.10).
 * Context-free values return a shared frozen object (do not mutate). min()/max() mixing a
 * percentage with a length cannot be represented as px + pct: they pick the argument that
 * wins against an assumed 718px basis (approximation). `nonNegative` clamps calc() results
 * (css-values-4 §10.12).
 */
export function computeLength(e: MathExpr, env: LengthEnv, nonNegative = false): LengthPct {
  if (e instanceof Lin && e.abs !== null && (env.zoom === undefined || env.zoom === 1)) return e.abs;
  evalInto(e, env, tmp);
  let { px, pct } = tmp;
  if (nonNegative) { if (pct === 0 && px < 0) px = 0; if (px === 0 && pct < 0) pct = 0; }
  return e instanceof Lin && e.quirk ? quirkyLength(px, pct) : { px, pct };
}

/** Computes a length to px only (percentages contribute `pctBasis`%, default 0). */
export function computePx(e: MathExpr, env: LengthEnv, pctBasis = 0): number {
  if (e instanceof Lin && e.abs !== null && (env.zoom === undefined || env.zoom === 1)) return e.abs.px + (e.abs.pct * pctBasis) / 100;
  evalInto(e, env, tmp);
  return tmp.px + (tmp.pct * pctBasis) / 100;
}

/** True when the expression holds a percentage part. */
export function hasPct(e: MathExpr): boolean {
  return (e.kind & K_PCT) !== 0;
}
