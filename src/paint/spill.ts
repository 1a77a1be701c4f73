// In: a page and the page before or after it (layout fragments in page px; the page area, print shrink-to-fit scale).
// Out: where the part of that neighbour's content that lies outside its own strip of the flow prints on this page (a shift and a clip), or null.
import type { Fragment, PageFragment } from '../layout/fragment.ts';
import { scaledArea } from '../layout/print-scale.ts';
import { mapRect, transformMatrix } from '../layout/transform.ts';
import { hasTransform } from '../css/computed.ts';

/** `dy`: px added to the neighbour's y coordinates; `clip`: the region of the neighbour (its coordinates) that lands in this page's area, outside the neighbour's strip. */
export interface Spill { dy: number; clip: { x: number; y: number; w: number; h: number } }

/** Which neighbour spills onto this page: 'next' (its content above its page area) or 'prev' (its content below its strip's end). */
export type SpillSide = 'prev' | 'next';

/**
 * css-break-3 §4.4 (pages are the fragmentainers of one flow) as Chromium 156 prints it: content that a page's boxes put
 * outside that page's strip of the flow lies in the neighbouring fragmentainer and prints there, one fragmentainer height
 * (`stride`) away, cut at the page boundary. Above the page area (a negative margin after a forced break, a relatively
 * positioned box moved up, an absolutely positioned box growing upward from its containing block, as in Shopware's dompdf
 * letter header): at the foot of the previous page. Below the strip's end (a box moved down by `position: relative; top`
 * or `transform: translateY`): at the top of the next page. Measured with page.pdf: ten 20px lines after
 * `break-before: page; margin-top: -100px` (or `position: relative; top: -100px`, or an abspos block at `bottom: 0` of an
 * 80px box) print their first five (six) lines at the foot of page 1; four lines at `top: 60px` whose last three pass
 * page 1's end print those three at the top of page 2, over page 2's own lines. Fixed boxes are left out: layout already
 * gives each page the copies of its neighbours that reach into it (src/layout/print-fixed.ts). `pageClip`: this page's
 * page-area clip (content px). Null when nothing of `other` lies outside its strip on `side`'s boundary with this page.
 */
export function spillFrom(page: PageFragment, other: PageFragment, side: SpillSide, pageClip: Spill['clip'], reaches?: Map<PageFragment, Reach>): Spill | null {
  const a = scaledArea(page.area, page.contentScale ?? 1);
  const b = scaledArea(other.area, other.contentScale ?? 1);
  let r = reaches?.get(other);
  if (!r) { r = pageReach(other.children); reaches?.set(other, r); }
  if (side === 'next') {
    if (!(-r.top < b.y - 0.5)) return null;
    const dy = a.y + (page.stride ?? a.height) - b.y;
    return cut(dy, pageClip.y - dy, Math.min(pageClip.y + pageClip.h - dy, b.y), pageClip);
  }
  const end = b.y + (other.stride ?? b.height);
  if (!(r.bottom > end + 0.5)) return null;
  const dy = a.y - end;
  return cut(dy, Math.max(pageClip.y - dy, end), pageClip.y + pageClip.h - dy, pageClip);
}

function cut(dy: number, top: number, bottom: number, pageClip: Spill['clip']): Spill | null {
  return bottom > top ? { dy, clip: { x: pageClip.x, y: top, w: pageClip.w, h: bottom - top } } : null;
}

/** How far a page's content reaches: `top` the largest -y of its top edges, `bottom` the largest bottom edge, px (-Infinity: nothing). */
export interface Reach { top: number; bottom: number }

/**
 * How far the boxes, replaced elements and lines among `list` and their descendants reach upward and downward (fixed
 * boxes left out; a transformed box's reach through its transform): one walk for both edges, px.
 */
export function pageReach(list: readonly Fragment[]): Reach {
  const r: Reach = { top: -Infinity, bottom: -Infinity };
  addReach(list, r);
  return r;
}

function addReach(list: readonly Fragment[], into: Reach): void {
  // (an index loop: this walks every fragment of every page, and for-of's iterator is not always optimised away)
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const boxLike = f.kind === 'box' || f.kind === 'replaced';
    if (boxLike && f.style.position === 'fixed') continue;
    const m = boxLike && hasTransform(f.style) ? transformMatrix(f.style, { x: f.x, y: f.y, w: f.width, h: f.height }) : null;
    if (m) {
      const own: Reach = { top: -Infinity, bottom: -Infinity };
      if (f.kind === 'box') addReach(f.children, own);
      const top = -Math.max(-f.y, own.top), bottom = Math.max(f.y + f.height, own.bottom);
      const t = mapRect(m, { x: f.x, y: top, w: f.width, h: bottom - top });
      into.top = Math.max(into.top, -t.y);
      into.bottom = Math.max(into.bottom, t.y + t.h);
      continue;
    }
    if (boxLike || f.kind === 'line') {
      if (-f.y > into.top) into.top = -f.y;
      if (f.y + f.height > into.bottom) into.bottom = f.y + f.height;
    }
    if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') addReach(f.children, into);
  }
}
