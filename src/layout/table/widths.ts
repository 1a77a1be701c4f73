// In: a table grid, the cells' intrinsic sizes (through the LayoutContext) and the space for columns.
// Out: column constraints (min/max-content, percent, fixed) and used column widths in px (css-tables-3 §3.9, CSS 2.1 §17.5.2).
import type { TableBox, TableCellBox } from '../../box/types.ts';
import type { LengthPctAuto } from '../../css/computed.ts';
import type { LayoutContext } from '../context.ts';
import type { Edges } from '../fragment.ts';
import { borderOf, paddingOf, sizeValue } from '../box-model.ts';
import { AlikeCells, soleText, type GridCell, type TableGrid } from './grid.ts';
import { RenderMemo } from '../render-memo.ts';

/** Per-column constraints, px (border-box widths of the cells, spacing excluded); pct 0–100 or null. */
export interface ColumnConstraints { min: number[]; max: number[]; pct: Array<number | null>; fixed: boolean[] }

/** Content min/max of cells whose `width` is set, measured as if it were auto (cached per box and render: box trees are immutable). */
const autoSized = new RenderMemo<TableCellBox, { min: number; max: number }>();

function contentSizes(cell: TableCellBox, ctx: LayoutContext): { min: number; max: number } {
  if (cell.style.width === 'auto' && !sizeValue(cell.style.minWidth, null)) return ctx.intrinsicSizes(cell);
  const memo = autoSized.of(ctx.fonts);
  let r = memo.get(cell);
  if (!r) {
    r = ctx.intrinsicSizes({ ...cell, style: { ...cell.style, width: 'auto', minWidth: 'auto', maxWidth: 'none' } });
    memo.set(cell, r);
  }
  return r;
}

/** A fixed length (px) or a percentage (0–100) of a width value; null for auto. */
function widthSpec(w: LengthPctAuto): { px: number } | { pct: number } | null {
  if (w === 'auto') return null;
  if (w.pct === 0) return { px: w.px };
  if (w.px === 0 && w.pct > 0) return { pct: w.pct };
  return null;
}

/**
 * The cell's min/max-content border-box widths (css-tables-3 §3.9.1): content sizes plus padding
 * and borders (`borders`: the used widths, half-borders when collapsing). A fixed `width` makes the
 * cell constrained: its max becomes max(min, width); a percentage marks the column.
 */
function cellConstraint(gc: GridCell, ctx: LayoutContext, borders: Edges | null, alike: AlikeCells<{ min: number; max: number }>): { min: number; max: number; fixed: number | null; pct: number | null } {
  const s = gc.cell.style;
  const own = borderOf(s), p = paddingOf(s, null);
  const bd = borders ?? own;
  const text = soleText(gc.cell);
  let r = text ? alike.get(s, text, 0, 0) : undefined;
  if (!r) { r = contentSizes(gc.cell, ctx); if (text) alike.set(s, text, 0, 0, r); }
  // The intrinsic sizes include the cell's own borders and padding; swap in the used borders.
  const delta = bd.left + bd.right - own.left - own.right;
  let min = Math.max(0, r.min + delta), max = Math.max(min, r.max + delta);
  const bp = bd.left + bd.right + p.left + p.right;
  const spec = widthSpec(s.width);
  let fixed: number | null = null, pct: number | null = null;
  if (spec && 'px' in spec) {
    fixed = s.boxSizing === 'border-box' ? Math.max(spec.px, bp) : spec.px + bp;
    max = Math.max(min, fixed);
  } else if (spec && 'pct' in spec) pct = spec.pct;
  const mw = sizeValue(s.minWidth, null);
  if (mw !== null) { const m = s.boxSizing === 'border-box' ? mw : mw + bp; min = Math.max(min, m); max = Math.max(max, m); }
  // A max-width caps both contributions and a specified width (Blink's CreateCellInlineConstraint): the `max-width: 0`
  // of an ellipsis cell keeps its nowrap text from widening a column whose width is a percentage or a length.
  const xw = sizeValue(s.maxWidth, null);
  if (xw !== null) {
    const cap = s.boxSizing === 'border-box' ? Math.max(xw, bp) : xw + bp;
    min = Math.min(min, cap);
    if (fixed !== null) fixed = Math.min(fixed, cap);
    max = Math.max(min, Math.min(max, cap));
  }
  return { min, max, fixed, pct };
}

