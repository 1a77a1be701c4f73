/**
 * The property table and computeStyle. In: an element's declarations in ascending cascade
 * precedence, its parent's computed style. Out: the element's ComputedStyle (css-cascade-4 §4).
 *
 * Steps (css-cascade-4 §4, css-variables-1 §3): custom properties first (var() substituted,
 * cycles invalid), then every declaration is parsed (cached by text) and expanded into
 * longhands; font properties are computed first (em/ex/ch depend on them), then the rest in
 * declaration order (later wins); last, currentcolor, border widths and background layers.
 */
import type { BorderSide, ComputedStyle } from '../computed.ts';
import { initialStyle } from '../initial.ts';
import type { Declaration } from '../declaration.ts';
import type { WarningSink } from '../../warnings.ts';
import { CURRENT_COLOR as CURRENT_COLOR_, resolveCurrent } from '../values/color.ts';
import type { LengthEnv } from '../values/length.ts';
import { tokenize } from '../values/tokens.ts';
import { computeCustomProperties, hasVar, startingCustomProperties, substituteVars, type RegisteredProperty } from '../values/var.ts';
import { BACKGROUND_ROWS, finishBackground as finishBackground_, initialBg } from './background.ts';
import { BOX_ROWS, finishBorders as finishBorders_ } from './box.ts';
import { CONTENT_ROWS } from './content.ts';
import { BORDER_IMAGE_SHORTHAND, DECOR_ROWS, finishDecor, MASK_BORDER_SHORTHAND, OUTLINE_SHORTHAND } from './decor.ts';
import { FLEXGRID_ROWS } from './flexgrid.ts';
import { ALIASES, SHORTHANDS } from './shorthands.ts';
import { TEXT_ROWS } from './text.ts';
import { TRANSFORM_ROWS } from './transform.ts';
import { MULTICOL_ROWS, MULTICOL_SHORTHANDS } from './multicol.ts';
import { logicalBorderShorthands, logicalProperties } from './logical.ts';
import { finishLineClamp, LINE_CLAMP_ROWS, LINE_CLAMP_SHORTHAND } from './line-clamp.ts';
import { CONTAINER_ROWS, CONTAINER_SHORTHAND } from './container.ts';
import { FONT_FEATURE_ROWS } from './font-features.ts';
import { SVG_PAINT_ROWS } from './svg-paint.ts';
import { EFFECT_ROWS, ZOOM_ROW } from './effects.ts';
import { CSS_WIDE as CSS_WIDE_, INHERIT as INHERIT_, INITIAL, isCssWide as isCssWide_, Note as Note_, UNSET as UNSET_, type BgScratch, type BorderScratch, type CssWide, type Env, type Longhand, type Shorthand } from './types.ts';

export { computePageSize, PAGE_SIZES } from './page.ts';

// tsx compiles modules with getter-based live bindings: every use of an imported name is a
// function call. Names used on the hot path are read once here (measured: ~10% of computeStyle).
const CSS_WIDE = CSS_WIDE_, CURRENT_COLOR = CURRENT_COLOR_, INHERIT = INHERIT_, UNSET = UNSET_, Note = Note_;
const isCssWide = isCssWide_, finishBorders = finishBorders_, finishBackground = finishBackground_;
export type { Longhand, Shorthand } from './types.ts';

export interface ComputeContext {
  parent: ComputedStyle | null;      // null for the root element / page context
  rootFontSize: number;              // px, the root element's computed font-size (16 when computing the root itself)
  quirks: boolean;
  warnings: WarningSink;
  /** x-height and '0' advance of the first available font, px; optional (fallback 0.5em / 0.5em). */
  fontMetrics?: (style: ComputedStyle) => { xHeight: number; chWidth: number };
  /** Custom properties registered with @property (css-properties-values-api-1). */
  registered?: ReadonlyMap<string, RegisteredProperty>;
  /** The viewport for vw/vh/vmin/vmax, px: the page area. Default A4 minus 10mm margins (718 × 1047). */
  viewport?: { width: number; height: number };
}

// ---------------------------------------------------------------- the table

