// In: one-line blocks with a number line-height at font sizes that are not a multiple of 1/64 px, with a fraction of
// 1/64 px at or above one half (20pt, 11pt, 9.5pt, 1.2em of 16px, 17.777px) and below it (10pt, 13.3333px, 33.3333px).
// Out: their heights against Chromium 156's getBoundingClientRect (print emulation, fonts as test/fidelity/make-refs.mjs).
// Blink's fixed-point font size in the number × size product is the font size rounded to 1/64 px, not truncated:
// 20pt × 1.5 is 40 px (we gave 39.984, which moved the text 1 px up through the half-leading, floored to a whole px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';

/** [font-size, line-height, Chromium's block height, px]. */
const FIGURES: Array<[string, string, number]> = [
  ['26.6667px', '1.5', 40], ['20pt', '1.5', 40], ['10pt', '1.45', 19.3125], ['13.3333px', '1.15', 15.3125],
  ['15.1px', '1.3', 19.609375], ['11pt', '1.4', 20.53125], ['9.5pt', '1.4', 17.734375], ['1.2em', '1.6', 30.71875],
  ['17.777px', '1.5', 26.671875], ['15px', '1.3', 19.5], ['7.5pt', '1.55', 15.5], ['33.3333px', '1.2', 39.984375],
];

/** Font sizes (as fractional pt, em and percentages resolve in real templates) at line-height 1.15, 1.3, 1.2, 1.5: Chromium's block heights. */
const GRID: Array<[string, number[]]> = [
  ['11.998px', [13.796875, 15.59375, 14.390625, 18]],
  ['15.4px', [17.703125, 20.015625, 18.484375, 23.109375]],
  ['14.994px', [17.25, 19.5, 18, 22.5]],
  ['13.006px', [14.9375, 16.890625, 15.59375, 19.5]],
  ['16.002px', [18.390625, 20.796875, 19.1875, 24]],
  ['26.6667px', [30.671875, 34.671875, 32, 40]],
  ['14.6667px', [16.859375, 19.0625, 17.59375, 22]],
  ['19.2px', [22.078125, 24.953125, 23.03125, 28.796875]],
  ['12.5px', [14.375, 16.25, 15, 18.75]],
  ['17.777px', [20.4375, 23.109375, 21.328125, 26.671875]],
];
const GRID_LH = ['1.15', '1.3', '1.2', '1.5'];

test('number line-heights use the font size rounded to 1/64 px, as Chromium 156', () => {
  const html = '<!doctype html><html><head><style>body{margin:0;font-family:Arial} div{width:100px}</style></head><body>' +
    FIGURES.map(([s, lh], i) => `<div id=d${i} style="font-size:${s};line-height:${lh}">x</div>`).join('') + '</body></html>';
  const r = layoutForInspection(html);
  const byId = new Map([...r.elements.values()].map((e) => [e.element.attribs['id'], e]));
  FIGURES.forEach(([s, lh, h], i) => assert.equal(byId.get(`d${i}`)?.boxes[0]?.height, h, `font-size ${s}, line-height ${lh}`));
});

test('number line-heights at 40 more size × number pairs, as Chromium 156', () => {
  const html = '<!doctype html><html><head><style>body{margin:0;font-family:Arial} div{width:100px}</style></head><body>' +
    GRID.flatMap(([s], i) => GRID_LH.map((lh, j) => `<div id=g${i}_${j} style="font-size:${s};line-height:${lh}">x</div>`)).join('') + '</body></html>';
  const r = layoutForInspection(html);
  const byId = new Map([...r.elements.values()].map((e) => [e.element.attribs['id'], e]));
  GRID.forEach(([s, hs], i) => hs.forEach((h, j) => assert.equal(byId.get(`g${i}_${j}`)?.boxes[0]?.height, h, `font-size ${s}, line-height ${GRID_LH[j]}`)));
});
