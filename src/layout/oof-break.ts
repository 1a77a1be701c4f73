// In: absolutely positioned boxes fragmented at a page bottom (their break tokens and used horizontal metrics), the page fragments laid out.
// Out: the continuations whose fragment is on the page, for the next page's area (css-break-3 §2, §4: out-of-flow boxes fragment like other boxes).
import type { Box } from '../box/types.ts';
import type { Fragment } from './fragment.ts';
import type { BreakToken } from './flow.ts';

/**
 * The rest of an absolutely positioned box fragmented at a page bottom: it resumes from `token`
 * at the top of the next page's area, at the same x (its containing block's left `cbX`, px) and
 * with the same used width, margins and height (§10.3.7, §10.6.4 values kept; px). A box whose top
 * lies at or past the page bottom has no fragment there: `token` is null and it starts `offset` px
 * below the next page area's top (its top margin edge), as Chromium 156 prints it, on a page of its own
 * when the flow has ended.
 */
export interface AbsContinuation {
  box: Box;
  token: BreakToken | null;
  /** With `token` null: where the box's top margin edge lies below the next page area's top, px. */
  offset?: number;
  cbX: number;
  cbWidth: number;
  cbHeight: number | null;
  width: number;
  ml: number;
  mr: number;
  height: number | undefined;
}

/**
 * Collects the abspos boxes fragmented while a page is laid out. A fragment can be thrown away
 * after it was laid out (its ancestor pushed to the next page, an earlier break chosen), so a
 * continuation counts only when its fragment is in the page's final fragment tree (`drain`).
 */
export class AbsBreaks {
  private readonly entries: Array<{ fragment: Fragment; cont: AbsContinuation }> = [];

  /** Records that `fragment` (the part laid out on this page) continues as `cont`. */
  add(fragment: Fragment, cont: AbsContinuation): void {
    this.entries.push({ fragment, cont });
  }

  /**
   * Returns the continuations whose fragment is in the trees under `roots` (the page's
   * children), in the order recorded, takes the fragments of boxes starting past the page bottom
   * out of those trees, and forgets all entries. Walks the trees only when some
   * box was fragmented (the common case costs nothing).
   */
  drain(roots: Fragment[]): AbsContinuation[] {
    if (this.entries.length === 0) return [];
    const where = new Map<Fragment, Fragment[]>();
    const stack: Array<[Fragment, Fragment[]]> = roots.map((f) => [f, roots]);
    while (stack.length > 0) {
      const [f, list] = stack.pop()!;
      where.set(f, list);
      if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') for (const c of f.children) stack.push([c, f.children]);
    }
    const live = this.entries.filter((e) => where.has(e.fragment));
    // A box that starts past the page bottom was laid out where it would be, below the page: it leaves this page's tree.
    for (const e of live) {
      if (e.cont.token !== null) continue;
      const list = where.get(e.fragment)!;
      list.splice(list.indexOf(e.fragment), 1);
    }
    this.entries.length = 0;
    return live.map((e) => e.cont);
  }
}
