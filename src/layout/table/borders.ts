// In: a table grid and the styles of the table, column groups, columns, row groups, rows and cells.
// Out: the collapsed borders of every grid edge (CSS 2.1 §17.6.2.1), the used half-border widths of cells and of the table (§17.6.2).
import type { BorderSide, ComputedStyle } from '../../css/computed.ts';
import type { Edges } from '../fragment.ts';
import type { GridCell, TableGrid } from './grid.ts';

/** The collapsed borders of a table: `h[r][c]` is the edge above row r in column c (r = 0..rows), `v[r][c]` the edge left of column c in row r (c = 0..cols). */
export interface CollapsedBorders {
  h: BorderSide[][];
  v: BorderSide[][];
  /** The table's used border widths: half the widest collapsed border on each outer edge (css-tables-3 §3.7.1, as Chromium). */
  table: Edges;
  /** Columns run right to left: `v[r][0]` is the rightmost line. */
  rtl: boolean;
}

const NONE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
/** §17.6.2.1 rule 3: the style ranking, most eye-catching first. */
export const STYLE_RANK: Record<string, number> = { double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0, hidden: 0 };

/**
 * §17.6.2.1 border conflict resolution among `cands` (in origin priority: cell, row, row group,
 * column, column group, table; left/top before right/bottom): 'hidden' wins outright, 'none' and
 * zero widths lose, then the wider border, then the style ranking; ties go to the earlier candidate.
 */
export function resolveBorder(cands: Array<BorderSide | undefined>): BorderSide {
  const r = new Resolver();
  for (const c of cands) r.add(c);
  return r.result();
}

/** An allocation-light resolver: candidates are added in priority order (see resolveBorder). */
class Resolver {
  private best: BorderSide = NONE;
  private hidden = false;
  reset(): this { this.best = NONE; this.hidden = false; return this; }
  add(c: BorderSide | undefined): this {
    if (!c || this.hidden) return this;
    if (c.style === 'hidden') { this.hidden = true; return this; }
    if (c.style === 'none' || c.width <= 0) return this;
    const b = this.best;
    if (c.width > b.width || (c.width === b.width && STYLE_RANK[c.style] > STYLE_RANK[b.style])) this.best = c;
    return this;
  }
  result(): BorderSide { return this.hidden ? NONE : this.best; }
}

/** Collapsed borders of every edge of the grid. Empty slots contribute nothing of their own (only rows, columns and the table). */
export function collapseBorders(grid: TableGrid, table: ComputedStyle): CollapsedBorders {
  // Logical start/end sides: in an rtl table column 0 is on the right (css-tables-3 §3.2), so its start border is the physical right one.
  const rtl = table.direction === 'rtl';
  const START = rtl ? 'borderRight' : 'borderLeft', END = rtl ? 'borderLeft' : 'borderRight';
  const R = grid.rows.length, C = grid.cols;
  const groupStart = new Set<number>(), groupEnd = new Set<number>();
  for (const g of grid.groups) { groupStart.add(g.start); groupEnd.add(g.end - 1); }
  const colGroupFirst = (c: number): boolean => { const g = grid.columns[c]?.group; return !!g && (c === 0 || grid.columns[c - 1].group !== g); };
  const colGroupLast = (c: number): boolean => { const g = grid.columns[c]?.group; return !!g && (c === C - 1 || grid.columns[c + 1].group !== g); };
  const res = new Resolver();
  const h: BorderSide[][] = [];
  for (let r = 0; r <= R; r++) {
    const line: BorderSide[] = [];
    const above = r > 0 ? grid.rows[r - 1] : undefined, below = r < R ? grid.rows[r] : undefined;
    for (let c = 0; c < C; c++) {
      const ca = r > 0 ? grid.slots[r - 1][c] : undefined, cb = r < R ? grid.slots[r][c] : undefined;
      if ((ca && ca.row + ca.rowspan > r) || (cb && cb.row < r)) { line.push(NONE); continue; } // inside a row-spanning cell
      const col = grid.columns[c];
      const q = res.reset().add(ca?.cell.style.borderBottom).add(cb?.cell.style.borderTop)
        .add(above?.row.style.borderBottom).add(below?.row.style.borderTop);
      if (above && groupEnd.has(r - 1)) q.add(above.group.style.borderBottom);
      if (below && groupStart.has(r)) q.add(below.group.style.borderTop);
      if (r === 0) q.add(col.col?.style.borderTop).add(col.group?.style.borderTop).add(table.borderTop);
      if (r === R) q.add(col.col?.style.borderBottom).add(col.group?.style.borderBottom).add(table.borderBottom);
      line.push(q.result());
    }
    h.push(line);
  }
  const v: BorderSide[][] = [];
  for (let r = 0; r < R; r++) {
    const line: BorderSide[] = [];
    const row = grid.rows[r];
    for (let c = 0; c <= C; c++) {
      const cl = c > 0 ? grid.slots[r][c - 1] : undefined, cr = c < C ? grid.slots[r][c] : undefined;
      if ((cl && cl.col + cl.colspan > c) || (cr && cr.col < c)) { line.push(NONE); continue; } // inside a column-spanning cell
      const colL = c > 0 ? grid.columns[c - 1] : undefined, colR = c < C ? grid.columns[c] : undefined;
      const q = res.reset().add(cl?.cell.style[END]).add(cr?.cell.style[START]);
      if (c === C) q.add(row.row.style[END]).add(row.group.style[END]);
      if (c === 0) q.add(row.row.style[START]).add(row.group.style[START]);
      q.add(colL?.col?.style[END]).add(colR?.col?.style[START]);
      if (colL && colGroupLast(c - 1)) q.add(colL.group?.style[END]);
      if (colR && colGroupFirst(c)) q.add(colR.group?.style[START]);
      if (c === 0) q.add(table[START]);
      if (c === C) q.add(table[END]);
      line.push(q.result());
    }
    v.push(line);
  }
  const t: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
  if (R > 0 && C > 0) {
    for (let c = 0; c < C; c++) { t.top = Math.max(t.top, h[0][c].width / 2); t.bottom = Math.max(t.bottom, h[R][c].width / 2); }
    for (let r = 0; r < R; r++) { t.left = Math.max(t.left, v[r][0].width / 2); t.right = Math.max(t.right, v[r][C].width / 2); }
  }
  if (rtl) { const l = t.left; t.left = t.right; t.right = l; }
  return { h, v, table: t, rtl };
}

/** A cell's used border widths in the collapsing model: half of the widest collapsed border along each of its edges (§17.6.2). */
export function cellHalfBorders(b: CollapsedBorders, gc: GridCell): Edges {
  const e: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
  for (let c = gc.col; c < gc.col + gc.colspan; c++) {
    e.top = Math.max(e.top, (b.h[gc.row]?.[c]?.width ?? 0) / 2);
    e.bottom = Math.max(e.bottom, (b.h[gc.row + gc.rowspan]?.[c]?.width ?? 0) / 2);
  }
  for (let r = gc.row; r < gc.row + gc.rowspan; r++) {
    e.left = Math.max(e.left, (b.v[r]?.[gc.col]?.width ?? 0) / 2);
    e.right = Math.max(e.right, (b.v[r]?.[gc.col + gc.colspan]?.width ?? 0) / 2);
  }
  if (b.rtl) { const l = e.left; e.left = e.right; e.right = l; }
  return e;
}
