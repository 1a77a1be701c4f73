/**
 * Font embedding for the PDF writer. In: the FontFaces that glyph runs use (fontkit Font objects
 * parsed once per process by src/text) and the glyphs drawn. Out: one Type0 font per face per PDF
 * (ISO 32000-1 §9.7): Identity-H, CIDFontType2 + FontFile2 for TrueType outlines, CIDFontType0 +
 * FontFile3/CIDFontType0C for CFF; a subset holding only the glyphs drawn (TrueType outlines:
 * pdf-font-subset.ts, without hinting; CFF: fontkit's subsetter); /W from the font's own
 * advances; a ToUnicode CMap (§9.10.3) mapping each CID to its cluster's source text.
 *
 * CIDs are glyph ids for TrueType outlines (the subset keeps ids, CIDToGIDMap /Identity) and
 * first-use numbers for CFF (fontkit's subsetter numbers glyphs in inclusion order and the subset
 * CFF's charset is the identity). The deflated subset is cached per (face, glyph set) and the
 * deflated ToUnicode CMap per text, so a re-render that needs no new glyph deflates neither.
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
import { ByteLru } from '../byte-lru.ts';

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

/** A deflated stream kept between documents: a subset font program or a ToUnicode CMap. */
interface CachedStream {
  /** The fontkit Font a program was made from (guards against a face key used for another file); null for a CMap. */
  font: object | null;
  data: Uint8Array;
  /** The program's length before deflate (FontFile2 /Length1). */
  length1: number;
  /** The program numbers glyphs 0, then the other glyph ids ascending (fontkit's subsetter), instead of keeping them. */
  renumbered: boolean;
}

/**
 * Deflated font programs by (face key, glyph set) and ToUnicode CMaps by their text, per process
 * (each worker thread has its own): the objects of a face depend on the glyphs drawn only, not on
 * their order, and zlib gives the same bytes for the same input and level, so a template rendered
 * again with values that need no other glyphs reuses them. A template rendered with new values
 * meets a new glyph set on many renders at first and fewer as its digits and names repeat: the
 * README invoice with 2,000 sets of values made 708 distinct sets of ~3 KB (program + CMap), so
 * bytes are what bounds it (with 128 entries it deflated 2,331 subsets and as many CMaps in
 * those 2,000 renders). Exported for tests (hits, misses, limits).
 */
export const fontStreamCache = new ByteLru<string, CachedStream>({ maxBytes: 16 * 1024 * 1024, maxEntries: 8192 });

/** What an entry holds: its stream, its key (UTF-16) and the entry's objects (an estimate). */
function streamBytes(key: string, entry: CachedStream): number {
  return entry.data.length + key.length * 2 + 96;
}

function cachedStream(key: string, font: object | null): CachedStream | undefined {
  const hit = fontStreamCache.get(key);
  if (!hit || hit.font === font) return hit;
  fontStreamCache.delete(key);
  return undefined;
}

function cacheStream(key: string, entry: CachedStream): void {
  const size = streamBytes(key, entry);
  if (size <= fontStreamCache.limits.maxBytes / 4) fontStreamCache.set(key, entry, size);
}

const HEX2: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A CID (0–65535) as the 4 hex digits of its Identity-H code. */
function hex4(n: number): string {
  return HEX2[(n >> 8) & 255]! + HEX2[n & 255]!;
}

/**
 * One face embedded in one PDF. `cid(glyph)` gives the glyph's CID and records its ToUnicode
 * text; `finalize()` writes the font objects (call once, at the end).
 *
 * TrueType outlines: the CID is the glyph id (the subset keeps ids, CIDToGIDMap /Identity), so
 * the content, the font program, /W and ToUnicode depend on which glyphs were drawn, not in what
 * order. A glyph drawn for two different texts (one glyph for U+002D and U+2010, or 'e' both
 * alone and as the base of a decomposed 'é') gets a second CID, numbered from the font's glyph
 * count up, mapped to the same glyph through a CIDToGIDMap stream, so each occurrence extracts as
 * its own text. CFF outlines: fontkit's subsetter numbers glyphs in inclusion order and the
 * subset's charset is the identity, so CIDs are numbered in first-use order, and the first text
 * of a glyph wins.
 */
