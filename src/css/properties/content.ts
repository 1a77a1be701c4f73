/**
 * Lists, generated content, fragmentation, paged media and table properties (CSS 2.1 §12,
 * §17; css-lists-3; css-content-3; css-break-3; css-page-3). In: component values.
 * Out: `Longhand` rows for list-style-*, content, quotes, counter-*, break-*, orphans, widows,
 * page, border-collapse, border-spacing, empty-cells, caption-side, table-layout, ruby-position, ruby-align.
 */
import type { BreakValue, Content, ContentItem, CounterOp } from '../computed.ts';
import { computePx, parseInteger, parseLength, type MathExpr } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { keywordRow, Note, type Longhand } from './types.ts';
import { parseGcpmContent, stringSetRow } from './gcpm.ts';

/** Counter styles we render (css-counter-styles-3 §6–§7), after the aliases below. */
export const LIST_STYLE_TYPES = new Set([
  'disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-alpha', 'upper-alpha',
  'lower-roman', 'upper-roman', 'lower-greek', 'none', 'disclosure-open', 'disclosure-closed',
  // formatted by src/box/counters.ts as well
  'armenian', 'upper-armenian', 'lower-armenian', 'georgian', 'cjk-decimal',
]);
const LIST_STYLE_ALIASES: Record<string, string> = { 'lower-latin': 'lower-alpha', 'upper-latin': 'upper-alpha' };

/**
 * A counter style name as computed: a known style, an alias mapped (lower-latin -> lower-alpha),
 * or 'decimal' with a warning for styles we do not render (hebrew, hiragana, @counter-style names …).
 */
export function counterStyleOf(name: string): string | Note<string> {
  const lc = name.toLowerCase();
  if (LIST_STYLE_TYPES.has(lc)) return lc;
  const a = LIST_STYLE_ALIASES[lc];
  if (a) return a;
  return new Note('decimal', `counter style '${name}' is rendered as decimal`);
}

/** list-style-type: a counter style name or a string (stored as '"' + text). */
export function parseListStyleType(n: CV | undefined): string | Note<string> | null {
  if (n === undefined) return null;
  if (n.t === 'str') return '"' + n.v;
  if (n.t === 'ident') return counterStyleOf(n.v);
  if (n.t === 'fn' && n.name === 'symbols') return new Note('disc', 'list-style-type: symbols() is rendered as disc');
  return null;
}

export function parseImage(n: CV | undefined): { kind: 'url'; url: string } | { kind: 'none' } | null {
  if (n === undefined) return null;
  if (n.t === 'url') return Object.freeze({ kind: 'url' as const, url: n.v });
  if (n.t === 'ident' && n.lc === 'none') return NONE_IMAGE;
  return null;
}
export const NONE_IMAGE = Object.freeze({ kind: 'none' as const });

const noteAll = <T>(value: T, notes: string[]): T | Note<T> => (notes.length ? new Note(value, notes.join('; ')) : value);

/** content (css-content-3 §2): normal | none | [<string> | attr() | counter() | counters() | quotes | url()]+ [/ alt]. */
function parseContent(v: readonly CV[]): Content | Note<Content> | null {
  if (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'normal' || v[0].lc === 'none')) return v[0].lc;
  const items: ContentItem[] = [];
  const notes: string[] = [];
  for (const n of v) {
    if (n.t === 'slash') break; // alternative text: not rendered
    if (n.t === 'str') { items.push({ kind: 'string', value: n.v }); continue; }
    if (n.t === 'url') { items.push({ kind: 'url', url: n.v }); continue; }
    if (n.t === 'ident') {
      if (n.lc === 'open-quote' || n.lc === 'close-quote' || n.lc === 'no-open-quote' || n.lc === 'no-close-quote') { items.push({ kind: n.lc }); continue; }
      return null;
    }
    if (n.t === 'fn') {
      const args = n.args.filter((a) => a.t !== 'comma');
      const commas = n.args.length - args.length;
      if (n.name === 'attr') {
        if (args.length < 1 || args[0].t !== 'ident') return null;
        items.push({ kind: 'attr', name: args[0].lc });
        continue;
      }
      if (n.name === 'counter') {
        if (args.length < 1 || args.length > 2 || commas !== args.length - 1 || args[0].t !== 'ident') return null;
        let style = 'decimal';
        if (args[1]) { if (args[1].t !== 'ident') return null; const s = counterStyleOf(args[1].v); if (s instanceof Note) { notes.push(s.message); style = s.value; } else style = s; }
        items.push({ kind: 'counter', name: args[0].v, style });
        continue;
      }
      if (n.name === 'counters') {
        if (args.length < 2 || args.length > 3 || commas !== args.length - 1 || args[0].t !== 'ident' || args[1].t !== 'str') return null;
        let style = 'decimal';
        if (args[2]) { if (args[2].t !== 'ident') return null; const s = counterStyleOf(args[2].v); if (s instanceof Note) { notes.push(s.message); style = s.value; } else style = s; }
        items.push({ kind: 'counters', name: args[0].v, separator: args[1].v, style });
        continue;
      }
      const gcpm = parseGcpmContent(n); // element(), string() (css-gcpm-3)
      if (gcpm) { items.push(gcpm); continue; }
      return null;
    }
    return null;
  }
  return items.length ? noteAll(Object.freeze(items) as ContentItem[], notes) : null;
}

