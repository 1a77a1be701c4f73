// Gradient parsing and computing (css-images-3 §3, css-images-4 §3): background-image values in,
// computed Gradient objects out (px + pct, colours resolved).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import type { ComputedStyle, Gradient } from '../../src/css/computed.ts';
import type { Declaration } from '../../src/css/declaration.ts';
import { WarningSink } from '../../src/warnings.ts';

function style(text: string): ComputedStyle {
  const decls: Declaration[] = text.split(';').map((p) => p.trim()).filter(Boolean).map((p, i) => {
    const k = p.indexOf(':');
    return { name: p.slice(0, k).trim(), value: p.slice(k + 1).trim(), important: false, line: i + 1, source: 'test.css' };
  });
  return computeStyle(decls, { parent: null, rootFontSize: 16, quirks: false, warnings: new WarningSink() });
}

const RED = { r: 255, g: 0, b: 0, a: 1 }, BLUE = { r: 0, g: 0, b: 255, a: 1 };

function gradientOf(text: string, parentColor?: string): Gradient {
  const s = style(text + (parentColor ? `; color: ${parentColor}` : ''));
  assert.equal(s.backgroundLayers.length, 1, text);
  const img = s.backgroundLayers[0].image;
  assert.equal(img.kind, 'gradient', text);
  return (img as { gradient: Gradient }).gradient;
}
const invalid = (v: string): void => assert.equal(style(`background-image: ${v}`).backgroundLayers.length, 0, v);

test('linear-gradient: default direction, stops, positions, double positions and hints', () => {
  const g = gradientOf('background-image: linear-gradient(red, blue 3px, 40%, lime 10% 2em)');
  assert.equal(g.kind, 'linear');
  assert.equal(g.repeating, false);
  assert.equal(g.kind === 'linear' && g.angle, 180, 'to bottom by default');
  assert.deepEqual(g.stops.map((s) => s.pos), [null, { px: 3, pct: 0 }, { px: 0, pct: 40 }, { px: 0, pct: 10 }, { px: 32, pct: 0 }]);
  assert.deepEqual(g.stops[0].color, RED);
  assert.equal(g.stops[2].color, null, 'a hint has no colour');
  assert.deepEqual(g.stops[3].color, g.stops[4].color, 'double position: the same colour twice');
});

test('linear-gradient: angles and to <side-or-corner>', () => {
  const angle = (v: string): unknown => { const g = gradientOf(`background: linear-gradient(${v}, red, blue)`); return g.kind === 'linear' && g.angle; };
  assert.equal(angle('45deg'), 45);
  assert.equal(angle('0.25turn'), 90);
  assert.equal(angle('100grad'), 90);
  assert.equal(angle('0'), 0);
  assert.equal(angle('to top'), 0);
  assert.equal(angle('to right'), 90);
  assert.equal(angle('to left'), 270);
  assert.deepEqual(angle('to top right'), { x: 1, y: -1 });
  assert.deepEqual(angle('to left bottom'), { x: -1, y: 1 });
  invalid('linear-gradient(to top bottom, red, blue)');
  invalid('linear-gradient(45, red, blue)');
  invalid('linear-gradient(red, 10%, 20%, blue)');
  invalid('linear-gradient(10%, red, blue)');
  invalid('linear-gradient(red, blue, 10%)');
  invalid('linear-gradient()');
});

test('single stops, repeating forms and currentcolor (resolved to color)', () => {
  const g = gradientOf('background: repeating-linear-gradient(to right, currentcolor 3px)', 'blue');
  assert.equal(g.repeating, true);
  assert.deepEqual(g.stops, [{ color: BLUE, pos: { px: 3, pct: 0 } }]);
});

test('transparent and rgba stops keep their alpha', () => {
  const g = gradientOf('background-image: linear-gradient(transparent, rgba(255, 0, 0, 0.5))');
  assert.equal(g.stops[0].color?.a, 0);
  assert.equal(g.stops[1].color?.a, 0.5);
});

test('radial-gradient: shape, size and position', () => {
  const g = gradientOf('background-image: radial-gradient(circle 10px at right 2px top, red, blue)');
  assert.equal(g.kind, 'radial');
  if (g.kind !== 'radial') return;
  assert.equal(g.shape, 'circle');
  assert.deepEqual(g.size, { rx: { px: 10, pct: 0 }, ry: { px: 10, pct: 0 } });
  assert.deepEqual(g.position, { x: { px: -2, pct: 100 }, y: { px: 0, pct: 0 } });
  const d = gradientOf('background-image: radial-gradient(red, blue)');
  assert.ok(d.kind === 'radial' && d.shape === 'ellipse' && d.size === 'farthest-corner');
  assert.deepEqual(d.kind === 'radial' && d.position, { x: { px: 0, pct: 50 }, y: { px: 0, pct: 50 } });
  const e = gradientOf('background-image: repeating-radial-gradient(closest-side circle, red 0, blue 3px)');
  assert.ok(e.kind === 'radial' && e.shape === 'circle' && e.size === 'closest-side' && e.repeating);
  const f = gradientOf('background-image: radial-gradient(20% 3em, red, blue)');
  assert.deepEqual(f.kind === 'radial' && f.size, { rx: { px: 0, pct: 20 }, ry: { px: 48, pct: 0 } });
  invalid('radial-gradient(circle 10%, red, blue)');
  invalid('radial-gradient(circle 1px 2px, red, blue)');
  invalid('radial-gradient(ellipse 1px, red, blue)');
});

test('conic-gradient: from angle, position, angular stops as percentages of a turn', () => {
  const g = gradientOf('background-image: conic-gradient(from 90deg at 10px 20px, red 90deg, blue 50%)');
  assert.ok(g.kind === 'conic');
  if (g.kind !== 'conic') return;
  assert.equal(g.from, 90);
  assert.deepEqual(g.position, { x: { px: 10, pct: 0 }, y: { px: 20, pct: 0 } });
  assert.deepEqual(g.stops.map((s) => s.pos), [{ px: 0, pct: 25 }, { px: 0, pct: 50 }]);
});

test('background shorthand with a gradient layer and a colour; interpolation method accepted with a warning', () => {
  const s = style('background: linear-gradient(in oklch, red, blue) no-repeat 0 0 / 10px 20px, url(a.png) white');
  assert.equal(s.backgroundLayers.length, 2);
  assert.equal(s.backgroundLayers[0].image.kind, 'gradient');
  assert.deepEqual(s.backgroundLayers[0].size, { w: { px: 10, pct: 0 }, h: { px: 20, pct: 0 } });
  assert.deepEqual(s.backgroundColor, { r: 255, g: 255, b: 255, a: 1 });
});