export class EmbeddedFace {
  /** Resource name on pages ('F1', 'F2' …). */
  readonly name: string;
  readonly ref: PdfRef;
  private readonly info: FaceInfo;
  /** The first CID of each glyph id. */
  private readonly cidOf = new Map<number, number>();
  /** Extra CIDs for a glyph drawn with another text: key `${gid}\u0000${text}`. */
  private readonly altCid = new Map<string, number>();
  /** Glyph id by CID. */
  private readonly gidOf = new Map<number, number>();
  /** ToUnicode text by CID ('' for none). */
  private readonly texts = new Map<number, string>();
  /** /W width in 1/1000 em by CID. */
  private readonly widthOf = new Map<number, number>();
  /** The 4 hex digits of each CID handed out (hex4), made once: a page shows the same few CIDs thousands of times. */
  private readonly hexOf = new Map<number, string>();
  /** The ShapedGlyph text (as given) that first asked for each first CID of a glyph. */
  private readonly firstText = new Map<number, string>();
  /** The next CID handed out in first-use order (CFF) or to a second text of a glyph (TrueType). */
  private nextCid: number;

  constructor(private readonly doc: PdfDocLike, readonly face: FontFace, private readonly index: number, private readonly warnings?: WarningSink) {
    this.name = `F${index + 1}`;
    this.info = infoFor(face); // may throw on a broken font: before any object is allocated
    this.ref = doc.ref();
    this.nextCid = this.info.cff ? 1 : this.info.numGlyphs;
    this.newCid(0, 0, '');
    this.cidOf.set(0, 0);
  }

  /** The CID for a shaped glyph (ids outside the font draw .notdef). */
  cid(g: ShapedGlyph): number {
    let gid = g.id;
    if (!(gid >= 0 && gid < this.info.numGlyphs)) gid = 0;
    const first = this.cidOf.get(gid);
    if (first !== undefined && g.text === this.firstText.get(first)) return first; // the common case: the same glyph for the same text
    // U+00A0 extracts as a plain space (as browsers' PDFs do).
    const text = g.text ? (g.text.indexOf('\u00a0') >= 0 ? g.text.replace(/\u00a0/g, ' ') : g.text) : '';
    if (first === undefined) {
      let c = gid;
      if (this.info.cff) {
        if (this.nextCid > 0xffff) return 0; // Identity-H codes are 2 bytes
        c = this.nextCid++;
      }
      this.newCid(c, gid, text);
      this.cidOf.set(gid, c);
      this.firstText.set(c, g.text);
      return c;
    }
    const t = this.texts.get(first)!;
    if (!text || text === t) return first;
    if (!t) { this.texts.set(first, text); return first; }
    if (this.info.cff || this.nextCid > 0xffff) return first;
    const key = `${gid}\u0000${text}`;
    let alt = this.altCid.get(key);
    if (alt === undefined) {
      alt = this.nextCid++;
      this.newCid(alt, gid, text);
      this.altCid.set(key, alt);
    }
    return alt;
  }

  /** The Identity-H code of a CID this face handed out as 4 hex digits (hex4), without a new string each time. */
  hex(cid: number): string {
    return this.hexOf.get(cid) ?? hex4(cid);
  }

  /** The /W width of a CID this face handed out, in 1/1000 em. */
  width(cid: number): number {
    return this.widthOf.get(cid) ?? 0;
  }

  /**
   * Records CID `c` for glyph `gid` and `text`. Its /W width is the glyph's advance, or 0 when it
   * stands for default-ignorable characters only (a bidi isolate, ZWJ, word joiner: drawn with the
   * font's space or .notdef glyph at zero advance), so text extraction sees no gap where layout
   * has none (pdftotext split "\u2068Rheinland" after the isolate's 278-unit box); CFF fonts,
   * whose CIDs cannot share a glyph, keep the glyph's width.
   */
  private newCid(c: number, gid: number, text: string): void {
    this.gidOf.set(c, gid);
    this.widthOf.set(c, !this.info.cff && isIgnorableText(text) ? 0 : glyphWidth(this.face, this.info, gid));
    this.texts.set(c, text);
    this.hexOf.set(c, hex4(c));
  }

