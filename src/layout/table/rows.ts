// In: a table grid, used column widths, the border model (spacing or collapsed borders) and the flow environment.
// Out: the table laid out once in table-relative px (x from the table's border-box left, y from the first row's top): row fragments with cells, heights, baselines.
import type { Box, TableCellBox, TextRun } from '../../box/types.ts';
import type { BorderSide, ComputedStyle } from '../../css/computed.ts';
import type { BoxFragment, Edges, Fragment, FragmentPieces } from '../fragment.ts';
import { cloneFragment, translateFragment } from '../fragment.ts';
import type { FlowEnv } from '../context.ts';
import type { PendingAbs } from '../flow.ts';
import { NO_MARGIN } from '../flow.ts';
import { borderOf, paddingOf, sizeValue, zeroEdges } from '../box-model.ts';
import { AlikeCells, soleText, type GridCell, type TableGrid } from './grid.ts';
import type { CollapsedBorders } from './borders.ts';
import { cellHalfBorders } from './borders.ts';
import type { CellSlot, RowAbs, RowLayout, TableLayout } from './types.ts';

export type { CellSlot, RowLayout, TableLayout } from './types.ts';

const NONE_SIDE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };

/** A style that paints nothing of its own (row/row-group fragments: their backgrounds are painted per cell). */
export function unpainted(s: ComputedStyle): ComputedStyle {
  return { ...s, backgroundColor: TRANSPARENT, backgroundLayers: [], borderTop: NONE_SIDE, borderRight: NONE_SIDE, borderBottom: NONE_SIDE, borderLeft: NONE_SIDE, boxShadow: [] } as ComputedStyle;
}
/** A style with only the background of `s` (a background piece of a column, column group, row or row group behind a cell, §17.5.1). */
function backgroundOnly(s: ComputedStyle): ComputedStyle {
  return { ...s, borderTop: NONE_SIDE, borderRight: NONE_SIDE, borderBottom: NONE_SIDE, borderLeft: NONE_SIDE, boxShadow: [], position: 'static', opacity: 1 } as ComputedStyle;
}
const paints = (s: ComputedStyle | undefined): s is ComputedStyle => !!s && s.visibility === 'visible' && (s.backgroundColor.a > 0 || s.backgroundLayers.some((l) => l.image.kind !== 'none'));

/** A fragment for a box of the table that carries only a background or a border (no content). */
export function pieceFragment(box: Box, style: ComputedStyle, x: number, y: number, width: number, height: number, border: Edges = zeroEdges()): BoxFragment {
  return { kind: 'box', box, style, x, y, width, height, margin: zeroEdges(), border, padding: zeroEdges(), children: [], startsBox: true, endsBox: true };
}

/** `empty-cells`: a cell with no content but collapsible white space (CSS 2.1 §17.6.1.1). */
function isEmptyCell(cell: TableCellBox): boolean {
  return cell.children.every((c) => c.kind === 'text' && /^[ \t\n\r\f]*$/.test(c.text));
}

/** Cell styles in the collapsing model, shared by cells with the same computed style and half borders: for layout (the used half widths) and for paint (no borders: the table paints the collapsed ones). */
const collapsedStyleCache = new WeakMap<ComputedStyle, Map<string, { layout: ComputedStyle; paint: ComputedStyle }>>();
function collapsedCellStyles(s: ComputedStyle, half: Edges): { layout: ComputedStyle; paint: ComputedStyle } {
  let m = collapsedStyleCache.get(s);
  if (!m) { m = new Map(); collapsedStyleCache.set(s, m); }
  const key = `${half.top} ${half.right} ${half.bottom} ${half.left}`;
  let r = m.get(key);
  if (!r) {
    if (m.size > 64) m.clear();
    r = {
      layout: { ...s, borderTop: { ...s.borderTop, width: half.top, style: 'solid' }, borderRight: { ...s.borderRight, width: half.right, style: 'solid' },
        borderBottom: { ...s.borderBottom, width: half.bottom, style: 'solid' }, borderLeft: { ...s.borderLeft, width: half.left, style: 'solid' } },
      paint: { ...s, borderTop: NONE_SIDE, borderRight: NONE_SIDE, borderBottom: NONE_SIDE, borderLeft: NONE_SIDE },
    };
    m.set(key, r);
  }
  return r;
}

