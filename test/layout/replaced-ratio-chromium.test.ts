// In: images of SVGs that have a viewBox but no width or height (a ratio, no natural size), inline <svg> likewise,
// and comparison cases (no ratio, width or height only, specified sizes), in floats, inline and block, table cells,
// inline-blocks, absolute positioning, flex and grid containers. Out: their border boxes (px) against Chromium 156's
// (getBoundingClientRect in print emulation, 721 px viewport, fonts pinned as test/fidelity/make-refs.mjs).
// CSS 2.1 §10.3.2 leaves the width of such an image undefined; Chromium fills the containing block where its width is
// known and counts 0 for intrinsic contributions (so a floated logo is 0 x 0: saleor-packing-slip).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';

const VB = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 57.6 19.5'%3E%3Crect width='57.6' height='19.5' fill='%2354baba'/%3E%3C/svg%3E";
const NONE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='10' height='10'/%3E%3C/svg%3E";
const W = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='100' viewBox='0 0 50 25'%3E%3C/svg%3E";
const H = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' height='40' viewBox='0 0 50 25'%3E%3C/svg%3E";
const DOC = `<!doctype html><html><head><style>body{margin:0;font:16px/20px "Liberation Sans"} .w{width:400px} td{padding:0} img{vertical-align:top} .f{display:flex;width:400px}</style></head><body>
<div class=w><div style="float:left"><img id=float src="${VB}"></div><div id=right style="float:right">right</div></div>
<div class=w style="clear:both"><img id=inline src="${VB}"></div>
<div class=w>text <img id=withtext src="${VB}"> after</div>
<div class=w><img id=block src="${VB}" style="display:block;margin:0 10px;padding:5px"></div>
<table><tr><td><img id=cell src="${VB}"></td><td>cell</td></tr></table>
<div class=w><span style="display:inline-block"><img id=ib src="${VB}"></span></div>
<div class=w style="position:relative;height:50px"><img id=abs src="${VB}" style="position:absolute"></div>
<div class=w><img id=nosize src="${NONE}"></div>
<div class=w><div style="float:left"><img id=nosizefloat src="${NONE}"></div></div>
<div class=w style="clear:both"><img id=width src="${VB}" style="width:100px"></div>
<div class=w><div style="float:left"><img id=height src="${VB}" style="height:30px"></div></div>
<div class=w style="clear:both"><img id=wonly src="${W}"> <img id=honly src="${H}"></div>
<div class=w><div style="float:left;width:200px"><img id=floatwidth src="${VB}"></div></div>
<div class=w style="clear:both"><div style="float:left"><img id=floatmax src="${VB}" style="max-width:100%"></div></div>
<div class=w style="clear:both"><div style="float:left"><img id=floatpct src="${VB}" style="width:50%"></div></div>
<div class=w style="clear:both"><svg id=svg viewBox="0 0 57.6 19.5"></svg></div>
<div class=w><div style="float:left"><svg id=svgfloat viewBox="0 0 57.6 19.5"></svg></div></div>
<div class=f style="clear:both"><img id=flex src="${VB}"><span id=flextext>flex</span></div>
<div class=f style="height:40px"><img id=flexdef src="${VB}"><span>flex</span></div>
<div class=f><img id=flex1 src="${VB}" style="flex:1"><span>flex</span></div>
<div class=f style="flex-direction:column"><img id=flexcol src="${VB}"></div>
<div class=w style="display:grid;grid-template-columns:auto 1fr"><img id=gridauto src="${VB}"><span>grid</span></div>
<div class=w style="display:grid;grid-template-columns:1fr 1fr"><img id=gridfr src="${VB}"><span>grid</span></div>
</body></html>`;

/** Chromium 156: [id, x, y, width, height] of the border box, px from the page area's top-left. */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['float', 0.0, 0.0, 0.0, 0.0],
  ['right', 368.88, 0.0, 31.13, 20.0],
  ['inline', 0.0, 20.0, 399.97, 135.41],
  ['withtext', 0.0, 175.41, 399.97, 135.41],
  ['block', 10.0, 330.81, 379.97, 135.25],
  ['cell', 2.0, 468.06, 0.0, 0.0],
  ['ib', 0.0, 490.06, 0.0, 0.0],
  ['abs', 0.0, 510.06, 399.97, 135.41],
  ['nosize', 0.0, 560.06, 300.0, 150.0],
  ['nosizefloat', 0.0, 710.06, 300.0, 150.0],
  ['width', 0.0, 860.06, 100.0, 33.84],
  ['height', 0.0, 893.91, 88.61, 30.0],
  ['wonly', 0.0, 923.91, 100.0, 50.0],
  ['honly', 104.45, 923.91, 80.0, 40.0],
  ['floatwidth', 0.0, 973.91, 199.98, 67.7],
  ['floatmax', 0.0, 1041.61, 0.0, 0.0],
  ['floatpct', 0.0, 1061.61, 150.0, 50.78],
  ['svg', 0.0, 1112.39, 399.97, 135.41],
  ['svgfloat', 0.0, 1267.8, 0.0, 0.0],
  ['flex', 0.0, 1272.8, 400.0, 135.41],
  ['flextext', 400.0, 1272.8, 24.91, 135.41],
  ['flexdef', 0.0, 1408.2, 118.14, 40.0],
  ['flex1', 0.0, 1448.2, 400.0, 135.41],
  ['flexcol', 0.0, 1583.61, 400.0, 135.41],
  ['gridauto', 0.0, 1719.02, 0.0, 0.0],
  ['gridfr', 0.0, 1739.02, 199.98, 67.7],
];

test('replaced elements with a ratio but no natural size are sized as Chromium 156 sizes them', () => {
  const insp = layoutForInspection(DOC, { fragmentation: 'none' });
  const byId = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const [el, rec] of insp.elements) {
    const id = (el as { attribs?: Record<string, string> }).attribs?.id;
    if (id && rec.boxes[0]) byId.set(id, rec.boxes[0]);
  }
  const off: string[] = [];
  for (const [id, x, y, w, h] of CHROMIUM) {
    const b = byId.get(id);
    if (!b) { off.push(`${id}: no box`); continue; }
    const d = Math.max(Math.abs(b.x - x), Math.abs(b.y - y), Math.abs(b.width - w), Math.abs(b.height - h));
    if (d > 0.5) off.push(`${id}: ours ${b.x.toFixed(2)} ${b.y.toFixed(2)} ${b.width.toFixed(2)} x ${b.height.toFixed(2)}, Chromium ${x} ${y} ${w} x ${h}`);
  }
  assert.deepEqual(off, []);
});
