/**
 * The table grid and column widths (CSS 2.1 §17.5, §17.5.2.1 fixed and §17.5.2.2 automatic table layout, as browsers do it).
 * In: a TableBox, a LayoutContext for cell intrinsic sizes, the available width. Out: cell slots and used column widths in px.
 */
import type { TableBox, TableCellBox, TableRowBox, TableRowGroupBox, TableColumnBox } from '../box/types.ts';
import type { LayoutContext } from './context.ts';
import { borderOf, paddingOf, sizeValue, toContent } from './box-model.ts';

/** A cell placed in the grid: its row (flattened over the row groups) and first column, and its spans. */
export interface GridCell { cell: TableCellBox; row: number; col: number; colspan: number; rowspan: number }

/** The table grid: rows in visual order (header groups first, footer groups last), cells by slot. */
export interface TableGrid {
  rows: Array<{ row: TableRowBox; group: TableRowGroupBox; cells: GridCell[] }>;
  cols: number;
  cells: GridCell[];
}

/** Orders the row groups (thead first, tfoot last, §17.2) and places every cell in the first free slot (the HTML table model). */
export function buildGrid(table: TableBox): TableGrid {
  const header = table.rowGroups.find((g) => g.role === 'header');
  const footer = table.rowGroups.find((g) => g.role === 'footer');
  const groups = [...(header ? [header] : []), ...table.rowGroups.filter((g) => g !== header && g !== footer), ...(footer ? [footer] : [])];
  const rows: TableGrid['rows'] = [];
  for (const g of groups) for (const r of g.rows) rows.push({ row: r, group: g, cells: [] });
  const occupied: boolean[][] = rows.map(() => []);
  const cells: GridCell[] = [];
  let cols = 0;
  rows.forEach((r, ri) => {
    let col = 0;
    for (const cell of r.row.cells) {
      while (occupied[ri][col]) col++;
      const colspan = Math.max(1, Math.min(1000, cell.colspan | 0 || 1));
      let rowspan = Math.max(0, cell.rowspan | 0);
      // rowspan 0 spans to the end of the group; spans never leave their row group (§17.2.1 HTML model).
      const groupEnd = rows.findIndex((x, k) => k > ri && x.group !== r.group);
      const maxSpan = (groupEnd < 0 ? rows.length : groupEnd) - ri;
      rowspan = rowspan === 0 ? maxSpan : Math.min(rowspan, maxSpan);
      const gc: GridCell = { cell, row: ri, col, colspan, rowspan };
      for (let y = ri; y < ri + rowspan; y++) for (let x = col; x < col + colspan; x++) occupied[y][x] = true;
      cells.push(gc);
      r.cells.push(gc);
      col += colspan;
      cols = Math.max(cols, col);
    }
  });
  for (const c of table.columns) cols = Math.max(cols, columnCount(c));
  return { rows, cols, cells };
}

function columnCount(c: TableColumnBox): number {
  if (c.group && c.columns.length > 0) return c.columns.reduce((n, k) => n + columnCount(k), 0);
  return Math.max(1, c.span | 0);
}

/** The `width` of each column from <col>/<colgroup> (px or percent), or null. */
function columnSpecs(table: TableBox, cols: number): Array<{ px: number | null; pct: number | null }> {
  const out: Array<{ px: number | null; pct: number | null }> = Array.from({ length: cols }, () => ({ px: null, pct: null }));
  let i = 0;
  const visit = (c: TableColumnBox, inherited: TableColumnBox | null): void => {
    if (c.group && c.columns.length > 0) { for (const k of c.columns) visit(k, c); return; }
    const span = Math.max(1, c.span | 0);
    const w = c.style.width !== 'auto' ? c.style.width : inherited && inherited.style.width !== 'auto' ? inherited.style.width : null;
    for (let k = 0; k < span && i < cols; k++, i++) {
      if (!w) continue;
      if (w.pct !== 0 && w.px === 0) out[i].pct = w.pct; else if (w.pct === 0) out[i].px = w.px;
    }
  };
  for (const c of table.columns) visit(c, null);
  return out;
}

