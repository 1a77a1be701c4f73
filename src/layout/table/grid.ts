// In: a TableBox from the box tree (row groups > rows > cells, columns and column groups).
// Out: the table grid (CSS 2.1 §17.5, HTML table model): rows in visual order, cells in slots with spans, the columns of each slot.
import type { TableBox, TableCellBox, TableColumnBox, TableRowBox, TableRowGroupBox, TextRun } from '../../box/types.ts';

/** A cell placed in the grid: its row (flattened over the row groups, visual order) and first column, its spans and its index in `TableGrid.cells`. */
export interface GridCell {
  cell: TableCellBox; row: number; col: number; colspan: number; rowspan: number; index: number;
  /** Set when merged columns (see mergeColumns) left the cell spanning fewer columns: its colspan in the HTML table model. */
  modelSpan?: number;
}

/** One grid row: its box, its row group, the cells that start in it. */
export interface GridRow { row: TableRowBox; group: TableRowGroupBox; cells: GridCell[] }

/** A column slot: the <col> (or anonymous column) and the <colgroup> it belongs to, when any. */
export interface GridColumn { col: TableColumnBox | null; group: TableColumnBox | null }

/** The table grid. `slots[r][c]` is the cell covering that slot (undefined: an empty slot). */
export interface TableGrid {
  rows: GridRow[];
  /** Number of columns (the widest row, or the columns declared by <col>/<colgroup>). */
  cols: number;
  cells: GridCell[];
  columns: GridColumn[];
  slots: Array<Array<GridCell | undefined>>;
  /** Index of the first and one past the last row of each row group (visual order). */
  groups: Array<{ group: TableRowGroupBox; start: number; end: number }>;
}

/** Column count limit (browsers cap colspan at 1000; the grid at a sane size). */
const MAX_COLS = 1000;

/**
 * Orders the row groups (the first header group first, the first footer group last, §17.2) and
 * places every cell in the first free slot of its row (the HTML table model: rowspan 0 spans to
 * the end of the row group; spans never leave their row group).
 */
export function buildGrid(table: TableBox): TableGrid {
  const header = table.rowGroups.find((g) => g.role === 'header');
  const footer = table.rowGroups.find((g) => g.role === 'footer');
  const ordered = [...(header ? [header] : []), ...table.rowGroups.filter((g) => g !== header && g !== footer), ...(footer ? [footer] : [])];
  const rows: GridRow[] = [];
  const groups: TableGrid['groups'] = [];
  for (const g of ordered) {
    const start = rows.length;
    for (const r of g.rows) rows.push({ row: r, group: g, cells: [] });
    groups.push({ group: g, start, end: rows.length });
  }
  const slots: Array<Array<GridCell | undefined>> = rows.map(() => []);
  const cells: GridCell[] = [];
  let cols = 0;
  for (const grp of groups) {
    for (let ri = grp.start; ri < grp.end; ri++) {
      const r = rows[ri];
      let col = 0;
      for (const cell of r.row.cells) {
        while (slots[ri][col]) col++;
        if (col >= MAX_COLS) break;
        const colspan = Math.max(1, Math.min(MAX_COLS - col, (cell.colspan | 0) || 1));
        const maxSpan = grp.end - ri;
        const rs = Math.max(0, cell.rowspan | 0);
        const rowspan = rs === 0 ? maxSpan : Math.min(rs, maxSpan);
        const gc: GridCell = { cell, row: ri, col, colspan, rowspan, index: cells.length };
        // Overlapping cells (a table model error): the slot stays with the cell that took it first.
        for (let y = ri; y < ri + rowspan; y++) for (let x = col; x < col + colspan; x++) if (!slots[y][x]) slots[y][x] = gc;
        cells.push(gc);
        r.cells.push(gc);
        col += colspan;
        if (col > cols) cols = col;
      }
    }
  }
  const columns: GridColumn[] = [];
  const visit = (c: TableColumnBox, group: TableColumnBox | null): void => {
    if (c.group) {
      if (c.columns.length > 0) { for (const k of c.columns) visit(k, c); return; }
      for (let k = 0; k < Math.max(1, c.span | 0) && columns.length < MAX_COLS; k++) columns.push({ col: null, group: c });
      return;
    }
    for (let k = 0; k < Math.max(1, c.span | 0) && columns.length < MAX_COLS; k++) columns.push({ col: c, group });
  };
  for (const c of table.columns) visit(c, null);
  // Trailing columns that no cell occupies and whose <col> / <colgroup> width is auto take no space, border-spacing
  // included (as Chromium 156 does; css-tables-3 leaves it open): they are dropped.
  const autoCol = (c: GridColumn): boolean => (c.col === null || c.col.style.width === 'auto') && (c.group === null || c.group.style.width === 'auto');
  while (columns.length > cols && autoCol(columns[columns.length - 1])) columns.pop();
  cols = Math.max(cols, columns.length);
  while (columns.length < cols) columns.push({ col: null, group: null });
  const fixed = table.style.tableLayout === 'fixed' && table.style.width !== 'auto';
  const grid: TableGrid = { rows, cols, cells, columns, slots, groups };
  return fixed ? grid : mergeColumns(grid, autoCol);
}

