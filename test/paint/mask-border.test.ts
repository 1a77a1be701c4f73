// In: boxes with mask-border (css-masking-1 §7: source, slice, width, outset, repeat, mode; the shorthand) rendered
// through renderPdf, and the computed longhands. Out: pixels sampled in the middle of each nine-slice region
// (pdftoppm -aa no, 96 dpi: 1 px = 1 CSS px) and computed values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { raster } from './pdf-helpers.ts';

/** A 3×3 mask, opaque except the middle of its top edge. */
const NOTCHED = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='3' height='3' viewBox='0 0 3 3'><path d='M0 0H1V1H2V0H3V3H0Z'/></svg>";
/** A 3×3 mask, white with a black centre (for luminance). */
const DARK_CENTRE = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='3' height='3' viewBox='0 0 3 3'><rect width='3' height='3' fill='white'/><rect x='1' y='1' width='1' height='1' fill='black'/></svg>";

/** A red 32×32 box at (4, 4) on a 40 px page with `css`; returns 'R' (red) or '_' (white) at each named point. */
async function sample(css: string, at: Record<string, [number, number]>): Promise<Record<string, string>> {
  const out = await renderPdf(`<style>@page { size: 40px; margin: 0 } body { margin: 0 } div { margin: 4px; width: 32px; height: 32px; background: red; ${css} }</style><div></div>`, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf);
  const res: Record<string, string> = {};
  for (const [k, [x, y]] of Object.entries(at)) {
    const [r, g, b] = img.px(x, y);
    res[k] = r > 200 && g < 60 && b < 60 ? 'R' : r > 200 && g > 200 && b > 200 ? '_' : `rgb(${r},${g},${b})`;
  }
  return res;
}

// Regions of a 32 px box at (4, 4) with 8 px mask-border widths: a corner, the top edge (the notch slice stretched
// over 12-28 px), the left edge, the middle, outside the box.
const AT: Record<string, [number, number]> = { corner: [7, 7], notch: [20, 7], notchEnd: [13, 7], left: [7, 20], middle: [20, 20], outside: [2, 20] };

test('mask-border (alpha): corners and edges from the mask\'s slices, the middle discarded without fill', async () => {
  assert.deepEqual(await sample(`mask-border: url("${NOTCHED}") 1 / 8px`, AT),
    { corner: 'R', notch: '_', notchEnd: '_', left: 'R', middle: '_', outside: '_' });
  assert.deepEqual(await sample(`mask-border: url("${NOTCHED}") 1 fill / 8px`, AT),
    { corner: 'R', notch: '_', notchEnd: '_', left: 'R', middle: 'R', outside: '_' });
});

test('mask-border-mode: luminance takes the mask\'s brightness, alpha its coverage', async () => {
  assert.deepEqual(await sample(`mask-border: url("${DARK_CENTRE}") 1 fill / 8px luminance`, AT),
    { corner: 'R', notch: 'R', notchEnd: 'R', left: 'R', middle: '_', outside: '_' });
  assert.deepEqual(await sample(`mask-border: url("${DARK_CENTRE}") 1 fill / 8px`, AT),
    { corner: 'R', notch: 'R', notchEnd: 'R', left: 'R', middle: 'R', outside: '_' });
});

test('mask-border-outset moves the mask area out of the border box; mask-border-width auto is the slice\'s own size', async () => {
  // Outset 4 px: the 8 px ring spans 0-8 px, so only 4-8 px of the box shows.
  assert.deepEqual(await sample(`mask-border-source: url("${NOTCHED}"); mask-border-slice: 1; mask-border-width: 8px; mask-border-outset: 4px`,
    { ring: [6, 20], inside: [10, 20], middle: [20, 20] }), { ring: 'R', inside: '_', middle: '_' });
  // width auto: the slices' own 1 px (no mask over the rest of the box but its 1 px ring).
  assert.deepEqual(await sample(`mask-border: url("${NOTCHED}") 1`, { edge: [4, 20], inside: [7, 20] }), { edge: 'R', inside: '_' });
});

test('mask-border longhands, shorthand and initial values (css-masking-1 §7)', () => {
  const style = (css: string) => computeStyle(css.split(';').filter(Boolean).map((d) => {
    const i = d.indexOf(':');
    return { name: d.slice(0, i).trim(), value: d.slice(i + 1).trim(), important: false };
  }), { parent: null, rootFontSize: 16, quirks: false, warnings: new WarningSink() });
  const init = style('color: red');
  assert.deepEqual([init.maskBorderSource, init.maskBorderSlice, init.maskBorderWidth, init.maskBorderOutset, init.maskBorderRepeat, init.maskBorderMode], [
    { kind: 'none' }, { sides: Array(4).fill({ kind: 'number', value: 0 }), fill: false }, Array(4).fill({ kind: 'auto' }),
    Array(4).fill({ kind: 'number', value: 0 }), ['stretch', 'stretch'], 'alpha',
  ]);
  const s = style('mask-border: url(m.svg) 30% fill / 2px / 1 round luminance');
  assert.deepEqual(s.maskBorderSource, { kind: 'url', url: 'm.svg' });
  assert.deepEqual(s.maskBorderSlice, { sides: Array(4).fill({ kind: 'length', value: { px: 0, pct: 30 } }), fill: true });
  assert.deepEqual([s.maskBorderWidth![0], s.maskBorderOutset![0], s.maskBorderRepeat, s.maskBorderMode], [
    { kind: 'length', value: { px: 2, pct: 0 } }, { kind: 'number', value: 1 }, ['round', 'round'], 'luminance',
  ]);
  assert.equal(style('mask-border-mode: alpha luminance').maskBorderMode, 'alpha', 'an invalid value is dropped');
  assert.deepEqual(style('border-image: url(b.svg) 10').borderImageSlice!.sides[0], { kind: 'number', value: 10 }, 'border-image unchanged');
});