/** Min/max-content widths of each column and the percentage columns (§17.5.2.2 steps 1–3, colspans spread by max width). */
export function columnSizes(grid: TableGrid, table: TableBox, ctx: LayoutContext, collapse: boolean): { min: number[]; max: number[]; pct: Array<number | null>; fixed: boolean[] } {
  const n = grid.cols;
  const min = new Array<number>(n).fill(0), max = new Array<number>(n).fill(0);
  const pct = new Array<number | null>(n).fill(null), fixed = new Array<boolean>(n).fill(false);
  const specs = columnSpecs(table, n);
  specs.forEach((s, i) => {
    if (s.px !== null) { min[i] = Math.max(min[i], s.px); max[i] = Math.max(max[i], s.px); fixed[i] = true; }
    if (s.pct !== null) pct[i] = s.pct;
  });
  const cellSize = (gc: GridCell): { min: number; max: number; px: number | null; pct: number | null } => {
    const s = gc.cell.style;
    const r = ctx.intrinsicSizes(gc.cell);
    const b = borderOf(s), p = paddingOf(s, null);
    const bp = (collapse ? (b.left + b.right) / 2 : b.left + b.right) + p.left + p.right;
    const w = s.width;
    let px: number | null = null, pc: number | null = null;
    if (w !== 'auto' && w.pct === 0) px = toContent(w.px, s, bp) + bp;
    else if (w !== 'auto' && w.px === 0 && w.pct > 0) pc = w.pct;
    let mn = r.min, mx = r.max;
    if (px !== null) { mn = Math.max(mn, px); mx = Math.max(mn, px); }
    return { min: mn, max: mx, px, pct: pc };
  };
  const spanning: Array<{ gc: GridCell; sz: ReturnType<typeof cellSize> }> = [];
  for (const gc of grid.cells) {
    const sz = cellSize(gc);
    if (gc.colspan === 1) {
      const i = gc.col;
      min[i] = Math.max(min[i], sz.min);
      max[i] = Math.max(max[i], sz.max);
      if (sz.px !== null) fixed[i] = true;
      if (sz.pct !== null) pct[i] = Math.max(pct[i] ?? 0, sz.pct);
    } else spanning.push({ gc, sz });
  }
  spanning.sort((a, b) => a.gc.colspan - b.gc.colspan);
  for (const { gc, sz } of spanning) {
    const idx = Array.from({ length: Math.min(gc.colspan, n - gc.col) }, (_, k) => gc.col + k);
    if (idx.length === 0) continue;
    const spread = (arr: number[], need: number): void => {
      const have = idx.reduce((s, i) => s + arr[i], 0);
      if (need <= have) return;
      const weights = idx.map((i) => max[i]);
      const total = weights.reduce((s, v) => s + v, 0);
      idx.forEach((i, k) => { arr[i] += (need - have) * (total > 0 ? weights[k] / total : 1 / idx.length); });
    };
    spread(min, sz.min);
    spread(max, sz.max);
    for (const i of idx) if (max[i] < min[i]) max[i] = min[i];
  }
  for (let i = 0; i < n; i++) if (max[i] < min[i]) max[i] = min[i];
  return { min, max, pct, fixed };
}

/**
 * Used column widths for a table whose columns get `avail` px in total (the table's content
 * width minus border-spacing). Automatic layout: percentages first, then between min-content
 * and max-content by linear interpolation, extra width to auto columns by max-content
 * (or all columns when none is auto). `exact` true: the total equals avail (a specified width).
 */
export function distributeWidths(sizes: ReturnType<typeof columnSizes>, avail: number, exact: boolean): number[] {
  const { min, max, pct, fixed } = sizes;
  const n = min.length;
  if (n === 0) return [];
  const out = min.slice();
  let minTotal = min.reduce((s, v) => s + v, 0);
  // Percentage columns take their share of the table width first (not below their min).
  let left = Math.max(0, avail);
  const isPct = pct.map((p) => p !== null);
  for (let i = 0; i < n; i++) if (isPct[i]) { out[i] = Math.max(min[i], (pct[i] as number) * avail / 100); left -= out[i]; minTotal -= min[i]; }
  const others = [...Array(n).keys()].filter((i) => !isPct[i]);
  const maxOthers = others.reduce((s, i) => s + max[i], 0);
  if (left <= minTotal) {
    for (const i of others) out[i] = min[i];
  } else if (left < maxOthers || (!exact && left >= maxOthers)) {
    const target = exact ? left : Math.min(left, maxOthers);
    const span = maxOthers - minTotal;
    for (const i of others) out[i] = span > 0 ? min[i] + (max[i] - min[i]) * (target - minTotal) / span : min[i];
  } else {
    for (const i of others) out[i] = max[i];
    let extra = left - maxOthers;
    const autos = others.filter((i) => !fixed[i]);
    const pool = autos.length > 0 ? autos : others.length > 0 ? others : [...Array(n).keys()];
    const total = pool.reduce((s, i) => s + max[i], 0);
    for (const i of pool) { const add = total > 0 ? extra * max[i] / total : extra / pool.length; out[i] += add; }
    extra = 0;
  }
  return out;
}

/**
 * Fixed table layout (§17.5.2.1): widths from the columns and the first row's cells; the rest
 * shares what is left equally. `avail` is the space for columns.
 */
export function fixedWidths(grid: TableGrid, table: TableBox, avail: number): number[] {
  const n = grid.cols;
  const out: Array<number | null> = new Array(n).fill(null);
  columnSpecs(table, n).forEach((s, i) => {
    if (s.px !== null) out[i] = s.px; else if (s.pct !== null) out[i] = s.pct * avail / 100;
  });
  const first = grid.rows[0];
  if (first) {
    for (const gc of first.cells) {
      const s = gc.cell.style;
      const w = sizeValue(s.width, avail);
      if (w === null) continue;
      const b = borderOf(s), p = paddingOf(s, avail);
      const bw = s.boxSizing === 'border-box' ? w : w + b.left + b.right + p.left + p.right;
      const idx = Array.from({ length: gc.colspan }, (_, k) => gc.col + k).filter((i) => i < n && out[i] === null);
      for (const i of idx) out[i] = bw / gc.colspan;
    }
  }
  const used = out.reduce<number>((s, v) => s + (v ?? 0), 0);
  const rest = out.filter((v) => v === null).length;
  const share = rest > 0 ? Math.max(0, avail - used) / rest : 0;
  const widths = out.map((v) => v ?? share);
  const total = widths.reduce((s, v) => s + v, 0);
  if (rest === 0 && total < avail && total > 0) return widths.map((v) => v * avail / total);
  return widths;
}
