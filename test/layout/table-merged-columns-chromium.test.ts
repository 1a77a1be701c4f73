// In: auto-layout tables whose cells span columns in which no cell originates (a one-cell first row over a
// colspan=2 row: Postmark's and Spree's e-mail "purchase" table), with and without <col> widths, in the middle and at
// the end, a fixed-layout table and a collapsed-border one. Out: cell boxes against Chromium 156's getBoundingClientRect
// (print emulation, project fonts). Chromium (TableNG) merges such a column when its width is auto: it takes no width
// and no border-spacing; a <col> width or table-layout: fixed keeps it.
import { test } from 'node:test';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';

const CS = `<!DOCTYPE html>
<html><head><style>body{margin:0;font:16px "Liberation Sans"} .w{width:400px}</style></head><body>
<div class=w><table id=t1 style="width:100%"><tr><td id=a1>Order summary</td></tr><tr><td id=b1 colspan=2>wide wide wide content here</td></tr></table></div>
<div class=w><table id=t2 style="width:100%"><tr><td id=a2>Order</td></tr><tr><td id=b2 colspan=2><div style="width:100%">x</div></td></tr></table></div>
<div class=w><table id=t3><tr><td id=a3>Order</td></tr><tr><td id=b3 colspan=2>wide wide wide content here</td></tr></table></div>
<div class=w><table id=t4 style="width:100%"><tr><td id=a4>Order</td><td id=c4>b</td></tr><tr><td id=b4 colspan=3>wide wide wide content here</td></tr></table></div>
<div class=w><table id=t5 style="width:100%;border-spacing:0"><tr><td id=a5>Order</td></tr><tr><td id=b5 colspan=2>wide</td></tr></table></div>
</body></html>`;

const CS_CHROMIUM: BoxFigure[] = [
  ['t1', 0, 0, 400, 46],
  ['a1', 2, 2, 396, 20],
  ['b1', 2, 24, 396, 20],
  ['t2', 0, 46, 400, 46],
  ['a2', 2, 48, 396, 20],
  ['b2', 2, 70, 396, 20],
  ['t3', 0, 92, 207.02, 46],
  ['a3', 2, 94, 203.02, 20],
  ['b3', 2, 116, 203.02, 20],
  ['t4', 0, 138, 400, 46],
  ['a4', 2, 140, 314.12, 20],
  ['c4', 318.12, 140, 79.88, 20],
  ['b4', 2, 162, 396, 20],
  ['t5', 0, 184, 400, 40],
  ['a5', 0, 184, 400, 20],
  ['b5', 0, 204, 400, 20],
];

test('a column only spanned, at the end and past two columns; auto and 100% tables; no spacing', () => {
  assertBoxes(CS, CS_CHROMIUM);
});

const CS2 = `<!DOCTYPE html>
<html><head><style>body{margin:0;font:16px "Liberation Sans"} .w{width:400px}</style></head><body>
<div class=w><table id=m1 style="width:100%"><tr><td id=ma colspan=2>aa</td><td id=mb>bb</td></tr><tr><td id=mc>cc</td><td id=md colspan=2>dd</td></tr></table></div>
<div class=w><table id=m2 style="width:100%"><tr><td id=na>aa</td><td id=nb colspan=2>bb</td><td id=nc>cc</td></tr><tr><td id=nd colspan=4>dddd</td></tr></table></div>
<div class=w><table id=m3 style="width:100%"><col><col><tr><td id=oa>aa</td></tr><tr><td id=ob colspan=2>bb</td></tr></table></div>
<div class=w><table id=m4 style="width:100%"><tr><td id=pa>aa</td></tr><tr><td id=pb colspan=3>bb</td></tr><tr><td id=pc>c</td><td id=pd>d</td></tr></table></div>
<div class=w><table id=m5><tr><td id=qa style="width:50px">aa</td></tr><tr><td id=qb colspan=2><div style="width:200px">b</div></td></tr></table></div>
</body></html>`;

/** m1 (every column has an originating cell) is there for the layout after it; its sub-pixel colspan shares are not this test's. */
const CS2_CHROMIUM: BoxFigure[] = [
  ['m2', 0, 46, 400, 46],
  ['na', 2, 48, 134.73, 20],
  ['nb', 138.73, 48, 134.73, 20],
  ['nc', 275.47, 48, 122.53, 20],
  ['nd', 2, 70, 396, 20],
  ['m3', 0, 92, 400, 46],
  ['oa', 2, 94, 396, 20],
  ['ob', 2, 116, 396, 20],
  ['m4', 0, 138, 400, 68],
  ['pa', 2, 140, 254.03, 20],
  ['pb', 2, 162, 396, 20],
  ['pc', 2, 184, 254.03, 20],
  ['pd', 258.03, 184, 139.97, 20],
  ['m5', 0, 206, 206, 46],
  ['qa', 2, 208, 202, 20],
  ['qb', 2, 230, 202, 20],
];

test('a merged column in the middle, after <col> elements without width, before a later row that uses all columns', () => {
  assertBoxes(CS2, CS2_CHROMIUM);
});

const CS3 = `<!DOCTYPE html>
<html><head><style>body{margin:0;font:16px "Liberation Sans"} .w{width:400px}</style></head><body>
<div class=w><table id=r1 style="width:100%"><col><col style="width:50px"><tr><td id=ra>aa</td></tr><tr><td id=rb colspan=2>bb</td></tr></table></div>
<div class=w><table id=r2 style="width:100%"><col><col style="width:20%"><tr><td id=sa>aa</td></tr><tr><td id=sb colspan=2>bb</td></tr></table></div>
<div class=w><table id=r3 style="width:100%;table-layout:fixed"><tr><td id=ta>aa</td></tr><tr><td id=tb colspan=2>bb</td></tr></table></div>
<div class=w><table id=r4 style="width:100%;border-collapse:collapse"><tr><td id=ua style="border:1px solid">aa</td></tr><tr><td id=ub colspan=2 style="border:1px solid">bb</td></tr></table></div>
</body></html>`;

const CS3_CHROMIUM: BoxFigure[] = [
  ['r1', 0, 0, 400, 46],
  ['ra', 2, 2, 344, 20],
  ['rb', 2, 24, 396, 20],
  ['r2', 0, 46, 400, 46],
  ['sa', 2, 48, 315.2, 20],
  ['sb', 2, 70, 396, 20],
  ['r3', 0, 92, 400, 46],
  ['ta', 2, 94, 197, 20],
  ['tb', 2, 116, 396, 20],
  ['r4', 0, 138, 400, 43],
  ['ua', 0.5, 138.5, 399, 21],
  ['ub', 0.5, 159.5, 399, 21],
];

test('a <col> with a length or percentage width keeps the column; table-layout: fixed keeps it; collapsed borders merge it', () => {
  assertBoxes(CS3, CS3_CHROMIUM);
});
