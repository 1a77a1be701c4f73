// In: text mixing Hangul, Han, Kana, Latin, Greek and Cyrillic with middle dots (U+00B7, U+30FB), ideographic commas,
// brackets and digits, under lang=ko/ja/zh and none, in the project's CJK fonts, rendered through renderPdf.
// Out: word boxes (pt) against Chromium 156's print, and the script runs themselves (Blink's ScriptRunIterator).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { scriptRuns } from '../../src/text/script-runs.ts';
import { missingWords } from '../paint/pdf-helpers.ts';

/** The fidelity cases' fonts: Noto Sans KR as Google Fonts serves it (unicode-range slices), Noto Sans JP and SC (OFL). */
const CASES = new URL('../fidelity/cases/', import.meta.url);

const DOC = `<!doctype html><html><head><link href="html-resume-template-ko-webfont/fonts/noto-sans-kr.css" rel="stylesheet"><style>
@font-face { font-family: JP; src: url(bagisto-invoice-ja/fonts/NotoSansJP-Regular.ttf) }
@font-face { font-family: SC; src: url(bagisto-invoice-zh/fonts/NotoSansSC-Regular.ttf) }
@page { size: 640px 300px; margin: 0 } body { margin: 10px; font: 20px/30px 'Noto Sans KR' } .jp { font-family: JP } .sc { font-family: SC } .dv { font-family: 'DejaVu Sans' }
</style></head><body>
<div lang="ko">계·문 가 · 나 1·2 A·가 가·A 가·1 서울·부산·대구 2012·03 (가·나) 가[나·다] 회사·Kim Kim·회사</div>
<div>계·문 가 · 나 1·2 A·가 가·A 가·1 서울·부산·대구 2012·03 (가·나) 가[나·다] 회사·Kim Kim·회사</div>
<div lang="ja" class="jp">東京・大阪 東京·大阪 カタカナ・ひらがな 漢字（かな） かな·カナ Ж·Ш αβ·γ 「A」 1、2</div>
<div lang="zh" class="sc">北京·上海 中文（English） 《书名》·《书名》 1·2 A·B 汉·1 臺北、高雄</div>
<div lang="ko" class="dv">αβ·γ Ж·Ш α·Ж Ж(α) a·α 1·2</div>
</body></html>`;

