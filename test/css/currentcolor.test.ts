/**
 * currentcolor inherits as the keyword (css-color-4 §6.4), and the decoration properties parse and compute.
 * In: declarations on a parent and a child. Out: the child's computed colours, shadows, outline, clip, decoration metrics.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import { WarningSink } from '../../src/warnings.ts';

const d = (text: string) => text.split(';').map((t) => t.trim()).filter(Boolean).map((t) => {
  const i = t.indexOf(':');
  return { name: t.slice(0, i).trim(), value: t.slice(i + 1).trim(), important: false };
});
function style(text: string, parent: ComputedStyle | null = null, warnings = new WarningSink()): ComputedStyle {
  return computeStyle(d(text), { parent, rootFontSize: 16, quirks: false, warnings });
}
const RED = { r: 255, g: 0, b: 0, a: 1 }, LIME = { r: 0, g: 255, b: 0, a: 1 };

test('background: inherit of a currentcolor background takes the child\'s own color (test_current_color_1)', () => {
  const html = style('color: red; background: currentColor');
  assert.deepEqual(html.backgroundColor, RED);
  const body = style('color: lime; background: inherit', html);
  assert.deepEqual(body.backgroundColor, LIME);
  // an explicit colour still inherits as that colour
  const p = style('color: lime; background-color: inherit', style('color: red; background-color: blue'));
  assert.deepEqual(p.backgroundColor, { r: 0, g: 0, b: 255, a: 1 });
});

test('border-color: inherit passes currentcolor, explicit or initial (test_current_color_2, _4)', () => {
  const html = style('color: red; border-color: currentColor');
  const body = style('color: lime; border: 1px solid; border-color: inherit', html);
  for (const side of [body.borderTop, body.borderRight, body.borderBottom, body.borderLeft]) assert.deepEqual(side.color, LIME);
  // the parent never set border-color: its computed value is the initial currentcolor
  const b2 = style('color: lime; border: 1px solid; border-color: inherit', style('color: red'));
  assert.deepEqual(b2.borderLeft.color, LIME);
  // an explicit colour stays that colour
  const b3 = style('color: lime; border: 1px solid; border-top-color: inherit', style('color: red; border: 1px solid blue'));
  assert.deepEqual(b3.borderTop.color, { r: 0, g: 0, b: 255, a: 1 });
});

test('outline-color and text-decoration-color inherit the keyword (test_current_color_3)', () => {
  const html = style('color: red; outline-color: currentColor; text-decoration-color: currentcolor');
  const body = style('color: lime; outline: 1px solid; outline-color: inherit; text-decoration-color: inherit', html);
  assert.deepEqual(body.outlineColor, LIME);
  assert.deepEqual(body.textDecorationColor, LIME);
  assert.equal(body.outlineWidth, 1);
  assert.equal(body.outlineStyle, 'solid');
});

test('box-shadow: list, inset, spread, blur, currentcolor resolved late and re-resolved on inherit', () => {
  const s = style('box-shadow: 1px 2px red, inset 3px 4px 5px -6px; color: lime; font-size: 10px');
  assert.equal(s.boxShadow!.length, 2);
  assert.deepEqual({ ...s.boxShadow![0] }, { x: 1, y: 2, blur: 0, spread: 0, color: RED, inset: false });
  const b = s.boxShadow![1];
  assert.deepEqual([b.x, b.y, b.blur, b.spread, b.inset], [3, 4, 5, -6, true]);
  assert.deepEqual(b.color, LIME);
  const child = style('color: blue; box-shadow: inherit', s);
  assert.deepEqual(child.boxShadow![1].color, { r: 0, g: 0, b: 255, a: 1 });
  assert.deepEqual(child.boxShadow![0].color, RED);
  assert.deepEqual(style('box-shadow: 1em 0 0.5em rgba(0,0,0,.5); font-size: 20px').boxShadow!.map((x) => [x.x, x.blur, x.color.a]), [[20, 10, 0.5]]);
  assert.deepEqual(style('box-shadow: 1px 1px; box-shadow: none').boxShadow, []);
  for (const bad of ['1px', '1px 1px -2px red', 'red 1px red 1px', '1px red 1px', 'inset inset 1px 1px', '1px 1px 1px 1px 1px', '1px 1px,']) {
    const w = new WarningSink();
    assert.deepEqual(style(`box-shadow: ${bad}`, null, w).boxShadow, [], bad);
    assert.equal(w.list.length, 1, bad);
  }
});

test('outline shorthand, style none zeroes the width, invert and auto colours are currentcolor', () => {
  const w = new WarningSink();
  const s = style('color: lime; outline: thick dashed invert; outline-offset: -2px', null, w);
  assert.deepEqual([s.outlineWidth, s.outlineStyle, s.outlineOffset], [5, 'dashed', -2]);
  assert.deepEqual(s.outlineColor, LIME);
  assert.equal(w.list.length, 0, JSON.stringify(w.list));
  assert.equal(style('outline-width: 4px').outlineWidth, 0);
  assert.equal(style('outline: auto').outlineStyle, 'auto');
  assert.equal(style('outline: 2px auto').outlineWidth, 2);
  assert.equal(style('outline: 1px hidden').outlineStyle, 'none'); // hidden is not an outline style: invalid
});

test('text-decoration-thickness and text-underline-offset: keywords, lengths, % of 1em, calc(), the shorthand', () => {
  assert.deepEqual(style('text-decoration: underline blue 3px').textDecorationThickness, { px: 3, pct: 0 });
  assert.deepEqual(style('text-decoration: underline 100%').textDecorationThickness, { px: 0, pct: 100 });
  assert.deepEqual(style('font-size: 3px; text-decoration: underline calc(0.5em + 50%)').textDecorationThickness, { px: 1.5, pct: 50 });
  assert.equal(style('text-decoration: underline from-font').textDecorationThickness, 'from-font');
  assert.equal(style('text-decoration-thickness: 2px; text-decoration: underline').textDecorationThickness, 'auto');
  assert.deepEqual(style('font-size: 3px; text-underline-offset: calc(0.5em + 20%)').textUnderlineOffset, { px: 1.5, pct: 20 });
  const parent = style('text-underline-offset: 70%; text-decoration-thickness: 2px');
  const child = style('', parent);
  assert.deepEqual(child.textUnderlineOffset, { px: 0, pct: 70 }, 'inherited');
  assert.deepEqual(child.textDecorationThickness, { px: 2, pct: 0 }, 'inherited');
  const w = new WarningSink();
  style('text-decoration: underline 2px', null, w);
  assert.equal(w.list.length, 0, JSON.stringify(w.list));
});

test('clip: rect() with commas or spaces, auto sides, auto', () => {
  assert.deepEqual({ ...style('clip: rect(5px, 5px, 9px, auto)').clip }, { top: 5, right: 5, bottom: 9, left: 'auto' });
  assert.deepEqual({ ...style('font-size: 10px; clip: rect(1em 2px auto 0)').clip }, { top: 10, right: 2, bottom: 'auto', left: 0 });
  assert.equal(style('clip: rect(1px, 2px, 3px, 4px); clip: auto').clip, null);
  assert.equal(style('clip: rect(1px, 2px, 3px)').clip, null);
  assert.equal(style('clip: rect(1px, 2px 3px, 4px)').clip, null);
});

test('border-image longhands and shorthand (css-backgrounds-3 §6.7)', () => {
  const s = style('border-image: url(b.svg) 10% 2 fill / 1 2px auto / 3px round space');
  assert.deepEqual(s.borderImageSource, { kind: 'url', url: 'b.svg' });
  assert.deepEqual(s.borderImageSlice!.sides.map((x) => (x.kind === 'number' ? x.value : x.kind === 'length' ? `${x.value.pct}%` : 'auto')), ['10%', 2, '10%', 2]);
  assert.equal(s.borderImageSlice!.fill, true);
  assert.deepEqual(s.borderImageWidth!.map((x) => x.kind), ['number', 'length', 'auto', 'length']);
  assert.deepEqual(s.borderImageOutset!.map((x) => (x.kind === 'length' ? x.value.px : -1)), [3, 3, 3, 3]);
  assert.deepEqual(s.borderImageRepeat, ['round', 'space']);
  const d2 = style('border-image-repeat: repeat; border-image: url(a.png) 30');
  assert.deepEqual(d2.borderImageRepeat, ['stretch', 'stretch'], 'the shorthand resets omitted longhands');
  for (const bad of ['url(a.png) 10 / / 2 / 3', 'url(a.png) 10 fill 2', 'url(a.png) url(b.png)', 'repeat repeat repeat']) {
    const w = new WarningSink();
    assert.deepEqual(style(`border-image: ${bad}`, null, w).borderImageSource, { kind: 'none' }, bad);
    assert.equal(w.list.length, 1, bad);
  }
  const g = style('color: lime; border-image-source: linear-gradient(currentcolor, 1em, blue); font-size: 10px').borderImageSource;
  assert.ok(g && g.kind === 'gradient' && g.gradient.kind === 'linear');
  assert.deepEqual(g.gradient.stops.map((x) => [x.color, x.pos]), [[LIME, null], [null, { px: 10, pct: 0 }], [{ r: 0, g: 0, b: 255, a: 1 }, null]]);
});
