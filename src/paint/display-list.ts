/**
 * The display list: what paint writes to PDF, in painting order (CSS 2.1 Appendix E already
 * applied by the builder). In: built from page fragments by src/paint/build.ts. Out: consumed by
 * src/paint/pdf.ts. Coordinates are CSS px from the page's top-left corner, y downwards;
 * the PDF writer converts to pt (× 0.75) and flips y.
 */
import type { Color } from '../css/computed.ts';
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
  /** Shaped glyphs: pen starts at (x, baseline y). */
  | { kind: 'glyphs'; x: number; y: number; run: GlyphRun; color: Color }
  /** A straight line (text decoration, rules): from (x1,y) to (x2,y), `thickness` px. */
  | { kind: 'line'; x1: number; x2: number; y: number; thickness: number; color: Color; style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy' }
  /** An image drawn into `rect` (scaled to fit it exactly). */
  | { kind: 'image'; rect: Rect; image: ImageRef }
  /**
   * A tiled image: tiles of size (tileW, tileH) whose grid passes through (originX, originY),
   * repeated over `area` per axis (`repeatX`/`repeatY` false: one row/column through the origin).
   */
  | { kind: 'image-tiles'; area: Rect; image: ImageRef; originX: number; originY: number; tileW: number; tileH: number; repeatX: boolean; repeatY: boolean }
  /** Clip everything until the matching pop-clip to `rect` (rounded by `radii`). */
  | { kind: 'push-clip'; rect: Rect; radii?: Radii }
  | { kind: 'pop-clip' }
  /** Paint everything until the matching pop-opacity as one group with `opacity` (0–1). */
  | { kind: 'push-opacity'; opacity: number }
  | { kind: 'pop-opacity' }
  /** A link annotation over `rect`: `url` absolute (http(s), mailto:) or '#id' for an internal target. */
  | { kind: 'link'; rect: Rect; url: string }
  /** A named destination (an element's id) at (x, y), target of internal '#id' links. */
  | { kind: 'anchor'; name: string; x: number; y: number };

/** One page: its size in px and its items in painting order. */
export interface PageDisplayList { width: number; height: number; items: DisplayItem[] }

/** Document metadata for the PDF Info dictionary. */
export interface DocumentInfo { title?: string; author?: string; subject?: string; keywords?: string }

export interface DocumentDisplayList { pages: PageDisplayList[]; info: DocumentInfo }
