/**
 * The shape of the property table. In: nothing. Out: `Longhand` and `Shorthand` rows, the
 * compute environment `Env`, CSS-wide keyword markers and row-building helpers used by every
 * property group (css-cascade-4 §4: specified -> computed value).
 */
import type { BgImage, BorderStyle, Color, ComputedStyle, LengthPct } from '../computed.ts';
import type { Declaration } from '../declaration.ts';
import type { WarningSink } from '../../warnings.ts';
import type { CV } from '../values/tokens.ts';
import { computeLength as computeLength_, parseLength, type LengthEnv, type LengthOpts, type MathExpr } from '../values/length.ts';

const computeLength = computeLength_; // hot path: read the import binding once (see index.ts)

/** A parse result that carries a warning to report each time it is used (parses are cached). */
export class Note<P> {
  constructor(readonly value: P, readonly message: string) {}
}

/**
 * CSS-wide keywords (css-cascade-4 §7.3). `revert` in an author declaration is resolved by
 * computeStyle to the user-agent value; here (and `revert-layer` always) it maps to `unset`.
 */
export type CssWide = { readonly cssWide: 'inherit' | 'initial' | 'unset' };
export const INHERIT: CssWide = Object.freeze({ cssWide: 'inherit' });
export const INITIAL: CssWide = Object.freeze({ cssWide: 'initial' });
export const UNSET: CssWide = Object.freeze({ cssWide: 'unset' });
export const CSS_WIDE: ReadonlyMap<string, CssWide> = new Map([
  ['inherit', INHERIT], ['initial', INITIAL], ['unset', UNSET], ['revert', UNSET], ['revert-layer', UNSET],
]);
export const isCssWide = (v: unknown): v is CssWide => v === INHERIT || v === INITIAL || v === UNSET;

/** Mutable per-element border state: widths are specified (before the style none -> 0 rule). */
export interface BorderScratch { w: number[]; st: BorderStyle[]; c: Color[] }

/** Mutable per-element background lists (css-backgrounds-3 §3: lists repeat to the image count). */
export interface BgScratch {
  images: BgImage[];
  repeat: Array<{ x: 'repeat' | 'no-repeat' | 'space' | 'round'; y: 'repeat' | 'no-repeat' | 'space' | 'round' }>;
  position: Array<{ x: LengthPct; y: LengthPct }>;
  size: Array<'cover' | 'contain' | { w: LengthPct | 'auto'; h: LengthPct | 'auto' }>;
  origin: Array<'border-box' | 'padding-box' | 'content-box'>;
  clip: Array<'border-box' | 'padding-box' | 'content-box' | 'text'>;
  /** background-attachment per layer (absent: all scroll). */
  attachment?: Array<'scroll' | 'fixed' | 'local'>;
}

/** What a row's `apply` sees: the style being built and everything needed to compute values. */
export interface Env extends LengthEnv {
  s: ComputedStyle;
  parent: ComputedStyle | null;
  quirks: boolean;
  warnings: WarningSink;
  /** The declaration being applied (for warnings). */
  decl: Declaration | null;
  /** Lengths relative to the parent's font (for font-size: em, ex, ch, %). */
  parentLen(): LengthEnv;
  border: BorderScratch | null;
  bg: BgScratch | null;
  /** Border and background scratch, created on first use from the current style. */
  borderScratch(): BorderScratch;
  bgScratch(): BgScratch;
  warn(message: string): void;
}

/** One longhand property: a row of the table. */
export interface Longhand<P = unknown> {
  name: string;
  inherited: boolean;
  /** Font properties are computed first: em, ex and ch of every other property depend on them. */
  early?: boolean;
  /** Accepts unitless lengths (quirks spec §3.2) or hashless hex colours (§3.3) in quirks mode. */
  quirky?: boolean;
  /** The ComputedStyle fields this property writes (copied for inherit/initial by default). */
  fields: readonly (keyof ComputedStyle)[];
  /** Specified value from component values; null when invalid. Must be pure: results are cached. */
  parse(v: readonly CV[], quirks: boolean, raw: string): P | Note<P> | null;
  /** Writes the computed value into env.s. */
  apply(env: Env, v: P): void;
  /** inherit/initial: sets the property from `from` (the parent, or the initial table). */
  copy?(env: Env, from: ComputedStyle): void;
}

/** A shorthand: expands into its longhands (omitted ones are reset to their initial value). */
export interface Shorthand {
  name: string;
  longhands: readonly string[];
  /** Longhand name -> specified value (or a CSS-wide marker); null when invalid. Pure: cached. */
  expand(v: readonly CV[], quirks: boolean, raw: string): Map<string, unknown> | Note<Map<string, unknown>> | null;
}

// ---------------------------------------------------------------- row-building helpers

/**
 * `(env, v) => env.s.<field> = v` as a monomorphic named-property store (a keyed store with a
 * computed name is megamorphic over ~100 fields). `field` comes from this table, never from input.
 */
export function setter(field: keyof ComputedStyle): (env: Env, v: unknown) => void {
  if (!/^[a-zA-Z]+$/.test(field)) throw new Error(`bad field ${field}`);
  return new Function('env', 'v', `env.s.${field} = v;`) as (env: Env, v: unknown) => void;
}

/** A single keyword among `values` (css keyword -> computed value). */
export function keywordRow<T>(
  name: string, field: keyof ComputedStyle, inherited: boolean, values: Record<string, T> | readonly string[],
): Longhand<T> {
  const map = new Map<string, T>(Array.isArray(values) ? values.map((k) => [k, k as T]) : Object.entries(values as Record<string, T>));
  return {
    name, inherited, fields: [field],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' && map.has(v[0].lc) ? map.get(v[0].lc)! : null),
    apply: setter(field),
  };
}

export type LenVal = MathExpr | string; // a length, or a keyword such as 'auto' / 'none' / 'normal'

/**
 * A <length-percentage> row with optional keywords (e.g. 'auto'). Computed: LengthPct with
 * em/rem/ex/ch/vw… resolved to px; keywords stored as is.
 */
export function lengthRow(
  name: string, field: keyof ComputedStyle, inherited: boolean,
  opts: LengthOpts & { keywords?: readonly string[] },
): Longhand<LenVal> {
  const kws = new Set(opts.keywords ?? []);
  return {
    name, inherited, quirky: opts.quirky, fields: [field],
    parse: (v, quirks) => {
      if (v.length !== 1) return null;
      if (v[0].t === 'ident') return kws.has(v[0].lc) ? v[0].lc : null;
      return parseLength(v[0], { pct: opts.pct, nonNegative: opts.nonNegative, quirky: quirks && opts.quirky });
    },
    apply: (() => {
      const set = setter(field);
      return (env: Env, v: LenVal) => set(env, typeof v === 'string' ? v : computeLength(v, env, opts.nonNegative));
    })(),
  };
}

/** Parses one component value as a length (helper for shorthands); null when not one. */
export function lengthOf(n: CV | undefined, quirks: boolean, opts: LengthOpts): MathExpr | null {
  return parseLength(n, { ...opts, quirky: quirks && opts.quirky });
}
