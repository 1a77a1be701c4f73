/**
 * Overline and line-through as Chromium 156 prints them, with text-decoration-thickness auto and explicit.
 * In: paragraphs with one decorated word (Liberation Sans/Serif, DejaVu Sans, 12-40 px, whole and fractional tops,
 * line-height 2) on a 400 x 600 px page. Out: the filled rectangles of the PDF (CSS px, y down) against Chromium's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { qdf } from './pdf-helpers.ts';

/** The <p> styles, as in underline-auto-chromium.test.ts. */
const STYLES = [
  "top:10px;font:15px 'Liberation Sans'",
  "top:50px;font:16px 'Liberation Sans'",
  "top:90px;font:12px 'Liberation Sans'",
  "top:130px;font:20px 'Liberation Sans'",
  "top:170px;font:30px 'Liberation Sans'",
  "top:230px;font:15px 'DejaVu Sans'",
  "top:270px;font:15px 'Liberation Serif'",
  "top:310px;font:13px 'Liberation Sans'",
  "top:350px;font:40px 'Liberation Sans'",
  "top:420px;font:14.5px 'Liberation Sans'",
  "top:470.7px;font:15px 'Liberation Sans'",
  "top:500.2px;font:25px 'Liberation Sans'",
  "top:540px;font:15px/2 'Liberation Sans'",
];

// Chromium 156 (/usr/bin/chromium, playwright-core page.pdf, preferCSSPageSize, the project's fonts/ through
// test/fidelity/fonts.conf.in; qpdf --qdf): each line is one `x y w h re` in CSS px, [top, thickness] per style. Blink's
// one thickness for every line (ComputeDecorationThickness: auto max(1, floor(font-size / 10)), a length rounded to
// whole px); the overline sits just above the text top (the baseline less the primary font's rounded ascent), the
// line-through at round(2/3 ascent - thickness / 2) below it (auto: font-size / 10 unrounded): not the fonts' own
// strikeout position and thickness (Liberation Sans at 20 px: 1.46 px thick 1.8 px lower, where Chromium has 2 px).
const CASES: Array<[string, Array<[number, number]>]> = [
  ['line-through', [[19, 1], [59, 1], [97, 1], [141, 2], [187, 3], [239, 1], [278, 1], [317, 1], [372, 4], [428, 1], [480, 1], [514, 2], [555, 1]]],
  ['overline', [[9, 1], [49, 1], [89, 1], [128, 2], [167, 3], [229, 1], [269, 1], [309, 1], [346, 4], [419, 1], [470, 1], [498, 2], [545, 1]]],
  ['line-through;text-decoration-thickness:3px', [[18, 3], [58, 3], [96, 3], [141, 3], [187, 3], [238, 3], [277, 3], [317, 3], [373, 3], [427, 3], [479, 3], [514, 3], [554, 3]]],
  ['overline;text-decoration-thickness:0.15em', [[8, 2], [48, 2], [88, 2], [127, 3], [165, 5], [228, 2], [268, 2], [308, 2], [344, 6], [418, 2], [469, 2], [496, 4], [544, 2]]],
];

for (const [deco, want] of CASES) {
  test(`${deco}: where Chromium prints it`, async () => {
    const ps = STYLES.map((st) => `<p style="${st};text-decoration:${deco}">Delete</p>`).join('');
    const html = `<!doctype html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0 } p { margin: 0; position: absolute; left: 10px }</style>${ps}`;
    const text = qdf((await renderPdf(html, { creationDate: new Date(0) })).pdf);
    const rects = [...text.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f$/gm)].map((m) => [Math.round(+m[2]! * 100) / 100, Math.round(+m[4]! * 100) / 100]);
    assert.deepEqual(rects, want);
  });
}