/**
 * Column constraints (css-tables-3 §3.9.1–3.9.2): single-column cells first (a constrained cell's
 * max wins over unconstrained ones), <col>/<colgroup> widths, then spanning cells by increasing
 * span (then starting column), as Blink's DistributeColspanCellToColumnsAuto: a spanning cell's
 * percentage beyond its columns' goes to its non-percentage columns in proportion to their max; its
 * min-content and max-content, less the border spacing between its columns (`spacing`), are
 * distributed over them with the width distribution algorithm (§3.9.3, distributeWidth), each
 * column keeping the larger of its own and its share. `cellBorders` gives the used borders of a
 * cell (collapsing model) or null.
 */
export function columnConstraints(grid: TableGrid, ctx: LayoutContext, cellBorders: (gc: GridCell) => Edges | null, spacing = 0): ColumnConstraints {
  const n = grid.cols;
  const min = new Array<number>(n).fill(0), max = new Array<number>(n).fill(0);
  const pct = new Array<number | null>(n).fill(null), fixed = new Array<boolean>(n).fill(false);
  const fixedMax = new Array<number>(n).fill(0);
  grid.columns.forEach((c, i) => {
    const w = widthSpec(c.col?.style.width ?? 'auto') ?? widthSpec(c.group?.style.width ?? 'auto');
    if (w && 'px' in w) { fixed[i] = true; fixedMax[i] = Math.max(fixedMax[i], w.px); }
    else if (w && 'pct' in w) pct[i] = w.pct;
  });
  const spanning: Array<{ gc: GridCell; k: ReturnType<typeof cellConstraint> }> = [];
  const alike = new AlikeCells<{ min: number; max: number }>();
  for (const gc of grid.cells) {
    ctx.limits.check();
    const k = cellConstraint(gc, ctx, cellBorders(gc), alike);
    if (gc.colspan > 1 || gc.modelSpan !== undefined) { spanning.push({ gc, k }); continue; }
    const i = gc.col;
    min[i] = Math.max(min[i], k.min);
    max[i] = Math.max(max[i], k.max);
    if (k.fixed !== null) { fixed[i] = true; fixedMax[i] = Math.max(fixedMax[i], k.max); }
    if (k.pct !== null) pct[i] = Math.max(pct[i] ?? 0, k.pct);
  }
  for (let i = 0; i < n; i++) {
    if (fixed[i]) max[i] = Math.max(min[i], fixedMax[i]);
    if (max[i] < min[i]) max[i] = min[i];
  }
  spanning.sort((a, b) => a.gc.colspan - b.gc.colspan || a.gc.col - b.gc.col);
  for (const { gc, k } of spanning) {
    const idx: number[] = [];
    for (let c = gc.col; c < Math.min(n, gc.col + gc.colspan); c++) idx.push(c);
    if (idx.length === 0) continue;
    if (k.pct !== null) {
      const have = idx.reduce((s, i) => s + (pct[i] ?? 0), 0);
      const free = idx.filter((i) => pct[i] === null);
      const extra = k.pct - have;
      if (extra > 0 && free.length > 0) {
        const tot = free.reduce((s, i) => s + max[i], 0);
        for (const i of free) pct[i] = extra * (tot > 0 ? max[i] / tot : 1 / free.length);
      }
    }
    const inner = (idx.length - 1) * spacing;
    const sub = (): ColumnConstraints => ({ min: idx.map((i) => min[i]), max: idx.map((i) => max[i]), pct: idx.map((i) => pct[i]), fixed: idx.map((i) => fixed[i]) });
    const mins = autoColumnWidths(sub(), Math.max(0, k.min - inner));
    idx.forEach((i, j) => { min[i] = Math.max(min[i], mins[j]!); });
    const maxs = autoColumnWidths(sub(), Math.max(0, k.max - inner), k.fixed !== null);
    idx.forEach((i, j) => { max[i] = Math.max(min[i], max[i], maxs[j]!); });
  }
  return { min, max, pct, fixed };
}

/**
 * Chromium sizes table columns in LayoutUnits (1/64 px, css-tables-3 §3.9 as Blink's table_layout_utils.cc): the
 * columns' min/max-content widths are rounded up to them and shares are cut with integer arithmetic (the last growing
 * column takes what rounding leaves), so a column is never 0.03 px wider than Chromium's and a line that just fits
 * there wraps here too. Raw units in, raw units out.
 */
