// In: inline-blocks whose content is or holds a table (and guards: lines outside the table, flex, inline-table), through the real stages.
// Out: each box's border box (x, y relative to its case's wrapper, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:15px/1.5 'Liberation Sans'}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the case's wrapper. CSS 2.1 §10.8.1: an inline-block's baseline
 * is its last line box's; Blink skips tables (at any depth) when it looks for that line (LayoutTable::InlineBlockBaseline),
 * so an inline-block whose only lines are in a table sits on its bottom margin edge and the line box gets the strut's
 * descent below it (#a: a `<table style="display: inline-block">`, its rows in an anonymous table, Appwrite's OTP
 * e-mail #i; #b a table in a div; #c a table in a flex container; #h an anonymous table around a table-cell span; #j
 * right-to-left). Guards: a line before or after the table counts (#d, #e, with a 40px sibling to tell baselines apart);
 * a flex container's and an inline-table's baselines count (#f, #g). Measured with /usr/bin/chromium through
 * playwright-core, print emulation, 721 px viewport, the project's fonts only (test/fidelity/fonts.conf.in), the cases
 * below joined by newlines, getBoundingClientRect relative to the wrapper.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ['<div id=a><table id=a1 cellspacing=0 cellpadding=0 style="display:inline-block"><tr><td id=a2>abc</td></tr></table></div>', [['a', 0, 0, 721, 29], ['a1', 0, 0, 24.1875, 22.5], ['a2', 0, 0, 24.1875, 22.5]]],
  ['<div id=b><span id=b1 style="display:inline-block"><div><table cellspacing=0 cellpadding=0><tr><td id=b2>abc</td></tr></table></div></span>x</div>', [['b', 0, 0, 721, 29], ['b1', 0, 0, 24.1875, 22.5], ['b2', 0, 0, 24.1875, 22.5]]],
  ['<div id=c><span id=c1 style="display:inline-block"><div style="display:flex"><table cellspacing=0 cellpadding=0><tr><td id=c2>abc</td></tr></table></div></span></div>', [['c', 0, 0, 721, 29], ['c1', 0, 0, 24.1875, 22.5], ['c2', 0, 0, 24.1875, 22.5]]],
  ['<div id=d><span id=d1 style="display:inline-block">xyz<table cellspacing=0 cellpadding=0><tr><td id=d2 style="font-size:30px">abc</td></tr></table></span><span id=d3 style="font-size:40px;display:inline-block">X</span></div>', [['d', 0, 0, 721, 95.5], ['d1', 0, 28, 48.375, 67.5], ['d2', 0, 50.5, 48.375, 45], ['d3', 48.375, 0, 26.6875, 60]]],
  ['<div id=e><span id=e1 style="display:inline-block"><table cellspacing=0 cellpadding=0><tr><td id=e2 style="font-size:30px">abc</td></tr></table>xyz</span><span id=e3 style="font-size:40px;display:inline-block">X</span></div>', [['e', 0, 0, 721, 77], ['e1', 0, 0, 48.375, 67.5], ['e2', 0, 0, 48.375, 45], ['e3', 48.375, 17, 26.6875, 60]]],
  ['<div id=f><span id=f1 style="display:inline-block"><span style="display:flex;font-size:30px" id=f2>abc</span></span></div>', [['f', 0, 0, 721, 45], ['f1', 0, 0, 48.375, 45], ['f2', 0, 0, 48.375, 45]]],
  ['<div id=g><span id=g1 style="display:inline-block"><span id=g2 style="display:inline-table;font-size:30px">abc</span></span></div>', [['g', 0, 0, 721, 45], ['g1', 0, 0, 48.375, 45], ['g2', 0, 0, 48.375, 45]]],
  ['<div id=h><span id=h1 style="display:inline-block;padding:5px;border:2px solid"><span style="display:table-cell;font-size:30px" id=h2>abc</span></span> x</div>', [['h', 0, 0, 721, 65.5], ['h1', 0, 0, 62.375, 59], ['h2', 7, 7, 48.375, 45]]],
  ['<div id=i><table id=i1 border=0 cellspacing=0 cellpadding=0 style="padding-top:10px;padding-bottom:10px;display:inline-block"><tr><td align=center><p id=i2 style="font-size:24px;text-indent:18px;letter-spacing:18px;margin:0;padding:24px 12px;border:1px solid #ededf0;display:inline-block;font-weight:bold">482913</p></td></tr></table><p id=i3>after</p></div>', [['i', 0, 0, 721, 150], ['i1', 0, 0, 232.09375, 106], ['i2', 0, 10, 232.09375, 86], ['i3', 0, 127.5, 721, 22.5]]],
  ['<div id=j style="direction:rtl"><table id=j1 cellspacing=0 cellpadding=0 style="display:inline-block;vertical-align:baseline"><tr><td id=j2>שלום</td></tr></table> טקסט</div>', [['j', 0, 0, 721, 29], ['j1', 688.03125, 0, 32.96875, 22.5], ['j2', 688.03125, 0, 32.96875, 22.5]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`an inline-block's baseline skips line boxes inside tables as Chromium 156 does: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
