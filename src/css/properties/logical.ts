/**
 * Flow-relative (logical) properties (css-logical-1 §4–§6) for horizontal-tb writing mode.
 * In: the physical rows of the table. Out: logical longhands (margin-inline-start, block-size,
 * border-block-end-color …) that write the physical field chosen by `direction`, and their
 * shorthands (margin-block, padding-inline, inset-inline, border-block …).
 *
 * Block axis: start = top, end = bottom. Inline axis: start = left in ltr, right in rtl.
 * `direction` is computed in the early pass, so it is known when these rows apply.
 */
import type { CV } from '../values/tokens.ts';
import { INITIAL, Note, type Env, type Longhand, type Shorthand } from './types.ts';

type Side = 'top' | 'right' | 'bottom' | 'left';
type Logical = 'block-start' | 'block-end' | 'inline-start' | 'inline-end';
const LOGICAL: readonly Logical[] = ['block-start', 'block-end', 'inline-start', 'inline-end'];

function physical(side: Logical, env: Env): Side {
  switch (side) {
    case 'block-start': return 'top';
    case 'block-end': return 'bottom';
    case 'inline-start': return env.s.direction === 'rtl' ? 'right' : 'left';
    default: return env.s.direction === 'rtl' ? 'left' : 'right';
  }
}

/** A logical longhand writing through the physical row `pattern` with {side} replaced. */
function logicalRow(name: string, side: Logical, pattern: string, rows: ReadonlyMap<string, Longhand<any>>): Longhand<any> {
  const bySide = new Map<Side, Longhand<any>>();
  for (const s of ['top', 'right', 'bottom', 'left'] as const) bySide.set(s, rows.get(pattern.replace('{side}', s))!);
  const any = bySide.get('top')!;
  return {
    name, inherited: any.inherited, quirky: any.quirky, fields: [],
    parse: (v, q, raw) => any.parse(v, q, raw),
    apply: (env, v) => bySide.get(physical(side, env))!.apply(env, v),
    copy: (env, from) => {
      const row = bySide.get(physical(side, env))!;
      if (row.copy) { row.copy(env, from); return; }
      const s = env.s as unknown as Record<string, unknown>, f = from as unknown as Record<string, unknown>;
      for (const k of row.fields) s[k] = f[k];
    },
  };
}

/** border-{block}-{inline}-radius (css-logical-1 §6.4): the physical corner row for the element's direction. */
function cornerRow(block: 'start' | 'end', inline: 'start' | 'end', rows: ReadonlyMap<string, Longhand<any>>): Longhand<any> {
  const v = block === 'start' ? 'top' : 'bottom';
  const left = rows.get(`border-${v}-left-radius`)!, right = rows.get(`border-${v}-right-radius`)!;
  const pick = (env: Env): Longhand<any> => ((inline === 'start') === (env.s.direction !== 'rtl') ? left : right);
  return {
    name: `border-${block}-${inline}-radius`, inherited: false, fields: [],
    parse: (val, q, raw) => left.parse(val, q, raw),
    apply: (env, val) => pick(env).apply(env, val),
    copy: (env, from) => {
      const row = pick(env);
      if (row.copy) { row.copy(env, from); return; }
      const s = env.s as unknown as Record<string, unknown>, f = from as unknown as Record<string, unknown>;
      for (const k of row.fields) s[k] = f[k];
    },
  };
}

/** A logical size row (block-size -> height, inline-size -> width …). */
function aliasRow(name: string, target: Longhand<any>): Longhand<any> {
  return { ...target, name };
}

/** Builds the logical longhands and shorthands from the physical rows. */
export function logicalProperties(rows: ReadonlyMap<string, Longhand<any>>): { longhands: Longhand<any>[]; shorthands: Shorthand[] } {
  const longhands: Longhand<any>[] = [];
  const patterns: Array<[string, string]> = [
    ['margin-{l}', 'margin-{side}'], ['padding-{l}', 'padding-{side}'], ['inset-{l}', '{side}'],
    ['border-{l}-width', 'border-{side}-width'], ['border-{l}-style', 'border-{side}-style'], ['border-{l}-color', 'border-{side}-color'],
  ];
  for (const [lp, pp] of patterns) for (const l of LOGICAL) longhands.push(logicalRow(lp.replace('{l}', l), l, pp, rows));
  const sizes: Array<[string, string]> = [
    ['block-size', 'height'], ['inline-size', 'width'], ['min-block-size', 'min-height'], ['min-inline-size', 'min-width'],
    ['max-block-size', 'max-height'], ['max-inline-size', 'max-width'],
  ];
  for (const [n, t] of sizes) longhands.push(aliasRow(n, rows.get(t)!));
  for (const block of ['start', 'end'] as const) for (const inline of ['start', 'end'] as const) longhands.push(cornerRow(block, inline, rows));
  const byName = new Map(longhands.map((r) => [r.name, r]));
  const all = (n: string): Longhand<any> => byName.get(n) ?? rows.get(n)!;

  const shorthands: Shorthand[] = [];
  /** `margin-block: a [b]` style pairs. */
  const pair = (name: string, first: string, second: string): Shorthand => ({
    name, longhands: [first, second],
    expand: (v, q, raw) => {
      if (v.length < 1 || v.length > 2) return null;
      const notes: string[] = [];
      const val = (row: string, n: CV): unknown => { const r = all(row).parse([n], q, raw); if (r instanceof Note) { notes.push(r.message); return r.value; } return r; };
      const a = val(first, v[0]), b = v.length === 2 ? val(second, v[1]) : a;
      if (a === null || b === null) return null;
      const m = new Map<string, unknown>([[first, a], [second, b]]);
      return notes.length ? new Note(m, notes[0]) : m;
    },
  });
  for (const [prefix, suffix] of [['margin', ''], ['padding', ''], ['inset', ''], ['border', '-width'], ['border', '-style'], ['border', '-color']] as const) {
    for (const axis of ['block', 'inline']) shorthands.push(pair(`${prefix}-${axis}${suffix}`, `${prefix}-${axis}-start${suffix}`, `${prefix}-${axis}-end${suffix}`));
  }
  return { longhands, shorthands };
}

/** `border-block-start: <line-width> || <line-style> || <color>` etc., from the physical side shorthand's parser. */
export function logicalBorderShorthands(borderTop: Shorthand): Shorthand[] {
  const out: Shorthand[] = [];
  const map = (names: string[]) => (m: Map<string, unknown>): Map<string, unknown> => {
    const r = new Map<string, unknown>();
    const w = m.get('border-top-width') ?? INITIAL, s = m.get('border-top-style') ?? INITIAL, c = m.get('border-top-color') ?? INITIAL;
    for (const n of names) { r.set(`${n}-width`, w); r.set(`${n}-style`, s); r.set(`${n}-color`, c); }
    return r;
  };
  const make = (name: string, sides: string[]): Shorthand => {
    const f = map(sides);
    return {
      name, longhands: sides.flatMap((n) => [`${n}-width`, `${n}-style`, `${n}-color`]),
      expand: (v, q, raw) => {
        const e = borderTop.expand(v, q, raw);
        if (e === null) return null;
        return e instanceof Note ? new Note(f(e.value), e.message) : f(e);
      },
    };
  };
  for (const l of LOGICAL) out.push(make(`border-${l}`, [`border-${l}`]));
  out.push(make('border-block', ['border-block-start', 'border-block-end']));
  out.push(make('border-inline', ['border-inline-start', 'border-inline-end']));
  return out;
}
