// In: `zoom` (CSS Zoom as Chromium 126+ implements it) on body (0.8, the wkhtmltopdf-era trick to fit a page), on a table (1.5 inside it),
// nested (2 then 0.5), with px, em, rem, %, vw/vh, thin borders, line-height px and an absolutely positioned box, through renderPdf.
// Out: words (pdftotext -bbox, pt) and pixels (96 dpi) against Chromium 156's page.pdf of the same document (printBackground,
// preferCSSPageSize, the project's fonts); getBoundingClientRect in print emulation gave the same boxes (#b1 30.4, 16, 184 × 64;
// #t2 6.4, 210.5, 236.4 × 37.6; #z2 160 × 16, #z3 80 × 8; #ab 80, 480, 40 × 40). Before zoom was read, every length printed at 100 %.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { missingWords, raster } from '../paint/pdf-helpers.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} html{font:16px/1.25 "Liberation Sans"} body{margin:8px;zoom:0.8}
.box{width:200px;height:50px;border:5px solid #000;padding:10px;margin:20px 0 10px 30px;background:#ccc}
.em{width:10em;height:2rem;background:#9cf;margin-left:1em}
.pct{width:50%;height:20px;background:#fc9}
table{border-collapse:collapse} td{border:2px solid #000;padding:4px 8px;width:80px}
.t2{zoom:1.5;border-spacing:0} p{margin:12px 0;font-size:14px}
</style></head><body>
<div class=box id=b1>Box text</div>
<div class=em id=e1></div>
<div class=pct id=p1></div>
<p id=p>A paragraph of text that should wrap when the line gets long enough to need it, here and there.</p>
<table id=t1><tr><td id=c1>One</td><td>Two</td></tr><tr><td>Three</td><td>Four four</td></tr></table>
<table id=t2 class=t2><tr><td id=c2>Zoomed</td><td>cell</td></tr></table>
<div style="zoom:2;width:100px;height:10px;background:#c00" id=z2><div style="zoom:0.5;width:100px;height:10px;background:#0c0" id=z3></div></div>
<img id=img style="width:40px;height:20px;background:#00f" src="data:image/gif;base64,R0lGODlhAQABAIAAAAUEBAAAACwAAAAAAQABAAACAkQBADs=">
<div id=ab style="position:absolute;left:100px;top:600px;width:50px;height:50px;background:#0c0"></div>
<div id=vw style="width:10vw;height:5vh;background:#888"></div><div id=th style="border-top:thin solid;border-bottom:3px solid;height:0"></div><div id=lh style="line-height:20px;font-size:10px">x</div>
</body></html>`;

/** Chromium 156's words: text, xMin, yMin, xMax, yMax in pt. */
const CHROMIUM_WORDS: Array<[string, number, number, number, number]> = [
['Box', 31.793, 21.309, 48.332, 32.034],
['text', 50.998, 21.309, 66.468, 32.034],
['A', 4.793, 104.896, 10.396, 114.280],
['paragraph', 12.257, 104.896, 50.516, 114.280],
['of', 52.842, 104.896, 59.842, 114.280],
['text', 62.171, 104.896, 75.697, 114.280],
['that', 78.026, 104.896, 92.024, 114.280],
['should', 94.353, 104.896, 119.083, 114.280],
['wrap', 121.409, 104.896, 139.601, 114.280],
['when', 141.927, 104.896, 161.991, 114.280],
['the', 164.317, 104.896, 175.986, 114.280],
['line', 178.312, 104.896, 191.378, 114.280],
['gets', 193.704, 104.896, 209.569, 114.280],
['long', 211.895, 104.896, 227.764, 114.280],
['enough', 230.090, 104.896, 258.094, 114.280],
['to', 260.420, 104.896, 267.423, 114.280],
['need', 269.749, 104.896, 288.420, 114.280],
['it,', 290.746, 104.896, 297.275, 114.280],
['here', 299.603, 104.896, 316.402, 114.280],
['and', 318.728, 104.896, 332.733, 114.280],
['there.', 335.059, 104.896, 356.517, 114.280],
['One', 10.336, 125.559, 28.478, 136.284],
['Two', 68.672, 125.559, 86.275, 136.284],
['Three', 10.336, 142.809, 35.409, 153.534],
['Four', 68.672, 142.809, 88.407, 153.534],
['four', 91.073, 142.809, 107.612, 153.534],
['Zoomed', 13.488, 163.214, 66.285, 179.302],
['x', 4.793, 241.318, 7.793, 248.021],
['cell', 101.379, 163.214, 122.974, 179.302],
];

/** [x, y, Chromium 156's RGB at 96 dpi]: box edges (borders of #b1, #z2/#z3, #ab, the vw/vh box, #e1). */
const CHROMIUM_PIXELS: Array<[number, number, [number, number, number]]> = [
  [32, 50, [0, 0, 0]], [36, 50, [204, 204, 204]], [212, 50, [0, 0, 0]], [216, 50, [255, 255, 255]], [165, 252, [204, 0, 0]], [167, 252, [255, 255, 255]], [40, 250, [0, 204, 0]], [100, 250, [204, 0, 0]], [40, 260, [204, 0, 0]], [82, 482, [0, 204, 0]], [122, 500, [255, 255, 255]], [100, 522, [255, 255, 255]], [52, 300, [136, 136, 136]], [56, 300, [255, 255, 255]], [30, 314, [136, 136, 136]], [20, 80, [255, 255, 255]], [100, 95, [153, 204, 255]], [150, 95, [255, 255, 255]], [152, 95, [255, 255, 255]],
];

test('zoom on body, on a table and nested scales every length as Chromium 156 prints it', async () => {
  const out = await renderPdf(DOC);
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM_WORDS, 0.5), []);
  const img = raster(out.pdf, 96);
  for (const [x, y, rgb] of CHROMIUM_PIXELS) assert.deepEqual(img.px(x, y), rgb, `pixel (${x}, ${y})`);
});

function style(decls: string, parent: ReturnType<typeof computeStyle> | null = null, warnings = new WarningSink()) {
  const list = decls.split(';').filter((d) => d.trim()).map((d) => { const [name, value] = d.split(/:(.*)/s) as [string, string]; return { name: name.trim(), value, important: false }; });
  return computeStyle(list, { parent, rootFontSize: 16, quirks: false, warnings });
}

test('zoom values: effective zoom, font-size and inherited lengths rezoomed, keywords and invalid values', () => {
  const root = style('font-size: 20px; line-height: 30px; letter-spacing: 1px');
  const body = style('zoom: 80%; width: 100px; margin-left: 2em; border-left: thin solid; padding-top: 1rem; height: 10vh', root);
  assert.equal(body.zoom, 0.8);
  assert.equal(body.fontSize, 16);
  assert.deepEqual(body.lineHeight, { px: 24 });
  assert.equal(body.letterSpacing, 0.8);
  assert.deepEqual(body.width, { px: 80, pct: 0 });
  assert.deepEqual(body.marginLeft, { px: 32, pct: 0 });
  assert.equal(body.borderLeft.width, 1);
  assert.deepEqual(body.paddingTop, { px: 12.8, pct: 0 });
  const child = style('zoom: 2; font-size: 10px; width: 50%', body);
  assert.equal(child.zoom, 1.6);
  assert.equal(child.fontSize, 16);
  assert.deepEqual(child.width, { px: 0, pct: 50 });
  assert.equal(style('font-size: 1.5em', child).fontSize, 24);
  assert.equal(style('zoom: normal', body).zoom, 0.8);
  assert.equal(style('zoom: 0', body).zoom, 0.8);
  const w = new WarningSink();
  assert.equal(style('zoom: -1', body, w).zoom, 0.8);
  assert.equal(w.list.length, 1);
});