const LU = 64;
const upLU = (px: number): number => Math.ceil(px * LU - 1e-6);
const nearLU = (px: number): number => Math.round(px * LU);
/** Blink's LayoutUnit::MulDiv: a × m / d, truncated (all values here are >= 0). */
const mulDiv = (a: number, m: number, d: number): number => Math.floor((a * m) / d);

/**
 * The grid's min-content and max-content widths (columns only, px). With percentage columns the
 * max-content is widened so each percentage can be honoured (css-tables-3 §3.9.2, as Blink:
 * max(col max × 100 / pct) and the non-percent max / (1 − Σpct)); capped at 1,000,000 px.
 */
export function gridMinMax(k: ColumnConstraints): { min: number; max: number } {
  let min = 0, max = 0, pctSum = 0, pctMax = 0, nonPct = 0;
  for (let i = 0; i < k.min.length; i++) {
    min += upLU(k.min[i]) / LU;
    max += upLU(k.max[i]) / LU;
    const p = k.pct[i];
    if (p !== null && p > 0) { pctSum += p; pctMax = Math.max(pctMax, k.max[i] * 100 / p); } else nonPct += k.max[i];
  }
  if (pctSum > 0) {
    const rest = 100 - Math.min(100, pctSum);
    const grow = rest > 0 ? nonPct * 100 / rest : nonPct > 0 ? 1e6 : 0;
    max = Math.max(max, pctMax, grow);
  }
  return { min, max: Math.min(1e6, Math.max(min, max)) };
}

/**
 * Used column widths for `target` px of columns (automatic layout, css-tables-3 §3.9.3 "distributing width to the
 * columns", in LayoutUnits as Blink): the min-content, percentage, specified and max-content guesses; the columns that
 * grow between the two guesses that bracket the target get shares of the difference in proportion to their growth (the
 * last one takes the rounding rest); a target equal to the max-content guess gives every column its max. Past the
 * max-content guess the excess goes to auto columns in proportion to their max, else to fixed columns (unless the
 * target is not `constrained`: a spanning cell without a fixed width does not widen fixed columns past their width), else
 * to percentage columns by percent. Below the min-content guess every column gets its min (the table overflows).
 */
export function autoColumnWidths(k: ColumnConstraints, target: number, constrained = true): number[] {
  const n = k.min.length;
  if (n === 0) return [];
  const T = nearLU(target);
  const min = k.min.map(upLU), max = k.max.map((v, i) => Math.max(min[i]!, upLU(v)));
  let pctLeft = 100;
  const pctW = k.pct.map((p, i) => {
    if (p === null) return null;
    const q = Math.max(0, Math.min(p, pctLeft));
    pctLeft -= q;
    return Math.max(min[i]!, Math.floor(q * T / 100));
  });
  const kind = (i: number): 'pct' | 'fixed' | 'auto' => (pctW[i] !== null ? 'pct' : k.fixed[i] ? 'fixed' : 'auto');
  // The guesses (§3.9.3): each column's width under it, and which columns grow from the guess before.
  const gMin = min;
  const gPct = min.map((m, i) => pctW[i] ?? m);
  const gSpec = min.map((m, i) => pctW[i] ?? (kind(i) === 'fixed' ? max[i]! : m));
  const gMax = min.map((m, i) => pctW[i] ?? max[i]!);
  const guesses = [gMin, gPct, gSpec, gMax];
  const sum = (g: number[]): number => g.reduce((s, v) => s + v, 0);
  const toPx = (g: number[]): number[] => g.map((v) => v / LU);
  if (T <= sum(gMin)) return toPx(gMin);
  for (let j = 1; j < guesses.length; j++) {
    const hi = guesses[j]!, lo = guesses[j - 1]!;
    if (T > sum(hi)) continue;
    if (T === sum(hi)) return toPx(hi);
    const growing = lo.map((v, i) => hi[i]! - v);
    return toPx(share(lo, growing, T - sum(lo)));
  }
  // Above the max-content guess.
  const idx = (want: 'pct' | 'fixed' | 'auto'): number[] => [...Array(n).keys()].filter((i) => kind(i) === want);
  const auto = idx('auto'), fix = idx('fixed'), pcts = idx('pct');
  const weights = gMax.map(() => 0);
  if (auto.length > 0) for (const i of auto) weights[i] = max[i]! || 1;
  else if (fix.length > 0 && constrained) for (const i of fix) weights[i] = max[i]! || 1;
  else if (pcts.length > 0) for (const i of pcts) weights[i] = k.pct[i] || 1;
  else return toPx(gMax);
  return toPx(share(gMax, weights, T - sum(gMax)));
}

