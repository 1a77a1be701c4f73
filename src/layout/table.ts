/**
 * Table layout (CSS 2.1 §17: wrapper and captions §17.4, widths §17.5.2, row heights and vertical-align §17.5.3, border-spacing
 * and the collapsing border model §17.6), with page breaks between rows and the header group repeated on each page (css-tables-3 §5).
 * In: a TableWrapperBox, its flow position and a break token. Out: the wrapper's BoxFragment (captions, table, row groups, rows, cells).
 */
import type { TableWrapperBox, TableCellBox, TableRowGroupBox, Box } from '../box/types.ts';
import type { BorderSide, ComputedStyle } from '../css/computed.ts';
import type { LayoutContext } from './context.ts';
import type { BoxFragment, Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { BlockParams, BlockResult, BreakToken, FlowEnv } from './block.ts';
import { layoutBlockLevel, NO_MARGIN, addMargin, collapsed } from './block.ts';
import { BfcFloats } from './float.ts';
import { borderOf, paddingOf, marginValue, sizeValue, zeroEdges } from './box-model.ts';
import { relativeOffset } from './positioned.ts';
import type { GridCell, TableGrid } from './table-grid.ts';
import { buildGrid, columnSizes, distributeWidths, fixedWidths } from './table-grid.ts';

/** The table laid out once (rows at y relative to the first row's top), reused page after page. */
export interface TableCache {
  width: number;
  rows: Array<{ frag: BoxFragment; y: number; height: number; group: TableRowGroupBox; cells: CellSlot[] }>;
  /** Rows of the header group (repeated at the top of each continuation page). */
  headerRows: number;
  spacingV: number;
  firstBaseline?: number;
}

/** Where a cell sits in its row (relative to the table's content left) and the box laid out for it. */
interface CellSlot { box: TableCellBox; x: number; width: number; widthOverride: number }

const cacheKey = Symbol('table');
const cellsKey = Symbol('cells');
/** A table's break token: the row to resume at, the laid-out table, and (for a row split across pages) each cell's own token. */
type TableToken = { [cacheKey]?: TableCache; [cellsKey]?: Map<TableCellBox, BreakToken | null> };

/** Min/max-content width of a table wrapper's border box (for shrink-to-fit and intrinsic sizes). */
export function tableIntrinsic(box: TableWrapperBox, ctx: LayoutContext): { min: number; max: number } {
  const t = box.table;
  const collapse = t.style.borderCollapse === 'collapse';
  const grid = buildGrid(t);
  const sizes = columnSizes(grid, t, ctx, collapse);
  const b = borderOf(t.style), p = collapse ? zeroEdges() : paddingOf(t.style, null);
  const extra = (collapse ? 0 : (grid.cols + 1) * t.style.borderSpacingH) + b.left + b.right + p.left + p.right;
  let min = sizes.min.reduce((s, v) => s + v, 0) + extra;
  let max = sizes.max.reduce((s, v) => s + v, 0) + extra;
  const spec = sizeValue(t.style.width, null);
  if (spec !== null) { min = Math.max(min, spec); max = Math.max(min, spec); }
  for (const c of box.captions) { const r = ctx.intrinsicSizes(c); min = Math.max(min, r.min); }
  return { min, max: Math.max(min, max) };
}

const STYLE_RANK: Record<string, number> = { double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0, hidden: 0 };
/** §17.6.2.1 border conflict resolution: hidden wins, then the wider, then the style ranking; earlier candidates win ties. */
function winner(cands: Array<BorderSide | undefined>): BorderSide {
  let best: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };
  for (const c of cands) {
    if (!c) continue;
    if (c.style === 'hidden') return { width: 0, style: 'none', color: c.color };
    if (c.style === 'none' || c.width <= 0) continue;
    if (c.width > best.width || (c.width === best.width && STYLE_RANK[c.style] > STYLE_RANK[best.style])) best = c;
  }
  return best;
}
const NONE: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };

