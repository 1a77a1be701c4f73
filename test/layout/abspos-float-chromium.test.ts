// In: absolutely positioned boxes that also set float (a framework's icon rule `float: left` overridden by `position:
// absolute`), through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px; padding-top: 1px } p { margin: 0 }';

/**
 * [markup, Chromium's boxes]. CSS 2.1 §9.7: when 'position' is absolute or fixed, the computed value of 'float' is 'none'
 * (Chromium's getComputedStyle says none for every box here). So such a box is no float: lines do not shorten beside it
 * (f1, Stisla's `.btn-icon-split i`: the button's centred label stays centred, it moved 27.5 px), its static position is
 * where an in-flow block would be (f2, f3: at the start of the line or block, not at the right edge), and `clear` does
 * not clear it (f4).
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ["<div class=case id=f1><div id=A style='position:relative;text-align:center;width:300px;line-height:42px'><i id=A1 style='position:absolute;left:0;top:0;width:45px;height:100%;float:left;margin-right:10px;line-height:42px'>R</i> <span id=A2 style='display:inline-block;line-height:16px'>Documentation</span></div></div>",
    [['A', 0, 1, 300, 42], ['A1', 0, 1, 45, 42], ['A2', 109.641, 14, 80.719, 16]]],
  ["<div class=case id=f2><div id=B><span id=B1>abc</span><div id=B2 style='position:absolute;float:right;width:30px;height:10px'></div><span id=B3>def</span></div></div>",
    [['B', 0, 1, 600, 16], ['B2', 0, 17, 30, 10]]],
  ["<div class=case id=f3><p id=C1>x</p><div id=C2 style='position:absolute;float:right;width:50px;height:10px'></div><p id=C3>y</p></div>",
    [['C1', 0, 1, 600, 16], ['C2', 0, 17, 50, 10], ['C3', 0, 17, 600, 16]]],
  ["<div class=case id=f4><div id=D1 style='position:absolute;float:left;width:50px;height:40px'></div><div id=D2 style='clear:left'>after</div><span id=D3 style='position:absolute;float:left;width:20px;height:20px'></span><p id=D4>text beside</p></div>",
    [['D1', 0, 1, 50, 40], ['D2', 0, 1, 600, 16], ['D3', 0, 17, 20, 20], ['D4', 0, 17, 600, 16]]],
];

const r = layoutHtml(`<!doctype html><html><head><style>${STYLE}</style></head><body>${CASES.map((c) => c[0]).join('\n')}</body></html>`);

for (const [markup, boxes] of CASES) {
  const caseId = /id=(f\d)/.exec(markup)![1]!;
  test(`Chromium 156 figures, float on an absolutely positioned box computes to none: #${boxes[0]![0]} (${caseId})`, () => assertChromiumBoxes(r, caseId, boxes, 0.1));
}

test('an absolutely positioned box has float: none in its box style (CSS 2.1 §9.7)', () => {
  assert.equal(r.byId('A1').box.style.float, 'none');
});
