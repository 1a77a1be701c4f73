// In: a grid container's computed style (template tracks, areas, auto-flow) and its items' grid-row/column-start/end.
// Out: every item's grid area (0-based track indexes and spans) and the track counts of the explicit + implicit grid.
import type { Box } from '../../box/types.ts';
import type { ComputedStyle, GridLine, TrackSize } from '../../css/computed.ts';
import { explicitAxis, namedLine } from './template.ts';

/** A grid item placed in its grid area: tracks [row, row + rowSpan) × [col, col + colSpan), 0-based from the grid's first (possibly implicit) track. */
export interface PlacedItem {
  box: Box;
  row: number; rowSpan: number;
  col: number; colSpan: number;
}

/** The grid after placement (css-grid-1 §8.5): the items and, per axis, the track sizing functions of every track. */
export interface GridPlacement {
  items: PlacedItem[];
  /** Sizing functions of each column / row track, implicit tracks included (grid-auto-columns/rows cycled). */
  columns: TrackSize[];
  rows: TrackSize[];
}

/** Implementation limit on grid lines (css-grid-1 §8.3.1 allows clamping): lines beyond ±MAX_LINE are clamped. */
export const MAX_LINE = 1000;

interface Area { r0: number; r1: number; c0: number; c1: number }
/** One axis of one item before auto-placement: a definite start line (0-based, may be negative) or null, and a span. */
interface AxisPos { start: number | null; span: number }

/** Named areas of grid-template-areas as 0-based line ranges (css-grid-1 §7.3). Cached per areas array. */
const areaCache = new WeakMap<string[][], Map<string, Area>>();
function areasOf(rows: string[][]): Map<string, Area> {
  const hit = areaCache.get(rows);
  if (hit) return hit;
  const m = new Map<string, Area>();
  rows.forEach((r, y) => r.forEach((name, x) => {
    if (name === '.') return;
    const a = m.get(name);
    if (!a) m.set(name, { r0: y, r1: y + 1, c0: x, c1: x + 1 });
    else { a.r0 = Math.min(a.r0, y); a.r1 = Math.max(a.r1, y + 1); a.c0 = Math.min(a.c0, x); a.c1 = Math.max(a.c1, x + 1); }
  }));
  areaCache.set(rows, m);
  return m;
}

const clampLine = (n: number): number => Math.max(-MAX_LINE, Math.min(MAX_LINE, n));

/**
 * Resolves one axis's start/end grid-placement properties (css-grid-1 §8.3, §8.4 conflict rules)
 * against `explicit` tracks: line numbers (1-based, negative from the end), spans, area names
 * (`name`, `name-start`, `name-end` via the implicitly named lines of grid-template-areas).
 * Names matching no area are treated as auto.
 */
function resolveAxis(start: GridLine, end: GridLine, explicit: number, areas: Map<string, Area> | null, rowAxis: boolean, names: string[][] | null = null): AxisPos {
  const lineOf = (g: GridLine, isStart: boolean): number | null => {
    if (g.kind === 'line' && g.name !== undefined) { const l = namedLine(names, g.name, g.line, explicit + 1); return l === null ? null : clampLine(l); }
    if (g.kind === 'line') return clampLine(g.line > 0 ? g.line - 1 : explicit + 1 + g.line);
    if (g.kind === 'area' && areas) {
      let name = g.name, side = isStart;
      if (!areas.has(name) && name.endsWith('-start')) { name = name.slice(0, -6); side = true; }
      else if (!areas.has(name) && name.endsWith('-end')) { name = name.slice(0, -4); side = false; }
      const a = areas.get(name);
      if (a) return rowAxis ? (side ? a.r0 : a.r1) : (side ? a.c0 : a.c1);
    }
    // Named lines (§8.3.1): `<name>-start` / `<name>-end` first, then the first line called `<name>`.
    if (g.kind === 'area' && names) return namedLine(names, `${g.name}-${isStart ? 'start' : 'end'}`, 1, explicit + 1) ?? namedLine(names, g.name, 1, explicit + 1);
    return null;
  };
  const spanOf = (g: GridLine): number | null => (g.kind === 'span' ? Math.max(1, Math.min(MAX_LINE, g.span)) : null);
  const s = lineOf(start, true), e = lineOf(end, false);
  if (s !== null && e !== null) {
    if (s === e) return { start: s, span: 1 };
    return { start: Math.min(s, e), span: Math.abs(e - s) };
  }
  if (s !== null) return { start: s, span: spanOf(end) ?? 1 };
  if (e !== null) { const sp = spanOf(start) ?? 1; return { start: e - sp, span: sp }; }
  return { start: null, span: spanOf(start) ?? spanOf(end) ?? 1 };
}

