// In: 2D transforms (css-transforms-1/2: transform lists, transform-origin, translate/rotate/scale properties) rendered
// through renderPdf. Out: computed values, matrices, painting order, links, and word positions (pt) and pixels against
// Chromium 156's print of the same document (test/fixtures/paint/transforms.chromium.pgm.gz: 96 dpi grey raster).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { transformMatrix } from '../../src/layout/transform.ts';
import { raster, qdf, inkAgreement, missingWords } from './pdf-helpers.ts';

const IMG = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJ0lEQVR4nGNgYPhPPlrAQD4atXjU4lGLRy0etXjU4lGLRy0eORYDAHYLiI91CmjkAAAAAElFTkSuQmCC';

/** A 40 × 20 PNG: left half blue, right half green. */
const DOC = `<!doctype html><html><head><style>
@page { size: 500px 700px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }
.box { position: absolute; width: 100px; height: 40px; background: #4a4; border: 3px solid #222 }
.stamp { position: absolute; left: 300px; top: 40px; padding: 4px 12px; border: 4px solid #c00; color: #c00; font: bold 32px/40px "Liberation Sans"; transform: rotate(-20deg); border-radius: 6px }
.wm { position: absolute; left: 0; top: 330px; width: 500px; text-align: center; font: bold 80px/90px "Liberation Sans"; color: rgba(0,0,0,0.15); transform: rotate(-45deg) }
</style></head><body>
<div class=box style="left:20px;top:20px;transform:translate(30px, 10px)"></div>
<div class=box style="left:20px;top:100px;transform:rotate(30deg)">Rot</div>
<div class=box style="left:160px;top:100px;transform:scale(1.5, 0.5);transform-origin:0 0"></div>
<div class=box style="left:20px;top:190px;transform:skewX(20deg)"></div>
<div class=box style="left:160px;top:190px;transform:matrix(1, 0.2, -0.3, 1, 10, 5)"></div>
<div class=box style="left:300px;top:190px;transform:translate(-50%, 50%) rotate(90deg)"></div>
<div class=box style="left:20px;top:270px;rotate:15deg;scale:0.8;translate:10px 0"></div>
<div class=box style="left:160px;top:270px;transform:rotate(10deg);overflow:hidden"><div style="width:200px;height:20px;background:#00f;margin-top:10px"></div></div>
<div class=stamp>PAID</div>
<div class=wm>DRAFT</div>
<img src="data:image/png;base64,${IMG}" style="position:absolute;left:320px;top:300px;width:80px;height:40px;transform:rotate(-30deg) scaleX(-1)">
<div style="position:absolute;left:20px;top:560px;width:200px;transform:rotate(5deg)">Paragraph text inside a rotated block that wraps.</div>
</body></html>
`;

/** Chromium 156's words (pdftotext -bbox of its PDF: text, xMin, yMin, xMax, yMax in pt; rotated words come in pieces). */
const CHROMIUM_WORDS: Array<[string, number, number, number, number]> = [
  ['D', 277.418, 33.453, 293.705, 60.265], ['I', 271.152, 35.733, 277.418, 62.546], ['A', 254.866, 41.661, 271.152, 68.474],
  ['P', 241.497, 46.527, 256.539, 73.339], ['Ro', 24.149, 59.389, 37.434, 77.128], ['D', 75.626, 336.806, 142.657, 367.445],
  ['R', 106.265, 306.167, 173.296, 336.806], ['A', 136.904, 275.528, 203.935, 306.167], ['FT', 167.543, 223.697, 260.490, 275.528],
  ['t', 37.434, 67.059, 40.321, 80.465], ['Paragraph', 15.612, 413.864, 71.438, 431.573], ['te', 74.759, 419.039, 84.729, 432.445],
  ['xt', 84.729, 419.911, 94.028, 433.840], ['inside', 97.349, 421.015, 128.583, 436.573], ['a', 131.904, 424.039, 138.553, 437.445],
  ['rotated', 14.305, 428.807, 51.522, 444.888], ['block', 54.843, 432.354, 82.750, 447.679], ['that', 86.072, 435.086, 106.011, 449.946],
  ['wraps.', 109.333, 437.121, 144.542, 453.317],
];