const bgStyles = new WeakMap<ComputedStyle, ComputedStyle>();
function bgStyle(s: ComputedStyle): ComputedStyle {
  let r = bgStyles.get(s);
  if (!r) { r = backgroundOnly(s); bgStyles.set(s, r); }
  return r;
}

/** Column positions of a table grid, table-relative px (css-tables-3 §3.2: direction rtl mirrors the grid). */
interface Columns {
  /** Logical (start-relative) left edge of each column, its physical left edge, and the physical x of each grid line. */
  logX: number[]; colX: number[]; lineX: number[];
  colCollapsed: boolean[]; rtl: boolean;
  /** border-spacing, horizontal and vertical (0 with collapsed borders). */
  sh: number; sv: number;
}

function columnPositions(grid: TableGrid, ts: ComputedStyle, colW: number[], innerLeft: number, collapse: boolean): Columns {
  const sh = collapse ? 0 : ts.borderSpacingH, sv = collapse ? 0 : ts.borderSpacingV;
  const logX: number[] = [];
  let x = innerLeft + (grid.cols > 0 ? sh : 0);
  const colCollapsed = grid.columns.map(columnCollapsed);
  for (let i = 0; i < colW.length; i++) { logX.push(x); x += colW[i] + (colCollapsed[i] ? 0 : sh); }
  const n = colW.length;
  const rtl = ts.direction === 'rtl';
  const gridEnd = n > 0 ? x : innerLeft;
  const colX = rtl ? logX.map((v, i) => innerLeft + gridEnd - (v + colW[i])) : logX;
  const lineX: number[] = [];
  for (let c = 0; c <= n; c++) {
    if (!rtl) lineX.push(c < n ? logX[c] : n > 0 ? logX[n - 1] + colW[n - 1] : innerLeft);
    else lineX.push(c < n ? colX[c] + colW[c] : n > 0 ? colX[n - 1] : innerLeft);
  }
  return { logX, colX, lineX, colCollapsed, rtl, sh, sv };
}

/** A cell laid out at its column width (at y 0): its fragment and baseline, its slot, the abspos boxes met inside. */
interface LaidCell {
  frag: BoxFragment; baseline: number | undefined; slot: CellSlot;
  /** Abspos boxes in the cell positioned against a box outside the table: static positions relative to its fragment. */
  abs?: PendingAbs[];
}
/** The laid-out cells, by GridCell.index. */
type LaidCells = LaidCell[];

