// In: the items of one grid row that crosses the fragmentainer bottom (or continues from the page before), a way to lay one
// out at its place. Out: their fragments on this page and each item's break token (css-grid-1 §10.5, css-break-3 §4.4).
import type { BoxFragment, ReplacedFragment } from '../fragment.ts';
import type { BreakToken, PendingAbs } from '../flow.ts';
import type { PlacedItem } from './placement.ts';

/** One fragmenting layout of a grid item: its fragment, token, whether it was pushed whole, and the positioned boxes met. */
export interface ItemPiece { frag: BoxFragment | ReplacedFragment | null; token: BreakToken | null; pushed: boolean; abs: PendingAbs[]; fixed: PendingAbs[] }

/** Lays an item out from `token` with its top margin edge at `y` (absolute px), fragmented at the fragmentainer bottom. */
export type LayoutPiece = (it: PlacedItem, p: { y: number; token: BreakToken | null; atTop: boolean; truncate: boolean }) => ItemPiece;

/** The row's pieces on this page: fragments placed, each item's token, the row's used height on this page (px, margin boxes). */
export interface RowPieces { pieces: ItemPiece[]; tokens: Array<BreakToken | null>; height: number; broken: boolean }

/**
 * Lays the items of a row out at `y` on this page, each fragmented at the fragmentainer bottom as block flow is (Chromium
 * 156 breaks inside the items of a row that crosses the page end: a résumé's side heading stays beside the first lines of
 * its entry). `from`: the items' tokens when the row continues from the page before (null entries ended there, and take
 * no room). Returns null when an item does not fit and would break before itself (its first line, a monolithic box): then
 * the whole row moves to the next page, as Chromium moves it.
 */
export function layoutRowPieces(items: readonly PlacedItem[], y: number, from: ReadonlyArray<BreakToken | null> | null, atTop: boolean, lay: LayoutPiece): RowPieces | null {
  const pieces: ItemPiece[] = [];
  const tokens: Array<BreakToken | null> = [];
  let bottom = y;
  for (let i = 0; i < items.length; i++) {
    if (from && from[i] === null) { tokens.push(null); continue; }
    const piece = lay(items[i]!, { y, token: from ? from[i]! : null, atTop, truncate: from !== null });
    if (piece.pushed && !atTop) return null;
    pieces.push(piece);
    tokens.push(piece.token);
    if (piece.frag) bottom = Math.max(bottom, piece.frag.y + piece.frag.height + (piece.token === null ? piece.frag.margin.bottom : 0));
  }
  return { pieces, tokens, height: bottom - y, broken: tokens.some((t) => t !== null) };
}