/** `base` plus `amount` shared in proportion to `weights` (integer units, truncated; the last weighted column takes the rest). */
function share(base: number[], weights: number[], amount: number): number[] {
  const total = weights.reduce((s, v) => s + v, 0);
  const out = base.slice();
  let rest = amount, last = -1;
  for (let i = 0; i < out.length; i++) {
    if (weights[i]! <= 0) continue;
    const d = total > 0 ? mulDiv(amount, weights[i]!, total) : 0;
    out[i]! += d;
    rest -= d;
    last = i;
  }
  if (last >= 0) out[last]! += rest;
  return out;
}

/**
 * Fixed layout, as Chromium 156 lays it out: when the columns with a percentage width (the percentage of the table's
 * grid plus the cell's padding and borders) and those with a length overflow the grid, the percentage columns shrink
 * in proportion until they fit beside the length columns (auto columns get nothing); the table keeps its width.
 * Length columns alone still widen the table. Measured: three `width: 33%; padding: 12px` cells in a 600px table
 * (10px spacing) are 187.25, 187.25, 185.5 px wide (natural 210.8, 210.8, 208.8); 60% with 100px of padding beside
 * 40% is 394.28 / 205.72. Mutates `out`.
 */
function shrinkPercentColumns(out: Array<number | null>, pct: readonly boolean[], avail: number): void {
  let pctSum = 0, lenSum = 0;
  out.forEach((v, i) => { if (v !== null) { if (pct[i]) pctSum += v; else lenSum += v; } });
  if (pctSum <= 0 || pctSum + lenSum <= avail) return;
  const k = Math.max(0, avail - lenSum) / pctSum;
  out.forEach((v, i) => { if (v !== null && pct[i]) out[i] = v * k; });
}

/**
 * Fixed table layout (CSS 2.1 §17.5.2.1): widths from the columns, then the first row's cells;
 * the remaining columns share what is left equally; when every column has a width and they
 * sum to less than `avail`, they grow in proportion. `avail` is the space for columns, px.
 */
export function fixedColumnWidths(grid: TableGrid, table: TableBox, avail: number, cellBorders: (gc: GridCell) => Edges | null): number[] {
  void table;
  const n = grid.cols;
  const out: Array<number | null> = new Array(n).fill(null);
  const pct = new Array<boolean>(n).fill(false);
  grid.columns.forEach((c, i) => {
    const w = c.col?.style.width ?? 'auto';
    const v = w !== 'auto' ? w : c.group?.style.width ?? 'auto';
    if (v !== 'auto') { out[i] = v.px + v.pct * avail / 100; pct[i] = v.pct !== 0; }
  });
  const first = grid.rows[0];
  if (first) {
    for (const gc of first.cells) {
      const s = gc.cell.style;
      const w = sizeValue(s.width, avail);
      if (w === null) continue;
      const b = cellBorders(gc) ?? borderOf(s), p = paddingOf(s, avail);
      const bw = s.boxSizing === 'border-box' ? w : w + b.left + b.right + p.left + p.right;
      const idx: number[] = [];
      for (let c = gc.col; c < Math.min(n, gc.col + gc.colspan); c++) if (out[c] === null) idx.push(c);
      for (const i of idx) { out[i] = bw / gc.colspan; pct[i] = s.width !== 'auto' && s.width.pct !== 0; }
    }
  }
  shrinkPercentColumns(out, pct, avail);
  const used = out.reduce<number>((s, v) => s + (v ?? 0), 0);
  const rest = out.filter((v) => v === null).length;
  const share = rest > 0 ? Math.max(0, avail - used) / rest : 0;
  const widths = out.map((v) => Math.max(0, v ?? share));
  const total = widths.reduce((s, v) => s + v, 0);
  if (rest === 0 && total < avail && total > 0) return widths.map((v) => v * avail / total);
  return widths;
}