/** Lays out every cell at its columns' width, each a block formatting context root (CSS 2.1 §17.5.3; heights set later). */
function layoutCells(grid: TableGrid, ts: ComputedStyle, colW: number[], cols: Columns, borders: CollapsedBorders | null, env: FlowEnv): LaidCells {
  const out: LaidCells = new Array(grid.cells.length);
  const cellEnv: FlowEnv = { ...env, pageBottom: Infinity };
  const cellAbs: PendingAbs[] = [];
  // Cells laid out so far that others may copy (read before any is moved or stretched: all are laid out first).
  const alike = new AlikeCells<{ frag: BoxFragment; baseline: number | undefined; text: TextRun }>();
  for (const gc of grid.cells) {
    env.ctx.limits.check();
    const end = Math.min(gc.col + gc.colspan, colW.length);
    const w = cols.logX[end - 1] + colW[end - 1] - cols.logX[gc.col];
    // Physical left x of a cell spanning columns [gc.col, end).
    const cx = cols.rtl ? cols.colX[end - 1] : cols.colX[gc.col];
    let style = gc.cell.style, paintStyle = style;
    if (borders) {
      const c = collapsedCellStyles(style, cellHalfBorders(borders, gc));
      style = c.layout; paintStyle = c.paint;
    } else if (ts.emptyCells === 'hide' && isEmptyCell(gc.cell)) paintStyle = unpainted(style);
    const cellBox: TableCellBox = style === gc.cell.style ? gc.cell : { ...gc.cell, style };
    const b = borderOf(style), p = paddingOf(style, w);
    const widthOverride = Math.max(0, w - b.left - b.right - p.left - p.right);
    // A cell of only text laid out before in this table with the same style, text, position and width: a copy of that one.
    const text = soleText(gc.cell);
    const seen = text ? alike.get(style, text, cx, w) : undefined;
    if (seen) {
      const frag = cloneFragment(seen.frag);
      frag.box = cellBox;
      frag.style = paintStyle;
      for (const line of frag.children) if (line.kind === 'line') for (const t of line.children) if (t.kind === 'text' && t.box === seen.text) t.box = text!;
      out[gc.index] = { frag, baseline: seen.baseline, slot: { gc, box: cellBox, x: cx, width: w, widthOverride, paintStyle } };
      continue;
    }
    const r = env.ctx.layoutBlockLevel(cellBox, {
      cb: { x: cx, y: 0, width: w, height: null }, y: 0, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs: cellAbs,
      widthOverride, marginsOverride: { left: 0, right: 0 }, ignoreHeight: true,
    }, cellEnv);
    let frag = r.fragment as BoxFragment | null;
    const abs = cellAbs.length > 0 && frag ? cellAbs.splice(0).map((a) => ({ ...a, staticX: a.staticX - frag!.x, staticY: a.staticY - frag!.y, slot: undefined })) : undefined;
    if (!frag || frag.kind !== 'box') frag = pieceFragment(cellBox, style, cx, 0, w, b.top + b.bottom + p.top + p.bottom, b);
    frag.style = paintStyle;
    translateFragment(frag, cx - frag.x, -frag.y);
    frag.width = w;
    const baseline = frag.baseline !== undefined ? frag.baseline - frag.y : undefined;
    const slot: CellSlot = { gc, box: cellBox, x: cx, width: w, widthOverride, paintStyle };
    out[gc.index] = abs ? { frag, baseline, slot, abs } : { frag, baseline, slot };
    if (text && !abs) alike.set(style, text, cx, w, { frag, baseline, text });
  }
  return out;
}

/** A cell's baseline below its top (its first line's, else its content box bottom), px. */
function cellBaseline(cells: LaidCells, gc: GridCell): number {
  const { frag, baseline } = cells[gc.index];
  return baseline ?? frag.height - frag.border.bottom - frag.padding.bottom;
}

/** The used height of each row and its baseline (px), rows without border-spacing, header and footer row counts. */
interface RowHeights { heights: number[]; baselines: number[]; noSpacing: boolean[]; headerRows: number; footerRows: number }

/**
 * Row heights (CSS 2.1 §17.5.3): the tallest of the row's `height`, its cells' `height` and content, baseline-aligned
 * cells aligned; row-spanning cells grow the rows they span; a taller table `height` grows the body rows; percentage rows
 * shrink to fit a table height (as Chromium 156); rows with visibility: collapse take none (css-tables-3 §3.6.1).
 */
