// background-attachment (css-backgrounds-3 §3.5) in paged media: computed per layer, and `fixed`
// layers positioned in the page area of each page while clipped to the element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

/** Rows of letters (B blue, R red, _ white, ? other) of a w×h px page, each px read at its centre (5 × 96 dpi). */
async function pixels(w: number, h: number, html: string): Promise<string[]> {
  const img = raster((await renderPdf(`<style>@page { size: ${w}px ${h}px; margin: 0 } body { margin: 0 }</style>${html}`, { creationDate: new Date(0) })).pdf, 480);
  const L: Record<string, string> = { '255,255,255': '_', '255,0,0': 'R', '0,0,255': 'B' };
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) row += L[img.px(x * 5 + 2, y * 5 + 2).join(',')] ?? '?';
    rows.push(row);
  }
  return rows;
}

test('fixed: positioned in the page area, clipped to the element; scroll/local: in the element', async () => {
  // A 3×3 blue square at the bottom right of the 8×6 page, seen only through the 4×4 box at (3,1).
  const fixed = 'background: linear-gradient(blue, blue) no-repeat fixed right bottom / 3px 3px';
  assert.deepEqual(await pixels(8, 6, `<div style="margin: 1px 0 0 3px; width: 4px; height: 4px; ${fixed}"></div>`), [
    '________', '________', '________', '_____BB_', '_____BB_', '________',
  ]);
  const local = 'background: linear-gradient(blue, blue) no-repeat local right bottom / 3px 3px';
  assert.deepEqual(await pixels(8, 6, `<div style="margin: 1px 0 0 3px; width: 4px; height: 4px; ${local}"></div>`), [
    '________', '________', '____BBB_', '____BBB_', '____BBB_', '________',
  ]);
});

test('fixed repeats on every page at the same place', async () => {
  const html = '<div style="height: 12px; background: linear-gradient(red 50%, blue 50%) fixed 0 0 / 100% 100%"></div>';
  const pdf = (await renderPdf(`<style>@page { size: 2px 4px; margin: 0 } body { margin: 0 }</style>${html}`, { creationDate: new Date(0) })).pdf;
  for (const page of [1, 2, 3]) {
    const img = raster(pdf, 480, page);
    assert.deepEqual([img.px(2, 2), img.px(2, 17)], [[255, 0, 0], [0, 0, 255]], `page ${page}`);
  }
});
