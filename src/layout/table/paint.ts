// In: a laid-out table (TableLayout with collapsed borders) and the rows placed on one page (row index, page y, height).
// Out: fragments that paint each collapsed border segment once (CSS 2.1 §17.6.2), centred on its grid line, after the cells' backgrounds.
import { hasTransform, type BorderSide, type ComputedStyle } from '../../css/computed.ts';
import type { Box } from '../../box/types.ts';
import type { BoxFragment, Edges } from '../fragment.ts';
import type { TableLayout } from './rows.ts';
import { resolveBorder, STYLE_RANK } from './borders.ts';

/**
 * Edges shared by every border piece (a piece has no margin or padding; nothing writes into a fragment's edges). Not
 * frozen: frozen objects and arrays among the fragments make every walk over the tree (overflow, snapping, paint) slower.
 */
const NO_EDGES: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
/** Shared border edges of a piece: `width` px on the top (a horizontal segment) or the left (a vertical one); at most 64 widths each. */
const topEdges = new Map<number, Edges>(), leftEdges = new Map<number, Edges>();
function pieceEdges(side: 'top' | 'left', width: number): Edges {
  const m = side === 'top' ? topEdges : leftEdges;
  let e = m.get(width);
  if (!e) {
    e = { top: side === 'top' ? width : 0, right: 0, bottom: 0, left: side === 'left' ? width : 0 };
    if (m.size >= 64) m.clear();
    m.set(width, e);
  }
  return e;
}

/** The fragment of one border segment or corner: its rectangle, px, painted with `style`'s top or left border or its background. */
function borderPiece(box: Box, style: ComputedStyle, x: number, y: number, width: number, height: number, border: Edges): BoxFragment {
  return { kind: 'box', box, style, x, y, width, height, margin: NO_EDGES, border, padding: NO_EDGES, children: [], startsBox: true, endsBox: true };
}

/** Border pieces gathered as arrays (FragmentPieces) while they are computed. */
class PieceList {
  rects: number[] = [];
  styles: ComputedStyle[] = [];
  borders: Edges[] = [];
  push(style: ComputedStyle, x: number, y: number, width: number, height: number, border: Edges): void {
    this.rects.push(x, y, width, height);
    this.styles.push(style);
    this.borders.push(border);
  }
}

/**
 * The pieces as fragments: one fragment carrying them all (BoxFragment.pieces, its rectangle their union, its style the
 * table's, which paints nothing) when their style lets every walker treat them alike (not fixed, not transformed: their
 * union's overflow, spill reach and snapping are theirs); else one fragment each. The pieces' styles differ from `base`
 * in borders, background colour and currentColorMask only (sideStyles, cornerStyle): paint decides where the carrier's
 * pieces go from the carrier's style (src/paint/paint-order.ts inFlowBlock).
 */
function pieceFragments(box: Box, base: ComputedStyle, list: PieceList): BoxFragment[] {
  const r = list.rects;
  const n = list.styles.length;
  if (n === 0) return [];
  if (base.position === 'fixed' || hasTransform(base)) {
    const out: BoxFragment[] = [];
    for (let i = 0; i < n; i++) out.push(borderPiece(box, list.styles[i], r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3], list.borders[i]));
    return out;
  }
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < r.length; i += 4) {
    if (r[i] < x0) x0 = r[i];
    if (r[i + 1] < y0) y0 = r[i + 1];
    if (r[i] + r[i + 2] > x1) x1 = r[i] + r[i + 2];
    if (r[i + 1] + r[i + 3] > y1) y1 = r[i + 1] + r[i + 3];
  }
  const carrier = borderPiece(box, base, x0, y0, x1 - x0, y1 - y0, NO_EDGES);
  carrier.pieces = { box, rects: Float64Array.from(r), styles: list.styles, borders: list.borders };
  return [carrier];
}

const styleCache = new WeakMap<BorderSide, { h: ComputedStyle; v: ComputedStyle }>();

function sideStyles(base: ComputedStyle, side: BorderSide): { h: ComputedStyle; v: ComputedStyle } {
  let r = styleCache.get(side);
  // The winning border's colour is resolved: no currentcolor left for paint's inset/outset fallback grey.
  if (!r) { r = { h: { ...base, borderTop: side, currentColorMask: 0 }, v: { ...base, borderLeft: side, currentColorMask: 0 } }; styleCache.set(side, r); }
  return r;
}

const visible = (s: BorderSide | undefined): s is BorderSide => !!s && s.width > 0 && s.style !== 'none' && s.style !== 'hidden';

/**
 * The collapsed border segments of the rows placed on a page: the vertical edges of each row and
 * the horizontal edge above each row and below the last row of each run of consecutive rows,
 * each between its corners (rows split across pages: no line at the split); every corner (where grid lines meet) is filled once with the colour
 * of the border that wins it (§17.6.2.1 rules among the edges meeting there). `rows` are in page
 * order; `tableX` is the table's border-box left on the page, px.
 */
