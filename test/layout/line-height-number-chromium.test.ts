// In: one-line blocks with a number line-height (13 numbers, among them Tailwind 4's calc() ratios) at 10 font sizes.
// Out: their heights against Chromium 156's getBoundingClientRect (print emulation, fonts as test/fidelity/make-refs.mjs):
// Blink multiplies the number (a 32-bit float) by the fixed-point font size in 32-bit floats and floors the product to
// 1/64 px, so 1.3 x 15px is 19.5 px (a double product truncated gave 19.484 and moved the text 1 px up through the
// half-leading, which is floored to a whole px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';

const SIZES = ['12px', '13px', '14px', '15px', '16px', '18px', '20px', '20.006px', '22.864px', '11.5px'];
/** [line-height, Chromium's block height at each of SIZES] */
const FIGURES: Array<[string, number[]]> = [
  ['1.1', [13.1875, 14.296875, 15.390625, 16.5, 17.59375, 19.796875, 22, 22, 25.140625, 12.640625]],
  ['1.15', [13.796875, 14.9375, 16.09375, 17.25, 18.390625, 20.6875, 23, 23, 26.28125, 13.21875]],
  ['1.2', [14.390625, 15.59375, 16.796875, 18, 19.1875, 21.59375, 24, 24, 27.421875, 13.796875]],
  ['1.3', [15.59375, 16.890625, 18.1875, 19.5, 20.796875, 23.390625, 26, 26, 29.703125, 14.9375]],
  ['1.35', [16.1875, 17.546875, 18.890625, 20.25, 21.59375, 24.296875, 27, 27, 30.859375, 15.515625]],
  ['1.4', [16.796875, 18.1875, 19.59375, 21, 22.390625, 25.1875, 28, 28, 32, 16.09375]],
  ['1.45', [17.390625, 18.84375, 20.296875, 21.75, 23.1875, 26.09375, 29, 29, 33.140625, 16.671875]],
  ['1.6', [19.1875, 20.796875, 22.390625, 24, 25.59375, 28.796875, 32, 32, 36.5625, 18.390625]],
  ['1.7', [20.390625, 22.09375, 23.796875, 25.5, 27.1875, 30.59375, 34, 34, 38.859375, 19.546875]],
  ['1.8', [21.59375, 23.390625, 25.1875, 27, 28.796875, 32.390625, 36, 36, 41.140625, 20.6875]],
  ['1.9', [22.796875, 24.6875, 26.59375, 28.5, 30.390625, 34.1875, 38, 38, 43.421875, 21.84375]],
  ['calc(1.25 / 0.875)', [17.140625, 18.5625, 20, 21.421875, 22.84375, 25.703125, 28.5625, 28.5625, 32.65625, 16.421875]],
  ['calc(1.75 / 1.125)', [18.65625, 20.21875, 21.765625, 23.328125, 24.875, 28, 31.109375, 31.109375, 35.546875, 17.875]],
];

test('number line-heights resolve as Blink computes them (float32 product, floored to 1/64 px), as Chromium 156', () => {
  const html = '<!doctype html><html><head><style>body{margin:0;font-family:Arial}</style></head><body>' +
    FIGURES.flatMap(([lh], r) => SIZES.map((s, c) => `<div id=d${r}_${c} style="font-size:${s};line-height:${lh}">x</div>`)).join('') + '</body></html>';
  const insp = layoutForInspection(html, { fragmentation: 'none' });
  const got = new Map<string, number>();
  for (const [el, rec] of insp.elements) {
    const id = (el as { attribs?: Record<string, string> }).attribs?.id;
    if (id && rec.boxes.length > 0) got.set(id, rec.boxes[0].height);
  }
  const off: string[] = [];
  FIGURES.forEach(([lh, hs], r) => hs.forEach((h, c) => {
    const g = got.get(`d${r}_${c}`);
    if (g === undefined || Math.abs(g - h) > 1e-6) off.push(`${lh} x ${SIZES[c]}: ours ${g}, Chromium ${h}`);
  }));
  assert.deepEqual(off, []);
});
