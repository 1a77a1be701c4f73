// In: a GridBox's content box on this page (ContentParams: width, specified height, break token) and the flow environment.
// Out: its items placed in their grid areas in the flow (css-grid-1), the used content height, and the token of the next page (rows move whole).
import type { Box, GridBox } from '../../box/types.ts';
import type { ComputedStyle, TrackSize } from '../../css/computed.ts';
import type { BoxFragment, ReplacedFragment } from '../fragment.ts';
import { translateFragment } from '../fragment.ts';
import type { ContentLayout, ContentParams, FlowEnv } from '../context.ts';
import type { Flow, GridToken, PendingAbs } from '../flow.ts';
import { NO_MARGIN } from '../flow.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, clampHeight, isAbsolute, isScrollContainer, lp, isAvoidBreak, isForcedBreak } from '../box-model.ts';
import { placeGridItems, type GridPlacement, type PlacedItem } from './placement.ts';
import { sizeTracks, type TrackItem } from './tracks.ts';
import { autoRepeatCount } from './template.ts';
import { alignOffset, blockAlign, distributeContent, inlineAutoMargins, justifyOverrides } from './align.ts';
import { layoutRowPieces, type LayoutPiece, type RowPieces } from './row-break.ts';
import { markOutOfFlow, takeFixedSince } from '../oof-mark.ts';

export { placeGridItems, type GridPlacement, type PlacedItem } from './placement.ts';
export { sizeTracks, type TrackItem, type SizingMode } from './tracks.ts';

/** Placement is pure in the (immutable during a render) box tree and the auto-repeat counts: cached per grid box. */
const placementCache = new WeakMap<GridBox, { key: string; g: GridPlacement }>();
/**
 * Track sizes of a grid's last layout, reused by the later pages of a grid broken across pages (same content width and
 * height), with the items laid out while sizing: each is placed at most once (`used`), later uses lay the item out again.
 */
const sizesCache = new WeakMap<GridBox, { W: number; specH: number | null; cols: number[]; rows: number[]; laid: LaidItem[]; used: Uint8Array }>();

/** The in-flow grid items of a grid container in order-modified document order (css-display-3 §3 `order`), and its absolutely positioned children. */
function gridChildren(box: GridBox): { items: Box[]; absolute: Box[] } {
  const items: Box[] = [], absolute: Box[] = [];
  for (const c of box.children) {
    if (c.kind === 'text' || c.kind === 'br' || c.kind === 'marker') continue;
    if (isAbsolute(c)) absolute.push(c); else items.push(c);
  }
  const ordered = items.map((b, i) => ({ b, i })).sort((a, c) => a.b.style.order - c.b.style.order || a.i - c.i).map((x) => x.b);
  return { items: ordered, absolute };
}

/** Places the items of a grid container (css-grid-1 §8.5), cached per box; `reps` are the auto-repeat counts (columns, rows). */
export function gridPlacement(box: GridBox, reps: { cols: number; rows: number } = { cols: 1, rows: 1 }): GridPlacement {
  const key = `${reps.cols},${reps.rows}`;
  const hit = placementCache.get(box);
  if (hit && hit.key === key) return hit.g;
  const g = placeGridItems(box.style, gridChildren(box).items, reps);
  placementCache.set(box, { key, g });
  return g;
}

/**
 * Auto-repeat counts of a grid container (css-grid-1 §7.2.3.2) from its content width / height when definite (px), else
 * its max-/min- sizes; 1 for an axis without repeat(auto-fill|auto-fit).
 */
function repeatCounts(s: ComputedStyle, width: number | null, height: number | null, cbw: number | null, cbh: number | null): { cols: number; rows: number } {
  const axis = (cols: boolean): number => {
    const rep = cols ? s.gridColumnsRepeat : s.gridRowsRepeat;
    const tpl = cols ? s.gridTemplateColumns : s.gridTemplateRows;
    if (!rep || tpl === 'none') return 1;
    const bd = borderOf(s), pd = paddingOf(s, cbw);
    const bp = cols ? bd.left + bd.right + pd.left + pd.right : bd.top + bd.bottom + pd.top + pd.bottom;
    const basis = cols ? cbw : cbh;
    const content = (v: ComputedStyle['maxWidth'] | ComputedStyle['minWidth']): number | null => { const x = sizeValue(v, basis); return x === null ? null : Math.max(0, toContent(x, s, bp)); };
    const size = cols ? width : height;
    const space = { size, max: size === null ? content(cols ? s.maxWidth : s.maxHeight) : null, min: size === null ? content(cols ? s.minWidth : s.minHeight) : null };
    const gap = gapOf(cols ? s.columnGap : s.rowGap, size ?? space.max);
    return autoRepeatCount(tpl, rep, space, gap);
  };
  return { cols: axis(true), rows: axis(false) };
}

