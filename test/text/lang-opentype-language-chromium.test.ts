// In: text in a font with a language system of its own (Noto Sans KR's latn:KOR 'locl': a wider space), under lang
// attributes and -webkit-locale, rendered through renderPdf. Out: word boxes (pt) against Chromium 156's print of the same markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { missingWords } from '../paint/pdf-helpers.ts';
import { openTypeLanguage } from '../../src/text/ot-language.ts';

/** The Noto Sans KR latin slice of test/fidelity/cases/html-resume-template-ko-webfont (OFL, Google Fonts' subset). */
const FONTS = new URL('../fidelity/cases/html-resume-template-ko-webfont/fonts/', import.meta.url);

const DOC = `<!doctype html><html><head><style>
@font-face { font-family: KR; src: url(noto-sans-kr-latin-400-normal.woff2) format('woff2'); }
@page { size: 500px 300px; margin: 0 } body { margin: 10px; font: 20px/30px KR }
</style></head><body>
<div lang="ko">Kim Min-jun Pay Inc.</div>
<div>Kim Min-jun Pay Inc.</div>
<div lang="ko-KR"><span lang="en">Kim Min-jun</span> Pay Inc.</div>
<div lang="ko"><span lang="">Kim Min-jun</span> Pay Inc.</div>
<div lang="ja">Kim Min-jun Pay Inc.</div>
<div style="-webkit-locale: 'ko'">Kim Min-jun Pay Inc.</div>
</body></html>`;

/**
 * Chromium 156 (page.pdf, pdftotext -bbox): text, xMin, yMin, xMax, yMax in pt. Blink hands the element's locale
 * (-webkit-locale, which lang sets) to HarfBuzz, which maps ko to the OpenType language system KOR: Noto Sans KR's
 * 'locl' there swaps the space for a wider one (lines 1, 3 after the span, 6). No lang, lang="" (unknown), an English
 * span and ja (no JAN system under latn in this font) shape with the default language system (lines 2, 3's span, 4, 5).
 */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['Kim', 7.5, 7.35, 35.204986, 29.069999], ['Min-jun', 39.40497, 7.35, 92.459929, 29.069999], ['Pay', 96.659908, 7.35, 121.649891, 29.069999], ['Inc.', 125.849871, 7.35, 151.229854, 29.069999], ['Kim', 7.5, 29.849999, 35.204986, 51.569998], ['Min-jun', 38.564974, 29.849999, 91.604929, 51.569998], ['Pay', 94.964912, 29.849999, 119.954895, 51.569998], ['Inc.', 123.314879, 29.849999, 148.679862, 51.569998], ['Kim', 7.5, 52.349998, 35.204986, 74.069997], ['Min-jun', 38.564974, 52.349998, 91.604929, 74.069997], ['Pay', 95.805458, 52.349998, 120.795441, 74.069997], ['Inc.', 124.995421, 52.349998, 150.375404, 74.069997], ['Kim', 7.5, 74.849997, 35.204986, 96.569996], ['Min-jun', 38.564974, 74.849997, 91.604929, 96.569996], ['Pay', 95.805458, 74.849997, 120.795441, 96.569996], ['Inc.', 124.995421, 74.849997, 150.375404, 96.569996], ['Kim', 7.5, 97.349996, 35.204986, 119.069995], ['Min-jun', 38.564974, 97.349996, 91.604929, 119.069995], ['Pay', 94.964912, 97.349996, 119.954895, 119.069995], ['Inc.', 123.314879, 97.349996, 148.679862, 119.069995], ['Kim', 7.5, 119.849995, 35.204986, 141.569994], ['Min-jun', 39.40497, 119.849995, 92.459929, 141.569994], ['Pay', 96.659908, 119.849995, 121.649891, 141.569994], ['Inc.', 125.849871, 119.849995, 151.229854, 141.569994],
];

test('the content language selects the font\'s OpenType language system as Chromium 156 shapes it (lang=ko: Noto Sans KR\'s KOR space)', async () => {
  const out = await renderPdf(DOC, { baseUrl: FONTS.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM, 0.05), []);
});

test('BCP 47 language tags map to OpenType language system tags as HarfBuzz maps them', () => {
  assert.equal(openTypeLanguage('ko'), 'KOR');
  assert.equal(openTypeLanguage('ko-KR'), 'KOR');
  assert.equal(openTypeLanguage('FA_ir'), 'FAR');
  assert.equal(openTypeLanguage('he'), 'IWR');
  assert.equal(openTypeLanguage('zh'), 'ZHS');
  assert.equal(openTypeLanguage('zh-Hant-HK'), 'ZHT');
  assert.equal(openTypeLanguage('zh-HK'), 'ZHH');
  assert.equal(openTypeLanguage('zh-TW'), 'ZHT');
  assert.equal(openTypeLanguage('x-klingon'), undefined);
  assert.equal(openTypeLanguage(''), undefined);
});
