// In: word-break: break-all on right-to-left words (Arabic, Hebrew) in shrink-to-fit boxes (Appwrite's e-mail button), through the real stages.
// Out: each box's border box (x, y relative to its case's wrapper, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:15px/1.5 'DejaVu Sans'} a{word-break:break-all} a.button{display:inline-block;border-radius:8px;height:48px;line-height:24px;padding:12px 20px;box-sizing:border-box;text-align:center;text-decoration:none;border:1px solid #000;margin-right:24px;margin-top:8px}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the case's wrapper. css-text-3 §5.2: word-break: break-all adds
 * break opportunities between typographic character units; shaping stays across the word, so Arabic keeps its joined
 * forms and a shrink-to-fit box around it is as wide as the joined word (#a, #c: Appwrite's magic-link button, `a {
 * word-break: break-all }`; #d; #f fits one line of 60 px). Guards: Latin (#b) and Hebrew (#e). Measured with
 * /usr/bin/chromium through playwright-core, print emulation, 721 px viewport, the project's fonts only
 * (test/fidelity/fonts.conf.in), the cases joined by newlines, getBoundingClientRect relative to the wrapper.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ['<div id=a dir=rtl><table id=a1 border=0 cellspacing=0 cellpadding=0 style="display:inline-block"><tr><td align=center><a id=a2 class=button>تسجيل الدخول إلى Acme Cloud</a></td></tr></table></div>', [['a', 0, 0, 721, 62.5], ['a1', 442.09375, 0, 278.90625, 56], ['a2', 442.09375, 8, 254.90625, 48]]],
  ['<div id=b dir=rtl><table id=b1 border=0 cellspacing=0 cellpadding=0 style="display:inline-block"><tr><td align=center><a id=b2 class=button>Sign in to Acme Cloud</a></td></tr></table></div>', [['b', 0, 0, 721, 62.5], ['b1', 489.53125, 0, 231.46875, 56], ['b2', 489.53125, 8, 207.46875, 48]]],
  ['<div id=c dir=rtl><div id=c1 style="display:inline-block"><a id=c2 class=button>تسجيل الدخول</a></div></div>', [['c', 0, 0, 721, 56], ['c1', 562.5625, 0, 158.4375, 56], ['c2', 562.5625, 8, 134.4375, 48]]],
  ['<div id=d><span id=d1 style="display:inline-block;word-break:break-all">مرحبا بالعالم</span></div>', [['d', 0, 0, 721, 22.5], ['d1', 0, 0, 79.125, 22.5]]],
  ['<div id=e><span id=e1 style="display:inline-block;word-break:break-all">שלום עולם</span></div>', [['e', 0, 0, 721, 22.5], ['e1', 0, 0, 69.921875, 22.5]]],
  ['<div id=f dir=rtl style="width:60px;word-break:break-all"><span id=f1>مرحبا</span></div>', [['f', 0, 0, 60, 22.5]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`word-break: break-all keeps a right-to-left word's shaping as Chromium 156 does: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
