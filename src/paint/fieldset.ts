// In: a fieldset's box fragment with a rendered legend's gap (BoxFragment.legendGap, from src/layout/fieldset.ts).
// Out: the shifted fragment its background and border are painted on, and its border items drawn around the legend's gap.
import type { BoxFragment } from '../layout/fragment.ts';
import type { DisplayItem, Rect } from './display-list.ts';

/**
 * The rectangle a fieldset's background and border are painted on (HTML §15.3.13, as Chromium): its border box
 * with the top moved `legendGap.shift` px down, so the block-start border is centred on the legend's border box.
 * Returns `f` itself when there is no shift. Coordinates px.
 */
export function legendShifted(f: BoxFragment): BoxFragment {
  const g = f.legendGap;
  if (!g || g.shift <= 0) return f;
  const shift = Math.min(g.shift, f.height);
  return { ...f, y: f.y + shift, height: f.height - shift };
}

/**
 * Paints the fieldset's border (through `paintBorder`, which pushes the border items) except over the rendered
 * legend's span of the block-start border: three rectangular clips (left of the gap, right of it, below the block-start
 * border within it). `f` is the shifted fragment (legendShifted). Without a gap it just calls `paintBorder`.
 */
export function paintAroundLegend(f: BoxFragment, push: (i: DisplayItem) => void, paintBorder: () => void): void {
  const g = f.legendGap;
  if (!g || g.width <= 0) { paintBorder(); return; }
  const right = f.x + f.width, bottom = f.y + f.height;
  const gx1 = Math.max(f.x, g.x), gx2 = Math.min(right, g.x + g.width);
  if (gx2 <= gx1) { paintBorder(); return; }
  const clips: Rect[] = [
    { x: f.x, y: f.y, w: gx1 - f.x, h: f.height },
    { x: gx2, y: f.y, w: right - gx2, h: f.height },
    { x: gx1, y: f.y + f.border.top, w: gx2 - gx1, h: bottom - (f.y + f.border.top) },
  ];
  for (const rect of clips) {
    if (rect.w <= 0 || rect.h <= 0) continue;
    push({ kind: 'push-clip', rect });
    paintBorder();
    push({ kind: 'pop-clip' });
  }
}