function rowHeights(grid: TableGrid, cells: LaidCells, sv: number, tableRowsHeight: number | null, quirks: boolean): RowHeights {
  const R = grid.rows.length;
  // Percentage row heights resolve against the table's height for its rows (as Chromium 156; CSS 2.1 §17.5.3 leaves them undefined).
  const heights = grid.rows.map((r) => sizeValue(r.row.style.height, tableRowsHeight) ?? 0);
  // visibility: collapse on a row or its row group (css-tables-3 §3.6.1): the row has no height. As Chromium 156, a collapsed
  // row in a visible group drops its border-spacing too; the rows of a collapsed group keep theirs.
  const collapsedRow = grid.rows.map((r) => r.row.style.visibility === 'collapse' || r.group.style.visibility === 'collapse');
  const noSpacing = grid.rows.map((r, k) => collapsedRow[k] && r.group.style.visibility !== 'collapse');
  const baselines = new Array<number>(R).fill(0);
  const belowBaseline = new Array<number>(R).fill(0);
  // A cell's `height` is its border box's in quirks mode whatever its box-sizing (quirks §3.8, the table cell height
  // box sizing quirk; Blink's ComputeMinimumRowBlockSize).
  const specH = (gc: GridCell, f: BoxFragment): number => {
    const s = gc.cell.style;
    const h = sizeValue(s.height, null);
    if (h === null) return 0;
    const bp = f.border.top + f.border.bottom + f.padding.top + f.padding.bottom;
    return quirks || s.boxSizing === 'border-box' ? Math.max(h, bp) : h + bp;
  };
  for (const gc of grid.cells) {
    if (!baselineAligned(gc)) continue;
    const { frag } = cells[gc.index];
    const bl = cellBaseline(cells, gc);
    baselines[gc.row] = Math.max(baselines[gc.row], bl);
    if (gc.rowspan === 1) belowBaseline[gc.row] = Math.max(belowBaseline[gc.row], frag.height - bl);
  }
  const contentH = new Array<number>(R).fill(0);
  for (const gc of grid.cells) {
    if (gc.rowspan !== 1) continue;
    const { frag } = cells[gc.index];
    heights[gc.row] = Math.max(heights[gc.row], frag.height, specH(gc, frag));
    contentH[gc.row] = Math.max(contentH[gc.row], frag.height, specH(gc, frag));
  }
  for (let k = 0; k < R; k++) heights[k] = Math.max(heights[k], baselines[k] + belowBaseline[k]);
  // What the content needs (percentage heights aside): the floor when percentage rows shrink to fit the table.
  const minHeights = grid.rows.map((r, k) => (r.row.style.height !== 'auto' && r.row.style.height.pct !== 0 ? Math.max(baselines[k] + belowBaseline[k], contentH[k]) : heights[k]));
  const spans = grid.cells.filter((gc) => gc.rowspan > 1).sort((a, b) => a.rowspan - b.rowspan);
  for (const gc of spans) {
    const { frag } = cells[gc.index];
    const need = Math.max(frag.height, specH(gc, frag));
    let have = (gc.rowspan - 1) * sv;
    for (let k = gc.row; k < gc.row + gc.rowspan; k++) have += heights[k];
    if (need > have) grow(heights, gc.row, gc.row + gc.rowspan, need - have);
  }
  const headerRows = grid.groups.length > 0 && grid.groups[0].group.role === 'header' ? grid.groups[0].end : 0;
  const lastG = grid.groups[grid.groups.length - 1];
  const footerRows = lastG && lastG.group.role === 'footer' && grid.groups.length > 1 ? lastG.end - lastG.start : 0;
  const pctRows = grid.rows.map((r) => r.row.style.height !== 'auto' && r.row.style.height.pct !== 0);
  for (let k = 0; k < R; k++) if (collapsedRow[k]) heights[k] = 0;
  const shown = noSpacing.filter((c) => !c).length;
  if (tableRowsHeight !== null && R > 0) {
    const total = heights.reduce((s, h) => s + h, 0) + (shown + 1) * sv;
    // Percentage rows over the table's height give back the excess, down to their content (as Chromium).
    if (total > tableRowsHeight && pctRows.some((p) => p)) {
      let over = total - tableRowsHeight;
      for (let k = R - 1; k >= 0 && over > 0; k--) {
        if (!pctRows[k] || collapsedRow[k]) continue;
        const d = Math.min(over, heights[k] - minHeights[k]);
        if (d > 0) { heights[k] -= d; over -= d; }
      }
    }
    if (tableRowsHeight > total) {
      const from = headerRows < R - footerRows ? headerRows : 0, to = headerRows < R - footerRows ? R - footerRows : R;
      grow(heights, from, to, tableRowsHeight - total);
    }
  }
  return { heights, baselines, noSpacing, headerRows, footerRows };
}

