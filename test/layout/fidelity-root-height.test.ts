// In: a page whose area is 794.56 px high (Chromium's A4 landscape, no margin) with a flex-centred 8cm body, rendered through renderPdf.
// Out: the body's painted rows (pdftoppm at 96 dpi, 1 px = 1 CSS px) and a fixed box's bottom, against Chromium 156's Page.printToPDF output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { tempDir } from '../tmp.ts';

/** Rows (px) where column x turns black and back, from a 96 dpi grey raster of the first page. */
async function blackRows(html: string, x: number): Promise<number[]> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-rooth-');
  writeFileSync(join(dir, 'r.pdf'), out.pdf);
  execFileSync('pdftoppm', ['-r', '96', '-gray', '-f', '1', '-l', '1', join(dir, 'r.pdf'), join(dir, 'r')]);
  const buf = readFileSync(join(dir, 'r-1.pgm'));
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 40).toString('latin1'))!;
  const w = +head[1]!, h = +head[2]!, px = buf.subarray(head[0].length);
  const rows: number[] = [];
  let prev = false;
  for (let y = 0; y < h; y++) { const black = px[y * w + x]! < 64; if (black !== prev) rows.push(y); prev = black; }
  return rows;
}

// Chromium 156 (Page.printToPDF as fidelity/make-refs.mjs calls it): the body spans rows 246-549 (303 px: centred in
// a 795 px root, 246.32 + 302.36 snaps to 549), while `position: fixed; bottom: 0` ends at row 794.
const page = (doctype: string): string => `${doctype}<style>@page { size: 1123.84px 794.56px; margin: 0 }
html { display: flex; align-items: center; height: 100% } body { margin: 0; height: 8cm; width: 100px; background: #000 }
#f { position: fixed; bottom: 0; right: 0; width: 50px; height: 10px; background: #000 }</style><body></body><div id="f"></div>`;

test('the root\'s height: 100% resolves against the page area height rounded to the nearest px (795 of 794.56), fixed boxes against it rounded down', async () => {
  for (const doctype of ['<!DOCTYPE html>', '']) {
    assert.deepEqual(await blackRows(page(doctype), 10), [246, 549], `${doctype || 'quirks'}: body rows`);
    assert.deepEqual(await blackRows(page(doctype), 1100), [784, 794], `${doctype || 'quirks'}: fixed box rows`);
  }
});
