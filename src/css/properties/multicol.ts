/**
 * Multi-column layout properties (css-multicol-1 §3, §4, §6, §7). In: component values of column-count,
 * column-width, column-rule-*, column-fill, column-span and the `columns` / `column-rule` shorthands.
 * Out: `Longhand` rows writing columnCount, columnWidth (px), columnRule* and columnFill/columnSpan, and the two shorthands.
 * (column-gap is the shared row of src/css/properties/flexgrid.ts: `normal` is 1em in multicol, css-multicol-1 §4.1.)
 */
import type { BorderStyle, Color } from '../computed.ts';
import { CURRENT_COLOR } from '../values/color.ts';
import { computePx, parseInteger, parseLength, type MathExpr } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { parseColorValue } from '../values/color.ts';
import { parseBorderStyle, parseLineWidth, snapBorderWidth } from './box.ts';
import { keywordRow, type Longhand, type Shorthand } from './types.ts';

/** column-count: auto | <integer [1,∞]> (css-multicol-1 §3.2). */
function parseCount(n: CV | undefined): number | 'auto' | null {
  if (n === undefined) return null;
  if (n.t === 'ident') return n.lc === 'auto' ? 'auto' : null;
  const k = parseInteger(n);
  return Number.isFinite(k) && k >= 1 ? k : null;
}

/** column-width: auto | <length [0,∞]> (css-multicol-1 §3.1). */
function parseWidth(n: CV | undefined): MathExpr | 'auto' | null {
  if (n === undefined) return null;
  if (n.t === 'ident') return n.lc === 'auto' ? 'auto' : null;
  return parseLength(n, { nonNegative: true });
}

const COLUMN_ROWS: Longhand<any>[] = [
  {
    name: 'column-count', inherited: false, fields: ['columnCount'],
    parse: (v) => (v.length === 1 ? parseCount(v[0]) : null),
    apply: (env, v: number | 'auto') => { env.s.columnCount = v; },
  },
  {
    name: 'column-width', inherited: false, fields: ['columnWidth'],
    parse: (v) => (v.length === 1 ? parseWidth(v[0]) : null),
    apply: (env, v: MathExpr | 'auto') => { env.s.columnWidth = v === 'auto' ? 'auto' : Math.max(0, computePx(v, env)); },
  },
  {
    name: 'column-rule-width', inherited: false, fields: ['columnRuleWidth'],
    parse: (v, q) => (v.length === 1 ? parseLineWidth(v[0], q) : null),
    apply: (env, v: number | MathExpr) => { env.s.columnRuleWidth = snapBorderWidth(typeof v === 'number' ? v : computePx(v, env)); },
  },
  {
    name: 'column-rule-style', inherited: false, fields: ['columnRuleStyle'],
    parse: (v) => (v.length === 1 ? parseBorderStyle(v[0]) : null),
    apply: (env, v: BorderStyle) => { env.s.columnRuleStyle = v; },
  },
  {
    // currentcolor computes to the keyword (css-color-4 §6.4): stored as null, resolved against `color` when painted.
    name: 'column-rule-color', inherited: false, fields: ['columnRuleColor'],
    parse: parseColorValue,
    apply: (env, v: Color) => { env.s.columnRuleColor = v === CURRENT_COLOR ? null : v; },
  },
  keywordRow('column-fill', 'columnFill', false, ['auto', 'balance', 'balance-all']),
  keywordRow('column-span', 'columnSpan', false, ['none', 'all']),
];

/** The longhand rows of css-multicol-1 (column-gap excepted). */
export const MULTICOL_ROWS: Longhand<any>[] = COLUMN_ROWS;

const row = (name: string): Longhand<any> => COLUMN_ROWS.find((r) => r.name === name)!;

/** `columns: <'column-width'> || <'column-count'>` (css-multicol-1 §3.3); `auto` fills either. */
function expandColumns(v: readonly CV[]): Map<string, unknown> | null {
  if (v.length < 1 || v.length > 2) return null;
  let width: unknown, count: unknown;
  let autos = 0;
  for (const n of v) {
    if (n.t === 'ident' && n.lc === 'auto') { autos++; continue; }
    const c = count === undefined ? parseCount(n) : null;
    if (c !== null && c !== 'auto') { count = c; continue; }
    const w = width === undefined ? parseWidth(n) : null;
    if (w !== null && w !== 'auto') { width = w; continue; }
    return null;
  }
  if (autos + (width !== undefined ? 1 : 0) + (count !== undefined ? 1 : 0) !== v.length) return null;
  return new Map<string, unknown>([['column-width', width ?? 'auto'], ['column-count', count ?? 'auto']]);
}

/** `column-rule: <'column-rule-width'> || <'column-rule-style'> || <'column-rule-color'>` (css-multicol-1 §5.4). */
function expandColumnRule(v: readonly CV[], quirks: boolean, raw: string): Map<string, unknown> | null {
  if (v.length < 1 || v.length > 3) return null;
  const m = new Map<string, unknown>();
  for (const n of v) {
    if (!m.has('column-rule-style')) { const s = parseBorderStyle(n); if (s !== null) { m.set('column-rule-style', s); continue; } }
    if (!m.has('column-rule-width')) { const w = parseLineWidth(n, false); if (w !== null) { m.set('column-rule-width', w); continue; } }
    if (!m.has('column-rule-color')) { const c = row('column-rule-color').parse([n], quirks, raw); if (c !== null) { m.set('column-rule-color', c); continue; } }
    return null;
  }
  return m;
}

/** The `columns` and `column-rule` shorthands. */
export const MULTICOL_SHORTHANDS: Shorthand[] = [
  { name: 'columns', longhands: ['column-width', 'column-count'], expand: (v) => expandColumns(v) },
  { name: 'column-rule', longhands: ['column-rule-width', 'column-rule-style', 'column-rule-color'], expand: (v, q, raw) => expandColumnRule(v, q, raw) },
];
