/**
 * The property table and computeStyle. In: an element's declarations in ascending cascade
 * precedence, its parent's computed style. Out: the element's ComputedStyle (css-cascade-4 §4).
 *
 * Steps (css-cascade-4 §4, css-variables-1 §3): custom properties first (var() substituted,
 * cycles invalid), then every declaration is parsed (cached by text) and expanded into
 * longhands; font properties are computed first (em/ex/ch depend on them), then the rest in
 * declaration order (later wins); last, currentcolor, border widths and background layers.
 */
import { initialStyle, type BorderSide, type ComputedStyle } from '../computed.ts';
import type { Declaration } from '../declaration.ts';
import type { WarningSink } from '../../warnings.ts';
import { CURRENT_COLOR } from '../values/color.ts';
import type { LengthEnv } from '../values/length.ts';
import { tokenize } from '../values/tokens.ts';
import { computeCustomProperties, hasVar, substituteVars } from '../values/var.ts';
import { BACKGROUND_ROWS, finishBackground, initialBg } from './background.ts';
import { BOX_ROWS, finishBorders } from './box.ts';
import { CONTENT_ROWS } from './content.ts';
import { FLEXGRID_ROWS } from './flexgrid.ts';
import { ALIASES, SHORTHANDS } from './shorthands.ts';
import { TEXT_ROWS } from './text.ts';
import { CSS_WIDE, INHERIT, INITIAL, isCssWide, Note, UNSET, type BgScratch, type BorderScratch, type CssWide, type Env, type Longhand, type Shorthand } from './types.ts';

export { computePageSize, PAGE_SIZES } from './page.ts';
export type { Longhand, Shorthand } from './types.ts';

export interface ComputeContext {
  parent: ComputedStyle | null;      // null for the root element / page context
  rootFontSize: number;              // px, the root element's computed font-size (16 when computing the root itself)
  quirks: boolean;
  warnings: WarningSink;
  /** x-height and '0' advance of the first available font, px; optional (fallback 0.5em / 0.5em). */
  fontMetrics?: (style: ComputedStyle) => { xHeight: number; chWidth: number };
  /** The viewport for vw/vh/vmin/vmax, px: the page area. Default A4 minus 10mm margins (718 × 1047). */
  viewport?: { width: number; height: number };
}

// ---------------------------------------------------------------- the table

const LONGHAND_LIST: Longhand<any>[] = [...BOX_ROWS, ...TEXT_ROWS, ...CONTENT_ROWS, ...BACKGROUND_ROWS, ...FLEXGRID_ROWS];
const LONGHANDS = new Map<string, Longhand<any>>(LONGHAND_LIST.map((r) => [r.name, r]));
const ALL_SHORTHAND: Shorthand = {
  name: 'all',
  // css-cascade-4 §3.1: every property except direction and unicode-bidi (and custom properties)
  longhands: LONGHAND_LIST.filter((r) => r.name !== 'direction').map((r) => r.name),
  expand: () => null, // only the CSS-wide keywords are valid, handled before expansion
};
const SHORTHAND_MAP = new Map<string, Shorthand>([...SHORTHANDS, ALL_SHORTHAND].map((s) => [s.name, s]));

/** Properties with no effect on a static printed page: accepted silently. */
const NO_EFFECT = new Set([
  'cursor', 'pointer-events', 'user-select', 'resize', 'caret-color', 'scroll-behavior', 'touch-action',
  'appearance', 'print-color-adjust', 'color-adjust', 'color-scheme', 'text-rendering', 'font-smooth',
  'font-kerning', 'text-size-adjust', 'forced-color-adjust', 'accent-color', 'will-change', 'speak',
  'overscroll-behavior', 'background-attachment-fixed', 'image-rendering', 'font-optical-sizing',
  'transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay',
  'animation', 'animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay',
  'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state',
  'scroll-margin', 'scroll-padding', 'scroll-snap-type', 'scroll-snap-align', 'scrollbar-width', 'scrollbar-color',
  'scrollbar-gutter', 'contain', 'content-visibility', 'isolation', 'mso-line-height-rule',
]);
/** Vendor-prefixed names browsers still honour as aliases (after the prefix is removed). */
const VENDOR_HONOURED = new Set([
  'box-sizing', 'border-radius', 'border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius',
  'border-bottom-left-radius', 'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow', 'flex-shrink',
  'flex-basis', 'order', 'justify-content', 'align-items', 'align-self', 'align-content', 'hyphens',
  'text-decoration', 'text-decoration-line', 'text-decoration-color', 'text-decoration-style', 'column-gap',
  'font-variant-caps', 'text-align-last', 'word-break', 'overflow-wrap', 'break-before', 'break-after', 'break-inside',
]);
const VENDOR_RE = /^-(webkit|moz|ms|o|epub|apple|khtml)-/;

