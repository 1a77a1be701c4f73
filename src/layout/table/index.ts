// In: a TableWrapperBox with its flow position (BlockParams: containing block, pending margins, break token) and the flow environment.
// Out: the wrapper's BoxFragment for this page (captions, the table box, row groups, rows, cells, collapsed border pieces) and its break token.
import type { Box, BlockBox, TableWrapperBox, TableCellBox, TableRowGroupBox } from '../../box/types.ts';
import type { LayoutContext } from '../context.ts';
import type { BoxFragment, Fragment } from '../fragment.ts';
import { translateFragment } from '../fragment.ts';
import type { BlockParams, BlockResult, BreakToken, FlowEnv } from '../block.ts';
import { layoutBlockLevel, NO_MARGIN, addMargin, collapsed } from '../block.ts';
import { BfcFloats } from '../float.ts';
import { borderOf, paddingOf, marginValue, sizeValue, zeroEdges, isForcedBreak, isAvoidBreak } from '../box-model.ts';
import { relativeOffset } from '../positioned.ts';
import { buildGrid, type GridCell, type TableGrid } from './grid.ts';
import { collapseBorders, cellHalfBorders, type CollapsedBorders } from './borders.ts';
import { columnConstraints, gridMinMax, autoColumnWidths, fixedColumnWidths, type ColumnConstraints } from './widths.ts';
import { layoutGridRows, cloneFragment, unpainted, collapseColumns, type TableLayout, type RowLayout } from './rows.ts';
import { collapsedBorderPieces } from './paint.ts';

export type { TableLayout } from './rows.ts';

/** What a table needs before its widths: the grid, the collapsed borders, the column constraints (cached per table box). */
interface Prepared { grid: TableGrid; borders: CollapsedBorders | null; k: ColumnConstraints; min: number; max: number; edges: number; bp: number; captionMin: number }
const prepared = new WeakMap<TableWrapperBox, Prepared>();

function prepare(box: TableWrapperBox, ctx: LayoutContext): Prepared {
  const hit = prepared.get(box);
  if (hit) return hit;
  const ts = box.table.style;
  const grid = buildGrid(box.table);
  const borders = ts.borderCollapse === 'collapse' ? collapseBorders(grid, ts) : null;
  const cellBorders = (gc: GridCell) => (borders ? cellHalfBorders(borders, gc) : null);
  const k = columnConstraints(grid, ctx, cellBorders);
  const mm = gridMinMax(k);
  const tb = borders ? borders.table : borderOf(ts), tp = borders ? zeroEdges() : paddingOf(ts, null);
  const spacing = borders || grid.cols === 0 ? 0 : (grid.cols + 1) * ts.borderSpacingH;
  const bp = tb.left + tb.right + tp.left + tp.right;
  let captionMin = 0;
  for (const c of box.captions) captionMin = Math.max(captionMin, ctx.intrinsicSizes(c).min);
  const r: Prepared = { grid, borders, k, min: mm.min, max: mm.max, edges: bp + spacing, bp, captionMin };
  prepared.set(box, r);
  return r;
}

/**
 * Min-content and max-content widths of a table wrapper's border box, px (css-tables-3 §3.9.2):
 * the grid's column sums plus border-spacing, the table's borders and padding (half collapsed
 * borders), at least a fixed `width`; captions' min-content widen the min. Margins excluded.
 */
export function tableIntrinsicSizes(box: TableWrapperBox, ctx: LayoutContext): { min: number; max: number } {
  const t = box.table, ts = t.style;
  const pr = prepare(box, ctx);
  let min = pr.min + pr.edges, max = pr.max + pr.edges;
  const spec = sizeValue(ts.width, null);
  if (spec !== null) { min = Math.max(min, spec + (ts.boxSizing === 'border-box' ? 0 : pr.bp)); max = min; }
  min = Math.max(min, pr.captionMin);
  return { min, max: Math.max(min, max) };
}

/**
 * The used width of the table's border box and its column widths (CSS 2.1 §17.5.2, css-tables-3
 * §3.9): a specified width (border-box, as browsers) but not below min-content; auto: the
 * max-content capped at the available width, not below min-content. `table-layout: fixed` with a
 * non-auto width takes the columns and first row's widths.
 */
