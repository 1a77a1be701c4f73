// In: declarations of fill, stroke, stroke-width, fill-opacity and stroke-opacity (SVG 2 §13) on an element.
// Out: ComputedStyle.svgPaint (this element's own values; not inherited), their CSS text for the SVG drawing, bad values warned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import { svgPaintText } from '../../src/css/properties/svg-paint.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';

const decls = (text: string) => text.split(';').map((t) => t.trim()).filter(Boolean).map((t) => {
  const i = t.indexOf(':');
  return { name: t.slice(0, i).trim(), value: t.slice(i + 1).trim(), important: false };
});
function style(css: string, parent: ComputedStyle | null = null): { s: ComputedStyle; warnings: WarningSink } {
  const warnings = new WarningSink();
  return { s: computeStyle(decls(css), { parent, rootFontSize: 16, quirks: false, warnings }), warnings };
}
const text = (s: ComputedStyle): Record<string, string> =>
  Object.fromEntries(Object.entries(s.svgPaint ?? {}).map(([k, v]) => [k, svgPaintText(v!, s.color)]));

test('own declarations, currentcolor as the element colour, not inherited', () => {
  const { s, warnings } = style('color: #2563eb; fill: currentColor; stroke: rgba(255, 0, 0, .5); stroke-width: 1.5; fill-opacity: 40%; stroke-opacity: 2');
  assert.deepEqual(text(s), { fill: 'rgb(37,99,235)', stroke: 'rgba(255,0,0,0.5)', 'stroke-width': '1.5', 'fill-opacity': '0.4', 'stroke-opacity': '1' });
  assert.deepEqual(warnings.list, []);
  assert.equal(style('', s).s.svgPaint, null);
  assert.deepEqual(text(style('fill: inherit', s).s), { fill: 'rgb(37,99,235)' });
  assert.deepEqual(text(style('fill: none; stroke: url(#g) red; stroke-width: 2px').s), { fill: 'none', stroke: 'url(#g) red', 'stroke-width': '2px' });
});

test('invalid values are dropped with a warning', () => {
  for (const bad of ['fill: 12px', 'stroke: url(#a) 3', 'stroke-width: -1', 'fill-opacity: red']) {
    const { s, warnings } = style(bad);
    assert.equal(s.svgPaint, null, bad);
    assert.ok(warnings.list.length > 0, bad);
  }
});
