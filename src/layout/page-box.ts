// In: a page's size (px) and page-context computed style (margins, borders, padding from @page).
// Out: the page box's used edges and its border box, as css-page-3 §3.3 (page model) lays them out.
import type { ComputedStyle } from '../css/computed.ts';
import { resolveLength } from '../css/computed.ts';
import type { Edges } from './fragment.ts';

/** The used margin, border and padding widths (px) of a page box. */
export interface PageBoxEdges { margin: Edges; border: Edges; padding: Edges }

/**
 * Used edges of the page box of size `size` (px) with page-context style `s` (css-page-3 §3.3):
 * margins and padding resolve percentages against the page width (left/right) or height
 * (top/bottom); `auto` margins count as 0. Never throws.
 */
export function pageBoxEdges(s: ComputedStyle, size: { width: number; height: number }): PageBoxEdges {
  const W = size.width, H = size.height;
  const m = (v: typeof s.marginTop, basis: number): number => (v === 'auto' ? 0 : resolveLength(v, basis));
  return {
    margin: { top: m(s.marginTop, H), right: m(s.marginRight, W), bottom: m(s.marginBottom, H), left: m(s.marginLeft, W) },
    border: { top: s.borderTop.width, right: s.borderRight.width, bottom: s.borderBottom.width, left: s.borderLeft.width },
    padding: {
      top: resolveLength(s.paddingTop, H), right: resolveLength(s.paddingRight, W),
      bottom: resolveLength(s.paddingBottom, H), left: resolveLength(s.paddingLeft, W),
    },
  };
}

/**
 * The page box's border box (the page inset by its margins) with its border and padding widths,
 * in page px: the box whose border paint reads and whose padding box positions the page
 * background (css-page-3 "Page Backgrounds and Painting Order").
 */
export function pageBorderBox(s: ComputedStyle, size: { width: number; height: number }): { x: number; y: number; width: number; height: number; border: Edges; padding: Edges } {
  const e = pageBoxEdges(s, size);
  return {
    x: e.margin.left, y: e.margin.top,
    width: Math.max(0, size.width - e.margin.left - e.margin.right),
    height: Math.max(0, size.height - e.margin.top - e.margin.bottom),
    border: e.border, padding: e.padding,
  };
}
