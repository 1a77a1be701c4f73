// In: the pages of a pagination (page.ts) as each is laid out, and a sink from a later stage (paint).
// Out: each page snapped for print (in place), given to the sink with its snapped neighbours once the next page is laid out.
import type { Box, BoxTree } from '../box/types.ts';
import type { PageFragment } from './fragment.ts';
import { pageOverflow } from './print-scale.ts';
import { snapPageForPrint } from './print-snap.ts';

/** What takes the pages of a streamed pagination (the display-list builder, src/paint/build.ts). */
export interface PageSink {
  /** Page `page`, snapped for print, with its neighbours (snapped; null at the document's ends), in page order. */
  page(page: PageFragment, prev: PageFragment | null, next: PageFragment | null): void;
  /** The pages given so far are void: the document is laid out again (print shrink-to-fit) or as a whole. */
  reset(): void;
}

/**
 * Hands a pagination's pages to a PageSink as they are laid out, so that a long document is painted page by page and
 * its laid-out pages let go (issue 12: a 500-page report kept ~0.5 MB of fragments a page until the PDF was written).
 * A page is final once pagination moves past it unless something placed later reaches back to it: fixed boxes (every
 * page), absolutely positioned boxes against the initial containing block (the first page), page-margin boxes
 * (counter(pages), running elements, laid out after the last page) and print shrink-to-fit (the whole document laid
 * out again when a page's content is wider than its area). Documents with fixed or absolute boxes or running elements
 * are not streamed (streamable); a page with margin boxes, or one whose content overflows, stops the stream: the sink
 * is reset, and pagination starts again without a stream when laid-out pages were let go already (`redo`).
 * The sink sees each page as snapPagesForPrint leaves it, snapped in place (no copy): layout reads nothing of a page it
 * has moved past, except rows a table places again (a repeated header or footer), which it copies with the positions
 * and sizes they had when first placed (src/layout/table/rows.ts rowFragment).
 */
export class PageStream {
  /** The largest pageOverflow of the pages looked at (print-scale.ts). */
  factor = 1;
  /** Whether pages still go to the sink. */
  active = true;
  /** Whether the pagination must be done again without the stream (it stopped after letting laid-out pages go). */
  redo = false;
  private released = 0;
  private prev: PageFragment | null = null;
  private cur: PageFragment | null = null;

  constructor(private readonly sink: PageSink) {}

  /**
   * Page `i` of `pages` is laid out; `plain`: nothing will be placed on it or on earlier pages later (no fixed box,
   * no box against the initial containing block, no margin box so far). Gives the previous page to the sink and lets
   * page `i` go (`pages[i]` becomes an empty page of the same size and style). Returns false when pagination must
   * stop and start again without the stream (`redo`).
   */
  done(pages: PageFragment[], i: number, plain: boolean): boolean {
    if (!this.active) return true;
    const page = pages[i]!;
    this.factor = Math.max(this.factor, pageOverflow(page, page.area));
    // (1 + 1e-4: overflowScale's threshold, below which nothing is laid out again)
    if (!plain || this.factor >= 1 + 1e-4) {
      this.stop();
      this.redo = plain ? false : this.released > 0;
      return !this.redo;
    }
    // Snapped in place: pages[i] lets its fragments go, and what later pages copy of them is put back as laid out first.
    const snapped: PageFragment = { ...page, marginBoxes: [] };
    snapPageForPrint(snapped);
    if (this.cur) this.give(this.cur, snapped);
    this.prev = this.cur;
    this.cur = snapped;
    pages[i] = { ...page, children: [], marginBoxes: [] };
    this.released++;
    return true;
  }

  /** The pagination ended: the last page goes to the sink. */
  end(): void {
    if (this.active && this.cur) this.give(this.cur, null);
    this.prev = this.cur = null;
  }

  /** Stops the stream: the pages given so far are void. */
  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.prev = this.cur = null;
    this.sink.reset();
  }

  private give(page: PageFragment, next: PageFragment | null): void {
    this.sink.page(page, this.prev, next);
  }
}

/**
 * Whether a box tree can be paginated into a PageStream: no running elements and no absolutely positioned or fixed box
 * (found by a walk of the tree: such boxes are placed on pages already laid out, and would make the stream start over).
 */
export function streamable(tree: BoxTree): boolean {
  if (tree.running !== undefined && tree.running.length > 0) return false;
  const stack: Box[] = [tree.root];
  while (stack.length > 0) {
    const b = stack.pop()!;
    const pos = b.style.position;
    if (pos === 'absolute' || pos === 'fixed') return false;
    if ('children' in b) for (const c of b.children as Box[]) stack.push(c);
  }
  return true;
}
