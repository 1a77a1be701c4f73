// In: separated-borders tables whose border-spacing is a fractional length (px, pt, em), through the real stages
// (parse → cascade → boxes → layout). Out: table and cell border boxes (x, y relative to the case block, width, height
// in px) compared with Chromium 156's getBoundingClientRect in print emulation.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const ROWS = [
  '<table id=a1 style="border-spacing:0.5px"><tr><td id=a2>a</td><td>b</td></tr></table>',
  '<table id=a3 style="border-spacing:1.5px 2.7px"><tr><td id=a4>a</td><td id=a5>b</td></tr><tr><td id=a6>c</td></tr></table>',
  '<table id=a7 style="border-spacing:2pt"><tr><td id=a8>a</td><td id=a9>b</td></tr></table>',
  '<table id=a10 style="border-spacing:0.3em;font-size:13.3px"><tr><td id=a11>a</td><td id=a12>b</td></tr></table>',
  '<table id=a13 style="border-spacing:0.99px"><tr><td id=a14>a</td><td id=a15>b</td></tr></table>',
  '<table id=a16 style="border-spacing:-1px"><tr><td id=a17>a</td></tr></table>',
  '<table id=a18 style="border-spacing:3.999px;width:50.5%"><tr><td id=a19>a</td><td id=a20>b</td></tr></table>',
];
const DOC = '<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } td { padding: 0 }</style></head>'
  + `<body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * Blink keeps border-spacing as whole px (a short, from CSSPrimitiveValue::ComputeLength<short>: the px value plus 0.01,
 * truncated): 0.5px is 0, 1.5px 1, 2.7px and 2pt 2, 0.99px 1, 0.3em at 13.3px (3.99) 4. We used the exact length, so a
 * table with border-spacing: 2pt was 1.33 px taller per row and everything below it moved down.
 */
const CHROMIUM: ChromiumBox[] = [
  ["a1",0,0,17.8125,20],
  ["a2",0,0,8.90625,20],
  ["a3",0,20,20.8125,46],
  ["a4",1,22,8.90625,20],
  ["a5",10.90625,22,8.90625,20],
  ["a6",1,44,8.90625,20],
  ["a7",0,66,23.8125,24],
  ["a8",2,68,8.90625,20],
  ["a9",12.90625,68,8.90625,20],
  ["a10",0,90,26.8125,28],
  ["a11",4,94,7.40625,20],
  ["a12",15.40625,94,7.40625,20],
  ["a13",0,118,20.8125,22],
  ["a14",1,119,8.90625,20],
  ["a15",10.90625,119,8.90625,20],
  ["a16",0,140,12.90625,24],
  ["a17",2,142,8.90625,20],
  ["a18",0,164,303,28],
  ["a19",4,168,145.5,20],
  ["a20",153.5,168,145.5,20]];

test('Chromium 156 figures: border-spacing is whole px (the length plus 0.01, truncated)', () => assertChromiumBoxes(layoutHtml(DOC), 'c', CHROMIUM, 0.001));
