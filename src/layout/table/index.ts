// In: a TableWrapperBox, its available width and content box on this page (ContentParams: break token) and the flow environment.
// Out: the table's used width and margins; the wrapper's content for this page (captions, the table box, row groups, rows, cells,
// collapsed border pieces) in the flow, and the table's break token. The block-level path (src/layout/block-level.ts) does the rest.
import type { Box, BlockBox, TableWrapperBox, TableCellBox, TableRowGroupBox } from '../../box/types.ts';
import type { ComputedStyle, IntrinsicSizeKeyword } from '../../css/computed.ts';
import type { BlockParams, ContentLayout, ContentParams, FlowEnv, LayoutContext, UsedWidths } from '../context.ts';
import { translateFragment, type BoxFragment, type Fragment } from '../fragment.ts';
import type { BreakToken, Flow, PendingAbs, TableToken } from '../flow.ts';
import { NO_MARGIN, collapsed } from '../flow.ts';
import { borderOf, paddingOf, marginValue, sizeValue, zeroEdges, isForcedBreak, isAvoidBreak } from '../box-model.ts';
import { buildGrid, type GridCell, type TableGrid } from './grid.ts';
import { collapseBorders, cellHalfBorders, type CollapsedBorders } from './borders.ts';
import { columnConstraints, gridMinMax, autoColumnWidths, fixedColumnWidths, type ColumnConstraints } from './widths.ts';
import { layoutGridRows, rowFragment, unpainted, collapseColumns, type TableLayout, type RowLayout } from './rows.ts';
import { collapsedBorderPieces } from './paint.ts';
import { RenderMemo } from '../render-memo.ts';
import { markOutOfFlow, restoreOutOfFlow } from '../oof-mark.ts';

export type { TableLayout } from './rows.ts';

/** What a table needs before its widths: the grid, the collapsed borders, the column constraints (cached per table box). */
interface Prepared { grid: TableGrid; borders: CollapsedBorders | null; k: ColumnConstraints; min: number; max: number; edges: number; bp: number; captionMin: number }
const prepared = new RenderMemo<TableWrapperBox, Prepared>();

function prepare(box: TableWrapperBox, ctx: LayoutContext): Prepared {
  const memo = prepared.of(ctx.fonts);
  const hit = memo.get(box);
  if (hit) return hit;
  const ts = box.table.style;
  const grid = buildGrid(box.table);
  const borders = ts.borderCollapse === 'collapse' ? collapseBorders(grid, ts) : null;
  const cellBorders = (gc: GridCell) => (borders ? cellHalfBorders(borders, gc) : null);
  const k = columnConstraints(grid, ctx, cellBorders, borders || grid.cols === 0 ? 0 : ts.borderSpacingH);
  const mm = gridMinMax(k);
  const tb = borders ? borders.table : borderOf(ts), tp = borders ? zeroEdges() : paddingOf(ts, null);
  const spacing = borders || grid.cols === 0 ? 0 : (grid.cols + 1) * ts.borderSpacingH;
  const bp = tb.left + tb.right + tp.left + tp.right;
  let captionMin = 0;
  for (const c of box.captions) captionMin = Math.max(captionMin, ctx.intrinsicSizes(c).min);
  const r: Prepared = { grid, borders, k, min: mm.min, max: mm.max, edges: bp + spacing, bp, captionMin };
  memo.set(box, r);
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
  // min-width and max-width clamp both contributions (percentages ignored: the basis is indefinite, css-sizing-3 §5.2).
  const minW = Math.max(pr.min + pr.edges, pr.captionMin);
  min = Math.max(minW, clampTableWidth(ts, pr, min, minW, min, null));
  max = Math.max(minW, clampTableWidth(ts, pr, max, minW, max, null));
  return { min, max: Math.max(min, max) };
}