function tableWidths(box: TableWrapperBox, pr: Prepared, avail: number, forced: number | undefined): { width: number; colW: number[] } {
  const ts = box.table.style;
  const specW = sizeValue(ts.width, avail);
  // The table's width is a border-box width in browsers' UA sheets (box-sizing: border-box); content-box adds borders and padding.
  const spec = forced ?? (specW !== null && ts.boxSizing !== 'border-box' ? specW + pr.bp : specW);
  const cellBorders = (gc: GridCell) => (pr.borders ? cellHalfBorders(pr.borders, gc) : null);
  if (ts.tableLayout === 'fixed' && spec !== null) {
    const colW = fixedColumnWidths(pr.grid, box.table, Math.max(0, spec - pr.edges), cellBorders);
    return { width: Math.max(spec, colW.reduce((s, v) => s + v, 0) + pr.edges), colW };
  }
  // A caption wider than the grid widens the table (as Chromium).
  const minW = Math.max(pr.min + pr.edges, pr.captionMin);
  const width = spec !== null ? Math.max(spec, minW) : Math.max(minW, Math.min(avail, pr.max + pr.edges));
  const colW = autoColumnWidths(pr.k, width - pr.edges);
  return { width: pr.grid.cols === 0 ? (spec ?? 0) : width, colW };
}

const layoutKey = Symbol('table');
const cellsKey = Symbol('cells');
/** A table's break token: the row to resume at, the laid-out table, and (for a row split across pages) each cell's own token. */
type TableToken = BreakToken & { [layoutKey]?: TableLayout; [cellsKey]?: Map<TableCellBox, BreakToken | null> };

/** Lays the table box out once at the given width (table-relative coordinates). */
function layoutTable(box: TableWrapperBox, pr: Prepared, width: number, colW: number[], cbHeight: number | null, env: FlowEnv): TableLayout {
  const ts = box.table.style;
  const border = pr.borders ? pr.borders.table : borderOf(ts);
  const padding = pr.borders ? zeroEdges() : paddingOf(ts, null);
  // Columns that do not fill a wider table (a specified width over the grid's) grow it from the left.
  const spec = sizeValue(ts.height, cbHeight);
  const rowsH = spec !== null ? Math.max(0, spec - (ts.boxSizing === 'border-box' ? border.top + border.bottom + padding.top + padding.bottom : 0)) : null;
  const inner = layoutGridRows(pr.grid, ts, colW, border.left + padding.left, pr.borders, rowsH, env);
  const anon: BlockBox = { kind: 'block', outer: 'block', inlineContent: false, style: unpainted(ts), children: [] };
  return { ...inner, width, border, padding, anon, ...(pr.grid.rows.length === 0 && rowsH !== null ? { emptyHeight: rowsH } : {}) };
}

/** Places row `k` of the layout at page y `y` (row top) with the table's left at `tableX`. */
function placeRow(L: TableLayout, k: number, tableX: number, y: number): BoxFragment {
  const f = cloneFragment(L.rows[k].frag);
  translateFragment(f, tableX, y - L.rows[k].y);
  return f;
}

/**
 * Lays out the cells of a row taller than the page with the page's fragmentainer, each resuming
 * from its own token: the row's fragment on this page (cells stretched to the tallest), and the
 * cells' tokens when any cell continues on the next page (finished cells get null).
 */
