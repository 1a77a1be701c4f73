// In: fieldsets with rendered legends (HTML §15.3.13) rendered through renderPdf, read back with pdftotext -bbox and pdftoppm.
// Out: word positions in pt and border / background pixels against Chromium 156's print output of the same markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { words } from '../paint/pdf-helpers.ts';
import { tempDir } from '../tmp.ts';

async function pdfOf(html: string): Promise<string> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-fieldset-');
  writeFileSync(join(dir, 'f.pdf'), out.pdf);
  return join(dir, 'f.pdf');
}

/** Each word's [xMin, yMin] in pt, in reading order. */
const wordsAt = (pdf: string): Array<[string, number, number]> => words(readFileSync(pdf)).map((w) => [w.text, w.xMin, w.yMin]);

function assertWords(pdf: string, chromium: Array<[string, number, number]>): void {
  const got = new Map(wordsAt(pdf).map(([t, x, y]) => [t, [x, y] as const]));
  for (const [t, x, y] of chromium) {
    const g = got.get(t);
    assert.ok(g, `${t} missing`);
    assert.ok(Math.abs(g[0] - x) < 0.1, `${t}: xMin ${g[0]} pt, Chromium ${x}`);
    assert.ok(Math.abs(g[1] - y) < 0.1, `${t}: yMin ${g[1]} pt, Chromium ${y}`);
  }
}

const HEAD = '<!doctype html><html><head><style>@page { margin: 0; size: 400px 600px } body { margin: 20px; font: 16px/20px "Liberation Serif" }';

test('the rendered legend sits over the block-start border; the content starts below its margin box (Chromium 156)', async () => {
  const pdf = await pdfOf(`${HEAD} fieldset { border: 4px solid black } legend { font-size: 30px; line-height: 40px; margin-bottom: 10px }</style></head>
<body><fieldset><legend>Legend</legend>Content</fieldset>
<fieldset style="margin-top:10px"><legend style="font-size:4px;line-height:4px;padding:0">x</legend>Two</fieldset></body></html>`);
  assertWords(pdf, [['Legend', 30, 17.45], ['Content', 28.5, 57.5566], ['x', 28.5, 89.5767], ['Two', 28.5, 104.8066]]);
});

test('legend alignment: auto margins, the align attribute, rtl; no rendered legend when floated or not first', async () => {
  const pdf = await pdfOf(`${HEAD} fieldset { margin-bottom: 10px } legend { font-size: 20px }</style></head><body>
<fieldset><legend style="margin-left:auto;margin-right:auto">Aaa</legend>Bbb</fieldset>
<fieldset><legend align="center">Ccc</legend>Ddd</fieldset>
<fieldset><legend align="RIGHT">Eee</legend>Fff</fieldset>
<fieldset dir="rtl"><legend>Ggg</legend>Hhh</fieldset>
<fieldset style="border:none;padding:0"><legend>Iii</legend>Jjj</fieldset>
<fieldset><legend style="float:left">Kkk</legend>Lll</fieldset>
<fieldset><div>Mmm</div><legend>Nnn</legend>Ooo</fieldset>
<fieldset style="width:60px"><legend>Ppp Qqq Rrr Sss Ttt</legend>Uuu</fieldset></body></html>`);
  assertWords(pdf, [
    ['Aaa', 137.918, 14.3833], ['Bbb', 27, 35.0566], ['Ccc', 138.3398, 65.3833], ['Ddd', 27, 85.3066],
    ['Eee', 249.0117, 115.6333], ['Fff', 27, 136.3066], ['Ggg', 245.6602, 166.6333], ['Hhh', 252.3281, 186.5566],
    ['Iii', 18, 216.8833], ['Jjj', 16.5, 233.0566], ['Kkk', 28.5, 260.3833], ['Lll', 55.8398, 261.5566],
    ['Nnn', 28.5, 291.8833], ['Mmm', 27, 312.5566], ['Ooo', 27, 327.5566],
    ['Ppp', 28.5, 357.8833], ['Ttt', 51.9961, 402.8833], ['Uuu', 27, 422.8066],
  ]);
});

test('the block-start border and background are centred on the legend and not painted behind it (Chromium 156 pixels)', async () => {
  const pdf = await pdfOf(`${HEAD} fieldset { border: 4px solid black; background: #888 } legend { font-size: 30px; line-height: 40px; color: transparent }</style></head>
<body><fieldset><legend>Legend</legend>Content</fieldset></body></html>`);
  // 96 dpi: one device pixel per CSS px.
  execFileSync('pdftoppm', ['-r', '96', '-gray', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  const b = readFileSync(pdf.replace(/\.pdf$/, '.pgm'));
  const [, w, h] = b.toString('latin1', 0, 20).split(/\s+/).map(Number) as [string, number, number];
  const off = b.length - w * h;
  const at = (x: number, y: number): number => b[off + y * w + x]!;
  // Chromium: the fieldset's border box starts at y 20; the 40px legend centres the 4px border on y 40 (38..42), the background starts there.
  for (const x of [25, 200, 370]) {
    assert.ok(at(x, 36) > 240, `x ${x}: above the shifted border is blank (${at(x, 36)})`);
    assert.ok(at(x, 39) < 40 && at(x, 40) < 40, `x ${x}: the border at y 39-40 (${at(x, 39)}, ${at(x, 40)})`);
  }
  assert.ok(at(200, 50) > 110 && at(200, 50) < 160, `background below the border (${at(200, 50)})`);
  assert.ok(at(200, 25) > 240, `no background above the shifted border (${at(200, 25)})`);
  // The legend spans x 38..~130 (border box): no border there, the fieldset's background below the border line only.
  assert.ok(at(80, 39) > 110 && at(80, 40) > 110, `no border behind the legend (${at(80, 39)}, ${at(80, 40)})`);
});

test('a fieldset is at least as wide as its min-content (UA min-inline-size: min-content), even with a smaller width (Chromium 156 pixels)', async () => {
  const pdf = await pdfOf(`${HEAD}</style></head>
<body><div style="width:50px"><fieldset><legend>Lg</legend>Averyverylongword<div>x</div></fieldset><p>y</p><fieldset style="width:10px"><legend>Lg</legend>Anotherlongword</fieldset></div></body></html>`);
  execFileSync('pdftoppm', ['-r', '96', '-gray', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  const b = readFileSync(pdf.replace(/\.pdf$/, '.pgm'));
  const [, w, h] = b.toString('latin1', 0, 20).split(/\s+/).map(Number) as [string, number, number];
  const off = b.length - w * h;
  const lastDark = (y: number): number => { let z = -1; for (let x = 0; x < w; x++) if (b[off + y * w + x]! < 200) z = x; return z; };
  // Chromium: the right borders end at x 177 and 162 (px), the 50px-wide parent notwithstanding.
  assert.ok(Math.abs(lastDark(60) - 177) <= 1, `first fieldset's right border at ${lastDark(60)}`);
  assert.ok(Math.abs(lastDark(171) - 162) <= 1, `second fieldset's right border at ${lastDark(171)}`);
});