/** True for every property (longhand, shorthand or honoured alias) the table implements, and custom properties. */
export function isKnownProperty(name: string): boolean {
  if (name.startsWith('--')) return true;
  const n = canonicalName(name.toLowerCase());
  return n !== null && (LONGHANDS.has(n) || SHORTHAND_MAP.has(n));
}

/** The table's name for a property: aliases and honoured vendor prefixes resolved; null to skip silently. */
function canonicalName(name: string): string | null {
  const a = ALIASES.get(name);
  if (a) return a;
  if (name.charCodeAt(0) === 45 && VENDOR_RE.test(name)) {
    const bare = name.replace(VENDOR_RE, '');
    return VENDOR_HONOURED.has(bare) ? (ALIASES.get(bare) ?? bare) : null;
  }
  return name;
}

// ---------------------------------------------------------------- caches of parsed values

const INVALID = Symbol('invalid');
const CACHE_MAX = 1024;
type Parsed = unknown;
const longCache = new Map<Longhand<any>, [Map<string, Parsed>, Map<string, Parsed>]>();
const shortCache = new Map<Shorthand, [Map<string, Parsed>, Map<string, Parsed>]>();
for (const r of LONGHAND_LIST) longCache.set(r, [new Map(), new Map()]);
for (const s of SHORTHAND_MAP.values()) shortCache.set(s, [new Map(), new Map()]);

function cached(maps: [Map<string, Parsed>, Map<string, Parsed>], quirks: boolean, text: string, parse: (v: ReturnType<typeof tokenize> & object) => unknown): unknown {
  const m = maps[quirks ? 1 : 0];
  let r = m.get(text);
  if (r === undefined) {
    const toks = tokenize(text);
    r = toks === null ? INVALID : parse(toks) ?? INVALID;
    if (m.size >= CACHE_MAX) m.clear();
    m.set(text, r);
  }
  return r;
}

// ---------------------------------------------------------------- initial values

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o) && !(o instanceof Map)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}
const NO_BORDER: BorderSide = deepFreeze(initialStyle().borderTop);
/** Border sides as specified initially: medium width, style none, currentcolor (css-backgrounds-3 §4). */
const SPECIFIED_SIDE: BorderSide = Object.freeze({ width: 3, style: 'none', color: CURRENT_COLOR });
const EMPTY_CUSTOM: ReadonlyMap<string, string> = new Map();

/** The initial value of every property, as specified (shared, frozen; never handed out). */
const BASE: ComputedStyle = deepFreeze({
  ...initialStyle(),
  borderTop: SPECIFIED_SIDE, borderRight: SPECIFIED_SIDE, borderBottom: SPECIFIED_SIDE, borderLeft: SPECIFIED_SIDE,
  textDecorationColor: CURRENT_COLOR,
  customProperties: EMPTY_CUSTOM,
});
const INHERITED_FIELDS: (keyof ComputedStyle)[] = [...new Set(LONGHAND_LIST.filter((r) => r.inherited).flatMap((r) => r.fields))];

/** A fresh style: inherited properties from the parent, the others initial (CSS 2.1 §6.2). */
function startStyle(parent: ComputedStyle | null): ComputedStyle {
  const s = { ...BASE };
  if (parent !== null) {
    const w = s as unknown as Record<string, unknown>, p = parent as unknown as Record<string, unknown>;
    for (let i = 0; i < INHERITED_FIELDS.length; i++) { const f = INHERITED_FIELDS[i]; w[f] = p[f]; }
  }
  return s;
}

// ---------------------------------------------------------------- the compute environment

const DEFAULT_VIEWPORT = { width: 210 * 96 / 25.4 - 2 * 10 * 96 / 25.4, height: 297 * 96 / 25.4 - 2 * 10 * 96 / 25.4 };

