// In: buttons, input type=submit/reset/button and a text field with a value, in a 16px/20px body. Out: border boxes
// (px, page area) against Chromium 156's getBoundingClientRect in print emulation. Chromium's html.css gives buttons
// 'padding: 1px 6px', a 2px outset border and border-box sizing, text fields 'padding: 1px 2px' and a 2px inset border,
// and every control 'font: -webkit-small-control' (13.333px, line-height normal), so a button is 21 px high whatever the
// body's line-height. Without those rows a button was as wide as its text and 20 px high (the body's line-height).
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px 'Liberation Serif'}</style></head><body>
<div id=a><button id=a1>Übersicht</button><button id=a2 style="font-size:20px">Details</button><button id=a3 style="padding:0;border:0">Plain</button></div>
<div id=b><input id=b1 type=submit value="Senden"><input id=b2 type=reset value="Zurück"><input id=b3 type=button value="Anlagen"></div>
<div id=c style="width:150px"><button id=c1 style="width:100%">Wide</button></div>
<div id=e><input id=e1 value="Rechnung"></div>
</body></html>`;

// Measured with Debian chromium 156 (viewport 718 px wide: the divs' widths are not compared). #e1: a text field of the
// default size 20 in 13.33px Liberation Sans, 185 px wide with the project's fonts (test/layout/form-controls-size-chromium.test.ts).
const BOXES: ChromiumBox[] = [
  ['a', 0, 0, 600, 29],
  ['a1', 0, 6, 72.297, 21],
  ['a2', 72.297, 0, 77.141, 29],
  ['a3', 149.438, 9, 29.641, 15],
  ['b', 0, 29, 600, 21],
  ['b1', 0, 29, 61.953, 21],
  ['b2', 61.953, 29, 56.734, 21],
  ['b3', 118.688, 29, 64.922, 21],
  ['c', 0, 50, 150, 21],
  ['c1', 0, 50, 150, 21],
  ['e', 0, 71, 600, 21],
  ['e1', 0, 71, 185, 21],
];

test('Chromium 156 figures: UA styles of buttons and submit/reset/button inputs', () => assertInspectedBoxes(DOC, BOXES));

test('Chromium 156 figures: a text field is 21 px high (1px 2px padding, 2px border, line-height normal)', () => {
  assertInspectedBoxes(DOC.replace('<input id=e1 value="Rechnung">', '<input id=e1 value="Rechnung" style="width:169px">'), [['e1', 0, 71, 177, 21]]);
});
