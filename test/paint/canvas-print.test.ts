// In: documents whose root or body has a background (style, bgcolor), with the product's default page margins,
// @page margins, no margins, and an @page background, rendered through renderPdf. Out: where the canvas background
// is painted, against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs calls it):
// its PDFs fill the page area only ("0 0 720 1049 re f" after a 37 px translation on A4 with 10 mm margins) and
// leave the paper white in the margins, whatever the colour; only an @page background reaches the paper's edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { renderPdf } from '../../src/index.ts';
import { raster, withPdf } from './pdf-helpers.ts';

/** The rectangles filled on page 1 (content stream `x y w h re f`, px), from qpdf's uncompressed stream. */
function filledRects(pdf: Uint8Array): Array<[number, number, number, number]> {
  const text = withPdf(pdf, (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1', maxBuffer: 1 << 26 }));
  return [...text.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f$/gm)].map((m) => [+m[1]!, +m[2]!, +m[3]!, +m[4]!]);
}

const near = (a: number[], b: number[], tol: number): boolean => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) <= tol);

// Chromium 156's fill of the canvas (page-area px: corner, size) per document, from its PDFs.
const CASES: Array<[string, string, [number, number, number, number]]> = [
  ['body background, default margins', '<!doctype html><body style="background:#1e1e1e;margin:0"><p style="color:#fff">x</p>', [37, 37, 720, 1049]],
  ['html background', '<!doctype html><html style="background:#1e1e1e"><body style="margin:0"><p>x</p>', [37, 37, 720, 1049]],
  ['bgcolor, quirks mode', '<html><body bgcolor="#1e1e1e"><p>x</p>', [37, 37, 720, 1049]],
  ['@page margin: 20mm', '<!doctype html><style>@page{margin:20mm}</style><body style="background:#1e1e1e;margin:0"><p>x</p>', [76, 76, 644, 973]],
  ['@page 300px with 30px margins', '<!doctype html><style>@page{size:300px 300px;margin:30px}</style><body style="background:#1e1e1e;margin:0"><p>x</p>', [30, 30, 240, 240]],
];

for (const [name, html, chromium] of CASES) {
  test(`canvas background on the page area only: ${name}`, async () => {
    const out = await renderPdf(html, { creationDate: new Date(0) });
    const fills = filledRects(out.pdf);
    // The first fill is the canvas; ours rounds the page area as Chromium does within 1 px (A4's 10 mm margins are
    // 720.016 px of content in Chromium's print path, 720.56 in the product's 37 px page model).
    assert.ok(near(fills[0]!, chromium, 1), `canvas ${fills[0]} vs Chromium's ${chromium}`);
    const img = raster(out.pdf, 24, 1, false);
    assert.deepEqual(img.px(3, 3), [255, 255, 255], 'the margin stays white');
    assert.deepEqual(img.px(Math.floor(img.w / 2), Math.floor(img.h / 2)), [30, 30, 30], 'the page area is dark');
  });
}

test('an @page background covers the margins, the canvas the page area over it', async () => {
  const out = await renderPdf('<!doctype html><style>@page{background:#c00}</style><body style="background:#1e1e1e;margin:0"><p>x</p>', { creationDate: new Date(0) });
  const fills = filledRects(out.pdf);
  // Chromium: "0 0 795 1124 re f" in red, then the page area.
  assert.ok(near(fills[0]!, [0, 0, 794.56, 1123.84], 1), `page ${fills[0]}`);
  assert.ok(near(fills[1]!, [37, 37, 720, 1049], 1), `canvas ${fills[1]}`);
  const img = raster(out.pdf, 24, 1, false);
  assert.deepEqual(img.px(3, 3), [204, 0, 0]);
  assert.deepEqual(img.px(Math.floor(img.w / 2), Math.floor(img.h / 2)), [30, 30, 30]);
});
