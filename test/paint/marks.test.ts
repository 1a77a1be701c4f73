// In: @page rules with bleed and marks (css-page-3 §7.1, §7.2) rendered through renderPdf on a 12 px page with a 3 px bleed.
// Out: the sheet's pixels as letters (pdftoppm -aa no, 96 dpi: 1 px = 1 CSS px): crop marks, cross (registration) marks, both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { letterRows, raster } from './pdf-helpers.ts';

async function sheet(marks: string): Promise<string[]> {
  const out = await renderPdf(`<style>@page { size: 12px; margin: 0; bleed: 3px; marks: ${marks} } body { margin: 0 }</style>`, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  return letterRows(raster(out.pdf));
}

const CROP = [
  '___K___________K__', '___K___________K__', '__________________', 'KK______________KK', ...Array(11).fill('__________________'),
  'KK______________KK', '___K___________K__', '___K___________K__',
];

test('marks: crop draws 1 px lines on the trim edges from the sheet edge, half the bleed long', async () => {
  assert.deepEqual(await sheet('crop'), CROP);
});

test('marks: cross draws a registration mark (circle and cross, as wide as the bleed) at the middle of each side', async () => {
  const cross = await sheet('cross');
  assert.deepEqual(cross, [
    '_______KKKK_______', '______KKKKK_______', '_______KKKK_______', '________KK________', '__________________', '__________________',
    '_K______________K_', 'KKK____________KKK', 'KKKK__________KKKK', 'KKKK__________KKKK', 'KKK____________KKK', '_K______________K_',
    '__________________', '__________________', '________KK________', '_______KKKK_______', '______KKKKK_______', '_______KKKK_______',
  ]);
  // Both: the union, the crop marks drawn the same as alone.
  const both = await sheet('crop cross');
  assert.deepEqual(both, both.map((row, y) => [...row].map((c, x) => (CROP[y]![x] === 'K' || cross[y]![x] === 'K' ? 'K' : '_')).join('')));
});