/**
 * The used width of the table's border box and its column widths (CSS 2.1 §17.5.2, css-tables-3
 * §3.9): a specified width (border-box, as browsers; percentages of `pctBasis`, the containing
 * block's width) but not below min-content; auto: the max-content capped at the available width
 * `avail` (what the margins leave), not below min-content. `table-layout: fixed` with a non-auto
 * width takes the columns and first row's widths.
 */
function tableWidths(box: TableWrapperBox, pr: Prepared, avail: number, forced: number | undefined, pctBasis = avail): { width: number; colW: number[] } {
  const ts = box.table.style;
  const specW = sizeValue(ts.width, pctBasis);
  // The table's width is a border-box width in browsers' UA sheets (box-sizing: border-box); content-box adds borders and padding.
  const spec = forced ?? (specW !== null && ts.boxSizing !== 'border-box' ? specW + pr.bp : specW);
  const cellBorders = (gc: GridCell) => (pr.borders ? cellHalfBorders(pr.borders, gc) : null);
  // A caption wider than the grid widens the table (as Chromium).
  const minW = Math.max(pr.min + pr.edges, pr.captionMin);
  if (ts.tableLayout === 'fixed' && spec !== null) {
    // The specified width clamped by min-width and max-width (CSS 2.1 §10.4), then widened by the columns (§17.5.2.1).
    const w = clampTableWidth(ts, pr, spec, minW, avail, pctBasis);
    const colW = fixedColumnWidths(pr.grid, box.table, Math.max(0, w - pr.edges), cellBorders);
    return { width: Math.max(w, colW.reduce((s, v) => s + v, 0) + pr.edges), colW };
  }
  const width = Math.max(minW, clampTableWidth(ts, pr, spec ?? Math.min(avail, pr.max + pr.edges), minW, avail, pctBasis));
  const colW = autoColumnWidths(pr.k, width - pr.edges);
  return { width: pr.grid.cols === 0 ? (spec ?? 0) : width, colW };
}

/**
 * A table's border-box width `w` clamped by its min-width and max-width (CSS 2.1 §10.4: max first, then min wins; lengths
 * border-box as its width, percentages of `pctBasis`, none when null), as Chromium 156 sizes tables (Tailwind's `min-w-full`).
 * A keyword is the table's min-content width `minW`, its max-content width or fit-content in `avail` (css-sizing-3 §3.2).
 * The caller keeps the result at least `minW`. px.
 */
function clampTableWidth(ts: ComputedStyle, pr: Prepared, w: number, minW: number, avail: number, pctBasis: number | null): number {
  const maxW = Math.max(minW, pr.max + pr.edges);
  const bound = (v: ComputedStyle['minWidth'] | ComputedStyle['maxWidth'], kw: IntrinsicSizeKeyword | null | undefined): number | null => {
    if (kw) return kw === 'min-content' ? minW : kw === 'max-content' ? maxW : Math.min(maxW, Math.max(minW, avail));
    const x = sizeValue(v, pctBasis);
    return x === null ? null : ts.boxSizing === 'border-box' ? x : x + pr.bp;
  };
  const hi = bound(ts.maxWidth, ts.maxWidthKeyword);
  if (hi !== null) w = Math.min(w, hi);
  const lo = bound(ts.minWidth, ts.minWidthKeyword);
  if (lo !== null) w = Math.max(w, lo);
  return w;
}

/**
 * The used width of a table wrapper's border box in `available` px with percentages of `cbWidth` (css-tables-3 §3.9.3;
 * tableWidths), before columns with visibility: collapse give theirs back: what a float, abspos box or inline-table is
 * laid out at (LayoutContext.tableWidth).
 */
export function tableUsedWidth(box: TableWrapperBox, ctx: LayoutContext, available: number, cbWidth: number): number {
  return tableWidths(box, prepare(box, ctx), Math.max(0, available), undefined, cbWidth).width;
}