/** The track sizing function of track `i` of an axis: explicit template, else grid-auto-* cycled (§7.6, negative indexes count back). */
function trackAt(i: number, template: TrackSize[], auto: TrackSize[]): TrackSize {
  if (i >= 0 && i < template.length) return template[i];
  const list = auto.length > 0 ? auto : [{ kind: 'auto' } as TrackSize];
  const k = i >= template.length ? i - template.length : i;
  const n = list.length;
  return list[((k % n) + n) % n];
}

/** Occupancy of grid cells while auto-placing, in (major, minor) coordinates. */
class Occupancy {
  private readonly rows: Uint8Array[] = [];
  constructor(private readonly minorCount: number) {}
  fits(major: number, minor: number, majorSpan: number, minorSpan: number): boolean {
    if (minor < 0 || minor + minorSpan > this.minorCount) return false;
    for (let a = major; a < major + majorSpan; a++) {
      const r = this.rows[a];
      if (!r) continue;
      for (let b = minor; b < minor + minorSpan; b++) if (r[b]) return false;
    }
    return true;
  }
  mark(major: number, minor: number, majorSpan: number, minorSpan: number): void {
    for (let a = major; a < major + majorSpan; a++) {
      const r = this.rows[a] ?? (this.rows[a] = new Uint8Array(this.minorCount));
      for (let b = minor; b < minor + minorSpan && b < this.minorCount; b++) if (b >= 0) r[b] = 1;
    }
  }
}

/**
 * Places a grid container's in-flow items (css-grid-1 §8.5 grid item placement algorithm):
 * definite positions first, then items locked to a row (column with column flow), then the rest
 * by the auto-placement cursor, sparse or dense. `items` are in order-modified document order.
 * Implicit tracks are added after (and, for negative lines, before) the explicit grid.
 */
