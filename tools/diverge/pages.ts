/**
 * Page breaks: where each printed page starts in the continuous flow, on both sides, and the page each element starts on.
 * In: Chromium's printed words (pdftotext, pt) and text boxes (continuous px); our printed and unfragmented layouts.
 * Out: where each printed page begins in the continuous flow (px), and `page` / `pageUncertain` on the LayoutNodes.
 */
import type { LayoutNode, Rect } from './compare.ts';
import type { PdfWord, TextBox } from './chromium.ts';

const PX_PER_PT = 4 / 3;
/** An element starting less than this (px) above the first text of a page may be what begins that page (padding above the text). */
const NEAR_BREAK = 24;
/** Text box and word left edges agree within this (px): the same line start. */
const SAME_X = 4;

const unescapeXml = (t: string): string => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * Where each of Chromium's printed pages begins in its continuous layout (px; [0] is 0): the continuous top
 * of the first text on page k. Each word of page k inside the page area that begins a text box (same text
 * start, left edges within SAME_X px, the word's x being its page px minus the page area's left, times the
 * shrink-to-fit factor) votes for the offset "box top minus the word's top within the page area"; the
 * offset most words agree on (within 2 px; ties: the smallest) wins, and the page begins at the box of the
 * topmost word that voted for it. Voting, not the first word alone, because a page can open with content
 * repeated from earlier (a table's header group, fixed boxes), which votes for another offset. NaN for a
 * page where no word maps, and for every page after it.
 */
export function chromiumPageBreaks(pages: number, words: PdfWord[], boxes: TextBox[], area: Rect, scale: number): number[] {
  const breaks = [0];
  const byStart = new Map<string, TextBox[]>();
  for (const b of boxes) {
    const first = normal(b.text).split(' ', 1)[0]!;
    let list = byStart.get(first);
    if (!list) byStart.set(first, (list = []));
    list.push(b);
  }
  const pageHeight = area.height * scale;
  for (let k = 1; k < pages; k++) {
    const prev = breaks[k - 1]!;
    if (Number.isNaN(prev)) { breaks.push(NaN); continue; }
    const votes: Vote[] = [];
    const onPage = words.filter((w) => w.page === k && w.y * PX_PER_PT >= area.y - 1 && w.y * PX_PER_PT <= area.y + area.height / scale + 1);
    onPage.forEach((w, i) => {
      const text = unescapeXml(w.t);
      const line = lineFrom(w, onPage);
      const x = (w.x * PX_PER_PT - area.x) * scale, yIn = (w.y * PX_PER_PT - area.y) * scale;
      for (const b of byStart.get(text) ?? []) {
        if (!sameStart(normal(b.text), line)) continue;
        // A page holds at most a page area of the flow: its text lies below the previous page's and within one page area of it.
        if (Math.abs(b.x - x) <= SAME_X && b.y > prev && b.y - yIn <= prev + pageHeight + 1) votes.push({ start: b.y - yIn, word: i, top: b.y });
      }
    });
    const winners = mostAgreed(votes);
    breaks.push(winners.length ? Math.min(...winners.map((v) => v.top)) : NaN);
  }
  return breaks;
}

interface Vote { start: number; word: number; top: number }

const normal = (t: string): string => t.replace(/[\s\u00a0]+/g, ' ').trim();

/** The text of `w`'s line from `w` rightwards: the words of its page whose top is within 1 pt, in x order. */
function lineFrom(w: PdfWord, page: PdfWord[]): string {
  return normal(page.filter((u) => Math.abs(u.y - w.y) < 1 && u.x >= w.x).sort((a, b) => a.x - b.x).map((u) => unescapeXml(u.t)).join(' '));
}

/** A text box and a printed line begin alike: one is the other, or begins with it and a space (a box ends mid-line, or the line mid-box). */
function sameStart(box: string, line: string): boolean {
  return box === line || line.startsWith(box + ' ') || box.startsWith(line + ' ');
}

/** The votes in the 2 px window of starts that most distinct words fall in (ties: the smallest start); [] without votes. */
function mostAgreed(votes: Vote[]): Vote[] {
  votes.sort((a, b) => a.start - b.start);
  const inWindow = new Map<number, number>();
  let best: Vote[] = [], bestCount = 0, lo = 0;
  for (let hi = 0; hi < votes.length; hi++) {
    const v = votes[hi]!;
    inWindow.set(v.word, (inWindow.get(v.word) ?? 0) + 1);
    while (v.start - votes[lo]!.start > 2) {
      const w = votes[lo++]!.word;
      const n = inWindow.get(w)! - 1;
      if (n === 0) inWindow.delete(w); else inWindow.set(w, n);
    }
    if (inWindow.size > bestCount) { bestCount = inWindow.size; best = votes.slice(lo, hi + 1); }
  }
  return best;
}

/**
 * Sets `page` on every node with a box from Chromium's page breaks (chromiumPageBreaks: the top of each
 * page's first text): the page of its topmost text when that lies on a later page than its top (nothing
 * of it is printed above the break but padding: it begins that page), else the last page whose break is at
 * or above its top. A node without text whose top lies less than NEAR_BREAK px above a break may be what
 * begins that page: `pageUncertain`. Past the first unknown break, pages stay unset.
 */
export function assignPages(root: LayoutNode, breaks: number[]): void {
  const known = breaks.findIndex((s) => Number.isNaN(s));
  const last = known < 0 ? breaks.length - 1 : known - 1;
  const pageOf = (y: number): number => { let k = 0; while (k < last && breaks[k + 1]! <= y + 0.01) k++; return k; };
  const textTop = topmostText(root);
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    stack.push(...n.children);
    delete n.page;
    delete n.pageUncertain;
    if (!n.box) continue;
    const t = textTop.get(n);
    let k = pageOf(n.box.y);
    if (t !== undefined && pageOf(t + 0.5) > k) k = pageOf(t + 0.5);
    else if (t === undefined && breaks.some((b, i) => i > 0 && i <= last && n.box!.y < b && b - n.box!.y < NEAR_BREAK)) n.pageUncertain = true;
    if (k === last && known >= 0) continue;
    n.page = k;
  }
}

