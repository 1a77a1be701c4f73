// In: a grid item, the width of its grid area (px), the container's style and the items' intrinsic sizes (px, margin box); free space of tracks.
// Out: css-align-3 for grids: width / margin overrides placing an item in its area (§6.1, auto margins), its block-axis offset (§6), track distribution (§5.3).
import type { Box } from '../../box/types.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, clampWidth, fitContent, keywordWidths } from '../box-model.ts';
import type { LayoutContext } from '../context.ts';

type IntrinsicMeasure = Pick<LayoutContext, 'intrinsicSizes' | 'intrinsicContentSizes'>;

/** Inline-axis self-alignment of a grid item resolved to a side of its area (css-align-3 §6.1); 'stretch' for normal/stretch on non-replaced boxes. */
export function justifyOf(item: Box, container: ComputedStyle): 'stretch' | 'start' | 'end' | 'center' {
  let v: string = item.style.justifySelf ?? 'auto';
  if (v === 'auto') v = container.justifyItems ?? 'legacy';
  const rtl = container.direction === 'rtl';
  switch (v) {
    case 'legacy': case 'normal': return item.kind === 'replaced' ? 'start' : 'stretch';
    case 'stretch': return 'stretch';
    case 'end': case 'self-end': case 'flex-end': case 'last baseline': return 'end';
    case 'center': return 'center';
    case 'left': return rtl ? 'end' : 'start';
    case 'right': return rtl ? 'start' : 'end';
    default: return 'start'; // start, self-start, flex-start, baseline
  }
}

/**
 * Width and margins placing a non-stretched item in its grid area of `areaW` px (css-align-3 §6.1, css-grid-1 §10.3):
 * an auto width becomes fit-content (css-sizing-3 §5.1: min(max(min-content, area), max-content)), the free space goes into
 * the margin on the far side (start), the near side (end) or both halves (center), mirrored for rtl containers. Null when
 * the item is stretched or has an auto inline margin (auto margins align it instead).
 */
export function justifyOverrides(b: Box, areaW: number, container: ComputedStyle, ctx: IntrinsicMeasure): { widthOverride: number; marginsOverride: { left: number; right: number } } | null {
  const align = justifyOf(b, container);
  const st = b.style;
  if (st.marginLeft === 'auto' || st.marginRight === 'auto') return null;
  if (align === 'stretch') {
    // A table with an auto width is stretched like any non-replaced box (css-align-3 §6.1), as Chromium 156 does, not
    // sized to its content as in block flow: its table box takes the area less the margins.
    if (b.kind !== 'table-wrapper' || st.width !== 'auto' || b.table.style.width !== 'auto') return null;
    const ml = marginValue(st.marginLeft, areaW) ?? 0, mr = marginValue(st.marginRight, areaW) ?? 0;
    return { widthOverride: Math.max(0, areaW - ml - mr), marginsOverride: { left: ml, right: mr } };
  }
  if (b.kind === 'replaced' && st.width === 'auto') return null; // replaced boxes size themselves; their normal alignment is start already
  const bd = borderOf(st), pd = paddingOf(st, areaW);
  const bp = bd.left + bd.right + pd.left + pd.right;
  const ml = marginValue(st.marginLeft, areaW) ?? 0, mr = marginValue(st.marginRight, areaW) ?? 0;
  const spec = sizeValue(st.width, areaW);
  let width: number;
  if (spec !== null) width = toContent(spec, st, bp);
  else if (st.widthKeyword) width = keywordWidths(b, ctx, areaW, ml + mr + bp)(st.widthKeyword);
  else width = fitContent(ctx.intrinsicSizes(b), areaW, ml + mr + bp);
  width = clampWidth(width, st, areaW, bp, keywordWidths(b, ctx, areaW, ml + mr + bp));
  const free = areaW - width - bp - ml - mr;
  const rtl = container.direction === 'rtl';
  const toLeft = align === 'center' ? free / 2 : (align === 'end') !== rtl ? free : 0;
  return { widthOverride: width, marginsOverride: { left: ml + toLeft, right: mr + free - toLeft } };
}

