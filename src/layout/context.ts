/**
 * The layout context shared by the formatting contexts, and the call by which one lays out a box of another without
 * importing it: the block-level dispatcher (Servo's IndependentFormattingContext, Taffy's compute_child_layout).
 * In: fonts, limits, warnings; the flow contract (src/layout/flow.ts). Out: LayoutContext, FlowEnv, BlockParams/BlockResult
 * (the dispatcher's input and output), ContentLayout (what a formatting context supplies to the block-level path).
 */
import type { Box, BlockBox, ImageRef, TableCellBox, TableWrapperBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { FontContext } from '../text/types.ts';
import type { WarningSink } from '../warnings.ts';
import type { RenderLimits } from '../errors.ts';
import type { BoxFragment, Edges, Fragment, ReplacedFragment } from './fragment.ts';
import type { BreakerState } from './inline/line-breaker.ts';
import type { ContainingBlock, ContentToken, FloatContext, Flow, InlineLayoutResult, LineClamp, MarginSet, PendingAbs, BreakToken } from './flow.ts';
import type { BfcFloats, FloatBoxLayout } from './float.ts';
import type { AbsBreaks } from './oof-break.ts';

export type { ContainingBlock, FloatContext, InlineLayoutResult } from './flow.ts';

/** The input of inline layout: a block container whose children are inline-level. */
export interface InlineLayoutInput {
  container: BlockBox | TableCellBox;
  /** The content box of the container: absolute x, y of its top-left and its width (px). */
  x: number;
  y: number;
  width: number;
  /** Float exclusions of the enclosing block formatting context. */
  floats: FloatContext;
  /** The containing block for percentages of inline-level content and for floats met inline. */
  containing: ContainingBlock;
  ctx: LayoutContext;
  /** A state from an earlier result's `resume`: lay out only the lines from there on (no text-indent), the first at `y`. */
  resume?: BreakerState;
  /**
   * Room above the first line that ruby annotations may take before it moves down (css-ruby-1 §4.2; Chromium 156's
   * block-start annotation space): the margin collapsed before the container's content and its block-start padding, px.
   */
  annotationRoom?: number;
}

/**
 * What every formatting context reads, the inline one included: fonts, limits, warnings, and the callbacks for
 * atomic inlines, inline content and intrinsic sizes.
 */
export interface LayoutContext {
  fonts: FontContext;
  warnings: WarningSink;
  limits: RenderLimits;
  quirks: boolean;
  /**
   * The line height calculation quirk (quirks §3.3) applies: quirks and limited-quirks mode, as Blink's
   * Document::InLineHeightQuirksMode; absent: as `quirks`.
   */
  lineHeightQuirks?: boolean;
  /** Loads an image by URL for content made during layout (`content: url()` in page-margin boxes); absent: none load. */
  loadImage?: (url: string) => ImageRef | null;
  /**
   * Lays out an atomic inline-level box (inline-block, inline-table, inline-flex, inline
   * replaced) as CSS 2.1 §10.3.9/§10.6.6 say (shrink-to-fit width when auto) with `available`
   * as the available width. Returns its fragment with its border box's top-left at (0, 0)
   * (margins outside it, in `margin`) and `baseline` set (§10.8.1: last line box's baseline,
   * or the bottom margin edge when none / overflow not visible).
   */
  layoutAtomicInline(box: Box, available: number, containing: ContainingBlock): BoxFragment | ReplacedFragment;
  /** Lays out the inline content of a block container (src/layout/inline). */
  layoutInline(input: InlineLayoutInput): InlineLayoutResult;
  /** Min-content and max-content inline sizes (css-sizing-3 §5) of a box's margin box, px. */
  intrinsicSizes(box: Box): { min: number; max: number };
  /** intrinsicSizes for the box's content as if its own `width` were auto (min-width and max-width still clamp), px. */
  intrinsicContentSizes(box: Box): { min: number; max: number };
  /**
   * The used width of a table wrapper box's border box (its table box's: css-tables-3 §3.9.3), px: the table's `width`
   * (percentages of `cbWidth`) but not below its min-content, or when auto its max-content capped at `available`. What a
   * float, an abspos box or an inline-table of table display is as wide as (CSS 2.1 §17.4: the width is the table's).
   */
  tableWidth(box: TableWrapperBox, available: number, cbWidth: number): number;
}

/** The layout context of block-level layout: the shared context plus the formatting-context dispatcher. */
export interface BlockLayoutContext extends LayoutContext {
  /**
   * Lays out one block-level box of any kind (block container, multicol, fieldset, flex, grid, table, replaced) at the
   * flow position through the block-level path (src/layout/block-level.ts) and the box's formatting context
   * (src/layout/dispatch.ts picks it). Every formatting context lays out its children through this call.
   */
  layoutBlockLevel(box: Box, p: BlockParams, env: FlowEnv): BlockResult;
}

/** Per-fragmentainer parameters of block-level layout. */
export interface FlowEnv {
  ctx: BlockLayoutContext;
  /** Bottom of the fragmentainer (page area or column, absolute px), Infinity when not fragmenting. */
  pageBottom: number;
  /** Height of the fragmentainer (px) when fragmenting: content taller than this cannot fit in any. */
  pageHeight?: number;
  /**
   * Top of the page area (absolute px, the page's own coordinates) when a page comes before it: what lies above belongs to
   * the page before, in one flow of fragmentainers (css-break-3 §4.4); absent on the first page and outside page flow.
   */
  pageTop?: number;
  /** Block-start edge of the fragmentainer (page area or column, absolute px), on every one of them; absent when not fragmenting. */
  fragmentainerTop?: number;
  /** Fixed-position boxes met (laid out on every page by the page driver). */
  fixed: PendingAbs[];
  /** Height of the initial containing block, for quirks-mode percentage heights of html/body. */
  icbHeight: number;
  /** Lays out an absolutely positioned box against its containing block (src/layout/positioned.ts): its fragments, in order (more than one when fragmented at `pageTop`). */
  absLayout(a: PendingAbs, cb: ContainingBlock, env?: FlowEnv): Fragment[];
  /** Lays out a float's box at (0, 0) for BfcFloats.placeFloat. */
  floatLayout: FloatBoxLayout;
  /** The line clamp (max-lines / line-clamp) counting the line boxes of this flow (src/layout/clamp.ts); absent or null for none. */
  clamp?: LineClamp | null;
  /** A clipping block container whose text-overflow truncates the lines of its anonymous block children (css-overflow-3 §3, as Blink). */
  overflowStyle?: ComputedStyle | null;
  /** The fragmentainer is a column of a multicol container: break-*: column forces and avoid-column avoids breaks (css-break-3 §3.1). */
  inColumns?: boolean;
  /** Collects abspos boxes fragmented at `pageBottom` (src/layout/oof-break.ts); set only where coordinates are the page's own. */
  absBreaks?: AbsBreaks;
  /**
   * The box whose block-end border and padding `pageBottom` was moved up to leave room for (layoutBlockLevelBox): the break
   * must come at a break point before them (as LayoutNG's earlier break), so a box crossing it that would only be sliced
   * through its own height, with no break point inside, moves to the next fragmentainer instead; so does a row of that
   * table (a table's rows and cells do not take an ancestor's: src/layout/table/index.ts).
   */
  reservedBy?: Box;
}

/** Input of one block-level box's layout. */
export interface BlockParams {
  /** Containing block: content box of the parent (x, width; height null when auto). */
  cb: ContainingBlock;
  /** Flow position: the last border edge above (absolute y), before the pending margins. */
  y: number;
  /** Pending adjoining margins from above (not yet including this box's top margin). */
  margin: MarginSet;
  /** The float exclusions of the block formatting context the box is in; absent: none (an independent box laid out alone). */
  floats?: BfcFloats;
  token: BreakToken | null;
  /** Nothing has been placed on this page yet: the box must make progress (never pushed). */
  atTop: boolean;
  /** Margins adjoining the page top are truncated (after an unforced break, css-break-3 §5.2). */
  truncate: boolean;
  /**
   * An in-flow sibling precedes the box in its parent's flow on this fragmentainer, even one its margins collapsed
   * through: a break before the box is a class A break point (css-break-3 §4.1).
   */
  afterSibling?: boolean;
  /**
   * The pending margins include the top margin of an ancestor whose top border edge is not resolved yet (the box would be
   * its first in-flow content): clearance then resolves that edge above the box (placeTop in block-level.ts).
   */
  topPending?: boolean;
  /**
   * Where the pending margins above the box resolve, once a later box has resolved them (src/layout/block.ts): a box whose
   * margins collapse through it places the floats it holds there, as the floats met beside it are (Chromium's adjoining floats).
   */
  pendingTopAt?: number;
  /** The absolutely positioned boxes' collector of the nearest positioned ancestor. */
  abs: PendingAbs[];
  /** Used content width forced by the caller (shrink-to-fit floats, absolute boxes, inline-blocks). */
  widthOverride?: number;
  /** Margins already resolved by the caller (floats/absolute: auto margins are used values). */
  marginsOverride?: { left: number; right: number };
  /** The root element: its box is laid out in the page area. */
  isRoot?: boolean;
  /** Used content height forced by the caller (absolute boxes, §10.6.4). */
  heightOverride?: number;
  /**
   * With heightOverride: that height is where the box's content may grow it from, not a fixed size (a column flex item
   * laid out again at its flexed size to be fragmented: its block size encompasses its content, as LayoutNG's).
   */
  heightGrows?: boolean;
  /** The used page name of the parent (css-page-3 §6), '' for none. */
  pageName?: string;
  /** Ignore the box's own height/min/max-height (table cells: the table sets their height). */
  ignoreHeight?: boolean;
  /** The box establishes a block formatting context whatever its style (flex items, css-flexbox-1 §4). */
  forceBfc?: boolean;
  /** The containing block's direction is rtl (CSS 2.1 §10.3.3: which margin an over-constrained width ignores); absent: the box's own direction. */
  cbRtl?: boolean;
  /** Floats of the BFC this box establishes are fragmented at the fragmentainer bottom, like the root's (a multicol column's flow thread). */
  fragmentFloats?: boolean;
}

/** Result of one block-level box's layout. */
export interface BlockResult {
  fragment: BoxFragment | ReplacedFragment | null;
  /** The flow position after the box: its bottom border edge (or the incoming y if collapsed through). */
  bottom: number;
  /** Pending margins after the box (its bottom margin, collapsed with what adjoins it). */
  margin: MarginSet;
  /** The y where the incoming margins were resolved (the box's top border edge), null when collapsed through. */
  firstY: number | null;
  /** The box's margins collapsed through it (an empty box, §8.3.1). */
  collapsedThrough: boolean;
  /** Where this box resumes on the next page, or null when it ended. */
  token: BreakToken | null;
  /** The box did not fit and nothing of it was placed: break before it. */
  pushed: boolean;
}

/** Used horizontal metrics of a block-level box (CSS 2.1 §10.3.3, §10.4): margins and content width, px. */
export interface UsedWidths { ml: number; mr: number; width: number }

/** Where a formatting context lays out a box's content on this fragmentainer, as the block-level path resolved it (absolute px). */
export interface ContentParams {
  /** The box's own layout parameters (its containing block, overrides, token). */
  p: BlockParams;
  /** Content box left edge and width. */
  x: number;
  width: number;
  /** The used border and padding of the box on this fragmentainer (sliced). */
  border: Edges;
  padding: Edges;
  /** The children's containing block (the content box; its height when definite). */
  cb: ContainingBlock;
  /** The specified content height (px, the whole box over all fragmentainers), null when auto. */
  specH: number | null;
  /** The float exclusions the children see: the box's own BFC's, or its parent's. */
  floats: BfcFloats;
  /** The collector of absolutely positioned descendants (the box's own when it is positioned). */
  abs: PendingAbs[];
  /** Where the content resumes (null: from its start). */
  token: ContentToken | null;
  /** Content height (px) used on earlier fragmentainers by a box with a specified height. */
  consumed: number;
  /** The box continues from an earlier fragmentainer. */
  resumed: boolean;
  /** Nothing is placed above the box on this fragmentainer. */
  atTop: boolean;
  /** Margins at the top of the content adjoin a page top after an unforced break: truncated (css-break-3 §5.2). */
  truncate: boolean;
  /** The used page name of the box (css-page-3 §6), '' for none. */
  pageName: string;
}

/**
 * What a formatting context supplies to the block-level path (src/layout/block-level.ts, WeasyPrint's block_level_layout):
 * the path resolves margins, clearance, float avoidance, pushing to the next fragmentainer, the height and the sliced
 * fragment; the formatting context lays out the content into a Flow. One per box kind (src/layout/dispatch.ts).
 */
export interface ContentLayout<B extends Box = Box> {
  /** The box establishes an independent formatting context: its margins never collapse with its content's and it does not overlap floats (CSS 2.1 §8.3.1, §9.5). */
  independent: boolean;
  /** Used margins and content width in `avail` px (CSS 2.1 §10.3.3 when absent); percentages refer to `p.cb.width`. */
  widths?(box: B, avail: number, p: BlockParams, env: FlowEnv): UsedWidths;
  /** A content height fixed by the box itself (replaced elements, px): no specified height, no min/max clamp, no content. */
  fixedHeight?(box: B, p: BlockParams, env: FlowEnv): number;
  /** Laid out whole: pushed to the next fragmentainer when it does not fit (css-break-3 §2.1). */
  monolithic?: boolean;
  /** Lays the content out into `flow` (from `flow.y`, below the top border and padding). Absent: the box has no content. */
  layout?(box: B, c: ContentParams, flow: Flow, env: FlowEnv): void;
}
