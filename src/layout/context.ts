/**
 * The layout context shared by the formatting contexts (block, inline, float, positioned, page).
 * In: fonts, limits, warnings, and the callbacks one formatting context needs from another.
 * Out: the `LayoutContext`, `ContainingBlock` and `FloatContext` contracts.
 */
import type { Box, BlockBox, ImageRef, TableCellBox } from '../box/types.ts';
import type { FontContext } from '../text/types.ts';
import type { WarningSink } from '../warnings.ts';
import type { RenderLimits } from '../errors.ts';
import type { BoxFragment, ReplacedFragment, LineFragment } from './fragment.ts';

/** A containing block (CSS 2.1 §10.1): absolute px; `height` null while it depends on content. */
export interface ContainingBlock { x: number; y: number; width: number; height: number | null }

/**
 * Float placement inside one block formatting context (CSS 2.1 §9.5.1). Implemented by the
 * block layout (src/layout/float.ts); the inline layout asks it for the space left for each
 * line box and hands it the floats it meets in the inline content.
 */
export interface FloatContext {
  /**
   * The inline range left free by floats for a band [y, y + height) within [left, right]:
   * returns the shortened { left, right } (right - left may be 0 or less when nothing fits).
   */
  available(y: number, height: number, left: number, right: number): { left: number; right: number };
  /**
   * Places a float whose anchor is met at `y` (the top of the current line box, or the current
   * block position); `left`/`right` are the containing block's content edges. Returns the
   * float's fragment (margin box placed per the §9.5.1 rules) so the caller can keep it.
   */
  placeFloat(box: Box, y: number, containing: ContainingBlock): BoxFragment | ReplacedFragment;
  /** The y below all floats on the given side(s) (for clear, CSS 2.1 §9.5.2); `y` itself if none. */
  clearance(side: 'left' | 'right' | 'both', y: number): number;
}

/** What inline layout returns for a block container with inline content (CSS 2.1 §9.4.2, §10.8). */
export interface InlineLayoutResult {
  /** Line boxes top to bottom, positioned absolutely (first at the input y). Empty lines (§9.4.2: only collapsible white space / out-of-flow) are not produced. */
  lines: LineFragment[];
  /** Total height of the line boxes, px. */
  height: number;
  /** Floats met in the inline content, placed through FloatContext.placeFloat, with the index of the line they belong to. */
  floats: Array<{ fragment: BoxFragment | ReplacedFragment; lineIndex: number }>;
  /** Absolutely/fixed positioned boxes met in the inline content, with their static position (CSS 2.1 §10.3.7). */
  positioned: Array<{ box: Box; staticX: number; staticY: number; lineIndex: number }>;
  /** Per line index, an opaque state from which `InlineLayoutInput.resume` lays the content out again from that line on (css-break-3: a paragraph resumed beside other floats on the next page). */
  resume?: unknown[];
}

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
  resume?: unknown;
}

/**
 * Context passed down through layout. The callbacks let one formatting context lay out boxes
 * of another without importing it (block ↔ inline ↔ table ↔ flex).
 */
export interface LayoutContext {
  fonts: FontContext;
  warnings: WarningSink;
  limits: RenderLimits;
  quirks: boolean;
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
  /**
   * Min-content and max-content inline sizes (css-sizing-3 §5) of a box's margin box, px,
   * for shrink-to-fit widths (floats, inline-blocks, absolute boxes) and, later, tables and flex.
   */
  intrinsicSizes(box: Box): { min: number; max: number };
}
