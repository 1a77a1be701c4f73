// In: tables whose width is a percentage (or fixed, or auto) that float, are absolutely positioned or are inline-tables,
// with content-box and border-box sizing, collapsed borders, margins and a caption, through the real stages.
// Out: their border boxes (px) against Chromium 156's getBoundingClientRect (Debian chromium, the fidelity fonts):
// a table's width is its table box's (CSS 2.1 §17.4), percentages of the containing block, not below its min-content
// (css-tables-3 §3.9.3); a float or abspos table is not shrink-to-fit (a Bootstrap `.table.float-right` summary is 100%
// of its column), and an abspos table is never stretched between left and right.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = "<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px Arial} table{border:1px solid #999;border-spacing:0} td{padding:8px;border-right:1px solid #999} .w{width:250px;clear:both;position:relative}</style></head><body>\n<div class=w><table id=t1 style=\"width:100%;float:right\"><tr><td id=c1>Sub-Total</td><td>$13,139.29</td></tr></table></div>\n<div class=w><table id=t2 style=\"width:50%;float:left;margin-left:20px\"><tr><td>Sub-Total</td><td>$13,139.29</td></tr></table></div>\n<div class=w><table id=t3 style=\"width:60%;float:left;box-sizing:content-box;padding:5px;border-width:4px\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w><table id=t4 style=\"width:10%;float:left\"><tr><td>Sub-Total</td><td>$13,139.29</td></tr></table></div>\n<div class=w><table id=t5 style=\"width:60%;float:left;border-collapse:collapse;border:6px solid\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w><table id=t6 style=\"width:60%;float:left;box-sizing:content-box;border-collapse:collapse;border:6px solid\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w style=\"height:40px\"><table id=a1 style=\"width:80%;position:absolute;top:0\"><tr><td>Sub-Total</td><td>$13,139.29</td></tr></table></div>\n<div class=w style=\"height:40px\"><table id=a2 style=\"width:50%;position:absolute;top:0;right:0\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w style=\"height:40px\"><table id=a3 style=\"position:absolute;top:0;left:0;right:0\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w>x<table id=i1 style=\"width:50%;display:inline-table\"><tr><td>A</td><td>B</td></tr></table></div>\n<div class=w><div id=f1 style=\"float:left;width:60%\"><table id=t7 style=\"width:100%\"><tr><td>A</td><td>B</td></tr></table></div></div>\n<div class=w><table id=t8 style=\"width:100%;float:left\"><caption id=cap>A long caption of the table that wraps</caption><tr><td>A</td><td>B</td></tr></table></div>\n</body></html>\n";

const CHROMIUM: ChromiumBox[] = [
  ['t1', 0, 0, 250, 36], ['c1', 1, 1, 115.469, 34], ['t2', 20, 36, 149.875, 54], ['t3', 0, 90, 168, 52],
  ['t4', 0, 142, 149.875, 54], ['t5', 0, 196, 150, 46], ['t6', 0, 242, 156, 46], ['a1', 0, 288, 200, 36],
  ['a2', 125, 328, 125, 36], ['a3', 0, 368, 57.344, 36], ['i1', 8, 408, 125, 36], ['f1', 0, 444, 150, 36],
  ['t7', 0, 444, 150, 36], ['t8', 0, 480, 250, 72], ['cap', 0, 480, 250, 36],
];

test('floated, absolutely positioned and inline tables take their own width, percentages of the containing block', () => {
  assertInspectedBoxes(DOC, CHROMIUM);
});