const gapOf = (v: ComputedStyle['rowGap'], basis: number | null): number => (v === 'normal' ? 0 : Math.max(0, lp(v, basis)));

const isFixedTrack = (t: TrackSize): boolean => t.kind === 'length' || (t.kind === 'minmax' && t.min.kind === 'length' && t.max.kind === 'length');

/**
 * Column contributions (margin boxes, px) of the items, from their min-content/max-content inline sizes (css-grid-1 §11.5,
 * css-sizing-3 §5). With a definite width, items spanning only fixed tracks contribute nothing and are not measured.
 */
function columnItems(g: GridPlacement, sizes: (b: Box) => { min: number; max: number }, definite: boolean): TrackItem[] {
  return g.items.map((it) => {
    if (definite) {
      let fixedOnly = true;
      for (let c = it.col; c < it.col + it.colSpan && fixedOnly; c++) fixedOnly = isFixedTrack(g.columns[c]);
      if (fixedOnly) return { start: it.col, span: it.colSpan, minContent: 0, maxContent: 0, minimum: 0 };
    }
    const r = sizes(it.box);
    const s = it.box.style;
    let minimum = r.min;
    const mn = sizeValue(s.minWidth, null);
    // The minimum contribution (§6.6, §11.5): the min-content contribution, unless the preferred width behaves as auto
    // (auto, or a percentage of the indefinite grid area); then the used minimum width, 0 for a scroll container.
    if (sizeValue(s.width, null) !== null) minimum = r.min;
    else if (mn !== null) {
      const b = borderOf(s), p = paddingOf(s, null);
      const bp = b.left + b.right + p.left + p.right;
      const m = (v: typeof s.marginLeft): number => (v === 'auto' ? 0 : v.px);
      minimum = toContent(mn, s, bp) + bp + m(s.marginLeft) + m(s.marginRight);
    } else if (isScrollContainer(s)) minimum = 0;
    return { start: it.col, span: it.colSpan, minContent: r.min, maxContent: r.max, minimum };
  });
}

/**
 * Min-content and max-content inline sizes (px) of a grid container's content box (css-grid-1 §12:
 * the sum of the column tracks sized under a min-/max-content constraint, plus the gutters).
 * `sizes` gives an item's margin-box intrinsic sizes (LayoutContext.intrinsicSizes).
 */
export function gridIntrinsicSizes(box: GridBox, sizes: (b: Box) => { min: number; max: number }): { min: number; max: number } {
  const g = gridPlacement(box, repeatCounts(box.style, null, null, null, null));
  const items = columnItems(g, sizes, false);
  const gap = gapOf(box.style.columnGap, null);
  const total = (mode: 'min-content' | 'max-content'): number => {
    const t = sizeTracks(g.columns, items, null, gap, mode, false);
    return t.reduce((a, b) => a + b, 0) + gap * Math.max(0, t.length - 1);
  };
  const min = total('min-content');
  return { min, max: Math.max(min, total('max-content')) };
}

/** Track start positions (px from the content edge) given sizes, gap and content-distribution offsets. */
function positions(sizes: number[], gap: number, start: number, between: number): number[] {
  const out: number[] = [];
  let x = start;
  for (const s of sizes) { out.push(x); x += s + gap + between; }
  return out;
}

/** True when a size property of the item is a percentage (resolved against the grid area's height after row sizing). */
function pctHeight(st: ComputedStyle): boolean {
  const pct = (v: ComputedStyle['height'] | 'none'): boolean => v !== 'auto' && v !== 'none' && v.pct !== 0;
  return pct(st.height) || pct(st.minHeight) || pct(st.maxHeight);
}

