// In: a block-level box, the width of its containing block (px), width and margin overrides of the calling formatting context.
// Out: its used margins and content width (UsedWidths, px) by CSS 2.1 §10.3.3 / §10.3.4 and §10.4 (min/max-width), css-sizing-3 keywords.
import type { Box } from '../box/types.ts';
import type { BlockParams, LayoutContext, UsedWidths } from './context.ts';
import { borderOf, paddingOf, marginValue, sizeValue, toContent, clampWidth, ratioWidth, keywordWidths } from './box-model.ts';
import { replacedSize } from './replaced.ts';

/**
 * Used horizontal metrics of a block-level box (CSS 2.1 §10.3.3, §10.4) in `cbWidth` px; percentages of `pctBasis` (the
 * containing block's width). A width of min-content, max-content or fit-content (css-sizing-3 §3.1) is the box's content
 * size through `env`'s intrinsic sizes and then solved as a specified width (auto margins centre it), and such a min-width or
 * max-width clamps it (§3.2); without `env` these keywords are auto / none.
 */
export function blockWidths(
  box: Box, cbWidth: number, p: Pick<BlockParams, 'widthOverride' | 'marginsOverride' | 'cbRtl' | 'cb'>, pctBasis = cbWidth, env?: { ctx: LayoutContext },
): UsedWidths {
  const s = box.style;
  const border = borderOf(s);
  const padding = paddingOf(s, pctBasis);
  const bp = border.left + border.right + padding.left + padding.right;
  if (p.widthOverride !== undefined) {
    return { ml: p.marginsOverride?.left ?? (marginValue(s.marginLeft, pctBasis) ?? 0), mr: p.marginsOverride?.right ?? (marginValue(s.marginRight, pctBasis) ?? 0), width: p.widthOverride };
  }
  const ml = marginValue(s.marginLeft, pctBasis);
  const mr = marginValue(s.marginRight, pctBasis);
  const keyword = s.widthKeyword || s.minWidthKeyword || s.maxWidthKeyword;
  const kw = env && keyword ? keywordWidths(box, env.ctx, cbWidth, bp + (ml ?? 0) + (mr ?? 0)) : undefined;
  let specified: number | null;
  if (box.kind === 'replaced') {
    specified = replacedSize(box, pctBasis, null).width;
    // Floats, absolute and atomic boxes: margins already resolved by the caller, no §10.3.3 equation.
    if (p.marginsOverride) return { ml: p.marginsOverride.left, mr: p.marginsOverride.right, width: specified };
  } else {
    const w = sizeValue(s.width, pctBasis);
    if (w !== null) specified = toContent(w, s, bp);
    else if (s.widthKeyword && kw) specified = kw(s.widthKeyword);
    // An aspect-ratio transfers a definite height (a percentage of the containing block's definite height too) to the width.
    else specified = ratioWidth(box, p.cb.height, bp, border.top + border.bottom + padding.top + padding.bottom);
  }
  const solve = (w: number | null): UsedWidths => {
    let l = ml, r = mr;
    if (w === null) return { ml: l ?? 0, mr: r ?? 0, width: Math.max(0, cbWidth - (l ?? 0) - (r ?? 0) - bp) };
    if (w + bp + (l ?? 0) + (r ?? 0) > cbWidth) { l = l ?? 0; r = r ?? 0; }
    if (l === null && r === null) { const m = (cbWidth - w - bp) / 2; return { ml: m, mr: m, width: w }; }
    if (l === null) return { ml: cbWidth - w - bp - (r as number), mr: r as number, width: w };
    if (r === null) return { ml: l, mr: cbWidth - w - bp - l, width: w };
    // Over-constrained: margin-right (ltr) or margin-left (rtl) is ignored, by the containing block's direction.
    if (p.cbRtl ?? s.direction === 'rtl') return { ml: cbWidth - w - bp - r, mr: r, width: w };
    return { ml: l, mr: cbWidth - w - bp - l, width: w };
  };
  let out = solve(specified);
  if (box.kind !== 'replaced') {
    const clamped = clampWidth(out.width, s, pctBasis, bp, kw);
    if (clamped !== out.width) out = solve(clamped);
  }
  return out;
}