export function placeGridItems(style: ComputedStyle, items: Box[], reps: { cols: number; rows: number } = { cols: 1, rows: 1 }): GridPlacement {
  const areaRows = style.gridTemplateAreas === 'none' ? null : style.gridTemplateAreas;
  const areas = areaRows ? areasOf(areaRows) : null;
  const xCols = explicitAxis(style, true, reps.cols), xRows = explicitAxis(style, false, reps.rows);
  const tCols = xCols.tracks, tRows = xRows.tracks;
  const explicitCols = Math.max(tCols.length, areaRows ? areaRows[0].length : 0);
  const explicitRows = Math.max(tRows.length, areaRows ? areaRows.length : 0);
  const columnFlow = style.gridAutoFlow.startsWith('column');
  const dense = style.gridAutoFlow.endsWith('dense');
  // Per item: row and column positions; in (major, minor) terms major is the axis that grows (rows for row flow).
  const pos = items.map((b) => ({
    box: b,
    r: resolveAxis(b.style.gridRowStart, b.style.gridRowEnd, explicitRows, areas, true, xRows.names),
    c: resolveAxis(b.style.gridColumnStart, b.style.gridColumnEnd, explicitCols, areas, false, xCols.names),
  }));
  // Shift so that implicit tracks before the explicit grid (negative lines) get indexes >= 0.
  let rowShift = 0, colShift = 0;
  for (const p of pos) {
    if (p.r.start !== null) rowShift = Math.max(rowShift, -p.r.start);
    if (p.c.start !== null) colShift = Math.max(colShift, -p.c.start);
  }
  for (const p of pos) {
    if (p.r.start !== null) p.r.start += rowShift;
    if (p.c.start !== null) p.c.start += colShift;
  }
  const maj = (p: typeof pos[number]): AxisPos => (columnFlow ? p.c : p.r);
  const min = (p: typeof pos[number]): AxisPos => (columnFlow ? p.r : p.c);
  // Minor-axis track count: explicit, definite placements, and the largest span of auto items (§8.5 step 2).
  let minorCount = (columnFlow ? explicitRows + rowShift : explicitCols + colShift);
  for (const p of pos) {
    const m = min(p);
    minorCount = Math.max(minorCount, m.start !== null ? m.start + m.span : m.span);
  }
  minorCount = Math.max(1, Math.min(minorCount, 2 * MAX_LINE + 1));
  const occ = new Occupancy(minorCount);
  // 1. Items with definite positions in both axes.
  for (const p of pos) if (p.r.start !== null && p.c.start !== null) occ.mark(maj(p).start as number, min(p).start as number, maj(p).span, min(p).span);
  // 2. Items locked to a major track (definite major position, auto minor).
  const lockCursor = new Map<number, number>();
  for (const p of pos) {
    const a = maj(p), b = min(p);
    if (a.start === null || b.start !== null) continue;
    let c = dense ? 0 : (lockCursor.get(a.start) ?? 0);
    while (c + b.span <= minorCount && !occ.fits(a.start, c, a.span, b.span)) c++;
    if (c + b.span > minorCount) c = Math.max(0, minorCount - b.span); // no room: overlap at the end (spec would add tracks; rare)
    b.start = c;
    occ.mark(a.start, c, a.span, b.span);
    lockCursor.set(a.start, c + b.span);
  }
  // 3. Everything else with the auto-placement cursor.
  let curMaj = 0, curMin = 0;
  const guard = 4 * MAX_LINE * MAX_LINE;
  for (const p of pos) {
    const a = maj(p), b = min(p);
    if (a.start !== null) continue;
    if (dense) { curMaj = 0; curMin = 0; }
    let steps = 0;
    if (b.start !== null) {
      // Definite minor position: move the cursor's minor to it (next major track when behind, sparse).
      if (!dense && b.start < curMin) curMaj++;
      curMin = b.start;
      while (!occ.fits(curMaj, curMin, a.span, b.span) && steps++ < guard) curMaj++;
    } else {
      for (;;) {
        if (curMin + b.span > minorCount) { curMaj++; curMin = 0; }
        if (occ.fits(curMaj, curMin, a.span, b.span) || steps++ > guard) break;
        curMin++;
      }
      b.start = curMin;
    }
    a.start = curMaj;
    occ.mark(curMaj, b.start, a.span, b.span);
    curMin = b.start + b.span;
  }
  const placed: PlacedItem[] = pos.map((p) => ({ box: p.box, row: p.r.start as number, rowSpan: p.r.span, col: p.c.start as number, colSpan: p.c.span }));
  let nRows = explicitRows + rowShift, nCols = explicitCols + colShift;
  for (const it of placed) { nRows = Math.max(nRows, it.row + it.rowSpan); nCols = Math.max(nCols, it.col + it.colSpan); }
  const columns: TrackSize[] = [], rows: TrackSize[] = [];
  for (let i = 0; i < nCols; i++) columns.push(trackAt(i - colShift, tCols, style.gridAutoColumns));
  for (let i = 0; i < nRows; i++) rows.push(trackAt(i - rowShift, tRows, style.gridAutoRows));
  // repeat(auto-fit, …): empty repeated tracks collapse (§7.2.3.2) — removed, with the gutters on their sides.
  if (xCols.fitRange) collapseEmpty(placed, columns, xCols.fitRange[0] + colShift, xCols.fitRange[1] + colShift, true);
  if (xRows.fitRange) collapseEmpty(placed, rows, xRows.fitRange[0] + rowShift, xRows.fitRange[1] + rowShift, false);
  return { items: placed, columns, rows };
}

/** Removes the tracks in [from, to) that no item occupies from `tracks`, renumbering the items' positions in that axis. */
function collapseEmpty(placed: PlacedItem[], tracks: TrackSize[], from: number, to: number, cols: boolean): void {
  const occupied = new Uint8Array(tracks.length);
  for (const it of placed) {
    const s = cols ? it.col : it.row, n = cols ? it.colSpan : it.rowSpan;
    for (let i = s; i < s + n && i < tracks.length; i++) occupied[i] = 1;
  }
  const newIndex = new Int32Array(tracks.length + 1);
  let k = 0;
  for (let i = 0; i <= tracks.length; i++) {
    newIndex[i] = k;
    if (i < tracks.length && (occupied[i] || i < from || i >= to)) k++;
  }
  if (k === tracks.length) return;
  for (const it of placed) {
    if (cols) { const e = newIndex[it.col + it.colSpan]; it.col = newIndex[it.col]; it.colSpan = e - it.col; }
    else { const e = newIndex[it.row + it.rowSpan]; it.row = newIndex[it.row]; it.rowSpan = e - it.row; }
  }
  const kept = tracks.filter((_, i) => occupied[i] || i < from || i >= to);
  tracks.length = 0;
  tracks.push(...kept);
}