function splitRow(r: RowLayout, tableX: number, y: number, tokens: Map<TableCellBox, BreakToken | null> | undefined, p: BlockParams, env: FlowEnv): { frag: BoxFragment; tokens?: Map<TableCellBox, BreakToken | null> } {
  const out = new Map<TableCellBox, BreakToken | null>();
  let more = false;
  const cells: BoxFragment[] = [];
  for (const c of r.cells) {
    if (tokens && tokens.get(c.box) === null) {
      // A cell that ended on an earlier page still spans the row here (its background and side borders continue).
      out.set(c.box, null);
      const b = borderOf(c.box.style), pd = paddingOf(c.box.style, c.width);
      cells.push({ kind: 'box', box: c.box, style: c.paintStyle, x: tableX + c.x, y, width: c.width, height: 0, margin: zeroEdges(),
        border: { top: 0, right: b.right, bottom: 0, left: b.left }, padding: { top: 0, right: pd.right, bottom: 0, left: pd.left }, children: [], startsBox: false, endsBox: false });
      continue;
    }
    const res = layoutBlockLevel(c.box, {
      cb: { x: tableX + c.x, y: 0, width: c.width, height: null }, y, margin: NO_MARGIN,
      floats: new BfcFloats(env.floatLayout), token: tokens?.get(c.box) ?? null, atTop: true, truncate: tokens !== undefined, abs: p.abs,
      widthOverride: c.widthOverride, marginsOverride: { left: 0, right: 0 }, ignoreHeight: true,
    }, env);
    out.set(c.box, res.token);
    if (res.token) more = true;
    if (res.fragment && res.fragment.kind === 'box') { res.fragment.style = c.paintStyle; cells.push(res.fragment); }
  }
  let h = 0;
  for (const f of cells) h = Math.max(h, f.height);
  if (!more) h = Math.max(h, tokens ? 0 : r.height);
  for (const f of cells) {
    f.height = h;
    if (more && f.endsBox) { f.endsBox = false; f.border = { ...f.border, bottom: 0 }; }
    else if (!more && !f.endsBox && f.children.length === 0 && !f.startsBox) {
      // A cell that ended on an earlier page closes with the row.
      f.endsBox = true;
      f.border = { ...f.border, bottom: borderOf((f.box as TableCellBox).style).bottom };
    }
  }
  const frag: BoxFragment = { ...r.frag, x: tableX + r.frag.x, y, height: h, children: cells, margin: zeroEdges(), startsBox: !tokens, endsBox: !more };
  return more ? { frag, tokens: out } : { frag };
}

/** Whether the header group repeats on continuation pages (not when it takes a third of the page or more). */
function repeatHeaderOf(L: TableLayout, env: FlowEnv): boolean {
  if (L.headerRows === 0) return false;
  let h = 0;
  for (let k = 0; k < L.headerRows; k++) h += L.rows[k].height + L.spacingV;
  let f = 0;
  for (let k = L.rows.length - L.footerRows; k < L.rows.length; k++) f += L.rows[k].height + L.spacingV;
  return h + f < (env.pageHeight ?? Infinity) / 2;
}

/** Half the widest collapsed border on horizontal grid line `k` (0 without collapsed borders). */
function lineHalf(L: TableLayout, k: number): number {
  let m = 0;
  for (const e of L.borders?.h[k] ?? []) if (e.style !== 'none' && e.style !== 'hidden' && e.width > m) m = e.width;
  return m / 2;
}

const forcedBetween = (L: TableLayout, k: number): boolean => {
  if (k <= 0 || k >= L.rows.length) return false;
  const a = L.grid.rows[k - 1], b = L.grid.rows[k];
  if (isForcedBreak(a.row.style.breakAfter) || isForcedBreak(b.row.style.breakBefore)) return true;
  return a.group !== b.group && (isForcedBreak(a.group.style.breakAfter) || isForcedBreak(b.group.style.breakBefore));
};

/**
 * Lays out a table wrapper box (CSS 2.1 §17.4) in the block flow: captions (caption-side), then
 * the table box with as many rows as fit on the page (css-break-3: rows are not split unless one
 * row alone is taller than a page; the header and footer groups repeat on every page; forced
 * breaks between rows; `break-inside: avoid` rows and row groups move whole). Returns a
 * BlockResult like every block-level box; its token resumes at the next row.
 */
