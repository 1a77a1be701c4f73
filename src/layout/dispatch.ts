/**
 * The formatting-context dispatcher (Servo's IndependentFormattingContext, Taffy's compute_child_layout): picks the
 * formatting context of a block-level box and lays it out through the one block-level path (src/layout/block-level.ts).
 * In: a box, its BlockParams and the flow environment. Out: its BlockResult. Installed on the layout context
 * (BlockLayoutContext.layoutBlockLevel) by src/layout/engine.ts; no formatting context imports another.
 */
import type { Box, BlockBox, FlexBox, ReplacedBox, TableCellBox } from '../box/types.ts';
import type { BlockParams, BlockResult, ContentLayout, FlowEnv } from './context.ts';
import { isMulticolContainer } from './box-model.ts';
import { layoutBlockLevelBox } from './block-level.ts';
import { blockWidths } from './block-widths.ts';
import { blockFlow, layoutBlockFlow } from './block.ts';
import { isFieldset, fieldsetMinInline, placeRenderedLegend, renderedLegendOf } from './fieldset.ts';
import { multicolContent } from './multicol.ts';
import { layoutFlexContent } from './flex.ts';
import { gridContent } from './grid/index.ts';
import { tableContent } from './table/index.ts';
import { replacedSize } from './replaced.ts';
import { controlContent } from './controls.ts';

/** A block-level replaced element (CSS 2.1 §10.3.4, §10.6.2): its natural or specified size, no content, never fragmented. */
const replacedBlock: ContentLayout<ReplacedBox> = {
  independent: true,
  monolithic: true,
  widths: (box, avail, p) => {
    const w = blockWidths(box, avail, p, p.cb.width);
    return { ml: w.ml, mr: w.mr, width: p.widthOverride ?? replacedSize(box, p.cb.width, p.cb.height).width };
  },
  fixedHeight: (box, p) => p.heightOverride ?? replacedSize(box, p.cb.width, p.cb.height).height,
};

/** A flex container (css-flexbox-1): its items, or block flow where flex layout gives way to it across pages. */
const flexContent: ContentLayout<FlexBox> = {
  independent: true,
  layout: (box, c, flow, env) => { if (!layoutFlexContent(box, c, flow, env)) layoutBlockFlow(box, c, flow, env); },
};

/**
 * A fieldset (HTML §15.3.13): an independent formatting context at least as wide as its contents' min-content, whose
 * rendered legend sits over its block-start border; the rest of its content is block flow or columns.
 */
const fieldsetContent: ContentLayout<BlockBox> = {
  independent: true,
  widths: (box, avail, p, env) => {
    const w = blockWidths(box, avail, p, p.cb.width, env);
    return p.widthOverride === undefined ? fieldsetMinInline(box, w, p.cb.width, box.style.direction === 'rtl', env) : w;
  },
  layout: (box, c, flow, env) => {
    placeRenderedLegend(box, c, flow, env);
    if (isMulticolContainer(box)) multicolContent.layout!(box, c, flow, env);
    else layoutBlockFlow(box, c, flow, env, renderedLegendOf(box) ?? undefined);
  },
};

const EMPTY = (p: BlockParams): BlockResult => ({ fragment: null, bottom: p.y, margin: p.margin, firstY: null, collapsedThrough: true, token: null, pushed: false });

/**
 * Lays out a block-level box of any kind at the flow position (CSS 2.1 §9.4.1, §10.3.3 and the formatting context's own
 * spec): block containers (block flow or inline content), multicol containers, fieldsets, form controls, flex and grid containers,
 * tables (their wrapper box) and replaced elements. Other boxes produce nothing. Checks the render's time limit.
 */
export function layoutBlockLevel(box: Box, p: BlockParams, env: FlowEnv): BlockResult {
  env.ctx.limits.check();
  switch (box.kind) {
    case 'block':
      if (isFieldset(box)) return layoutBlockLevelBox(box, p, env, fieldsetContent);
      if (box.control) return layoutBlockLevelBox(box, p, env, controlContent);
      return layoutBlockLevelBox<BlockBox | TableCellBox>(box, p, env, isMulticolContainer(box) ? multicolContent : blockFlow);
    case 'table-cell': return layoutBlockLevelBox<BlockBox | TableCellBox>(box, p, env, isMulticolContainer(box) ? multicolContent : blockFlow);
    case 'flex': return layoutBlockLevelBox(box, p, env, flexContent);
    case 'grid': return layoutBlockLevelBox(box, p, env, gridContent);
    case 'table-wrapper': return layoutBlockLevelBox(box, p, env, tableContent());
    case 'replaced': return layoutBlockLevelBox(box, p, env, replacedBlock);
    default: return EMPTY(p);
  }
}