class ComputeEnv implements Env {
  s: ComputedStyle;
  parent: ComputedStyle | null;
  quirks: boolean;
  warnings: WarningSink;
  decl: Declaration | null = null;
  border: BorderScratch | null = null;
  bg: BgScratch | null = null;
  rem: number;
  vw: number;
  vh: number;
  private m: { xHeight: number; chWidth: number } | null = null;
  private pl: LengthEnv | null = null;
  constructor(s: ComputedStyle, private readonly ctx: ComputeContext) {
    this.s = s;
    this.parent = ctx.parent;
    this.quirks = ctx.quirks;
    this.warnings = ctx.warnings;
    this.rem = ctx.rootFontSize;
    this.vw = ctx.viewport?.width ?? DEFAULT_VIEWPORT.width;
    this.vh = ctx.viewport?.height ?? DEFAULT_VIEWPORT.height;
  }
  get em(): number { return this.s.fontSize; }
  metrics(): { xHeight: number; chWidth: number } {
    if (this.m === null) this.m = metricsOf(this.ctx, this.s);
    return this.m;
  }
  parentLen(): LengthEnv {
    if (this.pl === null) {
      const p = this.parent;
      const ctx = this.ctx;
      const em = p ? p.fontSize : 16;
      let pm: { xHeight: number; chWidth: number } | null = null;
      this.pl = {
        em, rem: ctx.rootFontSize, vw: this.vw, vh: this.vh,
        metrics: () => (pm ??= p ? metricsOf(ctx, p) : { xHeight: em / 2, chWidth: em / 2 }),
      };
    }
    return this.pl;
  }
  borderScratch(): BorderScratch {
    if (this.border === null) {
      const s = this.s;
      this.border = {
        w: [s.borderTop.width, s.borderRight.width, s.borderBottom.width, s.borderLeft.width],
        st: [s.borderTop.style, s.borderRight.style, s.borderBottom.style, s.borderLeft.style],
        c: [s.borderTop.color, s.borderRight.color, s.borderBottom.color, s.borderLeft.color],
      };
    }
    return this.border;
  }
  bgScratch(): BgScratch {
    return (this.bg ??= initialBg());
  }
  warn(message: string): void {
    this.warnings.add('unsupported-value', message, this.decl ? { line: this.decl.line, source: this.decl.source } : undefined);
  }
}

function metricsOf(ctx: ComputeContext, s: ComputedStyle): { xHeight: number; chWidth: number } {
  if (ctx.fontMetrics) {
    try { return ctx.fontMetrics(s); } catch { /* fall back */ }
  }
  return { xHeight: s.fontSize / 2, chWidth: s.fontSize / 2 };
}

function where(d: Declaration): { line?: number; source?: string } {
  return { line: d.line, source: d.source };
}

// ---------------------------------------------------------------- computeStyle

function applyWide(env: ComputeEnv, row: Longhand<any>, kw: CssWide): void {
  const parent = env.parent;
  const from = (kw === INHERIT || (kw === UNSET && row.inherited)) && parent !== null ? parent : BASE;
  if (row.copy) { row.copy(env, from); return; }
  const s = env.s as unknown as Record<string, unknown>, f = from as unknown as Record<string, unknown>;
  for (const k of row.fields) s[k] = f[k];
}

/**
 * Computes an element's (or page context's) style (css-cascade-4 §4; CSS 2.1 §6.1–§6.2).
 * `declarations` are in ascending cascade precedence (later wins); a declaration that is
 * invalid at parse time is dropped with a warning ('unsupported-value'), so an earlier valid
 * one stays; unknown properties warn 'unsupported-property' (vendor-prefixed ones are skipped
 * silently unless browsers honour them as aliases). var() that cannot be substituted makes the
 * declaration invalid at computed-value time: the property behaves as `unset`.
 * Returns a new object; nested values (lengths, colours, lists) are shared and frozen: never
 * mutate them. Throws TypeError only on API misuse (missing context).
 */
