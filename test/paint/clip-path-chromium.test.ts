// In: clip-path with basic shapes (circle, polygon, path, inset with round, ellipse, a content-box reference box, a rotated box, a box with
// in-flow and positioned descendants), through renderPdf. Out: pixels (96 dpi, pdftoppm without anti-aliasing) against the same pixels of
// Chromium 156's page.pdf of this document (printBackground, preferCSSPageSize, the project's fonts); and clip-path: url(#id) of inline SVG <clipPath>s. Before clip-path was drawn, every box was
// painted whole: the corner pixels below that Chromium leaves white were red, green or blue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { raster } from './pdf-helpers.ts';

const DOC = `<!doctype html><html><head><style>@page{size:400px 300px;margin:0} body{margin:0} div{position:absolute;background:#c00}</style></head><body>
<div style="left:10px;top:10px;width:80px;height:80px;clip-path:circle(50%)"></div>
<div style="left:110px;top:10px;width:100px;height:60px;clip-path:polygon(0 0, 100% 0, 100% 70%, 0 100%)"></div>
<div style="left:230px;top:10px;width:80px;height:80px;clip-path:path('M0 0 L80 0 L0 80 Z')"></div>
<div style="left:10px;top:110px;width:80px;height:60px;clip-path:inset(10px 20px round 10px)"></div>
<div style="left:110px;top:110px;width:100px;height:60px;clip-path:ellipse(40px 20px at 50% 50%)"></div>
<div style="left:230px;top:110px;width:60px;height:60px;padding:10px;border:10px solid #00c;clip-path:circle(closest-side) content-box"></div>
<div style="left:10px;top:200px;width:80px;height:80px;transform:rotate(45deg);clip-path:inset(20px)"></div>
<div style="left:110px;top:200px;width:100px;height:80px;background:none;clip-path:circle(40px at 50px 40px)"><div style="position:static;height:100px;background:#0a0"></div><p style="position:absolute;left:-20px;top:0;margin:0;width:140px;height:20px;background:#00c"></p></div>
</body></html>`;

const W: [number, number, number] = [255, 255, 255], R: [number, number, number] = [204, 0, 0];
/** [x, y, Chromium 156's RGB at 96 dpi] (measured: page.pdf of DOC, pdftoppm -r 96 -aa no -aaVector no). */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  // circle(50%)
  [12, 12, W], [50, 50, R], [12, 88, W], [50, 88, R], [88, 50, R],
  // polygon: the slanted bottom edge
  [112, 12, R], [208, 12, R], [208, 50, R], [208, 60, W], [112, 68, R], [150, 60, R],
  // path(): the top-left triangle
  [232, 12, R], [300, 12, R], [250, 60, R], [240, 88, W], [290, 20, R],
  // inset(10px 20px round 10px)
  [12, 112, W], [22, 122, W], [35, 125, R], [50, 140, R], [45, 168, W], [30, 118, W],
  // ellipse(40px 20px)
  [112, 112, W], [150, 140, R], [150, 124, R], [185, 140, R], [192, 140, R], [203, 140, W],
  // circle(closest-side) content-box: the border and padding are clipped away
  [240, 140, W], [300, 140, R], [248, 140, W], [260, 118, W], [250, 120, W], [270, 140, R],
  // inset(20px) on a box rotated 45°: the clip turns with it
  [50, 198, W], [50, 202, W], [50, 240, R], [14, 240, W], [25, 240, R], [90, 240, W], [60, 210, W],
  // a circle clipping an in-flow child (green) and an absolutely positioned one (blue)
  [112, 202, W], [160, 202, [0, 0, 204]], [160, 210, [0, 0, 204]], [160, 240, [0, 170, 0]], [125, 240, [0, 170, 0]], [150, 265, [0, 170, 0]], [115, 215, W],
];

test('clip-path basic shapes clip a box and its descendants as Chromium 156 prints them', async () => {
  const out = await renderPdf(DOC);
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96);
  const bad = CHROMIUM.filter(([x, y, rgb]) => img.px(x, y).join() !== rgb.join()).map(([x, y, rgb]) => `(${x}, ${y}) ${img.px(x, y).join()} != ${rgb.join()}`);
  assert.deepEqual(bad, []);
});

