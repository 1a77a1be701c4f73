// In: percentage-width tables with negative horizontal margins and border-spacing (the two-box header trick: the outer
// spacing cancelled by the margins), with positive and auto margins, and beside a float, through the real stages.
// Out: table and cell border boxes (px) compared with Chromium 156's getBoundingClientRect under print emulation: the
// percentage refers to the containing block (CSS 2.1 §10.2), not to the room the margins or floats leave, so the table
// stays 100% wide and the margin shifts it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { Element } from 'domhandler';

type Box = [id: string, x: number, y: number, width: number, height: number];

const NEGATIVE = "<!doctype html><html><head><style>@page{size:600px 400px;margin:0} body{margin:0;font:12px Arial} td{background:#ddd;vertical-align:top}</style></head><body>\n<div id=w1 style=\"width:500px;margin-left:50px\"><table id=t1 style=\"width:100%;margin:0 -10px;border-spacing:10px 0\"><tr><td id=a1>Company name and address</td><td id=b1 style=\"width:50%\">Invoice number and date</td></tr></table></div>\n<div id=w2 style=\"width:500px;margin-left:50px\"><table id=t2 width=\"100%\" style=\"margin-left:-20px;margin-right:-20px;border-spacing:20px\"><tr><td id=a2>Left box</td><td id=b2>Right box</td></tr></table></div>\n<div id=w3 style=\"width:500px;margin-left:50px\"><table id=t3 style=\"width:100%;margin-left:-15px;border-spacing:15px 5px\"><tr><td id=a3>Left box</td><td id=b3>Right box</td></tr></table></div>\n<div id=w4 style=\"width:500px;margin-left:50px\"><table id=t4 style=\"margin:0 -10px;border-spacing:10px 0\"><tr><td id=a4>auto width</td><td id=b4>table</td></tr></table></div>\n</body></html>\n";
/** As Chromium lays NEGATIVE out (page 600 px wide, no margins). */
const NEGATIVE_CHROMIUM: Box[] = [
  ['w1', 50, 0, 500, 16],
  ['t1', 40, 0, 500, 16],
  ['a1', 50, 0, 235, 16],
  ['b1', 295, 0, 235, 16],
  ['w2', 50, 16, 500, 56],
  ['t2', 30, 16, 500, 56],
  ['a2', 50, 36, 201.922, 16],
  ['b2', 271.922, 36, 238.078, 16],
  ['w3', 50, 72, 500, 26],
  ['t3', 35, 72, 500, 26],
  ['a3', 50, 77, 208.813, 16],
  ['b3', 273.813, 77, 246.188, 16],
  ['w4', 50, 98, 500, 16],
  ['t4', 40, 98, 114.734, 16],
  ['a4', 50, 98, 56.703, 16],
  ['b4', 116.703, 98, 28.031, 16],
];

const OTHERS = "<!doctype html><html><head><style>@page{size:600px 400px;margin:0} body{margin:0;font:12px Arial} td{background:#ddd}</style></head><body>\n<div id=w1 style=\"width:500px;margin-left:50px\"><table id=t1 style=\"width:100%;margin:0 20px\"><tr><td id=a1>A</td><td>B</td></tr></table></div>\n<div id=w2 style=\"width:500px;margin-left:50px\"><table id=t2 style=\"width:80%;margin:0 auto\"><tr><td>A</td><td>B</td></tr></table></div>\n<div id=w3 style=\"width:500px;margin-left:50px\"><div style=\"float:left;width:100px;height:50px;background:red\"></div><table id=t3 style=\"width:50%\"><tr><td>A</td><td>B</td></tr></table></div>\n</body></html>\n";
const OTHERS_CHROMIUM: Box[] = [
  ['w1', 50, 0, 500, 20],
  ['t1', 70, 0, 500, 20],
  ['a1', 72, 2, 247, 16],
  ['w2', 50, 20, 500, 20],
  ['t2', 100, 20, 400, 20],
  ['w3', 50, 40, 500, 20],
  ['t3', 150, 40, 250, 20],
];

function assertBoxes(html: string, boxes: Box[]): void {
  const frags = allFragments(layoutHtml(html).pages[0].children);
  for (const [id, x, y, w, h] of boxes) {
    const f = frags.find((k) => k.kind === 'box' && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f, `#${id}`);
    const got = [f.x, f.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
}

test('a width: 100% table with negative margins keeps 100% of its containing block and moves by the margin', () => {
  assertBoxes(NEGATIVE, NEGATIVE_CHROMIUM);
});

test('percentage table widths with positive and auto margins, and beside a float, refer to the containing block', () => {
  assertBoxes(OTHERS, OTHERS_CHROMIUM);
});
