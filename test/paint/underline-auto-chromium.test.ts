/**
 * The underline of `text-decoration-thickness: auto` and `text-underline-offset: auto` as Chromium 156 prints it.
 * In: paragraphs with one underlined word (Liberation Sans/Serif, DejaVu Sans, 12-40 px, whole and fractional tops)
 * on a 400 x 600 px page. Out: the filled rectangles of the PDF (CSS px, y down) against Chromium's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { qdf } from './pdf-helpers.ts';

// Chromium 156 (/usr/bin/chromium, playwright-core page.pdf, preferCSSPageSize, the project's fonts/ through
// test/fidelity/fonts.conf.in): each underline is one `x y w h re` in CSS px (the page's 3.125 scale of its
// 0.24 pt device units undone). Thickness = max(1, floor(font-size / 10)); top = the baseline + max(1,
// ceil(font-size / 10 / 2)) (Blink's ComputeDecorationThickness and ComputeUnderlineOffsetAuto); the font's
// post-table underline position and thickness (Liberation Sans: 1.1 px thick at 15 px) are not used.
const CASES: Array<[string, number, number]> = [ // style of the <p>, Chromium's underline top, its thickness
  ["top:10px;font:15px 'Liberation Sans'", 25, 1],
  ["top:50px;font:16px 'Liberation Sans'", 65, 1],
  ["top:90px;font:12px 'Liberation Sans'", 102, 1],
  ["top:130px;font:20px 'Liberation Sans'", 149, 2],
  ["top:170px;font:30px 'Liberation Sans'", 199, 3],
  ["top:230px;font:15px 'DejaVu Sans'", 245, 1],
  ["top:270px;font:15px 'Liberation Serif'", 284, 1],
  ["top:310px;font:13px 'Liberation Sans'", 323, 1],
  ["top:350px;font:40px 'Liberation Sans'", 388, 4],
  ["top:420px;font:14.5px 'Liberation Sans'", 434, 1],
  ["top:470.7px;font:15px 'Liberation Sans'", 486, 1],
  ["top:500.2px;font:25px 'Liberation Sans'", 525, 2],
  ["top:540px;font:15px/2 'Liberation Sans'", 561, 1],
];

test('auto underline: font-size / 10 thick (whole px), max(1, ceil(thickness / 2)) below the baseline, as Chromium prints it', async () => {
  const ps = CASES.map(([st]) => `<p style="${st}"><u>Delete</u></p>`).join('');
  const html = `<!doctype html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0 } p { margin: 0; position: absolute; left: 10px }</style>${ps}`;
  const text = qdf((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  const rects = [...text.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f$/gm)].map((m) => [+m[2]!, +m[4]!]);
  assert.deepEqual(rects.map(([y, h]) => [Math.round(y! * 100) / 100, Math.round(h! * 100) / 100]), CASES.map(([, y, h]) => [y, h]));
});
