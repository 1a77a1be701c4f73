// In: lists with list-style-position: inside (disc, circle, square at 13, 16 and 20 px, Liberation Sans and DejaVu Sans;
// decimal; a string; centred; rtl). Out: where the item's text starts against Chromium 156 (getBoundingClientRect, print
// emulation), and the bullet squares against Chromium's raster. Blink draws an inside disc/circle/square as a box of
// ListMarker::WidthOfSymbol (⌊(⌊ascent·2/3⌋ + 1)/2⌋ + 2 px) with margins −1 px and 1em (InlineMarginsForInside), not
// as the text "• " (cappuccino-resume-variable's bullet items started 11.4 px too far left).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';
import { allFragments, layoutHtml } from './helpers.ts';

const HTML = `<!doctype html><html><head><style>body{margin:0;font:16px/20px "Liberation Sans"} ul,ol{margin:0;padding:0;list-style-position:inside} span{background:#eee}</style></head><body>
<ul><li><span id=t16>text</span></li></ul>
<ul style="font-size:13px"><li><span id=t13>text</span></li></ul>
<ul style="font-size:20px"><li><span id=t20>text</span></li></ul>
<ul style="font-size:13px;font-family:'DejaVu Sans'"><li><span id=d13>text</span></li></ul>
<ul style="list-style-type:circle"><li><span id=c16>text</span></li></ul>
<ul style="list-style-type:square;font-size:13px"><li><span id=s13>text</span></li></ul>
<ol><li><span id=o16>text</span></li></ol>
<ol style="font-size:13px"><li><span id=o13>text</span></li></ol>
<ul style="list-style-type:'-> '"><li><span id=str16>text</span></li></ul>
<ul><li style="text-align:center;width:200px"><span id=ctr>text</span></li></ul>
<ul style="direction:rtl;width:300px"><li><span id=rtl16>text</span></li></ul>
</body></html>`;

/** Chromium 156: [id, x, y, width, height] from getBoundingClientRect. */
const CHROMIUM: BoxFigure[] = [
  ['t16', 22, 1, 25.8, 17],
  ['t13', 18, 22, 20.97, 15],
  ['t20', 27, 39, 32.25, 22],
  ['d13', 18, 62, 25.67, 15],
  ['c16', 22, 81, 25.8, 17],
  ['s13', 18, 102, 20.97, 15],
  ['o16', 17.8, 121, 25.8, 17],
  ['o13', 14.47, 142, 20.97, 15],
  ['str16', 19.13, 161, 25.8, 17],
  ['ctr', 98.09, 181, 25.8, 17],
  ['rtl16', 252.2, 201, 25.8, 17],
];

test('inside list markers: the text after them starts where Chromium 156 puts it', () => {
  assertBoxes(HTML, CHROMIUM);
});

test('inside disc markers: the bullet square where Chromium 156 paints it (ltr and rtl)', () => {
  const r = layoutHtml(`<!doctype html><html><head><style>@page{size:400px 100px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"}
    ul{margin:0;padding:0;list-style-position:inside;width:300px}</style></head><body><ul><li>text</li></ul><ul style="direction:rtl"><li>text</li></ul></body></html>`);
  const bullets = allFragments(r.pages[0]!.children).filter((f) => f.kind === 'marker').map((f) => [f.x, f.y, f.width, f.height]);
  // Chromium's raster (96 dpi): dark columns 0-4 and 295-299, rows 8-12 and 28-32.
  assert.deepEqual(bullets, [[0, 8, 5, 5], [295, 28, 5, 5]]);
});
