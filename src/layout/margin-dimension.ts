// In: the used margins, border+padding, specified size and content sizes (px) of page-margin boxes along one axis.
// Out: their used sizes and margins on that axis (css-page-3 §5.3 margin-box dimensions), in place.

/**
 * One margin box along one axis. `inner` is the content size ('auto' until resolved), `marginA`
 * the top/left margin, `marginB` the bottom/right one, `bp` border + padding, `minContent` and
 * `maxContent` the content's min-/max-content sizes on this axis. A box that is not generated
 * has every field 0 (`generated: false`). All px.
 */
export interface AxisBox {
  generated: boolean;
  inner: number | 'auto';
  marginA: number | 'auto';
  marginB: number | 'auto';
  bp: number;
  minContent: number;
  maxContent: number;
}

const num = (v: number | 'auto'): number => (v === 'auto' ? 0 : v);
const sugar = (b: AxisBox): number => b.bp + num(b.marginA) + num(b.marginB);
/** The outer size of a resolved box (margins + border + padding + content), px. */
export const outerSize = (b: AxisBox): number => sugar(b) + num(b.inner);
const outerMin = (b: AxisBox): number => sugar(b) + (b.inner === 'auto' ? b.minContent : b.inner);
const outerMax = (b: AxisBox): number => sugar(b) + (b.inner === 'auto' ? b.maxContent : b.inner);
const shrinkToFit = (b: AxisBox, available: number): void => { b.inner = Math.max(0, Math.min(Math.max(b.minContent, available), b.maxContent)); };

/**
 * The fixed dimension of a margin box (css-page-3 §5.3.1 "margin-constraints"): margins, border,
 * padding and content add up to `outer` (the page margin's depth). An over-constrained box gives
 * up its outer margin (`aSideOuter`: the box sits at the top or left of the page, so marginA is
 * the outer one); a lone auto absorbs the rest; an auto content size fills; two auto margins centre.
 */
export function fixedDimension(b: AxisBox, outer: number, aSideOuter: boolean): void {
  const total = b.bp + num(b.marginA) + num(b.marginB) + num(b.inner);
  if (total > outer) {
    if (b.marginA === 'auto') b.marginA = 0;
    if (b.marginB === 'auto') b.marginB = 0;
    if (b.inner === 'auto') b.inner = 0;
  }
  if (b.marginA !== 'auto' && b.marginB !== 'auto' && b.inner !== 'auto') {
    if (aSideOuter) b.marginA = 'auto'; else b.marginB = 'auto';
  }
  const autos = [b.marginA, b.marginB, b.inner].filter((v) => v === 'auto').length;
  if (autos === 1) {
    if (b.inner === 'auto') b.inner = outer - b.bp - num(b.marginA) - num(b.marginB);
    else if (b.marginA === 'auto') b.marginA = outer - b.bp - num(b.marginB) - b.inner;
    else b.marginB = outer - b.bp - num(b.marginA) - num(b.inner);
  }
  if (b.inner === 'auto') {
    if (b.marginA === 'auto') b.marginA = 0;
    if (b.marginB === 'auto') b.marginB = 0;
    b.inner = outer - b.bp - b.marginA - b.marginB;
  }
  if (b.marginA === 'auto' && b.marginB === 'auto') b.marginA = b.marginB = (outer - b.bp - b.inner) / 2;
  b.inner = Math.max(0, b.inner);
}

/**
 * The variable dimension of the three boxes of one page side (css-page-3 §5.3.2, the
 * 2013 Working Draft rules WeasyPrint follows): auto margins are 0; with a generated centre box
 * `b`, its auto size is its max-content size when it fits beside twice the larger side box,
 * else min-content plus a share of the room left (weighted by max − min), and the side boxes
 * shrink-to-fit in the halves around it; without one, the side boxes take their max-content sizes
 * when both fit, else min-content plus shares of the rest; a single auto box shrinks-to-fit beside
 * the other. Boxes are not stretched to fill the side: placement puts `a` at the start, `b`
 * centred and `c` at the end. (The current Editor's Draft, as Chromium implements it, also
 * hands the room left over to the boxes in proportion to their max-content sizes; text lands
 * in the same place either way, through each box's default text-align, but backgrounds and
 * borders of margin boxes are wider there.)
 */
export function variableDimension(a: AxisBox, b: AxisBox, c: AxisBox, outer: number): void {
  for (const x of [a, b, c]) {
    if (x.marginA === 'auto') x.marginA = 0;
    if (x.marginB === 'auto') x.marginB = 0;
  }
  if (b.generated) {
    if (b.inner === 'auto') {
      const acMax = 2 * Math.max(outerMax(a), outerMax(c));
      if (outer >= outerMax(b) + acMax) b.inner = b.maxContent;
      else {
        const acMin = 2 * Math.max(outerMin(a), outerMin(c));
        b.inner = b.minContent;
        const room = outer - outerSize(b) - acMin;
        const wAc = acMax - acMin, wB = b.maxContent - b.minContent;
        if (room > 0 && wAc + wB > 0) b.inner += (room * wB) / (wAc + wB);
      }
    }
    const half = (outer - outerSize(b)) / 2;
    if (a.inner === 'auto') shrinkToFit(a, half - sugar(a));
    if (c.inner === 'auto') shrinkToFit(c, half - sugar(c));
  } else if (a.inner === 'auto' && c.inner === 'auto') {
    if (outer >= outerMax(a) + outerMax(c)) { a.inner = a.maxContent; c.inner = c.maxContent; }
    else {
      a.inner = a.minContent; c.inner = c.minContent;
      const room = outer - outerSize(a) - outerSize(c);
      const wA = a.maxContent - a.minContent, wC = c.maxContent - c.minContent;
      if (room > 0 && wA + wC > 0) { a.inner += (room * wA) / (wA + wC); c.inner += (room * wC) / (wA + wC); }
    }
  } else if (a.inner === 'auto') shrinkToFit(a, outer - outerSize(c) - sugar(a));
  else if (c.inner === 'auto') shrinkToFit(c, outer - outerSize(a) - sugar(c));
  for (const x of [a, b, c]) if (x.inner === 'auto') x.inner = 0;
}