/** Collapsed borders of each cell: it owns its top and left grid lines, and its right/bottom ones at the table's edges. */
function collapsedStyles(grid: TableGrid, table: ComputedStyle): Map<GridCell, ComputedStyle> {
  const slot: GridCell[][] = grid.rows.map(() => []);
  for (const gc of grid.cells) for (let y = gc.row; y < gc.row + gc.rowspan; y++) for (let x = gc.col; x < gc.col + gc.colspan; x++) slot[y][x] = gc;
  const out = new Map<GridCell, ComputedStyle>();
  const last = grid.rows.length - 1;
  for (const gc of grid.cells) {
    const s = gc.cell.style;
    const row = grid.rows[gc.row];
    const above = gc.row > 0 ? slot[gc.row - 1][gc.col] : undefined;
    const rowAbove = gc.row > 0 ? grid.rows[gc.row - 1] : undefined;
    const firstOfGroup = !rowAbove || rowAbove.group !== row.group;
    const left = gc.col > 0 ? slot[gc.row][gc.col - 1] : undefined;
    const endRow = gc.row + gc.rowspan - 1;
    const lastRow = grid.rows[endRow];
    const top = winner([s.borderTop, row.row.style.borderTop, firstOfGroup ? row.group.style.borderTop : undefined, above?.cell.style.borderBottom, rowAbove?.row.style.borderBottom,
      firstOfGroup && rowAbove ? rowAbove.group.style.borderBottom : undefined, gc.row === 0 ? table.borderTop : undefined]);
    const lft = winner([s.borderLeft, gc.col === 0 ? row.row.style.borderLeft : undefined, left?.cell.style.borderRight, gc.col === 0 ? table.borderLeft : undefined]);
    const right = gc.col + gc.colspan >= grid.cols ? winner([s.borderRight, row.row.style.borderRight, table.borderRight]) : NONE;
    const bottom = endRow >= last ? winner([s.borderBottom, lastRow.row.style.borderBottom, lastRow.group.style.borderBottom, table.borderBottom]) : NONE;
    out.set(gc, { ...s, borderTop: top, borderLeft: lft, borderRight: right, borderBottom: bottom });
  }
  return out;
}

/**
 * Lays the whole table out once at (0, 0): column widths, cells (each a block formatting
 * context root), row heights, vertical-align, and row fragments with their cells.
 */
