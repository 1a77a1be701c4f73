// In: floats met in the middle of a line of text or inline-blocks (left, right, too wide, after a preserved space),
// laid out through the real stages. Out: their border boxes and the boxes of the line around them (px) against
// Chromium 156's getBoundingClientRect (print media, Debian chromium): a float that fits beside what the line holds
// before it, its trailing collapsible space not counted (CSS 2.1 §9.5.1 rule 8, css-text-3 §4.1.2), is placed on that
// line and the line's content moves beside it, whatever follows; what follows and does not fit goes to the next line.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:400px 600px;margin:0} body{margin:0;font:20px/24px 'Liberation Sans'}
.c{width:100px;clear:both;margin-bottom:8px}
.w{display:inline-block;width:40px;height:10px}
.f{float:left;width:10px;height:30px}
.r{float:right;width:10px;height:30px}
.m{width:60px;font:20px/20px 'DejaVu Sans Mono'}
</style></head><body>
<div class=c id=c1><span class=w id=w1></span> <span class=w id=w2></span> <div class=f id=f1></div> <span class=w id=w3></span></div>
<div class=c id=c2><span class=w id=w4></span> <span class=w id=w5></span> <div class=r id=f2></div> <span class=w id=w6></span></div>
<div class=c id=c3><span class=w id=w7></span> <span class=w id=w8></span> <div class=f id=f3 style="width:15px"></div> <span class=w id=w9></span></div>
<div class=c id=c4>mmm mm <div class=f id=f4></div> mm</div>
<div class="c m" id=c5>a a <div class=f id=f5 style="width:12px"></div>b</div>
<div class="c m" id=c6 style="white-space:pre-wrap">a a <div class=f id=f6 style="width:12px"></div>b</div>
<p id=p7 style="width:200px;margin:0;font:20px/20px 'Liberation Mono'">text <span id=s7 style="float:right;width:100px">y</span> more</p>
</body></html>`;

const CHROMIUM: ChromiumBox[] = [
  // 40 + space + 40 (+ a trailing space) then a 10 px float in 100 px: on the first line, the line beside it.
  ['c1', 0, 0, 100, 48], ['w1', 10, 9, 40, 10], ['w2', 55.563, 9, 40, 10], ['f1', 0, 0, 10, 30], ['w3', 10, 33, 40, 10],
  ['c2', 0, 56, 100, 48], ['w4', 0, 65, 40, 10], ['w5', 45.563, 65, 40, 10], ['f2', 90, 56, 10, 30], ['w6', 0, 89, 40, 10],
  // 15 px does not fit even without the space: below the line.
  ['c3', 0, 112, 100, 48], ['w7', 0, 121, 40, 10], ['w8', 45.563, 121, 40, 10], ['f3', 0, 136, 15, 30], ['w9', 15, 145, 40, 10],
  ['c4', 0, 168, 100, 48], ['f4', 0, 168, 10, 30],
  ['c5', 0, 224, 60, 40], ['f5', 0, 224, 12, 30],
  // A preserved space (pre-wrap) counts: the float goes below the first line.
  ['c6', 0, 272, 60, 40], ['f6', 0, 292, 12, 30],
  // The float fits on the first line, " more" then no longer does beside it.
  ['p7', 0, 320, 200, 40], ['s7', 100, 320, 100, 20],
];

test('a float met mid-line is placed on that line when it fits beside the content before it, less its trailing space', () => {
  assertInspectedBoxes(DOC, CHROMIUM);
});