/** One layout of a grid item at (its area's x, y = 0): its fragment and the positioned boxes met inside it (static positions at y = 0). */
interface ItemLayout { frag: BoxFragment | ReplacedFragment | null; abs: PendingAbs[]; fixed: PendingAbs[] }
interface LaidItem extends ItemLayout { it: PlacedItem; mt: number | null; mb: number | null }

/** An item's first baseline below its margin-box top (px); boxes without one synthesize it from the border-box bottom (css-align-3 §9.1). */
function baselineOffset(l: LaidItem): number {
  const f = l.frag;
  if (!f) return 0;
  const b = f.kind === 'box' && f.baseline !== undefined ? f.baseline - f.y : f.height;
  return b + (l.mt ?? 0);
}

/**
 * Baseline alignment (css-align-3 §9.3, css-grid-1 §10.6): the items of one row with align-self: baseline
 * (spanning that row only) share the row's largest baseline offset. Returns each such item's shim (px), by item.
 */
function baselineShims(laid: Array<LaidItem | null>, container: ComputedStyle): Map<LaidItem, number> {
  const maxByRow = new Map<number, number>();
  const group: LaidItem[] = [];
  for (const l of laid) {
    if (!l || l.it.rowSpan !== 1 || l.mt === null || blockAlign(l.it.box, container) !== 'baseline') continue;
    group.push(l);
    maxByRow.set(l.it.row, Math.max(maxByRow.get(l.it.row) ?? 0, baselineOffset(l)));
  }
  const out = new Map<LaidItem, number>();
  for (const l of group) out.set(l, (maxByRow.get(l.it.row) ?? 0) - baselineOffset(l));
  return out;
}

/** Row tracks of a grid: sizes and start positions (px from the content top of its first page), the row it resumes at, where row 0 starts on this page. */
interface RowTracks { rows: number[]; rowPos: number[]; startRow: number; origin: number }

/**
 * This page's rows: `endRow` the first row left for the next page, `next` its token; `push`: the grid does not start here
 * (it moves to the next page whole); `split`: the row that crosses the page bottom, which may break inside its items instead.
 */
interface RowsOnPage { endRow: number; next: GridToken | null; push?: boolean; split?: number }

/**
 * The rows of a grid that go on this page (css-break-3 §4.4, css-grid-1 §10.5): up to the first forced break at a row line,
 * or the last row line no item spans above the page bottom; at least one row when nothing else is on the page.
 */
function rowsOnPage(box: GridBox, items: PlacedItem[], t: RowTracks & { gridH: number }, c: ContentParams, env: FlowEnv): RowsOnPage {
  const s = box.style;
  const { rows, rowPos, startRow, origin } = t;
  const nRows = rows.length;
  const rowEnd = (r: number): number => rowPos[r] + rows[r];
  const breakable = new Array<boolean>(nRows + 1).fill(true);
  for (const it of items) for (let r = it.row + 1; r < it.row + it.rowSpan; r++) breakable[r] = false;
  let endRow = nRows;
  // break-inside: avoid pushes a grid that does not fit whole; at the top of a page it breaks anyway.
  if (!Number.isFinite(env.pageBottom)) return { endRow, next: null };
  if (isAvoidBreak(s.breakInside) && !c.resumed && !c.atTop) return origin + t.gridH > env.pageBottom + 0.01 ? { endRow, next: null, push: true } : { endRow, next: null };
  // Forced breaks (css-break-3 §3.1) before a row: break-before on an item starting there, break-after on one ending above.
  const forced = new Array<boolean>(nRows + 1).fill(false);
  for (const it of items) {
    if (isForcedBreak(it.box.style.breakBefore)) forced[it.row] = true;
    if (isForcedBreak(it.box.style.breakAfter)) forced[it.row + it.rowSpan] = true;
  }
  for (let r = startRow; r < nRows; r++) {
    if (r > startRow && forced[r] && breakable[r]) return { endRow: r, next: { kind: 'grid', row: r, forced: true } };
    if (origin + rowEnd(r) <= env.pageBottom + 0.01) continue;
    let b = r;
    while (b > startRow && !breakable[b]) b--;
    // A row no item spans into or out of, starting above the page bottom, may break inside its items (row-break.ts).
    const split = breakable[r] && breakable[r + 1] && origin + rowPos[r] < env.pageBottom - 0.01 ? r : undefined;
    if (b > startRow) endRow = b;
    else if (!c.atTop && !c.resumed) return { endRow, next: null, push: true, split };
    else { b = r + 1; while (b < nRows && !breakable[b]) b++; endRow = b; }
    return { endRow, next: endRow < nRows ? { kind: 'grid', row: endRow } : null, split };
  }
  return { endRow, next: endRow < nRows ? { kind: 'grid', row: endRow } : null };
}

