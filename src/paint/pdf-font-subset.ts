/**
 * TrueType subset programs for the PDF writer. In: a fontkit Font with TrueType outlines and the
 * glyph ids to keep. Out: a minimal sfnt (OpenType §5: head, hhea, maxp, hmtx, loca, glyf) for
 * FontFile2 (ISO 32000-1 §9.9) that keeps glyph ids (as Chromium's PDFs do): glyph g of the
 * subset is glyph g of the font, unused ids up to the highest kept are empty, and components of
 * composite glyphs that were not drawn themselves come after it.
 *
 * What PDF viewers need and nothing more: hinting is dropped (glyph instructions, fpgm, prep,
 * cvt; maxp's hinting limits zeroed, as fontTools' subsetter does with hinting off), no cmap,
 * name, OS/2 or post (glyphs are addressed by CID through the CIDFont), loca short whenever the
 * glyph data fits, hmtx trimmed of its trailing run of equal advances. The empty ids cost 2
 * bytes of loca and 2–4 of hmtx each before deflate, runs of zeros and repeats after. Instructions are half of
 * the glyf bytes of hinted fonts such as Liberation Sans, so subsets are about 40% of fontkit's
 * (which copies glyphs with their instructions and fpgm/prep/cvt whole).
 *
 * Each glyph is prepared once per font and kept (`glyphCache`, weak by font): a render whose
 * text differs from the last one (the usual case for a template) re-assembles its subset from
 * prepared glyphs in well under a millisecond, where fontkit's subsetter decoded every glyph
 * again (15–50 ms for an invoice's 40 glyphs).
 *
 * Glyph sources: the font's own `glyf` bytes (TTF, TTC, WOFF) with instructions cut out and
 * composite components renumbered; for WOFF2 (transformed glyf) and instances of variable fonts,
 * the decoded (interpolated) contours re-encoded as simple glyphs (text/woff2-subset.ts).
 */
import { encodeSimpleGlyph } from '../text/woff2-subset.ts';

/** The fontkit internals used here (fontkit ships no types for them). */
interface FontkitInternals {
  type?: string;
  variationCoords?: unknown;
  numGlyphs: number;
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  _getTableStream(tag: string): { buffer: Uint8Array; pos: number } | null;
  _decompress?: () => void;
  loca?: { offsets: ArrayLike<number> };
  getGlyph(gid: number): { advanceWidth: number; _getContours(): Array<Array<{ x: number; y: number; onCurve: boolean }>> };
  head?: unknown;
}

/** One glyph ready for a subset: its glyf entry without instructions, its advance, its components. */
interface PreparedGlyph {
  /** The glyf entry (even length; empty for a glyph without outline). */
  data: Uint8Array;
  advance: number;
  lsb: number;
  /** Byte offsets of each component's glyphIndex (composite glyphs only) and the original ids. */
  components: Array<{ pos: number; gid: number }>;
}

/** Per font: its source tables and the glyphs prepared so far. */
interface FontData {
  head: Uint8Array;
  hhea: Uint8Array;
  maxp: Uint8Array;
  /** Raw glyf and loca offsets, or null when glyphs come from decoded contours. */
  glyf: Uint8Array | null;
  loca: ArrayLike<number> | null;
  hmtx: Uint8Array | null;
  numberOfHMetrics: number;
  glyphs: Map<number, PreparedGlyph>;
}

/** Bounded by the fonts alive (weak) and, per font, by its glyph count. */
const fontData = new WeakMap<object, FontData>();

/** The bytes of one table of the font (a view, not a copy). Throws when it is missing. */
function table(f: FontkitInternals, tag: string): Uint8Array {
  const entry = f.directory.tables[tag];
  const s = entry && f._getTableStream(tag);
  if (!entry || !s) throw new Error(`no ${tag} table`);
  return s.buffer.subarray(s.pos, s.pos + entry.length);
}

