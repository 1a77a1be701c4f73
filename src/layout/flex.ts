// In: a flex container (FlexBox) and its content box (containing block), the flow environment.
// Out: its in-flow items' fragments placed (css-flexbox-1 §9.5-§9.6, §12), the used content height, first baseline and break token.
/**
 * Flex layout (css-flexbox-1 §9): flex base sizes and hypothetical main sizes with the content-based
 * automatic minimum size (§4.5), line breaking (flex-wrap), resolving flexible lengths (§9.7, freezing
 * min/max violations), main-axis alignment (auto margins, then justify-content, gaps), cross sizes
 * (align-items/align-self incl. stretch and first-baseline alignment), align-content for multi-line
 * containers, wrap-reverse and the reverse directions.
 *
 * yoga-layout vs ours (measured 2026-11-21, yoga-layout 3.2.1 from npm in /tmp/yoga-exp, with a
 * measure function wrapping words through our FontContext, point scale factor 0):
 * - Fidelity on 5 of the Chromium cases in test/layout/flex-chromium.test.ts (k1, k2, k9, k17, k21).
 *   On 4 (header space-between, signature row flex: 1 + gap, flex: 0 1 250px shrink, the flex
 *   none/auto/initial/2 3 10% row) yoga matched Chromium within 0.01 px (with its default pixel
 *   rounding, within 0.53 px), as ours does. On the 5th, an item holding a long unbreakable word in a 200px row
 *   (css-flexbox-1 §4.5 min-width: auto): Chromium 190.547 px / 9.453 px, yoga 100 / 100 (off by
 *   90.5 px) — yoga has no content-based automatic minimum size. It also has no first-baseline alignment
 *   from our line boxes (only a per-node baseline callback), and it positions boxes only: every item's
 *   content must still be laid out by our block/inline/table engines at the size yoga picks, and the
 *   stretched items laid out again, as ours does.
 * - Speed: yoga's WASM module loads in 150–1150 ms cold (once per process); its layout of the 5 rows
 *   took 1.5 ms warm (measure callbacks included); our whole flex cost on the same rows, content layout
 *   included, was 3.7–5.3 ms warm over a 19–23 ms pipeline (the rest is parse and cascade), on a loaded
 *   machine.
 * - Decision: ours. Yoga would save at most a few ms on box positions while losing §4.5 minimums and
 *   baselines (Chromium fidelity, which is the point) and adding a WASM dependency and startup cost.
 */