/**
 * Places the items of this page's rows in their areas (css-grid-1 §10.2, css-align-3 §6): block-axis alignment, stretched
 * items and items with percentage heights laid out again at the area's height; their positioned descendants handed on.
 * Returns the grid's first baseline (the first item of the first row with one), absolute y.
 */
function placeItems(box: GridBox, onPage: Array<LaidItem | null>, t: RowTracks, lay: { areaW(it: PlacedItem): number; layoutItem(it: PlacedItem, height?: number, areaH?: number): ItemLayout }, c: ContentParams, flow: Flow, env: FlowEnv): number | undefined {
  const s = box.style;
  const { rows, rowPos, startRow, origin } = t;
  let baseline: number | undefined;
  let baselineKey = Infinity;
  const shims = baselineShims(onPage, s);
  for (const l of onPage) {
    if (!l || !l.frag) continue;
    const it = l.it;
    const top = rowPos[it.row];
    const areaH = rowPos[it.row + it.rowSpan - 1] + rows[it.row + it.rowSpan - 1] - top;
    const st = it.box.style;
    let frag = l.frag;
    let pending: ItemLayout = l;
    const mt = l.mt, mb = l.mb;
    const align = blockAlign(it.box, s);
    let off = alignOffset(areaH - (frag.height + (mt ?? 0) + (mb ?? 0)), mt, mb, align, shims.get(l) ?? 0);
    if (mt !== null && mb !== null && align === 'stretch' && st.height === 'auto' && areaH - (frag.height + mt + mb) > 0.01) {
      const b = borderOf(st), pd = paddingOf(st, lay.areaW(it));
      const inner = Math.max(0, areaH - mt - mb - (b.top + b.bottom + pd.top + pd.bottom));
      const again = lay.layoutItem(it, inner, areaH);
      if (again.frag) { pending = again; frag = again.frag; }
    }
    if (frag === l.frag && pctHeight(st)) {
      // Percentage heights resolve against the grid area once the rows are sized (css-grid-1 §6.1).
      const again = lay.layoutItem(it, undefined, areaH);
      if (again.frag) { pending = again; frag = again.frag; }
      off = alignOffset(areaH - (frag.height + (mt ?? 0) + (mb ?? 0)), mt, mb, align, shims.get(l) ?? 0);
    }
    const dy = origin + top + (mt ?? 0) + off - frag.y;
    translateFragment(frag, 0, dy);
    flow.children.push(frag);
    for (const a of pending.abs) { a.staticY += dy; c.abs.push(a); }
    for (const a of pending.fixed) { a.staticY += dy; env.fixed.push(a); }
    const key = it.row * 100000 + it.col;
    if (frag.kind === 'box' && frag.baseline !== undefined && it.row === startRow && key < baselineKey) { baselineKey = key; baseline = frag.baseline; }
  }
  return baseline;
}

/** A grid container's content (css-grid-1 §10–§12) in the block-level path: an independent formatting context. */
export const gridContent: ContentLayout<GridBox> = {
  independent: true,
  layout: (box, c, flow, env) => {
    // Laid out again in room kept for its own block-end edges (layoutBlockLevelBox): see endEdgesBreak.
    if (env.reservedBy !== box) { layoutGridContent(box, c, flow, env, false); return; }
    const rowsEnv = endEdgesBreak(c, flow, env);
    if (rowsEnv !== null) layoutGridContent(box, c, flow, rowsEnv, true);
  },
};

/**
 * Where a grid breaks when its block-end border and padding do not fit below rows that do (css-break-3 §4.1: no break
 * point between the last row and those edges). Block flow breaks before its last child, taking it and the edges to the
 * next page (layoutBlockLevelBox lays the content out again in room kept for them, `env.reservedBy` = the box). Chromium
 * 156's grid (LayoutNG keeps no earlier break point among its rows) breaks before the grid instead; where the grid cannot
 * move (first on the page, or continued from the page before) it keeps its rows and breaks after the last one, the edges
 * alone going on to the next page. Returns the fragmentainer for the rows (the room given back), or null when the grid
 * moves to the next page (`flow.pushed`).
 */