/** counter-reset / counter-increment / counter-set (css-lists-3 §4): none | [<ident> <integer>?]+. */
function counterRow(name: string, field: 'counterReset' | 'counterIncrement' | 'counterSet', dflt: number): Longhand<CounterOp[]> {
  return {
    name, inherited: false, fields: [field],
    parse: (v) => {
      if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return Object.freeze([]) as unknown as CounterOp[];
      const ops: CounterOp[] = [];
      for (let i = 0; i < v.length; i++) {
        const n = v[i];
        let id: string;
        if (n.t === 'ident') id = n.v;
        else if (n.t === 'fn' && n.name === 'reversed' && field === 'counterReset' && n.args.length === 1 && n.args[0].t === 'ident') id = n.args[0].v;
        else return null;
        if (['none', 'inherit', 'initial', 'unset', 'default'].includes(id.toLowerCase())) return null;
        let value = dflt;
        const next = v[i + 1];
        if (next !== undefined && next.t !== 'ident' && !(next.t === 'fn' && next.name === 'reversed')) {
          value = parseInteger(next);
          if (Number.isNaN(value)) return null;
          i++;
        }
        ops.push(Object.freeze({ name: id, value }));
      }
      return ops.length ? (Object.freeze(ops) as CounterOp[]) : null;
    },
    apply: (env, v) => { env.s[field] = v; },
  };
}

const BREAK_VALUES = new Set<BreakValue>(['auto', 'avoid', 'page', 'left', 'right', 'recto', 'verso', 'column', 'avoid-page']);
function breakRow(name: 'break-before' | 'break-after', field: 'breakBefore' | 'breakAfter'): Longhand<BreakValue> {
  return {
    name, inherited: false, fields: [field],
    parse: (v) => {
      if (v.length !== 1 || v[0].t !== 'ident') return null;
      const k = v[0].lc;
      // css-break-4's `always` and `all` are not values Chromium 156 parses: the declaration is invalid and dropped
      // (break-before: page; break-before: always breaks the page), so BREAK_VALUES leaves them out.
      if (k === 'avoid-column' || k === 'avoid-region' || k === 'region') return 'auto';
      return BREAK_VALUES.has(k as BreakValue) ? (k as BreakValue) : null;
    },
    apply: (env, v) => { env.s[field] = v; },
  };
}

/** Legacy page-break-before/after (css-break-3 §3.4): always -> page; avoid, left, right, auto. */
export function parseLegacyBreak(v: readonly CV[]): BreakValue | null {
  if (v.length !== 1 || v[0].t !== 'ident') return null;
  const k = v[0].lc;
  if (k === 'always') return 'page';
  return k === 'auto' || k === 'avoid' || k === 'left' || k === 'right' ? k : null;
}

