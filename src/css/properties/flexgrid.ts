/**
 * Flexbox, box alignment and grid properties (css-flexbox-1 §7–§8, css-align-3, css-grid-1 §7–§8).
 * In: component values. Out: `Longhand` rows for flex-*, order, justify/align-*, gaps,
 * grid-template-*, grid-auto-*, grid line placement; and parsers the shorthands reuse.
 */
import type { ComputedStyle, GridAutoRepeat, GridLine, TrackSize } from '../computed.ts';
import { computeLength, hasPct, parseInteger, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { keywordRow, lengthRow, Note, type Longhand } from './types.ts';

/** flex-basis specified value: 'auto' | 'content' | a non-negative length-percentage. */
export function parseFlexBasis(n: CV | undefined): 'auto' | 'content' | MathExpr | Note<'auto'> | null {
  if (n === undefined) return null;
  if (n.t === 'ident') {
    if (n.lc === 'auto' || n.lc === 'content') return n.lc;
    if (n.lc === 'min-content' || n.lc === 'max-content' || n.lc === 'fit-content') return new Note('auto', `flex-basis: ${n.lc} is treated as auto`);
    return null;
  }
  return parseLength(n, { pct: true, nonNegative: true });
}
export const parseFlexFactor = (n: CV | undefined): number => { const x = parseNumber(n); return x >= 0 ? x : NaN; };

/** Strips css-align-3 overflow-position keywords (safe/unsafe) and `first`. */
function alignWords(v: readonly CV[]): string | null {
  const ids = v.map((n) => (n.t === 'ident' ? n.lc : ''));
  if (ids.some((s) => s === '')) return null;
  const core = ids.filter((s) => s !== 'safe' && s !== 'unsafe');
  if (core.length === 2 && core[0] === 'first' && core[1] === 'baseline') return 'baseline';
  if (core.length === 2 && core[0] === 'last' && core[1] === 'baseline') return 'last baseline';
  return core.length === 1 ? core[0] : null;
}
function alignRow<F extends keyof ComputedStyle>(name: string, field: F, allowed: readonly string[]): Longhand<string> {
  const set = new Set(allowed);
  return {
    name, inherited: false, fields: [field],
    parse: (v) => { const w = alignWords(v); return w !== null && set.has(w) ? w : null; },
    apply: (env, v) => { (env.s as unknown as Record<string, unknown>)[field] = v; },
  };
}
export const JUSTIFY_CONTENT = ['normal', 'flex-start', 'flex-end', 'start', 'end', 'left', 'right', 'center', 'space-between', 'space-around', 'space-evenly', 'stretch'];
export const ALIGN_ITEMS = ['normal', 'stretch', 'flex-start', 'flex-end', 'start', 'end', 'self-start', 'self-end', 'center', 'baseline', 'last baseline'];
/** justify-items values (css-align-3 §6.1.3); `legacy` (the initial value) behaves as normal. */
export const JUSTIFY_ITEMS = ['legacy', ...ALIGN_ITEMS, 'left', 'right'];
export const ALIGN_CONTENT = ['normal', 'stretch', 'flex-start', 'flex-end', 'start', 'end', 'center', 'space-between', 'space-around', 'space-evenly'];

// ---------------------------------------------------------------- grid

const AUTO_TRACK = Object.freeze({ kind: 'auto' as const });
const MIN_CONTENT = Object.freeze({ kind: 'min-content' as const });
const MAX_CONTENT = Object.freeze({ kind: 'max-content' as const });

/** A specified track size: lengths keep their MathExpr until compute. */
type TrackSpec =
  | { kind: 'length'; value: MathExpr } | { kind: 'fr'; value: number } | { kind: 'auto' } | { kind: 'min-content' } | { kind: 'max-content' }
  | { kind: 'minmax'; min: TrackSpec; max: TrackSpec; fitContent?: MathExpr };

function parseTrackSize(n: CV, notes: string[]): TrackSpec | null {
  if (n.t === 'ident') return n.lc === 'auto' ? AUTO_TRACK : n.lc === 'min-content' ? MIN_CONTENT : n.lc === 'max-content' ? MAX_CONTENT : null;
  if (n.t === 'dim' && n.unit === 'fr') return n.v >= 0 ? { kind: 'fr', value: n.v } : null;
  if (n.t === 'fn' && n.name === 'minmax') {
    const parts = n.args.filter((a) => a.t !== 'comma');
    if (parts.length !== 2 || n.args.length !== 3) return null;
    const min = parseTrackSize(parts[0], notes), max = parseTrackSize(parts[1], notes);
    if (min === null || max === null || min.kind === 'fr' || min.kind === 'minmax' || max.kind === 'minmax') return null;
    return { kind: 'minmax', min, max };
  }
  if (n.t === 'fn' && n.name === 'fit-content') {
    const l = n.args.length === 1 ? parseLength(n.args[0], { pct: true, nonNegative: true }) : null;
    if (l === null) return null;
    // css-grid-1 §7.2.4: max(minimum, min(limit, max-content)), i.e. minmax(auto, max-content) clamped at the limit.
    return { kind: 'minmax', min: AUTO_TRACK, max: MAX_CONTENT, fitContent: l };
  }
  const l = parseLength(n, { pct: true, nonNegative: true });
  return l === null ? null : { kind: 'length', value: l };
}

/** A track list with line names (`names[i]`: the names of 0-based line i) and at most one auto-repeat (css-grid-1 §7.2). */
interface NamedTrackList { tracks: TrackSpec[]; names: string[][]; repeat: GridAutoRepeat | null }

/** The idents of a `[name …]` block, or null when it holds anything else. */
function lineNames(n: CV): string[] | null {
  if (n.t !== 'block' || n.open !== '[') return null;
  const out: string[] = [];
  for (const c of n.items) { if (c.t !== 'ident' || c.lc === 'span' || c.lc === 'auto') return null; out.push(c.v); }
  return out;
}

/**
 * <track-list> / <auto-track-list> (css-grid-1 §7.2) with line names: repeat(N, …) expanded, one repeat(auto-fill|auto-fit, …)
 * of fixed sizes kept once and recorded in `repeat`. Null when invalid.
 */
function parseNamedTrackList(v: readonly CV[], notes: string[], allowRepeat = true): NamedTrackList | null {
  const tracks: TrackSpec[] = [];
  const names: string[][] = [[]];
  let repeat: GridAutoRepeat | null = null;
  for (const n of v) {
    if (n.t === 'block' && n.open === '[') {
      const l = lineNames(n);
      if (l === null) return null;
      names[names.length - 1].push(...l);
      continue;
    }
    if (n.t === 'fn' && n.name === 'repeat' && allowRepeat) {
      const comma = n.args.findIndex((a) => a.t === 'comma');
      if (comma !== 1) return null;
      const cnt = n.args[0];
      const inner = parseNamedTrackList(n.args.slice(2), notes, false);
      if (inner === null || inner.tracks.length === 0) return null;
      let count: number;
      if (cnt.t === 'ident' && (cnt.lc === 'auto-fill' || cnt.lc === 'auto-fit')) {
        // Only one auto-repeat, of fixed sizes (§7.2.3.1 <auto-repeat>).
        if (repeat !== null || inner.tracks.some((t) => !isFixedSpec(t))) return null;
        repeat = { at: tracks.length, count: inner.tracks.length, fit: cnt.lc === 'auto-fit' };
        count = 1;
      } else { count = parseInteger(cnt); if (!(count >= 1) || count > 10000) return null; }
      for (let k = 0; k < count; k++) {
        names[names.length - 1].push(...inner.names[0]);
        tracks.push(...inner.tracks);
        for (let i = 1; i < inner.names.length; i++) names.push([...inner.names[i]]);
      }
      continue;
    }
    const t = parseTrackSize(n, notes);
    if (t === null) return null;
    tracks.push(t);
    names.push([]);
  }
  return { tracks, names, repeat };
}

/** A <fixed-size> (§7.2): a length, or minmax() with a fixed minimum or maximum (and no fr minimum). */
function isFixedSpec(t: TrackSpec): boolean {
  if (t.kind === 'length') return true;
  return t.kind === 'minmax' && t.fitContent === undefined && (t.min.kind === 'length' || t.max.kind === 'length');
}

/** <track-list> (css-grid-1 §7.2): line names skipped, repeat(N, …) expanded, an auto-repeat expanded once. */
function parseTrackList(v: readonly CV[], notes: string[], allowRepeat = true): TrackSpec[] | null {
  const l = parseNamedTrackList(v, notes, allowRepeat);
  return l === null ? null : l.tracks;
}

function computeTrack(t: TrackSpec, env: Parameters<Longhand['apply']>[0]): TrackSize {
  if (t.kind === 'length') return { kind: 'length', value: computeLength(t.value, env, true) };
  if (t.kind === 'minmax' && t.fitContent !== undefined) return { kind: 'minmax', min: computeTrack(t.min, env), max: computeTrack(t.max, env), fitContent: computeLength(t.fitContent, env, true) };
  if (t.kind === 'minmax') return { kind: 'minmax', min: computeTrack(t.min, env), max: computeTrack(t.max, env) };
  return t;
}

function trackRow(name: string, field: 'gridTemplateColumns' | 'gridTemplateRows' | 'gridAutoColumns' | 'gridAutoRows'): Longhand<TrackSpec[] | NamedTrackList | 'none'> {
  const auto = field === 'gridAutoColumns' || field === 'gridAutoRows';
  const cols = field === 'gridTemplateColumns';
  const repeatField = cols ? 'gridColumnsRepeat' : 'gridRowsRepeat';
  const namesField = cols ? 'gridColumnLineNames' : 'gridRowLineNames';
  return {
    name, inherited: false, fields: auto ? [field] : [field, repeatField, namesField],
    parse: (v) => {
      if (!auto && v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return 'none';
      if (!auto && v.length >= 1 && v[0].t === 'ident' && v[0].lc === 'subgrid') return new Note('none' as const, 'subgrid is not supported');
      const notes: string[] = [];
      const l = auto ? parseTrackList(v, notes, false) : parseNamedTrackList(v, notes);
      if (l === null) return null;
      const tracks = Array.isArray(l) ? l : l.tracks;
      if (tracks.length === 0) return null;
      // Plain lists (no names, no auto-repeat) stay arrays, as the grid-template shorthand produces them.
      const out = Array.isArray(l) || (l.repeat === null && l.names.every((n) => n.length === 0)) ? tracks : l;
      return notes.length ? new Note(out, notes[0]) : out;
    },
    apply: (env, v) => {
      const list = v === 'none' || Array.isArray(v) ? v : v.tracks;
      const r = list === 'none' ? 'none' : list.map((t) => computeTrack(t, env));
      const s = env.s as unknown as Record<string, unknown>;
      s[field] = auto && r === 'none' ? [AUTO_TRACK] : r;
      if (auto) return;
      const named = v !== 'none' && !Array.isArray(v);
      s[repeatField] = named ? v.repeat : null;
      s[namesField] = named && v.names.some((n) => n.length > 0) ? v.names : null;
    },
  };
}

/** grid-template-areas strings (css-grid-1 §7.3): null when ragged or an area is not a rectangle. */
export function parseAreas(strings: readonly string[]): string[][] | null {
  const rows = strings.map((s) => {
    const cells: string[] = [];
    for (const m of s.matchAll(/\.+|[^\s.]+/g)) cells.push(m[0][0] === '.' ? '.' : m[0]);
    return cells;
  });
  if (rows.length === 0 || rows[0].length === 0 || rows.some((r) => r.length !== rows[0].length)) return null;
  const box = new Map<string, [number, number, number, number]>();
  rows.forEach((r, y) => r.forEach((name, x) => {
    if (name === '.') return;
    const b = box.get(name);
    if (!b) box.set(name, [y, x, y, x]);
    else { b[0] = Math.min(b[0], y); b[1] = Math.min(b[1], x); b[2] = Math.max(b[2], y); b[3] = Math.max(b[3], x); }
  }));
  for (const [name, [y0, x0, y1, x1]] of box) {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (rows[y][x] !== name) return null;
  }
  return rows;
}

/** <grid-line> (css-grid-1 §8.3). */
export function parseGridLine(v: readonly CV[]): GridLine | Note<GridLine> | null {
  if (v.length === 1 && v[0].t === 'ident') {
    if (v[0].lc === 'auto') return Object.freeze({ kind: 'auto' as const });
    if (v[0].lc === 'span') return null;
    return Object.freeze({ kind: 'area' as const, name: v[0].v });
  }
  let span = false, num = NaN, name: string | null = null;
  for (const n of v) {
    if (n.t === 'ident' && n.lc === 'span') { if (span) return null; span = true; continue; }
    if (n.t === 'ident') { if (name !== null) return null; name = n.v; continue; }
    const x = parseInteger(n);
    if (Number.isNaN(x) || !Number.isNaN(num)) return null;
    num = x;
  }
  if (span) {
    if (Number.isNaN(num) && name === null) return null;
    if (!Number.isNaN(num) && num < 1) return null;
    const g: GridLine = { kind: 'span', span: Number.isNaN(num) ? 1 : num };
    return name !== null ? new Note(g, 'named spans are treated as span of lines') : g;
  }
  if (Number.isNaN(num) || num === 0) return null;
  return name !== null ? { kind: 'line', line: num, name } : { kind: 'line', line: num };
}

function gridLineRow(name: string, field: 'gridColumnStart' | 'gridColumnEnd' | 'gridRowStart' | 'gridRowEnd'): Longhand<GridLine> {
  return { name, inherited: false, fields: [field], parse: parseGridLine, apply: (env, v) => { env.s[field] = v; } };
}

export const FLEXGRID_ROWS: Longhand<any>[] = [
  keywordRow('flex-direction', 'flexDirection', false, ['row', 'row-reverse', 'column', 'column-reverse']),
  keywordRow('flex-wrap', 'flexWrap', false, ['nowrap', 'wrap', 'wrap-reverse']),
  ...(['flex-grow', 'flex-shrink'] as const).map((name): Longhand<number> => ({
    name, inherited: false, fields: [name === 'flex-grow' ? 'flexGrow' : 'flexShrink'],
    parse: (v) => { const x = v.length === 1 ? parseFlexFactor(v[0]) : NaN; return Number.isNaN(x) ? null : x; },
    apply: (env, v) => { if (name === 'flex-grow') env.s.flexGrow = v; else env.s.flexShrink = v; },
  })),
  {
    name: 'flex-basis', inherited: false, fields: ['flexBasis'],
    parse: (v) => (v.length === 1 ? parseFlexBasis(v[0]) : null),
    apply: (env, v: 'auto' | 'content' | MathExpr) => {
      if (typeof v === 'string') { env.s.flexBasis = v; return; }
      const l = computeLength(v, env, true);
      // 0% stays a percentage (it resolves against an indefinite main size as content); 0px does not.
      env.s.flexBasis = l.pct === 0 && hasPct(v) ? Object.defineProperty({ px: l.px, pct: 0 }, 'zeroPct', { value: true, enumerable: false }) : l;
    },
  },
  {
    name: 'order', inherited: false, fields: ['order'],
    parse: (v) => { const n = v.length === 1 ? parseInteger(v[0]) : NaN; return Number.isNaN(n) ? null : n; },
    apply: (env, v: number) => { env.s.order = v; },
  },
  alignRow('justify-content', 'justifyContent', JUSTIFY_CONTENT),
  alignRow('align-items', 'alignItems', ALIGN_ITEMS),
  alignRow('align-self', 'alignSelf', ['auto', ...ALIGN_ITEMS]),
  alignRow('align-content', 'alignContent', ALIGN_CONTENT),
  alignRow('justify-items', 'justifyItems', JUSTIFY_ITEMS),
  alignRow('justify-self', 'justifySelf', ['auto', ...JUSTIFY_ITEMS.filter((k) => k !== 'legacy')]),
  lengthRow('row-gap', 'rowGap', false, { pct: true, nonNegative: true, keywords: ['normal'] }),
  lengthRow('column-gap', 'columnGap', false, { pct: true, nonNegative: true, keywords: ['normal'] }),
  trackRow('grid-template-columns', 'gridTemplateColumns'),
  trackRow('grid-template-rows', 'gridTemplateRows'),
  {
    name: 'grid-template-areas', inherited: false, fields: ['gridTemplateAreas'],
    parse: (v) => {
      if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return 'none';
      if (v.length === 0 || v.some((n) => n.t !== 'str')) return null;
      return parseAreas(v.map((n) => (n as { v: string }).v));
    },
    apply: (env, v: string[][] | 'none') => { env.s.gridTemplateAreas = v; },
  },
  trackRow('grid-auto-columns', 'gridAutoColumns'),
  trackRow('grid-auto-rows', 'gridAutoRows'),
  {
    name: 'grid-auto-flow', inherited: false, fields: ['gridAutoFlow'],
    parse: (v) => {
      const ids = v.map((n) => (n.t === 'ident' ? n.lc : ''));
      if (ids.length < 1 || ids.length > 2 || new Set(ids).size !== ids.length) return null;
      const dense = ids.includes('dense');
      const dir = ids.find((i) => i !== 'dense') ?? 'row';
      if ((dir !== 'row' && dir !== 'column') || ids.length - (dense ? 1 : 0) > 1) return null;
      return dense ? `${dir} dense` : dir;
    },
    apply: (env, v: ComputedStyle['gridAutoFlow']) => { env.s.gridAutoFlow = v; },
  },
  gridLineRow('grid-column-start', 'gridColumnStart'),
  gridLineRow('grid-column-end', 'gridColumnEnd'),
  gridLineRow('grid-row-start', 'gridRowStart'),
  gridLineRow('grid-row-end', 'gridRowEnd'),
];

export { parseTrackList, type TrackSpec };