function endEdgesBreak(c: ContentParams, flow: Flow, env: FlowEnv): FlowEnv | null {
  if (!c.atTop && !c.resumed) { flow.pushed = true; return null; }
  return { ...env, pageBottom: env.pageBottom + c.border.bottom + c.padding.bottom, reservedBy: undefined };
}

/**
 * Row track sizes, px (css-grid-1 §11.3 step 2): each laid-out item's margin-box height (with its baseline shim) as its
 * contribution, sized against the specified content height `specH`; with an auto height, redone as definite when
 * min-height/max-height clamp the rows' extent (§11.7 "redo … as definite", §11.8).
 */
function sizeRows(g: GridPlacement, laid: LaidItem[], s: ComputedStyle, specH: number | null, rowGap: number, cbHeight: number | null, bpV: number): number[] {
  const shims = baselineShims(laid, s);
  const rowItems: TrackItem[] = laid.map((l) => {
    const h = (l.frag ? l.frag.height : 0) + (l.mt ?? 0) + (l.mb ?? 0) + (shims.get(l) ?? 0);
    return { start: l.it.row, span: l.it.rowSpan, minContent: h, maxContent: h, minimum: h };
  });
  const stretchRows = s.alignContent === 'normal' || s.alignContent === 'stretch';
  const rows = sizeTracks(g.rows, rowItems, specH, rowGap, specH === null ? 'max-content' : 'definite', stretchRows);
  if (specH !== null) return rows;
  const extent = rows.reduce((a, b) => a + b, 0) + rowGap * Math.max(0, rows.length - 1);
  const clamped = clampHeight(extent, s, cbHeight, bpV);
  return Math.abs(clamped - extent) > 0.01 ? sizeTracks(g.rows, rowItems, clamped, rowGap, 'definite', stretchRows) : rows;
}

/**
 * Lays out a grid container's content (css-grid-1 §10–§12) into `flow`: placement, column then row track sizing, items
 * laid out in their grid areas (percentages against the area), alignment (align-items/self, justify/align-content), the
 * used content height (auto = rows + gaps) and the first baseline (§9.1 approximated: the first item of the first row).
 * Breaking (css-break-3, css-grid-1 §10.5): rows move to the next page whole at row lines no item spans; a grid that
 * cannot start on this page is pushed (`flow.pushed`).
 */
