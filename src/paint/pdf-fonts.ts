/**
 * Font embedding for the PDF writer. In: the FontFaces that glyph runs use (fontkit Font objects
 * parsed once per process by src/text) and the glyphs drawn. Out: one Type0 font per face per PDF
 * (ISO 32000-1 §9.7): Identity-H, CIDFontType2 + FontFile2 for TrueType outlines, CIDFontType0 +
 * FontFile3/CIDFontType0C for CFF; a subset holding only the glyphs drawn (TrueType outlines:
 * pdf-font-subset.ts, without hinting; CFF: fontkit's subsetter); /W from the font's own
 * advances; a ToUnicode CMap (§9.10.3) mapping each CID to its cluster's source text.
 *
 * CIDs are subset glyph ids (fontkit's subsetters number glyphs in inclusion order and the
 * subset CFF's charset is the identity), so no CIDToGIDMap stream is needed. The encoded,
 * deflated subset is cached per (face, glyph list) so a warm re-render skips subsetting.
 */
import { deflateSync } from 'node:zlib';
import type { FontFace, ShapedGlyph } from '../text/types.ts';
import { STREAM_LEVEL, type PdfDocLike, type PdfRef } from './pdf-doc.ts';
import type { WarningSink } from '../warnings.ts';
import { RawPdf } from './pdf-content.ts';
import { fixWoff2Subsetting } from '../text/woff2-subset.ts';
import { encodeTrueTypeSubset } from './pdf-font-subset.ts';
import { naturalMetrics } from '../text/fonts.ts';
import { isDefaultIgnorable } from '../text/shape.ts';

/** Process-wide facts about one fontkit font (computed once, kept with the Font object). */
interface FaceInfo {
  cff: boolean;
  postscriptName: string;
  numGlyphs: number;
  /** Advance widths in 1/1000 em, rounded to 3 decimals; NaN until first asked. */
  widths: Float64Array;
  descriptor: Record<string, unknown>;
}

const faceInfos = new WeakMap<object, FaceInfo>();

