// In: a laid-out table (TableLayout with collapsed borders) and the rows placed on one page (row index, page y, height).
// Out: fragments that paint each collapsed border segment once (CSS 2.1 §17.6.2), centred on its grid line, after the cells' backgrounds.
import type { BorderSide, ComputedStyle } from '../../css/computed.ts';
import type { BoxFragment } from '../fragment.ts';
import { zeroEdges } from '../box-model.ts';
import type { TableLayout } from './rows.ts';
import { pieceFragment } from './rows.ts';

const styleCache = new WeakMap<BorderSide, { h: ComputedStyle; v: ComputedStyle }>();

function sideStyles(base: ComputedStyle, side: BorderSide): { h: ComputedStyle; v: ComputedStyle } {
  let r = styleCache.get(side);
  if (!r) { r = { h: { ...base, borderTop: side }, v: { ...base, borderLeft: side } }; styleCache.set(side, r); }
  return r;
}

const visible = (s: BorderSide | undefined): s is BorderSide => !!s && s.width > 0 && s.style !== 'none' && s.style !== 'hidden';

/**
 * The collapsed border segments of the rows placed on a page: the vertical edges of each row
 * (its height), the horizontal edge above each row and below the last row of each run of
 * consecutive rows, each spanning its column and reaching half-way over the corner to its left
 * (the last column's also to its right). `rows` are in page order; `tableX` is the table's
 * border-box left on the page, px.
 */
export function collapsedBorderPieces(L: TableLayout, rows: Array<{ k: number; y: number; height: number }>, tableX: number): BoxFragment[] {
  const b = L.borders;
  if (!b) return [];
  const out: BoxFragment[] = [];
  const C = L.grid.cols;
  const base = L.anon.style;
  const lineX = (c: number): number => tableX + L.colX[c];
  const vertical = (k: number, y: number, h: number): void => {
    const line = b.v[k];
    if (!line) return;
    for (let c = 0; c <= C; c++) {
      const s = line[c];
      if (!visible(s)) continue;
      const e = zeroEdges(); e.left = s.width;
      out.push(pieceFragment(L.anon, sideStyles(base, s).v, lineX(c) - s.width / 2, y, s.width, h, e));
    }
  };
  const horizontal = (line: number, y: number, rowAbove: number, rowBelow: number): void => {
    const hl = b.h[line];
    if (!hl) return;
    const corner = (c: number): number => Math.max(b.v[rowAbove]?.[c]?.width ?? 0, b.v[rowBelow]?.[c]?.width ?? 0);
    for (let c = 0; c < C; c++) {
      const s = hl[c];
      if (!visible(s)) continue;
      const x0 = lineX(c) - corner(c) / 2;
      const x1 = c === C - 1 ? lineX(C) + corner(C) / 2 : lineX(c + 1) - corner(c + 1) / 2;
      const e = zeroEdges(); e.top = s.width;
      out.push(pieceFragment(L.anon, sideStyles(base, s).h, x0, y - s.width / 2, Math.max(0, x1 - x0), s.width, e));
    }
  };
  for (const r of rows) vertical(r.k, r.y, r.height);
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    horizontal(r.k, r.y, prev && prev.k === r.k - 1 ? r.k - 1 : -1, r.k);
    const nextRow = rows[i + 1];
    if (!nextRow || nextRow.k !== r.k + 1) horizontal(r.k + 1, r.y + r.height, r.k, nextRow && nextRow.k === r.k + 1 ? r.k + 1 : -1);
  });
  return out;
}