export function computeStyle(declarations: readonly Declaration[], ctx: ComputeContext): ComputedStyle {
  if (ctx === null || typeof ctx !== 'object' || !ctx.warnings) throw new TypeError('computeStyle: expected a ComputeContext with warnings');
  const parent = ctx.parent;
  const s = startStyle(parent);
  const env = new ComputeEnv(s, ctx);
  const quirks = ctx.quirks;

  // 1. custom properties (css-variables-1 §2)
  let own: Map<string, string> | null = null;
  for (let i = 0; i < declarations.length; i++) {
    const d = declarations[i];
    if (d.name.charCodeAt(0) === 45 && d.name.charCodeAt(1) === 45) (own ??= new Map()).set(d.name, d.value.trim());
  }
  const inheritedCustom = parent ? parent.customProperties : EMPTY_CUSTOM;
  s.customProperties = own ? computeCustomProperties(own, inheritedCustom) : inheritedCustom;

  // 2. parse and expand, in cascade order
  const rows: Longhand<any>[] = [];
  const vals: unknown[] = [];
  const decls: Declaration[] = [];
  let hasEarly = false;
  for (let i = 0; i < declarations.length; i++) {
    const d = declarations[i];
    let name = d.name;
    if (name.charCodeAt(0) === 45) {
      if (name.charCodeAt(1) === 45) continue;
      const c = canonicalName(name);
      if (c === null) continue;
      name = c;
    } else {
      const a = ALIASES.get(name);
      if (a) name = a;
    }
    const row = LONGHANDS.get(name);
    const short = row ? undefined : SHORTHAND_MAP.get(name);
    if (!row && !short) {
      if (NO_EFFECT.has(name) || name.startsWith('mso-')) continue;
      if (name.startsWith('outline')) { ctx.warnings.add('unsupported-property', `unsupported property '${name}' (outlines are not painted)`); continue; }
      ctx.warnings.add('unsupported-property', `unsupported property '${d.name}'`, where(d));
      continue;
    }
    let text = d.value;
    let wide: CssWide | undefined;
    if (hasVar(text)) {
      const sub = substituteVars(text, (n) => s.customProperties.get(n));
      if (sub === null) {
        ctx.warnings.add('unsupported-value', `'${d.name}': var() could not be substituted in "${text.trim()}"`, where(d));
        wide = UNSET;
      } else text = sub;
    }
    if (wide === undefined && text.length <= 14) wide = CSS_WIDE.get(text.trim().toLowerCase());
    if (row) {
      let v: unknown = wide ?? cached(longCache.get(row)!, quirks && !!row.quirky, text, (t) => row.parse(t, quirks && !!row.quirky, text));
      if (v === INVALID) { ctx.warnings.add('unsupported-value', `invalid value for '${d.name}': "${text.trim()}"`, where(d)); continue; }
      if (v instanceof Note) { ctx.warnings.add('unsupported-value', v.message, where(d)); v = v.value; }
      rows.push(row); vals.push(v); decls.push(d);
      if (row.early) hasEarly = true;
      continue;
    }
    const sh = short!;
    if (wide !== undefined) {
      for (const ln of sh.longhands) { const r = LONGHANDS.get(ln)!; rows.push(r); vals.push(wide); decls.push(d); if (r.early) hasEarly = true; }
      continue;
    }
    let ex = cached(shortCache.get(sh)!, quirks, text, (t) => sh.expand(t, quirks, text));
    if (ex === INVALID) { ctx.warnings.add('unsupported-value', `invalid value for '${d.name}': "${text.trim()}"`, where(d)); continue; }
    if (ex instanceof Note) { ctx.warnings.add('unsupported-value', ex.message, where(d)); ex = ex.value; }
    const m = ex as Map<string, unknown>;
    for (const ln of sh.longhands) {
      // omitted longhands are reset to their initial value; an empty expansion changes nothing
      const v = m.has(ln) ? m.get(ln) : m.size === 0 ? undefined : INITIAL;
      if (v === undefined) continue;
      const r = LONGHANDS.get(ln)!;
      rows.push(r); vals.push(v); decls.push(d);
      if (r.early) hasEarly = true;
    }
  }

  // 3. font properties first, then the rest, each in cascade order
  if (hasEarly) for (let i = 0; i < rows.length; i++) if (rows[i].early) apply(env, rows[i], vals[i], decls[i]);
  for (let i = 0; i < rows.length; i++) if (!rows[i].early) apply(env, rows[i], vals[i], decls[i]);

  // 4. values that depend on the final style
  if (parent === null && ctx.rootFontSize === 16 && s.fontSize !== 16) {
    // the root's own rem (other than in font-size) is relative to its computed font-size
    recomputeRem(env, rows, vals, decls);
  }
  finishBorders(env, NO_BORDER);
  if (s.textDecorationColor === CURRENT_COLOR) s.textDecorationColor = s.color;
  finishBackground(env);
  return s;
}

function apply(env: ComputeEnv, row: Longhand<any>, v: unknown, d: Declaration): void {
  env.decl = d;
  if (isCssWide(v)) applyWide(env, row, v);
  else row.apply(env, v);
}

/** Re-applies the root's non-font declarations with rem = its own font-size (css-values-4 §6.1.1). */
function recomputeRem(env: ComputeEnv, rows: Longhand<any>[], vals: unknown[], decls: Declaration[]): void {
  env.rem = env.s.fontSize;
  for (let i = 0; i < rows.length; i++) if (!rows[i].early) apply(env, rows[i], vals[i], decls[i]);
}

/** Every longhand and shorthand name of the table (for tests and diagnostics). */
export function propertyNames(): { longhands: string[]; shorthands: string[] } {
  return { longhands: [...LONGHANDS.keys()], shorthands: [...SHORTHAND_MAP.keys()] };
}

export { BASE as INITIAL_SPECIFIED_STYLE };
