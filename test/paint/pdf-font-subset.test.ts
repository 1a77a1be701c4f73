/**
 * TrueType subsets for FontFile2 (src/paint/pdf-font-subset.ts). In: bundled and fixture fonts
 * (TTF with composite glyphs, WOFF, WOFF2, a variable-font instance) and glyph lists. Out: each
 * subset re-read by fontkit has the same outlines and advances under the same glyph ids, no
 * hinting, valid checksums, and deflates smaller than fontkit's own subset.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { encodeTrueTypeSubset } from '../../src/paint/pdf-font-subset.ts';
import { writePdfSync } from '../../src/paint/pdf.ts';
import { fontStreamCache } from '../../src/paint/pdf-fonts.ts';
import { BLACK, face, pdftotext, qpdfCheck, raster, shape } from './pdf-helpers.ts';
import { context, spec, FIXTURE_FONTS } from '../text/helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFont = any;
const open = (path: string): AnyFont => (fontkit as AnyFont).create(readFileSync(new URL(path, import.meta.url)));

function gidsOf(font: AnyFont, text: string): number[] {
  return [0, ...new Set<number>(font.layout(text).glyphs.map((g: { id: number }) => g.id))];
}

/** The table tags of an sfnt and whether each table's checksum and the whole-file adjustment hold. */
function tables(bytes: Uint8Array): { tags: string[]; checksumsOk: boolean } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sum = (o: number, n: number): number => {
    let s = 0;
    for (let i = 0; i < n; i += 4) {
      let w = 0;
      for (let k = 0; k < 4; k++) w = w * 256 + (o + i + k < bytes.length && i + k < n ? bytes[o + i + k]! : 0);
      s = (s + w) >>> 0;
    }
    return s;
  };
  const n = v.getUint16(4);
  const tags: string[] = [];
  let ok = true;
  for (let i = 0; i < n; i++) {
    const r = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(r, r + 4));
    tags.push(tag);
    const off = v.getUint32(r + 8), len = v.getUint32(r + 12);
    let s = sum(off, len);
    if (tag === 'head') s = (s - v.getUint32(off + 8)) >>> 0; // the adjustment is not part of head's checksum
    if (s !== v.getUint32(r + 4)) ok = false;
  }
  if (sum(0, bytes.length) !== 0xb1b0afba) ok = false;
  return { tags, checksumsOk: ok };
}

/**
 * Each glyph of `gids` keeps its id: the subset's glyph g has the original glyph g's outline and
 * advance (composites resolved by fontkit); the other ids up to the highest of `gids` are empty
 * (components not drawn themselves come after it).
 */
function assertSameGlyphs(original: AnyFont, subset: AnyFont, gids: number[]): void {
  for (const g of gids) {
    const a = original.getGlyph(g), b = subset.getGlyph(g);
    assert.equal(b.path.toSVG(), a.path.toSVG(), `outline of glyph ${g}`);
    assert.equal(b.advanceWidth, Math.round(a.advanceWidth), `advance of glyph ${g}`);
  }
  const kept = new Set(gids);
  for (let g = 1; g <= Math.max(...gids); g++) {
    if (!kept.has(g)) assert.equal(subset.getGlyph(g).path.commands.length, 0, `glyph ${g} is empty: not drawn`);
  }
}