function dataFor(font: object): FontData {
  let d = fontData.get(font);
  if (d) return d;
  const f = font as FontkitInternals;
  void f.head; // decodes one table: WOFF2 fonts decompress their data on first use
  const contours = f.type === 'WOFF2' || !!f.variationCoords;
  const hhea = table(f, 'hhea');
  d = {
    head: table(f, 'head'),
    hhea,
    maxp: table(f, 'maxp'),
    glyf: contours ? null : table(f, 'glyf'),
    loca: contours ? null : (f.loca?.offsets ?? null),
    hmtx: contours ? null : table(f, 'hmtx'),
    numberOfHMetrics: (hhea[34]! << 8) | hhea[35]!,
    glyphs: new Map(),
  };
  if (!contours && !d.loca) throw new Error('no loca table');
  fontData.set(font, d);
  return d;
}

/** A copy of the first `n` bytes with its own buffer (the font's tables may be Buffer views, whose slice() shares memory). */
function copy(b: Uint8Array, n: number): Uint8Array {
  if (b.length < n) throw new Error('table too short');
  return new Uint8Array(b.subarray(0, n));
}

const u16 = (b: Uint8Array, o: number): number => (b[o]! << 8) | b[o + 1]!;

/**
 * Where a simple glyph's data ends (its flags from `p`, then x and y coordinates), so the
 * source's padding is not carried along. Throws when the data is shorter than its flags say.
 */
function simpleGlyphEnd(g: Uint8Array, contours: number, p: number): number {
  const points = contours > 0 ? u16(g, 10 + 2 * (contours - 1)) + 1 : 0;
  let xBytes = 0, yBytes = 0;
  for (let i = 0; i < points;) {
    const f = g[p++]!;
    let times = 1;
    if (f & 0x08) times += g[p++]!; // REPEAT_FLAG
    const x = f & 0x02 ? 1 : f & 0x10 ? 0 : 2; // X_SHORT_VECTOR, X_IS_SAME_OR_POSITIVE
    const y = f & 0x04 ? 1 : f & 0x20 ? 0 : 2;
    xBytes += x * times;
    yBytes += y * times;
    i += times;
  }
  const end = p + xBytes + yBytes;
  if (end > g.length) throw new Error('truncated simple glyph');
  return end;
}

/**
 * A glyf entry without its instructions (OpenType 'glyf' §5.3.3 simple glyphs, §5.3.4 composite
 * glyphs: WE_HAVE_INSTRUCTIONS cleared and the instructions after the last component cut).
 */
function stripInstructions(g: Uint8Array): { data: Uint8Array; components: Array<{ pos: number; gid: number }> } {
  if (g.length < 10) return { data: new Uint8Array(0), components: [] };
  const n = (u16(g, 0) << 16) >> 16;
  if (n >= 0) {
    const insLenPos = 10 + 2 * n;
    const insLen = u16(g, insLenPos);
    const rest = g.subarray(insLenPos + 2 + insLen, simpleGlyphEnd(g, n, insLenPos + 2 + insLen));
    const out = new Uint8Array((insLenPos + 2 + rest.length + 1) & ~1);
    out.set(g.subarray(0, insLenPos));
    out.set(rest, insLenPos + 2);
    return { data: out, components: [] };
  }
  const components: Array<{ pos: number; gid: number }> = [];
  let p = 10;
  for (;;) {
    const flags = u16(g, p);
    components.push({ pos: p + 2, gid: u16(g, p + 2) });
    p += 4 + (flags & 0x0001 ? 4 : 2); // ARG_1_AND_2_ARE_WORDS
    if (flags & 0x0008) p += 2; // WE_HAVE_A_SCALE
    else if (flags & 0x0040) p += 4; // WE_HAVE_AN_X_AND_Y_SCALE
    else if (flags & 0x0080) p += 8; // WE_HAVE_A_TWO_BY_TWO
    if (p > g.length) throw new Error('truncated composite glyph');
    if (!(flags & 0x0020)) break; // MORE_COMPONENTS
  }
  const out = new Uint8Array((p + 1) & ~1);
  out.set(g.subarray(0, p));
  for (const c of components) out[c.pos - 2] = out[c.pos - 2]! & ~0x01; // clear WE_HAVE_INSTRUCTIONS (0x0100)
  return { data: out, components };
}

