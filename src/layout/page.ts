/**
 * Pagination (css-break-3, css-page-3, CSS 2.1 §13.3): lays the root box out page after page, resuming from break tokens.
 * In: the box tree, the @page styles, a LayoutContext. Out: PageFragment[] (fixed boxes repeated on every page).
 */
import type { BoxTree, Box } from '../box/types.ts';
import type { StyledDocument, PageStyle, PageSelectorContext } from '../css/styled.ts';
import type { BlockLayoutContext, FlowEnv } from './context.ts';
import type { Fragment, PageFragment, BoxFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { FloatBoxLayout } from './float.ts';
import type { BreakToken, ContainingBlock, PendingAbs } from './flow.ts';
import { NO_MARGIN, forcedBreakOf, tokenKey } from './flow.ts';
import { layoutAbsolute, layoutAbsoluteParts, floatLikeWidths, layoutAbsContinuation } from './positioned.ts';
import { layoutMarginBoxes } from './margin-boxes.ts';
import { AbsBreaks } from './oof-break.ts';
import type { AbsContinuation } from './oof-break.ts';
import { pageBoxEdges } from './page-box.ts';
import { isAbsolute } from './box-model.ts';
import { snappedPageArea, initialContainingBlock, rtlOriginShift } from './print-scale.ts';
import { placeFixedBoxes, fixedOverflowWantsPage } from './print-fixed.ts';
import type { PageStream } from './page-stream.ts';

/** The flow environment of the page being laid out, shared with the LayoutContext callbacks. */
export interface LayoutSession { env: FlowEnv | null }

/** The page area (content box of the page box) in page px (css-page-3 §3.3); `scale`: the print shrink-to-fit factor it is laid out at. */
export function pageArea(ps: PageStyle, scale = 1): { x: number; y: number; width: number; height: number; icbWidth?: number; rootHeight?: number } {
  const { margin: m, border: b, padding: p } = pageBoxEdges(ps.style, ps.size);
  const left = m.left + b.left + p.left, right = m.right + b.right + p.right;
  const top = m.top + b.top + p.top, bottom = m.bottom + b.bottom + p.bottom;
  // Whole px, as Chromium prints (src/layout/print-scale.ts); with shrink-to-fit, the exact area times the scale.
  return snappedPageArea(ps.size, left, top, right, bottom, scale);
}

/** How far paint moves the page content of a document with a right-to-left root (px; print-scale.ts rtlOriginShift). */
function originShift(ps: PageStyle): number {
  const { margin: m, border: b, padding: p } = pageBoxEdges(ps.style, ps.size);
  return rtlOriginShift(ps.size.width, m.left + b.left + p.left, m.right + b.right + p.right);
}

/**
 * The page name of the first box the next page will hold (css-page-3 §6.2): the deepest
 * non-auto `page` on the path from the root to the first in-flow leaf where the token resumes.
 */
export function nextPageName(root: Box, token: BreakToken | null): string | undefined {
  return nextPageGroup(root, token).name;
}

/**
 * nextPageName with the box whose `page` gave the name: the page belongs to that box's page
 * group (css-gcpm-3 §6.1, :nth(An+B of name)); consecutive pages of one box form one group.
 */
export function nextPageGroup(root: Box, token: BreakToken | null): { name?: string; owner?: Box } {
  let name: string | undefined;
  let owner: Box | undefined;
  let box: Box = root;
  let t = token;
  for (let depth = 0; depth < 256; depth++) {
    if (box.style.page !== 'auto') { name = box.style.page; owner = box; }
    if (box.kind !== 'block' || box.inlineContent) break;
    const c = t?.content ?? null;
    // A token whose content has ended (or is not block flow) resumes after the box's children.
    const start = t === null ? 0 : c?.kind === 'block' ? c.index : box.children.length;
    let idx = -1;
    for (let i = start; i < box.children.length; i++) {
      const c = box.children[i];
      if (c.kind !== 'text' && c.kind !== 'br' && c.kind !== 'marker' && c.style.float === 'none' && c.style.position !== 'absolute' && c.style.position !== 'fixed') { idx = i; break; }
    }
    if (idx < 0) break;
    t = c?.kind === 'block' && idx === c.index ? c.inner : null;
    box = box.children[idx];
  }
  return name === undefined ? {} : { name, owner };
}

/**
 * A float's box laid out with its border box at (0, 0): shrink-to-fit width when auto (§10.3.5, §10.6.7).
 * With a FloatSplit, fragmented at `room` px below its margin-box top, resuming from `split.token`.
 */
export function makeFloatLayout(envRef: () => FlowEnv): FloatBoxLayout {
  return (box, cb, split, abs) => {
    // Laid out at (0, 0), not in page coordinates: abspos boxes inside are not fragmented.
    const env = { ...envRef(), pageBottom: split ? split.room : Infinity, absBreaks: undefined };
    const W = cb.width;
    const { width, ml, mr } = floatLikeWidths(box, W, W, env);
    const r = env.ctx.layoutBlockLevel(box, {
      cb: { x: 0, y: 0, width: W, height: cb.height }, y: 0, margin: NO_MARGIN,
      token: split?.token ?? null, atTop: split?.atTop ?? true, truncate: false, abs: abs ?? [],
      widthOverride: width, marginsOverride: { left: ml, right: mr },
    }, env);
    if (split) {
      split.next = r.token;
      if (r.pushed || !r.fragment) { split.pushed = true; split.next = null; }
    }
    const f = r.fragment ?? emptyFragment(box);
    // Abspos boxes inside (their containing block outside the float): static positions relative to its border box.
    if (abs) for (const a of abs) { a.staticX -= f.x; a.staticY -= f.y; if (a.staticRight !== undefined) a.staticRight -= f.x; }
    translateFragment(f, -f.x, -f.y);
    return f;
  };
}

function emptyFragment(box: Box): BoxFragment {
  const z = { top: 0, right: 0, bottom: 0, left: 0 };
  return { kind: 'box', box, style: box.style, x: 0, y: 0, width: 0, height: 0, margin: { ...z }, border: { ...z }, padding: { ...z }, children: [], startsBox: true, endsBox: true };
}

/**
 * Lays out the document into pages. Page 1 is a right (recto) first page, the pages alternate
 * (css-page-3 §4.3.2). Each page resumes from the previous page's break token, so a page costs
 * what it holds. A left/right/recto/verso break is a page break: as Chromium 156 prints it, no
 * blank page is inserted to land on that side (css-break-3 §3.1 would insert one; Chromium's
 * pages alternate all the same, so the content after such a break may fall on the other side).
 * Calls limits.check() per page and
 * limits.checkPages(n) per page added (RenderError past them). `scale` (>= 1) is the print
 * shrink-to-fit factor: content is laid out in page areas `scale` times larger and each page
 * records it as `contentScale` (src/layout/print-scale.ts). With a `stream`, each page goes to it once laid out, and
 * `pages` keeps an empty page in its place (see PageStream; when its `redo` is set, the pages returned are incomplete).
 */
export function paginate(tree: BoxTree, styled: StyledDocument, ctx: BlockLayoutContext, session: LayoutSession = { env: null }, scale = 1, stream?: PageStream): PageFragment[] {
  const pages: PageFragment[] = [];
  const styles: PageStyle[] = [];
  /** Each page's initial containing block as content is laid out in it (times `scale`). */
  const layoutAreas: Array<ReturnType<typeof pageArea>> = [];
  const fixed: PendingAbs[] = [];
  const icbFirstPage: Fragment[] = [];
  let env!: FlowEnv;
  const floatLayout = makeFloatLayout(() => env);
  const absLayout = (a: PendingAbs, cb: ContainingBlock, e?: FlowEnv): Fragment[] => layoutAbsoluteParts(a, cb, e ?? env);
  // Abspos boxes fragmented at a page bottom continue at the top of the next page (none are added for them).
  const absBreaks = new AbsBreaks();
  let carried: AbsContinuation[] = [];
  let token: BreakToken | null = null;
  let lastKey = '';
  let stalls = 0;
  const root = tree.root;
  const rootOutOfFlow = isAbsolute(root);
  let groupOwner: Box | undefined;
  let groupIndex = 0;
  const newPage = (group: { name?: string; owner?: Box } = {}): { ps: PageStyle; area: ReturnType<typeof pageArea>; page: PageFragment } => {
    const name = group.name;
    const index = pages.length;
    ctx.limits.checkPages(index + 1);
    // No page is blank (:blank): no break inserts one (above).
    const sel: PageSelectorContext = { first: index === 0, right: index % 2 === 0, blank: false, index };
    if (name) sel.name = name;
    // Page groups (css-gcpm-3 §6.1): the pages of one named box, counted from its first page.
    groupIndex = group.owner !== undefined && group.owner === groupOwner ? groupIndex + 1 : 0;
    groupOwner = group.owner;
    sel.groupIndex = groupIndex;
    const ps = styled.pageStyle(sel);
    // With print shrink-to-fit (`scale` > 1) content is laid out in a larger area, painted scaled down.
    const area = pageArea(ps, scale);
    const page: PageFragment = { index, width: ps.size.width, height: ps.size.height, area: pageArea(ps), style: ps.style, children: [], marginBoxes: [] };
    if (scale !== 1) page.contentScale = scale;
    const shift = root.style.direction === 'rtl' ? originShift(ps) : 0;
    if (shift !== 0) page.originShift = shift;
    if (ps.bleed) page.bleed = ps.bleed;
    if (ps.cropMarks) page.cropMarks = true;
    if (ps.crossMarks) page.crossMarks = true;
    layoutAreas.push(initialContainingBlock(area));
    page.stride = area.rootHeight ?? area.height;
    pages.push(page);
    styles.push(ps);
    return { ps, area, page };
  };
  for (;;) {
    ctx.limits.check();
    const info = forcedBreakOf(token);
    const { area, page } = newPage(nextPageGroup(root, token));
    env = { ctx, pageBottom: area.y + (area.rootHeight ?? area.height), pageHeight: area.rootHeight ?? area.height, fixed, icbHeight: area.rootHeight ?? area.height, absLayout, floatLayout, absBreaks, fragmentainerTop: area.y };
    if (pages.length > 1) env.pageTop = area.y;
    session.env = env;
    const icbAbs: PendingAbs[] = [];
    // An absolutely positioned root is laid out as such (CSS 2.1 §10.1: its containing block is the initial containing
    // block; its static position the page area's origin): shrink-to-fit, placed by its offsets, fragmented as abspos boxes
    // are, as Chromium 156 prints it (html { position: absolute; left: 100px } at 100 px; width auto shrinks to fit).
    if (rootOutOfFlow) (root.style.position === 'fixed' ? fixed : icbAbs).push({ box: root, staticX: area.x, staticY: area.y });
    const r: ReturnType<BlockLayoutContext['layoutBlockLevel']> | null = rootOutOfFlow ? null : ctx.layoutBlockLevel(root, {
      cb: { x: area.x, y: area.y, width: area.width, height: area.rootHeight ?? area.height }, y: area.y, margin: NO_MARGIN,
      token, atTop: true, truncate: token !== null && !info.forced,
      abs: icbAbs, isRoot: true, pageName: '',
    }, env);
    if (r?.fragment) page.children.push(r.fragment);
    const icb: ContainingBlock = { ...layoutAreas[page.index]! };
    for (const c of carried) { const f = layoutAbsContinuation(c, area, env); if (f) page.children.push(f); }
    const toFirstPage: PendingAbs[] = [];
    for (const a of icbAbs) {
      const s = a.box.style;
      const toFirst = pages.length > 1 && (s.top !== 'auto' || s.bottom !== 'auto');
      if (toFirst) toFirstPage.push(a);
      else {
        page.children.push(...layoutAbsoluteParts(a, icb, env));
      }
    }
    carried = absBreaks.drain(page.children);
    for (const a of toFirstPage) {
      // Positioned against the first page's area; a fragmented one continues on the pages after it.
      const firstArea = layoutAreas[0]!;
      const f = layoutAbsolute(a, { ...firstArea }, { ...env, pageBottom: firstArea.y + firstArea.height, pageTop: undefined });
      const first = f ? [f] : [];
      let conts = absBreaks.drain(first);
      if (f) icbFirstPage.push(f), pages[0].children.push(...first);
      for (let k = 1; conts.length > 0; k++) {
        if (k >= pages.length) { carried.push(...conts); break; }
        const ak = layoutAreas[k]!;
        const ek: FlowEnv = { ...env, pageBottom: ak.y + ak.height, pageTop: ak.y };
        const placed: Fragment[] = [];
        for (const c of conts) { const g = layoutAbsContinuation(c, ak, ek); if (g) placed.push(g); }
        conts = absBreaks.drain(placed);
        pages[k].children.push(...placed);
      }
    }
    // A streamed pagination gives the page on (src/layout/page-stream.ts); false: it is to be done again without the stream.
    const plain = fixed.length === 0 && icbAbs.length === 0 && carried.length === 0 && Object.keys(styles[page.index]!.marginBoxes).length === 0;
    if (stream && !stream.done(pages, page.index, plain)) return pages;
    token = r?.token ?? null;
    if (token === null) break;
    const key = tokenKey(token);
    if (key === lastKey) {
      if (++stalls > 2) { ctx.warnings.add('layout', 'pagination made no progress; the rest of the document was dropped'); break; }
    } else stalls = 0;
    lastKey = key;
  }
  // Abspos boxes that continue, or start, past the end of the flow get pages of their own (css-break-3 §4), as Chromium 156
  // prints them: a page holding only them (and fixed and margin boxes), or blank when one starts further down.
  while (carried.length > 0) {
    const { area, page } = newPage();
    env = { ctx, pageBottom: area.y + (area.rootHeight ?? area.height), pageHeight: area.rootHeight ?? area.height, fixed, icbHeight: area.rootHeight ?? area.height, absLayout, floatLayout, absBreaks, pageTop: area.y, fragmentainerTop: area.y };
    session.env = env;
    for (const c of carried) { const f = layoutAbsContinuation(c, area, env); if (f) page.children.push(f); }
    carried = absBreaks.drain(page.children);
  }
  // Fixed boxes: containing block is the page area, repeated on every page (CSS 2.1 §9.6.1), as Chromium prints them.
  if (fixed.length > 0) {
    env = { ...env, pageBottom: Infinity };
    session.env = env;
    const printAreas = () => layoutAreas.map((a, i) => ({ ...a, stride: pages[i]!.stride! }));
    // Pages for a fixed box's overflow past the end of the flow (blank but for the fixed boxes and margin boxes).
    while (fixedOverflowWantsPage(printAreas(), fixed, (a, cb) => layoutAbsolute(a, cb, env))) newPage();
    const areas = printAreas();
    placeFixedBoxes(pages, areas, fixed, (a, cb) => layoutAbsolute(a, cb, env));
  }
  // Page-margin boxes, now that the page count is known (counter(pages)).
  if (styles.some((ps) => Object.keys(ps.marginBoxes).length > 0)) {
    env = { ...env, pageBottom: Infinity };
    session.env = env;
    layoutMarginBoxes(pages, styles, ctx, env, tree.running);
  }
  return pages;
}