test('a TrueType subset keeps outlines and advances, drops hinting and cmap/name/post, and has valid checksums', () => {
  const original = open('../../fonts/LiberationSans-Regular.ttf');
  // Å, é, ǻ and ﬁ are composite glyphs in Liberation Sans: their components come along.
  const gids = gidsOf(original, 'Invoice #2026-0042 Åéǻ ﬁnal (café) €');
  const bytes = encodeTrueTypeSubset(original, gids);
  const t = tables(bytes);
  assert.deepEqual(t.tags, ['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp']);
  assert.ok(t.checksumsOk, 'table checksums and checkSumAdjustment');
  const subset = (fontkit as AnyFont).create(Buffer.from(bytes));
  const accents = new Set<number>();
  for (const g of gids) for (const c of original.getGlyph(g)._decode()?.components ?? []) if (!gids.includes(c.glyphID)) accents.add(c.glyphID);
  assert.equal(subset.numGlyphs, Math.max(...gids) + 1 + accents.size, 'ids kept up to the highest drawn, the other components after it');
  assert.equal(subset.maxp.maxSizeOfInstructions, 0);
  for (let i = 0; i < subset.numGlyphs; i++) assert.equal(subset.getGlyph(i)._decode()?.instructions?.length ?? 0, 0, `glyph ${i} has no instructions`);
  assert.ok(original.getGlyph(gids[1])._decode().instructions.length > 0, 'the original glyphs are hinted');
  assertSameGlyphs(original, subset, gids);
  // Accented letters alone: their accents (components at ids in the thousands) do not stretch the subset.
  const latin = gidsOf(original, 'Émile Zola, café');
  const small = (fontkit as AnyFont).create(Buffer.from(encodeTrueTypeSubset(original, latin)));
  assert.ok(Math.max(...latin) < 200 && small.numGlyphs <= Math.max(...latin) + 1 + 4, `${small.numGlyphs} glyphs for ids up to ${Math.max(...latin)}`);
  assertSameGlyphs(original, small, latin);
  const theirs = original.createSubset();
  for (const g of gids) theirs.includeGlyph(g);
  // Deflated, as FontFile2 carries it: the empty ids between kept glyphs deflate to almost nothing.
  const ours = deflateSync(bytes).length, theirBytes = deflateSync(theirs.encode()).length;
  assert.ok(ours < theirBytes * 0.6, `${ours} deflated bytes against fontkit's ${theirBytes}`);
});

test('WOFF and WOFF2 fonts and a variable-font instance subset from their decoded glyphs', () => {
  for (const file of ['../fixtures/fonts/fa-regular-400.woff', '../fixtures/fonts/fa-regular-400.woff2', '../fixtures/fonts/inter-variable-latin.woff2']) {
    const original = open(file);
    const gids = [0, 1, 2, 3, 5, 8, 13, 21, 34].filter((g) => g < original.numGlyphs);
    const subset = (fontkit as AnyFont).create(Buffer.from(encodeTrueTypeSubset(original, gids)));
    assertSameGlyphs(original, subset, gids);
  }
  // The wght-700 instance the text stage makes for `font-weight: 700` (src/text/fontface.ts).
  const { ctx } = context(FIXTURE_FONTS);
  ctx.addFontFaces([{ family: 'IV', sources: [{ kind: 'url', url: 'inter-variable-latin.woff2', format: 'woff2' }], weight: [100, 900], style: 'normal', unicodeRange: [] }]);
  const bold = ctx.match(spec('IV', { fontWeight: 700 })).font as AnyFont;
  assert.deepEqual(bold.variationCoords, [700]);
  const gids = gidsOf(bold, 'Heavy');
  const subset = (fontkit as AnyFont).create(Buffer.from(encodeTrueTypeSubset(bold, gids)));
  for (const g of gids.slice(1)) {
    assert.equal(subset.getGlyph(g).path.toSVG(), bold.getGlyph(g).path.toSVG(), 'the wght 700 outline, not the default');
  }
});