function infoFor(face: FontFace): FaceInfo {
  const font = face.font;
  let fi = faceInfos.get(font);
  if (fi) return fi;
  const upm = face.unitsPerEm || font.unitsPerEm || 1000;
  const scale = 1000 / upm;
  const r = (v: number): number => Math.round((Number.isFinite(v) ? v : 0) * scale * 1000) / 1000;
  const os2 = font['OS/2'];
  const familyClass = ((os2 && os2.sFamilyClass) || 0) >> 8;
  let flags = 1 << 2; // symbolic: glyphs are addressed by CID, not a standard encoding
  if (font.post && font.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (face.style !== 'normal' || (font.head && font.head.macStyle && font.head.macStyle.italic)) flags |= 1 << 6;
  const bbox = font.bbox || { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const natural = naturalMetrics(font); // not ascent-/descent-override's (they move line boxes only)
  const ps = String(font.postscriptName || face.family || 'Font').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '');
  fi = {
    cff: !!(font.directory && font.directory.tables && font.directory.tables['CFF ']),
    postscriptName: ps || 'Font',
    numGlyphs: font.numGlyphs | 0,
    widths: new Float64Array(Math.max(1, font.numGlyphs | 0)).fill(NaN),
    descriptor: {
      Flags: flags,
      FontBBox: [r(bbox.minX), r(bbox.minY), r(bbox.maxX), r(bbox.maxY)],
      ItalicAngle: Number.isFinite(font.italicAngle) ? font.italicAngle : 0,
      Ascent: r(natural.ascent),
      Descent: -Math.abs(r(natural.descent)),
      CapHeight: r(face.capHeight || face.ascent),
      XHeight: r(face.xHeight || 0),
      StemV: face.weight >= 600 ? 120 : 80,
    },
  };
  faceInfos.set(font, fi);
  return fi;
}

function glyphWidth(face: FontFace, fi: FaceInfo, gid: number): number {
  let w = fi.widths[gid]!;
  if (Number.isNaN(w)) {
    let adv = 0;
    try {
      adv = face.font.getGlyph(gid).advanceWidth;
    } catch {
      adv = 0;
    }
    w = Math.round(((Number.isFinite(adv) ? adv : 0) * 1000 * 1000) / (face.unitsPerEm || face.font.unitsPerEm || 1000)) / 1000;
    fi.widths[gid] = w;
  }
  return w;
}

const SUBSET_CACHE_MAX = 64;
const SUBSET_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Deflated subset programs by (face key, glyph list); `font` guards against a reused key. */
const subsetCache = new Map<string, { font: object; data: Uint8Array; length1: number }>();
let subsetCacheBytes = 0;

function cacheSubset(key: string, entry: { font: object; data: Uint8Array; length1: number }): void {
  if (entry.data.length > SUBSET_CACHE_MAX_BYTES / 4) return;
  subsetCache.set(key, entry);
  subsetCacheBytes += entry.data.length;
  while (subsetCache.size > SUBSET_CACHE_MAX || subsetCacheBytes > SUBSET_CACHE_MAX_BYTES) {
    const first = subsetCache.keys().next().value as string;
    subsetCacheBytes -= subsetCache.get(first)!.data.length;
    subsetCache.delete(first);
  }
}

const HEX4: string[] = [];
function hex4(n: number): string {
  if (n < 4096) return (HEX4[n] ??= n.toString(16).padStart(4, '0'));
  return n.toString(16).padStart(4, '0').slice(-4);
}

/**
 * One face embedded in one PDF. `cid(glyph)` assigns CIDs in first-use order (CID 0 = .notdef)
 * and records the ToUnicode text; `finalize()` writes the font objects (call once, at the end).
 *
 * A glyph drawn for two different texts (one glyph for U+002D and U+2010, or 'e' both alone and
 * as the base of a decomposed 'é') gets a second CID mapped to the same subset glyph through a
 * CIDToGIDMap stream, so each occurrence extracts as its own text. (CFF fonts address glyphs by
 * the subset's identity charset, so there the first text wins.)
 */
export class EmbeddedFace {
  /** Resource name on pages ('F1', 'F2' …). */
  readonly name: string;
  readonly ref: PdfRef;
  private readonly info: FaceInfo;
  /** The first CID of each original glyph id. */
  private readonly cidOf = new Map<number, number>();
  /** Extra CIDs for a glyph drawn with another text: key `${gid}\u0000${text}`. */
  private readonly altCid = new Map<string, number>();
  /** Subset glyph list: subset index → original glyph id (subset index 0 = .notdef). */
  private readonly gids: number[] = [0];
  /** Subset index by CID (the identity until a glyph gets a second CID). */
  private readonly cidToSubset: number[] = [0];
  private identity = true;
  /** Widths in 1/1000 em by CID. */
  readonly widths: number[];
  /** Hex code (4 digits) by CID. */
  readonly hex: string[] = ['0000'];
  private readonly texts: string[] = [''];
  /** The ShapedGlyph text (as given) that first asked for each first CID of a glyph. */
  private readonly firstText: Array<string | undefined> = [];

  constructor(private readonly doc: PdfDocLike, readonly face: FontFace, private readonly index: number, private readonly warnings?: WarningSink) {
    this.name = `F${index + 1}`;
    this.info = infoFor(face); // may throw on a broken font: before any object is allocated
    this.ref = doc.ref();
    this.widths = [glyphWidth(face, this.info, 0)];
    this.cidOf.set(0, 0);
  }

  /** The CID for a shaped glyph (ids outside the font draw .notdef). */
  cid(g: ShapedGlyph): number {
    let gid = g.id;
    if (!(gid >= 0 && gid < this.info.numGlyphs)) gid = 0;
    const first = this.cidOf.get(gid);
    if (first !== undefined && g.text === this.firstText[first]) return first; // the common case: the same glyph for the same text
    // U+00A0 extracts as a plain space (as browsers' PDFs do).
    const text = g.text ? (g.text.indexOf('\u00a0') >= 0 ? g.text.replace(/\u00a0/g, ' ') : g.text) : '';
    let c = first;
    if (c === undefined) {
      if (this.cidToSubset.length >= 0xffff) return 0; // Identity-H codes are 2 bytes
      this.gids.push(gid);
      c = this.newCid(gid, this.gids.length - 1, text);
      this.cidOf.set(gid, c);
      this.firstText[c] = g.text;
      return c;
    }
    const t = this.texts[c]!;
    if (!text || text === t) return c;
    if (!t) { this.texts[c] = text; return c; }
    if (this.info.cff || this.cidToSubset.length >= 0xffff) return c;
    const key = `${gid}\u0000${text}`;
    let alt = this.altCid.get(key);
    if (alt === undefined) {
      alt = this.newCid(gid, this.cidToSubset[c]!, text);
      this.altCid.set(key, alt);
      this.identity = false;
    }
    return alt;
  }

  /**
   * A new CID for subset glyph `subsetIndex`. Its /W width is the glyph's advance, or 0 when it
   * stands for default-ignorable characters only (a bidi isolate, ZWJ, word joiner: drawn with the
   * font's space or .notdef glyph at zero advance), so text extraction sees no gap where layout
   * has none (pdftotext split "\u2068Rheinland" after the isolate's 278-unit box); CFF fonts,
   * whose CIDs cannot share a glyph, keep the glyph's width.
   */
  private newCid(gid: number, subsetIndex: number, text: string): number {
    const c = this.cidToSubset.length;
    this.cidToSubset.push(subsetIndex);
    this.widths.push(!this.info.cff && isIgnorableText(text) ? 0 : glyphWidth(this.face, this.info, gid));
    this.hex.push(hex4(c));
    this.texts.push(text);
    return c;
  }

  /** Writes FontFile, FontDescriptor, CIDFont, ToUnicode and the Type0 dictionary. */
  finalize(): void {
    const fi = this.info;
    const key = `${this.face.key}\u0000${this.gids.join(',')}`;
    let file = subsetCache.get(key);
    if (file && file.font !== this.face.font) {
      subsetCacheBytes -= file.data.length;
      subsetCache.delete(key);
      file = undefined;
    }
    if (!file) {
      try {
        const raw = encodeSubset(this.face.font, this.gids, fi.cff);
        file = { font: this.face.font as object, data: deflateSync(raw, { level: STREAM_LEVEL }), length1: raw.length };
        cacheSubset(key, file);
      } catch (e) {
        // The text stays extractable and viewers substitute a font; never fail the document.
        this.warnings?.add('font-load', `font "${this.face.family}" could not be subset for the PDF and is not embedded: ${(e as Error).message}`);
      }
    }
    // Everything that can fail is computed before the first object is allocated.
    const cmap = Buffer.from(this.toUnicodeCMap(), 'latin1');
    const widths = new RawPdf(`[0 [${this.widths.join(' ')}]]`);
    let map: Buffer | null = null;
    if (!fi.cff && !this.identity) {
      map = Buffer.alloc(this.cidToSubset.length * 2);
      this.cidToSubset.forEach((s, i) => map!.writeUInt16BE(s, i * 2));
    }
    const baseFont = file ? `${tag(this.index)}+${fi.postscriptName}` : fi.postscriptName;
    const descriptorData: Record<string, unknown> = { Type: 'FontDescriptor', FontName: baseFont, ...fi.descriptor };
    if (file) {
      const fontFile = this.doc.ref(fi.cff ? { Subtype: 'CIDFontType0C', Filter: 'FlateDecode' } : { Length1: file.length1, Filter: 'FlateDecode' });
      fontFile.end(file.data);
      descriptorData[fi.cff ? 'FontFile3' : 'FontFile2'] = fontFile;
    }
    const descriptor = this.doc.ref(descriptorData);
    descriptor.end();

    const cidFont: Record<string, unknown> = {
      Type: 'Font',
      Subtype: fi.cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: widths,
    };
    if (!fi.cff) {
      if (!map) cidFont.CIDToGIDMap = 'Identity';
      else {
        const mapRef = this.doc.ref();
        mapRef.end(map);
        cidFont.CIDToGIDMap = mapRef;
      }
    }
    const descendant = this.doc.ref(cidFont);
    descendant.end();

    const toUnicode = this.doc.ref();
    toUnicode.end(cmap);

    this.ref.data = { Type: 'Font', Subtype: 'Type0', BaseFont: baseFont, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode };
    this.ref.end();
  }

  /** The fallback when finalize() failed: the Type0 dictionary must still be written (it is referenced). */
  finalizeBare(): void {
    if (this.ref.data.Type === 'Font') return;
    this.ref.data = { Type: 'Font', Subtype: 'Type0', BaseFont: this.info.postscriptName, Encoding: 'Identity-H', DescendantFonts: [] };
    this.ref.end();
  }

  private toUnicodeCMap(): string {
    const entries: string[] = [];
    for (let c = 0; c < this.texts.length; c++) {
      const t = this.texts[c]!;
      if (!t) continue;
      let h = '';
      for (let i = 0; i < t.length && i < 256; i++) h += hex4(t.charCodeAt(i));
      entries.push(`<${this.hex[c]}> <${h}>`);
    }
    const blocks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100);
      blocks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
    }
    return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${blocks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
  }
}

