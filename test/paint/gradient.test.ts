// Gradients: stop fix-up and ramps (src/paint/gradient.ts), and painted pixels through the whole
// pipeline (pdf-shading.ts; pdftoppm -aa no at 96 dpi, 1 px = 1 CSS px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { buildRamp, fixupStops, gradientShading } from '../../src/paint/gradient.ts';
import type { Color, Gradient, GradientStop } from '../../src/css/computed.ts';
import { letterRows, qdf, raster } from './pdf-helpers.ts';

const RED: Color = { r: 255, g: 0, b: 0, a: 1 }, BLUE: Color = { r: 0, g: 0, b: 255, a: 1 }, WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const at = (px: number, pct = 0): { px: number; pct: number } => ({ px, pct });
const stop = (color: Color | null, pos: { px: number; pct: number } | null = null): GradientStop => ({ color, pos });

/** Renders `css` + `body` on a w×h px page without margins; rows of letters (? for other colours). */
async function pixels(w: number, h: number, css: string, body = '<div></div>'): Promise<string[]> {
  const img = await image(w, h, css, body);
  const rows = letterRows(img);
  return rows;
}
/** The page at 5 × 96 dpi, each CSS px read at its centre (as the conformance runner does: poppler samples shadings at device pixels). */
async function image(w: number, h: number, css: string, body = '<div></div>'): Promise<{ w: number; h: number; px(x: number, y: number): [number, number, number] }> {
  const html = `<style>@page { size: ${w}px ${h}px; margin: 0 } body { margin: 0 } ${css}</style>${body}`;
  const img = raster((await renderPdf(html, { creationDate: new Date(0) })).pdf, 480);
  return { w, h, px: (x, y) => img.px(x * 5 + 2, y * 5 + 2) };
}
const near = (a: readonly number[], b: readonly number[], tol = 3): boolean => a.every((v, i) => Math.abs(v - b[i]) <= tol);

test('color stop fix-up (css-images-4 §3.5.3): auto ends, clamping, even spacing, hints', () => {
  const s = fixupStops([stop(RED), stop(BLUE, at(0, 50)), stop(null, at(10)), stop(WHITE, at(5)), stop(RED), stop(BLUE)], 100);
  assert.deepEqual(s.map((x) => x.pos), [0, 50, 50, 75, 100], 'first 0, a stop before an earlier position (hint 10px < 50%) moves up; auto stops spaced');
  assert.equal(s[1].hint, 50, 'the hint clamped to the stops around it');
  assert.deepEqual(fixupStops([stop(RED, at(-10)), stop(BLUE)], 40).map((x) => x.pos), [-10, 40]);
});

test('ramps: hard stops at the ends keep their colours; repeating; average colour of a zero period', () => {
  // white 3px, blue 0, blue 5px, red 0 (test_linear_gradients_2): white before 3px, red after 5px.
  const r = buildRamp(fixupStops([stop(WHITE, at(3)), stop(BLUE, at(0)), stop(BLUE, at(5)), stop(RED, at(0))], 9), false, 0, 9, false);
  assert.ok('pieces' in r);
  const colorAt = (t: number): Color => r.pieces.find((p) => p.t0 <= t && t < p.t1)?.c0 ?? (t < r.d0 ? r.pieces[0].c0 : r.pieces[r.pieces.length - 1].c1);
  assert.deepEqual(colorAt(2), WHITE);
  assert.deepEqual(colorAt(4), BLUE);
  assert.deepEqual(colorAt(6), RED);
  // Repeating: the period is repeated over [lo, hi].
  const rep = buildRamp(fixupStops([stop(RED, at(0)), stop(BLUE, at(4))], 10), true, 0, 10, false);
  assert.ok('pieces' in rep && rep.d0 === 0 && rep.d1 === 12 && rep.pieces.length === 3);
  // black 3px, black 3px, purple 3px, purple 3px repeating: the average of the evenly spaced stops.
  const purple = { r: 128, g: 0, b: 128, a: 1 }, black = { r: 0, g: 0, b: 0, a: 1 };
  const avg = buildRamp(fixupStops([stop(black, at(3)), stop(black, at(3)), stop(purple, at(3)), stop(purple, at(3))], 9), true, 0, 9, false);
  assert.deepEqual(avg, { r: 64, g: 0, b: 64, a: 1 });
});

test('premultiplied interpolation: a transparent stop takes the colour of its neighbour', () => {
  const r = buildRamp(fixupStops([stop({ r: 0, g: 0, b: 0, a: 0 }), stop(RED)], 10), false, 0, 10, false);
  assert.ok('pieces' in r);
  assert.deepEqual(r.pieces[0].c0, { r: 255, g: 0, b: 0, a: 0 });
  const half = buildRamp(fixupStops([stop({ ...BLUE, a: 0.5 }), stop(RED)], 10), false, 0, 10, false);
  assert.ok('pieces' in half && half.pieces.length === 8, 'two different alphas: cut into linear pieces');
  // Premultiplied midpoint: (0.25·blue + 0.5·red) / 0.75 → r 170, b 85.
  const mid = half.pieces[3].c1;
  assert.ok(Math.abs(mid.r - 170) < 0.5 && Math.abs(mid.b - 85) < 0.5 && Math.abs(mid.a - 0.75) < 1e-9, JSON.stringify(mid));
});

