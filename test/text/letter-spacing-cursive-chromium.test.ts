// In: letter-spacing on Arabic (a cursive script) beside Latin, Hebrew, digits and spaces, through the real stages.
// Out: each inline-block's border box (x, y relative to its case's wrapper, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from '../layout/helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:20px/30px 'DejaVu Sans'}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the case's wrapper. css-text-3 §8.2: UAs should not apply
 * letter-spacing to cursive scripts; Chromium 156 gives Arabic letters and Arabic-Indic digits none (#a is as wide as
 * #b, without it; #h OpenSourcePOS's letter-spaced Persian title, #i a negative value), by each character's own script:
 * the Latin letters and the spaces beside them keep it (#d, #f, #g right to left), Hebrew is not cursive (#e), and
 * word-spacing still applies (#j). Not modelled: Chromium also leaves unspaced Common characters other than spaces
 * whose script run is Arabic (European digits beside Arabic text: "١٢٣ 45" gets one spacing, on the space; we give three). Measured with /usr/bin/chromium through playwright-core, print emulation, 721 px
 * viewport, the project's fonts only (test/fidelity/fonts.conf.in), the cases joined by newlines, getBoundingClientRect
 * relative to the wrapper.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ['<div id=a><span id=a1 style="display:inline-block;letter-spacing:10px">مرحبا</span></div>', [['a', 0, 0, 721, 30], ['a1', 0, 0, 46.25, 30]]],
  ['<div id=b><span id=b1 style="display:inline-block">مرحبا</span></div>', [['b', 0, 0, 721, 30], ['b1', 0, 0, 46.25, 30]]],
  ['<div id=c><span id=c1 style="display:inline-block;letter-spacing:10px">abc</span></div>', [['c', 0, 0, 721, 30], ['c1', 0, 0, 65.953125, 30]]],
  ['<div id=d><span id=d1 style="display:inline-block;letter-spacing:10px">abcمرحبا</span></div>', [['d', 0, 0, 721, 30], ['d1', 0, 0, 112.203125, 30]]],
  ['<div id=e><span id=e1 style="display:inline-block;letter-spacing:10px">שלום</span></div>', [['e', 0, 0, 721, 30], ['e1', 0, 0, 84.265625, 30]]],
  ['<div id=f><span id=f1 style="display:inline-block;letter-spacing:10px">x ١٢٣</span></div>', [['f', 0, 0, 721, 30], ['f1', 0, 0, 70.4375, 30]]],
  ['<div id=g dir=rtl><span id=g1 style="display:inline-block;letter-spacing:10px">مرحبا abc</span></div>', [['g', 0, 0, 721, 30], ['g1', 592.4375, 0, 128.5625, 30]]],
  ['<div id=h><span id=h1 style="display:inline-block;letter-spacing:4px;font-weight:bold;font-size:26px">فاتورة</span></div>', [['h', 0, 0, 721, 32], ['h1', 0, 0, 83.171875, 30]]],
  ['<div id=i><span id=i1 style="display:inline-block;letter-spacing:-2px">سلام دنیا</span></div>', [['i', 0, 0, 721, 30], ['i1', 0, 0, 72.046875, 30]]],
  ['<div id=j><span id=j1 style="display:inline-block;letter-spacing:10px;word-spacing:5px">مرحبا مرحبا</span></div>', [['j', 0, 0, 721, 30], ['j1', 0, 0, 113.84375, 30]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`letter-spacing leaves cursive scripts unspaced as Chromium 156 does: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