function prepareGlyph(font: object, d: FontData, gid: number): PreparedGlyph {
  let pg = d.glyphs.get(gid);
  if (pg) return pg;
  let data: Uint8Array;
  let components: PreparedGlyph['components'] = [];
  let advance: number;
  if (d.glyf && d.loca && d.hmtx) {
    const start = d.loca[gid]!, end = d.loca[gid + 1]!;
    const raw = end > start && end <= d.glyf.length ? d.glyf.subarray(start, end) : new Uint8Array(0);
    ({ data, components } = stripInstructions(raw));
    const m = Math.min(gid, d.numberOfHMetrics - 1);
    advance = m >= 0 && 4 * m + 2 <= d.hmtx.length ? u16(d.hmtx, 4 * m) : 0;
  } else {
    const glyph = (font as FontkitInternals).getGlyph(gid);
    data = encodeSimpleGlyph(glyph._getContours());
    advance = Math.max(0, Math.round(glyph.advanceWidth) || 0);
  }
  const lsb = data.length >= 10 ? (u16(data, 2) << 16) >> 16 : 0; // xMin
  pg = { data, advance, lsb, components };
  d.glyphs.set(gid, pg);
  return pg;
}

/** The checksum of a table (OpenType §5: sum of big-endian uint32 words, zero padded). */
function checksum(b: Uint8Array): number {
  let sum = 0;
  const n = b.length & ~3;
  for (let i = 0; i < n; i += 4) sum = (sum + ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!)) >>> 0;
  if (n < b.length) {
    let last = 0;
    for (let i = n; i < n + 4; i++) last = (last << 8) | (i < b.length ? b[i]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** The sfnt file: a table directory (tags sorted) and the tables, each 4-byte aligned. */
function sfnt(tables: Array<[string, Uint8Array]>): Uint8Array {
  tables.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const n = tables.length;
  let size = 12 + 16 * n;
  for (const [, t] of tables) size += (t.length + 3) & ~3;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  let es = 0;
  while (2 << es <= n) es++;
  v.setUint32(0, 0x00010000);
  v.setUint16(4, n);
  v.setUint16(6, 16 << es);
  v.setUint16(8, es);
  v.setUint16(10, n * 16 - (16 << es));
  let off = 12 + 16 * n;
  let headOff = -1;
  let sum = 0; // the whole file's checksum: tables are zero-padded to 4 bytes, so it is their checksums' sum plus the directory's
  tables.forEach(([tag, t], i) => {
    const r = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[r + k] = tag.charCodeAt(k);
    const c = checksum(t);
    sum = (sum + c) >>> 0;
    v.setUint32(r + 4, c);
    v.setUint32(r + 8, off);
    v.setUint32(r + 12, t.length);
    out.set(t, off);
    if (tag === 'head') headOff = off;
    off += (t.length + 3) & ~3;
  });
  sum = (sum + checksum(out.subarray(0, 12 + 16 * n))) >>> 0;
  if (headOff >= 0) v.setUint32(headOff + 8, (0xb1b0afba - sum) >>> 0); // checkSumAdjustment
  return out;
}

/**
 * Encodes the subset of a TrueType-outline font holding `gids` (any order; 0, .notdef, is always
 * kept) with their glyph ids kept: glyph g of the subset is glyph g of the font for every g in
 * `gids`, the ids in between are empty (no outline, advance 0). Components of composite glyphs
 * that are not in `gids` themselves (the accents of 'É', often at high ids) are appended after
 * the highest id kept, in a fixed order, and the composites point at them there. CIDs can then be
 * glyph ids (CIDToGIDMap /Identity), and the program depends on the set of glyphs only, not on
 * the order they were drawn in. Throws on a font without TrueType outlines or with damaged
 * tables (the caller falls back to fontkit's subsetter).
 */
export function encodeTrueTypeSubset(font: object, gids: Iterable<number>): Uint8Array {
  const d = dataFor(font);
  const numGlyphs = (font as FontkitInternals).numGlyphs | 0;
  const drawn = new Set<number>([0]);
  for (const g of gids) if (g >= 0 && g < numGlyphs) drawn.add(g);
  const queue = [...drawn].sort((a, b) => a - b);
  let count = queue[queue.length - 1]! + 1;
  /** Subset id by font glyph id. */
  const idOf = new Map<number, number>();
  for (const g of queue) idOf.set(g, g);
  /** Glyph data, advance and lsb by subset id. */
  const slots = new Map<number, { data: Uint8Array; advance: number; lsb: number }>();
  for (let i = 0; i < queue.length; i++) { // grows while composites add their components
    const g = queue[i]!;
    const pg = prepareGlyph(font, d, g);
    let data = pg.data;
    for (const c of pg.components) {
      let id = c.gid < numGlyphs ? idOf.get(c.gid) : 0;
      if (id === undefined) {
        id = count++;
        idOf.set(c.gid, id);
        queue.push(c.gid);
      }
      if (id !== c.gid) {
        if (data === pg.data) data = new Uint8Array(data);
        data[c.pos] = id >> 8;
        data[c.pos + 1] = id & 255;
      }
    }
    slots.set(idOf.get(g)!, { data, advance: pg.advance, lsb: pg.lsb });
  }
  let total = 0;
  for (const slot of slots.values()) total += slot.data.length;
  const short = total <= 0x1fffe;
  const loca = new Uint8Array((count + 1) * (short ? 2 : 4));
  const lv = new DataView(loca.buffer);
  const glyf = new Uint8Array(total);
  // hmtx: longHorMetric for each glyph up to the last advance change, then bare lsbs.
  const adv = new Uint16Array(count), lsb = new Int16Array(count);
  let off = 0;
  for (let i = 0; i <= count; i++) {
    if (short) lv.setUint16(i * 2, off >> 1);
    else lv.setUint32(i * 4, off);
    const slot = i < count ? slots.get(i) : undefined;
    if (slot) { glyf.set(slot.data, off); off += slot.data.length; adv[i] = slot.advance; lsb[i] = slot.lsb; }
  }
  let nh = count;
  while (nh > 1 && adv[nh - 1] === adv[nh - 2]) nh--;
  const hmtx = new Uint8Array(nh * 4 + (count - nh) * 2);
  const hv = new DataView(hmtx.buffer);
  for (let i = 0; i < count; i++) {
    if (i < nh) { hv.setUint16(i * 4, adv[i]!); hv.setInt16(i * 4 + 2, lsb[i]!); } else hv.setInt16(nh * 4 + (i - nh) * 2, lsb[i]!);
  }
  const head = copy(d.head, 54);
  new DataView(head.buffer).setInt16(50, short ? 0 : 1); // indexToLocFormat
  head.fill(0, 8, 12); // checkSumAdjustment: set over the whole file by sfnt()
  const hhea = copy(d.hhea, 36);
  new DataView(hhea.buffer).setUint16(34, nh);
  const maxp = copy(d.maxp, d.maxp.length >= 32 ? 32 : 6);
  const mv = new DataView(maxp.buffer);
  mv.setUint16(4, count);
  if (maxp.length >= 32) {
    mv.setUint16(14, 1); // maxZones: no twilight zone without instructions
    for (let o = 16; o <= 26; o += 2) mv.setUint16(o, 0); // twilight points, storage, FDEFs, IDEFs, stack, instruction size
  }
  return sfnt([['head', head], ['hhea', hhea], ['maxp', maxp], ['hmtx', hmtx], ['loca', loca], ['glyf', glyf]]);
}