/**
 * Chromium 156 (page.pdf of DOC with the fonts beside it, pdftotext -bbox): text, xMin, yMin, xMax, yMax in pt. Blink
 * shapes text by script runs (ScriptRunIterator: characters grouped by the intersection of their Script_Extensions).
 * U+00B7's Script_Extensions have Latin, Greek and Han but not Hangul or Cyrillic, so between Hangul syllables (and
 * between Cyrillic letters) the middle dot is a run of its own, shaped without Noto Sans KR's KOR 'locl' (its default,
 * wide glyph: '계·문' 36.01 pt at 20 px, not 31.8 as one Hangul run gives), and the space after it is the default one;
 * beside Latin or digits it is in their run (KOR's narrow one). Lines 1-2 lang=ko and none in Noto Sans KR (without
 * a language the same glyphs: the runs split the same way); line 3 lang=ja in Noto Sans JP ('・' U+30FB and '、' have
 * Hiragana, Katakana and Han), line 4 lang=zh in Noto Sans SC, line 5 lang=ko in DejaVu Sans.
 */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['계·문', 7.5, 7.35, 43.514972, 29.069999], ['가', 47.714949, 7.35, 61.514948, 29.069999], ['·', 65.714925, 7.35, 74.129925, 29.069999],
  ['나', 77.489911, 7.35, 91.28991, 29.069999], ['1·2', 95.489887, 7.35, 116.324881, 29.069999], ['A·가', 120.524867, 7.35, 147.629859, 29.069999],
  ['가·A', 151.829836, 7.35, 178.934821, 29.069999], ['가·1', 183.134805, 7.35, 213.674778, 29.069999], ['서울·부산·대구', 217.034766, 7.35, 316.664577, 29.069999],
  ['2012·03', 320.864579, 7.35, 379.229531, 29.069999], ['(가·나)', 382.589521, 7.35, 428.74445, 29.069999],
  ['가[나', 432.104442, 7.35, 464.774426, 29.069999], ['·다]', 7.5, 29.849999, 34.784972, 51.569998], ['회사·Kim', 38.984961, 29.849999, 98.474915, 51.569998],
  ['Kim·회사', 102.674899, 29.849999, 162.164858, 51.569998], ['계·문', 7.5, 52.349998, 43.514972, 74.069997],
  ['가', 46.874952, 52.349998, 60.674952, 74.069997], ['·', 64.034933, 52.349998, 72.449932, 74.069997], ['나', 75.809918, 52.349998, 89.609918, 74.069997],
  ['1·2', 92.969898, 52.349998, 118.03488, 74.069997], ['A·가', 121.39487, 52.349998, 152.294851, 74.069997],
  ['가·A', 155.654829, 52.349998, 186.5548, 74.069997], ['가·1', 189.91479, 52.349998, 220.454736, 74.069997],
  ['서울·부산·대구', 223.814751, 52.349998, 323.444561, 74.069997], ['2012·03', 326.804567, 52.349998, 385.16952, 74.069997],
  ['(가·나)', 388.52951, 52.349998, 434.684434, 74.069997], ['가[나', 438.044434, 52.349998, 470.71441, 74.069997],
  ['·다]', 7.5, 74.849997, 34.784972, 96.569996], ['회사·Kim', 38.144965, 74.849997, 101.864906, 96.569996],
  ['Kim·회사', 105.224895, 74.849997, 168.944843, 96.569996], ['東京・大阪', 7.5, 97.349996, 82.499952, 119.069995],
  ['東京·大阪', 85.859937, 97.349996, 150.855016, 119.069995], ['カタカナ・ひらがな', 154.215002, 97.349996, 289.214988, 119.069995],
  ['漢字（かな）', 292.574973, 99.105465, 382.574969, 118.73437], ['かな·カナ', 385.934954, 99.105465, 450.930064, 118.73437],
  ['Ж·Ш', 7.5, 123.883296, 41.066893, 140.494623], ['αβ·γ', 44.426889, 123.883296, 71.541146, 140.494623],
  ['「A」', 74.901143, 121.605464, 114.021132, 141.234369], ['1、2', 117.381129, 119.849995, 149.031121, 141.569994],
  ['北京·上海', 7.5, 144.105463, 72.495103, 163.734368], ['中文（English）', 75.855088, 142.349994, 186.809992, 164.069993],
  ['《书名》·《书名》', 190.169992, 144.105463, 315.165099, 163.734368], ['1·2', 318.525085, 142.349994, 340.170211, 164.069993],
  ['A·B', 343.530201, 142.349994, 367.500292, 164.069993], ['汉·1', 370.860292, 144.105463, 399.180403, 163.734368],
  ['臺北、高', 402.540418, 144.105463, 462.540416, 163.734368], ['雄', 7.5, 166.605462, 22.499999, 186.234367],
  ['αβ·γ', 7.5, 190.076652, 40.605467, 207.537589], ['Ж·Ш', 45.373533, 190.076652, 82.338864, 207.537589],
  ['α·Ж', 87.10693, 190.076652, 117.919917, 207.537589], ['Ж(α)', 122.687983, 190.076652, 160.437005, 207.537589],
  ['a·α', 165.205071, 190.076652, 189.052726, 207.537589], ['1·2', 193.820793, 190.076652, 217.675772, 207.537589],
];

test('text is shaped by script runs as Chromium 156 segments them: a middle dot between Hangul syllables is a run of its own', async () => {
  const out = await renderPdf(DOC, { baseUrl: CASES.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM, 0.05), []);
});

const runs = (text: string): string => scriptRuns(text).map((r) => `${r.end}:${r.script}`).join(' ');

test('script runs follow Script_Extensions, Common and Inherited characters and paired brackets as Blink\'s ScriptRunIterator', () => {
  // U+00B7: Script Common, Script_Extensions without Hangul or Cyrillic (the run resolves to the first of them).
  assert.equal(runs('계·문'), '1:Hangul 2:Avestan 3:Hangul');
  assert.equal(runs('가 · 나'), '2:Hangul 4:Avestan 5:Hangul');
  assert.equal(runs('Ж·Ш'), '1:Cyrillic 2:Avestan 3:Cyrillic');
  assert.equal(runs('αβ·γ'), '4:Greek');
  assert.equal(runs('漢·字'), '3:Han');
  assert.equal(runs('a·b'), '3:Latin');
  // Common characters join the run they are in; a text of only them is Common.
  assert.equal(runs('abc 한글 1.5'), '4:Latin 10:Hangul');
  assert.equal(runs('12 - 34'), '7:Common');
  // Han and Kana are scripts of their own; Katakana and Hiragana one ('kana'); U+30FB and U+3001 join any of them.
  assert.equal(runs('漢字かなカナ'), '2:Han 6:Hiragana');
  assert.equal(runs('東京・大阪'), '5:Han');
  assert.equal(runs('カタカナ・ひらがな'), '9:Hiragana');
  assert.equal(runs('가ー'), '1:Hangul 2:Hiragana');
  // A closing bracket takes its opening bracket's run; an East Asian (fullwidth) opening bracket is Han-based.
  assert.equal(runs('(a가)'), '2:Latin 3:Hangul 4:Latin');
  assert.equal(runs('가(나)'), '4:Hangul');
  assert.equal(runs('中文（English）'), '3:Han 10:Latin 11:Han');
  // An Inherited mark (U+0301) takes the run of its base.
  assert.equal(runs('e\u0301가'), '2:Latin 3:Hangul');
});
