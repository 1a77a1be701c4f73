/**
 * Flex layout of a flex container's items (css-flexbox-1 §9, simplified): flex base sizes, line breaking (flex-wrap),
 * resolving flexible lengths (grow/shrink with min/max), main-axis alignment (auto margins, justify-content, gaps),
 * cross-axis alignment (align-items/align-self, stretch). In: a FlexBox, its content box. Out: item fragments placed, content height.
 */
import type { Box, FlexBox } from '../box/types.ts';
import type { ContainingBlock } from './context.ts';
import type { BoxFragment, Fragment, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { FlowEnv, PendingAbs } from './block.ts';
import { layoutBlockLevel, NO_MARGIN } from './block.ts';
import { BfcFloats } from './float.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, isAbsolute, lp } from './box-model.ts';

interface Item {
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

/** True when this flex container is laid out by the flex algorithm (rows, or columns with a definite height); other columns use block flow (they paginate). */
export function usesFlexAlgorithm(box: FlexBox, definiteHeight: boolean): boolean {
  const d = box.style.flexDirection;
  return d === 'row' || d === 'row-reverse' || definiteHeight;
}

/**
 * Lays out the in-flow items of a flex container whose content box starts at (cb.x, y) with
 * width cb.width (and height cb.height when definite). Items are monolithic (no page breaks
 * inside). Returns the placed fragments, the used content height and the first baseline.
 */
export function layoutFlexItems(box: FlexBox, cb: ContainingBlock, y: number, abs: PendingAbs[], env: FlowEnv): { children: Fragment[]; height: number; baseline?: number } {
  const s = box.style;
  const row = s.flexDirection === 'row' || s.flexDirection === 'row-reverse';
  const reverse = s.flexDirection === 'row-reverse' || s.flexDirection === 'column-reverse';
  const W = cb.width;
  const H = cb.height;
  const mainSize = row ? W : H;
  const colGap = s.columnGap === 'normal' ? 0 : lp(s.columnGap, W);
  const rowGap = s.rowGap === 'normal' ? 0 : lp(s.rowGap, H);
  const mainGap = row ? colGap : rowGap, crossGap = row ? rowGap : colGap;
  const innerEnv: FlowEnv = { ...env, pageBottom: Infinity };
  const boxes = box.children.filter((c) => c.kind !== 'text' && c.kind !== 'br' && c.kind !== 'marker');
  for (const c of boxes) if (isAbsolute(c)) {
    const pend = { box: c, staticX: cb.x, staticY: y };
    if (c.style.position === 'fixed') env.fixed.push(pend); else abs.push(pend);
  }
  const inflow = boxes.filter((c) => !isAbsolute(c)).map((b, i) => ({ b, i })).sort((a, c) => a.b.style.order - c.b.style.order || a.i - c.i).map((x) => x.b);
  const layoutItem = (b: Box, width: number | undefined, height: number | undefined, x: number, ml: number, mr: number): BoxFragment | ReplacedFragment | null => {
    const r = layoutBlockLevel(b, {
      cb: { x, y: 0, width: W, height: H }, y, margin: NO_MARGIN, floats: new BfcFloats(env.floatLayout), token: null,
      atTop: true, truncate: false, abs, widthOverride: width, marginsOverride: { left: ml, right: mr }, heightOverride: height, forceBfc: true,
    }, innerEnv);
    return r.fragment;
  };
  const items: Item[] = inflow.map((b) => {
    const st = b.style;
    const bd = borderOf(st), pd = paddingOf(st, W);
    const bpH = bd.left + bd.right + pd.left + pd.right, bpV = bd.top + bd.bottom + pd.top + pd.bottom;
    const it: Item = {
      box: b, ml: marginValue(st.marginLeft, W), mr: marginValue(st.marginRight, W), mt: marginValue(st.marginTop, W), mb: marginValue(st.marginBottom, W),
      bpMain: row ? bpH : bpV, bpCross: row ? bpV : bpH, base: 0, hypo: 0, min: 0, max: Infinity, main: 0, frag: null, cross: 0,
    };
    const mSpec = row ? st.width : st.height;
    const basis = st.flexBasis;
    let base: number | null = null;
    if (basis !== 'auto' && basis !== 'content') base = sizeValue(basis, mainSize);
    if (base !== null) base = toContent(base, st, it.bpMain);
    else if (basis === 'auto') { const v = sizeValue(mSpec, row ? W : H); if (v !== null) base = toContent(v, st, it.bpMain); }
    const intr = row ? env.ctx.intrinsicSizes(b) : null;
    const mAuto = (row ? (it.ml ?? 0) + (it.mr ?? 0) : 0);
    if (base === null) {
      if (row) base = Math.max(0, (intr as { max: number }).max - mAuto - it.bpMain);
      else { const f = layoutItem(b, undefined, undefined, cb.x, it.ml ?? 0, it.mr ?? 0); base = f ? f.height - it.bpMain : 0; }
    }
    const minSpec = row ? st.minWidth : st.minHeight, maxSpec = row ? st.maxWidth : st.maxHeight;
    const mn = sizeValue(minSpec, row ? W : H);
    const mx = sizeValue(maxSpec, row ? W : H);
    it.max = mx === null ? Infinity : toContent(mx, st, it.bpMain);
    // Automatic minimum size (§4.5): the min-content size, capped by a specified size, for items whose overflow is visible.
    if (mn !== null) it.min = toContent(mn, st, it.bpMain);
    else if (row && st.overflowX === 'visible') {
      const spec = sizeValue(mSpec, W);
      const contentMin = Math.max(0, (intr as { min: number }).min - mAuto - it.bpMain);
      it.min = spec !== null ? Math.min(contentMin, toContent(spec, st, it.bpMain)) : contentMin;
    }
    it.min = Math.min(it.min, it.max);
    it.base = base;
    it.hypo = Math.min(Math.max(base, it.min), it.max);
    return it;
  });
  const outerMain = (it: Item, size: number): number => size + it.bpMain + (row ? (it.ml ?? 0) + (it.mr ?? 0) : (it.mt ?? 0) + (it.mb ?? 0));
  // ---- lines (§9.3)
  const lines: Item[][] = [];
  const avail = mainSize ?? Infinity;
  for (const it of items) {
    const cur = lines[lines.length - 1];
    if (!cur || (s.flexWrap !== 'nowrap' && cur.reduce((sum, k) => sum + outerMain(k, k.hypo) + mainGap, 0) + outerMain(it, it.hypo) > avail + 0.01)) lines.push([it]);
    else cur.push(it);
  }
  // ---- flexible lengths (§9.7), freezing violations until stable
  for (const line of lines) {
    const gaps = mainGap * Math.max(0, line.length - 1);
    const used = (): number => line.reduce((sum, k) => sum + outerMain(k, k.base) - k.base, 0) + gaps;
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
  // ---- item layout at the resolved main size; cross sizes
  const crossAvail = row ? H : W;
  for (const it of items) {
    const st = it.box.style;
    if (row) it.frag = layoutItem(it.box, it.main, undefined, cb.x, it.ml ?? 0, it.mr ?? 0);
    else {
      const align = st.alignSelf === 'auto' ? s.alignItems : st.alignSelf;
      const stretch = (align === 'stretch' || align === 'normal') && st.width === 'auto';
      const ml = it.ml ?? 0, mr = it.mr ?? 0;
      const width = stretch ? Math.max(0, W - ml - mr - it.bpCross) : undefined;
      it.frag = layoutItem(it.box, width ?? shrinkWidth(it, W, env), it.main, cb.x, ml, mr);
    }
    const f = it.frag;
    it.cross = f ? (row ? f.height + (it.mt ?? 0) + (it.mb ?? 0) : f.width + (it.ml ?? 0) + (it.mr ?? 0)) : 0;
  }
  const lineCross = lines.map((l) => l.reduce((m, k) => Math.max(m, k.cross), 0));
  if (lines.length === 1 && crossAvail !== null && crossAvail !== undefined && s.flexWrap === 'nowrap') lineCross[0] = crossAvail;
  // ---- placement
  const children: Fragment[] = [];
  let crossPos = 0;
  let baseline: number | undefined;
  lines.forEach((line, li) => {
    const lc = lineCross[li];
    const sizes = line.map((k) => outerMain(k, k.main));
    const autoCount = line.reduce((n, k) => n + (row ? (k.ml === null ? 1 : 0) + (k.mr === null ? 1 : 0) : (k.mt === null ? 1 : 0) + (k.mb === null ? 1 : 0)), 0);
    const free = Number.isFinite(avail) ? avail - sizes.reduce((a, b) => a + b, 0) - mainGap * (line.length - 1) : 0;
    let start = 0, between = mainGap;
    const autoShare = autoCount > 0 && free > 0 ? free / autoCount : 0;
    if (autoCount === 0 && free > 0) {
      const jc = s.justifyContent;
      const n = line.length;
      if (jc === 'flex-end' || jc === 'end' || jc === 'right') start = free;
      else if (jc === 'center') start = free / 2;
      else if (jc === 'space-between' && n > 1) between += free / (n - 1);
      else if (jc === 'space-around') { between += free / n; start = free / n / 2; }
      else if (jc === 'space-evenly') { between += free / (n + 1); start = free / (n + 1); }
    }
    if (reverse && autoCount === 0) start = Number.isFinite(avail) ? avail - start - sizes.reduce((a, b) => a + b, 0) - between * (line.length - 1) : start;
    let pos = start;
    const order = reverse ? [...line].reverse() : line;
    for (const it of order) {
      const f = it.frag;
      const st = it.box.style;
      const mStart = row ? (it.ml ?? autoShare) : (it.mt ?? autoShare);
      const mEnd = row ? (it.mr ?? autoShare) : (it.mb ?? autoShare);
      const align = st.alignSelf === 'auto' ? s.alignItems : st.alignSelf;
      const cStartM = row ? it.mt : it.ml, cEndM = row ? it.mb : it.mr;
      let cOff = 0;
      const slack = lc - it.cross;
      if (cStartM === null && cEndM === null) cOff = slack / 2;
      else if (cStartM === null) cOff = slack;
      else if (align === 'flex-end' || align === 'end' || align === 'self-end') cOff = slack;
      else if (align === 'center') cOff = slack / 2;
      let frag = f;
      if (row && (align === 'stretch' || align === 'normal') && st.height === 'auto' && cStartM !== null && cEndM !== null && slack > 0.01 && f) {
        frag = layoutItem(it.box, it.main, Math.max(0, lc - (it.mt ?? 0) - (it.mb ?? 0) - it.bpCross), cb.x, it.ml ?? 0, it.mr ?? 0);
      }
      if (frag) {
        const targetX = row ? cb.x + pos + mStart : cb.x + crossPos + cOff + (it.ml ?? 0);
        const targetY = row ? y + crossPos + cOff + (it.mt ?? 0) : y + pos + mStart;
        translateFragment(frag, targetX - frag.x, targetY - frag.y);
        children.push(frag);
        if (baseline === undefined && frag.kind === 'box' && frag.baseline !== undefined) baseline = frag.baseline;
      }
      pos += mStart + (frag ? (row ? frag.width : frag.height) : 0) + mEnd + between;
    }
    crossPos += lc + crossGap;
  });
  const height = row ? Math.max(0, crossPos - (lines.length > 0 ? crossGap : 0)) : items.reduce((sum, k) => sum + outerMain(k, k.main), 0) + mainGap * Math.max(0, items.length - 1);
  return { children, height, baseline };
}

/** Fit-content width of a non-stretched item in a column container (§9.4 step 7 with the container width as available space). */
function shrinkWidth(it: Item, W: number, env: FlowEnv): number | undefined {
  if (it.box.kind === 'replaced' || it.box.style.width !== 'auto') return undefined;
  const { min, max } = env.ctx.intrinsicSizes(it.box);
  const m = (it.ml ?? 0) + (it.mr ?? 0);
  return Math.max(0, Math.min(Math.max(min, W), max) - m - it.bpCross);
}