export function layoutTableWrapper(box: TableWrapperBox, p: BlockParams, env: FlowEnv): BlockResult {
  const ctx = env.ctx;
  const ws = box.style;
  const cbw = p.cb.width;
  const tok = p.token as TableToken | null;
  const resumed = tok !== null;
  const mlSpec = marginValue(ws.marginLeft, cbw), mrSpec = marginValue(ws.marginRight, cbw);
  const mt = marginValue(ws.marginTop, cbw) ?? 0, mb = marginValue(ws.marginBottom, cbw) ?? 0;
  const margin = resumed ? NO_MARGIN : addMargin(p.truncate ? NO_MARGIN : p.margin, p.truncate ? 0 : mt);
  let top = p.y + collapsed(margin);
  if (ws.clear !== 'none' && !resumed) top = Math.max(top, p.floats.clearance(ws.clear, top));
  // A table must not overlap floats (§9.5): it goes beside them.
  let cbx = p.cb.x, avail = cbw;
  if (p.widthOverride === undefined && ws.float === 'none') {
    const band = p.floats.available(top, 1, p.cb.x, p.cb.x + cbw);
    cbx = band.left; avail = Math.max(0, band.right - band.left);
  }
  let L = tok?.[layoutKey];
  if (!L) {
    const pr = prepare(box, ctx);
    const room = Math.max(0, avail - (mlSpec ?? 0) - (mrSpec ?? 0));
    const { width, colW } = tableWidths(box, pr, p.widthOverride ?? room, p.widthOverride);
    const ts = box.table.style;
    const lost = collapseColumns(pr.grid, colW, pr.borders ? 0 : ts.borderSpacingH);
    L = layoutTable(box, pr, Math.max(0, width - lost), colW, p.cb.height, env);
  }
  const tableW = L.width;
  let ml = mlSpec ?? 0, mr = mrSpec ?? 0;
  if (p.marginsOverride) { ml = p.marginsOverride.left; mr = p.marginsOverride.right; }
  else if (mlSpec === null && mrSpec === null) ml = mr = Math.max(0, (avail - tableW) / 2);
  else if (mlSpec === null) ml = avail - tableW - mr;
  else if (mrSpec !== null && (p.cbRtl ?? ws.direction === 'rtl')) ml = avail - tableW - mr; // over-constrained in an rtl containing block: margin-left gives way (CSS 2.1 §10.3.3; the containing block's direction, not the table's)
  const x = cbx + ml;
  const children: Fragment[] = [];
  let cursor = top;
  const captionLayout = (c: Box): void => {
    const r = layoutBlockLevel(c, { cb: { x, y: 0, width: tableW, height: null }, y: cursor, margin: NO_MARGIN, floats: new BfcFloats(env.floatLayout), token: null, atTop: true, truncate: false, abs: p.abs }, { ...env, pageBottom: Infinity });
    if (r.fragment) children.push(r.fragment);
    cursor = r.bottom + collapsed(r.margin);
  };
  if (!resumed) for (const c of box.captions) if (c.style.captionSide !== 'bottom') captionLayout(c);
  // ---- the table box and its rows on this page
  const tableTop = cursor;
  // Collapsed tables show their (half) outer border on every page; separate ones are sliced (box-decoration-break: slice).
  const sliceTop = resumed && !L.borders;
  const start = tok?.index ?? 0;
  // On a continuation page a collapsed table's top edge is half the line above its first row there (none inside a split row).
  let topEdge = L.border.top + L.padding.top;
  if (resumed && L.borders) topEdge = repeatHeaderOf(L, env) && start >= L.headerRows ? lineHalf(L, 0) : tok?.[cellsKey] ? 0 : lineHalf(L, start);
  else if (sliceTop) topEdge = 0;
  const contentTop = tableTop + topEdge;
  const R = L.rows.length;
  const bodyEnd = R - L.footerRows;
  const placed: Array<{ frag: BoxFragment; group: TableRowGroupBox; k: number }> = [];
  let cellTokens = tok?.[cellsKey];
  // A row continuing from the previous page starts right at the top (no border-spacing before it).
  let y = contentTop + (cellTokens && !(repeatHeaderOf(L, env) && (tok?.index ?? 0) >= L.headerRows) ? 0 : L.spacingV);
  const place = (k: number, repeated = false): void => {
    const r = L!.rows[k];
    placed.push({ frag: placeRow(L!, k, x, y), group: r.group, k });
    // Abspos boxes in its cells go to their containing block once, with the row (not with a repeated header).
    if (r.abs && !repeated) for (const a of r.abs) p.abs.push({ ...a, staticX: a.staticX + x, staticY: a.staticY + y - r.y, staticRight: a.staticRight === undefined ? undefined : a.staticRight + x });
    y += r.height + (r.collapsed ? 0 : L!.spacingV);
  };
  const rowsHeight = (a: number, b: number): number => { let h = 0; for (let k = a; k < b; k++) h += L!.rows[k].height + (L!.rows[k].collapsed ? 0 : L!.spacingV); return h; };
  const footerH = rowsHeight(bodyEnd, R);
  const repeatFooter = L.footerRows > 0 && Number.isFinite(env.pageBottom) && footerH + (L.headerRows > 0 ? rowsHeight(0, L.headerRows) : 0) < (env.pageHeight ?? Infinity) / 2;
  const repeatHeader = repeatHeaderOf(L, env);
  const headerH = repeatHeader ? rowsHeight(0, L.headerRows) : 0;
  if (resumed && repeatHeader && start >= L.headerRows) for (let k = 0; k < L.headerRows; k++) place(k, true);
  const bodyStart = y;
  let nextCells: Map<TableCellBox, BreakToken | null> | undefined;
  let next = R;
  const limit = env.pageBottom - (repeatFooter ? footerH : 0) + 0.01;
  const end = repeatFooter ? bodyEnd : R;
  for (let k = start; k < end; k++) {
    const r = L.rows[k];
    // The first row on this page other than header rows (those may precede it).
    const first = k < L.headerRows ? placed.length === 0 : placed.every((q) => q.k < L!.headerRows);
    if (!first && forcedBetween(L, k)) { next = k; break; }
    const continuing = k === start && cellTokens !== undefined;
    // Too tall for any page (with the repeated header and footer): the row is split.
    const tall = env.pageHeight !== undefined && r.height > env.pageHeight - (repeatFooter ? footerH : 0) - (k >= L.headerRows ? headerH : 0);
    if (continuing || (y + r.height > limit && ((first && p.atTop) || tall) && Number.isFinite(env.pageBottom) && y < env.pageBottom)) {
      // A row taller than the page: its cells are fragmented like blocks (css-break-3), the row resumes on the next page.
      const split = splitRow(r, x, y, continuing ? cellTokens : undefined, p, env);
      placed.push({ frag: split.frag, group: r.group, k });
      y += split.frag.height + (split.tokens ? 0 : L.spacingV);
      cellTokens = undefined;
      if (split.tokens) { nextCells = split.tokens; next = k; break; }
      continue;
    }
    if (y + r.height > limit && !(first && p.atTop)) {
      let at = k;
      // break-inside: avoid on the row group: the whole group moves when it started on this page and fits on one.
      const g = L.grid.groups.find((q) => q.group === r.group);
      if (g && isAvoidBreak(r.group.style.breakInside) && g.start > start && g.start < k && rowsHeight(g.start, g.end) <= (env.pageHeight ?? Infinity)) {
        at = g.start;
        while (placed.length > 0 && placed[placed.length - 1].k >= at) placed.pop();
        const last = placed[placed.length - 1];
        y = last ? last.frag.y + last.frag.height + L.spacingV : bodyStart;
      }
      // Nothing but the header placed: the whole table moves to the next page.
      if (!resumed && !p.atTop && placed.every((q) => q.k < L!.headerRows)) return { fragment: null, bottom: 0, margin: NO_MARGIN, firstY: null, collapsedThrough: false, token: null, pushed: true };
      next = at;
      break;
    }
    place(k);
    ctx.limits.check();
  }
  if (repeatFooter) {
    for (let k = bodyEnd; k < R; k++) place(k, !(next >= R && !nextCells));
  }
  const ends = next >= R && !nextCells;
  // Row-group fragments around their rows on this page.
  const groupFrags: BoxFragment[] = [];
  const groupStyles = new Map<TableRowGroupBox, BoxFragment['style']>();
  for (const pl of placed) {
    let g = groupFrags[groupFrags.length - 1];
    if (!g || g.box !== pl.group) {
      let gs = groupStyles.get(pl.group);
      if (!gs) { gs = unpainted(pl.group.style); groupStyles.set(pl.group, gs); }
      g = { kind: 'box', box: pl.group, style: gs, x: pl.frag.x, y: pl.frag.y, width: pl.frag.width, height: 0, margin: zeroEdges(), border: zeroEdges(), padding: zeroEdges(), children: [], startsBox: true, endsBox: true };
      groupFrags.push(g);
    }
    g.children.push(pl.frag);
    g.height = pl.frag.y + pl.frag.height - g.y;
  }
  const tableChildren: Fragment[] = [...groupFrags];
  if (L.borders) tableChildren.push(...collapsedBorderPieces(L, placed.map((q) => ({ k: q.k, y: q.frag.y, height: q.frag.height, starts: q.frag.startsBox, ends: q.frag.endsBox })), x));
  const lastPlaced = placed[placed.length - 1];
  const bottomEdge = ends ? L.border.bottom + L.padding.bottom : L.borders && lastPlaced && lastPlaced.frag.endsBox ? lineHalf(L, lastPlaced.k + 1) : 0;
  let tableH = (placed.length > 0 ? y : contentTop + L.spacingV) - tableTop + bottomEdge;
  if (L.emptyHeight !== undefined && ends && !resumed) tableH = Math.max(tableH, L.border.top + L.padding.top + L.emptyHeight + L.padding.bottom + L.border.bottom);
  const ts = box.table.style;
  const tableFrag: BoxFragment = {
    kind: 'box', box: box.table, style: L.borders ? { ...ts, borderTop: L.anon.style.borderTop, borderRight: L.anon.style.borderRight, borderBottom: L.anon.style.borderBottom, borderLeft: L.anon.style.borderLeft } : ts,
    x, y: tableTop, width: tableW, height: Math.max(0, tableH),
    margin: zeroEdges(), border: { ...L.border, top: topEdge - (sliceTop ? 0 : L.padding.top), bottom: ends ? L.border.bottom : bottomEdge },
    padding: { ...L.padding, top: sliceTop ? 0 : L.padding.top, bottom: ends ? L.padding.bottom : 0 }, children: tableChildren, startsBox: !resumed, endsBox: ends,
  };
  children.push(tableFrag);
  cursor = tableTop + tableFrag.height;
  if (ends) for (const c of box.captions) if (c.style.captionSide === 'bottom') captionLayout(c);
  const wrapper: BoxFragment = {
    kind: 'box', box, style: ws, x, y: top, width: tableW, height: cursor - top,
    margin: { top: mt, right: mr, bottom: mb, left: ml }, border: zeroEdges(), padding: zeroEdges(),
    children, startsBox: !resumed, endsBox: ends,
  };
  const firstRow = placed[0];
  const fb = firstRow ? firstRowBaseline(firstRow.frag) : undefined;
  if (fb !== undefined) wrapper.baseline = fb;
  const rel = relativeOffset(ws, p.cb);
  if (rel) translateFragment(wrapper, rel.dx, rel.dy);
  const token = ends ? null : Object.assign({ index: next, inner: null }, { [layoutKey]: L, [cellsKey]: nextCells }) as BlockResult['token'];
  return { fragment: wrapper, bottom: top + wrapper.height, margin: addMargin(NO_MARGIN, ends ? mb : 0), firstY: top, collapsedThrough: false, token, pushed: false };
}

/** The first row's baseline (css-tables-3 §3.10: the first baseline-aligned cell's first line), else the first cell's. */
function firstRowBaseline(row: BoxFragment): number | undefined {
  let any: number | undefined;
  for (const c of row.children) {
    if (c.kind !== 'box' || c.box.kind !== 'table-cell') continue;
    const va = c.box.style.verticalAlign;
    if (c.baseline !== undefined && va !== 'top' && va !== 'middle' && va !== 'bottom') return c.baseline;
    if (any === undefined && c.baseline !== undefined) any = c.baseline;
  }
  if (any !== undefined) return any;
  const first = row.children.find((c): c is BoxFragment => c.kind === 'box' && c.box.kind === 'table-cell');
  return first ? first.y + first.height - first.border.bottom - first.padding.bottom : undefined;
}
