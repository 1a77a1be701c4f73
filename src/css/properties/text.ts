/**
 * Font and text properties (CSS 2.1 §15–§16, css-fonts-4 §2, css-text-3, css-text-decor-3,
 * css-inline-3 vertical-align). In: component values. Out: `Longhand` rows for color, font-*,
 * line-height, text-*, letter/word-spacing, white-space, vertical-align, wrapping, direction.
 */
import { BLACK, CC_TEXT_DECORATION, type Color, type ComputedStyle, type LineHeight, type VerticalAlign } from '../computed.ts';
import { CURRENT_COLOR, resolveCurrent } from '../values/color.ts';
import { computeLength as computeLength_, computePx as computePx_, Lin as Lin_, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { parseColorValue } from '../values/color.ts';
import { INHERIT, keywordRow, lengthRow, Note, type Env, type Longhand } from './types.ts';

// hot path: read import bindings once (see index.ts)
const computeLength = computeLength_, computePx = computePx_, Lin = Lin_;

/** Absolute font-size keywords in px (css-fonts-4 §2.5, the 16px medium table browsers use). */
export const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = Object.freeze({
  'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48,
});

/** Generic family names (css-fonts-4 §4.2), stored lower-cased. */
export const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif',
  'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong',
]);
const NOT_A_FAMILY = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer', 'default']);

/** <family-name>#: quoted strings or runs of identifiers (css-fonts-4 §2.1). Null when invalid. */
export function parseFontFamily(v: readonly CV[]): string[] | null {
  const out: string[] = [];
  let words: string[] = [];
  let str: string | null = null;
  const flush = (): boolean => {
    if (str !== null) { if (words.length) return false; out.push(str); str = null; return true; }
    if (words.length === 0) return false;
    if (words.length === 1) {
      const lc = words[0].toLowerCase();
      if (GENERIC_FAMILIES.has(lc)) { out.push(lc); words = []; return true; }
      if (NOT_A_FAMILY.has(lc)) return false;
    }
    out.push(words.join(' '));
    words = [];
    return true;
  };
  for (const n of v) {
    if (n.t === 'comma') { if (!flush()) return null; continue; }
    if (n.t === 'str') { if (str !== null || words.length) return null; str = n.v; continue; }
    if (n.t === 'ident') { if (str !== null) return null; words.push(n.v); continue; }
    return null;
  }
  return flush() ? out : null;
}

/** font-weight specified value: a number, or 'bolder'/'lighter' (relative to the parent). */
export function parseFontWeight(n: CV | undefined): number | 'bolder' | 'lighter' | null {
  if (n === undefined) return null;
  if (n.t === 'ident') {
    switch (n.lc) {
      case 'normal': return 400;
      case 'bold': return 700;
      case 'bolder': return 'bolder';
      case 'lighter': return 'lighter';
      default: return null;
    }
  }
  const w = parseNumber(n);
  return w >= 1 && w <= 1000 ? w : null;
}

