// In: a page and the page after it (layout fragments in page px; the page area, print shrink-to-fit scale).
// Out: where the part of the next page's content that lies above its page area prints on this page (a shift and a clip), or null.
import type { Fragment, PageFragment } from '../layout/fragment.ts';
import { scaledArea } from '../layout/print-scale.ts';

/** `dy`: px added to the next page's y coordinates; `clip`: the region of the next page (its coordinates) that lands in this page's area, above the next page's area. */
export interface Spill { dy: number; clip: { x: number; y: number; w: number; h: number } }

/**
 * css-break-3 §4.4 (pages are the fragmentainers of one flow) as Chromium 156 prints it: content that a page's boxes put
 * above that page's area (a negative margin after a forced break, a relatively positioned box moved up, an absolutely
 * positioned box growing upward from its containing block, as in Shopware's dompdf letter header) lies in the previous
 * fragmentainer, so it prints at the foot of the previous page, one fragmentainer height (`stride`) lower, cut at this page's top.
 * Measured with page.pdf: ten 20px lines after `break-before: page; margin-top: -100px` (or `position: relative;
 * top: -100px`, or an abspos block at `bottom: 0` of an 80px box) print their first five (six) lines at the foot of
 * page 1. Fixed boxes are left out: layout already gives each page the copies of its neighbours that reach into it
 * (src/layout/print-fixed.ts). `pageClip`: this page's page-area clip (content px). Null when nothing of `next` lies
 * above its page area.
 */
export function spillFromNext(page: PageFragment, next: PageFragment, pageClip: Spill['clip']): Spill | null {
  const b = scaledArea(next.area, next.contentScale ?? 1);
  if (!(highest(next.children, b.y - 0.5) < b.y - 0.5)) return null;
  const a = scaledArea(page.area, page.contentScale ?? 1);
  const dy = a.y + (page.stride ?? a.height) - b.y;
  const top = pageClip.y - dy, bottom = Math.min(pageClip.y + pageClip.h - dy, b.y);
  return bottom > top ? { dy, clip: { x: pageClip.x, y: top, w: pageClip.w, h: bottom - top } } : null;
}

/** The smallest y of a box, replaced element or line among `list` and their descendants (fixed boxes left out); stops early below `stop`. */
function highest(list: readonly Fragment[], stop: number): number {
  let top = Infinity;
  for (const f of list) {
    if ((f.kind === 'box' || f.kind === 'replaced') && f.style.position === 'fixed') continue;
    if (f.kind === 'box' || f.kind === 'replaced' || f.kind === 'line') top = Math.min(top, f.y);
    if (top < stop) return top;
    if ('children' in f && Array.isArray(f.children)) top = Math.min(top, highest(f.children as Fragment[], stop));
    if (top < stop) return top;
  }
  return top;
}
