// Chinese, Japanese and Korean text in inline layout: UAX #14 line breaking as Chromium's ICU does it, the bundled fallback font, missing-glyph warnings.
// Out: word positions (pt) against Chromium 156 printing with the reference fonts plus fonts/DroidSansFallback-CJK.ttf (its only CJK font), and warnings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../../src/index.ts';
import { assertWords, pdfOf } from './chromium.ts';

const PAGE = (h: number, lang = ''): string =>
  `<!DOCTYPE html><html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8"><style>@page { margin: 0; size: 500px ${h}px } body { margin: 20px; font: 16px "Liberation Sans" } p { margin: 0 0 6px; width: 200px }`;

test('Han, kana and Hangul come from the bundled Droid Sans Fallback, lines break between ideographs and at Korean spaces (Chromium 156)', async () => {
  const pdf = await pdfOf(`${PAGE(300)}</style></head><body>
<p>日本語のテキストは単語の間にスペースがありません。改行は文字の間で行われます。</p>
<p>中文文本也没有空格，标点符号“不能”出现在行首。</p>
<p>한국어는 단어 사이에 공백이 있습니다. 줄 바꿈은 공백에서 합니다.</p>
<p>Invoice 請求書 No. 12345（税込）</p></body></html>`);
  // Lines of 21 px: Droid Sans Fallback's ascent 17 + descent 4 extend Liberation Sans's 18 (line-height: normal).
  assertWords(pdf, [
    ['日本語のテキストは単語の', 15, 30.937], ['間にスペースがありませ', 15, 46.687], ['ん。改行は文字の間で行わ', 15, 62.437], ['れます。', 15, 78.187],
    ['中文文本也没有空格，标点', 15, 98.437], ['符号“不能”出现在行首。', 15, 114.187],
    ['한국어는', 15, 134.437], ['단어', 66.334, 134.437], ['사이에', 93.668, 134.437], ['공백', 133.002, 134.437],
    ['이', 15, 150.187], ['있습니다.', 30.334, 150.187], ['줄', 85.002, 150.187], ['바꿈은', 100.336, 150.187], ['공백', 139.67, 150.187],
    ['에서', 15, 165.937], ['합니다.', 42.334, 165.937],
    // A digit may break before a fullwidth opening bracket (LB30 since Unicode 8).
    ['Invoice', 15, 185.543], ['請求書', 56.355, 186.187], ['No.', 95.689, 185.543], ['12345', 117.697, 185.543], ['（税込）', 15, 201.937],
  ]);
});

test('kinsoku and word-break as Chromium: no line starts with 。、」 or ゝ々‼, small kana and ー may start one; keep-all, break-all, justify (Chromium 156)', async () => {
  const pdf = await pdfOf(`${PAGE(600, 'ja')} p { width: 161px }</style></head><body>
<p>ちょっとチェックしてください。ショッピングセンターへ行きました。</p>
<p>「こんにちは」と彼は言った。（注）株式会社ＡＢＣ、２０２４年１月。</p>
<p>価格は1,234円です。合計：¥12,345（税込）になります。</p>
<p>Quire社のPDF生成サービスはHTMLテンプレートを使います。</p>
<p style="word-break: keep-all">한국어는 단어 사이에 공백이 있습니다 줄바꿈테스트입니다아주긴단어</p>
<p style="word-break: break-all">English words break anywhere with break-all here</p>
<p style="word-break: keep-all">日本語のテキストは単語の間にスペースがありません。</p>
<p style="text-align: justify">日本語のテキストは単語の間にスペースがありません。改行は文字の間で行われます。</p></body></html>`);
  assertWords(pdf, [
    ['ちょっとチェックして', 15, 30.937], ['ください。ショッピン', 15, 46.687], ['グセンターへ行きまし', 15, 62.437], ['た。', 15, 78.187],
    ['「こんにちは」と彼は', 15, 98.437], ['言った。（注）株式会', 15, 114.187], ['社ＡＢＣ、２０２４年', 15, 129.937], ['１月。', 15, 145.687],
    ['価格は1,234円です。', 15, 165.937], ['合計：¥12,345（税', 15, 181.687], ['込）になります。', 15, 197.437],
    ['Quire社のPDF生成サ', 15, 217.043], ['ービスはHTMLテンプ', 15, 233.437], ['レートを使います。', 15, 249.187],
    ['한국어는', 15, 269.437], ['단어', 66.334, 269.437], ['사이에', 93.668, 269.437], ['공백이', 15, 285.187], ['있습니다', 54.334, 285.187],
    ['줄바꿈테스트입니다아주긴단어', 15, 300.937],
    ['English', 15, 318.293], ['words', 57.691, 318.293], ['break', 93.035, 318.293], ['a', 126.387, 318.293],
    ['nywhere', 15, 331.793], ['with', 63.691, 331.793], ['break-all', 88.365, 331.793], ['here', 15, 345.293],
    ['日本語のテキストは単語の間にスペースがありません。', 15, 366.187],
    ['日本語のテキストは単', 15, 386.437], ['語の間にスペースがあ', 15, 402.187], ['りません。改行は文字', 15, 417.937], ['の間で行われます。', 15, 433.687],
  ]);
  // Ten characters fit a line: which eleventh character may start the next one.
  const kana = await pdfOf(`${PAGE(400)} p { width: 161px }</style></head><body>
<p>あいうえおかきくけこっさ</p><p>あいうえおかきくけこーさ</p><p>あいうえおかきくけこゝさ</p><p>あいうえおかきくけこ。さ</p>
<p>あいうえおかきくけこァさ</p><p>あいうえおかきくけこ々さ</p><p>あいうえおかきくけこ‼さ</p></body></html>`);
  assertWords(kana, [
    ['あいうえおかきくけこ', 15, 30.937], ['っさ', 15, 46.687], ['あいうえおかきくけこ', 15, 66.937], ['ーさ', 15, 82.687],
    ['あいうえおかきくけ', 15, 102.937], ['こゝさ', 15, 118.687], ['あいうえおかきくけ', 15, 138.937], ['こ。さ', 15, 154.687],
    ['あいうえおかきくけこ', 15, 174.937], ['ァさ', 15, 190.687], ['あいうえおかきくけ', 15, 210.937], ['こ々さ', 15, 226.687],
    ['あいうえおかきくけ', 15, 246.937], ['こ‼さ', 15, 262.687],
  ]);
});

test('characters no font has print as boxes with one missing-glyph warning per source line, never silently', async () => {
  const out = await renderPdf(`<!DOCTYPE html><html><body>
<p>Thai: สวัสดี</p>
<div><span>日本語 한국어 ok</span>
<span>𠀋</span></div></body></html>`, { creationDate: new Date(0) });
  const missing = out.warnings.filter((w) => w.code === 'missing-glyph');
  assert.deepEqual(missing.map((w) => w.line), [2, 4]);
  assert.match(missing[0]!.message, /5 characters: "ส" U\+0E2A, "ว" U\+0E27, "ั" U\+0E31, "ด" U\+0E14, "ี" U\+0E35; they print as empty boxes/);
  assert.match(missing[1]!.message, /glyph for "𠀋" U\+2000B; it prints as an empty box/);
});