const baselineAligned = (gc: GridCell): boolean => { const v = gc.cell.style.verticalAlign; return v !== 'top' && v !== 'middle' && v !== 'bottom'; };

/**
 * The background pieces painted under a cell (CSS 2.1 §17.5.1: column groups, columns, row groups, rows), pushed into the
 * row's fragment before the cell: one piece per spanned column for column (group) backgrounds.
 */
function cellBackgrounds(rowFrag: BoxFragment, grid: TableGrid, r: TableGrid['rows'][number], gc: GridCell, frag: BoxFragment, h: number, cols: Columns, colW: number[]): void {
  const col = grid.columns[gc.col];
  const layers: Array<{ s: ComputedStyle | undefined; box: Box | undefined; perColumn: boolean }> = [
    { s: col?.group?.style, box: col?.group ?? undefined, perColumn: true },
    { s: col?.col?.style, box: col?.col ?? undefined, perColumn: true },
    { s: r.group.style, box: r.group, perColumn: false },
    { s: r.row.style, box: r.row, perColumn: false },
  ];
  for (const l of layers) {
    if (!l.perColumn) {
      if (paints(l.s)) rowFrag.children.push(pieceFragment(l.box!, bgStyle(l.s), frag.x, frag.y, frag.width, h));
      continue;
    }
    for (let c = gc.col; c < Math.min(grid.cols, gc.col + gc.colspan); c++) {
      const cc = grid.columns[c];
      const s = l.box === col?.group ? cc.group?.style : cc.col?.style;
      if (!paints(s)) continue;
      // Physically leftmost / rightmost column of the cell take the cell's edges; spacing inside the cell goes to the column on its left.
      const first = c === gc.col, last = c === Math.min(grid.cols, gc.col + gc.colspan) - 1;
      const x0 = (cols.rtl ? last : first) ? frag.x : cols.colX[c];
      const x1 = (cols.rtl ? first : last) ? frag.x + frag.width : cols.colX[c] + colW[c] + cols.sh;
      rowFrag.children.push(pieceFragment(l.box === col?.group ? cc.group! : cc.col!, bgStyle(s), x0, frag.y, x1 - x0, h));
    }
  }
}

/**
 * Lays out every cell at its column widths (each cell a block formatting context root), then the row heights
 * (rowHeights, CSS 2.1 §17.5.3), then vertical-align in each cell (top, middle, bottom, baseline) and the row fragments
 * with the background pieces under their cells. `innerLeft` is the x of the first column's left edge (spacing excluded),
 * `tableRowsHeight` the table's specified height for its rows (px) or null.
 */
