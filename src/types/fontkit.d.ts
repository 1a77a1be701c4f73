// Ambient types for fontkit 2 (which ships none). In: the parts of fontkit's API Quire uses
// (text stage: parsing, cmap, shaping, metrics; paint: subsetting). Out: compile-time types only.
declare module 'fontkit' {
  /** A rectangle in font units (y up). */
  export interface BBox {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
    readonly width: number;
    readonly height: number;
  }

  /** One glyph. `codePoints` are the characters it was first created for (fontkit caches glyphs by id, so do not rely on them for cluster mapping). */
  export interface Glyph {
    id: number;
    codePoints: number[];
    /** Advance width in font units (hmtx). */
    readonly advanceWidth: number;
    readonly advanceHeight: number;
    readonly bbox: BBox;
    readonly cbox: BBox;
    readonly name: string;
    readonly path: { toSVG(): string; commands: Array<{ command: string; args: number[] }> };
    /** True for combining marks (GDEF class 3, or Unicode Mn/Me/Mc when there is no GDEF). */
    isMark?: boolean;
    isLigature?: boolean;
  }

  /** Per-glyph positioning from layout(), in font units. yOffset is positive upwards. */
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }

  /** The result of Font.layout(): parallel arrays of glyphs and positions, in visual order. */
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    script: string;
    language: string | null;
    direction: 'ltr' | 'rtl';
    /** The features requested and those the shaper applied. */
    features: Record<string, boolean>;
    /** Sum of xAdvance, font units. */
    readonly advanceWidth: number;
    readonly advanceHeight: number;
    readonly bbox: BBox;
  }

  /** OpenType feature selection: a list of tags to turn on, or tag → on/off. */
  export type Features = string[] | Record<string, boolean>;

  export interface HheaTable {
    version: number;
    ascent: number;
    descent: number;
    lineGap: number;
    advanceWidthMax: number;
    numberOfMetrics: number;
  }

  /** The OS/2 table (fields from version 1 on are optional: Apple fonts can stop at version 0). */
  export interface OS2Table {
    version: number;
    xAvgCharWidth: number;
    usWeightClass: number;
    usWidthClass: number;
    yStrikeoutSize: number;
    yStrikeoutPosition: number;
    fsSelection: {
      italic: boolean; underscore: boolean; negative: boolean; outlined: boolean; strikeout: boolean;
      bold: boolean; regular: boolean; useTypoMetrics: boolean; wws: boolean; oblique: boolean;
    };
    usFirstCharIndex: number;
    usLastCharIndex: number;
    typoAscender?: number;
    typoDescender?: number;
    typoLineGap?: number;
    winAscent?: number;
    winDescent?: number;
    xHeight?: number;
    capHeight?: number;
  }

  export interface HeadTable {
    unitsPerEm: number;
    xMin: number; yMin: number; xMax: number; yMax: number;
    macStyle: { bold: boolean; italic: boolean };
  }

  export interface PostTable {
    italicAngle: number;
    underlinePosition: number;
    underlineThickness: number;
    isFixedPitch: number;
  }

  /** A subset being built (TTF or CFF); paint encodes it into the PDF. */
  export interface Subset {
    /** Adds a glyph (by id or Glyph) and returns its id in the subset. */
    includeGlyph(glyph: number | Glyph): number;
    /** The subset font file (fontkit ≥ 2). */
    encode(): Uint8Array;
    /** Old-fashioned stream form (fontkit 1); may be absent. */
    encodeStream?(): NodeJS.ReadableStream;
  }

  /** A parsed font (TTF, OTF/CFF, WOFF, WOFF2, or one face of a collection). */
  export interface Font {
    readonly type: 'TTF' | 'WOFF' | 'WOFF2' | 'DFont' | 'TTC' | string;
    readonly postscriptName: string | null;
    readonly fullName: string | null;
    readonly familyName: string | null;
    readonly subfamilyName: string | null;
    readonly copyright: string | null;
    readonly version: string | null;
    /** hhea ascender, font units (positive). */
    readonly ascent: number;
    /** hhea descender, font units (negative: below the baseline). */
    readonly descent: number;
    /** hhea lineGap, font units. */
    readonly lineGap: number;
    /** post underlinePosition, font units (negative: below the baseline). */
    readonly underlinePosition: number;
    readonly underlineThickness: number;
    readonly italicAngle: number;
    /** OS/2 sCapHeight, or `ascent` without an OS/2 table. */
    readonly capHeight: number;
    /** OS/2 sxHeight, or 0 without an OS/2 table (0 too in OS/2 versions < 2). */
    readonly xHeight: number;
    readonly numGlyphs: number;
    readonly unitsPerEm: number;
    readonly bbox: BBox;
    readonly characterSet: number[];
    readonly availableFeatures: string[];
    readonly hhea: HheaTable;
    readonly 'OS/2': OS2Table | undefined;
    readonly head: HeadTable;
    readonly post: PostTable;
    /** Raw table access for other tables (GSUB, GPOS, kern, cmap …); undefined when absent. */
    readonly [table: string]: unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    glyphsForString(text: string): Glyph[];
    getGlyph(id: number, codePoints?: number[]): Glyph;
    /** Shapes `text`, or glyphs already mapped (script then from their code points) (OpenType GSUB/GPOS, or AAT morx, or the kern table). Units: font units. */
    layout(text: string | Glyph[], features?: Features, script?: string, language?: string, direction?: 'ltr' | 'rtl'): GlyphRun;
    stringsForGlyph(gid: number): string[];
    createSubset(): Subset;
    /** For collections (TTC/DFont): the face with this PostScript name. */
    getFont?(postscriptName: string): Font | null;
  }

  /** A TrueType collection or DFont: several fonts in one file. */
  export interface FontCollection {
    readonly type: 'TTC' | 'DFont';
    readonly fonts: Font[];
    getFont(postscriptName: string): Font | null;
  }

  /**
   * Parses a font file from its bytes (TTF, OTF, WOFF, WOFF2, TTC, DFont).
   * @throws Error('Unknown font format') and parse errors on bad data.
   */
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
  /** Reads and parses a font file (node only). */
  export function openSync(filename: string, postscriptName?: string): Font | FontCollection;
  export function open(filename: string, postscriptName?: string): Promise<Font | FontCollection>;
  export let logErrors: boolean;
  export function setDefaultLanguage(lang?: string): void;
}
