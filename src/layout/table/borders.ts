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
}

const NONE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
/** §17.6.2.1 rule 3: the style ranking, most eye-catching first. */
const STYLE_RANK: Record<string, number> = { double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0, hidden: 0 };

/**
 * §17.6.2.1 border conflict resolution among `cands` (in origin priority: cell, row, row group,
 * column, column group, table; left/top before right/bottom): 'hidden' wins outright, 'none' and
 * zero widths lose, then the wider border, then the style ranking; ties go to the earlier candidate.
 */
export function resolveBorder(cands: Array<BorderSide | undefined>): BorderSide {
  let best: BorderSide = NONE;
  for (const c of cands) {
    if (!c) continue;
    if (c.style === 'hidden') return NONE;
  }
  for (const c of cands) {
    if (!c || c.style === 'none' || c.width <= 0) continue;
    if (c.width > best.width || (c.width === best.width && STYLE_RANK[c.style] > STYLE_RANK[best.style])) best = c;
  }
  return best;
}

/** Collapsed borders of every edge of the grid. Empty slots contribute nothing of their own (only rows, columns and the table). */
export function collapseBorders(grid: TableGrid, table: ComputedStyle): CollapsedBorders {
  const R = grid.rows.length, C = grid.cols;
  const groupStart = new Set<number>(), groupEnd = new Set<number>();
  for (const g of grid.groups) { groupStart.add(g.start); groupEnd.add(g.end - 1); }
  const colGroupFirst = (c: number): boolean => { const g = grid.columns[c]?.group; return !!g && (c === 0 || grid.columns[c - 1].group !== g); };
  const colGroupLast = (c: number): boolean => { const g = grid.columns[c]?.group; return !!g && (c === C - 1 || grid.columns[c + 1].group !== g); };
  const h: BorderSide[][] = [];
  for (let r = 0; r <= R; r++) {
    const line: BorderSide[] = [];
    const above = r > 0 ? grid.rows[r - 1] : undefined, below = r < R ? grid.rows[r] : undefined;
    for (let c = 0; c < C; c++) {
      const ca = r > 0 ? grid.slots[r - 1][c] : undefined, cb = r < R ? grid.slots[r][c] : undefined;
      if (ca && ca === cb) { line.push(NONE); continue; } // inside a row-spanning cell
      const col = grid.columns[c];
      line.push(resolveBorder([
        ca?.cell.style.borderBottom, cb?.cell.style.borderTop,
        above?.row.style.borderBottom, below?.row.style.borderTop,
        above && groupEnd.has(r - 1) ? above.group.style.borderBottom : undefined, below && groupStart.has(r) ? below.group.style.borderTop : undefined,
        r === 0 ? col.col?.style.borderTop : undefined, r === R ? col.col?.style.borderBottom : undefined,
        r === 0 ? col.group?.style.borderTop : undefined, r === R ? col.group?.style.borderBottom : undefined,
        r === 0 ? table.borderTop : undefined, r === R ? table.borderBottom : undefined,
      ]));
    }
    h.push(line);
  }
  const v: BorderSide[][] = [];
  for (let r = 0; r < R; r++) {
    const line: BorderSide[] = [];
    const row = grid.rows[r];
    for (let c = 0; c <= C; c++) {
      const cl = c > 0 ? grid.slots[r][c - 1] : undefined, cr = c < C ? grid.slots[r][c] : undefined;
      if (cl && cl === cr) { line.push(NONE); continue; } // inside a column-spanning cell
      const colL = c > 0 ? grid.columns[c - 1] : undefined, colR = c < C ? grid.columns[c] : undefined;
      line.push(resolveBorder([
        cl?.cell.style.borderRight, cr?.cell.style.borderLeft,
        c === C ? row.row.style.borderRight : undefined, c === 0 ? row.row.style.borderLeft : undefined,
        c === C ? row.group.style.borderRight : undefined, c === 0 ? row.group.style.borderLeft : undefined,
        colL?.col?.style.borderRight, colR?.col?.style.borderLeft,
        colL && colGroupLast(c - 1) ? colL.group?.style.borderRight : undefined, colR && colGroupFirst(c) ? colR.group?.style.borderLeft : undefined,
        c === 0 ? table.borderLeft : undefined, c === C ? table.borderRight : undefined,
      ]));
    }
    v.push(line);
  }
  const t: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
  if (R > 0 && C > 0) {
    for (let c = 0; c < C; c++) { t.top = Math.max(t.top, h[0][c].width / 2); t.bottom = Math.max(t.bottom, h[R][c].width / 2); }
    for (let r = 0; r < R; r++) { t.left = Math.max(t.left, v[r][0].width / 2); t.right = Math.max(t.right, v[r][C].width / 2); }
  }
  return { h, v, table: t };
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
  return e;
}