export const CONTENT_ROWS: Longhand<any>[] = [
  {
    name: 'list-style-type', inherited: true, fields: ['listStyleType'],
    parse: (v) => (v.length === 1 ? parseListStyleType(v[0]) : null),
    apply: (env, v: string) => { env.s.listStyleType = v; },
  },
  keywordRow('list-style-position', 'listStylePosition', true, ['inside', 'outside']),
  {
    name: 'list-style-image', inherited: true, fields: ['listStyleImage'],
    parse: (v) => (v.length === 1 ? parseImage(v[0]) : null),
    apply: (env, v) => { env.s.listStyleImage = v; },
  },
  { name: 'content', inherited: false, fields: ['content'], parse: parseContent, apply: (env, v: Content) => { env.s.content = v; } },
  stringSetRow((v) => { const r = parseContent(v); const c = r instanceof Note ? r.value : r; return Array.isArray(c) ? c : null; }),
  {
    name: 'quotes', inherited: true, fields: ['quotes'],
    parse: (v) => {
      if (v.length === 1 && v[0].t === 'ident') return v[0].lc === 'auto' || v[0].lc === 'none' ? v[0].lc : null;
      if (v.length === 0 || v.length % 2 !== 0 || v.some((n) => n.t !== 'str')) return null;
      return Object.freeze(v.map((n) => (n as { v: string }).v));
    },
    apply: (env, v: 'auto' | 'none' | string[]) => { env.s.quotes = v; },
  },
  counterRow('counter-reset', 'counterReset', 0),
  counterRow('counter-increment', 'counterIncrement', 1),
  counterRow('counter-set', 'counterSet', 0),
  breakRow('break-before', 'breakBefore'),
  breakRow('break-after', 'breakAfter'),
  keywordRow('break-inside', 'breakInside', false, ['auto', 'avoid', 'avoid-page', 'avoid-column']),
  ...(['orphans', 'widows'] as const).map((name): Longhand<number> => ({
    name, inherited: true, fields: [name],
    parse: (v) => { const n = v.length === 1 ? parseInteger(v[0]) : NaN; return n >= 1 ? n : null; },
    apply: (env, v) => { env.s[name] = v; },
  })),
  {
    name: 'page', inherited: false, fields: ['page'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' ? (v[0].lc === 'auto' ? 'auto' : v[0].v) : null),
    apply: (env, v: string) => { env.s.page = v; },
  },
  keywordRow('border-collapse', 'borderCollapse', true, ['separate', 'collapse']),
  {
    name: 'border-spacing', inherited: true, quirky: true, fields: ['borderSpacingH', 'borderSpacingV'],
    parse: (v, q) => {
      if (v.length < 1 || v.length > 2) return null;
      const h = parseLength(v[0], { nonNegative: true, quirky: q });
      const w = v.length === 2 ? parseLength(v[1], { nonNegative: true, quirky: q }) : h;
      return h && w ? [h, w] : null;
    },
    apply: (env, v: [MathExpr, MathExpr]) => { env.s.borderSpacingH = wholeSpacing(computePx(v[0], env)); env.s.borderSpacingV = wholeSpacing(computePx(v[1], env)); },
  },
  keywordRow('empty-cells', 'emptyCells', true, ['show', 'hide']),
  keywordRow('caption-side', 'captionSide', true, { top: 'top', bottom: 'bottom', 'block-start': 'top', 'block-end': 'bottom' }),
  keywordRow('table-layout', 'tableLayout', false, ['auto', 'fixed']),
  // css-ruby-1 §4.1, §4.3 (inherited); ruby-position's alternate keyword is not supported, inter-character is over in horizontal text
  keywordRow('ruby-position', 'rubyPosition', true, { over: 'over', under: 'under', 'inter-character': 'over' }),
  keywordRow('ruby-align', 'rubyAlign', true, ['space-around', 'center', 'start', 'space-between']),
];

/**
 * border-spacing's computed value in whole px, as Chromium 156 keeps it (Blink stores it as a short, converted by
 * CSSPrimitiveValue::ComputeLength<short>, whose RoundForImpreciseConversion adds 0.01 and truncates): 0.5px is 0,
 * 1.5px is 1, 2.7px and 2pt are 2, 0.99px and 0.3em at 13.3px (3.99) are 1 and 4.
 */
function wholeSpacing(v: number): number {
  return Math.trunc(v + 0.01);
}
