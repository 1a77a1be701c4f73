// In: nothing (the shapes the display-list builder sorts fragments into, CSS 2.1 Appendix E).
// Out: Entry, ScEntry, Phases and the steps of painting order that need no builder state.
import type { ComputedStyle } from '../css/computed.ts';
import type { BoxFragment, InlineFragment, ReplacedFragment } from '../layout/fragment.ts';
import type { DisplayItem, Rect, Radii } from './display-list.ts';
import type { Decorator, DecorationSegment } from './build-text.ts';

/** A clip pushed for an overflow: hidden/clip box (its padding box, inner radii). */
export interface Clip { rect: Rect; radii?: Radii }
export type Chain = readonly Clip[];

/** A stacking context, or a box painted atomically as if it were one (floats, atomic inlines, z-index: auto positioned boxes). */
export interface ScEntry { kind: 'sc'; frag: BoxFragment | ReplacedFragment | InlineFragment; chain: Chain; z: number; decos: Decorator[] }
export interface ItemEntry { kind: 'item'; item: DisplayItem; chain: Chain }
export type Entry = ScEntry | ItemEntry;

/** `outlines`: the stacking context's outlines, painted last (Appendix E step 10, css-ui-4 §3). */
export interface Phases { neg: ScEntry[]; blocks: Entry[]; floats: ScEntry[]; inlines: Entry[]; zero: ScEntry[]; pos: ScEntry[]; outlines: Entry[] }

/** A stacking context's empty phases: negative z, in-flow blocks, floats, inline content, z-index 0/auto, positive z, outlines. */
export function newPhases(): Phases { return { neg: [], blocks: [], floats: [], inlines: [], zero: [], pos: [], outlines: [] }; }

/** Array sort that keeps the document order of equal keys (z-index ties paint in tree order, Appendix E). */
export function stableSort<T>(a: T[], cmp: (x: T, y: T) => number): T[] {
  return a.map((v, i) => [v, i] as const).sort((p, q) => cmp(p[0], q[0]) || p[1] - q[1]).map((p) => p[0]);
}

/** Whether the style draws a text decoration line (underline, overline or line-through). */
export const decorating = (s: ComputedStyle): boolean => s.textDecorationLine.underline || s.textDecorationLine.overline || s.textDecorationLine.lineThrough;

/** Underlines and overlines go under the line's text, line-throughs over it (CSS 2.1 Appendix E step 7). */
export function placeDecorations(lineItems: Entry[], segs: DecorationSegment[], chain: Chain): void {
  if (segs.length === 0) return;
  const under: Entry[] = segs.filter((g) => g.pos !== 'through').map((g) => ({ kind: 'item', item: g.item, chain }));
  const firstText = lineItems.findIndex((e) => e.kind === 'item' && e.item.kind === 'glyphs');
  if (firstText >= 0) lineItems.splice(firstText, 0, ...under); else lineItems.push(...under);
  for (const g of segs) if (g.pos === 'through') lineItems.push({ kind: 'item', item: g.item, chain });
}
