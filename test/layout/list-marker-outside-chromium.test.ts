// In: list items with outside markers (40 px image markers, text and symbol markers, a 40px ::marker) whose first line,
// first block child, table or inline-table, or nothing at all carries the baseline, through the real stages.
// Out: their boxes against Chromium 156's getBoundingClientRect (print emulation, viewport 400 x 1400, fonts as
// test/fidelity/make-refs.mjs) and the image markers' tops against Chromium's print (page.pdf rasterised at 384 dpi).
// Blink (UnpositionedListMarker::AddToBox) aligns the marker's baseline with the first line box or block child that has
// one and pushes that child down when the marker's ascent is larger; an item with no baseline at all holds the marker's
// own line (AddToBoxWithoutLineBoxes). A table's baseline is its first row's (test/layout/table-baseline-chromium.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';
import { allFragments, layoutHtml } from './helpers.ts';

/** A 40 x 40 px blue PNG and a 20 x 30 px green one. */
const BLUE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoAQMAAAC2MCouAAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAAdTAAAOpgAAA6mAAAF3CculE8AAAABlBMVEUAAP////973JksAAAAAWJLR0QB/wIt3gAAAAd0SU1FB+oLGxEZI69AYuYAAAAMSURBVAjXY2AYWQAAAPAAAde3lqIAAAAldEVYdGRhdGU6Y3JlYXRlADIwMjYtMTEtMjdUMTc6MjU6MzUrMDA6MDBno1IxAAAAJXRFWHRkYXRlOm1vZGlmeQAyMDI2LTExLTI3VDE3OjI1OjM1KzAwOjAwFv7qjQAAAABJRU5ErkJggg==';
const GREEN = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABQAAAAeAQMAAAAW3KwoAAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAAdTAAAOpgAAA6mAAAF3CculE8AAAABlBMVEUAgAD///8UPy9PAAAAAWJLR0QB/wIt3gAAAAd0SU1FB+oLGxEZI69AYuYAAAAMSURBVAjXY2AYGAAAAHgAAdrtolcAAAAldEVYdGRhdGU6Y3JlYXRlADIwMjYtMTEtMjdUMTc6MjU6MzUrMDA6MDBno1IxAAAAJXRFWHRkYXRlOm1vZGlmeQAyMDI2LTExLTI3VDE3OjI1OjM1KzAwOjAwFv7qjQAAAABJRU5ErkJggg==';

const HTML = `<!doctype html><html><head><style>@page{size:400px 1400px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"}
ul,ol{margin:0 0 0 60px;padding:0} p{margin:0} li{background:#eee} ul.i{list-style-image:url(${BLUE})} table.z{border-spacing:0} table.z td{padding:0}</style></head><body>
<p id=above>Above</p>
<ul class=i><li id=l1><span id=s1>Item one</span></li><li id=l2><span id=s2>two lines two lines two lines two lines two lines two lines</span></li></ul>
<ul class=i><li id=e1></li><li id=e2 style="padding-top:10px;padding-bottom:3px"></li><li id=e3><div id=e3d></div></li></ul>
<ul><li id=e4></li></ul>
<ol><li id=e5 style="padding-top:10px;padding-bottom:3px"></li></ol>
<ol style="font-size:30px;line-height:normal"><li id=e6></li></ol>
<ul class=i><li id=p1 style="padding-top:10px"><span id=p1s>padding</span></li></ul>
<ul class=i><li id=p2><div id=p2d style="padding-top:30px">tall enough</div></li></ul>
<ul class=i><li id=p3><div id=p3a style="height:5px"></div><div id=p3b>second child</div></li></ul>
<ul class=i><li id=p4 style="height:10px"><span id=p4s>fixed height</span></li></ul>
<ul class=i><li id=p5><img id=p5i src="${GREEN}"> inline image</li></ul>
<ul class=i><li id=p6 style="border-top:4px solid red"><div id=p6f style="float:left;width:30px;height:10px;background:red"></div><span id=p6s>float</span></li></ul>
<ul class=i style="line-height:60px"><li id=p7><span id=p7s>tall line</span></li></ul>
<ul><li id=p8><style>#p8::marker{font-size:40px}</style><span id=p8s>big marker</span></li></ul>
<ul class=i><li id=t1><table id=t1t><tr><td>cell</td></tr></table></li></ul>
<ul class=i><li id=t2><table id=t2t class=z><tr><td>cell<br>two</td></tr></table></li></ul>
<ul class=i><li id=t3><table id=t3t class=z style="border:5px solid"><tr><td>cell</td></tr></table></li></ul>
<ul class=i><li id=f1><div id=f1d style="display:inline-block">ib</div></li></ul>
<ul class=i><li id=f2><div id=f2d style="display:flex"><span>flex</span></div></li></ul>
<ul class=i><li id=f3><div id=f3d style="overflow:hidden">hidden</div></li></ul>
<ul class=i><li id=f4><div id=f4d style="display:block;height:30px;width:20px;background:green"></div><span id=f4s>after a block</span></li></ul>
<p id=below>Below</p>
</body></html>`;