const PHYSICAL_ROWS: Longhand<any>[] = [...BOX_ROWS, ...TEXT_ROWS, ...CONTENT_ROWS, ...BACKGROUND_ROWS, ...FLEXGRID_ROWS, ...DECOR_ROWS, ...MULTICOL_ROWS, ...LINE_CLAMP_ROWS, ...TRANSFORM_ROWS, ...CONTAINER_ROWS, ...FONT_FEATURE_ROWS, ...SVG_PAINT_ROWS, ...EFFECT_ROWS];
const LOGICAL = logicalProperties(new Map(PHYSICAL_ROWS.map((r) => [r.name, r])));
const LONGHAND_LIST: Longhand<any>[] = [...PHYSICAL_ROWS, ...LOGICAL.longhands];
const LONGHANDS = new Map<string, Longhand<any>>(LONGHAND_LIST.map((r) => [r.name, r]));
const ALL_SHORTHAND: Shorthand = {
  name: 'all',
  // css-cascade-4 §3.1: every property except direction and unicode-bidi (and custom properties)
  longhands: PHYSICAL_ROWS.filter((r) => r.name !== 'direction' && r.name !== 'unicode-bidi').map((r) => r.name),
  expand: () => null, // only the CSS-wide keywords are valid, handled before expansion
};
const SHORTHAND_MAP = new Map<string, Shorthand>(
  [...SHORTHANDS, OUTLINE_SHORTHAND, BORDER_IMAGE_SHORTHAND, MASK_BORDER_SHORTHAND, ...MULTICOL_SHORTHANDS, LINE_CLAMP_SHORTHAND, CONTAINER_SHORTHAND, ...LOGICAL.shorthands, ...logicalBorderShorthands(SHORTHANDS.find((x) => x.name === 'border-top')!), ALL_SHORTHAND].map((s) => [s.name, s]),
);

/** Properties with no effect on a static printed page: accepted silently. */
const NO_EFFECT = new Set([
  'cursor', 'pointer-events', 'user-select', 'resize', 'caret-color', 'scroll-behavior', 'touch-action',
  'print-color-adjust', 'color-adjust', 'color-scheme', 'font-smooth',
  'text-size-adjust', 'forced-color-adjust', 'accent-color', 'will-change', 'speak',
  'overscroll-behavior', 'background-attachment-fixed', 'image-rendering', 'font-optical-sizing',
  'transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay',
  'animation', 'animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay',
  'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state',
  'scroll-margin', 'scroll-padding', 'scroll-snap-type', 'scroll-snap-align', 'scrollbar-width', 'scrollbar-color',
  'scrollbar-gutter', 'contain', 'content-visibility', 'isolation', 'mso-line-height-rule', 'supported-color-schemes',
]);
/** Vendor-prefixed names browsers still honour as aliases (after the prefix is removed). */
const VENDOR_HONOURED = new Set([
  'box-sizing', 'border-radius', 'border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius',
  'border-bottom-left-radius', 'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow', 'flex-shrink',
  'flex-basis', 'order', 'justify-content', 'align-items', 'align-self', 'align-content', 'hyphens',
  'text-decoration', 'text-decoration-line', 'text-decoration-color', 'text-decoration-style', 'column-gap',
  'font-variant-caps', 'font-feature-settings', 'font-kerning', 'text-align-last', 'word-break', 'overflow-wrap', 'break-before', 'break-after', 'break-inside',
  'clip-path', 'filter', 'appearance',
  'columns', 'column-count', 'column-width', 'column-rule', 'column-rule-width', 'column-rule-style', 'column-rule-color', 'column-fill', 'column-span',
]);
/** Any vendor prefix (css-syntax-3 §2.5: a dash, an identifier, a dash): -webkit-, -moz-, -premailer- … */
const VENDOR_RE = /^-[a-z0-9]+-/;

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
  if (name.charCodeAt(0) === 45 && VENDOR_RE.test(name) && !LONGHANDS.has(name)) {
    const bare = name.replace(VENDOR_RE, '');
    return VENDOR_HONOURED.has(bare) ? (ALIASES.get(bare) ?? bare) : null;
  }
  return name;
}

// ---------------------------------------------------------------- caches of parsed values

const INVALID = Symbol('invalid');
const CACHE_MAX = 1024;
/** Longest value text kept in a cache (chars): bounds each cache to ~2 M chars of keys. */
const CACHE_KEY_MAX = 2048;

/** A shorthand's expansion: parallel longhand rows and specified values, ready to apply. */
interface Expansion { rows: Longhand<any>[]; vals: unknown[]; note: string | null; early: boolean }

/** One name of the table, with its bounded caches of parsed values (standards / quirks mode). */
type Entry =
  | { short: false; row: Longhand<any>; cache: [Map<string, unknown>, Map<string, unknown>] }
  | { short: true; sh: Shorthand; rows: Longhand<any>[]; cache: [Map<string, unknown>, Map<string, unknown>]; wide: Map<CssWide, Expansion> };

