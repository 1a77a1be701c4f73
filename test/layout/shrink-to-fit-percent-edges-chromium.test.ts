// In: inline-blocks, floats and an absolutely positioned box with percentage margins or padding (2 %, 10 %, 5 %, 20 %,
// calc(2% + 4px)) inside shrink-to-fit boxes and a fixed-width one. Out: border boxes (px, page area) against Chromium
// 156's getBoundingClientRect in print emulation. Their min-content and max-content contributions count those
// percentages as 0 (css-sizing-3 §5.2.1), so fit-content compares the content sizes with the room the used edges leave:
// min(max(min-content, available - edges), max-content) (§5.1). We took the used edges off the contributions instead:
// an inline-block with 'margin: 0 10%' in a 300 px box was 32 px wide (its text wrapped; Chromium 92), an abspos box with
// 'margin-left: 20%' 0 px, and KoSIT's XRechnung tab buttons ('margin-right: 2%') 1.7 px narrow.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:22px/26px 'Liberation Serif'}</style></head><body>
<div id=a style="display:inline-block"><span id=a1 style="display:inline-block;margin-right:2%">Übersicht</span></div><br>
<div id=b style="float:left"><div id=b1 style="float:left;margin-left:10%">Details here</div></div><div style="clear:both"></div>
<div id=c style="display:inline-block"><span id=c1 style="display:inline-block;padding:0 5%;border:1px solid">Zusätze</span></div><br>
<div id=d style="display:inline-block;width:300px"><span id=d1 style="display:inline-block;margin:0 10%">two words</span></div><br>
<div id=e style="position:relative;height:30px"><div id=e1 style="position:absolute;margin-left:20%">Anlagen</div></div>
<div id=f style="display:inline-block"><span id=f1 style="display:inline-block;margin-right:calc(2% + 4px)">Laufzettel</span></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['a', 0, 0, 85.531, 26],
  ['a1', 0, 0, 85.531, 26],
  ['b', 0, 26, 105.672, 52],
  ['b1', 10.563, 26, 95.109, 52],
  ['c', 0, 78, 70.406, 28],
  ['c1', 0, 78, 77.438, 28],
  ['d', 0, 106, 300, 26],
  ['d1', 30, 106, 92.281, 26],
  ['e', 0, 132, 600, 30],
  ['e1', 120, 132, 74.531, 26],
  ['f', 0, 162, 93.172, 26],
  ['f1', 0, 162, 89.172, 26],
];

test('Chromium 156 figures: shrink-to-fit widths with percentage margins and padding', () => assertInspectedBoxes(DOC, BOXES));
