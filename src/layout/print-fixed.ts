/**
 * Fixed-position boxes in print as Chromium 156 prints them (CSS 2.1 §9.6.1: repeated on every page).
 * In: the laid-out pages, each page's layout area and fragmentainer height, the fixed boxes met. Out: their fragments added to the pages.
 */
import type { Box } from '../box/types.ts';
import type { Fragment, PageFragment } from './fragment.ts';
import type { ContainingBlock, PendingAbs } from './flow.ts';

/** A page's initial containing block as content was laid out in it, and its fragmentainer's block size (px). */
export interface PrintArea { x: number; y: number; width: number; height: number; stride: number }

/**
 * Places the fixed-position boxes on every page. Each page has its own copy, laid out against its
 * page area (the containing block, CSS 2.1 §10.1). Chromium prints the pages as one flow cut into
 * page areas, each page showing its strip of that flow: so a copy that reaches out of its page area
 * also shows on the neighbouring page where it reaches into that page's strip. A header at
 * `top: 0; margin-top: -2.5cm` shows on the foot of the page before (its own page clips it away:
 * paint clips each page to its page area), a footer at `bottom: 0; margin-bottom: -20mm` on the top
 * of the page after; the last page has no next page's copy. Measured with Chromium 156 (page
 * areas of 200 px and of 895.8 px, whose strip is 896 px: the rounded fragmentainer height).
 * `layout` lays one box out against a containing block (px, page coordinates), or gives null.
 */
export function placeFixedBoxes(pages: readonly PageFragment[], areas: readonly PrintArea[], fixed: readonly PendingAbs[], layout: (a: PendingAbs, cb: ContainingBlock) => Fragment | null): void {
  const seen = new Set<Box>();
  const unique = fixed.filter((a) => (seen.has(a.box) ? false : (seen.add(a.box), true)));
  if (unique.length === 0) return;
  /** Where each page's strip begins in the flow (px). */
  const flowTop: number[] = [];
  let acc = 0;
  for (const a of areas) { flowTop.push(acc); acc += a.stride; }
  // Each page's own copies and their vertical reach relative to the page area's top.
  const own = pages.map((p) => unique.map((a) => {
    const area = areas[p.index]!;
    const f = layout(a, { x: area.x, y: area.y, width: area.width, height: area.height });
    return f ? { f, reach: verticalReach(f, area.y) } : null;
  }));
  for (const page of pages) {
    const k = page.index, ak = areas[k]!;
    unique.forEach((a, i) => {
      if (own[k]![i]) page.children.push(own[k]![i]!.f);
      // The copies of the pages before (reaching down into this strip), then after; each direction stops at the first that misses.
      for (const step of [-1, 1]) {
        for (let j = k + step; j >= 0 && j < pages.length; j += step) {
          const copy = own[j]![i];
          if (!copy) continue;
          // Copy j's area top in page k's coordinates: its flow offset seen from page k's strip.
          const top = ak.y + flowTop[j]! - flowTop[k]!;
          if (top + copy.reach.bottom <= ak.y || top + copy.reach.top >= ak.y + ak.stride) break;
          const f = layout(a, { x: ak.x, y: top, width: areas[j]!.width, height: areas[j]!.height });
          if (f) page.children.push(f);
        }
      }
    });
  }
}

/**
 * Whether a fixed box begins below the end of the flow, so that Chromium 156 prints another page for
 * it. A fixed box sits against the first page's area (the viewport); one whose border box starts past
 * the end of the last page's strip (the pages' fragmentainer heights added up) gets a page of its own:
 * InvenTree's empty footer at `bottom: 0; margin-bottom: -20mm` gives a one-page report a second page
 * (blank but for the margin boxes, and the header copy that shows at the foot of page 1). A box that
 * starts inside the strip and only ends below it adds none (laravel-invoices' footer at `bottom: -56px`
 * with a 48px bottom margin). `areas` are the pages so far; true when one more page is wanted.
 */
export function fixedOverflowWantsPage(areas: readonly PrintArea[], fixed: readonly PendingAbs[], layout: (a: PendingAbs, cb: ContainingBlock) => Fragment | null): boolean {
  const first = areas[0];
  if (!first || fixed.length === 0) return false;
  const flowEnd = areas.reduce((sum, a) => sum + a.stride, 0);
  for (const a of fixed) {
    const f = layout(a, { x: first.x, y: first.y, width: first.width, height: first.height });
    if (f && f.y - first.y > flowEnd) return true;
  }
  return false;
}

/** The vertical extent of a fragment and everything inside it, relative to `origin` (px). */
function verticalReach(f: Fragment, origin: number): { top: number; bottom: number } {
  let top = f.y, bottom = f.y + f.height;
  const visit = (g: Fragment): void => {
    top = Math.min(top, g.y); bottom = Math.max(bottom, g.y + g.height);
    if (g.kind === 'box' || g.kind === 'line' || g.kind === 'inline') for (const c of g.children) visit(c);
  };
  visit(f);
  return { top: top - origin, bottom: bottom - origin };
}