export function collapsedBorderPieces(L: TableLayout, rows: Array<{ k: number; y: number; height: number; starts: boolean; ends: boolean }>, tableX: number): BoxFragment[] {
  const b = L.borders;
  if (!b) return [];
  const out = new PieceList();
  const C = L.grid.cols;
  const base = L.anon.style;
  const lineX = (c: number): number => tableX + L.lineX[c];
  const w = (s: BorderSide | undefined): number => (visible(s) ? s.width : 0);
  /** Width of the vertical edges at column line c between rows `above` and `below` (-1: none). */
  const vAt = (above: number, below: number, c: number): number => Math.max(w(b.v[above]?.[c]), w(b.v[below]?.[c]));
  /** Vertical edges of row k between the horizontal grid lines `top` and `bottom` (their edges, for the corners; null: none drawn). */
  const vertical = (k: number, y: number, h: number, top: BorderSide[] | null, bottom: BorderSide[] | null): void => {
    const line = b.v[k];
    if (!line) return;
    const hw = (l: BorderSide[] | null, c: number): number => (l ? Math.max(w(l[c - 1]), w(l[c])) : 0);
    for (let c = 0; c <= C; c++) {
      const s = line[c];
      if (!visible(s)) continue;
      const y0 = y + hw(top, c) / 2, y1 = y + h - hw(bottom, c) / 2;
      if (y1 <= y0) continue;
      out.push(sideStyles(base, s).v, lineX(c) - s.width / 2, y0, s.width, y1 - y0, pieceEdges('left', s.width));
    }
  };
  /** A horizontal grid line at page y with its edges, between rows `rowAbove` and `rowBelow` (-1: none), corners included. */
  const horizontal = (hl: BorderSide[], y: number, rowAbove: number, rowBelow: number): void => {
    for (let c = 0; c < C; c++) {
      const s = hl[c];
      if (!visible(s)) continue;
      // Between the corners at lines c and c + 1 (right to left when the table is rtl).
      const xa = lineX(c), xb = lineX(c + 1), wa = vAt(rowAbove, rowBelow, c) / 2, wb = vAt(rowAbove, rowBelow, c + 1) / 2;
      const x0 = xa <= xb ? xa + wa : xb + wb, x1 = xa <= xb ? xb - wb : xa - wa;
      if (x1 <= x0) continue;
      out.push(sideStyles(base, s).h, x0, y - s.width / 2, x1 - x0, s.width, pieceEdges('top', s.width));
    }
    for (let c = 0; c <= C; c++) {
      const vw = vAt(rowAbove, rowBelow, c), hw = Math.max(w(hl[c - 1]), w(hl[c]));
      if (vw <= 0 || hw <= 0) continue;
      const win = cornerWinner(hl[c - 1], hl[c], b.v[rowAbove]?.[c], b.v[rowBelow]?.[c]);
      if (!win) continue;
      out.push(cornerStyle(base, win), lineX(c) - vw / 2, y - hw / 2, vw, hw, NO_EDGES);
    }
  };
  /** The edges of the line between two rows placed one after the other: the grid's own line, or (rows not adjacent in the grid: a repeated header above a body row) the winner of both lines per column. */
  const junction = (above: number, below: number): BorderSide[] => {
    if (above === below - 1) return b.h[below] ?? [];
    const a = b.h[above + 1] ?? [], z = b.h[below] ?? [];
    const out2: BorderSide[] = [];
    for (let c = 0; c < C; c++) out2.push(resolveBorder([a[c], z[c]]));
    return out2;
  };
  const lines: Array<BorderSide[] | null> = [];
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    lines.push(prev ? (prev.ends ? (r.starts ? junction(prev.k, r.k) : b.h[prev.k + 1] ?? null) : null) : r.starts ? b.h[r.k] ?? null : null);
  });
  rows.forEach((r, i) => {
    const last = rows[rows.length - 1];
    const bottom = i + 1 < rows.length ? lines[i + 1] : r === last && r.ends ? b.h[r.k + 1] ?? null : null;
    vertical(r.k, r.y, r.height, lines[i], bottom);
    const prev = rows[i - 1];
    if (lines[i]) horizontal(lines[i]!, r.y, prev ? prev.k : -1, r.k);
    if (i === rows.length - 1 && bottom) horizontal(bottom, r.y + r.height, r.k, -1);
  });
  return pieceFragments(L.anon, base, out);
}

/** The visible border that wins a corner (§17.6.2.1 order: wider, then style; earlier on ties), without allocating. */
function cornerWinner(a: BorderSide | undefined, b: BorderSide | undefined, c: BorderSide | undefined, d: BorderSide | undefined): BorderSide | null {
  let best = visible(a) ? a : null;
  best = stronger(best, b); best = stronger(best, c); best = stronger(best, d);
  return best;
}
function stronger(best: BorderSide | null, x: BorderSide | undefined): BorderSide | null {
  if (!visible(x)) return best;
  if (!best || x.width > best.width || (x.width === best.width && (STYLE_RANK[x.style] ?? 0) > (STYLE_RANK[best.style] ?? 0))) return x;
  return best;
}

const cornerCache = new WeakMap<BorderSide, ComputedStyle>();
/** A style that paints a corner square in the border's colour. */
function cornerStyle(base: ComputedStyle, side: BorderSide): ComputedStyle {
  let r = cornerCache.get(side);
  if (!r) { r = { ...base, backgroundColor: side.color }; cornerCache.set(side, r); }
  return r;
}