/** Offsets of content-distribution alignment (css-align-3 §5.3) for `n` tracks and `free` px: [start offset, extra space between tracks]. */
export function distributeContent(v: ComputedStyle['justifyContent'] | ComputedStyle['alignContent'], free: number, n: number): [number, number] {
  if (n === 0) return [0, 0];
  if (free < 0) {
    // Overflow: distributed alignment falls back to start (safe alignment is not assumed; center/end still apply).
    if (v === 'center') return [free / 2, 0];
    if (v === 'end' || v === 'flex-end' || v === 'right') return [free, 0];
    return [0, 0];
  }
  switch (v) {
    case 'end': case 'flex-end': case 'right': return [free, 0];
    case 'center': return [free / 2, 0];
    case 'space-between': return n > 1 ? [0, free / (n - 1)] : [0, 0];
    case 'space-around': return [free / n / 2, free / n];
    case 'space-evenly': return [free / (n + 1), free / (n + 1)];
    default: return [0, 0];
  }
}

/** Self-alignment in the block axis resolved for a grid item (css-align-3 §6): 'stretch', 'start', 'end' or 'center'. */
export function blockAlign(item: Box, container: ComputedStyle): 'stretch' | 'start' | 'end' | 'center' | 'baseline' {
  const v = item.style.alignSelf === 'auto' ? container.alignItems : item.style.alignSelf;
  switch (v) {
    case 'normal': return item.kind === 'replaced' ? 'start' : 'stretch';
    case 'stretch': return 'stretch';
    case 'end': case 'flex-end': case 'self-end': return 'end';
    case 'center': return 'center';
    case 'baseline': return 'baseline';
    default: return 'start'; // start, self-start, flex-start, last baseline (approximated)
  }
}

/** Block-axis offset of an item in its area (css-align-3 §6; auto margins first), px below its top margin edge. */
export function alignOffset(slack: number, mt: number | null, mb: number | null, align: ReturnType<typeof blockAlign>, shim: number): number {
  if (mt === null && mb === null) return slack / 2;
  if (mt === null) return slack;
  if (mb === null) return 0;
  return align === 'end' ? slack : align === 'center' ? slack / 2 : align === 'baseline' ? shim : 0;
}

/**
 * An auto-width, non-replaced item with an auto inline margin is not stretched (css-align-3 §6.1): it gets its
 * fit-content width (css-sizing-3 §5.1: min(max(min-content, area), max-content)) and the auto margins share what is
 * left (0 when it overflows). Returns the layout overrides, or {} when the item is stretched or sized normally.
 */
export function inlineAutoMargins(b: Box, areaW: number, ctx: IntrinsicMeasure): { widthOverride?: number; marginsOverride?: { left: number; right: number } } {
  const st = b.style;
  if (b.kind === 'replaced' || st.width !== 'auto' || (st.marginLeft !== 'auto' && st.marginRight !== 'auto')) return {};
  const bd = borderOf(st), pd = paddingOf(st, areaW);
  const bp = bd.left + bd.right + pd.left + pd.right;
  const ml = marginValue(st.marginLeft, areaW), mr = marginValue(st.marginRight, areaW);
  const fixedM = (ml ?? 0) + (mr ?? 0);
  const width = clampWidth(fitContent(ctx.intrinsicSizes(b), areaW, fixedM + bp), st, areaW, bp, keywordWidths(b, ctx, areaW, fixedM + bp));
  const free = Math.max(0, areaW - width - bp - fixedM);
  const autos = (ml === null ? 1 : 0) + (mr === null ? 1 : 0);
  return { widthOverride: width, marginsOverride: { left: ml ?? free / autos, right: mr ?? free / autos } };
}
