// In: documents with <ruby> (Latin and Japanese bases, annotations wider and narrower than their bases, <rp>, ruby-position:
// under, ruby columns in a table cell, after a margin and on a wrapped line).
// Out: every word where Chromium 156 prints it (page.pdf, pdftotext -bbox, pt; only the project's fonts as
// test/fidelity/make-refs.mjs gives them, Droid Sans Fallback for the kana and kanji), css-ruby-1 as Chromium lays it out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { assertWords, pdfOf } from './inline/chromium.ts';

const DOC1 = `<!doctype html><style>@page{size:400px 300px;margin:0} body{margin:0 10px;font:20px 'Liberation Serif'} p{margin:0 0 20px}</style>
<p id=p1>AA<ruby>ab<rt>xy</rt></ruby>BB</p>
<p id=p2>AA<ruby>a<rt>annotation</rt></ruby>BB</p>
<p id=p3>AA<ruby>longbase<rt>x</rt></ruby>BB</p>
<p id=p4>Name: <ruby>山田<rt>やまだ</rt></ruby><ruby>太郎<rt>たろう</rt></ruby> san</p>
<p id=p5 style="ruby-position:under">AA<ruby>ab<rp>(</rp><rt>xy</rt><rp>)</rp></ruby>BB</p>
<p id=p6>CC</p>`;

const DOC2 = `<!doctype html><style>@page{size:420px 400px;margin:0} body{margin:0 10px;font:16px 'Liberation Sans'} p{margin:0 0 12px} td{border:1px solid;padding:2px 4px} table{border-collapse:collapse}</style>
<p>担当：<ruby>佐<rt>さ</rt>藤<rt>とう</rt></ruby><ruby>花子<rp>（</rp><rt>はなこ</rt><rp>）</rp></ruby>様、<ruby>東京<rt>とうきょう</rt></ruby>本社</p>
<table><tr><td>氏名</td><td><ruby>鈴木<rt>すずき</rt></ruby> <ruby>一郎<rt>いちろう</rt></ruby></td></tr><tr><td>Ruby</td><td><ruby>Ruby<rt>language</rt></ruby> text</td></tr></table>
<p style="margin-top:20px;width:150px">Line one wraps here and <ruby>base<rt>annotation text</rt></ruby> continues on the following lines of text</p>
<p style="ruby-position:under">下<ruby>漢字<rt>かんじ</rt></ruby>の読み</p>
<p>After</p>`;

test('ruby annotations over their bases: centred, wider ones overhanging the text beside them, lines moved down only as far as the room above lacks (Chromium 156)', async () => {
  // p1 starts the page with no margin above: its line moves down 8 px so that the annotation's em box ("xy": 10px,
  // baseline 18 px over the base's) fits (base baseline 26 px, Chromium's line box 31 px high); "annotation" overhangs
  // "AA" and "BB" by half its font size (5 px); "やまだ" over "山田" is spread, ruby-align: space-around (its first kana
  // 1.67 px in); ruby-position: under puts "xy" 12 px below the base's baseline and makes that line 9 px taller.
  assertWords(await pdfOf(DOC1), [
    ['xy', 32.50, 7.62], ['AAabBB', 7.50, 22.74], ['annotation', 25.42, 39.87], ['AA', 7.50, 54.99],
    ['a', 37.91, 54.99], ['BB', 53.32, 54.99], ['x', 53.95, 72.12], ['AAlongbaseBB', 7.50, 87.24],
    ['やまだたろう', 52.48, 106.99], ['Name:', 7.50, 121.74], ['山田太郎', 51.23, 122.48], ['san', 114.98, 121.74],
    ['AAabBB', 7.50, 153.99], ['xy', 32.50, 161.37], ['CC', 7.50, 192.99]
  ]);
});

test('ruby in Japanese text, a table cell, a wrapped paragraph and under the base (Chromium 156)', async () => {
  // <rp> is not displayed; a column's kana are spread over its kanji; the cell's 2 px padding is room for part of the
  // annotations' overflow; the wrapped paragraph's third line borrows the room its second line leaves under its text.
  assertWords(await pdfOf(DOC2), [
    ['さ', 46.50, 6.84], ['とう', 55.50, 6.84], ['は', 68.50, 6.84], ['な', 76.50, 6.84], ['こ', 84.50, 6.84],
    ['とうきょう', 114.00, 6.84], ['担当：佐藤花子様、東', 7.50, 19.69], ['京本社', 130.50, 19.69], ['す', 47.02, 36.09],
    ['ず', 55.02, 36.09], ['き', 63.02, 36.09], ['いちろう', 73.36, 36.09], ['氏名', 11.25, 48.19], ['鈴木', 46.02, 48.94],
    ['一郎', 73.36, 48.94], ['language', 47.68, 57.52], ['Ruby', 11.25, 67.79], ['Ruby', 46.02, 70.04],
    ['text', 77.37, 70.04], ['Line', 7.50, 100.79], ['one', 33.52, 100.79], ['wraps', 56.88, 100.79],
    ['here', 92.22, 100.79], ['annotation', 27.86, 107.02], ['text', 57.55, 107.02], ['and', 7.50, 119.54],
    ['base', 34.52, 119.54], ['continues', 67.55, 119.54], ['on', 7.50, 133.04], ['the', 24.18, 133.04],
    ['following', 44.20, 133.04], ['lines', 94.22, 133.04], ['of', 7.50, 146.54], ['text', 20.84, 146.54],
    ['下漢字の読み', 7.50, 171.94], ['かんじ', 20.50, 177.84], ['After', 7.50, 199.79]
  ]);
});

test('display: ruby and ruby-text are computed, <rp> is display: none, and no warning is given for them', async () => {
  const out = await renderPdf(DOC2, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
});