export function layoutGridRows(grid: TableGrid, ts: ComputedStyle, colW: number[], innerLeft: number, borders: CollapsedBorders | null, tableRowsHeight: number | null, env: FlowEnv): Omit<TableLayout, 'width' | 'border' | 'padding' | 'anon'> {
  const cols = columnPositions(grid, ts, colW, innerLeft, borders !== null);
  const { lineX, sv } = cols;
  const n = colW.length;
  const cells = layoutCells(grid, ts, colW, cols, borders, env);
  const { heights, baselines, noSpacing, headerRows, footerRows } = rowHeights(grid, cells, sv, tableRowsHeight, env.ctx.quirks);
  const R = grid.rows.length;
  const fragmented = Number.isFinite(env.pageBottom);
  const rowY: number[] = [];
  let y = sv;
  for (let k = 0; k < R; k++) { rowY.push(y); y += heights[k] + (noSpacing[k] ? 0 : sv); }
  const rows: RowLayout[] = [];
  const rowStyles = new Map<ComputedStyle, ComputedStyle>();
  const rowStyle = (s: ComputedStyle): ComputedStyle => { let r = rowStyles.get(s); if (!r) { r = unpainted(s); rowStyles.set(s, r); } return r; };
  const anyColumnPaints = grid.columns.some((c) => paints(c.col?.style) || paints(c.group?.style));
  const rowLeft = Math.min(lineX[0], lineX[n]), rowRight = Math.max(lineX[0], lineX[n]);
  for (let k = 0; k < R; k++) {
    const r = grid.rows[k];
    const rowFrag = pieceFragment(r.row, rowStyle(r.row.style), rowLeft, rowY[k], Math.max(0, rowRight - rowLeft), heights[k]);
    let rowAbs: RowAbs[] | undefined;
    for (const gc of r.cells) {
      const { frag } = cells[gc.index];
      let h = (gc.rowspan - 1) * sv;
      for (let q = gc.row; q < gc.row + gc.rowspan; q++) h += heights[q];
      const va = gc.cell.style.verticalAlign;
      const free = h - frag.height;
      // As Chromium 156 under block fragmentation (printing, multi-column): the row is as tall as its baseline-aligned
      // cells make it, but their content stays at the top (measured: emulated print media aligns them, page.pdf does not).
      const baselineOff = fragmented ? 0 : baselines[gc.row] - cellBaseline(cells, gc);
      const off = va === 'top' ? 0 : va === 'bottom' ? free : va === 'middle' ? free / 2 : baselineOff;
      if (off !== 0) {
        for (const c of frag.children) translateFragment(c, 0, off);
        if (frag.baseline !== undefined) frag.baseline += off;
      }
      translateFragment(frag, 0, rowY[k] - frag.y);
      for (const a of cells[gc.index].abs ?? []) {
        (rowAbs ??= []).push({ box: a.box, staticX: a.staticX + frag.x, staticY: a.staticY + frag.y + off, staticRight: a.staticRight === undefined ? undefined : a.staticRight + frag.x });
      }
      frag.height = h;
      // A cell whose columns are all collapsed is not rendered (css-tables-3 §3.6.1).
      let hidden = true;
      for (let c = gc.col; c < gc.col + gc.colspan && hidden; c++) hidden = !!cols.colCollapsed[c];
      if (hidden) continue;
      const emptyHidden = ts.emptyCells === 'hide' && !borders && isEmptyCell(gc.cell);
      if (!emptyHidden && (paints(r.row.style) || paints(r.group.style) || anyColumnPaints)) cellBackgrounds(rowFrag, grid, r, gc, frag, h, cols, colW);
      rowFrag.children.push(frag);
    }
    rows.push({ frag: rowFrag, y: rowY[k], height: heights[k], group: r.group, cells: r.cells.map((gc) => cells[gc.index].slot), ...(rowAbs ? { abs: rowAbs } : {}), ...(noSpacing[k] ? { collapsed: true } : {}) });
  }
  return { colX: cols.colX, colW, lineX, rows, spacingV: sv, headerRows, footerRows, borders, grid };
}

/** Adds `extra` px to rows [from, to) in proportion to their heights (equally when all are 0). */
/** visibility: collapse on a column or its column group (css-tables-3 §3.6.1). */
const columnCollapsed = (c: TableGrid['columns'][number]): boolean => c.col?.style.visibility === 'collapse' || c.group?.style.visibility === 'collapse';

/**
 * Collapsed columns (css-tables-3 §3.6.1) take no space: their used widths (px, in `colW`, changed in place) become 0 and
 * their border-spacing goes too. Returns the width (px) the table loses, computed as if they were visible first.
 */