const ENTRIES = new Map<string, Entry>();
for (const row of LONGHAND_LIST) ENTRIES.set(row.name, { short: false, row, cache: [new Map(), new Map()] });
for (const sh of SHORTHAND_MAP.values()) {
  const rows = sh.longhands.map((n) => LONGHANDS.get(n)!);
  const early = rows.some((r) => r.early === true);
  const wide = new Map<CssWide, Expansion>();
  for (const kw of [INHERIT, INITIAL, UNSET]) wide.set(kw, { rows, vals: rows.map(() => kw), note: null, early });
  ENTRIES.set(sh.name, { short: true, sh, rows, cache: [new Map(), new Map()], wide });
}

/** Parses `text` for a longhand (cached): the value, a Note, or INVALID. */
function parseLonghand(row: Longhand<any>, cache: Map<string, unknown>, quirks: boolean, text: string): unknown {
  let r = cache.get(text);
  if (r === undefined) {
    const toks = tokenize(text);
    r = toks === null ? INVALID : row.parse(toks, quirks, text) ?? INVALID;
    if (text.length > CACHE_KEY_MAX) return r; // long values (data: URLs) are not kept
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(text, r);
  }
  return r;
}

/** Expands `text` for a shorthand (cached): an Expansion or INVALID. */
function expandShorthand(e: Entry & { short: true }, quirks: boolean, text: string): Expansion | typeof INVALID {
  const cache = e.cache[quirks ? 1 : 0];
  let r = cache.get(text) as Expansion | typeof INVALID | undefined;
  if (r === undefined) {
    const toks = tokenize(text);
    let m = toks === null ? null : e.sh.expand(toks, quirks, text);
    let note: string | null = null;
    if (m instanceof Note) { note = m.message; m = m.value; }
    if (m === null) r = INVALID;
    else {
      const rows: Longhand<any>[] = [], vals: unknown[] = [];
      // omitted longhands are reset to their initial value; an empty expansion changes nothing
      if (m.size > 0) {
        for (const r2 of e.rows) { rows.push(r2); vals.push(m.has(r2.name) ? m.get(r2.name) : INITIAL); }
      }
      r = { rows, vals, note, early: rows.some((x) => x.early === true) };
    }
    if (text.length > CACHE_KEY_MAX) return r; // long values (data: URLs) are not kept
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(text, r);
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

/**
 * The initial value of every property, as specified (nested values frozen; never handed out).
 * The top-level object is not frozen: spreading a frozen object is ~50× slower in V8.
 */
const BASE: ComputedStyle = freezeValues({
  ...initialStyle(),
  borderTop: SPECIFIED_SIDE, borderRight: SPECIFIED_SIDE, borderBottom: SPECIFIED_SIDE, borderLeft: SPECIFIED_SIDE,
  textDecorationColor: CURRENT_COLOR, outlineColor: CURRENT_COLOR,
  customProperties: EMPTY_CUSTOM,
});
function freezeValues<T extends object>(o: T): T {
  for (const v of Object.values(o)) deepFreeze(v);
  return o;
}
const INHERITED_FIELDS: (keyof ComputedStyle)[] = [...new Set(LONGHAND_LIST.filter((r) => r.inherited).flatMap((r) => r.fields))];

/**
 * A fresh style: inherited properties from the parent, the others initial (CSS 2.1 §6.2).
 * Built by a function generated once from the table's own field list, so every style shares
 * one hidden class and the copy is a single object literal (~20× faster than a keyed loop).
 */
/** Fields set by the object literal of startStyle (V8's fast literal limit is 128). */
const FAST_LITERAL = 120;
const startStyle: (base: ComputedStyle, parent: ComputedStyle | null) => ComputedStyle = (() => {
  const keys = Object.keys(BASE);
  const inh = new Set<string>(INHERITED_FIELDS);
  for (const k of keys) if (!/^[a-zA-Z]+$/.test(k)) throw new Error(`unexpected ComputedStyle field ${k}`);
  // V8 clones an object literal fast only up to 128 properties (past that, creation is ~8×
  // slower, measured): the literal holds the first FAST_LITERAL fields and the rest are assigned,
  // in one fixed order, so every style still shares one hidden class.
  const head = keys.slice(0, FAST_LITERAL);
  const tail = keys.slice(FAST_LITERAL);
  const build = (src: (k: string) => string): string =>
    `{const o={${head.map((k) => `${k}:${src(k)}.${k}`).join(',')}};${tail.map((k) => `o.${k}=${src(k)}.${k};`).join('')}return o;}`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('b', 'p', `if (p === null) ${build(() => 'b')} ${build((k) => (inh.has(k) ? 'p' : 'b'))}`) as
    (base: ComputedStyle, parent: ComputedStyle | null) => ComputedStyle;
})();

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
  get zoom(): number { return this.s.zoom; }
  metrics(): { xHeight: number; chWidth: number } {
    if (this.m === null) this.m = metricsOf(this.ctx, this.s);
    return this.m;
  }
  parentLen(): LengthEnv {
    if (this.pl === null) {
      const p = this.parent;
      const ctx = this.ctx;
      // CSS Zoom: the parent's font is zoomed by the parent's zoom; this element's own zoom scales it again.
      const own = p ? this.s.zoom / p.zoom : this.s.zoom;
      const em = (p ? p.fontSize : 16) * own;
      let pm: { xHeight: number; chWidth: number } | null = null;
      const parentMetrics = (): { xHeight: number; chWidth: number } => {
        const m = metricsOf(ctx, p!);
        return own === 1 ? m : { xHeight: m.xHeight * own, chWidth: m.chWidth * own };
      };
      this.pl = {
        em, rem: ctx.rootFontSize, vw: this.vw, vh: this.vh, zoom: this.s.zoom,
        metrics: () => (pm ??= p ? parentMetrics() : { xHeight: em / 2, chWidth: em / 2 }),
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
  const s = startStyle(BASE, parent);
  const env = new ComputeEnv(s, ctx);
  const quirks = ctx.quirks;

  // 1. custom properties (css-variables-1 §2)
  let own: Map<string, string> | null = null;
  for (let i = 0; i < declarations.length; i++) {
    const d = declarations[i];
    if (d.name.charCodeAt(0) === 45 && d.name.charCodeAt(1) === 45) (own ??= new Map()).set(d.name, d.value.trim());
  }
  const inheritedCustom = ctx.registered ? startingCustomProperties(parent ? parent.customProperties : null, ctx.registered) : parent ? parent.customProperties : EMPTY_CUSTOM;
  s.customProperties = own ? computeCustomProperties(own, inheritedCustom) : inheritedCustom;

  // 2. parse and expand, in cascade order: a flat list of (row, value, declaration) triples
  const list: unknown[] = [];
  let hasEarly = false;
  const custom = s.customProperties;
  for (let i = 0; i < declarations.length; i++) {
    const d = declarations[i];
    let name = d.name;
    if (name.charCodeAt(0) === 45) {
      if (name.charCodeAt(1) === 45) continue;
      const c = canonicalName(name);
      if (c === null) continue;
      name = c;
    }
    let e = ENTRIES.get(name);
    if (e === undefined) {
      const a = ALIASES.get(name);
      if (a !== undefined) e = ENTRIES.get(a);
      if (e === undefined) { unknownProperty(ctx.warnings, name, d); continue; }
    }
    let text = d.value;
    let wide: CssWide | undefined;
    let usedVar = false;
    if (text.indexOf('(') !== -1 && hasVar(text)) {
      const sub = substituteVars(text, (n) => custom.get(n));
      if (sub === null) {
        ctx.warnings.add('unsupported-value', `'${d.name}': var() could not be substituted in "${text.trim()}"`, where(d));
        wide = UNSET;
      } else { text = sub; usedVar = true; }
    }
    let revert = false;
    if (wide === undefined && text.length <= 14 && mayBeWide(text)) {
      const kw = text.trim().toLowerCase();
      wide = CSS_WIDE.get(kw);
      revert = kw === 'revert' && d.source !== UA_SOURCE;
    }
    if (revert) { // css-cascade-4 §7.3.4: back to the user-agent origin's value
      const rs = e.short ? e.rows : [e.row];
      for (const r of rs) { list.push(r, uaValue(list, r), d); if (r.early === true) hasEarly = true; }
      continue;
    }
    if (!e.short) {
      const row = e.row;
      let v: unknown = wide;
      if (v === undefined) {
        const q = quirks && row.quirky === true;
        v = parseLonghand(row, e.cache[q ? 1 : 0], q, text);
        if (v === INVALID) {
          invalidValue(ctx.warnings, d, text);
          if (!usedVar) continue;
          v = UNSET; // invalid at computed-value time (css-variables-1 §3.1): the property is unset
        }
        if (v instanceof Note) { ctx.warnings.add('unsupported-value', v.message, where(d)); v = v.value; }
      }
      list.push(row, v, d);
      if (row.early === true) hasEarly = true;
      continue;
    }
    let ex = wide !== undefined ? e.wide.get(wide)! : expandShorthand(e, quirks, text);
    if (ex === INVALID) {
      invalidValue(ctx.warnings, d, text);
      if (!usedVar) continue;
      ex = e.wide.get(UNSET)!;
    }
    if (ex.note !== null) ctx.warnings.add('unsupported-value', ex.note, where(d));
    for (let k = 0; k < ex.rows.length; k++) list.push(ex.rows[k], ex.vals[k], d);
    if (ex.early) hasEarly = true;
  }

  // 3. font properties first, then the rest, each in cascade order
  const n = list.length;
  if (hasEarly) {
    // zoom first: font-size and every length are multiplied by the effective zoom (CSS Zoom)
    for (let i = 0; i < n; i += 3) { if (list[i] === ZOOM_ROW) apply(env, ZOOM_ROW, list[i + 1], list[i + 2] as Declaration); }
    for (let i = 0; i < n; i += 3) { const r = list[i] as Longhand<any>; if (r.early === true && r !== ZOOM_ROW) apply(env, r, list[i + 1], list[i + 2] as Declaration); }
  }
  for (let i = 0; i < n; i += 3) { const r = list[i] as Longhand<any>; if (r.early !== true) apply(env, r, list[i + 1], list[i + 2] as Declaration); }

  // 4. values that depend on the final style
  if (parent === null && ctx.rootFontSize === 16 && s.fontSize !== 16) {
    // the root's own rem (other than in font-size) is relative to its computed font-size
    recomputeRem(env, list);
  }
  finishDecor(env); // before the colours below are resolved: it records which ones are currentcolor
  finishBorders(env, NO_BORDER);
  s.textDecorationColor = resolveCurrent(s.textDecorationColor, s.color);
  if (s.columnRuleColor) s.columnRuleColor = resolveCurrent(s.columnRuleColor, s.color);
  finishBackground(env);
  finishLineClamp(env);
  return s;
}

/** Declaration.source of the user-agent origin (src/css/ua.ts). */
const UA_SOURCE = 'user agent';

/** The value the user-agent origin gave `row` earlier in `list`, or UNSET when it gave none. */
function uaValue(list: unknown[], row: Longhand<any>): unknown {
  for (let i = list.length - 3; i >= 0; i -= 3) {
    if (list[i] === row && (list[i + 2] as Declaration).source === UA_SOURCE) return list[i + 1];
  }
  return UNSET;
}

/** Cheap pre-check for inherit/initial/unset/revert: the first non-space letter is i, u or r. */
function mayBeWide(text: string): boolean {
  let i = 0;
  while (text.charCodeAt(i) === 32) i++;
  const c = text.charCodeAt(i) | 32;
  return c === 105 || c === 117 || c === 114;
}

function apply(env: ComputeEnv, row: Longhand<any>, v: unknown, d: Declaration): void {
  env.decl = d;
  if (isCssWide(v)) applyWide(env, row, v);
  else row.apply(env, v);
}

/** Re-applies the root's non-font declarations with rem = its own font-size (css-values-4 §6.1.1). */
function recomputeRem(env: ComputeEnv, list: unknown[]): void {
  env.rem = env.s.fontSize;
  for (let i = 0; i < list.length; i += 3) { const r = list[i] as Longhand<any>; if (r.early !== true) apply(env, r, list[i + 1], list[i + 2] as Declaration); }
}

function unknownProperty(warnings: WarningSink, name: string, d: Declaration): void {
  if (NO_EFFECT.has(name) || name.startsWith('mso-')) return;
  warnings.add('unsupported-property', `unsupported property '${d.name}'`, where(d));
}

function invalidValue(warnings: WarningSink, d: Declaration, text: string): void {
  warnings.add('unsupported-value', `invalid value for '${d.name}': "${text.trim()}"`, where(d));
}

/** Every longhand and shorthand name of the table (for tests and diagnostics). */
export function propertyNames(): { longhands: string[]; shorthands: string[] } {
  return { longhands: [...LONGHANDS.keys()], shorthands: [...SHORTHAND_MAP.keys()] };
}

/**
 * The computed style of a box with no declarations of its own (CSS 2.1 §9.2.1.1 anonymous boxes):
 * inherited properties from `parent`, the rest initial. Same result as computeStyle([], …) with
 * `parent`, without a context; a fresh object each call (nested values shared and frozen).
 */
export function inheritedStyle(parent: ComputedStyle): ComputedStyle {
  if (parent === null || typeof parent !== 'object') throw new TypeError('inheritedStyle: expected a parent ComputedStyle');
  const s = startStyle(BASE, parent);
  s.borderTop = s.borderRight = s.borderBottom = s.borderLeft = NO_BORDER;
  s.textDecorationColor = s.color;
  s.outlineColor = s.color;
  s.customProperties = parent.customProperties;
  return s;
}
