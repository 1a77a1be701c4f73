// In: a flex container's items and the frame of one flex layout (its axes, content box, gaps, item layout).
// Out: the items' flex base and hypothetical main sizes, flex lines, resolved main sizes, line cross sizes (css-flexbox-1 §9.2-§9.4, §9.7); the container's intrinsic sizes (§9.9).
import type { Box, FlexBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { FlowEnv } from './context.ts';
import type { BoxFragment, ReplacedFragment } from './fragment.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, isAbsolute, isScrollContainer, preferredRatio, ratioWidth, clampWidth, fitContent, keywordWidths } from './box-model.ts';
import { ratioOnly } from './replaced.ts';

/** A flex item through the steps of one flex layout (px; main/cross per the container's axes). */
export interface Item {
  box: Box;
  ml: number | null; mr: number | null; mt: number | null; mb: number | null;
  bpMain: number; bpCross: number;
  base: number;          // flex base size (content box, main axis)
  hypo: number;          // hypothetical main size (clamped)
  min: number; max: number;
  main: number;          // resolved main size (content box)
  frag: BoxFragment | ReplacedFragment | null;
  cross: number;         // outer cross size (margin box)
}

/** What the steps of one flex layout share: the container's style and axes, its content box, gaps, and the item layout. */
export interface Frame {
  /** `reverse`: a *-reverse direction; `flip`: the main axis runs right to left or bottom to top (row-reverse, column-reverse, or a row in an rtl container); `crossFlip`: a column in an rtl container, whose cross-start is the right edge. */
  s: ComputedStyle; row: boolean; reverse: boolean; flip: boolean; crossFlip: boolean;
  /** Content box width and (definite) height, px; its left edge and top (absolute). */
  W: number; H: number | null; cbx: number; y: number;
  /** Paginating with an indefinite height: lines (columns: items) that cross the page end break inside their items (flex-break.ts); `atTop`: nothing precedes the container on this page. */
  brk?: { atTop: boolean };
  /** The main size when definite, the space lines fill (Infinity when indefinite), the gaps (px). */
  mainSize: number | null; avail: number; mainGap: number; crossGap: number;
  env: FlowEnv;
  /** The container's min/max clamp of its cross size (a row's content height, px) when that size is indefinite. */
  crossClamp?: (h: number) => number;
  /** Lays an item out (monolithic, as its own BFC) at the given used sizes (px); `contentHeight`: its height, min-height and max-height ignored (its content's height). */
  layoutItem(b: Box, width: number | undefined, height: number | undefined, x: number, ml: number, mr: number, contentHeight?: boolean): BoxFragment | ReplacedFragment | null;
}

/** An item's outer main size (margin box) for a content-box main size `size`, px. */
export const outerMain = (fx: Frame, it: Item, size: number): number => size + it.bpMain + (fx.row ? (it.ml ?? 0) + (it.mr ?? 0) : (it.mt ?? 0) + (it.mb ?? 0));
/** The align-self of an item, auto resolved to the container's align-items. */
export const alignOf = (fx: Frame, it: Item): string => { const a = it.box.style.alignSelf; return a === 'auto' ? fx.s.alignItems : a; };

/** An item's margins, flex base size and hypothetical main size (css-flexbox-1 §9.2 steps 3-4), with its automatic minimum size (§4.5). */
export function flexItem(fx: Frame, b: Box): Item {
  const { s, row, W, H, mainSize, env, layoutItem } = fx;
  const st = b.style;
  const bd = borderOf(st), pd = paddingOf(st, W);
  const bpH = bd.left + bd.right + pd.left + pd.right, bpV = bd.top + bd.bottom + pd.top + pd.bottom;
  const it: Item = {
    box: b, ml: marginValue(st.marginLeft, W), mr: marginValue(st.marginRight, W), mt: marginValue(st.marginTop, W), mb: marginValue(st.marginBottom, W),
    bpMain: row ? bpH : bpV, bpCross: row ? bpV : bpH, base: 0, hypo: 0, min: 0, max: Infinity, main: 0, frag: null, cross: 0,
  };
  const mSpec = row ? st.width : st.height;
  // A column item's content height at its used width (laid out once, only when needed).
  let contentH: number | null = null;
  const columnContent = (): number => {
    if (contentH === null) { const f = layoutItem(b, columnWidth(it, W, env, s.alignItems), undefined, fx.cbx, it.ml ?? 0, it.mr ?? 0); contentH = f ? Math.max(0, f.height - it.bpMain) : 0; }
    return contentH;
  };
  const basis = st.flexBasis;
  let base: number | null = null;
  // A percentage of an indefinite main size (0% too) is treated as content (css-flexbox-1 §7.2.3).
  if (basis !== 'auto' && basis !== 'content' && !(basis.zeroPct === true && mainSize === null)) base = sizeValue(basis, mainSize);
  if (base !== null) base = toContent(base, st, it.bpMain);
  else if (basis === 'auto') { const v = sizeValue(mSpec, row ? W : H); if (v !== null) base = toContent(v, st, it.bpMain); }
  const intr = row ? env.ctx.intrinsicSizes(b) : null;
  const mAuto = (row ? (it.ml ?? 0) + (it.mr ?? 0) : 0);
  // A replaced item with a ratio but no natural size (an SVG with only a viewBox) is sized into the line as Chromium
  // does: through the ratio from a definite stretched cross size, else the container's width; no smaller (§4.5).
  const fill = row && ratioOnly(b) !== null
    ? (H !== null && (alignOf(fx, it) === 'stretch' || alignOf(fx, it) === 'normal') ? Math.max(0, H - (it.mt ?? 0) - (it.mb ?? 0) - it.bpCross) * ratioOnly(b)! : Math.max(0, W - mAuto - it.bpMain))
    : null;
  // A replaced item with a preferred ratio, auto sizes and a definite stretched cross size (a single-line container with a
  // definite height): its flex base size is that cross size through the ratio (§9.2.3 B), as Chromium sizes it.
  const al = row && fill === null && b.kind === 'replaced' && st.width === 'auto' && st.height === 'auto' && H !== null && s.flexWrap === 'nowrap' ? alignOf(fx, it) : null;
  const stretchRatio = (al === 'stretch' || al === 'normal') && it.mt !== null && it.mb !== null ? preferredRatio(b) : null;
  if (base === null) {
    if (fill !== null) base = fill;
    else if (stretchRatio !== null) base = Math.max(0, H! - it.mt! - it.mb! - it.bpCross) * stretchRatio;
    // §9.2.3 B: an aspect-ratio and a definite cross size (a percentage of the container's definite height too) give the width.
    else if (row && b.kind !== 'replaced' && ratioWidth(b, H, it.bpMain, it.bpCross) !== null) base = ratioWidth(b, H, it.bpMain, it.bpCross)!;
    else if (row) base = Math.max(0, (intr as { max: number }).max - mAuto - it.bpMain);
    else base = columnContent();
  }
  const minSpec = row ? st.minWidth : st.minHeight, maxSpec = row ? st.maxWidth : st.maxHeight;
  const mn = sizeValue(minSpec, row ? W : H);
  const mx = sizeValue(maxSpec, row ? W : H);
  // A min/max main size keyword (css-sizing-3 §3.2) is the item's content size: a row item's min-content, max-content or
  // fit-content width (against the line), a column item's content height (the block axis' automatic size).
  const kw = row ? keywordWidths(b, env.ctx, W, mAuto + it.bpMain) : () => columnContent();
  const kwMinSpec = row ? st.minWidthKeyword : st.minHeightKeyword, kwMaxSpec = row ? st.maxWidthKeyword : st.maxHeightKeyword;
  const kwMin = kwMinSpec ? kw(kwMinSpec) : null, kwMax = kwMaxSpec ? kw(kwMaxSpec) : null;
  it.max = kwMax ?? (mx === null ? Infinity : toContent(mx, st, it.bpMain));
  // Automatic minimum size (§4.5): the min-content size, capped by a specified size, for items that are not scroll containers.
  if (kwMin !== null) it.min = kwMin;
  else if (mn !== null) it.min = toContent(mn, st, it.bpMain);
  else if (row && !isScrollContainer(st)) {
    const spec = sizeValue(mSpec, W);
    // A replaced item's content size suggestion is its natural size (css-flexbox-1 §4.5), not its specified width.
    const natural = fill ?? (b.kind === 'replaced' ? (b.intrinsicWidth ?? (b.intrinsicRatio && b.intrinsicHeight ? b.intrinsicHeight * b.intrinsicRatio : null)) : null);
    // The content size suggestion is the content's min-content size, not the specified width's contribution.
    let contentMin = natural !== null ? natural : Math.max(0, (spec !== null ? env.ctx.intrinsicContentSizes(b) : intr as { min: number }).min - mAuto - it.bpMain);
    // The transferred size suggestion (§4.5): a replaced item's definite cross size through its preferred ratio caps it.
    const ratio = b.kind === 'replaced' && spec === null ? preferredRatio(b) : null;
    const cross = ratio !== null ? sizeValue(st.height, H) : null;
    if (cross !== null) contentMin = Math.min(contentMin, toContent(cross, st, it.bpCross) * ratio!);
    // A definite stretched cross size (§9.8: a single-line container with a definite height) transfers too: Chromium 156
    // sizes a 100 x 40 image with auto sizes in a 20 px high row 50 x 20, not at its natural width.
    else if (stretchRatio !== null) contentMin = Math.min(contentMin, Math.max(0, H! - it.mt! - it.mb! - it.bpCross) * stretchRatio);
    it.min = spec !== null ? Math.min(contentMin, toContent(spec, st, it.bpMain)) : contentMin;
  } else if (!row && !isScrollContainer(st)) {
    const spec = sizeValue(mSpec, H);
    // The content size suggestion is the content's height, not the specified height's (Chromium 156: a height: 80px item
    // holding one 20 px line shrinks to 50 px in a max-height: 100px column beside another such item).
    let contentMin = columnContent();
    if (spec !== null && b.kind !== 'replaced') {
      const f = layoutItem(b, columnWidth(it, W, env, s.alignItems), undefined, fx.cbx, it.ml ?? 0, it.mr ?? 0, true);
      contentMin = f ? Math.max(0, f.height - it.bpMain) : 0;
    }
    it.min = spec !== null ? Math.min(contentMin, toContent(spec, st, it.bpMain)) : contentMin;
  }
  it.min = Math.min(it.min, it.max);
  it.base = base;
  it.hypo = Math.min(Math.max(base, it.min), it.max);

  return it;
}

/** Flex lines (§9.3): items collected until the next one does not fit (single line for nowrap); `startItem` drops the lines (or column items) placed on earlier pages. */
export function flexLines(fx: Frame, items: Item[], startItem: number): { lines: Item[][]; laidOut: Item[]; breakable: boolean; breakableCol: boolean } {
  const { s, row, reverse, H, avail, mainGap, env } = fx;
  const lines: Item[][] = [];
  for (const it of items) {
    const cur = lines[lines.length - 1];
    if (!cur || (s.flexWrap !== 'nowrap' && cur.reduce((sum, k) => sum + outerMain(fx, k, k.hypo) + mainGap, 0) + outerMain(fx, it, it.hypo) > avail + 0.01)) lines.push([it]);
    else cur.push(it);
  }
  const breakable = row && s.flexWrap === 'wrap' && H === null && Number.isFinite(env.pageBottom);
  // A column with an indefinite height, or a definite one crossing the page end, breaks between items (forced breaks, or
  // the next item does not fit).
  const breakableCol = !row && !reverse && (H === null || fx.brk !== undefined) && Number.isFinite(env.pageBottom);
  if (breakableCol && startItem > 0) lines[0] = lines[0].filter((k) => items.indexOf(k) >= startItem);
  else if (startItem > 0) {
    const first = lines.findIndex((l) => items.indexOf(l[0]) >= startItem);
    lines.splice(0, first < 0 ? lines.length : first);
  }
  return { lines, laidOut: startItem > 0 ? lines.flat() : items, breakable, breakableCol };
}

/** Resolves the flexible lengths of one line (§9.7): grow or shrink by the factors, freezing min/max violations until stable. */
export function resolveFlexibleLengths(fx: Frame, line: Item[]): void {
  const { avail, mainGap } = fx;
  const gaps = mainGap * Math.max(0, line.length - 1);
  const used = (): number => line.reduce((sum, k) => sum + outerMain(fx, k, k.base) - k.base, 0) + gaps;
  const free0 = avail - used() - line.reduce((sum, k) => sum + k.hypo, 0);
  const grow = Number.isFinite(free0) && free0 > 0;
  const frozen = new Set<Item>();
  for (const k of line) {
    k.main = k.hypo;
    if ((grow ? k.box.style.flexGrow : k.box.style.flexShrink) === 0 || !Number.isFinite(avail) || (grow && k.base > k.hypo) || (!grow && k.base < k.hypo)) frozen.add(k);
  }
  for (let guard = 0; guard <= line.length && Number.isFinite(avail); guard++) {
    const open = line.filter((k) => !frozen.has(k));
    if (open.length === 0) break;
    const taken = line.reduce((sum, k) => sum + (frozen.has(k) ? k.main : k.base), 0);
    const free = avail - used() - taken;
    const target = new Map<Item, number>();
    if (grow) {
      const sumG = open.reduce((sum, k) => sum + k.box.style.flexGrow, 0);
      const share = sumG < 1 ? free * sumG : free;
      for (const k of open) target.set(k, k.base + (sumG > 0 ? share * k.box.style.flexGrow / sumG : 0));
    } else {
      const sumS = open.reduce((sum, k) => sum + k.box.style.flexShrink * k.base, 0);
      for (const k of open) target.set(k, k.base + (sumS > 0 ? free * k.box.style.flexShrink * k.base / sumS : 0));
    }
    let violation = 0;
    for (const k of open) {
      const t = target.get(k) as number;
      const c = Math.min(Math.max(t, k.min), k.max);
      violation += c - t;
      k.main = c;
    }
    if (Math.abs(violation) < 0.01) break;
    for (const k of open) if ((violation > 0 && k.main <= k.min + 0.001 && k.main > (target.get(k) as number)) || (violation < 0 && k.main >= k.max - 0.001 && k.main < (target.get(k) as number))) frozen.add(k);
  }
}

/** The cross size of each line (§9.4 steps 8, 15: baseline-aligned items share their baselines; align-content), where the lines start and the space between them. */
export interface LineCross { lineCross: number[]; lineAscent: number[]; lineStart: number; lineBetween: number; containerCross: number; ascentOf(it: Item): number | null }

export function crossSizes(fx: Frame, lines: Item[][]): LineCross {
  const { s, row, W, H, crossGap } = fx;
  const crossAvail = row ? H : W;
  // Baseline alignment (§8.3, §9.4 step 8): items aligned `baseline` in a row share their first baselines; an item without one synthesizes it from its border-box bottom.
  const ascentOf = (it: Item): number | null => {
    const f = it.frag;
    if (!row || !f || it.mt === null || it.mb === null) return null;
    const a = alignOf(fx, it);
    if (a !== 'baseline' && a !== 'last baseline') return null;
    return (f.kind === 'box' && f.baseline !== undefined ? f.baseline - f.y : f.height) + it.mt;
  };
  const lineAscent: number[] = [];
  const lineCross = lines.map((l, li) => {
    let maxAsc = 0, maxDesc = 0, other = 0, any = false;
    for (const k of l) {
      const asc = ascentOf(k);
      if (asc === null) other = Math.max(other, k.cross);
      else { any = true; maxAsc = Math.max(maxAsc, asc); maxDesc = Math.max(maxDesc, k.cross - asc); }
    }
    lineAscent[li] = any ? maxAsc : NaN;
    return Math.max(other, any ? maxAsc + maxDesc : 0);
  });
  const multiLine = s.flexWrap !== 'nowrap';
  const wrapReverse = s.flexWrap === 'wrap-reverse';
  // A single-line container's line is its inner cross size (§9.4 step 15): the definite one, else the line's own clamped
  // by the container's min and max cross sizes, as Chromium 156 sizes it (stretched items take the clamped line).
  if (!multiLine && crossAvail !== null && crossAvail !== undefined) lineCross[0] = crossAvail;
  else if (!multiLine && fx.crossClamp && lines.length > 0) lineCross[0] = fx.crossClamp(lineCross[0]);
  // align-content (§9.4 step 15, §8.4): distribute the container's free cross space among the lines.
  let lineStart = 0, lineBetween = crossGap;
  if (multiLine && crossAvail !== null && crossAvail !== undefined && lines.length > 0) {
    const n = lines.length;
    const free = crossAvail - lineCross.reduce((a, b) => a + b, 0) - crossGap * (n - 1);
    const ac = s.alignContent;
    if ((ac === 'normal' || ac === 'stretch') && free > 0) for (let i = 0; i < n; i++) lineCross[i] += free / n;
    else if (ac === 'flex-end' || ac === 'end') lineStart = free;
    else if (ac === 'center' || (free < 0 && (ac === 'space-around' || ac === 'space-evenly'))) lineStart = free / 2;
    else if (ac === 'space-between' && free > 0 && n > 1) lineBetween += free / (n - 1);
    else if (ac === 'space-around' && free > 0) { lineBetween += free / n; lineStart = free / n / 2; }
    else if (ac === 'space-evenly' && free > 0) { lineBetween += free / (n + 1); lineStart = free / (n + 1); }
    if (wrapReverse && (ac === 'flex-start' || ac === 'flex-end')) lineStart = free - lineStart - (lineBetween - crossGap) * (n - 1);
  }
  const crossTotal = lineCross.reduce((a, b) => a + b, 0) + crossGap * Math.max(0, lines.length - 1);
  const containerCross = multiLine && crossAvail !== null && crossAvail !== undefined ? crossAvail : crossTotal;
  return { lineCross, lineAscent, lineStart, lineBetween, containerCross, ascentOf };
}

/** Used height (content box, px) of a replaced item with an auto height laid out at a used width: through its aspect ratio (css-sizing-3 §5.1, CSS 2.1 §10.6.2); undefined otherwise. */
export function replacedCross(b: Box, width: number): number | undefined {
  if (b.kind !== 'replaced' || b.style.height !== 'auto') return undefined;
  const ratio = preferredRatio(b);
  return ratio ? width / ratio : undefined;
}

/** Used width (content box, px) of an item in a column container: stretched to the line (§9.4 step 11) or fit-content. */
export function columnWidth(it: Item, W: number, env: FlowEnv, alignItems: string): number | undefined {
  const st = it.box.style;
  const align = st.alignSelf === 'auto' ? alignItems : st.alignSelf;
  const stretch = (align === 'stretch' || align === 'normal') && st.width === 'auto' && !st.widthKeyword && it.ml !== null && it.mr !== null;
  if (!stretch) return shrinkWidth(it, W, env);
  // The stretched width is clamped by min-width and max-width (css-align-3 §6.1, css-flexbox-1 §9.4 step 11).
  const m = (it.ml ?? 0) + (it.mr ?? 0);
  return clampWidth(Math.max(0, W - m - it.bpCross), st, W, it.bpCross, keywordWidths(it.box, env.ctx, W, m + it.bpCross));
}

/** Fit-content width of a non-stretched item in a column container (§9.4 step 7 with the container width as available space). */
function shrinkWidth(it: Item, W: number, env: FlowEnv): number | undefined {
  if (it.box.kind === 'replaced' || it.box.style.width !== 'auto') return undefined;
  const m = (it.ml ?? 0) + (it.mr ?? 0);
  const kw = keywordWidths(it.box, env.ctx, W, m + it.bpCross);
  const st = it.box.style;
  // min-width and max-width clamp it, percentages against the container's width (css-sizing-3 §5.2).
  return clampWidth(st.widthKeyword ? kw(st.widthKeyword) : fitContent(env.ctx.intrinsicSizes(it.box), W, m + it.bpCross), st, W, it.bpCross, kw);
}

/**
 * Intrinsic inline sizes of a flex container's content box, px (css-flexbox-1 §9.9.1, as Chromium
 * does it): a row's max-content size is the sum of its items' max-content contributions plus the
 * column gaps; its min-content size is that sum for a single-line container and the largest
 * min-content contribution for a multi-line one; a column's are the largest contributions.
 * Percentage gaps count as 0 (cyclic). `sizesOf` gives an item's margin-box contributions.
 */
export function flexIntrinsicSizes(box: FlexBox, sizesOf: (b: Box) => { min: number; max: number }): { min: number; max: number } {
  const s = box.style;
  const row = s.flexDirection === 'row' || s.flexDirection === 'row-reverse';
  let min = 0, max = 0, n = 0;
  for (const c of box.children) {
    if (c.kind === 'text' || c.kind === 'br' || c.kind === 'marker' || isAbsolute(c)) continue;
    const r = sizesOf(c);
    n++;
    if (row) { max += r.max; min = s.flexWrap === 'nowrap' ? min + r.min : Math.max(min, r.min); }
    else { max = Math.max(max, r.max); min = Math.max(min, r.min); }
  }
  if (row && n > 1 && s.columnGap !== 'normal') {
    const g = s.columnGap.px * (n - 1);
    max += g;
    if (s.flexWrap === 'nowrap') min += g;
  }
  return { min, max };
}
