// In: ten auto/fixed/collapsed/spanning tables as HTML through the real stages (parse → cascade → boxes → layout).
// Out: (and twelve more: box-sizing, <col> spans, floats, wide captions, percentages, fixed layout with spacing, collapsed widths) their table and cell border boxes (x, y from the table top, width, height in px) compared with headless Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

// Cell contents are inline-blocks at font-size 0 (no font dependency): min-content = widest block, max-content = their sum.
const BODY = `<div class=w><table id=A><tr><td id=A1><i style="width:30px"></i> <i style="width:50px"></i></td><td id=A2><i style="width:100px"></i> <i style="width:100px"></i> <i style="width:100px"></i></td><td id=A3><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=B style="width:100%"><tr><td id=B1 style="width:25%"><i style="width:30px"></i></td><td id=B2><i style="width:50px"></i></td><td id=B3 style="width:60px"><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=C><tr><td id=C1 colspan=2><i style="width:300px"></i></td></tr><tr><td id=C2><i style="width:50px"></i></td><td id=C3><i style="width:100px"></i></td></tr></table></div>
<div class=w><table id=D style="border-spacing:5px 3px;width:300px"><tr><td id=D1 style="width:100px"><i style="width:10px"></i></td><td id=D2><i style="width:10px"></i></td></tr></table></div>
<div class=w><table id=E style="border-collapse:collapse"><tr><td id=E1 style="border:4px solid;padding:2px"><i style="width:20px"></i></td><td id=E2 style="border:2px solid"><i style="width:20px"></i></td></tr><tr><td id=E3 style="border:1px solid"><i style="width:20px"></i></td><td id=E4 style="border:6px double"><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=F><tr><td id=F1 rowspan=2><i style="width:20px;height:50px"></i></td><td id=F2><i style="width:20px;height:10px"></i></td></tr><tr><td id=F3><i style="width:20px;height:5px"></i></td></tr></table></div>
<div class=w><table id=G style="table-layout:fixed;width:300px"><tr><td id=G1 style="width:50px"><i style="width:200px"></i></td><td id=G2></td><td id=G3></td></tr></table></div>
<div class=w><table id=H><tr><td id=H1 style="width:50%"><i style="width:100px"></i></td><td id=H2><i style="width:50px"></i></td></tr></table></div>
<div class=w><table id=I><tr><td id=I1 style="width:100px"><i style="width:30px"></i></td><td id=I2><i style="width:300px"></i><i style="width:300px"></i></td></tr></table></div>
<div class=w><table id=J style="height:100px"><tr><td id=J1><i style="width:20px;height:10px"></i></td></tr><tr><td id=J2><i style="width:20px;height:30px"></i></td></tr></table></div>`;

/** [id, x, y (relative to its table's top), width, height] as Chromium lays the same document out (400px wide containers). */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['A', 0, 0, 400, 10],
  ['A1', 0, 0, 80, 10],
  ['A2', 80, 0, 300, 10],
  ['A3', 380, 0, 20, 10],
  ['B', 0, 0, 400, 10],
  ['B1', 0, 0, 100, 10],
  ['B2', 100, 0, 240, 10],
  ['B3', 340, 0, 60, 10],
  ['C', 0, 0, 300, 20],
  ['C1', 0, 0, 300, 10],
  ['C2', 0, 10, 100, 10],
  ['C3', 100, 10, 200, 10],
  ['D', 0, 0, 300, 16],
  ['D1', 5, 3, 100, 10],
  ['D2', 110, 3, 185, 10],
  ['E', 0, 0, 59, 39],
  ['E1', 2, 2, 28, 18],
  ['E2', 30, 2, 26, 18],
  ['E3', 2, 20, 28, 16],
  ['E4', 30, 20, 26, 16],
  ['F', 0, 0, 40, 50],
  ['F1', 0, 0, 20, 50],
  ['F2', 20, 0, 20, 33.328125],
  ['F3', 20, 33.328125, 20, 16.671875],
  ['G', 0, 0, 300, 10],
  ['G1', 0, 0, 50, 10],
  ['G2', 50, 0, 125, 10],
  ['G3', 175, 0, 125, 10],
  ['H', 0, 0, 200, 10],
  ['H1', 0, 0, 100, 10],
  ['H2', 100, 0, 100, 10],
  ['I', 0, 0, 400, 20],
  ['I1', 0, 0, 100, 20],
  ['I2', 100, 0, 300, 20],
  ['J', 0, 0, 20, 100],
  ['J1', 0, 0, 20, 25],
  ['J2', 0, 25, 20, 75],
];

const html = `<!doctype html><html><head><style>@page{size:800px 2000px;margin:0} body{margin:0} .w{width:400px} td{padding:0;font-size:0} i{display:inline-block;height:10px;background:red} table{border-spacing:0}</style></head><body>${BODY}</body></html>`;

test('automatic, percentage, fixed, colspan, rowspan, collapsed and height-distributed tables match Chromium to 0.01 px', () => {
  const r = layoutHtml(html);
  const tables = new Map<string, number>();
  for (const [id, x, y, w, h] of CHROMIUM) {
    const f = r.byId(id);
    if (id.length === 1) tables.set(id, f.y);
    const top = tables.get(id[0]) as number;
    const got = [f.x, f.y - top, f.width, f.height];
    [x, y, w, h].forEach((v, i) => assert.ok(Math.abs(got[i] - v) < 0.01, `${id}: got ${got.join(' ')}, Chromium ${x} ${y} ${w} ${h}`));
  }
});

