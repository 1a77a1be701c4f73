// In: a grid item, the width of its grid area (px), the container's style and the items' intrinsic sizes (px, margin box).
// Out: the width / margin overrides that place the item in its area by justify-self / justify-items (css-align-3 §6.1), or null to stretch.
import type { Box } from '../../box/types.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, clampWidth, fitContent, keywordWidths } from '../box-model.ts';
import type { LayoutContext } from '../context.ts';

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
export function justifyOverrides(b: Box, areaW: number, container: ComputedStyle, ctx: Pick<LayoutContext, 'intrinsicSizes' | 'intrinsicContentSizes'>): { widthOverride: number; marginsOverride: { left: number; right: number } } | null {
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