test('gradient line: corners are perpendicular to the diagonal through the other corners (css-images-3 §3.1.1)', () => {
  const g: Gradient = { kind: 'linear', repeating: false, angle: { x: 1, y: 1 }, stops: [stop(RED), stop(BLUE)] };
  const sh = gradientShading(g, 200, 100);
  assert.ok(sh && 'type' in sh && sh.type === 'axial');
  // Direction ∝ (h, w) = (100, 200); the line passes through the centre; the far corners sit at 0 % and 100 %.
  const dx = sh.x1 - sh.x0, dy = sh.y1 - sh.y0;
  assert.ok(Math.abs(dx * 200 - dy * 100) < 1e-6);
  const tOf = (x: number, y: number): number => ((x - sh.x0) * dx + (y - sh.y0) * dy) / (dx * dx + dy * dy);
  assert.ok(Math.abs(tOf(200, 0) - 0.5) < 1e-9 && Math.abs(tOf(0, 100) - 0.5) < 1e-9, 'the other two corners are on the 50 % line');
});

test('radial extents: farthest-corner ellipse keeps the farthest-side ratio; circle closest-side', () => {
  const g: Gradient = { kind: 'radial', repeating: false, shape: 'ellipse', size: 'farthest-corner', position: { x: at(0, 50), y: at(0, 50) }, stops: [stop(RED), stop(BLUE)] };
  const sh = gradientShading(g, 40, 20);
  assert.ok(sh && 'type' in sh && sh.type === 'radial');
  assert.ok(Math.abs(sh.r1 - 20 * Math.SQRT2) < 1e-9 && Math.abs(sh.scaleY - 0.5) < 1e-9);
  const c = gradientShading({ ...g, shape: 'circle', size: 'closest-side', position: { x: at(10), y: at(0, 50) } }, 40, 20);
  assert.ok(c && 'type' in c && c.type === 'radial' && c.r1 === 10 && c.scaleY === 1);
});

test('linear gradients paint hard stops where they are (test_linear_gradients_1, _3, _11)', async () => {
  assert.deepEqual(await pixels(9, 2, 'div { height: 2px; background: linear-gradient(to right, white 3px, blue 0, blue 5px, red 0) }'), [
    '___BBRRRR', '___BBRRRR',
  ]);
  assert.deepEqual(await pixels(9, 1, 'div { height: 1px; background: linear-gradient(to right, blue 3px, red 3px, red 4px, blue 4px) }'), ['BBBRBBBBB']);
  assert.deepEqual(await pixels(2, 9, 'div { height: 9px; background: linear-gradient(white, white 3px, blue 0, blue 5px, red 0, red) }'), [
    '__', '__', '__', 'BB', 'BB', 'RR', 'RR', 'RR', 'RR',
  ]);
});

test('repeating gradients, single stops and currentcolor', async () => {
  assert.deepEqual(await pixels(10, 1, 'div { height: 1px; background: repeating-linear-gradient(to right, blue 0 2px, red 2px 5px) }'), ['BBRRRBBRRR']);
  assert.deepEqual(await pixels(4, 1, 'div { height: 1px; color: lime; background: linear-gradient(currentcolor) }'), ['GGGG']);
  assert.deepEqual(await pixels(6, 1, 'div { height: 1px; background: repeating-linear-gradient(to right, black 3px, black 3px, #800080 3px, #800080 3px) }').then((r) => r[0].length), 6);
  const img = await image(6, 1, 'div { height: 1px; background: repeating-linear-gradient(to right, black 3px, black 3px, #800080 3px, #800080 3px) }');
  assert.deepEqual(img.px(3, 0), [64, 0, 64], 'a zero period paints the average colour');
});

test('gradient tiles follow background-size, -position and -repeat; clipped to the padding box', async () => {
  assert.deepEqual(await pixels(8, 2, 'div { height: 2px; background: linear-gradient(to right, blue 50%, red 50%) 0 0 / 4px 2px }'), [
    'BBRRBBRR', 'BBRRBBRR',
  ]);
  assert.deepEqual(await pixels(8, 3, 'div { height: 1px; padding: 1px 0; background: linear-gradient(blue, blue) no-repeat 2px 0 / 3px 100%; background-clip: content-box }'), [
    '________', '__BBB___', '________',
  ]);
});