/**
 * Auto table layout: a column in which no cell originates (only spanned by cells that start before it) and whose
 * <col>/<colgroup> width is auto takes no space, its border-spacing included: the cells spanning it span one column
 * less, yet stay spanning cells for the column constraints (their width does not fix a column: `modelSpan`).
 * Chromium 156 (TableNG's mergeable columns) lays `<tr><td>a</td></tr><tr><td colspan=2>b</td></tr>` in a 400 px
 * table as one 396 px column (2 px spacing); a fixed layout keeps the column. Returns the grid unchanged when none is.
 */
function mergeColumns(grid: TableGrid, autoCol: (c: GridColumn) => boolean): TableGrid {
  const starts = new Uint8Array(grid.cols);
  for (const gc of grid.cells) starts[gc.col] = 1;
  const index: number[] = [];
  let kept = 0;
  for (let c = 0; c < grid.cols; c++) index.push(starts[c] || !autoCol(grid.columns[c]) ? kept++ : -1);
  if (kept === grid.cols) return grid;
  const cells = grid.cells.map((gc) => {
    let colspan = 0;
    for (let c = gc.col; c < gc.col + gc.colspan; c++) if (index[c] >= 0) colspan++;
    return colspan === gc.colspan ? { ...gc, col: index[gc.col] } : { ...gc, col: index[gc.col], colspan, modelSpan: gc.colspan };
  });
  const slots: Array<Array<GridCell | undefined>> = grid.rows.map(() => []);
  for (const gc of cells) for (let y = gc.row; y < gc.row + gc.rowspan; y++) for (let x = gc.col; x < gc.col + gc.colspan; x++) if (!slots[y][x]) slots[y][x] = gc;
  const rows = grid.rows.map((r) => ({ ...r, cells: r.cells.map((gc) => cells[gc.index]) }));
  return { rows, cols: kept, cells, columns: grid.columns.filter((_, c) => index[c] >= 0), slots, groups: grid.groups };
}

/**
 * The cell's only content when it is one plain text run (no element, pseudo-element or page counter inside, no link):
 * cells of a table with the same style and this text lay out alike, so the table lays one out and copies it. Else null.
 */
export function soleText(cell: TableCellBox): TextRun | null {
  if (cell.children.length !== 1 || cell.href !== undefined || cell.pseudo !== undefined) return null;
  const t = cell.children[0];
  return t.kind === 'text' && t.pageCounter === undefined && t.href === undefined && t.pseudo === undefined ? t : null;
}

/** One kept value of AlikeCells: its x and width (px) and the next one kept for the same styles and text. */
interface Alike<T> { x: number; width: number; v: T; next: Alike<T> | null }

/**
 * Values kept per (cell style, text style, text, x, width) within one table: the cells soleText finds alike. The
 * values of one text are a short list (most texts are met at one x and width), so a cell of a text met once costs
 * one entry, not a map per x and per width. x and width match as a Map's number keys do (SameValueZero).
 */
export class AlikeCells<T> {
  private readonly m = new Map<object, Map<object, Map<string, Alike<T>>>>();
  get(cell: object, text: TextRun, x: number, width: number): T | undefined {
    for (let e: Alike<T> | null | undefined = this.m.get(cell)?.get(text.style)?.get(text.text); e; e = e.next) if (same(e.x, x) && same(e.width, width)) return e.v;
    return undefined;
  }
  set(cell: object, text: TextRun, x: number, width: number, v: T): void {
    let byStyle = this.m.get(cell);
    if (!byStyle) this.m.set(cell, (byStyle = new Map()));
    let byText = byStyle.get(text.style);
    if (!byText) byStyle.set(text.style, (byText = new Map()));
    const first = byText.get(text.text) ?? null;
    for (let e = first; e; e = e.next) if (same(e.x, x) && same(e.width, width)) { e.v = v; return; }
    byText.set(text.text, { x, width, v, next: first });
  }
}

/** SameValueZero, as Map keys compare. */
const same = (a: number, b: number): boolean => a === b || (a !== a && b !== b);