  /** Writes FontFile, FontDescriptor, CIDFont, ToUnicode and the Type0 dictionary. */
  finalize(): void {
    const fi = this.info;
    const cids = [...this.gidOf.keys()].sort((a, b) => a - b);
    // The program's glyphs: ascending ids (TrueType, CIDs are ids), or in CID order (CFF).
    const gids = fi.cff ? cids.map((c) => this.gidOf.get(c)!) : [...new Set(cids.map((c) => this.gidOf.get(c)!))].sort((a, b) => a - b);
    const font = this.face.font as object;
    const key = `${this.face.key}\u0000${gids.join(',')}`;
    let file = cachedStream(key, font);
    if (!file) {
      try {
        const { raw, renumbered } = encodeSubset(this.face.font, gids, fi.cff);
        file = { font, data: deflateSync(raw, { level: STREAM_LEVEL }), length1: raw.length, renumbered };
        cacheStream(key, file);
      } catch (e) {
        // The text stays extractable and viewers substitute a font; never fail the document.
        this.warnings?.add('font-load', `font "${this.face.family}" could not be subset for the PDF and is not embedded: ${(e as Error).message}`);
      }
    }
    // Everything that can fail is computed before the first object is allocated.
    const cmapText = this.toUnicodeCMap(cids);
    let cmap = cachedStream(cmapText, null);
    if (!cmap) {
      const raw = Buffer.from(cmapText, 'latin1');
      cmap = { font: null, data: deflateSync(raw, { level: STREAM_LEVEL }), length1: raw.length, renumbered: false };
      cacheStream(cmapText, cmap);
    }
    const widths = new RawPdf(`[${this.widthRuns(cids)}]`);
    let map: Buffer | null = null;
    const last = cids[cids.length - 1]!;
    if (!fi.cff && (file?.renumbered || last >= fi.numGlyphs)) {
      // CID → glyph of the program: the glyph id, or its place in a renumbered program.
      const place = new Map<number, number>();
      if (file?.renumbered) gids.forEach((g, i) => place.set(g, i));
      map = Buffer.alloc((last + 1) * 2);
      for (const c of cids) { const g = this.gidOf.get(c)!; map.writeUInt16BE(place.get(g) ?? g, c * 2); }
    }
    const baseFont = file ? `${tag(this.index)}+${fi.postscriptName}` : fi.postscriptName;
    const descriptorData: Record<string, unknown> = { Type: 'FontDescriptor', FontName: baseFont, ...fi.descriptor };
    if (file) {
      const fontFile = this.doc.ref(fi.cff ? { Subtype: 'CIDFontType0C', Filter: 'FlateDecode' } : { Length1: file.length1, Filter: 'FlateDecode' });
      fontFile.endStream(file.data);
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

    const toUnicode = this.doc.ref({ Filter: 'FlateDecode' });
    toUnicode.endStream(cmap.data);

    this.ref.data = { Type: 'Font', Subtype: 'Type0', BaseFont: baseFont, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode };
    this.ref.end();
  }

  /** The fallback when finalize() failed: the Type0 dictionary must still be written (it is referenced). */
  finalizeBare(): void {
    if (this.ref.data.Type === 'Font') return;
    this.ref.data = { Type: 'Font', Subtype: 'Type0', BaseFont: this.info.postscriptName, Encoding: 'Identity-H', DescendantFonts: [] };
    this.ref.end();
  }

  /** The /W array's contents (§9.7.4.3): `c [w1 w2 …]` for each run of consecutive CIDs. */
  private widthRuns(cids: readonly number[]): string {
    const out: string[] = [];
    for (let i = 0; i < cids.length;) {
      let j = i + 1;
      while (j < cids.length && cids[j] === cids[j - 1]! + 1) j++;
      const ws: number[] = [];
      for (let k = i; k < j; k++) ws.push(this.widthOf.get(cids[k]!)!);
      out.push(`${cids[i]} [${ws.join(' ')}]`);
      i = j;
    }
    return out.join(' ');
  }

  private toUnicodeCMap(cids: readonly number[]): string {
    const entries: string[] = [];
    for (const c of cids) {
      const t = this.texts.get(c)!;
      if (!t) continue;
      let h = '';
      for (let i = 0; i < t.length && i < 256; i++) h += hex4(t.charCodeAt(i));
      entries.push(`<${hex4(c)}> <${h}>`);
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
 * Encodes the subset font program of `gids`. TrueType outlines: pdf-font-subset.ts, which keeps
 * glyph ids (WOFF2 and variable-font instances from their decoded contours); a TrueType font whose
 * tables that reader rejects: fontkit's subsetter (hinting kept), which numbers `gids` in order
 * (`renumbered`: the caller maps CIDs through a CIDToGIDMap). CFF: fontkit's subsetter, subset
 * glyph i = gids[i] = CID i (with text/woff2-subset.ts's re-encoding for WOFF2 and instances).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function encodeSubset(font: any, gids: number[], cff: boolean): { raw: Uint8Array; renumbered: boolean } {
  if (!cff) {
    try {
      return { raw: encodeTrueTypeSubset(font, gids), renumbered: false };
    } catch {
      // a font our reader cannot take apart: fontkit's subsetter below (hinting kept)
    }
  }
  fixWoff2Subsetting(font);
  const subset = font.createSubset();
  for (const gid of gids) subset.includeGlyph(gid);
  return { raw: subset.encode(), renumbered: !cff };
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