test('radial gradients: circle of hard stops, stops beyond the ray', async () => {
  // A hard stop is a circle's edge (pixels it only touches may go either way: -aa no clips conservatively).
  const dot = await image(10, 10, 'div { height: 10px; background: radial-gradient(circle 4px, red 100%, blue 100%) }');
  for (const [x, y] of [[5, 5], [1, 5], [5, 8], [7, 7]]) assert.deepEqual(dot.px(x, y), [255, 0, 0], `inside at ${x},${y}`);
  for (const [x, y] of [[0, 5], [9, 5], [0, 0], [8, 8]]) assert.deepEqual(dot.px(x, y), [0, 0, 255], `outside at ${x},${y}`);
  // Repeating rings far from the centre keep sharp edges (test_radial_gradients_repeating).
  assert.deepEqual(await pixels(10, 16, 'div { height: 16px; background: repeating-radial-gradient(circle, red 0, red 3px, blue 3px, blue 6px) }').then((r) => [r[0][0], r[0][9], r[15][0], r[7][1], r[7][4]]), ['R', 'R', 'R', 'B', 'R']);
  assert.deepEqual(await pixels(6, 2, 'div { height: 2px; background: radial-gradient(red -30%, blue -10%) }'), ['BBBBBB', 'BBBBBB']);
});

test('alpha stops are composited over what is below (soft mask), premultiplied', async () => {
  const img = await image(10, 1, 'div { height: 1px; background: linear-gradient(to right, transparent, red) white }');
  assert.deepEqual(img.px(0, 0).slice(0, 1), [255]);
  const mid = img.px(5, 0);
  assert.ok(near(mid, [255, 115, 115], 12), `a transparent stop fades to white, never through grey: ${mid}`);
  const alpha = await image(4, 1, 'div { height: 1px; background: linear-gradient(rgba(255, 0, 0, 0.5), rgba(255, 0, 0, 0.5)) blue }');
  assert.ok(near(alpha.px(1, 0), [128, 0, 127], 2), `uniform alpha: ${alpha.px(1, 0)}`);
});

test('a root with only a gradient background paints the canvas (test_canvas_background_size)', async () => {
  const rows = await pixels(4, 4, 'html { height: 4px; background: linear-gradient(red 50%, blue 50%) } body { height: 1px }', '');
  assert.deepEqual(rows, ['RRRR', 'RRRR', 'BBBB', 'BBBB']);
});

test('the PDF holds an axial shading with a stitching function, shared by identical gradients', async () => {
  const html = '<style>@page { size: 20px 20px; margin: 0 } body { margin: 0 } p { margin: 0; height: 5px; background: linear-gradient(red, blue 40%, lime) }</style><p></p><p></p>';
  const q = qdf((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  assert.equal(q.match(/\/ShadingType 2/g)?.length, 1, 'one shading for two identical tiles');
  assert.match(q, /\/FunctionType 3/);
  assert.equal(q.match(/\/Gt1 Do/g)?.length, 2);
});

test('conic gradients (css-images-4 §3.3): clockwise from the top, as a type 6 patch mesh', async () => {
  assert.deepEqual(await pixels(4, 4, 'div { height: 4px; background: conic-gradient(red 0 25%, blue 25% 50%, lime 50% 75%, black 75%) }'), [
    'KKRR', 'KKRR', 'GGBB', 'GGBB',
  ]);
  assert.deepEqual(await pixels(4, 4, 'div { height: 4px; background: repeating-conic-gradient(from 90deg, red 0 90deg, blue 90deg 180deg) }'), [
    'RRBB', 'RRBB', 'BBRR', 'BBRR',
  ], 'red from 3 o\'clock to 6 and from 9 to 12');
  const q = qdf((await renderPdf('<style>@page { size: 4px 4px; margin: 0 } body { margin: 0 } div { height: 4px; background: conic-gradient(red, blue) }</style><div></div>', { creationDate: new Date(0) })).pdf);
  assert.match(q, /\/ShadingType 6/);
});

test('odd gradients render without throwing (degenerate sizes, huge values, many tiles)', async () => {
  const odd = [
    'linear-gradient(red 1e30px, blue -1e30px)', 'radial-gradient(circle 0px, red, blue)', 'radial-gradient(0 0, red, blue)',
    'radial-gradient(0 10px, red, blue)', 'repeating-radial-gradient(red 0, blue 0.0001px)', 'repeating-linear-gradient(red 0 1px, blue 1px 2px)',
    'linear-gradient(to right, red calc(50% - 1e9px), blue)', 'conic-gradient(from 1e9deg, red, 10%, blue)', 'repeating-conic-gradient(red 0 0.01deg, blue 0 0.02deg)',
    'linear-gradient(rgba(0,0,0,0), rgba(0,0,0,0))', 'linear-gradient(transparent, rgba(255,0,0,.5) 10%, red)',
  ];
  const css = odd.map((g, i) => `.g${i} { height: 20px; background: ${g} }`).join('\n') + '\n.tiles { height: 300px; background: linear-gradient(red, blue) 0 0 / 1px 1px }';
  const body = odd.map((_, i) => `<div class="g${i}"></div>`).join('') + '<div class="tiles"></div>';
  const t0 = Date.now();
  const r = await renderPdf(`<style>${css}</style>${body}`, { creationDate: new Date(0) });
  assert.ok(r.pdf.length > 0 && Date.now() - t0 < 5000);
  assert.match(qdf(r.pdf), /\/ShadingType 3/);
});
