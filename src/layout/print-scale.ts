// In: pages laid out at the page-area size (fragments in page px), or a page area and a scale.
// Out: Chromium's print "shrink to fit" factor (content wider than the page area), and the scaled layout area.
import type { Fragment, PageFragment } from './fragment.ts';
import { isDegenerate, mapRect, transformMatrix } from './transform.ts';
import { hasTransform } from '../css/computed.ts';

/**
 * The widest a page's content may be laid out, as a multiple of its page area: Blink's
 * `printingMaximumShrinkFactor` (2) over `kPrintingMinimumShrinkFactor` (4/3), i.e. content is
 * shrunk to at most 1/1.5 of its size; wider content is clipped at the right. Measured on
 * Chromium 156 (`--print-to-pdf`): a 4000 px wide block on an 800 px page prints at 1/1.5.
 */
export const MAXIMUM_SHRINK_FACTOR = 1.5;

/** A rectangle in page px. */
export interface AreaRect { x: number; y: number; width: number; height: number }

/**
 * The right edge (page px) of a page's scrollable overflow in the inline direction: the union of
 * the border boxes of all fragments with a non-empty area (Blink ignores boxes of zero width or
 * height), text and inline fragments included, line boxes themselves not (their width is the
 * container's), and nothing inside a box that clips horizontally (overflow-x other than visible).
 * A transformed box's own box and content count as their bounding box after its transform
 * (css-overflow-3 §2.2 "accounting for transforms"; Chromium 156 shrinks a page whose rotated
 * stamp or translated block reaches past the page area). Fixed boxes are not part of it (they belong to
 * the viewport, not to the document's scrollable overflow: Chromium 156 does not shrink a page for a
 * `position: fixed` footer 120 % wide, nor for a fixed watermark that only its rotation makes wider).
 * `-Infinity` when the page holds nothing.
 */
export function overflowRight(fragments: readonly Fragment[]): number {
  const all: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const f of fragments) addOverflow(f, all);
  return all.x1;
}

/** An extent in page px (x0 > x1 while empty). */
interface Bounds { x0: number; y0: number; x1: number; y1: number }

function addOverflow(f: Fragment, into: Bounds): void {
  const boxLike = f.kind === 'box' || f.kind === 'replaced';
  if (boxLike && f.style.position === 'fixed') return;
  const m = boxLike && hasTransform(f.style) ? transformMatrix(f.style, { x: f.x, y: f.y, w: f.width, h: f.height }) : null;
  const b: Bounds = m ? { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity } : into;
  if (f.kind !== 'line' && f.width > 0 && f.height > 0) grow(b, f.x, f.y, f.x + f.width, f.y + f.height);
  if (f.kind === 'box') {
    const kids = f.children;
    if (kids.length > 0 && (f.style.overflowX === 'visible' || isRootOrBody(f))) for (let i = 0; i < kids.length; i++) addOverflow(kids[i], b);
  } else if (f.kind === 'line' || f.kind === 'inline') {
    const kids = f.children;
    for (let i = 0; i < kids.length; i++) addOverflow(kids[i], b);
  }
  if (m && b.x1 > b.x0 && !isDegenerate(m)) {
    const r = mapRect(m, { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 });
    grow(into, r.x, r.y, r.x + r.w, r.y + r.h);
  }
}

function grow(b: Bounds, x0: number, y0: number, x1: number, y1: number): void {
  b.x0 = Math.min(b.x0, x0); b.y0 = Math.min(b.y0, y0);
  b.x1 = Math.max(b.x1, x1); b.y1 = Math.max(b.y1, y1);
}

/** The root and body, whose overflow is the viewport's (CSS 2.1 §11.1.1), do not clip their own content. */
function isRootOrBody(f: Fragment & { kind: 'box' }): boolean {
  const name = f.box.element?.name;
  return name === 'html' || name === 'body';
}

