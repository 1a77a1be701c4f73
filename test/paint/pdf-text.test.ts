/**
 * PDF writer: text, fonts, pages, document info and determinism. In: hand-built display lists
 * with fontkit-shaped runs. Out: assertions on pdftotext output, word boxes (pt), pdfinfo, qpdf.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writePdf } from '../../src/paint/pdf.ts';
import type { DocumentDisplayList, DisplayItem } from '../../src/paint/display-list.ts';
import * as fontkit from 'fontkit';
import { fileURLToPath } from 'node:url';
import { WarningSink } from '../../src/warnings.ts';
import { createFontContext } from '../../src/text/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { BLACK, face, pdfinfo, pdftotext, qdf, qpdfCheck, raster, rgba, shape, words } from './pdf-helpers.ts';

const DATE = new Date('2024-05-06T07:08:09Z');
const A4W = 793.7007874015749, A4H = 1122.5196850393702;
const doc = (items: DisplayItem[], info = {}): DocumentDisplayList => ({ info, pages: [{ width: A4W, height: A4H, items }] });

test('text extracts as written, with spaces, from shaped glyphs', async () => {
  const pdf = await writePdf(doc([
    { kind: 'glyphs', x: 100, y: 100, run: shape('Hello world', 16), color: BLACK },
    { kind: 'glyphs', x: 100, y: 140, run: shape('office flow', 16, face('DejaVuSans.ttf')), color: BLACK },
  ]), { creationDate: DATE });
  const text = pdftotext(pdf);
  assert.match(text, /^Hello world\n/);
  assert.match(text, /office flow/); // "ffi" and "fl" are single ligature glyphs in DejaVu Sans
  const lig = shape('office', 16, face('DejaVuSans.ttf'));
  assert.equal(lig.glyphs.length, 4, 'the run really uses a ligature glyph');
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});

test('word boxes land at the layout positions within 0.5 pt', async () => {
  const run = shape('Hello world', 20);
  const pdf = await writePdf(doc([{ kind: 'glyphs', x: 120, y: 300, run, color: BLACK }]), { creationDate: DATE });
  const ws = words(pdf);
  assert.deepEqual(ws.map((w) => w.text), ['Hello', 'world']);
  const helloW = shape('Hello', 20).width;
  const spaceW = shape(' ', 20).width;
  // poppler's box spans the glyph advances: Hello from the pen, world after "Hello ".
  assert.ok(Math.abs(ws[0]!.xMin - 120 * 0.75) < 0.5, `Hello xMin ${ws[0]!.xMin}`);
  assert.ok(Math.abs(ws[0]!.xMax - (120 + helloW) * 0.75) < 0.5, `Hello xMax ${ws[0]!.xMax}`);
  assert.ok(Math.abs(ws[1]!.xMin - (120 + helloW + spaceW) * 0.75) < 0.5, `world xMin ${ws[1]!.xMin}`);
  assert.ok(Math.abs(ws[1]!.xMax - (120 + run.width) * 0.75) < 0.5, `world xMax ${ws[1]!.xMax}`);
  // Baseline at 300px = 225pt: poppler's box runs from baseline − ascent to baseline + descent.
  const f = face();
  const asc = (f.font.ascent / f.unitsPerEm) * 20 * 0.75, desc = (-f.font.descent / f.unitsPerEm) * 20 * 0.75;
  assert.ok(Math.abs(ws[0]!.yMin - (225 - asc)) < 0.5, `yMin ${ws[0]!.yMin} vs ${225 - asc}`);
  assert.ok(Math.abs(ws[0]!.yMax - (225 + desc)) < 0.5, `yMax ${ws[0]!.yMax} vs ${225 + desc}`);
});

test('letter-spacing, kerning and GPOS offsets follow the shaped advances', async () => {
  const run = shape('AVAV Type', 24, face(), { letterSpacing: 1 });
  const pdf = await writePdf(doc([{ kind: 'glyphs', x: 50, y: 80, run, color: BLACK }]), { creationDate: DATE });
  const ws = words(pdf);
  assert.deepEqual(ws.map((w) => w.text), ['AVAV', 'Type']);
  assert.ok(Math.abs(ws[1]!.xMax - (50 + run.width - 1) * 0.75) < 0.5 || Math.abs(ws[1]!.xMax - (50 + run.width) * 0.75) < 0.5, `Type xMax ${ws[1]!.xMax}`);
  // A glyph pushed by dx lands dx further right; dy raises it (text rise).
  const g = shape('x', 40);
  const moved = { ...g, glyphs: [{ ...g.glyphs[0]!, dx: 10, dy: 8 }] };
  const pdf2 = await writePdf(doc([{ kind: 'glyphs', x: 100, y: 100, run: moved, color: BLACK }]), { creationDate: DATE });
  const w2 = words(pdf2)[0]!;
  assert.ok(Math.abs(w2.xMin - 110 * 0.75) < 0.5, `dx: xMin ${w2.xMin}`);
  const w1 = words(await writePdf(doc([{ kind: 'glyphs', x: 100, y: 100, run: g, color: BLACK }]), { creationDate: DATE }))[0]!;
  assert.ok(Math.abs(w1.yMin - w2.yMin - 8 * 0.75) < 0.5, `dy: ${w1.yMin} → ${w2.yMin}`);
});

test('each face is embedded once, as a subset, with a ToUnicode CMap', async () => {
  const items: DisplayItem[] = [];
  for (let i = 0; i < 40; i++) items.push({ kind: 'glyphs', x: 40, y: 40 + i * 20, run: shape(`Line ${i} of the quick brown fox`, 14), color: BLACK });
  items.push({ kind: 'glyphs', x: 40, y: 900, run: shape('Bold words', 14, face('LiberationSans-Bold.ttf')), color: BLACK });
  const pdf = await writePdf(doc(items), { creationDate: DATE });
  const q = qdf(pdf);
  assert.equal((q.match(/\/Subtype \/Type0/g) ?? []).length, 2);
  assert.equal((q.match(/\/FontFile2/g) ?? []).length, 2);
  assert.match(q, /\/BaseFont \/[A-Z]{6}\+LiberationSans\b/);
  assert.match(q, /\/BaseFont \/[A-Z]{6}\+LiberationSans-Bold/);
  assert.equal((q.match(/beginbfchar/g) ?? []).length >= 2, true);
  assert.ok(pdf.length < 30_000, `a one-page text PDF is small: ${pdf.length} bytes`);
  assert.match(pdftotext(pdf), /Line 39 of the quick brown fox/);
});

test('text colour and alpha', async () => {
  const pdf = await writePdf(doc([{ kind: 'glyphs', x: 10, y: 50, run: shape('Red', 30), color: rgba(255, 0, 0, 0.5) }]), { creationDate: DATE });
  const q = qdf(pdf);
  assert.match(q, /1 0 0 rg/);
  assert.match(q, /\/ca 0\.5/);
  assert.match(q, /\/CA 0\.5/);
});

test('pages have their exact sizes', async () => {
  const pdf = await writePdf({ info: {}, pages: [
    { width: A4W, height: A4H, items: [] },
    { width: 816, height: 1056, items: [] }, // US letter: 612 × 792 pt
    { width: 100, height: 50, items: [] },
  ] }, { creationDate: DATE });
  const info = pdfinfo(pdf);
  assert.equal(info.Pages, '3');
  const sizes = [1, 2, 3].map((p) => withPage(pdf, p));
  assert.deepEqual(sizes[0], [595.276, 841.89]);
  assert.deepEqual(sizes[1], [612, 792]);
  assert.deepEqual(sizes[2], [75, 37.5]);
});

function withPage(pdf: Uint8Array, page: number): [number, number] {
  const q = qdf(pdf);
  const boxes = [...q.matchAll(/\/MediaBox \[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Math.round(+m[1]! * 1000) / 1000, Math.round(+m[2]! * 1000) / 1000] as [number, number]);
  return boxes[page - 1]!;
}

test('document info fields', async () => {
  const pdf = await writePdf(doc([], { title: 'Invoice № 42 & co', author: 'Ada', subject: 'Billing', keywords: 'invoice, march' }), { creationDate: DATE });
  const info = pdfinfo(pdf);
  assert.equal(info.Title, 'Invoice № 42 & co');
  assert.equal(info.Author, 'Ada');
  assert.equal(info.Subject, 'Billing');
  assert.equal(info.Keywords, 'invoice, march');
  assert.equal(info.Producer, 'Quire');
  assert.equal(info.Creator, 'Quire');
  assert.equal(info.CreationDate, '2024-05-06T07:08:09Z');
  assert.equal(info.ModDate, '2024-05-06T07:08:09Z');
});

test('output is byte-identical for identical input and date, different for another date', async () => {
  const mk = (): DocumentDisplayList => doc([
    { kind: 'rect', rect: { x: 10, y: 10, w: 50, h: 50 }, color: rgba(0, 128, 255, 0.7) },
    { kind: 'glyphs', x: 100, y: 100, run: shape('Same bytes', 16), color: BLACK },
    { kind: 'link', rect: { x: 100, y: 80, w: 80, h: 24 }, url: 'https://example.com/a' },
    { kind: 'anchor', name: 'top', x: 0, y: 0 },
  ], { title: 'T' });
  const a = await writePdf(mk(), { creationDate: DATE });
  const b = await writePdf(mk(), { creationDate: new Date(DATE.getTime()) });
  assert.deepEqual(Buffer.from(a), Buffer.from(b));
  const c = await writePdf(mk(), { creationDate: new Date('2024-05-06T07:08:10Z') });
  assert.notDeepEqual(Buffer.from(a), Buffer.from(c));
});

test('API misuse throws TypeError; an empty list gives one blank A4 page', async () => {
  await assert.rejects(() => writePdf(null as unknown as DocumentDisplayList, { creationDate: DATE }), TypeError);
  await assert.rejects(() => writePdf(doc([]), { creationDate: new Date('nope') }), TypeError);
  await assert.rejects(() => writePdf(doc([]), {} as { creationDate: Date }), TypeError);
  const pdf = await writePdf({ info: {}, pages: [] }, { creationDate: DATE });
  assert.equal(pdfinfo(pdf).Pages, '1');
});

test('WOFF and WOFF2 faces are embedded as TrueType subsets', async () => {
  for (const file of ['fa-regular-400.woff', 'fa-regular-400.woff2']) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const font: any = (fontkit as any).openSync(fileURLToPath(new URL(`../fixtures/fonts/${file}`, import.meta.url)));
    const ff = { ...face(), key: file, family: 'FA', font, unitsPerEm: font.unitsPerEm };
    const run = shape('\uf004\uf005', 40, ff);
    const sink = new WarningSink();
    const pdf = await writePdf({ info: {}, pages: [{ width: 200, height: 80, items: [{ kind: 'glyphs', x: 10, y: 50, run, color: BLACK }] }] }, { creationDate: DATE, warnings: sink });
    assert.deepEqual(sink.list, [], file);
    assert.equal(pdftotext(pdf).trim(), '\uf004\uf005', file);
    const q = qdf(pdf);
    assert.match(q, /\/FontFile2/, file);
    const img = raster(pdf, 96);
    let dark = 0;
    for (let y = 10; y < 60; y++) for (let x = 10; x < 100; x++) if (img.px(x, y)[0] < 100) dark++;
    assert.ok(dark > 100, `${file}: glyph outlines drawn (${dark} dark px)`);
  }
});

test('one glyph drawn for two texts extracts as each (second CID via CIDToGIDMap)', async () => {
  const decomposed = shape('cafe\u0301 x', 20, face('DejaVuSans.ttf'));
  decomposed.glyphs[3] = { ...decomposed.glyphs[3]!, text: 'e\u0301' };
  decomposed.glyphs[4] = { ...decomposed.glyphs[4]!, text: '' };
  const hyphen = shape('re-enter', 20, face('DejaVuSans.ttf'));
  hyphen.glyphs[2] = { ...hyphen.glyphs[2]!, text: '\u2010' };
  const plain = shape('see well-known', 20, face('DejaVuSans.ttf'));
  const pdf = await writePdf(doc([
    { kind: 'glyphs', x: 10, y: 50, run: decomposed, color: BLACK },
    { kind: 'glyphs', x: 10, y: 100, run: hyphen, color: BLACK },
    { kind: 'glyphs', x: 10, y: 150, run: plain, color: BLACK },
  ]), { creationDate: DATE });
  assert.equal(pdftotext(pdf).trim().split(/\n+/).join('|'), 'cafe\u0301 x|re\u2010enter|see well-known');
  assert.match(qdf(pdf), /\/CIDToGIDMap \d+ 0 R/);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});

test('synthetic bold (fill + stroke) and oblique (skewed text matrix)', async () => {
  const f = face();
  const plain = shape('IIII', 40, f);
  const bold = { ...plain, face: { ...f, synthetic: { bold: true, oblique: false } } };
  const oblique = { ...plain, face: { ...f, synthetic: { bold: false, oblique: true } } };
  const pdf = await writePdf({ info: {}, pages: [{ width: 300, height: 200, items: [
    { kind: 'glyphs', x: 10, y: 50, run: plain, color: BLACK },
    { kind: 'glyphs', x: 10, y: 110, run: bold, color: BLACK },
    { kind: 'glyphs', x: 10, y: 170, run: oblique, color: BLACK },
  ] }] }, { creationDate: DATE });
  const q = qdf(pdf);
  assert.match(q, /1\.\d+ w\n2 Tr/); // 40 px: stroke 40 × (1/24 … 1/32) ≈ 1.4 px
  assert.match(q, /0 Tr/);
  assert.match(q, /1 0 0\.25 -1 10 170 Tm/);
  assert.equal((q.match(/\/Subtype \/Type0/g) ?? []).length, 1, 'one font for the real and synthetic faces');
  const img = raster(pdf, 96);
  const ink = (y0: number, y1: number): number => { let n = 0; for (let y = y0; y < y1; y++) for (let x = 0; x < 150; x++) if (img.px(x, y)[0] < 128) n++; return n; };
  const [a, b] = [ink(15, 55), ink(75, 115)];
  assert.ok(b > a * 1.1, `bold has more ink: ${a} → ${b}`);
  // Oblique: the stems lean right, so the top of the first I starts right of its bottom.
  const firstInk = (y: number): number => { for (let x = 0; x < 150; x++) if (img.px(x, y)[0] < 128) return x; return -1; };
  assert.ok(firstInk(142) - firstInk(168) >= 4, `lean: ${firstInk(142)} vs ${firstInk(168)}`);
  assert.match(pdftotext(pdf), /IIII\n+IIII\n+IIII/);
});

test('runs from the text stage (fallback faces, ligatures, spacing) extract and place exactly', async () => {
  const fonts = createFontContext({ loader: new ResourceLoader(), warnings: new WarningSink() });
  const spec = { fontFamily: ['DejaVu Serif'], fontSize: 18, fontWeight: 400, fontStyle: 'normal' as const, wordSpacing: 4 };
  const runs = fonts.shape('office → 12 € ✓ affine', spec);
  const items: DisplayItem[] = [];
  let x = 30;
  for (const run of runs) { items.push({ kind: 'glyphs', x, y: 60, run, color: BLACK }); x += run.width; }
  const pdf = await writePdf(doc(items), { creationDate: DATE });
  assert.equal(pdftotext(pdf).trim(), 'office → 12 € ✓ affine');
  const ws = words(pdf);
  assert.ok(Math.abs(ws[0]!.xMin - 30 * 0.75) < 0.5, `first word at ${ws[0]!.xMin}`);
  assert.ok(Math.abs(ws[ws.length - 1]!.xMax - x * 0.75) < 0.5, `last word ends at ${ws[ws.length - 1]!.xMax} vs ${x * 0.75}`);
});

test('a character drawn as .notdef still extracts as itself', async () => {
  const run = shape('A\u0d9aB', 20); // Sinhala: not in Liberation Sans → glyph 0
  assert.equal(run.glyphs[1]!.id, 0);
  // (fontkit caches glyph objects by id, so codePoints of glyph 0 may come from an earlier use.)
  run.glyphs[1] = { ...run.glyphs[1]!, text: '\u0d9a' };
  const pdf = await writePdf(doc([{ kind: 'glyphs', x: 10, y: 50, run, color: BLACK }]), { creationDate: DATE });
  assert.equal(pdftotext(pdf).trim(), 'A\u0d9aB');
});
