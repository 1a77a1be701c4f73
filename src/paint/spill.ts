// In: a page and the page before or after it (layout fragments in page px; the page area, print shrink-to-fit scale).
// Out: where the part of that neighbour's content that lies outside its own strip of the flow prints on this page (a shift and a clip), or null.
import type { Fragment, PageFragment } from '../layout/fragment.ts';
import { scaledArea } from '../layout/print-scale.ts';
import { mapRect, transformMatrix } from '../layout/transform.ts';

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
export function spillFrom(page: PageFragment, other: PageFragment, side: SpillSide, pageClip: Spill['clip']): Spill | null {
  const a = scaledArea(page.area, page.contentScale ?? 1);
  const b = scaledArea(other.area, other.contentScale ?? 1);
  if (side === 'next') {
    if (!(-reach(other.children, 'top', -(b.y - 0.5)) < b.y - 0.5)) return null;
    const dy = a.y + (page.stride ?? a.height) - b.y;
    return cut(dy, pageClip.y - dy, Math.min(pageClip.y + pageClip.h - dy, b.y), pageClip);
  }
  const end = b.y + (other.stride ?? b.height);
  if (!(reach(other.children, 'bottom', end + 0.5) > end + 0.5)) return null;
  const dy = a.y - end;
  return cut(dy, Math.max(pageClip.y - dy, end), pageClip.y + pageClip.h - dy, pageClip);
}

function cut(dy: number, top: number, bottom: number, pageClip: Spill['clip']): Spill | null {
  return bottom > top ? { dy, clip: { x: pageClip.x, y: top, w: pageClip.w, h: bottom - top } } : null;
}

/**
 * How far the boxes, replaced elements and lines among `list` and their descendants reach on `edge` (fixed boxes left
 * out; a transformed box's reach through its transform), as the largest of -top ('top') or bottom ('bottom'), px;
 * stops early past `stop`.
 */
function reach(list: readonly Fragment[], edge: 'top' | 'bottom', stop: number): number {
  let out = -Infinity;
  for (const f of list) {
    if ((f.kind === 'box' || f.kind === 'replaced') && f.style.position === 'fixed') continue;
    const m = f.kind === 'box' || f.kind === 'replaced' ? transformMatrix(f.style, { x: f.x, y: f.y, w: f.width, h: f.height }) : null;
    if (m) {
      const top = -Math.max(-f.y, own(f, 'top')), bottom = Math.max(f.y + f.height, own(f, 'bottom'));
      const r = mapRect(m, { x: f.x, y: top, w: f.width, h: bottom - top });
      out = Math.max(out, edge === 'top' ? -r.y : r.y + r.h);
    } else {
      if (f.kind === 'box' || f.kind === 'replaced' || f.kind === 'line') out = Math.max(out, edge === 'top' ? -f.y : f.y + f.height);
      if (out > stop) return out;
      out = Math.max(out, own(f, edge, stop));
    }
    if (out > stop) return out;
  }
  return out;
}

/** `reach` of a fragment's children (-Infinity without any). */
function own(f: Fragment, edge: 'top' | 'bottom', stop = Infinity): number {
  return 'children' in f && Array.isArray(f.children) ? reach(f.children as Fragment[], edge, stop) : -Infinity;
}
