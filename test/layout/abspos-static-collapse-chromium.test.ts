// In: absolutely positioned boxes met while their parent's top edge is pending (no border or padding above them), before
// an in-flow child whose top margin collapses through the parent's top, through the real stages (parse → cascade → boxes
// → layout). Out: each box's border box (x, y relative to its 600px case block, width, height in px) compared with
// Chromium 156's getBoundingClientRect (print emulation).
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 40px; padding-top: 1px } p, h4 { margin: 0 }';

/**
 * [markup, Chromium's boxes]. The static position (CSS 2.1 §10.6.4) of an absolute box met while its parent's top is
 * pending is the parent's content top where the margins finally resolve, below a later child's margin that collapses
 * through the parent's top (k1-k3; k2 is ConsoleTVs/Invoices' "Notes" box beside "Total"; 13-30 px too high before).
 * Where no later margin moves the parent (k4-k7), it stays where the margins above it resolve.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ["<div class=case id=k1><div id=A style='position:relative'><div id=A1 style='position:absolute'>abs</div><div id=A2><h4 id=A3 style='margin:20px 0'>in flow</h4></div></div></div>",
    [['A',0,21,600,16], ['A1',0,21,19.359,16], ['A2',0,21,600,16], ['A3',0,21,600,16]]],
  ["<div class=case id=k2><div id=B style='clear:both;position:relative'><div id=B1 style='position:absolute;left:0;width:250pt'><h4 id=B2 style='margin:13px 0'>Notes:</h4><div id=B3 style='border:1px solid #ddd;padding:15px'>text</div></div><div id=B4 style='margin-left:300pt'><h4 id=B5 style='margin:13px 0'>Total:</h4><table id=B6 style='width:100%'><tr><td>Subtotal</td></tr></table></div></div></div>",
    [['B',0,14,600,51], ['B1',0,14,333.328,90], ['B2',0,27,333.328,16], ['B3',0,56,333.328,48], ['B4',400,14,200,51], ['B5',400,14,200,16], ['B6',400,43,200,22]]],
  ["<div class=case id=k3><div id=C style='position:relative'><div id=C1 style='position:absolute;left:300px'>abs</div><div><div><p id=C2 style='margin-top:30px'>deep</p></div></div></div></div>",
    [['C',0,31,600,16], ['C1',300,31,19.359,16], ['C2',0,31,600,16]]],
  ["<div class=case id=k4><div id=D style='position:relative;margin-top:25px'><div id=D1 style='position:absolute'>abs</div><p id=D2 style='margin-top:15px'>own margin wins</p></div></div>",
    [['D',0,26,600,16], ['D1',0,26,19.359,16], ['D2',0,26,600,16]]],
  ["<div class=case id=k5><p id=E1 style='margin-bottom:20px'>x</p><div id=E2 style='position:absolute'>abs</div><p id=E3 style='margin-top:30px'>y</p></div>",
    [['E1',0,1,600,16], ['E2',0,37,19.359,16], ['E3',0,47,600,16]]],
  ["<div class=case id=k6><div id=F style='position:relative'><div id=F1 style='position:absolute;top:0'>abs</div><p id=F2 style='margin-top:18px'>y</p></div></div>",
    [['F',0,19,600,16], ['F1',0,19,19.359,16], ['F2',0,19,600,16]]],
  ["<div class=case id=k7><div id=G style='position:relative;padding-top:5px'><div id=G1 style='position:absolute'>abs</div><p id=G2 style='margin-top:18px'>y</p></div></div>",
    [['G',0,1,600,39], ['G1',0,6,19.359,16], ['G2',0,24,600,16]]],
];

const r = layoutHtml(`<!doctype html><html><head><style>${STYLE}</style></head><body>${CASES.map((c) => c[0]).join('\n')}</body></html>`);

for (const [markup, boxes] of CASES) {
  const caseId = /id=(k\d)/.exec(markup)![1]!;
  test(`Chromium 156 figures, static position below margins collapsing through the parent's top: #${boxes[0]![0]} (${caseId})`, () => assertChromiumBoxes(r, caseId, boxes, 0.1));
}
