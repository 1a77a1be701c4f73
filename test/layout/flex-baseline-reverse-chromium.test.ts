// In: inline flex containers beside text, in every direction and wrap (row, row-reverse, column, column-reverse,
// wrap-reverse, order, rtl), through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } '
  + '.m { display: inline-block; width: 2px; height: 2px } .big { font-size: 30px; line-height: 40px }';
/** One line per case: 'x', a 2 × 2 marker on the baseline (its y tells where the line's baseline is), the inline flex container. */
const ROWS = [
  "<div id=r1>x<span class=m id=m1></span><div style=\"display:inline-flex;flex-direction:column-reverse\"><div class=big>Top</div><div>bottom</div></div></div>",
  "<div id=r2>x<span class=m id=m2></span><div style=\"display:inline-flex;flex-direction:column\"><div class=big>Top</div><div>bottom</div></div></div>",
  "<div id=r3>x<span class=m id=m3></span><div style=\"display:inline-flex;flex-direction:row-reverse\"><div class=big style=\"align-self:flex-start\">A</div><div style=\"padding-top:30px\">b</div></div></div>",
  "<div id=r4>x<span class=m id=m4></span><div style=\"display:inline-flex;flex-direction:row\"><div class=big style=\"align-self:flex-start\">A</div><div style=\"padding-top:30px\">b</div></div></div>",
  "<div id=r5>x<span class=m id=m5></span><div style=\"display:inline-flex;flex-direction:column;flex-wrap:wrap-reverse;height:60px\"><div class=big>T1</div><div>t2</div><div>t3</div></div></div>",
  "<div id=r6>x<span class=m id=m6></span><div style=\"display:inline-flex;flex-direction:column-reverse\"><div class=big style=\"order:2\">Ord</div><div>plain</div><div style=\"order:-1\">first</div></div></div>",
  "<div id=r7 dir=rtl>x<span class=m id=m7></span><div style=\"display:inline-flex;flex-direction:row-reverse\"><div class=big style=\"align-self:flex-start\">A</div><div style=\"padding-top:30px\">b</div></div></div>",
  "<div id=r8 dir=rtl>x<span class=m id=m8></span><div style=\"display:inline-flex\"><div class=big style=\"align-self:flex-start\">A</div><div style=\"padding-top:30px\">b</div></div></div>",
  "<div id=r9>x<span class=m id=m9></span><div style=\"display:inline-flex;flex-wrap:wrap-reverse;width:60px\"><div class=big style=\"width:50px\">A</div><div style=\"padding-top:30px;width:50px\">b</div></div></div>",
];
const DOC = `<!doctype html><html><head><style>${STYLE}</style></head><body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * A flex container without baseline-aligned items takes its first baseline from its startmost item (css-flexbox-1 §8.5),
 * which Chromium 156 takes to be the item placed nearest the container's inline-start (row) or block-start (column)
 * edge, in the line nearest its cross-start side: the last item of a column-reverse (r1, r6 with order) or row-reverse
 * (r3; in rtl r7) line, the last line of a wrap-reverse container (r5, r9); the first item otherwise (r2, r4, r8 rtl).
 * We took the first item in order-modified document order of the first line wherever it was placed: Tailwind's
 * flex-col-reverse (the date shown above the title in a résumé) put the list marker beside the title, 35 px low (m1).
 */
const CHROMIUM: ChromiumBox[] = [['r1', 0, 0, 600, 60], ['m1', 8, 13, 2, 2], ['r2', 0, 60, 600, 60], ['m2', 8, 88, 2, 2], ['r3', 0, 120, 600, 50], ['m3', 8, 163, 2, 2], ['r4', 0, 170, 600, 50], ['m4', 8, 198, 2, 2], ['r5', 0, 220, 600, 60], ['m5', 8, 233, 2, 2], ['r6', 0, 280, 600, 80], ['m6', 8, 308, 2, 2], ['r7', 0, 360, 600, 50], ['m7', 590, 403, 2, 2], ['r8', 0, 410, 600, 50], ['m8', 590, 438, 2, 2], ['r9', 0, 460, 600, 90], ['m9', 8, 503, 2, 2]];

test('Chromium 156 figures, the first baseline of reversed and wrap-reverse flex containers', () => assertChromiumBoxes(layoutHtml(DOC), 'c', CHROMIUM));
