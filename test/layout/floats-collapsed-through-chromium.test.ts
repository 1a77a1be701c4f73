// In: floats inside boxes whose margins collapse through them (an empty header holding only floats, with a bottom margin),
// first in the body, after a border, after resolved content, before a cleared box. Out: border boxes (px, page area)
// against Chromium 156's getBoundingClientRect in print emulation. While the top of the box around them is pending (its
// margins still collapsing with what follows), such floats go where those margins resolve, as the floats met beside them
// do (LayoutNG positions them once the block offset is known; CSS 2.1 §8.3.1: a box whose margins collapse with its
// parent's top margin has the parent's top border edge). We left them at the pending top: a packing slip's header (logo
// and date floated left and right, 'margin-bottom: 60px', first in the body) printed 60 px above Chromium's.
// Left as it is: floats two collapsed-through boxes deep inside a box whose top is resolved (Chromium places them below
// the margins, we at the top; measured, not asserted here).
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const HEAD = '<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} .fl{float:left;width:50px;height:30px} .fr{float:right;width:50px;height:30px}</style></head><body>';

const DOC = `${HEAD}
<div id=c><div id=a style="margin-bottom:60px"><div class=fl id=a1></div><div class=fr id=a2></div></div><p id=a3 style="margin-top:24px">text</p></div>
<div id=e style="border-top:1px solid;margin-top:36px"><div style="margin-bottom:40px"><div class=fl id=e1></div></div><p id=e2 style="margin:0;clear:left">cleared</p></div>
<div id=g style="border-top:1px solid"><div style="margin:20px 0 15px"><div class=fr id=g1></div></div><div style="margin-bottom:25px"><div class=fl id=g2></div></div><p id=g3 style="margin:5px 0 0">two</p></div>
<div id=h style="border-top:1px solid;margin-top:20px"><p id=h0 style="margin:0 0 10px">first</p><div style="margin-bottom:40px"><div class=fl id=h1></div></div><p id=h2 style="margin:0">resolved before</p></div>
<div id=i style="border-top:1px solid"><div style="margin-bottom:30px"><div class=fl id=i1></div></div><p id=i2 style="margin:10px 0 0">p</p></div>
<p id=l0 style="margin:50px 0 0">resolved</p><div style="margin-bottom:30px"><div class=fl id=l1></div></div><p id=l2 style="margin:10px 0 0">p</p>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['c', 0, 60, 600, 20], ['a1', 0, 60, 50, 30], ['a2', 550, 60, 50, 30], ['a3', 0, 60, 600, 20],
  ['e', 0, 116, 600, 61], ['e1', 0, 117, 50, 30], ['e2', 0, 157, 600, 20],
  ['g', 0, 177, 600, 46], ['g1', 550, 198, 50, 30], ['g2', 0, 198, 50, 30], ['g3', 0, 203, 600, 20],
  ['h', 0, 243, 600, 81], ['h0', 0, 244, 600, 20], ['h1', 0, 274, 50, 30], ['h2', 0, 304, 600, 20],
  ['i', 0, 324, 600, 51], ['i1', 0, 325, 50, 30], ['i2', 0, 355, 600, 20],
  ['l0', 0, 425, 600, 20], ['l1', 0, 445, 50, 30], ['l2', 0, 475, 600, 20],
];

test('Chromium 156 figures: floats in a box whose margins collapse through it go where the pending margins resolve', () => assertInspectedBoxes(DOC, BOXES));

// Quirks mode (no doctype), as the packing slip: the body's quirky margins do not change where the header's floats go.
const QUIRKS = '<html><head><style>body{margin:0;font:12px/18px Arial} header{display:block;margin-bottom:60px} h2{font-size:26px;margin:24px 0 20px}</style></head>' +
  '<body><header id=q><div id=q1 style="float:left;width:120px;height:40px"></div><div id=q2 style="float:right">Feb. 26, 2026<br>Order #4127</div></header><h2 id=q3>Packing Slips</h2></body></html>';

test('Chromium 156 figures: a quirks-mode header holding only floats, first in the body', () =>
  assertInspectedBoxes(QUIRKS, [['q1', 0, 60, 120, 40], ['q2', 646.938, 60, 74.063, 36], ['q3', 0, 60, 721, 18]]));