/**
 * Blink's print shrink-to-fit (pagination_utils.cc CalculateOverflowShrinkForPrinting, after
 * LocalFrameView's first print layout): for each page, how far the content's scrollable overflow
 * reaches past the page area's right edge, as (overflow right − area left) / area width; the
 * largest over all pages, at least 1, capped at `maximum` (MAXIMUM_SHRINK_FACTOR). 1 means the
 * content fits and nothing is scaled; s > 1 means "lay out again in a page area s times larger
 * (both axes) and paint it scaled by 1/s". `areas[i]` is page i's page area (page px); `least`: the largest
 * pageOverflow of pages no longer in `pages` (a streamed pagination's, src/layout/page-stream.ts).
 */
export function overflowShrinkFactor(pages: readonly PageFragment[], areas: readonly AreaRect[], maximum = MAXIMUM_SHRINK_FACTOR, least = 1): number {
  let factor = least;
  pages.forEach((page, i) => { factor = Math.max(factor, pageOverflow(page, areas[i] ?? page.area)); });
  return overflowScale(factor, maximum);
}

/**
 * One page's part of overflowShrinkFactor: (overflow right − area left) / area width, 1 when the page holds nothing or
 * its area has no width. `area`: the page area (page px).
 */
export function pageOverflow(page: PageFragment, area: AreaRect): number {
  if (!(area.width > 0)) return 1;
  const right = overflowRight(page.children);
  return Number.isFinite(right) ? Math.max(1, (right - area.x) / area.width) : 1;
}

/** The shrink factor for the largest page overflow `factor` (pageOverflow), capped at `maximum`. */
export function overflowScale(factor: number, maximum = MAXIMUM_SHRINK_FACTOR): number {
  // Sub-pixel excess is rounding noise in our layout, not overflow worth a relayout.
  if (factor < 1 + 1e-4) return 1;
  return Math.min(factor, maximum);
}

/**
 * The page area of a page shrunk by `scale` (>= 1) in the coordinates its content is laid out in, for clipping what is
 * painted: same origin, both sides `scale` times longer. The margins are not scaled. (The area content is laid out in
 * is snappedPageArea's at that scale.)
 */
export function scaledArea<T extends AreaRect>(area: T, scale: number): T {
  if (scale === 1) return area;
  const out = { ...area, width: area.width * scale, height: area.height * scale };
  if ((area as PageAreaRect).icbWidth !== undefined) (out as PageAreaRect).icbWidth = (area as PageAreaRect).icbWidth! * scale;
  if ((area as PageAreaRect).rootHeight !== undefined) (out as PageAreaRect).rootHeight = (area as PageAreaRect).rootHeight! * scale;
  return out;
}

/**
 * A page area with the width of the initial containing block (abspos and fixed boxes), when it differs,
 * and the height the root element's percentage heights resolve against (px), when it differs.
 */
export interface PageAreaRect extends AreaRect { icbWidth?: number; rootHeight?: number }

/**
 * The initial containing block of a page (CSS 2.1 §10.1: the containing block of the root's
 * absolutely positioned boxes and of fixed boxes): the page area, whole px wide rounded down.
 */
export function initialContainingBlock(area: PageAreaRect): AreaRect {
  return { x: area.x, y: area.y, width: area.icbWidth ?? area.width, height: area.height };
}

/**
 * The affine matrix [a, b, c, d, e, f] (page px, y down) that paints content laid out at `scale`
 * back into the page area: x' = area.x + (x − area.x) / scale, same for y.
 */
export function contentMatrix(area: { x: number; y: number }, scale: number): [number, number, number, number, number, number] {
  const k = 1 / scale;
  return [k, 0, 0, k, area.x * (1 - k), area.y * (1 - k)];
}