/** Lays the table box out once at the given width (table-relative coordinates). */
function layoutTable(box: TableWrapperBox, pr: Prepared, width: number, colW: number[], cbHeight: number | null, env: FlowEnv, stretched?: number): TableLayout {
  const ts = box.table.style;
  const border = pr.borders ? pr.borders.table : borderOf(ts);
  const padding = pr.borders ? zeroEdges() : paddingOf(ts, null);
  // Columns that do not fill a wider table (a specified width over the grid's) grow it from the left.
  const spec = sizeValue(ts.height, cbHeight);
  let rowsH = spec !== null ? Math.max(0, spec - (ts.boxSizing === 'border-box' ? border.top + border.bottom + padding.top + padding.bottom : 0)) : null;
  // A table stretched by its flex or grid container (`stretched`: its border box) grows its rows like a specified height.
  if (stretched !== undefined) rowsH = Math.max(rowsH ?? 0, stretched - border.top - border.bottom - padding.top - padding.bottom);
  const inner = layoutGridRows(pr.grid, ts, colW, border.left + padding.left, pr.borders, rowsH, env);
  const anon: BlockBox = { kind: 'block', outer: 'block', inlineContent: false, style: unpainted(ts), children: [] };
  return { ...inner, width, border, padding, anon, ...(pr.grid.rows.length === 0 && rowsH !== null ? { emptyHeight: rowsH } : {}) };
}

/** Places row `k` of the layout at page y `y` (row top) with the table's left at `tableX`; `repeated`: a repeated header or footer row. */
function placeRow(L: TableLayout, k: number, tableX: number, y: number, repeated: boolean): BoxFragment {
  return rowFragment(L.rows[k], !repeated, tableX, y - L.rows[k].y);
}

/** The block-end edge (px, page coordinates) of a cell fragment's content: its children's border boxes, or its content box top. */
function contentBottom(f: BoxFragment, y: number): number {
  let b = y + f.border.top + f.padding.top;
  for (const c of f.children) b = Math.max(b, c.y + c.height);
  return b;
}

/** Where a row split across fragmentainers resumes: each cell's token (null: the cell has ended) and the row height used so far, px. */
interface RowResume { cells: Map<TableCellBox, BreakToken | null>; consumed: number }

/**
 * Lays out the cells of a row that crosses the fragmentainer end with the page's fragmentainer, each resuming from its own
 * token (css-break-3 §4.4; LayoutNG's TableRowLayoutAlgorithm: each cell is a parallel flow broken at the same line): the
 * row's fragment on this page (cells stretched to the tallest, the row's backgrounds under them) and, when the row
 * continues on the next page, where it resumes. A row's own height (a specified `height`) is sliced like a block's: the
 * row is at least as tall over its fragments as it was laid out. `mayPush`: the row starts below other content, so a cell
 * whose content cannot break where it should (its first line or a monolithic box does not fit, or its orphans would be
 * left alone: LayoutNG's last-resort break appeal) makes the whole row move to the next page instead: null.
 */
