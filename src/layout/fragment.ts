/**
 * The fragment tree: what layout produces from the box tree, page by page, and paint reads.
 * In: nothing. Out: fragment types. (Servo's fragments, WeasyPrint's laid-out boxes.)
 *
 * All coordinates are absolute CSS px on the page (origin at the page's top-left, y down).
 * A box split across pages or lines yields several fragments of the same box; `startsBox` /
 * `endsBox` say whether this fragment holds the box's start / end edge (css-break-3 §5.4
 * box-decoration-break: slice, so borders and padding only at those edges).
 */
import type { Box, InlineBox, TextRun, ReplacedBox, MarkerBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { GlyphRun } from '../text/types.ts';

/** Used edge widths in px: top, right, bottom, left. */
export interface Edges { top: number; right: number; bottom: number; left: number }

/**
 * A fragment of a block-level or atomic box (block, inline-block, table parts, flex and grid
 * containers, replaced elements). (x, y, width, height) is the border box.
 */
export interface BoxFragment {
  kind: 'box';
  box: Box;
  style: ComputedStyle;
  x: number; y: number; width: number; height: number;
  margin: Edges; border: Edges; padding: Edges;
  children: Fragment[];
  startsBox: boolean;
  endsBox: boolean;
  /** Baseline of the first line box inside, absolute y; undefined when there is none (§10.8.1 inline-block baseline). */
  baseline?: number;
  /** A fieldset with a rendered legend (HTML §15.3.13, src/layout/fieldset.ts): its block-start border and background start
   * `shift` px below the border-box top, and that border is not painted over the legend's border box span [x, x + width]. px. */
  legendGap?: { shift: number; x: number; width: number };
  /**
   * Box fragments without children of their own kept as arrays (a table's collapsed border segments and corners on one
   * page, src/layout/table/paint.ts): this fragment stands for them in the tree (its rectangle is their union, it paints
   * nothing itself) and paint draws each as the box fragment it describes, where this fragment is. Never mutated:
   * translateFragment and print snapping give the fragment a moved copy.
   */
  pieces?: FragmentPieces;
  /**
   * A ruby column's annotation (src/layout/ruby.ts): how far its em box reaches above the fragment's `baseline` (`over`) or
   * below it (`under`), px; the line box makes room for what reaches past it (css-ruby-1 §4.2, Chromium's annotation overflow).
   */
  annotation?: { over: number; under: number };
}

/**
 * Childless box fragments of one box as arrays (struct of arrays): piece i is the border box
 * (`rects[4i]`, `rects[4i + 1]`, `rects[4i + 2]`, `rects[4i + 3]`) = (x, y, width, height) in page px, painted with
 * `styles[i]` and border widths `borders[i]`, no margin or padding, starting and ending its box.
 */
export interface FragmentPieces { box: Box; rects: Float64Array; styles: ComputedStyle[]; borders: Edges[] }

const NO_EDGES: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

/** Piece `i` of `p` as the childless box fragment it stands for (a new object each call). */
export function pieceFragment(p: FragmentPieces, i: number): BoxFragment {
  const r = p.rects;
  return {
    kind: 'box', box: p.box, style: p.styles[i], x: r[4 * i], y: r[4 * i + 1], width: r[4 * i + 2], height: r[4 * i + 3],
    margin: NO_EDGES, border: p.borders[i], padding: NO_EDGES, children: [], startsBox: true, endsBox: true,
  };
}

/** A line box (CSS 2.1 §9.4.2). Children are the inline-level fragments placed on it. */
export interface LineFragment {
  kind: 'line';
  x: number; y: number; width: number; height: number;
  /** Absolute y of the line's baseline. */
  baseline: number;
  children: Fragment[];
}

/**
 * A piece of an inline box on one line. (x, y, width, height): the border box of the piece,
 * whose content area height comes from the font's ascent + descent (CSS 2.1 §10.6.1).
 */
export interface InlineFragment {
  kind: 'inline';
  box: InlineBox;
  style: ComputedStyle;
  x: number; y: number; width: number; height: number;
  border: Edges; padding: Edges; margin: Edges;
  children: Fragment[];
  startsBox: boolean;
  endsBox: boolean;
}

/** Shaped text on one line: `runs` are drawn one after the other from (x, baseline). */
export interface TextFragment {
  kind: 'text';
  box: TextRun;
  style: ComputedStyle;
  x: number; y: number; width: number; height: number;
  baseline: number;
  runs: GlyphRun[];
  text: string;
}

/** A replaced element's fragment; (x, y, width, height) is the border box. */
export interface ReplacedFragment {
  kind: 'replaced';
  box: ReplacedBox;
  style: ComputedStyle;
  x: number; y: number; width: number; height: number;
  margin: Edges; border: Edges; padding: Edges;
}

/** An outside list marker (CSS 2.1 §12.5), placed left of its list item's first line. */
export interface MarkerFragment {
  kind: 'marker';
  box: MarkerBox;
  style: ComputedStyle;
  x: number; y: number; width: number; height: number;
  baseline: number;
  runs: GlyphRun[];
}

export type Fragment = BoxFragment | LineFragment | InlineFragment | TextFragment | ReplacedFragment | MarkerFragment;

/** A page margin box (css-page-3 §4) laid out: its border box and content. */
export interface MarginBoxFragment {
  name: string;
  fragment: BoxFragment;
}

/**
 * One page. (width, height) is the page size; the page area (content) rectangle is `area`.
 * `children` holds the root box's fragment(s) for this page, including positioned descendants;
 * `marginBoxes` the laid-out page margin boxes; `style` the page context style (background).
 */
export interface PageFragment {
  index: number;               // 0-based
  width: number; height: number;
  area: { x: number; y: number; width: number; height: number };
  style: ComputedStyle;
  children: Fragment[];
  marginBoxes: MarginBoxFragment[];
  /**
   * Print shrink-to-fit (Chromium): when set (> 1), `children` were laid out in a page area this
   * many times larger than `area` (same top-left corner, both sides scaled; positions stay page
   * px of that larger area) and paint draws them scaled by 1 / contentScale about (area.x, area.y).
   * `area`, the page size and the margin boxes are not scaled. See src/layout/print-scale.ts.
   */
  contentScale?: number;
  /**
   * The page's fragmentainer block size (px, as content is laid out in it: the page area's height at `contentScale`,
   * rounded as Chromium rounds it): its strip of the flow. Paint prints content that lies above the next page's area
   * this far lower on this page, and this page's content that lies below its strip this far higher on the next page
   * (src/paint/spill.ts). Absent on hand-made pages: the scaled page area's height.
   */
  stride?: number;
  /**
   * px by which paint moves `children` and `area` sideways (a root element with direction: rtl; absent when 0): where
   * Chromium draws such a page's content (src/layout/print-scale.ts rtlOriginShift). Layout stays at `area`.
   */
  originShift?: number;
  /** css-page-3 §7.2 `bleed` in px (> 0 only): the sheet is this much larger on every side; paint moves the page in by it. */
  bleed?: number;
  /** `marks: crop`: paint draws crop marks in the bleed area. */
  cropMarks?: boolean;
  /** `marks: cross`: paint draws registration (cross) marks in the bleed area. */
  crossMarks?: boolean;
}

/** Moves a fragment and all its descendants by (dx, dy) px, in place (used while a formatting context places what it built). */
export function translateFragment(f: Fragment, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  f.x += dx;
  f.y += dy;
  if (f.kind === 'line' || f.kind === 'text' || f.kind === 'marker') f.baseline += dy;
  if (f.kind === 'box' && f.baseline !== undefined) f.baseline += dy;
  if (f.kind === 'box' && f.pieces) f.pieces = movedPieces(f.pieces, dx, dy);
  if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') {
    for (const c of f.children) translateFragment(c, dx, dy);
  }
}

/**
 * A deep copy of a fragment tree: every fragment a new object with the same fields, its children copied (rows placed on
 * a page, repeated header and footer rows, a page snapped for print). What is not a fragment (edges, glyph runs, pieces,
 * styles, boxes) stays shared.
 */
export function cloneFragment<T extends Fragment>(f: T): T {
  const c = { ...f } as T;
  if (c.kind === 'box' || c.kind === 'line' || c.kind === 'inline') (c as { children: Fragment[] }).children = c.children.map(cloneFragment);
  return c;
}

/** A copy of `p` with every piece moved by (dx, dy) px (the pieces may be shared by copies of their fragment). */
function movedPieces(p: FragmentPieces, dx: number, dy: number): FragmentPieces {
  const r = p.rects.slice();
  for (let i = 0; i < r.length; i += 4) { r[i] += dx; r[i + 1] += dy; }
  return { ...p, rects: r };
}