test('a PAID stamp, a DRAFT watermark, rotated, scaled, skewed, matrix and origin-moved boxes, an image and text as Chromium 156 prints them', async () => {
  const out = await renderPdf(DOC, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM_WORDS), []);
  // Pixels: the share of inked pixels within 48 grey levels of Chromium's. Without transforms this is about 0.6.
  const ink = inkAgreement(out.pdf, new URL('../fixtures/paint/transforms.chromium.pgm.gz', import.meta.url));
  assert.ok(ink > 0.985, `ink agreement with Chromium ${ink.toFixed(4)}`);
});

function style(decls: Array<[string, string]>, warnings = new WarningSink()) {
  return computeStyle(decls.map(([name, value]) => ({ name, value, important: false })), { parent: null, rootFontSize: 16, quirks: false, warnings });
}

test('transform values: lists, 3D functions drawn flat, individual properties, invalid and unsupported values', () => {
  const s = style([['font-size', '10px'], ['transform', 'translate(2em, 50%) rotateZ(0.25turn) scale(2) skewY(45deg) matrix(1,2,3,4,5,6)']]);
  assert.deepEqual(s.transform, [
    { f: 'translate', x: { px: 20, pct: 0 }, y: { px: 0, pct: 50 } }, { f: 'rotate', deg: 90 }, { f: 'scale', x: 2, y: 2 },
    { f: 'skew', x: 0, y: 45 }, { f: 'matrix', m: [1, 2, 3, 4, 5, 6] },
  ]);
  const flat = style([['transform', 'translate3d(1px, 2px, 3px) scale3d(2, 3, 4) rotateX(60deg) matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,0, 7,8,9,1)']]).transform;
  assert.deepEqual(flat.map((f) => f.f), ['translate', 'scale', 'scale', 'matrix']);
  assert.ok(Math.abs((flat[2] as { y: number }).y - 0.5) < 1e-12, 'rotateX(60deg) projects as scaleY(0.5)');
  assert.deepEqual((flat[3] as { m: number[] }).m, [1, 0, 0, 1, 7, 8]);
  const w = new WarningSink();
  assert.deepEqual(style([['transform', 'perspective(100px) rotateY(30deg)']], w).transform, []);
  assert.match(w.list.map((x) => x.message).join(' '), /perspective\(\) cannot be drawn flat/);
  assert.deepEqual(style([['transform', 'rotate(10deg)'], ['transform', 'rotate(10px)']]).transform, [{ f: 'rotate', deg: 10 }], 'an invalid value is ignored');
  const ind = style([['translate', '10px 20%'], ['rotate', 'z 45deg'], ['scale', '2 3'], ['transform-origin', 'right 10px']]);
  assert.deepEqual([ind.translate, ind.rotate, ind.scale, ind.transformOrigin], [{ x: { px: 10, pct: 0 }, y: { px: 0, pct: 20 } }, 45, { x: 2, y: 3 }, { x: { px: 0, pct: 100 }, y: { px: 10, pct: 0 } }]);
  assert.equal(style([['rotate', 'x 45deg']]).rotate, null, 'rotation about x has no flat form: invalid');
});

test('the matrix: origin, individual properties before transform, percentages of the border box', () => {
  const box = { x: 100, y: 50, w: 200, h: 100 };
  const m = transformMatrix(style([['transform', 'rotate(90deg)']]), box)!;
  // about the centre (200, 100): (100, 50) -> (250, 0)
  assert.deepEqual([m[0] * 100 + m[2] * 50 + m[4], m[1] * 100 + m[3] * 50 + m[5]], [250, 0]);
  const t = transformMatrix(style([['transform', 'translate(-50%, 10%)'], ['translate', '5px'], ['transform-origin', '0 0']]), box)!;
  assert.deepEqual(t, [1, 0, 0, 1, -95, 10]);
  const order = transformMatrix(style([['scale', '2'], ['transform', 'translateX(10px)'], ['transform-origin', '0 0']]), { x: 0, y: 0, w: 10, h: 10 })!;
  assert.deepEqual(order, [2, 0, 0, 2, 20, 0], 'scale applies after (outside) transform');
  assert.equal(transformMatrix(style([]), box), null);
});