function splitRow(r: RowLayout, tableX: number, y: number, resume: RowResume | undefined, abs: PendingAbs[], env: FlowEnv, mayPush = false): { frag: BoxFragment; resume?: RowResume } | null {
  const out = new Map<TableCellBox, BreakToken | null>();
  let more = false;
  const cells: BoxFragment[] = [];
  for (const c of r.cells) {
    if (resume && resume.cells.get(c.box) === null) {
      // A cell that ended on an earlier page still spans the row here (its background and side borders continue).
      out.set(c.box, null);
      const b = borderOf(c.box.style), pd = paddingOf(c.box.style, c.width);
      cells.push({ kind: 'box', box: c.box, style: c.paintStyle, x: tableX + c.x, y, width: c.width, height: 0, margin: zeroEdges(),
        border: { top: 0, right: b.right, bottom: 0, left: b.left }, padding: { top: 0, right: pd.right, bottom: 0, left: pd.left }, children: [], startsBox: false, endsBox: false });
      continue;
    }
    const res = env.ctx.layoutBlockLevel(c.box, {
      cb: { x: tableX + c.x, y: 0, width: c.width, height: null }, y, margin: NO_MARGIN,
      token: resume?.cells.get(c.box) ?? null, atTop: !mayPush, truncate: resume !== undefined, abs,
      widthOverride: c.widthOverride, marginsOverride: { left: 0, right: 0 }, ignoreHeight: true,
    }, env);
    if (res.pushed) return null;
    out.set(c.box, res.token);
    if (res.token) more = true;
    if (res.fragment && res.fragment.kind === 'box') { res.fragment.style = c.paintStyle; cells.push(res.fragment); }
  }
  // A cell that ends here with all its content on the page but its end across the page end has no break point there: what
  // crosses is its last child's block-end margin (kept inside the cell, a formatting context root), its block-end padding
  // or its border (LayoutNG: last resort). The whole row moves, even when other cells break inside (Chromium 156). Content
  // that itself crosses without a break (a monolithic box) slices the row instead, as Chromium prints it.
  if (mayPush && cells.some((f) => f.endsBox && y + f.height > env.pageBottom + 0.01 && contentBottom(f, y) <= env.pageBottom + 0.01)) return null;
  let h = 0;
  for (const f of cells) h = Math.max(h, f.height);
  const consumed = resume?.consumed ?? 0;
  if (!more) {
    // The rest of the row's own height; sliced again when it does not fit either.
    h = Math.max(h, r.height - consumed);
    if (Number.isFinite(env.pageBottom) && y + h > env.pageBottom + 0.01 && env.pageBottom > y) {
      // A break inside a cell's block-end padding or border is no break point (LayoutNG: last resort): the row moves instead;
      // so does a row only sliced through its own height in room left for the table's end edges (env.reservedBy).
      if (mayPush && (env.reservedBy !== undefined || cells.some((f) => f.endsBox && y + h - f.padding.bottom - f.border.bottom <= env.pageBottom + 0.01))) return null;
      more = true; h = env.pageBottom - y;
    }
  }
  for (const f of cells) {
    f.height = h;
    if (more && f.endsBox) { f.endsBox = false; f.border = { ...f.border, bottom: 0 }; f.padding = { ...f.padding, bottom: 0 }; }
    else if (!more && !f.endsBox && f.children.length === 0 && !f.startsBox) {
      // A cell that ended on an earlier page closes with the row.
      f.endsBox = true;
      f.border = { ...f.border, bottom: borderOf((f.box as TableCellBox).style).bottom };
    }
  }
  // The row's, row group's and columns' background pieces under the cells, cut to this page.
  const pieces: Fragment[] = [];
  const row = rowFragment(r, false, 0, 0);
  for (const p of row.children) {
    if (p.kind !== 'box' || p.box.kind === 'table-cell') continue;
    translateFragment(p, tableX, y - r.y);
    p.height = h;
    pieces.push(p);
  }
  const frag: BoxFragment = { ...row, x: tableX + row.x, y, height: h, children: [...pieces, ...cells], margin: zeroEdges(), startsBox: !resume, endsBox: !more };
  return more ? { frag, resume: { cells: out, consumed: consumed + h } } : { frag };
}

/**
 * Whether the header group repeats on continuation pages: as Chromium 156, only a group that is not to be broken
 * (break-inside: avoid, which its UA sheet gives thead and tfoot), and not when header and footer take half the page.
 */