const BODY2 = `<div class=w><table id=K style="width:200px;border:10px solid;padding:5px"><tr><td id=K1><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=L style="width:200px;border:10px solid;padding:5px;box-sizing:content-box"><tr><td id=L1><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=M><tr><td id=M1 style="width:50px;padding:5px;border:2px solid"><i style="width:20px"></i></td><td id=M2 style="width:50px;padding:5px;box-sizing:border-box"><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=N><colgroup><col style="width:60px"><col span=2 style="width:30px"></colgroup><tr><td id=N1><i style="width:20px"></i></td><td id=N2><i style="width:20px"></i></td><td id=N3><i style="width:20px"></i></td><td id=N4><i style="width:20px"></i></td></tr></table></div>
<div class=w><div style="float:right"><table id=O style="border-spacing:2px"><tr><td id=O1><i style="width:20px"></i> <i style="width:20px"></i></td></tr></table></div></div>
<div class=w style="clear:both"><table id=P><caption id=P0 style="font-size:0"><i style="width:150px"></i></caption><tr><td id=P1><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=Q style="width:300px"><tr><td id=Q1 style="width:30%"><i style="width:20px"></i></td><td id=Q2 style="width:20%"><i style="width:20px"></i></td><td id=Q3><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=S style="width:100%"><tr><td id=S1 colspan=2 style="width:300px"><i style="width:20px"></i></td><td id=S2><i style="width:20px"></i></td></tr><tr><td id=S3><i style="width:10px"></i></td><td id=S4><i style="width:100px"></i></td><td id=S5></td></tr></table></div>
<div class=w><table id=T><tr><td id=T1 rowspan=0><i style="width:20px;height:40px"></i></td><td id=T2><i style="width:20px"></i></td></tr><tr><td id=T3><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=U style="width:400px"><tr><td id=U1 style="width:100px"><i style="width:20px"></i></td><td id=U2 style="width:100px"><i style="width:20px"></i></td><td id=U3 style="width:50%"><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=V style="border-spacing:10px;width:300px;table-layout:fixed"><col style="width:100px"><tr><td id=V1><i style="width:20px"></i></td><td id=V2 style="width:50px"><i style="width:20px"></i></td><td id=V3><i style="width:20px"></i></td></tr></table></div>
<div class=w><table id=W style="border-collapse:collapse;width:200px;border:4px solid"><tr><td id=W1 style="border:2px solid;padding:3px"><i style="width:20px"></i></td><td id=W2><i style="width:20px"></i></td></tr></table></div>`;

/** Same as CHROMIUM for BODY2 (Chromium rounds to 1/64 px: tolerance 0.05 px). */
const CHROMIUM2: Array<[string, number, number, number, number]> = [
  ['K', 0, 0, 200, 40],
  ['K1', 15, 15, 170, 10],
  ['L', 0, 0, 230, 40],
  ['L1', 15, 15, 200, 10],
  ['M', 0, 0, 114, 24],
  ['M1', 0, 0, 64, 24],
  ['M2', 64, 0, 50, 24],
  ['N', 0, 0, 140, 10],
  ['N1', 0, 0, 60, 10],
  ['N2', 60, 0, 30, 10],
  ['N3', 90, 0, 30, 10],
  ['N4', 120, 0, 20, 10],
  ['O', 356, 0, 44, 14],
  ['O1', 358, 2, 40, 10],
  ['P', 0, 0, 150, 20],
  ['P0', 0, 0, 150, 10],
  ['P1', 0, 10, 150, 10],
  ['Q', 0, 0, 300, 10],
  ['Q1', 0, 0, 90, 10],
  ['Q2', 90, 0, 60, 10],
  ['Q3', 150, 0, 150, 10],
  ['S', 0, 0, 400, 20],
  ['S1', 0, 0, 374.984375, 10],
  ['S2', 374.984375, 0, 25.015625, 10],
  ['S3', 0, 10, 34.078125, 10],
  ['S4', 34.078125, 10, 340.90625, 10],
  ['S5', 374.984375, 10, 25.015625, 10],
  ['T', 0, 0, 40, 40],
  ['T1', 0, 0, 20, 40],
  ['T2', 20, 0, 20, 20],
  ['T3', 20, 20, 20, 20],
  ['U', 0, 0, 400, 10],
  ['U1', 0, 0, 100, 10],
  ['U2', 100, 0, 100, 10],
  ['U3', 200, 0, 200, 10],
  ['V', 0, 0, 300, 30],
  ['V1', 10, 10, 100, 10],
  ['V2', 120, 10, 50, 10],
  ['V3', 180, 10, 110, 10],
  ['W', 0, 0, 200, 24],
  ['W1', 2, 2, 109.296875, 20],
  ['W2', 111.296875, 2, 86.703125, 20],
];

test('box-sizing, <col> spans, floated and captioned tables, percentages, fixed layout with spacing, collapsed 100% widths match Chromium', () => {
  const r = layoutHtml(html.replace(BODY, BODY2));
  const tables = new Map<string, number>();
  for (const [id, x, y, w, h] of CHROMIUM2) {
    const f = r.byId(id);
    if (id.length === 1) tables.set(id, f.y);
    const top = tables.get(id[0]) as number;
    const got = [f.x, f.y - top, f.width, f.height];
    [x, y, w, h].forEach((v, i) => assert.ok(Math.abs(got[i] - v) < 0.05, `${id}: got ${got.join(' ')}, Chromium ${x} ${y} ${w} ${h}`));
  }
});
