// In: the laid-out pages and the box tree's running elements; the pages' fragments with `string-set` styles.
// Out: which running element (css-gcpm-3 §2.2 element()) and which named string (§1.2 string()) each page shows.
import type { AnyNode, Element } from 'domhandler';
import type { Box, RunningElement } from '../box/types.ts';
import type { RunningWhich, StringSetItem } from '../css/computed.ts';
import type { Fragment, PageFragment } from './fragment.ts';
import { textContent } from '../html/parse.ts';
import { formatCounter } from '../box/counters.ts';

/** Looks up what a page shows for element(name, which) and string(name, which). Page indexes are 0-based. */
export interface PageRunning {
  element(page: number, name: string, which: RunningWhich): Box | null;
  string(page: number, name: string, which: RunningWhich): string;
}

interface Assigned<T> { page: number; value: T; order: number }

/**
 * Picks among the assignments of one name (document order) the one page `page` uses
 * (css-gcpm-3 §1.2): `first` the first assigned on the page, else the entry value (the last one
 * assigned before the page); `start` the first one only when nothing else started on the page
 * before it; `last` the last on the page, else the entry value; `first-except` nothing on a page
 * that assigns one, else the entry value.
 */
function pick<T>(list: Assigned<T>[] | undefined, page: number, which: RunningWhich, firstOnPage: (a: Assigned<T>) => boolean): T | null {
  if (!list) return null;
  let entry: T | null = null;
  const on: Assigned<T>[] = [];
  for (const a of list) {
    if (a.page < page) entry = a.value;
    else if (a.page === page) on.push(a);
    else break;
  }
  if (on.length === 0) return entry;
  switch (which) {
    case 'first': return on[0]!.value;
    case 'last': return on[on.length - 1]!.value;
    case 'start': return firstOnPage(on[0]!) ? on[0]!.value : entry;
    default: return null;
  }
}

/** An element's place in document order: its index and the last index inside its subtree. */
interface Span { order: number; end: number }

/** Document order of every element under the root of `el`'s document (pre-order index, subtree end). */
function documentOrder(el: Element): Map<Element, Span> {
  let top: AnyNode = el;
  while (top.parent) top = top.parent;
  const order = new Map<Element, Span>();
  let next = 0;
  const visit = (n: AnyNode, depth: number): void => {
    const isEl = n.type === 'tag' || n.type === 'script' || n.type === 'style';
    const span: Span = { order: next, end: next };
    if (isEl) { order.set(n as Element, span); next++; }
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids && depth < 1024) for (const k of kids) visit(k, depth + 1);
    span.end = next - 1;
  };
  visit(top, 0);
  return order;
}