test('a WOFF2 variable font instanced before its default instance decoded a glyph subsets (composite glyphs too)', () => {
  // Noto Sans Arabic (cv3-arabic-resume, OFL): only Arabic in its unicode-range, so nothing reads a glyph of the
  // default instance before the wght-700 instance shapes; fontkit then decoded the transformed glyf table through
  // the instance and failed on its first composite glyph (the face went into the PDF unembedded).
  const { ctx } = context(new URL('../fidelity/cases/cv3-arabic-resume/fonts/', import.meta.url));
  ctx.addFontFaces([{ family: 'NA', sources: [{ kind: 'url', url: 'noto-sans-arabic-arabic-wght-normal.woff2', format: 'woff2' }], weight: [100, 900], style: 'normal', unicodeRange: [] }]);
  const bold = ctx.match(spec('NA', { fontWeight: 700 })).font as AnyFont;
  const regular = ctx.match(spec('NA')).font as AnyFont;
  const gids = gidsOf(bold, 'الخبرة العملية إ');
  assert.ok(gids.some((g) => bold.getGlyph(g).path.toSVG() !== regular.getGlyph(g).path.toSVG()), 'wght 700 outlines differ from the default');
  const subset = (fontkit as AnyFont).create(Buffer.from(encodeTrueTypeSubset(bold, gids)));
  for (const g of gids.slice(1)) assert.equal(subset.getGlyph(g).path.toSVG(), bold.getGlyph(g).path.toSVG());
});

test('glyphs prepared for one subset serve the next, in any order', () => {
  const original = open('../../fonts/DejaVuSans.ttf');
  const a = gidsOf(original, 'first render: Jane Roe, 385.00');
  const b = [0, ...gidsOf(original, 'second: Émile Zola, 1 024.50 ÅÄÖ').slice(1).reverse()];
  encodeTrueTypeSubset(original, a);
  const subset = (fontkit as AnyFont).create(Buffer.from(encodeTrueTypeSubset(original, b)));
  assertSameGlyphs(original, subset, b);
  assert.throws(() => encodeTrueTypeSubset(open('../fixtures/fonts/cantarell-regular.otf'), [0, 1]), /glyf|loca/, 'CFF outlines are not ours to subset');
});

test('text drawn with a subset embeds, extracts and rasterises', () => {
  const run = shape('Ångström final café', 40, face('LiberationSerif-Regular.ttf'));
  const pdf = writePdfSync({ pages: [{ width: 600, height: 100, items: [{ kind: 'glyphs', x: 10, y: 60, run, color: BLACK }] }], info: {} }, { creationDate: new Date(0) });
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
  assert.equal(pdftotext(pdf).trim(), 'Ångström final café');
  const img = raster(pdf, 96);
  let ink = 0;
  for (let y = 20; y < 80; y++) for (let x = 10; x < 400; x++) if (img.px(x, y)[0] < 128) ink++;
  assert.ok(ink > 2000, `glyphs are drawn (${ink} dark pixels)`);
});

test('a glyph set met before reuses its deflated subset and ToUnicode CMap: same bytes, bounded cache', () => {
  const ff = face('LiberationSerif-Regular.ttf');
  const doc = (text: string): Uint8Array => writePdfSync({ pages: [{ width: 600, height: 100, items: [{ kind: 'glyphs', x: 10, y: 60, run: shape(text, 20, ff), color: BLACK }] }], info: {} }, { creationDate: new Date(0) });
  // a glyph set of its own (no other test draws these words in this face)
  const first = doc('Invoice 2026-0417 zebra quartz');
  const misses = fontStreamCache.misses;
  const hits = fontStreamCache.hits;
  const again = doc('quartz zebra 2026-0417 Invoice'); // same glyphs, other order and content
  assert.equal(fontStreamCache.misses, misses, 'no new subset or CMap made');
  assert.equal(fontStreamCache.hits, hits + 2, 'the program and the CMap come from the cache');
  const firstAgain = doc('Invoice 2026-0417 zebra quartz');
  assert.deepEqual(Buffer.from(firstAgain), Buffer.from(first), 'a cached stream writes the same bytes');
  assert.notDeepEqual(Buffer.from(again), Buffer.from(first));
  doc('Invoice 2026-0417 zebra quartz!'); // one more glyph: a new set
  assert.equal(fontStreamCache.misses, misses + 2);
  assert.ok(fontStreamCache.bytes <= fontStreamCache.limits.maxBytes && fontStreamCache.size <= fontStreamCache.limits.maxEntries);
});
