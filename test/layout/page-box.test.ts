// In: @page rules with border, padding and background, through the real pipeline up to the display list.
// Out: assertions on the page area (px) and on the page box's painted border and background (css-page-3 page model).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';
import { buildDisplayList } from '../../src/paint/build.ts';

const doc = `<!doctype html><style>@page { size: 100px 80px; margin: 5px 6px 7px 8px; border: 2px solid blue; padding: 3px; background: yellow }
  body { margin: 0 }</style><body><div style="height: 10px"></div>`;

test('the page area lies inside the page box margins, border and padding', () => {
  const r = layoutHtml(doc);
  assert.deepEqual(r.pages[0].area, { x: 13, y: 10, width: 100 - 13 - 11, height: 80 - 10 - 12 });
});

test('the page box border is painted on its border box, the background covers the whole page', () => {
  const r = layoutHtml(doc);
  const items = buildDisplayList(r.pages, {}).pages[0].items;
  const bg = items[0];
  assert.ok(bg && bg.kind === 'rect');
  assert.deepEqual(bg.rect, { x: 0, y: 0, w: 100, h: 80 });
  const border = items.find((i) => i.kind === 'border');
  assert.ok(border && border.kind === 'border');
  assert.deepEqual(border.rect, { x: 8, y: 5, w: 86, h: 68 });
  assert.deepEqual(border.widths, [2, 2, 2, 2]);
  assert.deepEqual(border.colors[0], { r: 0, g: 0, b: 255, a: 1 });
});

test('no border item for a page without a border', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 50px; margin: 5px }</style><p>x`);
  const items = buildDisplayList(r.pages, {}).pages[0].items;
  assert.equal(items.filter((i) => i.kind === 'border').length, 0);
});

test('bleed grows the sheet on every side, moves the page in, and the page background covers the bleed', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 100px 80px; margin: 10px; bleed: 6px; background: yellow }
    body { margin: 0 }</style><body><a href="https://example.com/">x</a>`);
  assert.equal(r.pages[0].bleed, 6);
  const list = buildDisplayList(r.pages, {}).pages[0];
  assert.deepEqual([list.width, list.height], [112, 92]);
  assert.deepEqual(list.items[0], { kind: 'push-transform', matrix: [1, 0, 0, 1, 6, 6] });
  const bg = list.items[1];
  assert.ok(bg && bg.kind === 'rect');
  assert.deepEqual(bg.rect, { x: -6, y: -6, w: 112, h: 92 }, 'under the (6, 6) translation: the whole sheet');
  const link = list.items.find((i) => i.kind === 'link');
  assert.ok(link && link.kind === 'link' && link.rect.x >= 16, 'link rectangles move with the page');
});

test('marks: crop gives a 6pt bleed and eight 1px crop marks along the trim edges; cross adds four registration marks', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 100px 80px; marks: crop }</style><p>x`);
  const list = buildDisplayList(r.pages, {}).pages[0];
  assert.deepEqual([list.width, list.height], [116, 96]);
  const marks = list.items.slice(list.items.findIndex((i) => i.kind === 'pop-transform') + 1).filter((i) => i.kind === 'hairlines');
  assert.equal(marks.length, 1);
  const m = marks[0];
  assert.ok(m && m.kind === 'hairlines');
  assert.equal(m.width, 1);
  assert.deepEqual(m.circles, []);
  assert.equal(m.segments.length, 8);
  assert.deepEqual(m.segments[0], [0, 8, 4, 8], 'from the sheet edge along the top trim edge, half the bleed long');
  const both = buildDisplayList(layoutHtml(`<!doctype html><style>@page { size: 100px 80px; marks: cross crop; bleed: 10px }</style>`).pages, {}).pages[0];
  const h = both.items.find((i) => i.kind === 'hairlines');
  assert.ok(h && h.kind === 'hairlines');
  assert.equal(h.segments.length, 16);
  assert.deepEqual(h.circles, [[60, 5, 5], [60, 95, 5], [5, 50, 5], [115, 50, 5]], 'centred in the bleed at the middle of each side');
  const cross = buildDisplayList(layoutHtml(`<!doctype html><style>@page { size: 100px 80px; marks: cross }</style>`).pages, {}).pages[0];
  assert.deepEqual([cross.width, cross.height], [116, 96], 'marks: cross alone also makes bleed: auto 6pt');
});
