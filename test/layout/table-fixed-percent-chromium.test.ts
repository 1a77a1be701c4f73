// In: tables with table-layout: fixed whose first-row cells have percentage widths plus padding and borders that overflow
// the table (a label sheet's three `width: 33%; padding: 12px` cells with 10px spacing), beside length and auto columns,
// through the real stages (parse → cascade → boxes → layout). Out: each table's and cell's border box (x, y relative to its
// 600px case block, width, height in px) compared with Chromium 156's getBoundingClientRect (print emulation).
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px } td { padding: 0 }';

/**
 * [markup, Chromium's boxes]. A percentage column is its percentage of the grid plus its cell's padding and borders;
 * when those and the length columns overflow the grid, the percentage columns shrink in proportion to fit beside the
 * length columns and auto columns get nothing (k1-k5, k7: the table stays 600px); length columns alone widen the table (k6).
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ["<div class=case id=k1><table id=A style='width:100%;border-spacing:10px;table-layout:fixed'><tr><td id=A1 style='width:33%;padding:12px;border:1px solid'>x</td><td id=A2 style='width:33%;padding:12px;border:1px solid'>x</td><td id=A3 style='width:33%;padding:12px'></td></tr></table></div>",
    [['A',0,0,600,62], ['A1',10,10,187.25,42], ['A2',207.25,10,187.25,42], ['A3',404.5,10,185.5,42]]],
  ["<div class=case id=k2><table id=B style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=B1 style='width:60%;padding:0 10px 0 0'>x</td><td id=B2 style='width:40%'>x</td></tr></table></div>",
    [['B',0,0,600,16], ['B1',0,0,363.922,16], ['B2',363.922,0,236.078,16]]],
  ["<div class=case id=k3><table id=C style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=C1 style='width:60%;padding:0 100px 0 0'>x</td><td id=C2 style='width:40%'>x</td></tr></table></div>",
    [['C',0,0,600,16], ['C1',0,0,394.281,16], ['C2',394.281,0,205.719,16]]],
  ["<div class=case id=k4><table id=D style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=D1 style='width:50%;padding:0 100px 0 0'>x</td><td id=D2 style='width:50%'>x</td><td id=D3 style=''>z</td></tr></table></div>",
    [['D',0,0,600,16], ['D1',0,0,342.844,16], ['D2',342.844,0,257.141,16], ['D3',599.984,0,0.016,16]]],
  ["<div class=case id=k5><table id=E style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=E1 style='width:50%;padding:0 20px 0 0'>x</td><td id=E2 style='width:200px;padding:0 10px'>x</td><td id=E3 style='width:30%'>x</td></tr></table></div>",
    [['E',0,0,600,16], ['E1',0,0,243.188,16], ['E2',243.188,0,220,16], ['E3',463.188,0,136.813,16]]],
  ["<div class=case id=k6><table id=F style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=F1 style='width:300px;padding:0 20px'>x</td><td id=F2 style='width:300px;padding:0 20px'>x</td></tr></table></div>",
    [['F',0,0,680,16], ['F1',0,0,340,16], ['F2',340,0,340,16]]],
  ["<div class=case id=k7><table id=G style='width:100%;border-spacing:0px;table-layout:fixed'><tr><td id=G1 style='width:30%;padding:0 50px 0 0'>x</td><td id=G2 style='width:30%'>x</td><td id=G3 style=''>z</td></tr></table></div>",
    [['G',0,0,600,16], ['G1',0,0,230,16], ['G2',230,0,180,16], ['G3',410,0,190,16]]],
];

const r = layoutHtml(`<!doctype html><html><head><style>${STYLE}</style></head><body>${CASES.map((c) => c[0]).join('\n')}</body></html>`);

for (const [markup, boxes] of CASES) {
  const caseId = /id=(k\d)/.exec(markup)![1]!;
  test(`Chromium 156 figures, fixed table layout with percentage columns: #${boxes[0]![0]} (${caseId})`, () => assertChromiumBoxes(r, caseId, boxes));
}
