// In: hand-made pdftotext words and pdfjs runs, and hand-written one-page PDFs drawn with a Type 3 font.
// Out: checks of test/fidelity/baseline.ts (the `base` diagnostic): which baseline a word gets, and that
// `base` ignores poppler's Type 3 box guess where `words` (score.ts) fails, yet still sees a moved line.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baselineOf, onBaselines, scoreBaselines, type Run } from '../../test/fidelity/baseline.ts';
import { pdfWords, scorePdf, wordAgreement, type Word } from '../../test/fidelity/score.ts';

const W = (t: string, x: number, y: number, x2: number, y2: number, page = 0): Word => ({ page, x, y, x2, y2, t });
const R = (x0: number, x1: number, base: number, page = 0): Run => ({ page, x0, x1, base });

test('a word takes the baseline of the run under it, not the line above whose baseline its tall box reaches', () => {
  const word = W('Total', 100, 40, 150, 60);
  // The line above (base 41) spans the whole width too; the word's own line is nearer where its box puts a baseline.
  assert.equal(baselineOf(word, [R(0, 300, 41), R(100, 150, 55)]), 55);
  // A run on another page or outside the box's height is not under it.
  assert.equal(baselineOf(word, [R(100, 150, 55, 1), R(100, 150, 70)]), null);
});

test('glyph by glyph runs (Chromium Type 3) add up per line; a zero-width mark off the baseline does not win', () => {
  const word = W('abc', 10, 0, 40, 20);
  const runs = [R(10, 20, 15), R(20, 30, 15), R(30, 40, 15), R(25, 25, 17.5), R(0, 12, 18)];
  assert.equal(baselineOf(word, runs), 15);
  // With only a mark under it (a word of one combining mark), the mark's baseline is the word's.
  assert.equal(baselineOf(W('\u064b', 25, 0, 25.5, 20), [R(25, 25, 17.5)]), 17.5);
});

test('words keep their box bottom when no run is found, and are counted', () => {
  const words = [W('a', 0, 0, 10, 12), W('b', 20, 0, 30, 12)];
  const { words: placed, unplaced } = onBaselines(words, [R(0, 10, 9)]);
  assert.deepEqual(placed.map((w) => w.y2), [9, 12]);
  assert.equal(unplaced, 1);
});

test('same origins, different box bottoms: words fails, the baseline pairing matches', () => {
  // Reference: a Type 3 font whose box bottom poppler puts 3.8 pt lower than ours; same left edges and baselines.
  const ref = [W('Hello', 10, 80, 40, 105.9), W('world', 45, 80, 75, 105.9)];
  const ours = [W('Hello', 10.4, 88, 40.4, 102.1), W('world', 45.4, 88, 75.4, 102.1)];
  assert.equal(wordAgreement(ref, ours, 2).word_agreement, 0);
  const base = wordAgreement(onBaselines(ref, [R(10, 75, 100)]).words, onBaselines(ours, [R(10.4, 75.4, 100.3)]).words, 2);
  assert.equal(base.word_agreement, 1);
  assert.ok(Math.abs(base.mean_offset_pt! - 0.4) < 1e-9);
});

// ---- real PDFs: poppler and pdfjs read the same hand-written Type 3 font ------------------------------------

const dir = mkdtempSync(path.join(tmpdir(), 'quire-fid-base-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A 300 × 200 pt page with "ab ba" at 12 pt, baseline `base` pt from the top, in a Type 3 font named as
 * Chromium names its glyphs (g0, g1…, text through ToUnicode). Code 0 is an unused glyph `w0` units wide:
 * poppler (no one-letter glyph names) scales its word box by that width / 500, so `w0` moves the box bottom
 * and nothing else.
 */
function type3Pdf(file: string, base: number, w0: number): string {
  const glyph = (w: number) => `${w} 0 0 0 ${w} 700 d1 0 0 ${w} 700 re f`;
  const stream = (s: string) => `<< /Length ${s.length} >>\nstream\n${s}\nendstream`;
  const cmap = ['/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '3 beginbfchar <01> <0020> <02> <0061> <03> <0062> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end'].join('\n');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream(`BT /F1 12 Tf 1 0 0 1 40 ${200 - base} Tm <0203010302> Tj ET`),
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix [0.001 0 0 0.001 0 0] ' +
      '/CharProcs << /g0 6 0 R /g1 7 0 R /g2 8 0 R /g3 9 0 R >> /Encoding << /Type /Encoding /Differences [0 /g0 /g1 /g2 /g3] >> ' +
      `/FirstChar 0 /LastChar 3 /Widths [${w0} 250 500 600] /ToUnicode 10 0 R /Resources << >> >>`,
    stream(glyph(w0)), stream('250 0 0 0 0 0 d1'), stream(glyph(500)), stream(glyph(600)), stream(cmap),
  ];
  let pdf = '%PDF-1.7\n';
  const offsets = objs.map((o, i) => { const at = pdf.length; pdf += `${i + 1} 0 obj\n${o}\nendobj\n`; return at; });
  const xref = pdf.length;
  pdf += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const out = path.join(dir, file);
  writeFileSync(out, pdf, 'latin1');
  return out;
}

test('two Type 3 subsets on one baseline: poppler boxes the words 3.8 pt apart, base pairs them exactly', async () => {
  const ref = type3Pdf('ref.pdf', 100, 700), ours = type3Pdf('ours.pdf', 100, 250);
  const [wr, wt] = await Promise.all([pdfWords(ref), pdfWords(ours)]);
  assert.deepEqual(wr.map((w) => w.t), ['ab', 'ba']);
  assert.deepEqual(wt.map((w) => [w.t, w.x]), wr.map((w) => [w.t, w.x]));
  // Box bottom = baseline + 0.35 × 12 pt × w0 / 500: 105.88 against 102.1.
  assert.ok(Math.abs(wr[0]!.y2 - 105.88) < 0.01 && Math.abs(wt[0]!.y2 - 102.1) < 0.01, `${wr[0]!.y2} ${wt[0]!.y2}`);
  const words = await scorePdf(ref, ours);
  assert.equal(words.word_agreement, 0);
  assert.deepEqual(await scoreBaselines(ref, ours), { base_agreement: 1, base_mean_offset_pt: 0, base_unplaced: [0, 0] });
});

test('base still sees a line that moved: 3 pt fails, 1 pt passes, as words does with the same font', async () => {
  const ref = type3Pdf('ref2.pdf', 100, 700);
  for (const [dy, expected] of [[3, 0], [1, 1]] as const) {
    const ours = type3Pdf(`moved${dy}.pdf`, 100 + dy, 700);
    assert.equal((await scorePdf(ref, ours)).word_agreement, expected);
    const base = await scoreBaselines(ref, ours);
    assert.equal(base.base_agreement, expected);
    assert.ok(Math.abs(base.base_mean_offset_pt! - dy) < 1e-6, `${dy}: ${base.base_mean_offset_pt}`);
  }
});