/** css-fonts-4 §2.2 table: bolder/lighter relative to the inherited weight. */
export function relativeWeight(parent: number, dir: 'bolder' | 'lighter'): number {
  if (dir === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : parent < 900 ? 900 : parent;
  return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700;
}

/** font-size specified value: px for keywords, 'larger'/'smaller', or a length (em/% of the parent). */
export function parseFontSize(n: CV | undefined, quirks: boolean): number | 'larger' | 'smaller' | 'math' | MathExpr | null {
  if (n === undefined) return null;
  if (n.t === 'ident') {
    const k = FONT_SIZE_KEYWORDS[n.lc];
    if (k !== undefined) return k;
    return n.lc === 'larger' || n.lc === 'smaller' || n.lc === 'math' ? n.lc : null;
  }
  return parseLength(n, { pct: true, nonNegative: true, quirky: quirks });
}

/** Computes font-size (css-fonts-4 §2.5): em, ex, ch and % against the parent's font. */
export function applyFontSize(env: Env, v: number | 'larger' | 'smaller' | 'math' | MathExpr): void {
  // CSS Zoom: absolute sizes are multiplied by the effective zoom, sizes relative to the parent's (already zoomed) by this element's own zoom.
  const z = env.s.zoom, own = env.parent ? z / env.parent.zoom : z;
  const pfs = (env.parent ? env.parent.fontSize : 16) * own;
  let fs: number;
  if (typeof v === 'number') fs = v * z;
  else if (v === 'larger') fs = pfs * 1.2;
  else if (v === 'smaller') fs = pfs / 1.2;
  else if (v === 'math') fs = pfs;
  else if (v instanceof Lin && v.abs !== null) fs = Math.max(0, v.abs.px * z + (v.abs.pct * pfs) / 100);
  else fs = Math.max(0, computePx(v, env.parentLen(), pfs));
  env.s.fontSize = fs;
}

/** line-height specified value (CSS 2.1 §10.8.1). */
export function parseLineHeight(n: CV | undefined): LineHeight | MathExpr | null {
  if (n === undefined) return null;
  if (n.t === 'ident') return n.lc === 'normal' ? 'normal' : null;
  if (n.t === 'num' || (n.t === 'fn' && !Number.isNaN(parseNumber(n)))) {
    // Blink keeps the number as a float (32-bit): calc(1.25 / 0.875) × 14px is then 20px, not 19.98 (Tailwind 4's text-sm).
    const x = Math.fround(parseNumber(n));
    return x >= 0 ? Object.freeze({ number: x }) : null;
  }
  const l = parseLength(n, { pct: true, nonNegative: true });
  if (l instanceof Lin && l.abs && l.abs.pct === 0) return Object.freeze({ px: l.abs.px });
  return l;
}

export function applyLineHeight(env: Env, v: LineHeight | MathExpr): void {
  if (v === 'normal' || 'number' in v || !('kind' in v)) {
    env.s.lineHeight = v !== 'normal' && 'px' in v && env.s.zoom !== 1 ? { px: (v as { px: number }).px * env.s.zoom } : v as LineHeight;
    return;
  }
  env.s.lineHeight = { px: Math.max(0, computePx(v, env, env.s.fontSize)) };
}

const TEXT_ALIGN: Record<string, ComputedStyle['textAlign'] | 'match-parent' | 'justify-all' | 'internal-center'> = {
  left: 'left', right: 'right', center: 'center', justify: 'justify', start: 'start', end: 'end',
  'justify-all': 'justify-all', '-webkit-left': 'left', '-webkit-right': 'right', '-webkit-center': 'center',
  '-moz-left': 'left', '-moz-right': 'right', '-moz-center': 'center', 'match-parent': 'match-parent',
  '-webkit-match-parent': 'match-parent', '-internal-center': 'internal-center',
};

function matchParent(env: Env): ComputedStyle['textAlign'] {
  const p = env.parent;
  if (!p) return 'start';
  const a = p.textAlign;
  if (a === 'start') return p.direction === 'rtl' ? 'right' : 'left';
  if (a === 'end') return p.direction === 'rtl' ? 'left' : 'right';
  return a;
}

type Deco = ComputedStyle['textDecorationLine'];
const NO_DECO: Deco = Object.freeze({ underline: false, overline: false, lineThrough: false });
/** text-decoration-line (css-text-decor-3 §2.1): none | [underline || overline || line-through || blink]. */
export function parseDecorationLine(v: readonly CV[]): Deco | null {
  if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return NO_DECO;
  const d = { underline: false, overline: false, lineThrough: false };
  const seen = new Set<string>();
  for (const n of v) {
    if (n.t !== 'ident' || seen.has(n.lc)) return null;
    seen.add(n.lc);
    if (n.lc === 'underline') d.underline = true;
    else if (n.lc === 'overline') d.overline = true;
    else if (n.lc === 'line-through') d.lineThrough = true;
    else if (n.lc !== 'blink') return null;
  }
  return v.length ? Object.freeze(d) : null;
}
export const DECORATION_STYLES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;

type WS = ComputedStyle['whiteSpace'];
/** white-space as (collapse, wrap) pairs (css-text-4 §3). */
const WS_SPLIT: Record<WS, [string, string]> = {
  normal: ['collapse', 'wrap'], nowrap: ['collapse', 'nowrap'], pre: ['preserve', 'nowrap'],
  'pre-wrap': ['preserve', 'wrap'], 'pre-line': ['preserve-breaks', 'wrap'], 'break-spaces': ['break-spaces', 'wrap'],
};
function joinWhiteSpace(collapse: string, wrap: string): WS {
  if (collapse === 'collapse') return wrap === 'wrap' ? 'normal' : 'nowrap';
  if (collapse === 'preserve') return wrap === 'wrap' ? 'pre-wrap' : 'pre';
  if (collapse === 'preserve-breaks') return 'pre-line'; // (preserve-breaks, nowrap) has no legacy keyword
  return wrap === 'wrap' ? 'break-spaces' : 'pre';
}

const COLLAPSE = new Set(['collapse', 'preserve', 'preserve-breaks', 'break-spaces', 'preserve-spaces']);

/** font-variant-caps keywords (css-fonts-4 §6.6); shaping follows Blink's OpenType caps support or synthesis (src/text/segment.ts). */
const CAPS = new Set(['normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps']);

const VERTICAL_ALIGN = new Set(['baseline', 'sub', 'super', 'text-top', 'text-bottom', 'middle', 'top', 'bottom']);

function spacingRow(name: string, field: 'letterSpacing' | 'wordSpacing'): Longhand<number | MathExpr> {
  return {
    name, inherited: true, quirky: true, fields: [field],
    parse: (v, q) => {
      if (v.length !== 1) return null;
      if (v[0].t === 'ident') return v[0].lc === 'normal' ? 0 : null;
      return parseLength(v[0], { quirky: q });
    },
    apply: (env, v) => { env.s[field] = typeof v === 'number' ? v : computePx(v, env); },
  };
}

export const TEXT_ROWS: Longhand<any>[] = [
  {
    name: 'color', inherited: true, quirky: true, fields: ['color'],
    // `color: currentcolor` is `color: inherit` (css-color-4 §6.4)
    parse: (v, q, raw) => { const c = parseColorValue(v, q, raw); return c !== null && v[0].t === 'ident' && v[0].lc === 'currentcolor' ? INHERIT : c; },
    // currentcolor inside color-mix() is the inherited colour (css-color-4 §6.4)
    apply: (env, v: Color) => { env.s.color = resolveCurrent(v, env.parent?.color ?? BLACK); },
  },
  {
    name: 'font-family', inherited: true, early: true, fields: ['fontFamily'],
    parse: (v) => { const f = parseFontFamily(v); return f ? Object.freeze(f) : null; },
    apply: (env, v: string[]) => { env.s.fontFamily = v; },
  },
  {
    name: 'font-size', inherited: true, early: true, quirky: true, fields: ['fontSize'],
    parse: (v, q) => (v.length === 1 ? parseFontSize(v[0], q) : null),
    apply: applyFontSize,
  },
  {
    name: 'font-weight', inherited: true, early: true, fields: ['fontWeight'],
    parse: (v) => (v.length === 1 ? parseFontWeight(v[0]) : null),
    apply: (env, v: number | 'bolder' | 'lighter') => {
      env.s.fontWeight = typeof v === 'number' ? v : relativeWeight(env.parent ? env.parent.fontWeight : 400, v);
    },
  },
  {
    name: 'font-style', inherited: true, early: true, fields: ['fontStyle'],
    parse: (v) => {
      if (v[0]?.t !== 'ident') return null;
      if (v.length === 1 && (v[0].lc === 'normal' || v[0].lc === 'italic' || v[0].lc === 'oblique')) return v[0].lc;
      return v.length === 2 && v[0].lc === 'oblique' && v[1].t === 'dim' ? 'oblique' : null;
    },
    apply: (env, v: ComputedStyle['fontStyle']) => { env.s.fontStyle = v; },
  },
  {
    name: 'font-variant-caps', inherited: true, early: true, fields: ['fontVariantCaps'],
    parse: (v) => {
      if (v.length !== 1 || v[0].t !== 'ident') return null;
      const k = v[0].lc;
      return CAPS.has(k) ? k : null;
    },
    apply: (env, v: ComputedStyle['fontVariantCaps']) => { env.s.fontVariantCaps = v; },
  },
  {
    name: 'line-height', inherited: true, fields: ['lineHeight'],
    parse: (v) => (v.length === 1 ? parseLineHeight(v[0]) : null),
    apply: applyLineHeight,
  },
  {
    name: 'text-align', inherited: true, fields: ['textAlign'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' ? TEXT_ALIGN[v[0].lc] ?? null : null),
    apply: (env, v: ComputedStyle['textAlign'] | 'match-parent' | 'justify-all' | 'internal-center') => {
      // justify-all justifies the last line too (css-text-3 §7.1: text-align-last: justify).
      if (v === 'justify-all') { env.s.textAlign = 'justify'; env.s.textAlignLast = 'justify'; return; }
      // The UA's th rule (HTML §15.3.8, Chromium's -internal-center): centre only when the parent's
      // text-align is its initial value; otherwise the parent's alignment (a text-left table keeps it).
      if (v === 'internal-center') { env.s.textAlign = env.parent && env.parent.textAlign !== 'start' ? env.parent.textAlign : 'center'; return; }
      env.s.textAlign = v === 'match-parent' ? matchParent(env) : v;
    },
  },
  {
    name: 'text-align-last', inherited: true, fields: ['textAlignLast'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' ? (v[0].lc === 'auto' ? 'auto' : v[0].lc === 'justify-all' ? 'justify' : TEXT_ALIGN[v[0].lc] ?? null) : null),
    apply: (env, v: ComputedStyle['textAlignLast'] | 'match-parent') => {
      env.s.textAlignLast = v === 'match-parent' ? (env.parent ? env.parent.textAlignLast : 'auto') : v;
    },
  },
  {
    name: 'text-indent', inherited: true, quirky: true, fields: ['textIndent'],
    parse: (v, q) => {
      const lens = v.filter((n) => n.t !== 'ident');
      const kws = v.filter((n) => n.t === 'ident');
      if (lens.length !== 1) return null;
      const l = parseLength(lens[0], { pct: true, quirky: q });
      if (l === null || kws.some((k) => k.t === 'ident' && k.lc !== 'hanging' && k.lc !== 'each-line')) return null;
      return kws.length ? new Note(l, 'text-indent: hanging/each-line are ignored') : l;
    },
    apply: (env, v: MathExpr) => { env.s.textIndent = computeLength(v, env); },
  },
  spacingRow('letter-spacing', 'letterSpacing'),
  spacingRow('word-spacing', 'wordSpacing'),
  keywordRow('text-transform', 'textTransform', true, ['none', 'uppercase', 'lowercase', 'capitalize']),
  {
    name: 'text-decoration-line', inherited: false, fields: ['textDecorationLine'],
    parse: parseDecorationLine,
    apply: (env, v: Deco) => { env.s.textDecorationLine = v; },
  },
  {
    name: 'text-decoration-color', inherited: false, fields: ['textDecorationColor'],
    parse: parseColorValue,
    apply: (env, v) => { env.s.textDecorationColor = v; },
    // inherit passes the keyword currentcolor, not the parent's colour (css-color-4 §6.4)
    copy: (env, from) => { env.s.textDecorationColor = (from.currentColorMask ?? 0) & CC_TEXT_DECORATION ? CURRENT_COLOR : from.textDecorationColor; },
  },
  keywordRow('text-decoration-style', 'textDecorationStyle', false, DECORATION_STYLES),
  {
    // legacy keywords, or the css-text-4 shorthand form: <white-space-collapse> || <text-wrap-mode>
    name: 'white-space', inherited: true, fields: ['whiteSpace'],
    parse: (v) => {
      if (v.length < 1 || v.length > 2 || v.some((n) => n.t !== 'ident')) return null;
      const ids = v.map((n) => (n as { lc: string }).lc);
      if (ids.length === 1 && ids[0] in WS_SPLIT) return ids[0];
      let collapse: string | null = null, wrap: string | null = null;
      for (const id of ids) {
        if (COLLAPSE.has(id) && collapse === null) collapse = id === 'preserve-spaces' ? 'preserve' : id;
        else if ((id === 'wrap' || id === 'nowrap') && wrap === null) wrap = id;
        else return null;
      }
      return joinWhiteSpace(collapse ?? 'collapse', wrap ?? 'wrap');
    },
    apply: (env, v: WS) => { env.s.whiteSpace = v; },
  },
  {
    name: 'white-space-collapse', inherited: true, fields: ['whiteSpace'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' && COLLAPSE.has(v[0].lc)
      ? (v[0].lc === 'preserve-spaces' ? 'preserve' : v[0].lc) : null),
    apply: (env, v: string) => { env.s.whiteSpace = joinWhiteSpace(v, WS_SPLIT[env.s.whiteSpace][1]); },
  },
  {
    name: 'text-wrap-mode', inherited: true, fields: ['whiteSpace'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'wrap' || v[0].lc === 'nowrap') ? v[0].lc : null),
    apply: (env, v: string) => { env.s.whiteSpace = joinWhiteSpace(WS_SPLIT[env.s.whiteSpace][0], v); },
  },
  {
    name: 'vertical-align', inherited: false, quirky: true, fields: ['verticalAlign'],
    parse: (v, q) => {
      if (v.length !== 1) return null;
      if (v[0].t === 'ident') return VERTICAL_ALIGN.has(v[0].lc) ? v[0].lc : null;
      return parseLength(v[0], { pct: true, quirky: q });
    },
    apply: (env, v: string | MathExpr) => { env.s.verticalAlign = typeof v === 'string' ? (v as VerticalAlign) : computeLength(v, env); },
  },
  keywordRow('overflow-wrap', 'overflowWrap', true, ['normal', 'break-word', 'anywhere']),
  keywordRow('word-break', 'wordBreak', true, { normal: 'normal', 'break-all': 'break-all', 'keep-all': 'keep-all', 'break-word': 'break-word', 'auto-phrase': 'normal' }),
  keywordRow('hyphens', 'hyphens', true, ['none', 'manual', 'auto']),
  // early: flow-relative properties (logical.ts) map to physical sides by direction
  { ...keywordRow('direction', 'direction', true, ['ltr', 'rtl']), early: true },
  // early: with geometricPrecision the font's rounded ascent and x-height differ (src/text/metrics.ts scaleMetrics), and ex
  // units are resolved from them
  { ...keywordRow('text-rendering', 'textRendering', true, { auto: 'auto', optimizespeed: 'optimizeSpeed', optimizelegibility: 'optimizeLegibility', geometricprecision: 'geometricPrecision' }), early: true },
  keywordRow('unicode-bidi', 'unicodeBidi', false, ['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext']),
  {
    name: 'tab-size', inherited: true, fields: ['tabSize'],
    parse: (v) => {
      if (v.length !== 1) return null;
      const n = parseNumber(v[0]);
      if (!Number.isNaN(n)) return n >= 0 ? n : null;
      return parseLength(v[0], { nonNegative: true });
    },
    // a length is converted to spaces with a 0.25em space (Liberation Serif's; approximate for other fonts)
    apply: (env, v: number | MathExpr) => {
      env.s.tabSize = typeof v === 'number' ? v : env.s.fontSize > 0 ? computePx(v, env) / (env.s.fontSize * 0.25) : 0;
    },
  },
];

export { lengthRow };
