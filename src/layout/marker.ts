/**
 * Outside list markers (CSS 2.1 §12.5, css-lists-3 §3): placed left of the list item's content edge on its first line's baseline.
 * In: a list item's BlockBox and its laid-out fragment. Out: a MarkerFragment (text runs, or the bullet rectangle of a symbol);
 * the geometry of symbol markers comes from inline/symbol.ts, which inside markers share.
 *
 * Geometry as Chromium places markers: a text marker ("1. ", suffix space included) ends at the
 * content-left edge; a symbol marker (disc/circle/square) starts (⌊ascent·2/3⌋ + 8) px left of it
 * and its bullet is a square of side ⌊(⌊ascent·2/3⌋ + 1)/2⌋ at (start + 1, line top + ⌊3·(ascent − ⌊ascent·2/3⌋)/2⌋),
 * with ascent rounded to whole px; an image marker ends 7 px left of the content edge.
 */
import type { BlockBox } from '../box/types.ts';
import type { LayoutContext } from './context.ts';
import type { BoxFragment, MarkerFragment } from './fragment.ts';
import { shapeBidiText } from './inline/bidi.ts';
import { symbolGeometry } from './inline/symbol.ts';

const SYMBOLS = new Set(['disc', 'circle', 'square']);

/** True when a marker is drawn as a shape (disc/circle/square) rather than text. */
export function isSymbolMarker(listStyleType: string): boolean {
  return SYMBOLS.has(listStyleType);
}

/**
 * Builds the outside marker fragment of a list item whose fragment `item` is laid out. The
 * baseline is the item's first line box baseline, or its content top + ascent when it has none.
 * Returns null for an empty marker.
 */
export function placeOutsideMarker(box: BlockBox, item: BoxFragment, ctx: LayoutContext): MarkerFragment | null {
  const marker = box.marker;
  if (!marker) return null;
  const s = marker.style;
  const m = ctx.fonts.metrics(s);
  const contentLeft = item.x + item.border.left + item.padding.left;
  // rtl: the marker sits right of the content box, mirrored (measured in Chromium 156), its text in visual order.
  const rtl = box.style.direction === 'rtl';
  const contentRight = item.x + item.width - item.border.right - item.padding.right;
  const mirror = (x: number, w: number): number => (rtl ? contentRight + (contentLeft - x - w) : x);
  const contentTop = item.y + item.border.top + item.padding.top;
  const baseline = item.baseline ?? contentTop + m.ascent;
  if (marker.image) {
    const w = marker.image.width, h = marker.image.height;
    return { kind: 'marker', box: marker, style: s, x: mirror(contentLeft - 7 - w, w), y: baseline - h, width: w, height: h, baseline, runs: [] };
  }
  const type = box.style.listStyleType;
  if (isSymbolMarker(type) && !marker.text.startsWith('"')) {
    const g = symbolGeometry(m.ascent);
    const start = contentLeft - (g.twoThirds + 8);
    return { kind: 'marker', box: marker, style: s, x: mirror(start + 1, g.side), y: baseline + g.top, width: g.side, height: g.side, baseline, runs: [] };
  }
  const text = marker.text;
  if (!text) return null;
  const runs = shapeBidiText(ctx.fonts, s, text, rtl ? 'rtl' : 'ltr');
  let width = 0;
  for (const r of runs) width += r.width;
  return { kind: 'marker', box: marker, style: s, x: mirror(contentLeft - width, width), y: baseline - m.ascent, width, height: m.ascent + m.descent, baseline, runs };
}

