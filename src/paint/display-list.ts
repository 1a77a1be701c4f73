/**
 * The display list: what paint writes to PDF, in painting order (CSS 2.1 Appendix E already
 * applied by the builder). In: built from page fragments by src/paint/build.ts. Out: consumed by
 * src/paint/pdf.ts. Coordinates are CSS px from the page's top-left corner, y downwards;
 * the PDF writer converts to pt (× 0.75) and flips y.
 */
import type { BlendMode, Color } from '../css/computed.ts';
import type { GlyphRun } from '../text/types.ts';
import type { ImageRef } from '../box/types.ts';

export interface Rect { x: number; y: number; w: number; h: number }

/** Corner radii in px, each [horizontal, vertical], clockwise from top-left. */
export type Radii = [[number, number], [number, number], [number, number], [number, number]];

export type BorderStyleUsed = 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset';

export type DisplayItem =
  /** A filled rectangle (backgrounds), with optional rounded corners. */
  | { kind: 'rect'; rect: Rect; color: Color; radii?: Radii }
  /**
   * The four borders of a box. `rect` is the border box; widths [top, right, bottom, left] in px;
   * a side with width 0 or style none/hidden is not drawn.
   */
  | {
      kind: 'border'; rect: Rect; widths: [number, number, number, number];
      styles: [BorderStyleUsed | 'none', BorderStyleUsed | 'none', BorderStyleUsed | 'none', BorderStyleUsed | 'none'];
      colors: [Color, Color, Color, Color]; radii?: Radii;
    }
  /**
   * Shaped glyphs: pen starts at (x, baseline y). With `grow` (px, ≥ 0; a blurred text shadow's bands,
   * src/paint/build-text.ts) they are drawn as outline paths, not text, grown by that much on every side.
   */
  | { kind: 'glyphs'; x: number; y: number; run: GlyphRun; color: Color; grow?: number }
  /** A straight line (text decoration, rules): from (x1,y) to (x2,y), `thickness` px. */
  | { kind: 'line'; x1: number; x2: number; y: number; thickness: number; color: Color; style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy' }
  /**
   * Stroked figures of `width` px with butt caps (printer's marks, css-page-3 §7.1): straight
   * segments [x1, y1, x2, y2] and circles [cx, cy, r].
   */
  | { kind: 'hairlines'; segments: Array<[number, number, number, number]>; circles: Array<[number, number, number]>; width: number; color: Color }
  /** An image drawn into `rect` (scaled to fit it exactly); `filter`: a colour matrix applied to its pixels (src/paint/filters.ts). */
  | { kind: 'image'; rect: Rect; image: ImageRef; filter?: ColorMatrix }
  /**
   * A tiled image: tiles of size (tileW, tileH) whose grid passes through (originX, originY),
   * repeated over `area` per axis (`repeatX`/`repeatY` false: one row/column through the origin).
   */
  | { kind: 'image-tiles'; area: Rect; image: ImageRef; originX: number; originY: number; tileW: number; tileH: number; repeatX: boolean; repeatY: boolean; filter?: ColorMatrix }
  /**
   * A gradient image (css-images-3 §3) in tiles of tileW × tileH px, clipped to `area` (rounded by
   * `radii`): a tile starts at each listed x of `xs` and y of `ys`, or, for `{ origin }`, every tile
   * size through that origin (repeat). `shading` is in tile coordinates (0,0 = the tile's corner).
   */
  | { kind: 'gradient'; area: Rect; radii?: Radii; tileW: number; tileH: number; xs: TileAxis; ys: TileAxis; shading: Shading }
  /** Clip everything until the matching pop-clip to `rect` (rounded by `radii`). */
  | { kind: 'push-clip'; rect: Rect; radii?: Radii }
  /** Clip everything until the matching pop-clip to the outlines of these glyph runs (background-clip: text). */
  | { kind: 'push-clip-text'; runs: TextRun[] }
  | { kind: 'pop-clip' }
  /** Clip everything until the matching pop-clip to a path (css-masking-1 §3.1 clip-path), filled by the non-zero or even-odd rule. */
  | { kind: 'push-clip-path'; path: PathOp[]; evenodd: boolean }
  /**
   * Paint everything until the matching pop-mask through a soft mask: `items` drawn as a group, whose
   * alpha (or, with `luminance`, luminance) is the coverage (css-masking-1 §7 mask-border).
   */
  | { kind: 'push-mask'; items: DisplayItem[]; luminance: boolean }
  | { kind: 'pop-mask' }
  /**
   * Paint everything until the matching pop-opacity as one group with `opacity` (0–1), composited with the
   * `blend` mode when given (Compositing 1 §3.2: an isolated group; ISO 32000-1 §11.3.5 blend modes).
   */
  | { kind: 'push-opacity'; opacity: number; blend?: BlendMode }
  | { kind: 'pop-opacity' }
  /**
   * Draw everything until the matching pop-transform through the affine `matrix` [a, b, c, d, e, f]
   * (page px, y down: x' = a·x + c·y + e, y' = b·x + d·y + f); used for print shrink-to-fit.
   * Link and anchor items inside are already in page coordinates (not transformed).
   */
  | { kind: 'push-transform'; matrix: [number, number, number, number, number, number] }
  | { kind: 'pop-transform' }
  /** A link annotation over `rect`: `url` absolute (http(s), mailto:) or '#id' for an internal target. */
  | { kind: 'link'; rect: Rect; url: string }
  /** A named destination (an element's id) at (x, y), target of internal '#id' links. */
  | { kind: 'anchor'; name: string; x: number; y: number }
  /**
   * One box-shadow (css-backgrounds-3 §7.2), drawn by src/paint/pdf-shadow.ts. `box` is the border box
   * (outer shadow) or the padding box (inset) with its radii; the shadow shape is `box` moved by (x, y)
   * and grown by `spread` (inset: shrunk); `blur` px (a Gaussian of σ = blur / 2). Outer shadows are
   * clipped out of `box`, inset shadows into it.
   */
  | { kind: 'box-shadow'; box: Rect; radii?: Radii; inset: boolean; x: number; y: number; blur: number; spread: number; color: Color };

/** One step of a path in page px: move, line, cubic Bézier (two control points, then the end), close. */
export type PathOp = ['M', number, number] | ['L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

/**
 * Colour matrices applied in turn, each clamped to 0–1 (Filter Effects 1 §13: the feColorMatrix form): 20 numbers, rows R, G, B, A of
 * [r g b a 1] coefficients on 0–1 components; applied to unpremultiplied colours.
 */
export type ColorMatrix = ReadonlyArray<readonly number[]>;

/** A glyph run with its pen at (x, baseline y). */
export interface TextRun { x: number; y: number; run: GlyphRun }

/** Tile starts on one axis of a 'gradient' item (px): listed, or repeating every tile size through `origin`. */
export type TileAxis = { at: readonly number[] } | { origin: number };

/**
 * One piece of a gradient's colour ramp, over the shading parameter t0..t1 (0–1): colours (with
 * alpha, interpolated as given: premultiplication is already accounted for) from c0 to c1 with
 * weight s^n, s running from e0 to e1 (a transition hint's curve, css-images-4 §3.5.3; 0 and 1
 * unless the piece is a cut part of a longer one).
 */
export interface RampSegment { t0: number; t1: number; c0: Color; c1: Color; n: number; e0: number; e1: number }

/**
 * A gradient's geometry in px and its ramp (t from 0 to 1; before 0 the first colour, after 1
 * the last). Axial: t runs from (x0,y0) to (x1,y1). Radial: t runs over circles centred at
 * (cx,cy) from radius r0 to r1, in a space scaled by `scaleY` vertically about cy (ellipses).
 * Conic: t runs over angles (the ramp covers 0–1 exactly).
 */
export type Shading =
  | { type: 'axial'; x0: number; y0: number; x1: number; y1: number; ramp: readonly RampSegment[] }
  | { type: 'radial'; cx: number; cy: number; r0: number; r1: number; scaleY: number; ramp: readonly RampSegment[] }
  /** Conic (css-images-4 §3.3): t runs clockwise around (cx,cy) from the angle `from` (degrees, 0 = up) through a full turn; `r` covers the box. */
  | { type: 'conic'; cx: number; cy: number; r: number; from: number; ramp: readonly RampSegment[] };

/** One page: its size in px and its items in painting order. */
export interface PageDisplayList { width: number; height: number; items: DisplayItem[] }

/** Document metadata for the PDF Info dictionary. */
export interface DocumentInfo { title?: string; author?: string; subject?: string; keywords?: string }

export interface DocumentDisplayList { pages: PageDisplayList[]; info: DocumentInfo }