/** Chromium 156: [id, x, y, width, height]. */
const CHROMIUM: BoxFigure[] = [
  ['above', 0, 0, 400, 20],
  ['l1', 60, 20, 340, 45], ['s1', 60, 46, 62.265625, 17],
  ['l2', 60, 65, 340, 65], ['s2', 60, 91, 329.03125, 37],
  ['e1', 60, 130, 340, 45], ['e2', 60, 175, 340, 58], ['e3', 60, 233, 340, 45], ['e3d', 60, 233, 340, 0],
  ['e4', 60, 278, 340, 20], ['e5', 60, 298, 340, 33], ['e6', 60, 331, 340, 34],
  ['p1', 60, 365, 340, 55], ['p1s', 60, 401, 56.953125, 17],
  ['p2', 60, 420, 340, 50], ['p2d', 60, 420, 340, 50],
  ['p3', 60, 470, 340, 50], ['p3a', 60, 470, 340, 5], ['p3b', 60, 500, 340, 20],
  ['p4', 60, 520, 340, 10], ['p4s', 60, 546, 81.84375, 17],
  ['p5', 60, 530, 340, 45], ['p5i', 60, 540, 20, 30],
  ['p6', 60, 575, 340, 49], ['p6f', 60, 604, 30, 10], ['p6s', 90, 605, 30.25, 17],
  ['p7', 60, 624, 340, 65], ['p7s', 60, 650, 49.8125, 17],
  ['p8', 60, 689, 340, 29], ['p8s', 60, 699, 75.578125, 17],
  ['t1', 60, 718, 340, 43], ['t1t', 60, 735, 30.015625, 26],
  ['t2', 60, 761, 340, 40], ['t2t', 60, 761, 24.90625, 40],
  ['t3', 60, 801, 340, 45], ['t3t', 60, 816, 34.015625, 30],
  ['f1', 60, 846, 340, 45], ['f1d', 60, 871, 12.453125, 20],
  ['f2', 60, 891, 340, 45], ['f2d', 60, 916, 340, 20],
  ['f3', 60, 936, 340, 45], ['f3d', 60, 961, 340, 20],
  ['f4', 60, 981, 340, 75], ['f4d', 60, 981, 20, 30], ['f4s', 60, 1037, 87.15625, 17],
  ['below', 0, 1056, 400, 20],
];

test('outside markers push the first line or block child down and give an empty item a line, as Chromium 156', () => {
  assertBoxes(HTML, CHROMIUM);
});

test('outside image markers stand on the baseline they align with, where Chromium 156 prints them', () => {
  const r = layoutHtml(HTML);
  const tops = allFragments(r.pages[0]!.children).filter((f) => f.kind === 'marker' && f.height === 40).map((f) => [f.x, f.y]);
  // Chromium's raster: blue columns 13-52; tops of l1, l2, e1-e3, p1-p7 (p4's item is 10 px tall), t1-t3, f1-f4.
  const y = [20, 65, 130, 185, 233, 375, 425, 475, 520, 530, 579, 624, 718, 761, 801, 846, 891, 936, 1011];
  assert.deepEqual(tops, y.map((v) => [13, v]));
});
