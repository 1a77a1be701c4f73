// In: the ascent and font size (px) of a list marker drawn as a symbol (disc/circle/square).
// Out: Blink's geometry of the bullet and its box (ListMarker::WidthOfSymbol, RelativeSymbolMarkerRect, InlineMarginsForInside).
/**
 * Blink's symbol marker (disc/circle/square) from the marker font's ascent (px, rounded to whole
 * px as Blink's FontMetrics::Ascent): the bullet is a square of `side` px whose top is `top` px
 * from the baseline (negative: above), 1 px after the start of a box `width` px wide
 * (ListMarker::WidthOfSymbol, RelativeSymbolMarkerRect); `twoThirds` is ⌊ascent·2/3⌋.
 */
export function symbolGeometry(ascent: number): { side: number; top: number; width: number; twoThirds: number } {
  const a = Math.round(ascent);
  const twoThirds = Math.floor((a * 2) / 3);
  const side = Math.floor((twoThirds + 1) / 2);
  return { side, top: -a + Math.floor((3 * (a - twoThirds)) / 2), width: side + 2, twoThirds };
}

/**
 * The inline advance of an inside symbol marker, px: its box (symbolGeometry's width) with the
 * margins Blink gives it (ListMarker::InlineMarginsForInside: −1 px at the start, 1em at the end).
 * Measured in Chromium 156: 22 px at 16 px Liberation Sans, 18 at 13, 27 at 20, DejaVu Sans alike.
 */
export function insideSymbolAdvance(ascent: number, fontSize: number): number {
  return -1 + symbolGeometry(ascent).width + fontSize;
}
