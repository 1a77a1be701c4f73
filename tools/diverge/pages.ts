/**
 * Page breaks: where each printed page starts in the continuous flow, on both sides, and the page each element starts on.
 * In: Chromium's printed words (pdftotext, pt) and text boxes (continuous px); our printed and unfragmented layouts.
 * Out: where each printed page begins in the continuous flow (px), and `page` / `pageUncertain` on the LayoutNodes.
 */
import type { LayoutNode, Rect } from './compare.ts';
import type { PdfWord, TextBox } from './chromium.ts';

const PX_PER_PT = 4 / 3;
/** Without the bottom of a page's last text, a textless element starting less than this (px) above the next page's first text may begin that page. */
const NEAR_BREAK = 24;
/** A word votes for the page's offset when its own is within this (px) of the one most words agree on. */
const SAME_PAGE = 16;
/** Text box and word left edges agree within this (px): the same line start. */
const SAME_X = 4;

const unescapeXml = (t: string): string => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Where a printed page's own text lies in the continuous flow (px): the top of its first text and the bottom of its last. */
export interface PageSpan { begin: number; end: number }

/**
 * Where each of Chromium's printed pages lies in its continuous layout (px): from the top of its first
 * text to the bottom of its last. Each word of page k inside the page area that begins a text box (same
 * text start, left edges within SAME_X px, the word's x being its page px minus the page area's left,
 * times the shrink-to-fit factor) votes for the offset "box top minus the word's top within the page
 * area"; the offset most words agree on (within 2 px; ties: the smallest) wins, and the boxes that voted
 * for it span the page. Voting, not the first word alone, because a page can open with content repeated
 * from earlier (a table's header group, fixed boxes), which votes for another offset. Page 0 begins at 0.
 * NaN for a page where no word maps, and for every page after it.
 */
export function chromiumPageSpans(pages: number, words: PdfWord[], boxes: TextBox[], area: Rect, scale: number): PageSpan[] {
  const spans: PageSpan[] = [];
  const byStart = new Map<string, TextBox[]>();
  for (const b of boxes) {
    const first = normal(b.text).split(' ', 1)[0]!;
    let list = byStart.get(first);
    if (!list) byStart.set(first, (list = []));
    list.push(b);
  }
  const pageHeight = area.height * scale;
  for (let k = 0; k < pages; k++) {
    const before = spans[k - 1];
    if (before && Number.isNaN(before.begin)) { spans.push({ begin: NaN, end: NaN }); continue; }
    // Page k's text lies below page k-1's first text and, but for columns side by side, not far above its last.
    const prev = !before ? -Infinity : Number.isNaN(before.end) ? before.begin : Math.max(before.begin, before.end - pageHeight / 2);
    const votes: Vote[] = [];
    // Words inside the page area (their bottom: a font with a tall ascent puts a word's top above the area's).
    const onPage = words.filter((w) => w.page === k && w.y2 * PX_PER_PT >= area.y && w.y * PX_PER_PT <= area.y + area.height / scale + 1);
    onPage.forEach((w, i) => {
      const text = unescapeXml(w.t);
      const line = lineFrom(w, onPage);
      const x = (w.x * PX_PER_PT - area.x) * scale, yIn = (w.y * PX_PER_PT - area.y) * scale;
      for (const b of byStart.get(text) ?? []) {
        if (!sameStart(normal(b.text), line)) continue;
        // A page holds at most a page area of the flow: its text lies below the previous page's and within one page area of it.
        const start = b.y - yIn;
        if (Math.abs(b.x - x) <= SAME_X && b.y > prev && (k === 0 ? Math.abs(start) <= 2 : start <= before!.begin + pageHeight + 1)) {
          votes.push({ start, word: i, top: b.y, bottom: b.y + b.height });
        }
      }
    });
    // The offset is found to 2 px; the page's text is every vote near it (a word's top in the PDF and its box's top
    // in the layout differ by the font's ascent as each counts it: several px for a fallback CJK face).
    const best = mostAgreed(votes);
    const at = best.length ? best.reduce((a, v) => a + v.start, 0) / best.length : NaN;
    const winners = votes.filter((v) => Math.abs(v.start - at) <= SAME_PAGE);
    spans.push(winners.length
      ? { begin: k === 0 ? 0 : Math.min(...winners.map((v) => v.top)), end: Math.max(...winners.map((v) => v.bottom)) }
      : { begin: k === 0 ? 0 : NaN, end: NaN });
  }
  return spans;
}

interface Vote { start: number; word: number; top: number; bottom: number }

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
 * Sets `page` on every node with a box from Chromium's page spans (chromiumPageSpans): the page of its
 * topmost text when that lies on a later page than its top (nothing of it is printed above the break but
 * padding: it begins that page), else the last page that begins at or above its top. A node without text
 * whose top lies between one page's last text and the next page's first (it may end the one or begin the
 * other) is `pageUncertain`. Past the first unknown page, pages stay unset.
 */
export function assignPages(root: LayoutNode, spans: PageSpan[]): void {
  const known = spans.findIndex((s) => Number.isNaN(s.begin));
  const last = known < 0 ? spans.length - 1 : known - 1;
  const pageOf = (y: number): number => { let k = 0; while (k < last && spans[k + 1]!.begin <= y + 0.01) k++; return k; };
  const textTop = topmostText(root);
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    stack.push(...n.children);
    delete n.page;
    delete n.pageUncertain;
    if (!n.box) continue;
    const y = n.box.y;
    const t = textTop.get(n);
    let k = pageOf(y);
    if (t !== undefined && pageOf(t + 0.5) > k) k = pageOf(t + 0.5);
    else if (t === undefined && k < last && !(y < (Number.isNaN(spans[k]!.end) ? spans[k + 1]!.begin - NEAR_BREAK : spans[k]!.end))) n.pageUncertain = true;
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
