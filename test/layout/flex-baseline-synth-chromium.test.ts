// In: inline-flex and flex containers whose first item has no baseline (an inline <svg>, an empty block) before text:
// centred, flex-start and flex-end rows (a margin and border on the svg), a column, baseline alignment, an inline-flex
// beside text. Out: border boxes (px, page area) against Chromium 156's getBoundingClientRect in print emulation (fonts as
// test/fidelity/make-refs.mjs). With no baseline-aligned item, a flex container's first baseline is its startmost item's,
// synthesized from that item's border-box bottom when it has none (css-flexbox-1 §8.5, css-align-3 §9.1); we fell back to
// the container's own bottom edge, so a "pill" badge with an icon first sat 6 px high and made its line box taller.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:14px/21px Arial}
.pill { display: inline-flex; align-items: center; gap: 6px; padding: 4px 12px; background: #ccc; font-size: 12px; }
.d { padding: 10px }
</style></head><body>
<div id=h1 class=d>a<span class=pill id=s1><svg id=v1 width="10" height="10" viewBox="0 0 10 10"></svg> Quote</span></div>
<div id=h2 class=d>a<span class=pill id=s2><i id=v2 style="display:block;width:10px;height:10px;background:#000"></i> Quote</span></div>
<div id=h3 class=d>a<span class=pill id=s3 style="flex-direction:column;align-items:flex-start"><svg id=v3 width="10" height="10" viewBox="0 0 10 10"></svg><b id=t3>Quote</b></span></div>
<div id=h4 class=d>a<span class=pill id=s4 style="align-items:flex-start"><svg id=v4 width="10" height="30" viewBox="0 0 10 30"></svg><b id=t4>Quote</b></span></div>
<div id=h5 class=d>a<span class=pill id=s5 style="align-items:flex-end"><svg id=v5 width="10" height="30" style="margin-bottom:5px;border:2px solid" viewBox="0 0 10 30"></svg><b id=t5>Quote</b></span></div>
<div id=h6 class=d>a<span class=pill id=s6 style="align-items:baseline"><svg id=v6 width="10" height="30" viewBox="0 0 10 30"></svg><b id=t6>Quote</b></span></div>
<div id=h7 class=d><div id=f7 style="display:flex;align-items:center"><svg id=v7 width="10" height="10"></svg><span>text</span></div><span style="display:inline-flex" id=s7><svg id=v8 width="20" height="20"></svg>ab</span>z</div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['h1', 0, 0, 600, 49],
  ['s1', 17.8, 10, 72.7, 29],
  ['v1', 29.8, 19.5, 10, 10],
  ['h2', 0, 49, 600, 49],
  ['s2', 17.8, 59, 72.7, 29],
  ['v2', 29.8, 68.5, 10, 10],
  ['h3', 0, 98, 600, 66],
  ['s3', 17.8, 109, 58.67, 45],
  ['v3', 29.8, 113, 10, 10],
  ['t3', 29.8, 129, 34.67, 21],
  ['h4', 0, 164, 600, 60],
  ['s4', 17.8, 174, 74.67, 38],
  ['v4', 29.8, 178, 10, 30],
  ['t4', 45.8, 178, 34.67, 21],
  ['h5', 0, 224, 600, 67],
  ['s5', 17.8, 234, 78.67, 47],
  ['v5', 29.8, 238, 14, 34],
  ['t5', 49.8, 256, 34.67, 21],
  ['h6', 0, 291, 600, 65],
  ['s6', 17.8, 301, 74.67, 45],
  ['v6', 29.8, 305, 10, 30],
  ['t6', 45.8, 321, 34.67, 21],
  ['h7', 0, 356, 600, 67],
  ['f7', 10, 366, 580, 21],
  ['v7', 10, 371.5, 10, 10],
  ['s7', 10, 387, 35.58, 21],
  ['v8', 10, 387, 20, 20],
];

test('Chromium 156 figures: a flex container\'s baseline from a startmost item without one', () => assertInspectedBoxes(DOC, BOXES));