/** The text of the ::before or ::after box among `box`'s children (its generated text runs), '' when none. */
function pseudoText(box: Box, which: 'before' | 'after'): string {
  const kids = (box as { children?: Box[] }).children ?? [];
  const gen = kids.find((c) => c.pseudo === which);
  if (!gen) return '';
  let out = '';
  const walk = (b: Box): void => {
    if (b.kind === 'text') out += b.text;
    for (const c of (b as { children?: Box[] }).children ?? []) walk(c);
  };
  walk(gen);
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The text of a `string-set` content list (css-gcpm-3 §1.1) for the element of `box`, first laid
 * out on page `page` (1-based): content(text) is the element's text content, content(before) and
 * content(after) its generated ::before/::after text, counter(page)/counter(pages) the numbers;
 * other counters read 0 (their values are not kept after the box tree is built).
 */
function stringValue(items: readonly StringSetItem[], box: Box, page: number, pages: number): string {
  const el = box.element;
  let out = '';
  for (const it of items) {
    if (it.kind === 'string') out += it.value;
    else if (it.kind === 'content') {
      if (it.part === 'before' || it.part === 'after') out += pseudoText(box, it.part);
      else if (el) { const t = textContent(el).replace(/\s+/g, ' ').trim(); out += it.part === 'text' ? t : t.slice(0, 1); }
    } else if (it.kind === 'attr') out += el?.attribs?.[it.name] ?? '';
    else if (it.kind === 'counter' || it.kind === 'counters') out += formatCounter(it.name === 'page' ? page : it.name === 'pages' ? pages : 0, it.style);
  }
  return out;
}

/**
 * Assigns running elements and named strings to pages, walking each page's fragments once.
 * A running element belongs to the page on which the next element after it in document order
 * starts (it would have been laid out just before that element), or to the last page. A
 * `string-set` assignment belongs to the page where its element's first fragment is.
 */
export function assignRunning(pages: PageFragment[], running: readonly RunningElement[] | undefined): PageRunning {
  const order = running && running.length > 0 ? documentOrder(running[0]!.element) : null;
  const maxStart: number[] = [];
  /** Per page, the elements whose first fragment is on it. */
  const starts: Span[][] = [];
  const strings = new Map<string, Assigned<string>[]>();
  let seq = 0;
  pages.forEach((page, p) => {
    let max = -1;
    const here: Span[] = [];
    const visit = (f: Fragment): void => {
      if (f.kind === 'box' || f.kind === 'replaced' || f.kind === 'inline') {
        const starts = f.kind === 'replaced' || f.startsBox;
        const el = f.box.element;
        if (starts && el && order) {
          const o = order.get(el);
          if (o !== undefined) { if (o.order > max) max = o.order; here.push(o); }
        }
        const ss = f.style.stringSet;
        if (starts && ss && ss.length > 0 && !f.box.pseudo) {
          for (const s of ss) {
            const list = strings.get(s.name) ?? [];
            list.push({ page: p, value: stringValue(s.content, f.box, p + 1, pages.length), order: seq++ });
            strings.set(s.name, list);
          }
        }
      }
      if (f.kind === 'box' || f.kind === 'inline' || f.kind === 'line') for (const c of f.children) visit(c);
    };
    for (const f of page.children) visit(f);
    maxStart.push(max);
    starts.push(here);
  });
  const elements = new Map<string, Assigned<Box>[]>();
  if (order && running) {
    for (const r of running) {
      const o = order.get(r.element)?.order ?? 0;
      let page = maxStart.findIndex((m) => m > o);
      if (page < 0) page = Math.max(0, pages.length - 1);
      const list = elements.get(r.name) ?? [];
      list.push({ page, value: r.box, order: o });
      elements.set(r.name, list);
    }
    for (const list of elements.values()) list.sort((x, y) => x.page - y.page || x.order - y.order);
  }
  return {
    // `start`: the running element is the first thing on the page when every element that starts
    // on the page before it in document order is one of its ancestors.
    element: (page, name, which) => pick(elements.get(name), page, which, (a) => (starts[page] ?? []).every((s) => s.order > a.order || s.end >= a.order)),
    // Named strings: `start` counts as the first assignment when it is on the page at all (no finer position kept).
    string: (page, name, which) => pick(strings.get(name), page, which, () => true) ?? '',
  };
}

const CHILD_LISTS = ['children', 'captions', 'columns', 'rowGroups', 'rows', 'cells'] as const;
const hasCounter = new WeakMap<Box, boolean>();

/** Whether a box tree holds counter(page)/counter(pages) text runs (memoised per box). */
function holdsPageCounter(box: Box): boolean {
  const hit = hasCounter.get(box);
  if (hit !== undefined) return hit;
  let found = box.kind === 'text' && box.pageCounter !== undefined;
  const rec = box as unknown as Record<string, unknown>;
  if (!found && rec['table']) found = holdsPageCounter(rec['table'] as Box);
  for (const k of CHILD_LISTS) {
    if (found) break;
    const list = rec[k];
    if (Array.isArray(list)) found = (list as Box[]).some(holdsPageCounter);
  }
  hasCounter.set(box, found);
  return found;
}

/**
 * A running element's box for page `page` of `pages` (1-based): a copy in which the
 * counter(page)/counter(pages) runs of its generated content hold the numbers (css-page-3 §4.3,
 * css-gcpm-3 §2.2: the element is laid out on each page it is shown on). The box itself when it
 * has none.
 */
export function withPageCounters(box: Box, page: number, pages: number): Box {
  if (!holdsPageCounter(box)) return box;
  if (box.kind === 'text' && box.pageCounter) {
    const { pageCounter, ...rest } = box;
    return { ...rest, text: formatCounter(pageCounter.name === 'page' ? page : pages, pageCounter.style) };
  }
  const copy = { ...box } as unknown as Record<string, unknown>;
  if (copy['table']) copy['table'] = withPageCounters(copy['table'] as Box, page, pages);
  for (const k of CHILD_LISTS) {
    const list = copy[k];
    if (Array.isArray(list)) copy[k] = (list as Box[]).map((c) => withPageCounters(c, page, pages));
  }
  return copy as unknown as Box;
}