function layoutRows(box: TableWrapperBox, grid: TableGrid, colsW: number[], cbHeight: number | null, env: FlowEnv): TableCache {
  const t = box.table;
  const ts = t.style;
  const collapse = ts.borderCollapse === 'collapse';
  const sh = collapse ? 0 : ts.borderSpacingH, sv = collapse ? 0 : ts.borderSpacingV;
  const styles = collapse ? collapsedStyles(grid, ts) : null;
  const colX: number[] = [];
  let x = sh;
  for (let i = 0; i < colsW.length; i++) { colX.push(x); x += colsW[i] + sh; }
  const innerWidth = x;
  const frags = new Map<GridCell, { frag: BoxFragment; baseline: number | undefined }>();
  const slots = new Map<GridCell, CellSlot>();
  for (const gc of grid.cells) {
    env.ctx.limits.check();
    const end = Math.min(gc.col + gc.colspan, colsW.length);
    const w = colX[end - 1] + colsW[end - 1] - colX[gc.col];
    const style = styles?.get(gc) ?? gc.cell.style;
    const cellBox: TableCellBox = style === gc.cell.style ? gc.cell : { ...gc.cell, style };
    const b = borderOf(style), p = paddingOf(style, w);
    const r = layoutBlockLevel(cellBox, {
      cb: { x: colX[gc.col], y: 0, width: w, height: null }, y: 0, margin: NO_MARGIN,
      floats: new BfcFloats(env.floatLayout), token: null, atTop: true, truncate: false, abs: [],
      widthOverride: Math.max(0, w - b.left - b.right - p.left - p.right), marginsOverride: { left: 0, right: 0 }, ignoreHeight: true,
    }, { ...env, pageBottom: Infinity });
    const frag = r.fragment as BoxFragment;
    frag.x = colX[gc.col];
    const baseline = frag.baseline !== undefined ? frag.baseline - frag.y : undefined;
    frags.set(gc, { frag, baseline });
    slots.set(gc, { box: cellBox, x: colX[gc.col], width: w, widthOverride: Math.max(0, w - b.left - b.right - p.left - p.right) });
  }
  // Row heights (§17.5.3): the tallest of the row's specified height and its single-row cells, baselines aligned.
  const heights = grid.rows.map((r) => sizeValue(r.row.style.height, cbHeight) ?? 0);
  const baselines = grid.rows.map(() => 0);
  const specH = (gc: GridCell, f: BoxFragment): number => {
    const s = gc.cell.style;
    const h = sizeValue(s.height, null);
    if (h === null) return 0;
    return s.boxSizing === 'border-box' ? h : h + f.border.top + f.border.bottom + f.padding.top + f.padding.bottom;
  };
  for (const gc of grid.cells) {
    const { frag, baseline } = frags.get(gc)!;
    if (gc.cell.style.verticalAlign === 'baseline' && gc.rowspan === 1) baselines[gc.row] = Math.max(baselines[gc.row], baseline ?? frag.height);
  }
  for (const gc of grid.cells) {
    if (gc.rowspan !== 1) continue;
    const { frag, baseline } = frags.get(gc)!;
    const shift = gc.cell.style.verticalAlign === 'baseline' ? baselines[gc.row] - (baseline ?? frag.height) : 0;
    heights[gc.row] = Math.max(heights[gc.row], frag.height + shift, specH(gc, frag));
  }
  for (const gc of grid.cells) {
    if (gc.rowspan === 1) continue;
    const { frag } = frags.get(gc)!;
    const need = Math.max(frag.height, specH(gc, frag));
    let have = (gc.rowspan - 1) * sv;
    for (let k = gc.row; k < gc.row + gc.rowspan; k++) have += heights[k];
    if (need > have) heights[gc.row + gc.rowspan - 1] += need - have;
  }
  const rowY: number[] = [];
  let y = 0;
  for (let k = 0; k < grid.rows.length; k++) { rowY.push(y); y += heights[k] + sv; }
  const rows: TableCache['rows'] = [];
  let firstBaseline: number | undefined;
  grid.rows.forEach((r, k) => {
    const rowFrag: BoxFragment = {
      kind: 'box', box: r.row, style: r.row.style, x: 0, y: rowY[k], width: innerWidth - 2 * sh, height: heights[k],
      margin: zeroEdges(), border: zeroEdges(), padding: zeroEdges(), children: [], startsBox: true, endsBox: true,
    };
    rowFrag.x = sh;
    for (const gc of r.cells) {
      const { frag, baseline } = frags.get(gc)!;
      let h = (gc.rowspan - 1) * sv;
      for (let q = gc.row; q < gc.row + gc.rowspan; q++) h += heights[q];
      const va = gc.cell.style.verticalAlign;
      const free = h - frag.height;
      const off = va === 'top' ? 0 : va === 'bottom' ? free : va === 'middle' ? free / 2
        : gc.rowspan === 1 && va === 'baseline' ? baselines[gc.row] - (baseline ?? frag.height) : 0;
      for (const c of frag.children) translateFragment(c, 0, off);
      if (frag.baseline !== undefined) frag.baseline += off;
      translateFragment(frag, 0, rowY[k] - frag.y);
      frag.height = h;
      if (k === 0 && firstBaseline === undefined && frag.baseline !== undefined) firstBaseline = frag.baseline;
      rowFrag.children.push(frag);
    }
    rows.push({ frag: rowFrag, y: rowY[k], height: heights[k], group: r.group, cells: r.cells.map((gc) => slots.get(gc)!) });
  });
  const headerRows = grid.rows.length > 0 && grid.rows[0].group.role === 'header' ? grid.rows.filter((r) => r.group === grid.rows[0].group).length : 0;
  return { width: innerWidth, rows, headerRows, spacingV: sv, firstBaseline };
}