/**
 * How far (px, negative: left) Chromium 156 draws the page content of a document whose root element is
 * right-to-left from where snappedPageArea places it: the laid-out area (whole px, rounded up) ends at the page width
 * less the rounded right inset instead of starting at the rounded left inset. Measured with `--print-to-pdf`, text and
 * a 100 % wide block, `dir="rtl"` or `direction: rtl` on the html element (not on the body alone): Playwright's A4
 * (794.672 px) with 28 pt margins (37.328 px; Playwright's 10 mm) or none: -0.328 px (content from 36.672 px, not 37),
 * an 800 px page with margins 37.797 px, 20.5 px, or 10.6 px left and 30.3 px right: -1 px. The page clip moves with
 * it. `width`, `left`, `right`: the page width and the page-box insets (px).
 */
export function rtlOriginShift(width: number, left: number, right: number): number {
  const page = lu(width);
  return page - Math.round(right) - Math.ceil(page - inset(left) - inset(right) - 1e-6) - Math.round(left);
}

/** A page size in LayoutUnits (1/64 px, rounded). */
const lu = (v: number): number => Math.round(v * 64) / 64;
/** A page-box inset in LayoutUnits, truncated (float noise, 37 + 1e-9, is not a fraction of a LayoutUnit). */
const inset = (v: number): number => Math.floor(v * 64 + 1e-6) / 64;

/**
 * The page area as Chromium 156 prints it: whole CSS px from the page box in LayoutUnits (1/64 px: the page size rounded
 * to them, each inset truncated). Measured with `--print-to-pdf` on pages of 800 × 1000 px and A4/A3 with margins from
 * 0.3 px to 3cm (left/top edges against text, right/bottom edges against right-aligned text and a `position: fixed;
 * bottom: 0` box), and through the shrink-to-fit factor of a 1000 px wide block, which Chromium divides by the laid-out
 * width (margins 10 to 38 px in 0.1 px steps, on Playwright's A4 and on explicit sizes): the left and top edges are the
 * insets (margin plus page border and padding) rounded to the nearest px (3cm = 113.39 px -> 113, 10mm = 37.8 -> 38,
 * 20.5 -> 21); the width is rounded up (800 − 2 × 37.797 = 724.41 -> 725; Playwright's A4, 794.672 px, with 28 pt
 * margins, 37.328 px: 720.016 -> 721) and the height down (1124 − 2 × 37.328 = 1049.34 -> 1049). The initial
 * containing block (abspos `right: 0`, fixed boxes) is rounded down in both (720 × 1049). The root's `height: 100%`
 * resolves against the height rounded up (`rootHeight`, set when it differs: 1050; measured through Page.printToPDF as
 * make-refs.mjs calls it, A4 landscape with no margin: `position: fixed; bottom: 0` ends at 794, probes at
 * `top: calc(100% - 100.Npx)` in a `height: 100%` root put 100% at 795.0-795.1).
 * `left`/`top`/`right`/`bottom` are the page-box insets (px), `size` the page size (px). With print shrink-to-fit
 * (`scale` > 1) the area content is laid out in is the exact area times the scale, rounded the same way (Blink lays out
 * again at the page size times the factor): a 1000 px block on A4 with 28 pt margins (720.016 px, 721 laid out) gives
 * a factor of 1000 / 721 and an area of ceil(720.016 × 1000 / 721) = 999 px, so a 100% wide block ends 0.72 px inside
 * the page area's right edge, as in Chromium 156's print.
 */
export function snappedPageArea(size: { width: number; height: number }, left: number, top: number, right: number, bottom: number, scale = 1): PageAreaRect {
  const EPS = 1e-6;
  const w = (lu(size.width) - inset(left) - inset(right)) * scale, h = (lu(size.height) - inset(top) - inset(bottom)) * scale;
  const width = Math.ceil(w - EPS);
  const icbWidth = Math.floor(w + EPS);
  const height = Math.floor(h + EPS);
  const rootHeight = Math.ceil(h - EPS);
  const out: PageAreaRect = { x: Math.round(left), y: Math.round(top), width: Math.max(1, width), height: Math.max(1, height) };
  if (icbWidth !== width) out.icbWidth = Math.max(1, icbWidth);
  if (rootHeight !== height) out.rootHeight = Math.max(1, rootHeight);
  return out;
}