export function collapseColumns(grid: TableGrid, colW: number[], spacingH: number): number {
  let removed = 0;
  grid.columns.forEach((c, i) => {
    if (i >= colW.length || !columnCollapsed(c)) return;
    removed += colW[i] + spacingH;
    colW[i] = 0;
  });
  return removed;
}

function grow(heights: number[], from: number, to: number, extra: number): void {
  if (to <= from) return;
  let total = 0;
  for (let k = from; k < to; k++) total += heights[k];
  for (let k = from; k < to; k++) heights[k] += total > 0 ? extra * heights[k] / total : extra / (to - from);
}

/**
 * Moves a fragment tree by (dx, dy) px in place, as translateFragment does, writing the x, y, baseline (NaN: none), width
 * and height each fragment had before into `out` from index `i`, depth first, and the pieces (BoxFragment.pieces, never
 * mutated) each fragment with pieces had into `pieces`; returns the index after them. (Width and height: the page stream
 * snaps the placed row in place once its page is done, src/layout/page-stream.ts.)
 */
function moveRecording(f: Fragment, dx: number, dy: number, out: number[], i: number, pieces: FragmentPieces[]): number {
  const move = dx !== 0 || dy !== 0; // as translateFragment: no move at all (a -0 stays -0)
  out[i] = f.x; out[i + 1] = f.y; out[i + 3] = f.width; out[i + 4] = f.height;
  if (f.kind === 'box' && f.pieces) {
    // No children: translateFragment moves it, its pieces (a moved copy) and its baseline as the lines below would.
    pieces.push(f.pieces);
    out[i + 2] = f.baseline ?? NaN;
    translateFragment(f, dx, dy);
    return i + 5;
  }
  if (move) { f.x += dx; f.y += dy; }
  if (f.kind === 'box' || f.kind === 'line' || f.kind === 'text' || f.kind === 'marker') {
    const b = f.baseline;
    out[i + 2] = b ?? NaN;
    if (b !== undefined && move) f.baseline = b + dy;
  } else out[i + 2] = NaN;
  i += 5;
  if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') for (const c of f.children) i = moveRecording(c, dx, dy, out, i, pieces);
  return i;
}

/**
 * Puts back positions and sizes (and pieces, from `pieces.next`) moveRecording took from a tree of the same shape, from index `i`;
 * returns the index after them.
 */
function restorePositions(f: Fragment, pos: readonly number[], i: number, pieces: { list: readonly FragmentPieces[]; next: number }): number {
  f.x = pos[i]; f.y = pos[i + 1]; f.width = pos[i + 3]; f.height = pos[i + 4];
  const bl = pos[i + 2];
  if (!Number.isNaN(bl)) (f as { baseline?: number }).baseline = bl;
  if (f.kind === 'box' && f.pieces) f.pieces = pieces.list[pieces.next++];
  i += 5;
  if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') for (const c of f.children) i = restorePositions(c, pos, i, pieces);
  return i;
}

/**
 * Row `r`'s fragment moved (dx, dy) px from where it was laid out (table-relative), to place on a page. Most rows are placed
 * once: the first placement takes the laid-out fragment itself (no copy; the positions it had are kept in `r.home`); a later
 * one (a repeated header or footer, a page laid out again) gets a deep copy with the laid-out positions put back, then
 * moved, so it comes out exactly as a moved copy of the untouched row did. `take`: false for a copy whatever (a repeated
 * row, a split row's pieces).
 */
export function rowFragment(r: RowLayout, take: boolean, dx: number, dy: number): BoxFragment {
  if (take && r.home === undefined) {
    r.home = [];
    r.homePieces = [];
    moveRecording(r.frag, dx, dy, r.home, 0, r.homePieces);
    return r.frag;
  }
  const f = cloneFragment(r.frag);
  if (r.home !== undefined) restorePositions(f, r.home, 0, { list: r.homePieces ?? [], next: 0 });
  translateFragment(f, dx, dy);
  return f;
}