function style(decl: string, warnings = new WarningSink()) {
  const [name, value] = decl.split(/:(.*)/s) as [string, string];
  return computeStyle([{ name: name.trim(), value, important: false }], { parent: null, rootFontSize: 16, quirks: false, warnings });
}

test('clip-path values: shapes, reference boxes, keywords, -webkit- alias, invalid ones and url()', () => {
  assert.deepEqual(style('clip-path: circle(2em at right 10px top)').clipPath, { shape: { f: 'circle', r: { px: 32, pct: 0 }, at: { x: { px: -10, pct: 100 }, y: { px: 0, pct: 0 } } }, box: 'border-box' });
  assert.deepEqual(style('clip-path: padding-box ellipse()').clipPath, { shape: { f: 'ellipse', rx: 'closest-side', ry: 'closest-side', at: { x: { px: 0, pct: 50 }, y: { px: 0, pct: 50 } } }, box: 'padding-box' });
  assert.deepEqual(style('clip-path: margin-box').clipPath, { shape: null, box: 'margin-box' });
  assert.deepEqual(style('-webkit-clip-path: polygon(evenodd, 0 0, 50% 10px, 0 100%)').clipPath,
    { shape: { f: 'polygon', evenodd: true, points: [[{ px: 0, pct: 0 }, { px: 0, pct: 0 }], [{ px: 0, pct: 50 }, { px: 10, pct: 0 }], [{ px: 0, pct: 0 }, { px: 0, pct: 100 }]] }, box: 'border-box' });
  const inset = style('clip-path: inset(1px 2px round 3px / 4px)').clipPath as unknown as { shape: { f: string; radii: unknown[] } };
  assert.equal(inset.shape.f, 'inset');
  assert.deepEqual(inset.shape.radii[0], { h: { px: 3, pct: 0 }, v: { px: 4, pct: 0 } });
  assert.equal(style('clip-path: none').clipPath, null);
  for (const bad of ['circle(-1px)', 'polygon()', 'inset()', 'circle(1px) circle(2px)', 'path(M0 0)', 'square(1px)']) {
    const w = new WarningSink();
    assert.equal(style(`clip-path: ${bad}`, w).clipPath, null, bad);
    assert.equal(w.list.length, 1, bad);
  }
  const w = new WarningSink();
  assert.deepEqual(style('clip-path: url(#c)', w).clipPath, { url: '#c' });
  assert.equal(w.list.length, 0);
  assert.equal(style('clip-path: url(shapes.svg#c)', w).clipPath, null);
  assert.match(w.list[0]!.message, /url\(shapes\.svg#c\).*not drawn/);
});

const URL_DOC = `<!doctype html><html><head><style>@page{size:300px 150px;margin:0} body{margin:0} div{position:absolute;background:#c00;width:80px;height:80px;top:10px}</style></head><body>
<svg width="0" height="0" style="position:absolute"><defs>
<clipPath id="c1"><circle cx="40" cy="40" r="30"/><rect x="0" y="60" width="20" height="20"/></clipPath>
<clipPath id="c2" clipPathUnits="objectBoundingBox"><polygon points="0 0, 1 0, 0 1"/></clipPath>
<clipPath id="c3"><path d="M10 10 H70 V70 Z"/></clipPath>
</defs></svg>
<div style="left:10px;clip-path:url(#c1)"></div>
<div style="left:110px;clip-path:url(#c2)"></div>
<div style="left:210px;clip-path:url(#c3)"></div>
</body></html>`;

/** [x, y, Chromium 156's RGB at 96 dpi] of URL_DOC (measured as above): a circle and a rect (union), an objectBoundingBox polygon, a path. */
const URL_CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [12, 12, W], [50, 50, R], [15, 80, R], [25, 80, R], [85, 85, W], [88, 50, W], [112, 12, R], [150, 30, R], [185, 85, W], [160, 60, W],
  [212, 12, W], [225, 15, W], [275, 75, R], [250, 40, R], [230, 60, W],
];

test('clip-path: url(#id) of an inline SVG <clipPath> clips as Chromium 156 prints it', async () => {
  const out = await renderPdf(URL_DOC);
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96);
  const bad = URL_CHROMIUM.filter(([x, y, rgb]) => img.px(x, y).join() !== rgb.join()).map(([x, y, rgb]) => `(${x}, ${y}) ${img.px(x, y).join()} != ${rgb.join()}`);
  assert.deepEqual(bad, []);
});