/** A deep copy of a fragment (repeated table headers). */
function cloneFragment<T extends Fragment>(f: T): T {
  const c = { ...f } as T;
  if (c.kind === 'box' || c.kind === 'line' || c.kind === 'inline') (c as { children: Fragment[] }).children = c.children.map(cloneFragment);
  if ('margin' in c) (c as { margin: object }).margin = { ...(f as { margin: object }).margin };
  return c;
}

/**
 * Lays out the cells of row `k` with the page's fragmentainer, each resuming from its own token:
 * the row's fragment on this page (cells stretched to the tallest), and the cells' tokens when
 * any cell continues on the next page (finished cells get null and paint nothing there).
 */
function splitRow(r: TableCache['rows'][number], k: number, rowsX: number, y: number, tokens: Map<TableCellBox, BreakToken | null> | undefined, p: BlockParams, env: FlowEnv): { frag: BoxFragment; tokens?: Map<TableCellBox, BreakToken | null> } {
  void k;
  const out = new Map<TableCellBox, BreakToken | null>();
  let more = false;
  const cells: BoxFragment[] = [];
  for (const c of r.cells) {
    if (tokens && tokens.get(c.box) === null) { out.set(c.box, null); continue; }
    const res = layoutBlockLevel(c.box, {
      cb: { x: rowsX + c.x, y: 0, width: c.width, height: null }, y, margin: NO_MARGIN,
      floats: new BfcFloats(env.floatLayout), token: tokens?.get(c.box) ?? null, atTop: true, truncate: tokens !== undefined, abs: p.abs,
      widthOverride: c.widthOverride, marginsOverride: { left: 0, right: 0 }, ignoreHeight: true,
    }, env);
    out.set(c.box, res.token);
    if (res.token) more = true;
    if (res.fragment && res.fragment.kind === 'box') cells.push(res.fragment);
  }
  let h = 0;
  for (const f of cells) h = Math.max(h, f.height);
  if (!more) h = Math.max(h, tokens ? 0 : r.height);
  for (const f of cells) f.height = h;
  const proto = r.frag;
  const frag: BoxFragment = { ...proto, x: rowsX + proto.x, y, height: h, children: cells, margin: zeroEdges(), startsBox: !tokens, endsBox: !more };
  return more ? { frag, tokens: out } : { frag };
}

/**
 * Lays out a table wrapper box (CSS 2.1 §17.4) in the block flow: captions, then the table box
 * with its rows, as many rows as fit on the page (rows are never split; the header group repeats
 * on continuation pages). Returns a BlockResult like every block-level box.
 */