test('a transformed box is a stacking context painted over later in-flow blocks; links cover the transformed box; scale(0) draws nothing', async () => {
  const out = await renderPdf(`<!doctype html><style>@page { size: 100px 100px; margin: 0 } body { margin: 0 }</style>
<div style="transform: translate(0); background: #f00; height: 20px"></div><div style="margin-top: -20px; background: #00f; height: 20px"></div>
<a href="https://example.com/x" style="display: block; width: 40px; height: 10px; margin-top: 30px; transform: rotate(90deg); transform-origin: 0 0; margin-left: 50px">&nbsp;</a>
<div style="transform: scale(0); background: #0f0; height: 20px"></div>`, { creationDate: new Date(0) });
  const img = raster(out.pdf);
  assert.deepEqual(img.px(10, 10), [255, 0, 0], 'the transformed box paints above the later block');
  assert.ok(img.px(10, 70).every((c) => c === 255), 'scale(0): nothing drawn');
  const rect = /\/Rect \[\s*([-\d.\s]+)\]/.exec(qdf(out.pdf))![1]!.trim().split(/\s+/).map(Number);
  // Border box 40 x 10 at (50, 50) with its line of text (17 px, overflowing it) rotated about its top-left: x 33..50 px,
  // y 50..90 px; in pt, y up from the 75 pt page bottom. Chromium 156: 24.75 7.62 37.5 37.62 on its 75.12 pt page.
  assert.deepEqual(rect.map((v) => Math.round(v * 100) / 100), [24.75, 7.5, 37.5, 37.5]);
});

test('a transformed box is the containing block of its absolute and fixed descendants (Chromium 156 word boxes)', async () => {
  const out = await renderPdf(`<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }</style></head><body>
<div style="height:40px"></div>
<div style="margin-left:100px;width:200px;height:100px;background:#ddd;transform:translateX(10px)">
<div style="position:absolute;left:5px;top:5px;width:30px;height:30px;background:#f00">Abs</div>
<div style="position:fixed;right:5px;bottom:5px;width:30px;height:30px;background:#00f">Fix</div>
</div></body></html>`, { creationDate: new Date(0) });
  // Abs at the box's padding edge + 5 px, moved with it by translateX(10px); Fix 5 px from its bottom-right, not the page's.
  assert.deepEqual(missingWords(out.pdf, [['Abs', 86.25, 34.1367, 106.9277, 47.543], ['Fix', 206.25, 79.1367, 222.2461, 92.543]], 0.05), []);
});

test('a table\'s transform and opacity apply to its wrapper box: the caption moves and fades with the grid (Chromium 156)', async () => {
  const out = await renderPdf(`<!doctype html><html><head><style>
@page { size: 400px 300px; margin: 0 } body { margin: 20px; font: 16px/20px "Liberation Sans" }
table { border-collapse: collapse } td { border: 2px solid #000; padding: 4px }
</style></head><body>
<table style="transform: translate(40px, 10px) scale(1.5); transform-origin: 0 0"><caption>Cap</caption><tr><td>One</td><td>Two</td></tr></table>
<table style="opacity: 0.4; margin-top: 60px"><caption>Faded</caption><tr><td>Three</td></tr></table>
</body></html>`, { creationDate: new Date(0) });
  // Chromium 156's words (pdftotext -bbox of its print, pt): the caption scaled and moved with the cells.
  assert.deepEqual(missingWords(out.pdf, [
    ['Cap', 74.373, 23.080, 107.394, 43.189], ['One', 51.750, 52.330, 85.772, 72.439], ['Two', 97.031, 52.330, 130.043, 72.439],
    ['Faded', 18.152, 99.387, 52.178, 112.793], ['Three', 19.5, 118.887, 50.848, 132.293],
  ], 0.05), []);
  // The faded table: its caption's glyphs and its collapsed borders at 40 % black (153), none at full black.
  const img = raster(out.pdf);
  const greys = (x0: number, x1: number, y0: number, y1: number) => {
    const g: number[] = [];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) g.push(img.px(x, y)[0]);
    return g;
  };
  const caption = greys(24, 70, 132, 150);
  assert.ok(caption.some((v) => v < 250) && caption.every((v) => v > 120), 'caption faded with the table');
  assert.ok(greys(21, 22, 153, 183).every((v) => v > 120 && v < 200), 'collapsed left border drawn, faded');
});
