// In: small documents with @page sizes and margins, rendered through renderPdf and read back with pdfinfo / pdftotext -bbox.
// Out: page size and page-area edges in pt against Chromium 156 (headless --print-to-pdf, and the fidelity references for the default page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { snappedPageArea } from '../../src/layout/print-scale.ts';
import { tempDir } from '../tmp.ts';

interface Word { t: string; x: number; y: number; x2: number; y2: number }

async function render(html: string): Promise<{ w: number; h: number; words: Word[] }> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-geom-');
  writeFileSync(join(dir, 'g.pdf'), out.pdf);
  const xml = execFileSync('pdftotext', ['-bbox', join(dir, 'g.pdf'), '-'], { encoding: 'utf8' });
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(xml)!;
  const words = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .map((m) => ({ t: m[5]!, x: +m[1]!, y: +m[2]!, x2: +m[3]!, y2: +m[4]! }));
  return { w: +page[1]!, h: +page[2]!, words };
}

// L at the area's top-left, R right-aligned, B fixed at the bottom-right (line-height 20px).
const probe = (page: string): string => `<!DOCTYPE html><style>@page { ${page} } html, body { margin: 0; font: 20px/30px "Liberation Sans" }</style>
<div>L</div><div style="text-align:right">R</div><div style="position:fixed;bottom:0;right:0;line-height:20px">B</div>`;

/** Page-area edges in CSS px from the probe's words (offsets of Liberation Sans at 20px/30px measured on Chromium's own output). */
function edges(r: { words: Word[] }): { left: number; top: number; right: number; bottom: number; icbRight: number } {
  const L = r.words.find((w) => w.t === 'L')!, R = r.words.find((w) => w.t === 'R')!, B = r.words.find((w) => w.t === 'B')!;
  return { left: L.x / 0.75, top: (L.y - 2.92) / 0.75, right: R.x2 / 0.75, bottom: (B.y2 - 0.93) / 0.75, icbRight: B.x2 / 0.75 };
}

// Chromium 156 on an 800 × 1000 px page: [margin, left, top, right edge (in flow), bottom edge, right edge of the
// initial containing block (a fixed box with right: 0)] in px.
const CHROMIUM: Array<[string, number, number, number, number, number]> = [
  ['3cm', 113, 113, 687, 886, 686],
  ['10mm', 38, 38, 763, 962, 762],
  ['0.5cm', 19, 19, 782, 981, 781],
  ['20.5px', 21, 21, 780, 980, 780],
  ['20.7px', 21, 21, 780, 979, 779],
  ['10.2px 10.8px 11.5px 12.5px', 13, 10, 790, 988, 789],
];

test('page margins land on whole px as Chromium prints them (left/top rounded, width up, height and the initial containing block down)', async () => {
  for (const [margin, left, top, right, bottom, icbRight] of CHROMIUM) {
    const e = edges(await render(probe(`size: 800px 1000px; margin: ${margin}`)));
    for (const [k, want] of [['left', left], ['top', top], ['right', right], ['bottom', bottom], ['icbRight', icbRight]] as const) {
      assert.ok(Math.abs(e[k] - want) < 0.35, `margin ${margin}: ${k} edge at ${e[k].toFixed(2)} px, Chromium ${want}`);
    }
  }
});

test('snappedPageArea: the rounding rule itself', () => {
  assert.deepEqual(snappedPageArea({ width: 800, height: 1000 }, 113.386, 113.386, 113.386, 113.386), { x: 113, y: 113, width: 574, height: 773, icbWidth: 573, rootHeight: 774 });
  // Playwright's A4 as Chromium lays it out (596 × 843 pt) with 28 pt margins: 720.016 × 1049.34 px in LayoutUnits.
  const pt28 = 28 * 4 / 3;
  assert.deepEqual(snappedPageArea({ width: 596 * 4 / 3, height: 1124 }, pt28, pt28, pt28, pt28), { x: 37, y: 37, width: 721, height: 1049, icbWidth: 720, rootHeight: 1050 });
  // 1 cm margins: 719.11 px, laid out 720 wide (a 1000 px block shrinks by 1000 / 720 in Chromium 156), 719 for the ICB.
  const cm = 96 / 2.54;
  assert.deepEqual(snappedPageArea({ width: 596 * 4 / 3, height: 1124 }, cm, cm, cm, cm), { x: 38, y: 38, width: 720, height: 1048, icbWidth: 719, rootHeight: 1049 });
  assert.deepEqual(snappedPageArea({ width: 8, height: 2 }, 1, 0, 1, 0), { x: 1, y: 0, width: 6, height: 2 }, 'whole px pages are unchanged');
});

test('the default page is Chromium\'s A4 through Playwright as laid out (596 × 843 pt) with 28 pt margins', async () => {
  // The fidelity references (page.pdf({ format: 'A4', margin: 10mm })): sparksuite's first column starts at 60.75 pt
  // (27.75 pt margin + 33 px of the invoice box), its right-aligned column ends at 535.50 pt (area 721 px wide).
  const r = await render(`<!DOCTYPE html><style>body { margin: 0; font: 16px/24px "Liberation Sans" }</style><div>Left</div><div style="text-align:right">Right</div>`);
  assert.equal(r.w, 596);
  assert.equal(r.h, 843);
  const left = r.words.find((w) => w.t === 'Left')!, right = r.words.find((w) => w.t === 'Right')!;
  assert.ok(Math.abs(left.x - 27.75) < 0.01, `Left at ${left.x} pt`);
  assert.ok(Math.abs(right.x2 - (37 + 721) * 0.75) < 0.05, `Right ends at ${right.x2} pt (area right edge 568.5 pt)`);
});

test('an explicit size keeps its exact length (size: A4 is 595.28 × 841.89 pt)', async () => {
  const r = await render(probe('size: A4; margin: 0'));
  assert.ok(Math.abs(r.w - 595.28) < 0.01 && Math.abs(r.h - 841.89) < 0.01, `${r.w} × ${r.h}`);
  // Chromium: A4 with no margin has its area 794 px wide and 1122 px high.
  const e = edges(r);
  assert.ok(Math.abs(e.right - 794) < 0.35 && Math.abs(e.bottom - 1122) < 0.35, `right ${e.right}, bottom ${e.bottom}`);
});