/**
 * Encodes the subset font program holding `gids` (in that order: subset glyph i = CID i).
 * TrueType outlines: pdf-font-subset.ts (WOFF2 and variable-font instances from their decoded
 * contours). CFF, and a TrueType font whose tables that reader rejects: fontkit's subsetter
 * (with text/woff2-subset.ts's re-encoding for WOFF2 and instances).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function encodeSubset(font: any, gids: number[], cff: boolean): Uint8Array {
  if (!cff) {
    try {
      return encodeTrueTypeSubset(font, gids);
    } catch {
      // a font our reader cannot take apart: fontkit's subsetter below (hinting kept)
    }
  }
  fixWoff2Subsetting(font);
  const subset = font.createSubset();
  for (const gid of gids) subset.includeGlyph(gid);
  return subset.encode();
}

/** Whether `text` is non-empty and holds default-ignorable code points only (UAX #44 Default_Ignorable_Code_Point). */
function isIgnorableText(text: string): boolean {
  if (text === '') return false;
  for (const ch of text) if (!isDefaultIgnorable(ch.codePointAt(0)!)) return false;
  return true;
}

/** A deterministic six-letter subset tag (ISO 32000-1 §9.6.4) from the font's index in the PDF. */
function tag(i: number): string {
  let s = '';
  let n = i + 1;
  for (let k = 0; k < 6; k++) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

/** The faces of one PDF, embedded once each (keyed by FontFace.key). */
export class FontRegistry {
  private readonly byKey = new Map<string, EmbeddedFace>();
  constructor(private readonly doc: PdfDocLike, private readonly warnings?: WarningSink) {}

  get(face: FontFace): EmbeddedFace {
    let ef = this.byKey.get(face.key);
    if (!ef) {
      ef = new EmbeddedFace(this.doc, face, this.byKey.size, this.warnings);
      this.byKey.set(face.key, ef);
    }
    return ef;
  }

  /** Writes every face; a face that fails is written as a bare, unembedded Type0 font. */
  finalize(): void {
    for (const ef of this.byKey.values()) {
      try {
        ef.finalize();
      } catch (e) {
        this.warnings?.add('font-load', `font "${ef.face.family}" could not be written to the PDF: ${(e as Error).message}`);
        ef.finalizeBare();
      }
    }
  }
}