export function layoutTableWrapper(box: TableWrapperBox, p: BlockParams, env: FlowEnv): BlockResult {
  const ctx = env.ctx;
  const ws = box.style, t = box.table, ts = t.style;
  const cbw = p.cb.width;
  const collapse = ts.borderCollapse === 'collapse';
  const tb = borderOf(ts);
  const tbDraw = collapse ? zeroEdges() : tb;
  const tp = collapse ? zeroEdges() : paddingOf(ts, cbw);
  const resumed = p.token !== null;
  let cache = (p.token as TableToken | null)?.[cacheKey];
  const mlSpec = marginValue(ws.marginLeft, cbw), mrSpec = marginValue(ws.marginRight, cbw);
  const mt = marginValue(ws.marginTop, cbw) ?? 0, mb = marginValue(ws.marginBottom, cbw) ?? 0;
  let margin = resumed ? NO_MARGIN : addMargin(p.truncate ? NO_MARGIN : p.margin, p.truncate ? 0 : mt);
  let top = p.y + collapsed(margin);
  if (ws.clear !== 'none' && !resumed) top = Math.max(top, p.floats.clearance(ws.clear, top));
  // A table must not overlap floats (§9.5): it goes beside them.
  let cbx = p.cb.x, avail = cbw;
  if (p.widthOverride === undefined && ws.float === 'none') {
    const band = p.floats.available(top, 1, p.cb.x, p.cb.x + cbw);
    cbx = band.left; avail = Math.max(0, band.right - band.left);
  }
  const tbp = tbDraw.left + tbDraw.right + tp.left + tp.right;
  let tableW: number;
  if (!cache) {
    const grid = buildGrid(t);
    const n = grid.cols;
    const sh = collapse ? 0 : ts.borderSpacingH;
    const spacing = n > 0 ? (n + 1) * sh : 0;
    const room = p.widthOverride ?? avail - (mlSpec ?? 0) - (mrSpec ?? 0);
    const spec = sizeValue(ts.width, p.widthOverride === undefined ? avail : room);
    let colsW: number[];
    if (ts.tableLayout === 'fixed' && spec !== null) {
      colsW = fixedWidths(grid, t, Math.max(0, spec - tbp - spacing));
      tableW = Math.max(spec, colsW.reduce((s, v) => s + v, 0) + spacing + tbp);
    } else {
      const sizes = columnSizes(grid, t, ctx, collapse);
      const minT = sizes.min.reduce((s, v) => s + v, 0) + spacing + tbp;
      const maxT = sizes.max.reduce((s, v) => s + v, 0) + spacing + tbp;
      const hasPct = sizes.pct.some((v) => v !== null);
      tableW = spec !== null ? Math.max(spec, minT) : Math.max(minT, Math.min(room, hasPct ? room : maxT));
      colsW = distributeWidths(sizes, tableW - tbp - spacing, spec !== null || hasPct);
    }
    cache = layoutRows(box, grid, colsW, null, env);
    if (n === 0) cache.width = 0;
    tableW = Math.max(tableW, cache.width + tbp);
    cache.width = tableW;
  }
  tableW = cache.width;
  let ml = mlSpec ?? 0, mr = mrSpec ?? 0;
  if (mlSpec === null && mrSpec === null) { ml = mr = Math.max(0, (avail - tableW) / 2); }
  else if (mlSpec === null) ml = avail - tableW - mr;
  const x = cbx + ml;
  const children: Fragment[] = [];
  let cursor = top;
  const captionLayout = (c: Box): void => {
    const r = layoutBlockLevel(c, { cb: { x, y: 0, width: tableW, height: null }, y: cursor, margin: NO_MARGIN, floats: new BfcFloats(env.floatLayout), token: null, atTop: true, truncate: false, abs: p.abs }, { ...env, pageBottom: Infinity });
    if (r.fragment) children.push(r.fragment);
    cursor = r.bottom + collapsed(r.margin);
  };
  if (!resumed) for (const c of box.captions) if (c.style.captionSide !== 'bottom') captionLayout(c);
  // ---- the table box and its rows
  const tableTop = cursor;
  const contentTop = tableTop + (resumed ? 0 : tbDraw.top + tp.top);
  const rowsX = x + tbDraw.left + tp.left;
  const start = p.token?.index ?? 0;
  const placed: Array<{ frag: BoxFragment; group: TableRowGroupBox }> = [];
  let y = contentTop + cache.spacingV;
  // The cached rows stay at their relative place; each page gets moved copies.
  const place = (k: number): void => {
    const r = cache.rows[k];
    const f = cloneFragment(r.frag);
    translateFragment(f, rowsX, y - f.y);
    placed.push({ frag: f, group: r.group });
    y += r.height + cache.spacingV;
  };
  let next = cache.rows.length;
  if (resumed && cache.headerRows > 0 && start >= cache.headerRows) for (let k = 0; k < cache.headerRows; k++) place(k);
  const bodyStart = y;
  let cellTokens = (p.token as TableToken | null)?.[cellsKey];
  let nextCells: Map<TableCellBox, BreakToken | null> | undefined;
  for (let k = start; k < cache.rows.length; k++) {
    const r = cache.rows[k];
    const first = y === bodyStart;
    const continuing = k === start && cellTokens !== undefined;
    const tall = env.pageHeight !== undefined && r.height > env.pageHeight;
    if (continuing || (y + r.height > env.pageBottom + 0.01 && ((first && p.atTop) || tall) && Number.isFinite(env.pageBottom) && y < env.pageBottom)) {
      // A row taller than the page: its cells are fragmented like blocks (css-break-3), the row resumes on the next page.
      const split = splitRow(r, k, rowsX, y, continuing ? cellTokens as Map<TableCellBox, BreakToken | null> : undefined, p, env);
      placed.push({ frag: split.frag, group: r.group });
      y += split.frag.height + cache.spacingV;
      cellTokens = undefined;
      if (split.tokens) { nextCells = split.tokens; next = k; break; }
      continue;
    }
    if (y + r.height > env.pageBottom + 0.01 && !(first && p.atTop)) {
      if (first) return { fragment: null, bottom: 0, margin: NO_MARGIN, firstY: null, collapsedThrough: false, token: null, pushed: true };
      next = k;
      break;
    }
    place(k);
    ctx.limits.check();
  }
  const ends = next >= cache.rows.length;
  // Row-group fragments around their rows on this page.
  const groupFrags: BoxFragment[] = [];
  for (const pl of placed) {
    let g = groupFrags[groupFrags.length - 1];
    if (!g || g.box !== pl.group) {
      g = { kind: 'box', box: pl.group, style: pl.group.style, x: pl.frag.x, y: pl.frag.y, width: pl.frag.width, height: 0, margin: zeroEdges(), border: zeroEdges(), padding: zeroEdges(), children: [], startsBox: true, endsBox: true };
      groupFrags.push(g);
    }
    g.children.push(pl.frag);
    g.height = pl.frag.y + pl.frag.height - g.y;
  }
  const bottomEdge = ends ? tbDraw.bottom + tp.bottom : 0;
  const tableH = (placed.length > 0 ? y : contentTop + cache.spacingV) - tableTop + bottomEdge;
  const tableFrag: BoxFragment = {
    kind: 'box', box: t, style: ts, x, y: tableTop, width: tableW, height: Math.max(0, tableH),
    margin: zeroEdges(), border: { ...tbDraw, top: resumed ? 0 : tbDraw.top, bottom: ends ? tbDraw.bottom : 0 },
    padding: { ...tp, top: resumed ? 0 : tp.top, bottom: ends ? tp.bottom : 0 }, children: groupFrags, startsBox: !resumed, endsBox: ends,
  };
  children.push(tableFrag);
  cursor = tableTop + tableFrag.height;
  if (ends) for (const c of box.captions) if (c.style.captionSide === 'bottom') captionLayout(c);
  const wrapper: BoxFragment = {
    kind: 'box', box, style: ws, x, y: top, width: tableW, height: cursor - top,
    margin: { top: mt, right: mr, bottom: mb, left: ml }, border: zeroEdges(), padding: zeroEdges(),
    children, startsBox: !resumed, endsBox: ends,
  };
  const firstCell = placed[0]?.frag.children[0];
  const fb = firstCell && firstCell.kind === 'box' ? firstCell.baseline : undefined;
  if (fb !== undefined) wrapper.baseline = fb;
  const rel = relativeOffset(ws, p.cb);
  if (rel) translateFragment(wrapper, rel.dx, rel.dy);
  const token = ends ? null : Object.assign({ index: next, inner: null }, { [cacheKey]: cache, [cellsKey]: nextCells }) as BlockResult['token'];
  margin = addMargin(NO_MARGIN, ends ? mb : 0);
  return { fragment: wrapper, bottom: top + wrapper.height, margin, firstY: top, collapsedThrough: false, token, pushed: false };
}