function repeatHeaderOf(L: TableLayout, env: FlowEnv): boolean {
  if (L.headerRows === 0 || !isAvoidBreak(L.rows[0].group.style.breakInside)) return false;
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

/**
 * Whether row `k` may break inside (css-break-3 §3.2): not `break-inside: avoid` on the row or its row group, and no cell
 * spanning rows starts in it or crosses it (those move with their rows).
 */
function breakableRow(L: TableLayout, k: number): boolean {
  const g = L.grid.rows[k];
  if (isAvoidBreak(g.row.style.breakInside) || isAvoidBreak(g.group.style.breakInside)) return false;
  for (const gc of L.grid.cells) if (gc.rowspan > 1 && gc.row <= k && gc.row + gc.rowspan > k) return false;
  return true;
}

const forcedBetween = (L: TableLayout, k: number): boolean => {
  if (k <= 0 || k >= L.rows.length) return false;
  const a = L.grid.rows[k - 1], b = L.grid.rows[k];
  if (isForcedBreak(a.row.style.breakAfter) || isForcedBreak(b.row.style.breakBefore)) return true;
  return a.group !== b.group && (isForcedBreak(a.group.style.breakAfter) || isForcedBreak(b.group.style.breakBefore));
};

/** The width of a table laid out for the available width: its border-box width, its columns and what it needs to lay out its rows. */
interface TableWidths { width: number; colW: number[]; pr: Prepared }

/**
 * The used margins and width of a table wrapper in `avail` px (CSS 2.1 §17.4, §10.3.3): the table's border-box width
 * (css-tables-3 §3.9, tableWidths) or, when it resumes, the width it was laid out at; auto margins centre it.
 */
function wrapperWidths(box: TableWrapperBox, avail: number, p: BlockParams, ctx: LayoutContext, laid: TableLayout | undefined): UsedWidths & { table?: TableWidths } {
  const ws = box.style;
  const cbw = p.cb.width;
  const mlSpec = marginValue(ws.marginLeft, cbw), mrSpec = marginValue(ws.marginRight, cbw);
  let table: TableWidths | undefined;
  if (!laid) {
    const pr = prepare(box, ctx);
    const room = Math.max(0, avail - (mlSpec ?? 0) - (mrSpec ?? 0));
    // A percentage width refers to the containing block (CSS 2.1 §10.2), whatever room the margins or floats leave:
    // negative margins shift a 100% table, they do not widen it (as Chromium).
    const { width, colW } = tableWidths(box, pr, p.widthOverride ?? room, p.widthOverride, p.widthOverride ?? cbw);
    const lost = collapseColumns(pr.grid, colW, pr.borders ? 0 : box.table.style.borderSpacingH);
    table = { width: Math.max(0, width - lost), colW, pr };
  }
  const tableW = laid?.width ?? table!.width;
  let ml = mlSpec ?? 0, mr = mrSpec ?? 0;
  if (p.marginsOverride) { ml = p.marginsOverride.left; mr = p.marginsOverride.right; }
  else if (mlSpec === null && mrSpec === null) ml = mr = Math.max(0, (avail - tableW) / 2);
  else if (mlSpec === null) ml = avail - tableW - mr;
  else if (mrSpec !== null && (p.cbRtl ?? ws.direction === 'rtl')) ml = avail - tableW - mr; // over-constrained in an rtl containing block: margin-left gives way (CSS 2.1 §10.3.3; the containing block's direction, not the table's)
  return { ml, mr, width: tableW, table };
}

/**
 * A table wrapper box (CSS 2.1 §17.4) in the block-level path: an independent formatting context whose width is the
 * table's and whose content is its captions (caption-side) around the table box with as many rows as fit on the page
 * (css-break-3: rows are not split unless one row alone is taller than a page; the header and footer groups repeat on
 * every page; forced breaks between rows; `break-inside: avoid` rows and row groups move whole). Its token resumes at
 * the next row and carries the table laid out once. One object per layout of a box (the widths feed the content).
 */
export function tableContent(): ContentLayout<TableWrapperBox> {
  let widths: TableWidths | undefined;
  return {
    independent: true,
    widths: (box, avail, p, env) => {
      const laid = p.token?.content?.kind === 'table' ? p.token.content.layout : undefined;
      const w = wrapperWidths(box, avail, p, env.ctx, laid);
      widths = w.table;
      return w;
    },
    layout: (box, c, flow, env) => {
      const tok = c.token?.kind === 'table' ? c.token : null;
      const stretched = c.p.heightOverride === undefined ? undefined : c.p.heightOverride - captionsHeight(box, c, env);
      const L = tok?.layout ?? layoutTable(box, widths!.pr, widths!.width, widths!.colW, c.p.cb.height, env, stretched);
      layoutWrapperContent(box, L, tok, c, flow, env);
    },
  };
}

/** The height the captions of a table take above and below its table box (margins included), px. */
function captionsHeight(box: TableWrapperBox, c: ContentParams, env: FlowEnv): number {
  let h = 0;
  for (const cap of box.captions) {
    const r = env.ctx.layoutBlockLevel(cap, { cb: { x: c.x, y: 0, width: c.width, height: null }, y: h, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs: [] }, { ...env, pageBottom: Infinity });
    h = r.bottom + collapsed(r.margin);
  }
  return h;
}

/** Captions and the table box of a table wrapper on this page, into `flow` (its token, first baseline; pushed when only the header fits). */
function layoutWrapperContent(box: TableWrapperBox, L: TableLayout, tok: TableToken | null, c: ContentParams, flow: Flow, env: FlowEnv): void {
  let cursor = flow.y;
  const captionLayout = (cap: Box): void => {
    const r = env.ctx.layoutBlockLevel(cap, { cb: { x: c.x, y: 0, width: c.width, height: null }, y: cursor, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs: c.abs }, { ...env, pageBottom: Infinity });
    if (r.fragment) flow.children.push(r.fragment);
    cursor = r.bottom + collapsed(r.margin);
  };
  if (!c.resumed) for (const cap of box.captions) if (cap.style.captionSide !== 'bottom') captionLayout(cap);
  // Room kept for an ancestor's block-end edges does not move this table's rows (Chromium 156 slices them), only its own does.
  const rows = placeRows(L, tok, c, cursor, env.reservedBy !== undefined && env.reservedBy !== box ? { ...env, reservedBy: undefined } : env);
  if (rows === null) { flow.pushed = true; return; }
  const tableFrag = tableFragment(box, L, rows, c, cursor);
  flow.children.push(tableFrag);
  cursor = tableFrag.y + tableFrag.height;
  if (rows.ends) for (const cap of box.captions) if (cap.style.captionSide === 'bottom') captionLayout(cap);
  flow.y = cursor;
  flow.placedAny = true;
  flow.token = rows.ends ? null : { kind: 'table', row: rows.next, layout: L, ...(rows.nextRow ? { cells: rows.nextRow.cells, rowConsumed: rows.nextRow.consumed } : {}) };
  const first = rows.placed[0];
  const fb = first ? firstRowBaseline(first.frag) : undefined;
  if (fb !== undefined) flow.firstBaseline = fb;
}

/** The rows of a table placed on one page. */
interface PlacedRows {
  placed: Array<{ frag: BoxFragment; group: TableRowGroupBox; k: number }>;
  /** Top of the table box, its used top edge (border + padding on this page), the y below the last row. */
  tableTop: number; topEdge: number; y: number;
  /** The row the next page starts at (rows.length: none), the cells' tokens of a row split across pages. */
  next: number; nextRow?: RowResume;
  ends: boolean;
}

/** Places as many rows as fit on this page from the token's row on, with the repeated header and footer; null: the table moves to the next page. */
function placeRows(L: TableLayout, tok: TableToken | null, c: ContentParams, tableTop: number, env: FlowEnv): PlacedRows | null {
  const resumed = c.resumed;
  const x = c.x;
  const start = tok?.row ?? 0;
  // On a continuation page a collapsed table's top edge is half the line above its repeated header, and none without one
  // (Chromium 156 starts the first row at the top, the line's other half cut off); a separate one is sliced (box-decoration-break: slice).
  let topEdge = L.border.top + L.padding.top;
  if (resumed && L.borders) topEdge = repeatHeaderOf(L, env) && start >= L.headerRows ? lineHalf(L, 0) : 0;
  else if (resumed) topEdge = 0;
  const R = L.rows.length;
  const bodyEnd = R - L.footerRows;
  const placed: PlacedRows['placed'] = [];
  let rowResume: RowResume | undefined = tok?.cells ? { cells: tok.cells, consumed: tok.rowConsumed ?? 0 } : undefined;
  // A row continuing from the previous page starts right at the top (no border-spacing before it).
  // On a continuation page the table's top border, padding and the border-spacing above its first row are sliced off (as Chromium).
  let y = tableTop + topEdge + (resumed ? 0 : L.spacingV);
  const place = (k: number, repeated = false): void => {
    const r = L.rows[k];
    placed.push({ frag: placeRow(L, k, x, y, repeated), group: r.group, k });
    // Abspos boxes in its cells go to their containing block once, with the row (not with a repeated header).
    if (r.abs && !repeated) for (const a of r.abs) c.abs.push({ ...a, staticX: a.staticX + x, staticY: a.staticY + y - r.y, staticRight: a.staticRight === undefined ? undefined : a.staticRight + x });
    y += r.height + (r.collapsed ? 0 : L.spacingV);
  };
  const rowsHeight = (a: number, b: number): number => { let h = 0; for (let k = a; k < b; k++) h += L.rows[k].height + (L.rows[k].collapsed ? 0 : L.spacingV); return h; };
  const footerH = rowsHeight(bodyEnd, R);
  const repeatFooter = L.footerRows > 0 && Number.isFinite(env.pageBottom) && isAvoidBreak(L.rows[R - 1].group.style.breakInside) &&
    footerH + (L.headerRows > 0 ? rowsHeight(0, L.headerRows) : 0) < (env.pageHeight ?? Infinity) / 2;
  const repeatHeader = repeatHeaderOf(L, env);
  const headerH = repeatHeader ? rowsHeight(0, L.headerRows) : 0;
  if (resumed && repeatHeader && start >= L.headerRows) for (let k = 0; k < L.headerRows; k++) place(k, true);
  const bodyStart = y;
  let nextRow: RowResume | undefined;
  let next = R;
  // A repeated footer comes with the half of the table's bottom line below it (collapsed borders), as Chromium 156 keeps room for.
  const limit = env.pageBottom - (repeatFooter ? footerH + (L.borders ? lineHalf(L, R) : 0) : 0) + 0.01;
  const end = repeatFooter ? bodyEnd : R;
  for (let k = start; k < end; k++) {
    const r = L.rows[k];
    // The first row on this page other than header rows (those may precede it).
    const first = k < L.headerRows ? placed.length === 0 : placed.every((q) => q.k < L.headerRows);
    if (!first && forcedBetween(L, k)) { next = k; break; }
    const continuing = k === start && rowResume !== undefined;
    // Too tall for any page (with the repeated header and footer): the row is split.
    const tall = env.pageHeight !== undefined && r.height > env.pageHeight - (repeatFooter ? footerH : 0) - (k >= L.headerRows ? headerH : 0);
    const crosses = y + r.height > limit && Number.isFinite(env.pageBottom);
    // The cells break at the fragmentainer end less the repeated footer.
    const cellEnv = repeatFooter ? { ...env, pageBottom: limit - 0.01 } : env;
    let split: ReturnType<typeof splitRow> = null;
    if (continuing || (crosses && first && c.atTop && y < env.pageBottom)) {
      // A row continuing from the previous page, or one at the top of the page that does not fit: its cells are fragmented like blocks.
      split = splitRow(r, x, y, continuing ? rowResume : undefined, c.abs, cellEnv);
    } else if (crosses && y < limit - 0.01 && (breakableRow(L, k) || tall)) {
      // A row that crosses the end of the page breaks inside when its cells can (css-break-3 §4.4, LayoutNG: rows are not
      // monolithic); else it moves to the next page whole (and breaks there when it fits no page).
      const oof = markOutOfFlow(env, c.abs);
      split = splitRow(r, x, y, undefined, c.abs, cellEnv, true);
      if (split && !split.resume) split = null;
      if (!split) restoreOutOfFlow(oof);
    }
    if (split) {
      placed.push({ frag: split.frag, group: r.group, k });
      y += split.frag.height + (split.resume ? 0 : L.spacingV);
      rowResume = undefined;
      if (split.resume) { nextRow = split.resume; next = k; break; }
      continue;
    }
    if (y + r.height > limit && !(first && c.atTop)) {
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
      if (!resumed && !c.atTop && placed.every((q) => q.k < L.headerRows)) return null;
      next = at;
      break;
    }
    place(k);
    env.ctx.limits.check();
  }
  if (repeatFooter) {
    for (let k = bodyEnd; k < R; k++) place(k, !(next >= R && !nextRow));
  }
  return { placed, tableTop, topEdge, y, next, nextRow, ends: next >= R && !nextRow };
}

/** The table box's fragment on this page: row-group fragments around their rows, collapsed border pieces, sliced edges. */
function tableFragment(box: TableWrapperBox, L: TableLayout, rows: PlacedRows, c: ContentParams, tableTop: number): BoxFragment {
  const { placed, topEdge, ends } = rows;
  const resumed = c.resumed;
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
  const children: Fragment[] = [...groupFrags];
  if (L.borders) children.push(...collapsedBorderPieces(L, placed.map((q) => ({ k: q.k, y: q.frag.y, height: q.frag.height, starts: q.frag.startsBox, ends: q.frag.endsBox })), c.x));
  const lastPlaced = placed[placed.length - 1];
  const bottomEdge = ends ? L.border.bottom + L.padding.bottom : L.borders && lastPlaced && lastPlaced.frag.endsBox ? lineHalf(L, lastPlaced.k + 1) : 0;
  let tableH = (placed.length > 0 ? rows.y : tableTop + topEdge + L.spacingV) - tableTop + bottomEdge;
  if (L.emptyHeight !== undefined && ends && !resumed) tableH = Math.max(tableH, L.border.top + L.padding.top + L.emptyHeight + L.padding.bottom + L.border.bottom);
  const ts = box.table.style;
  const sliceTop = resumed && !L.borders;
  return {
    kind: 'box', box: box.table, style: L.borders ? { ...ts, borderTop: L.anon.style.borderTop, borderRight: L.anon.style.borderRight, borderBottom: L.anon.style.borderBottom, borderLeft: L.anon.style.borderLeft } : ts,
    x: c.x, y: tableTop, width: c.width, height: Math.max(0, tableH),
    margin: zeroEdges(), border: { ...L.border, top: topEdge - (sliceTop ? 0 : L.padding.top), bottom: ends ? L.border.bottom : bottomEdge },
    padding: { ...L.padding, top: sliceTop ? 0 : L.padding.top, bottom: ends ? L.padding.bottom : 0 }, children, startsBox: !resumed, endsBox: ends,
  };
}

/**
 * The first row's baseline (css-tables-3 §3.10: the first baseline-aligned cell's first line); a row without
 * baseline-aligned cells has its baseline at the bottom content edge of its lowest cell (CSS 2.1 §17.5.3). Measured in
 * Chromium 156: an inline-table whose only cell is vertical-align: middle (the UA default through tr) sits on the
 * cell's content bottom, not on its first line.
 */
function firstRowBaseline(row: BoxFragment): number | undefined {
  let lowest: number | undefined;
  for (const c of row.children) {
    if (c.kind !== 'box' || c.box.kind !== 'table-cell') continue;
    const va = c.box.style.verticalAlign;
    if (c.baseline !== undefined && va !== 'top' && va !== 'middle' && va !== 'bottom') return c.baseline;
    const bottom = c.y + c.height - c.border.bottom - c.padding.bottom;
    if (lowest === undefined || bottom > lowest) lowest = bottom;
  }
  return lowest;
}
