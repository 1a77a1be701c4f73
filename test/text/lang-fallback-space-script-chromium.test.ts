// In: Korean text in Noto Sans KR as Google Fonts serves it (unicode-range slices: the space in the Latin slice, the Hangul
// syllables in others) under lang="ko" and without, rendered through renderPdf. Out: word boxes (pt) against Chromium 156's print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { missingWords } from '../paint/pdf-helpers.ts';

/** The fonts of test/fidelity/cases/html-resume-template-ko-webfont (OFL, Google Fonts' subsets) and their @font-face rules. */
const FONTS = new URL('../fidelity/cases/html-resume-template-ko-webfont/fonts/', import.meta.url);

const DOC = `<!doctype html><html><head><link href="noto-sans-kr.css" rel="stylesheet"><style>
@page { size: 500px 300px; margin: 0 } body { margin: 10px; font: 20px/30px 'Noto Sans KR' }
</style></head><body>
<div lang="ko">서울대학교 컴퓨터공학부 학사 서 서 서</div>
<div lang="ko">현재 서울 Kim 판교 Pay</div>
<div>서울대학교 컴퓨터공학부 학사 서 서 서</div>
<div lang="en">현재 서울 Kim 판교 Pay</div>
</body></html>`;

/**
 * Chromium 156 (page.pdf of DOC beside the fonts, pdftotext -bbox): text, xMin, yMin, xMax, yMax in pt. Blink splits
 * text by script run, then by font within it, and HarfBuzz shapes each font's segment in its run's script: a space
 * between Hangul syllables, though it comes from the Latin slice (the only one whose unicode-range has U+0020), is
 * shaped as Hangul under KOR, whose 'locl' swaps it for the wider space (280 units, not 224: 4.2 pt apart at 20 px, not
 * 3.36; lines 1 and 2). Without lang or under en the space is the default one (lines 3 and 4).
 */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['서울대학교', 7.5, 7.35, 76.499933, 29.069999], ['컴퓨터공학부', 80.69991, 7.35, 163.499828, 29.069999], ['학사', 167.699806, 7.35, 195.299789, 29.069999], ['서', 199.499759, 7.35, 213.299759, 29.069999], ['서', 217.499713, 7.35, 231.299713, 29.069999], ['서', 235.499668, 7.35, 249.299667, 29.069999],
  ['현재', 7.5, 29.849999, 35.099983, 51.569998], ['서울', 39.299959, 29.849999, 66.899942, 51.569998], ['Kim', 71.099919, 29.849999, 98.804905, 51.569998], ['판교', 103.00489, 29.849999, 130.604873, 51.569998], ['Pay', 134.804849, 29.849999, 159.794832, 51.569998],
  ['서울대학교', 7.5, 52.349998, 76.499933, 74.069997], ['컴퓨터공학부', 79.859913, 52.349998, 162.659828, 74.069997], ['학사', 166.019813, 52.349998, 193.619797, 74.069997], ['서', 196.979774, 52.349998, 210.779774, 74.069997], ['서', 214.139729, 52.349998, 227.939728, 74.069997], ['서', 231.29969, 52.349998, 245.09969, 74.069997],
  ['현재', 7.5, 74.849997, 35.099983, 96.569996], ['서울', 38.459963, 74.849997, 66.059946, 96.569996], ['Kim', 69.419926, 74.849997, 97.124912, 96.569996], ['판교', 100.484901, 74.849997, 128.084884, 96.569996], ['Pay', 131.444865, 74.849997, 156.434847, 96.569996],
];

test('a space font fallback shapes apart from its Hangul run keeps the run\'s script, as Chromium 156 shapes it (lang=ko: Noto Sans KR\'s KOR space)', async () => {
  const out = await renderPdf(DOC, { baseUrl: FONTS.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM, 0.05), []);
});

const LATIN1 = `<!doctype html><html><head><link href="noto-sans-kr.css" rel="stylesheet"><style>
@page { size: 500px 300px; margin: 0 } body { margin: 10px; font: 20px/30px 'Noto Sans KR' }
</style></head><body>
<div lang="ko">010-2345-6789 · 02 · 1</div>
<div>010-2345-6789 · 02 · 1</div>
<div lang="ko">2012.03 · 2018.02 (3.87/4.3)</div>
<div lang="ko">AWS · Jest · Playwright</div>
</body></html>`;

/**
 * Chromium 156 (page.pdf of LATIN1 beside the fonts, pdftotext -bbox), as CHROMIUM. Blink shapes a text of Latin-1
 * characters only as one Latin run: under lang="ko" a paragraph of digits, spaces and middle dots, which has no script of
 * its own, is in latn:KOR, whose 'locl' gives the wider space and the narrower middle dot (4.2 pt, not 8.4; lines 1
 * and 3, as line 4 with Latin words); without lang the default glyphs (line 2).
 */
const CHROMIUM_LATIN1: Array<[string, number, number, number, number]> = [
  ['010-2345-6789', 7.5, 7.35, 109.514914, 29.069999], ['·', 113.7149, 7.35, 117.8999, 29.069999], ['02', 122.099894, 7.35, 138.749886, 29.069999], ['·', 142.949872, 7.35, 147.134872, 29.069999], ['1', 151.334866, 7.35, 159.659866, 29.069999],
  ['010-2345-6789', 7.5, 29.849999, 109.484907, 51.569998], ['·', 112.844897, 29.849999, 121.259897, 51.569998], ['02', 124.619883, 29.849999, 141.269875, 51.569998], ['·', 144.629865, 29.849999, 153.044865, 51.569998], ['1', 156.404851, 29.849999, 164.72985, 51.569998],
  ['2012.03', 7.5, 52.349998, 61.634964, 74.069997], ['·', 65.83495, 52.349998, 70.01995, 74.069997], ['2018.02', 74.219944, 52.349998, 128.354909, 74.069997], ['(3.87/4.3)', 132.554895, 52.349998, 198.584845, 74.069997],
  ['AWS', 7.5, 74.849997, 38.594982, 96.569996], ['·', 42.794962, 74.849997, 46.979962, 96.569996], ['Jest', 51.179956, 74.849997, 79.814932, 96.569996], ['·', 84.01492, 74.849997, 88.19992, 96.569996], ['Playwright', 92.399914, 74.849997, 167.609835, 96.569996],
];

test('a Latin-1 paragraph with no script of its own is shaped as Latin under its content language, as Chromium 156 shapes it (lang=ko: KOR space and middle dot)', async () => {
  const out = await renderPdf(LATIN1, { baseUrl: FONTS.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM_LATIN1, 0.05), []);
});