function layoutGridContent(box: GridBox, c: ContentParams, flow: Flow, env: FlowEnv, edgesNext: boolean): void {
  const s = box.style;
  const ctx = env.ctx;
  const p = c.p;
  const cbw = p.cb.width;
  const resumed = c.resumed;
  const token = c.token?.kind === 'grid' ? c.token : null;
  const startRow = token?.row ?? 0;
  const W = c.width;
  const contentX = c.x;
  const contentTop = flow.y;
  const bpV = c.border.top + c.border.bottom + c.padding.top + c.padding.bottom;
  const specH = c.specH;
  const abs = c.abs;
  const { absolute } = gridChildren(box);
  if (!resumed) for (const a of absolute) {
    const pend = { box: a, staticX: contentX, staticY: contentTop };
    if (a.style.position === 'fixed') env.fixed.push(pend); else abs.push(pend);
  }
  // ---- placement and column sizing (§11.3 step 1)
  const g = gridPlacement(box, repeatCounts(s, W, specH, cbw, p.cb.height));
  const innerEnv: FlowEnv = { ...env, pageBottom: Infinity };
  let cached = resumed ? sizesCache.get(box) : undefined;
  if (cached && (cached.W !== W || cached.specH !== specH)) cached = undefined;
  const colGap = gapOf(s.columnGap, W);
  const cols = cached?.cols ?? sizeTracks(g.columns, columnItems(g, (b) => ctx.intrinsicSizes(b), true), W, colGap, 'definite', s.justifyContent === 'normal' || s.justifyContent === 'stretch');
  const colFree = W - cols.reduce((a, b) => a + b, 0) - colGap * Math.max(0, cols.length - 1);
  const [colStart, colBetween] = distributeContent(s.justifyContent, colFree, cols.length);
  const colPos = positions(cols, colGap, colStart, colBetween);
  const areaW = (it: PlacedItem): number => colPos[it.col + it.colSpan - 1] + cols[it.col + it.colSpan - 1] - colPos[it.col];
  // Columns run from the inline-start edge: the right edge when direction is rtl (css-grid-1 §5.1).
  const rtl = s.direction === 'rtl';
  const areaX = (it: PlacedItem): number => (rtl ? W - colPos[it.col] - areaW(it) : colPos[it.col]);

  // ---- items at their column widths (heights from block layout), row sizing (§11.3 step 2)
  // Each layout of an item keeps the absolutely/fixed positioned boxes met inside it: only the layout that is placed hands them on.
  const layoutItem = (it: PlacedItem, height?: number, areaH?: number): ItemLayout => {
    const w = areaW(it);
    const itemAbs: PendingAbs[] = [];
    const oof = markOutOfFlow(env);
    const frag = ctx.layoutBlockLevel(it.box, {
      cb: { x: contentX + areaX(it), y: 0, width: w, height: areaH ?? null }, y: 0, margin: NO_MARGIN,
      token: null, atTop: true, truncate: false, abs: itemAbs, forceBfc: true, heightOverride: height,
      ...(justifyOverrides(it.box, w, s, ctx) ?? inlineAutoMargins(it.box, w, ctx)),
    }, innerEnv).fragment;
    return { frag, abs: itemAbs, fixed: takeFixedSince(oof) };
  };
  const laidItem = (it: PlacedItem): LaidItem => {
    const w = areaW(it);
    return { it, ...layoutItem(it), mt: marginValue(it.box.style.marginTop, w), mb: marginValue(it.box.style.marginBottom, w) };
  };
  // Later pages of a broken grid reuse the track sizes of the first (items are laid out again only for their own page).
  const laid: LaidItem[] = cached ? cached.laid : g.items.map(laidItem);
  const used = cached ? cached.used : new Uint8Array(laid.length);
  const rowGap = gapOf(s.rowGap, specH);
  let rows: number[];
  if (cached) rows = cached.rows;
  else {
    rows = sizeRows(g, laid, s, specH, rowGap, p.cb.height, bpV);
    sizesCache.set(box, { W, specH, cols, rows, laid, used });
  }
  const rowsExtent = rows.reduce((a, b) => a + b, 0) + rowGap * Math.max(0, rows.length - 1);
  const autoH = clampHeight(rowsExtent, s, p.cb.height, bpV);
  const gridH = specH ?? autoH;
  const [rowStart, rowBetween] = distributeContent(s.alignContent, gridH - rowsExtent, rows.length);
  const rowPos = positions(rows, rowGap, rowStart, rowBetween);

  // ---- breaking between rows (or inside the items of a row), then the items of the rows on this page in their areas
  const layPiece: LayoutPiece = (it, q) => {
    const w = areaW(it);
    const itemAbs: PendingAbs[] = [];
    const oof = markOutOfFlow(env);
    const r = ctx.layoutBlockLevel(it.box, {
      cb: { x: contentX + areaX(it), y: q.y, width: w, height: null }, y: q.y, margin: NO_MARGIN,
      token: q.token, atTop: q.atTop, truncate: q.truncate, abs: itemAbs, forceBfc: true, heightOverride: stretchedHeight(it),
      ...(justifyOverrides(it.box, w, s, ctx) ?? inlineAutoMargins(it.box, w, ctx)),
    }, env);
    return { frag: r.fragment, token: r.token, pushed: r.pushed, abs: itemAbs, fixed: takeFixedSince(oof) };
  };
  /** A stretched item's content height in its row's track (css-align-3 §6: align-self normal/stretch, auto height), fragmented as a specified height. */
  const stretchedHeight = (it: PlacedItem): number | undefined => {
    const l = laid[g.items.indexOf(it)];
    const st = it.box.style;
    if (!l?.frag || l.mt === null || l.mb === null || st.height !== 'auto' || blockAlign(it.box, s) !== 'stretch') return undefined;
    const b = borderOf(st), pd = paddingOf(st, areaW(it));
    const inner = rows[it.row] - l.mt - l.mb - (b.top + b.bottom + pd.top + pd.bottom);
    return inner > l.frag.height - (b.top + b.bottom + pd.top + pd.bottom) + 0.01 ? inner : undefined;
  };
  const rowItems = (r: number): PlacedItem[] => g.items.filter((it) => it.row === r);
  const placePieces = (rp: RowPieces): void => {
    for (const pc of rp.pieces) { if (pc.frag) flow.children.push(pc.frag); c.abs.push(...pc.abs); env.fixed.push(...pc.fixed); }
  };
  /** Ends this page inside `row`, which began `rowTop` px down and had `consumed` px of it on earlier pages. */
  const breakInRow = (row: number, rp: RowPieces, rowTop: number, consumed: number): void => {
    placePieces(rp);
    flow.height = Math.max(0, env.pageBottom - contentTop);
    flow.token = { kind: 'grid', row, items: rp.tokens, rowConsumed: consumed + Math.max(0, env.pageBottom - rowTop) };
    if (flow.children.length > 0) flow.placedAny = true;
  };
  // A row broken inside its items on the page before: its items continue first, the rows after it follow them; what is
  // left of the row is as tall as its tallest remaining piece, or the rest of its track size when that is more.
  let tracks = { rows, rowPos, gridH };
  const cont = token;
  if (cont?.items) {
    const rp = layoutRowPieces(rowItems(startRow), contentTop, cont.items, true, layPiece)!;
    const consumed = cont.rowConsumed ?? 0;
    const rest = Math.max(rp.height, rows[startRow] - consumed);
    if (rp.broken || contentTop + rest > env.pageBottom + 0.01) { breakInRow(startRow, rp, contentTop, consumed); return; }
    placePieces(rp);
    const delta = rest - rows[startRow];
    tracks = { rows: rows.map((h, k) => (k === startRow ? rest : h)), rowPos: rowPos.map((y, k) => (k > startRow ? y + delta : y)), gridH: gridH + delta };
  }
  const origin = resumed ? contentTop - (tracks.rowPos[startRow] ?? 0) : contentTop;
  const page = rowsOnPage(box, g.items, { ...tracks, startRow, origin }, c, env);
  // The row across the page bottom breaks inside its items unless one of them has to move whole (row-break.ts).
  let split: RowPieces | null = null;
  const splitTop = page.split !== undefined ? origin + tracks.rowPos[page.split] : 0;
  if (page.split !== undefined) split = layoutRowPieces(rowItems(page.split), splitTop, null, c.atTop && splitTop <= contentTop + 0.01, layPiece);
  if (!split && page.push) {
    // The first row starts here but cannot break inside its items: LayoutNG breaks before it, and the grid's block-start
    // border and padding stay on this page (block flow would move the container whole); break-inside: avoid moves it whole.
    if (page.split === undefined) { flow.pushed = true; return; }
    flow.height = 0;
    flow.token = { kind: 'grid', row: page.split, beforeFirst: true };
    return;
  }
  const endRow = split ? page.split! : page.endRow;
  const firstRow = cont?.items ? startRow + 1 : startRow;
  const onPage = g.items.map((it, i) => {
    if (it.row < firstRow || it.row >= endRow) return null;
    if (used[i]) return laidItem(it);
    used[i] = 1;
    return laid[i];
  });
  const baseline = placeItems(box, onPage, { rows: tracks.rows, rowPos: tracks.rowPos, startRow, origin }, { areaW, layoutItem }, c, flow, env);
  if (baseline !== undefined) flow.firstBaseline = baseline;
  if (split) { breakInRow(page.split!, split, splitTop, 0); return; }
  // ---- the used content height (auto = rows + gaps, css-grid-1 §12.1); the block-level path fills the page when it breaks
  const n = tracks.rows.length;
  const pageTop = startRow < n ? tracks.rowPos[startRow] : n > 0 ? tracks.rowPos[n - 1] + tracks.rows[n - 1] : 0;
  flow.height = resumed ? Math.max(0, tracks.gridH - pageTop) : tracks.gridH;
  // Every row is on this page and the block-end edges go on alone (endEdgesBreak): the grid resumes after its last row.
  flow.token = page.next ?? (edgesNext ? { kind: 'grid', row: n } : null);
  if (flow.children.length > 0) flow.placedAny = true;
}