/** The top of the topmost text box in each node's subtree (absent: no text). */
function topmostText(root: LayoutNode): Map<LayoutNode, number> {
  const out = new Map<LayoutNode, number>();
  const order: LayoutNode[] = [];
  const stack = [root];
  while (stack.length) { const n = stack.pop()!; order.push(n); stack.push(...n.children); }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    let top = Infinity;
    for (const t of n.texts) top = Math.min(top, t.y);
    for (const c of n.children) top = Math.min(top, out.get(c) ?? Infinity);
    if (top < Infinity) out.set(n, top);
  }
  return out;
}

/**
 * Our side: sets `page` on every node of `flat` (the unfragmented layout) from `paged` (the same document
 * printed: same tree, nodes with the page their first fragment is on), and returns where each printed
 * page begins in the continuous flow: the continuous top of the first element (document order) whose
 * first fragment is on it (NaN for a page no element starts on).
 */
export function applyOurPages(flat: LayoutNode, paged: LayoutNode, pages: number): number[] {
  const breaks: number[] = new Array(pages).fill(NaN);
  breaks[0] = 0;
  const stack: Array<[LayoutNode, LayoutNode]> = [[flat, paged]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    if (b.page === undefined) delete a.page;
    else {
      a.page = b.page;
      if (a.box && Number.isNaN(breaks[b.page]!)) breaks[b.page] = a.box.y;
    }
    for (let i = a.children.length - 1; i >= 0; i--) { const d = b.children[i]; if (d) stack.push([a.children[i]!, d]); }
  }
  return breaks;
}
