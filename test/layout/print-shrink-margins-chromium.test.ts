// In: a 1000 px wide line and a 100% wide right-aligned line on the default page (Playwright's A4, as make-refs prints)
// with @page margins of 1cm, 37.4px and 28pt, through renderPdf (print shrink-to-fit: the content is wider than the area).
// Out: the words' positions (pdftotext -bbox, pt) against Chromium 156's print of the same documents: Chromium lays the
// default page out on 596 × 843 pt, the page area in LayoutUnits (insets truncated to 1/64 px), the shrink factor is
// the overflow over the laid-out (rounded-up) width, and the content is laid out again in the exact area times that
// factor, rounded up: with 1cm margins the 1000 px line shrinks by 1000 / 720 (not 1000 / 719), and the 100% line ends
// 0.54 pt inside the right edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { words } from '../paint/pdf-helpers.ts';

const doc = (margin: string): string => `<!doctype html><html><head><style>@page{margin:${margin}} body{margin:0;font:16px "Liberation Sans"}</style></head><body>` +
  '<div style="width:1000px;text-align:right">Start of a wide line End</div><div style="text-align:right">Right</div></body></html>';

/** Chromium 156 (page.pdf, format A4): [margin, Start xMin, End xMax, Right xMin, Right xMax] in pt. */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['1cm', 479.64467, 568.49576, 547.785917, 567.95576],
  ['37.4px', 478.89467, 567.74576, 547.575917, 567.74576],
  ['28pt', 479.52126, 568.495754, 547.757148, 567.955004],
];

test('print shrink-to-fit with fractional page margins scales and lays out again as Chromium 156', async () => {
  for (const [margin, start, end, rightMin, rightMax] of CHROMIUM) {
    const ws = words((await renderPdf(doc(margin))).pdf);
    const at = (t: string) => ws.find((w) => w.text === t)!;
    const got = [at('Start').xMin, at('End').xMax, at('Right').xMin, at('Right').xMax];
    [start, end, rightMin, rightMax].forEach((v, k) => assert.ok(Math.abs(got[k]! - v) < 0.05, `${margin}: got ${got.map((g) => g.toFixed(3)).join(' ')}, Chromium ${start} ${end} ${rightMin} ${rightMax}`));
  }
});
