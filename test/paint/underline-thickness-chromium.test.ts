/**
 * The underline of an explicit `text-decoration-thickness` (a length, a percentage, from-font) as Chromium 156 prints it.
 * In: paragraphs with one underlined word (Liberation Sans/Serif, DejaVu Sans, 13-50 px) on a 400 x 600 px page.
 * Out: the filled rectangles of the PDF (CSS px, y down) against Chromium's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { qdf } from './pdf-helpers.ts';

// Chromium 156 (/usr/bin/chromium, playwright-core page.pdf, preferCSSPageSize, the project's fonts/ through
// test/fidelity/fonts.conf.in; qpdf --qdf): each underline is one `x y w h re` in CSS px. Blink's
// ComputeDecorationThickness: a length or percentage rounded to whole px (2.5px: 3, 1.5px: 2, 1.4px: 1, 10% of 13px: 1),
// from-font the font's post-table thickness floored (DejaVu Sans at 16 px 0.70: 1; Liberation Sans at 50 px 3.69: 3),
// at least 1 px; ComputeUnderlineOffsetAuto: its top max(1, ceil(thickness / 2)) px below the baseline as for auto,
// not at the font's underline position (DejaVu Sans at 40 px with 5px: 3 px below, not 0.2); text-underline-offset from
// the baseline.
const CASES: Array<[string, number, number]> = [ // style of the <p>, Chromium's underline top, its thickness
  ["top:10px;font:20px 'Liberation Sans';text-decoration-thickness:1px", 29, 1],
  ["top:50px;font:20px 'Liberation Sans';text-decoration-thickness:3px", 70, 3],
  ["top:90px;font:20px 'Liberation Sans';text-decoration-thickness:0.2em", 110, 4],
  ["top:130px;font:30px 'Liberation Sans';text-decoration-thickness:2.5px", 159, 3],
  ["top:180px;font:20px 'Liberation Sans';text-decoration-thickness:1.5px", 199, 2],
  ["top:220px;font:20px 'Liberation Sans';text-decoration-thickness:1.4px", 239, 1],
  ["top:260px;font:20px 'Liberation Sans';text-decoration-thickness:0.5px", 279, 1],
  ["top:300px;font:40px 'Liberation Serif';text-decoration-thickness:2px", 338, 2],
  ["top:360px;font:40px 'DejaVu Sans';text-decoration-thickness:5px", 400, 5],
  ["top:420px;font:16px 'DejaVu Sans';text-decoration-thickness:from-font", 436, 1],
  ["top:450px;font:50px 'Liberation Sans';text-decoration-thickness:from-font", 498, 3],
  ["top:520px;font:20px 'Liberation Sans';text-decoration-thickness:4px;text-underline-offset:2px", 540, 4],
  ["top:555px;font:13px 'Liberation Sans';text-decoration-thickness:10%", 568, 1],
];

test('an underline of explicit thickness: whole px, max(1, ceil(thickness / 2)) below the baseline, as Chromium prints it', async () => {
  const ps = CASES.map(([st]) => `<p style="${st}"><u>Delete</u></p>`).join('');
  const html = `<!doctype html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0 } p { margin: 0; position: absolute; left: 10px } u { text-decoration-thickness: inherit; text-underline-offset: inherit }</style>${ps}`;
  const text = qdf((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  const rects = [...text.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f$/gm)].map((m) => [+m[2]!, +m[4]!]);
  assert.deepEqual(rects.map(([y, h]) => [Math.round(y! * 100) / 100, Math.round(h! * 100) / 100]), CASES.map(([, y, h]) => [y, h]));
});