import type { FlexBox } from '../box/types.ts';
import type { ContentParams, FlowEnv } from './context.ts';
import type { Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { ContainingBlock, FlexLineItem, Flow, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import { borderOf, clampHeight, isAbsolute, paddingOf, isForcedBreak, lp } from './box-model.ts';
import { markOutOfFlow, restoreOutOfFlow, withoutOutOfFlow } from './oof-mark.ts';
import { breakLine, carryOverflow, continueBrokenLine, continueOverflow, type PlacedFlexItem } from './flex-break.ts';
import { alignOf, columnWidth, crossSizes, flexItem, flexLines, outerMain, replacedCross, resolveFlexibleLengths, type Frame, type Item, type LineCross } from './flex-sizing.ts';


/** True when this flex container is laid out by the flex algorithm whatever the page: rows, and columns with a definite height. */
export function usesFlexAlgorithm(box: FlexBox, definiteHeight: boolean): boolean {
  const d = box.style.flexDirection;
  return d === 'row' || d === 'row-reverse' || definiteHeight;
}

const FORCED = new Set(['page', 'left', 'right', 'recto', 'verso', 'column']);

/**
 * A flex container's content in the block-level path (css-flexbox-1 §9, §12): its items placed into `flow`, a line broken
 * on the previous page first (flex-break.ts). Returns false when the items are to be laid out as block flow instead
 * (layoutFlexContainer returns null; then also on the later pages).
 */
export function layoutFlexContent(box: FlexBox, c: ContentParams, flow: Flow, env: FlowEnv): boolean {
  if (c.token !== null && c.token.kind !== 'flex') return false;
  let token = c.token;
  // Items that ended with content overflowing them continue first, taking no room (css-break-3 §4).
  const carried = token?.overflow ? continueOverflow(token.overflow, c, flow, env) : [];
  if (token?.ended) { withOverflow(flow, carried, token.index); return true; }
  if (token?.line) {
    // A line (or column item) broken on the previous page continues first; the rest of the items follow below it.
    token = continueBrokenLine(box, token.line, token.index, c, flow, env);
    if (token === null) { withOverflow(flow, carried, c.token!.index); return true; }
  }
  const r = layoutFlexContainer(box, c.cb, flow.y, c.abs, env, c.specH, token, c.atTop && !flow.placedAny, containerHeightClamp(box, c));
  if (r === null) return false;
  flow.children.push(...r.children);
  if (r.children.length > 0) flow.placedAny = true;
  if (r.pushed || (!c.atTop && !c.resumed && flow.y + r.height > env.pageBottom + 0.01)) flow.pushed = true;
  flow.y += r.height;
  if (r.breakAt !== undefined) flow.token = { kind: 'flex', index: r.breakAt, ...(r.line ? { line: r.line } : {}), ...(r.beforeFirst ? { beforeFirst: true } : {}), ...(r.startMargin !== undefined ? { startMargin: r.startMargin } : {}) };
  if (r.baseline !== undefined) flow.firstBaseline = r.baseline;
  withOverflow(flow, [...carried, ...(r.overflow ?? [])], r.breakAt ?? 0);
  return true;
}

/**
 * The flex container's min-height and max-height as a clamp of its content height (px, css-sizing-3 §5.2, box-sizing
 * honoured, percentages against its containing block's height), for a single-line row's flex line (§9.4 step 15);
 * undefined when its heights are ignored (a table cell's or margin box's content).
 */
function containerHeightClamp(box: FlexBox, c: ContentParams): ((h: number) => number) | undefined {
  if (c.p.ignoreHeight) return undefined;
  const s = box.style, b = borderOf(s), pd = paddingOf(s, c.p.cb.width);
  const bpV = b.top + b.bottom + pd.top + pd.bottom;
  return (h) => clampHeight(h, s, c.p.cb.height, bpV);
}

/** Adds the items whose overflow continues to the flow's token (a token of its own, `ended`, when the items have all ended). */
function withOverflow(flow: Flow, overflow: FlexLineItem[], index: number): void {
  if (overflow.length === 0) return;
  if (flow.token === null) flow.token = { kind: 'flex', index, overflow, ended: true };
  else if (flow.token.kind === 'flex') flow.token = { ...flow.token, overflow: [...(flow.token.overflow ?? []), ...overflow] };
}


/**
 * Lays out a flex container's items (layoutFlexItems) on the current page, or returns null when the caller should lay
 * the items out as block flow instead (css-break-3 §3 with css-flexbox-1 §12). Paginating with an indefinite height, or
 * a definite one that crosses the page end, a line (rows) or item (columns) that crosses the page end breaks inside its
 * items (flex-break.ts); columns also break
 * between items (forced breaks honoured); block flow is used for column-reverse containers that do not fit and for
 * columns with an item taller than a page. `token.index` resumes at that item (order-modified document order); `atTop`:
 * nothing precedes the container on this page. Pending absolute boxes are only recorded when the result is used.
 */
function layoutFlexContainer(box: FlexBox, cb: ContainingBlock, y: number, abs: PendingAbs[], env: FlowEnv, specH: number | null, token: { index: number; startMargin?: number } | null, atTop: boolean, heightClamp?: (h: number) => number): FlexResult | null {
  const definiteHeight = specH !== null;
  // Paginating, a line or column item that crosses the page end breaks inside, as LayoutNG does with any height: a
  // definite one that crosses the page end is sliced across pages; one that ends on this page ends there, and its items'
  // content past the page end continues on the next (css-break-3 §4, BreakToken.atBlockEnd).
  const brk = Number.isFinite(env.pageBottom) ? { atTop } : undefined;
  if (usesFlexAlgorithm(box, definiteHeight)) return layoutFlexItems(box, cb, y, abs, env, token?.index ?? 0, brk, token?.startMargin, heightClamp);
  if (!Number.isFinite(env.pageBottom)) return layoutFlexItems(box, cb, y, abs, env, 0, undefined, undefined, heightClamp);
  const d = box.style.flexDirection;
  if (d === 'column-reverse') {
    if (token !== null) return null;
    if (box.children.some((c, i) => c.kind !== 'text' && ((i > 0 && FORCED.has(c.style.breakBefore)) || (i < box.children.length - 1 && FORCED.has(c.style.breakAfter))))) return null;
  }
  const local: PendingAbs[] = [];
  const oof = markOutOfFlow(env);
  const r = layoutFlexItems(box, cb, y, local, env, token?.index ?? 0, brk, token?.startMargin, heightClamp);
  // Block flow when an item is taller than a page (it must split inside): decided the same way on every page of the container.
  if ((token !== null || r.breakAt !== undefined || y + r.height > env.pageBottom + 0.01) && (d === 'column-reverse' || r.tallest > (env.pageHeight ?? Infinity) + 0.01)) { restoreOutOfFlow(oof); return null; }
  abs.push(...local);
  return r;
}

/**
 * The flex lines of a column container whose height is auto (css-flexbox-1 §9.2 step 2, §9.3 steps 5-6), and its main
 * size for §9.7: items are collected into lines against its max-height (clamp(Infinity): none leaves one line, as
 * Chromium 156 breaks them), and the inner main size that the lines then flex into is the longest line's outer
 * hypothetical main size clamped by min-height and max-height (`clamp`, box-sizing honoured), set as `fx.avail`.
 * Measured in Chromium 156: items of 80 + 80 px in max-height: 100px shrink to 50 + 50; a flex-grow: 1 item between two
 * 20 px items in min-height: 100px grows to 60; justify-content: center in min-height: 100px centres 40 px of items.
 */
function clampedColumnLines(fx: Frame, items: Item[], clamp: (h: number) => number): ReturnType<typeof flexLines> {
  fx.avail = clamp(Infinity);
  const fl = flexLines(fx, items, 0);
  const gaps = (l: Item[]): number => fx.mainGap * Math.max(0, l.length - 1);
  fx.avail = clamp(fl.lines.reduce((m, l) => Math.max(m, l.reduce((sum, k) => sum + outerMain(fx, k, k.hypo), 0) + gaps(l)), 0));
  return fl;
}

/** Placed items (absolute px), the used content height (px), the first baseline, and the break token index (in order-modified item order) where the next page resumes. */
export interface FlexResult {
  children: Fragment[]; height: number; baseline?: number; breakAt?: number; tallest: number;
  /** The items of a line (or a column item) broken inside at the page end: they continue first on the next page, before `breakAt`. */
  line?: FlexLineItem[];
  /** The first line does not fit and cannot break where it should: the container moves to the next page. */
  pushed?: boolean;
  /** Items that end on this page with content overflowing them that continues on the next (css-break-3 §4). */
  overflow?: FlexLineItem[];
  /** A column broke before `breakAt` at an unforced break: that item's block-start margin on the next page (FlexToken.startMargin). */
  startMargin?: number;
  /** A column broke before the first item placed on this page (`breakAt`); nothing of the items is here. */
  beforeFirst?: boolean;
}


/**
 * justify-content for one flex line (css-flexbox-1 §9.5 step 12, §8.2): the offset of its first item from main-start and
 * the space between items (the main gap plus distributed free space), px. Negative free space: space-between packs to
 * start, space-around and space-evenly centre. start/end follow the writing mode, left/right are physical (a column's as
 * start): they pack to main-end when that is where they point.
 */
function justifyLine(fx: Frame, free: number, n: number): [number, number] {
  const { s, row, reverse, flip, mainGap } = fx;
  const jc = s.justifyContent;
  let start = 0, between = mainGap;
  const packEnd = jc === 'flex-end' || (jc === 'start' && reverse) || (jc === 'end' && !reverse)
    || (row && ((jc === 'left' && flip) || (jc === 'right' && !flip))) || (!row && (jc === 'left' || jc === 'right') && reverse);
  if (packEnd) start = free;
  else if (jc === 'center' || (free < 0 && (jc === 'space-around' || jc === 'space-evenly'))) start = free / 2;
  else if (free > 0 && jc === 'space-between' && n > 1) between += free / (n - 1);
  else if (free > 0 && jc === 'space-around') { between += free / n; start = free / n / 2; }
  else if (free > 0 && jc === 'space-evenly') { between += free / (n + 1); start = free / (n + 1); }
  return [start, between];
}

/**
 * Places the items line by line (§9.5 main-axis alignment: auto margins, justify-content; §9.4 cross-axis alignment, stretch),
 * breaking between lines (rows) or items (columns) at the page bottom. Returns the fragments, the first baselines, where it broke.
 */
function placeLines(fx: Frame, items: Item[], fl: ReturnType<typeof flexLines>, lc: LineCross): { children: Fragment[]; baseline?: number; firstItemBaseline?: number; breakAt?: number; placedEnd: number; line?: FlexLineItem[]; pushed?: boolean; beforeFirst?: boolean; overflow?: FlexLineItem[]; startMargin?: number } {
  const { s, row, reverse, flip, crossFlip, y, avail, mainGap, env } = fx;
  const cb = { x: fx.cbx };
  const { lines, breakable, breakableCol } = fl;
  const { lineCross, lineAscent, lineStart, lineBetween, containerCross, ascentOf } = lc;
  const wrapReverse = s.flexWrap === 'wrap-reverse';
  const startLine = wrapReverse ? lines.length - 1 : 0;
  const children: Fragment[] = [];
  let crossPos = lineStart;
  let baseline: number | undefined, firstItemBaseline: number | undefined;
  let breakAt: number | undefined, placedEnd = 0;
  let broken: FlexLineItem[] | undefined, pushed = false, beforeFirst = false;
  const overflow: FlexLineItem[] = [];
  let startMargin: number | undefined;
  // The part of a column item's block-start margin (its margin box from `top`) that lies past the page end (LayoutNG).
  const marginPast = (it: Item, top: number): number => Math.max(0, Math.min(it.mt ?? 0, top + (it.mt ?? 0) - env.pageBottom));
  /** Breaks the placed items of a line (a column: one item) at the page end; false when they move to the next page instead. */
  const split = (placed: PlacedFlexItem[], lineTop: number, mayPush: boolean, next: number, column = false): boolean => {
    // Their absolutely positioned descendants were collected when the items were laid out whole.
    const b = lineTop < env.pageBottom - 0.01 ? withoutOutOfFlow(env, (abs) => breakLine(placed, lineTop, fx.cbx, { x: fx.cbx, y: 0, width: fx.W, height: fx.H }, abs, env, mayPush, fx.H !== null, column)) : null;
    if (!b) return false;
    children.push(...b.children);
    if (b.line) { broken = b.line; breakAt = next; placedEnd = env.pageBottom - y; }
    return true;
  };
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    const lc = lineCross[li];
    if (!fx.brk && breakable && li > 0 && y + crossPos + lc > env.pageBottom + 0.01) { breakAt = items.indexOf(line[0]); break; }
    // A forced break before an item of a row's line or after an item of the line before it breaks between the lines (as LayoutNG).
    const forces = (v: string): boolean => isForcedBreak(v) || (env.inColumns === true && v === 'column');
    if (fx.brk && row && li > 0 && (line.some((k) => forces(k.box.style.breakBefore)) || lines[li - 1].some((k) => forces(k.box.style.breakAfter)))) {
      breakAt = items.indexOf(line[0]);
      break;
    }
    const lineFrom = children.length;
    const placedLine: PlacedFlexItem[] = [];
    const lineOrigin = wrapReverse ? containerCross - crossPos - lc : crossPos;
    const sizes = line.map((k) => outerMain(fx, k, k.main));
    const autoCount = line.reduce((n, k) => n + (row ? (k.ml === null ? 1 : 0) + (k.mr === null ? 1 : 0) : (k.mt === null ? 1 : 0) + (k.mb === null ? 1 : 0)), 0);
    const free = Number.isFinite(avail) ? avail - sizes.reduce((a, b) => a + b, 0) - mainGap * (line.length - 1) : 0;
    const autoShare = autoCount > 0 && free > 0 ? free / autoCount : 0;
    // Auto margins take the free space first (§9.5 step 12 after §8.1); justify-content only when there are none.
    let [start, between] = autoCount === 0 ? justifyLine(fx, free, line.length) : [0, mainGap];
    // From main-start to the physical left (top) edge: the items are placed in physical order.
    if (flip) start = Number.isFinite(avail) ? avail - start - sizes.reduce((a, b) => a + b, 0) - between * (line.length - 1) - (autoCount > 0 ? autoShare * autoCount : 0) : start;
    let pos = start;
    const order = flip ? [...line].reverse() : line;
    let prev: Item | null = null;
    for (const it of order) {
      const f = it.frag;
      const st = it.box.style;
      let splitCol = false;
      const hadPrev = prev !== null;
      if (breakableCol) {
        const end = y + pos + outerMain(fx, it, it.main);
        const forced = prev !== null && (FORCED.has(st.breakBefore) || FORCED.has(prev.box.style.breakAfter));
        // An item crossing the page end breaks inside (flex-break.ts), else the column breaks before it.
        if (!forced && end > env.pageBottom + 0.01 && fx.brk && y + pos < env.pageBottom - 0.01) splitCol = true;
        else if (prev !== null && (forced || end > env.pageBottom + 0.01)) { breakAt = items.indexOf(it); placedEnd = pos - between; if (!forced) startMargin = marginPast(it, y + pos); break; }
      }
      prev = it;
      const mStart = row ? (it.ml ?? autoShare) : (it.mt ?? autoShare);
      const mEnd = row ? (it.mr ?? autoShare) : (it.mb ?? autoShare);
      let align = alignOf(fx, it);
      // wrap-reverse swaps cross-start and cross-end: flex-start/flex-end flip; start/end (writing mode) do not (css-align-3 §4.3).
      if (wrapReverse) align = align === 'flex-start' ? 'flex-end' : align === 'flex-end' ? 'flex-start' : align === 'start' || align === 'self-start' ? 'top' : align === 'end' || align === 'self-end' ? 'bottom' : align;
      const cStartM = row ? it.mt : crossFlip ? it.mr : it.ml, cEndM = row ? it.mb : crossFlip ? it.ml : it.mr;
      const slack = lc - it.cross;
      let cOff = 0;
      const asc = ascentOf(it);
      if (cStartM === null && cEndM === null) cOff = slack / 2;
      else if (cStartM === null) cOff = slack;
      else if (cEndM === null) cOff = 0;
      else if (asc !== null) cOff = lineAscent[li] - asc;
      else if (align === 'flex-end' || (!wrapReverse && (align === 'end' || align === 'self-end')) || align === 'bottom') cOff = slack;
      else if (align === 'center') cOff = slack / 2;
      else if (wrapReverse && (align === 'stretch' || align === 'normal')) cOff = slack;
      let frag = f;
      // Stretched (§9.4 step 11): the used cross size is the line's, min/max clamped, also when the item is taller than the
      // line (a single-line container with a definite cross size: its line is that size, §9.4 step 15). Chromium 156 shrinks
      // a 130 x 52 px image (width: 100%, height: auto) in a 28 px high row to 130 x 28, and a three-line div to 20 px in a
      // 20 px high row.
      if ((align === 'stretch' || align === 'normal') && cStartM !== null && cEndM !== null && Math.abs(slack) > 0.01 && f) {
        if (row && st.height === 'auto') {
          const stretched = clampHeight(Math.max(0, lc - (it.mt ?? 0) - (it.mb ?? 0) - it.bpCross), st, fx.H, it.bpCross);
          frag = fx.layoutItem(it.box, it.main, stretched, cb.x, it.ml ?? 0, it.mr ?? 0);
          cOff = 0;
        }
      }
      if (frag) {
        // A column's cross offsets are measured from cross-start: from the right edge in an rtl container.
        const crossX = crossFlip ? containerCross - lineOrigin - cOff - it.cross : lineOrigin + cOff;
        const targetX = row ? cb.x + pos + mStart : cb.x + crossX + (it.ml ?? 0);
        const targetY = row ? y + lineOrigin + cOff + (it.mt ?? 0) : y + pos + mStart;
        translateFragment(frag, targetX - frag.x, targetY - frag.y);
        if (frag.kind === 'box' && frag.baseline !== undefined) {
          if (li === 0 && baseline === undefined && asc !== null) baseline = frag.baseline;
          // Else the startmost item's (§8.5): the one placed nearest the container's inline-start (row) or block-start
          // (column) edge, in the line placed nearest its cross-start side, as Chromium 156 takes it: the last item of a
          // *-reverse line, the last line when wrap-reverse (Tailwind's flex-col-reverse: the item shown on top).
          if (li === startLine && it === (reverse ? line[line.length - 1] : line[0])) firstItemBaseline = frag.baseline;
        } else if (li === startLine && it === (reverse ? line[line.length - 1] : line[0])) {
          // An item without a baseline (an image, an inline <svg>, a box without lines) has one synthesized from its
          // border box's line-under edge (§8.5, css-align-3 §9.1), as Chromium 156 does.
          firstItemBaseline = frag.y + frag.height;
        }
        const placed = { box: it.box, frag, mt: row ? it.mt ?? 0 : mStart, mb: row ? it.mb ?? 0 : mEnd, ml: row ? mStart : it.ml ?? 0, mr: row ? mEnd : it.mr ?? 0 };
        if (splitCol) {
          if (split([placed], y + pos, hadPrev || !fx.brk!.atTop, items.indexOf(it) + 1, true)) { if (broken) break; }
          else if (hadPrev) { breakAt = items.indexOf(it); placedEnd = pos - between; startMargin = marginPast(it, y + pos); break; }
          // The first item cannot start here: the column breaks before it, and the container's block-start border and
          // padding stay on this page (LayoutNG's column flex fragmentation; block flow would move the container whole).
          else { breakAt = items.indexOf(it); placedEnd = 0; beforeFirst = true; break; }
        } else {
          children.push(frag);
          placedLine.push(placed);
        }
      }
      pos += mStart + (frag ? (row ? frag.width : frag.height) : 0) + mEnd + between;
    }
    // Placed from the physical left, an rtl row's items still paint in order-modified document order (css-flexbox-1
    // §5.4): its first item, placed rightmost, paints first. Chromium 156 paints a *-reverse line last item first (an
    // overlapping row-reverse item covers the next one), in rtl too: the order the items are placed from main-start.
    if (flip !== reverse && children.length - lineFrom > 1) children.push(...children.splice(lineFrom).reverse());
    const rowCrosses = fx.brk !== undefined && row && !wrapReverse && y + lineOrigin + lc > env.pageBottom + 0.01;
    // Items ending on this page whose content overflows the page end carry the overflow to the next (css-break-3 §4).
    if (fx.brk && !rowCrosses) overflow.push(...carryOverflow(placedLine, children, fx.cbx, { x: fx.cbx, y: 0, width: fx.W, height: fx.H }, env));
    if (breakAt !== undefined || pushed) break;
    if (rowCrosses) {
      // A row's flex line crossing the page end: its items break inside, or the line moves to the next page.
      children.length = lineFrom;
      if (split(placedLine, y + lineOrigin, li > 0 || !fx.brk!.atTop, li + 1 < lines.length ? items.indexOf(lines[li + 1][0]) : items.length)) {
        if (broken) break;
      } else if (li > 0) { breakAt = items.indexOf(line[0]); break; }
      else { pushed = true; break; }
    }
    placedEnd = crossPos + lc;
    crossPos += lc + lineBetween;
  }
  return { children, baseline, firstItemBaseline, breakAt, placedEnd, ...(broken ? { line: broken } : {}), ...(pushed ? { pushed } : {}), ...(beforeFirst ? { beforeFirst } : {}), ...(overflow.length > 0 ? { overflow } : {}), ...(startMargin !== undefined ? { startMargin } : {}) };
}

/**
 * Lays out the in-flow items of a flex container whose content box starts at (cb.x, y) with width cb.width (and height
 * cb.height when definite), each item whole at its flex size; `brk` (paginating): the line or column item that crosses
 * env.pageBottom is broken inside (flex-break.ts) or moves to the next page. `startItem` resumes at the line (column:
 * the item) that starts with that item; `heightClamp`: the container's min/max-height clamp of its content height, for a
 * single-line row's flex line when its height is auto. Returns the placed fragments, the used content height and the first baseline.
 */
export function layoutFlexItems(box: FlexBox, cb: ContainingBlock, y: number, abs: PendingAbs[], env: FlowEnv, startItem = 0, brk?: { atTop: boolean }, startMargin?: number, heightClamp?: (h: number) => number): FlexResult {
  const s = box.style;
  const row = s.flexDirection === 'row' || s.flexDirection === 'row-reverse';
  const W = cb.width;
  const H = cb.height ?? null;
  const colGap = s.columnGap === 'normal' ? 0 : lp(s.columnGap, W);
  const rowGap = s.rowGap === 'normal' ? 0 : lp(s.rowGap, H);
  const innerEnv: FlowEnv = { ...env, pageBottom: Infinity };
  const mainGap = row ? colGap : rowGap;
  const reverse = s.flexDirection === 'row-reverse' || s.flexDirection === 'column-reverse';
  // The main and cross axes follow the writing mode (css-flexbox-1 §2.1, §5.1): in an rtl container a row's main-start and a column's cross-start are the right edge.
  const rtl = s.direction === 'rtl';
  // A column whose height is auto (on its first page): its main size is its content height clamped by min/max-height.
  const autoHeightColumn = !row && H === null && startItem === 0;
  const fx: Frame = {
    s, row, reverse, flip: row ? reverse !== rtl : reverse, crossFlip: !row && rtl, W, H, cbx: cb.x, y,
    mainSize: row ? W : H, avail: (row ? W : H) ?? Infinity, mainGap, crossGap: row ? rowGap : colGap, env, ...(brk ? { brk } : {}), ...(row && heightClamp ? { crossClamp: heightClamp } : {}),
    layoutItem: (b, width, height, x, ml, mr, contentHeight) => env.ctx.layoutBlockLevel(b, {
      cb: { x, y: 0, width: W, height: H }, y, margin: NO_MARGIN, token: null,
      atTop: true, truncate: false, abs, widthOverride: width, marginsOverride: { left: ml, right: mr }, heightOverride: height, forceBfc: true, ...(contentHeight ? { ignoreHeight: true } : {}),
    }, innerEnv).fragment,
  };
  const boxes = box.children.filter((c) => c.kind !== 'text' && c.kind !== 'br' && c.kind !== 'marker');
  for (const c of boxes) if (isAbsolute(c)) {
    const pend = { box: c, staticX: cb.x, staticY: y };
    if (c.style.position === 'fixed') env.fixed.push(pend); else abs.push(pend);
  }
  const inflow = boxes.filter((c) => !isAbsolute(c)).map((b, i) => ({ b, i })).sort((a, c) => a.b.style.order - c.b.style.order || a.i - c.i).map((x) => x.b);
  const items = inflow.map((b) => flexItem(fx, b));
  // A column resumed after an unforced break: its first item's block-start margin is what of it lay past the page end.
  if (startMargin !== undefined && !row && items[startItem]) items[startItem].mt = startMargin;
  const fl = autoHeightColumn && heightClamp ? clampedColumnLines(fx, items, heightClamp) : flexLines(fx, items, startItem);
  for (const line of fl.lines) resolveFlexibleLengths(fx, line);
  // ---- item layout at the resolved main size; cross sizes (§9.4)
  for (const it of fl.laidOut) {
    if (row) it.frag = fx.layoutItem(it.box, it.main, replacedCross(it.box, it.main), cb.x, it.ml ?? 0, it.mr ?? 0);
    else it.frag = fx.layoutItem(it.box, columnWidth(it, W, env, s.alignItems), it.main, cb.x, it.ml ?? 0, it.mr ?? 0);
    const fr = it.frag;
    it.cross = fr ? (row ? fr.height + (it.mt ?? 0) + (it.mb ?? 0) : fr.width + (it.ml ?? 0) + (it.mr ?? 0)) : 0;
  }
  const lc = crossSizes(fx, fl.lines);
  const { children, baseline, firstItemBaseline, breakAt, placedEnd, line, pushed, beforeFirst, overflow, startMargin: nextMargin } = placeLines(fx, items, fl, lc);
  const { lines, breakableCol, laidOut } = fl;
  const { containerCross } = lc;
  const lineMain = (l: Item[]): number => l.reduce((sum, k) => sum + outerMain(fx, k, k.main), 0) + mainGap * Math.max(0, l.length - 1);
  const height = breakAt !== undefined ? placedEnd : breakableCol ? Math.max(0, lines[0] ? lineMain(lines[0]) : 0) : row ? containerCross : lines.reduce((m, l) => Math.max(m, lineMain(l)), 0);
  const tallest = laidOut.reduce((m, k) => Math.max(m, row ? k.cross : outerMain(fx, k, k.main)), 0);
  return { children, height, baseline: baseline ?? firstItemBaseline, breakAt, tallest, ...(line ? { line } : {}), ...(pushed ? { pushed } : {}), ...(beforeFirst ? { beforeFirst } : {}), ...(overflow ? { overflow } : {}), ...(nextMargin !== undefined ? { startMargin: nextMargin } : {}) };
}
