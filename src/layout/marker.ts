/**
 * Outside list markers (CSS 2.1 §12.5, css-lists-3 §3): placed left of the list item's content edge on its first line's baseline.
 * In: a list item's BlockBox and its laid-out fragment. Out: a MarkerFragment (text runs, or the bullet rectangle of a symbol);
 * the geometry of symbol markers comes from inline/symbol.ts, which inside markers share.
 * An item whose content has no baseline holds the marker's line in its flow (holdMarkerLine).
 *
 * Geometry as Chromium places markers: a text marker ("1. ", suffix space included) ends at the
 * content-left edge; a symbol marker (disc/circle/square) starts (⌊ascent·2/3⌋ + 8) px left of it
 * and its bullet is a square of side ⌊(⌊ascent·2/3⌋ + 1)/2⌋ at (start + 1, line top + ⌊3·(ascent − ⌊ascent·2/3⌋)/2⌋),
 * with ascent rounded to whole px; an image marker ends 7 px left of the content edge.
 *
 * Vertically as Blink's UnpositionedListMarker: the marker is laid out on a line of its own (outsideMarkerLine) whose
 * baseline is aligned with the first line box or block child that has one; when the marker's ascent is the larger, that
 * child is pushed down (the block flow does it, src/layout/block.ts and block-lines.ts). A list item with no baseline
 * at all holds the marker's line at its content top (its content is at least as tall).
 */
import type { BlockBox, MarkerBox } from '../box/types.ts';
import type { FontContext } from '../text/types.ts';
import type { LayoutContext } from './context.ts';
import type { BoxFragment, MarkerFragment } from './fragment.ts';
import type { Flow } from './flow.ts';
import { NO_MARGIN, collapsed } from './flow.ts';
import { shapeBidiText } from './inline/bidi.ts';
import { symbolGeometry } from './inline/symbol.ts';
import { inlineMetricsOf } from './inline/style.ts';

const SYMBOLS = new Set(['disc', 'circle', 'square']);

/** True when a marker is drawn as a shape (disc/circle/square) rather than text. */
export function isSymbolMarker(listStyleType: string): boolean {
  return SYMBOLS.has(listStyleType);
}

/**
 * The line an outside marker is laid out on by itself (Blink lays ::marker out as an atomic inline): the distance from
 * its top to its baseline and its height, px. The strut of the marker's style (its line-height, half-leading above
 * floored as in line boxes) with, for an image, the image standing on the baseline. Measured in Chromium 156: a 40 px
 * image marker at 16px/20px has ascent 40 and height 45; a text or symbol marker, the line-height.
 */
export function outsideMarkerLine(marker: MarkerBox, fonts: FontContext): { ascent: number; height: number } {
  const m = inlineMetricsOf(marker.style, fonts);
  const ascent = m.leadingTop + m.ascent;
  const below = m.lineHeight - ascent;
  if (!marker.image) return { ascent, height: m.lineHeight };
  const top = Math.max(ascent, marker.image.height);
  return { ascent: top, height: top + Math.max(0, below) };
}

/**
 * Builds the outside marker fragment of a list item whose fragment `item` is laid out. The
 * baseline is the item's first baseline, or its content top + the marker line's ascent when it has none.
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
  const baseline = item.baseline ?? contentTop + outsideMarkerLine(marker, ctx.fonts).ascent;
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

/**
 * A list item whose content has no baseline (empty, or only boxes without lines) holds its outside marker's line at its
 * content top: the content is at least that tall, and the item no longer collapses through (Blink's
 * UnpositionedListMarker::AddToBoxWithoutLineBoxes; measured in Chromium 156: an empty <li> is one line tall, 45 px for
 * a 40 px image marker at 16px/20px, padding added). `contentTop`: the content's top when the border top is known.
 */
export function holdMarkerLine(flow: Flow, height: number, contentTop: number | null): void {
  let top = contentTop ?? flow.firstY;
  if (top === null) {
    top = flow.y + collapsed(flow.margin);
    flow.firstY = top;
    flow.y = top;
    flow.margin = NO_MARGIN;
  }
  if (flow.y < top + height) flow.y = top + height;
  flow.placedAny = true;
}
