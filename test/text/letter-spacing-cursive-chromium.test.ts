// In: letter-spacing on Arabic (a cursive script) beside Latin, Hebrew, digits and spaces, through the real stages.
// Out: each inline-block's border box (x, y relative to its case's wrapper, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from '../layout/helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:20px/30px 'DejaVu Sans'}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the case's wrapper. css-text-3 §8.2: UAs should not apply
 * letter-spacing to cursive scripts; Chromium 156 gives none to a script run (Blink's ScriptRunIterator) of Arabic but on
 * its spaces: Arabic letters and Arabic-Indic digits (#a is as wide as #b, without it; #h OpenSourcePOS's letter-spaced
 * Persian title, #i a negative value), and European digits, punctuation, tatweel and thin spaces in an Arabic run (#k-#n,
 * #p-#s, #u at 2px: '١٢٣ 45' is one Arabic run, spaced once, on its space; U+00A0 is spaced as U+0020). The Latin letters
 * and digits of a Latin run beside them keep it (#d, #f, #g and #o right to left, #v), Hebrew is not cursive (#e), a
 * '،' between Latin letters is a run of its own (#t), digits in an inline-block are a formatting context and a run of
 * their own (#w), and word-spacing still applies (#j). Measured with /usr/bin/chromium through playwright-core, print emulation, 721 px
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
  ['<div id=k dir=rtl><span id=k1 style="display:inline-block;letter-spacing:10px">مرحبا 123</span></div>', [['k', 0, 0, 721, 30], ['k1', 620.2031, 0, 100.796875, 30]]],
  ['<div id=l dir=ltr><span id=l1 style="display:inline-block;letter-spacing:10px">مرحبا123</span></div>', [['l', 0, 0, 721, 30], ['l1', 0, 0, 84.4375, 30]]],
  ['<div id=m dir=ltr><span id=m1 style="display:inline-block;letter-spacing:10px">١٢٣ 45</span></div>', [['m', 0, 0, 721, 30], ['m1', 0, 0, 74.046875, 30]]],
  ['<div id=n dir=rtl><span id=n1 style="display:inline-block;letter-spacing:10px">المجموع: 12.50 ر.س</span></div>', [['n', 0, 0, 721, 30], ['n1', 513.8906, 0, 207.109375, 30]]],
  ['<div id=o dir=rtl><span id=o1 style="display:inline-block;letter-spacing:10px">مرحبا abc 123</span></div>', [['o', 0, 0, 721, 30], ['o1', 507.9063, 0, 213.09375, 30]]],
  ['<div id=p dir=rtl><span id=p1 style="display:inline-block;letter-spacing:10px">مرحبا (123)</span></div>', [['p', 0, 0, 721, 30], ['p1', 604.5938, 0, 116.40625, 30]]],
  ['<div id=q dir=rtl><span id=q1 style="display:inline-block;letter-spacing:10px">مرحبا 123</span></div>', [['q', 0, 0, 721, 30], ['q1', 620.2031, 0, 100.796875, 30]]],
  ['<div id=r dir=rtl><span id=r1 style="display:inline-block;letter-spacing:10px">مرحبا عالم</span></div>', [['r', 0, 0, 721, 30], ['r1', 633.3281, 0, 87.671875, 30]]],
  ['<div id=s dir=rtl><span id=s1 style="display:inline-block;letter-spacing:10px">مرحباــعالم</span></div>', [['s', 0, 0, 721, 30], ['s1', 627.8906, 0, 93.109375, 30]]],
  ['<div id=t dir=ltr><span id=t1 style="display:inline-block;letter-spacing:10px">x،x</span></div>', [['t', 0, 0, 721, 30], ['t1', 0, 0, 50.140625, 30]]],
  ['<div id=u dir=rtl><span id=u1 style="display:inline-block;letter-spacing:2px">الإجمالي: 1,250.00 ريال</span></div>', [['u', 0, 0, 721, 30], ['u1', 502.0938, 0, 218.90625, 30]]],
  ['<div id=v dir=ltr><span id=v1 style="display:inline-block;letter-spacing:2px">Total ١٢٣ SAR 45</span></div>', [['v', 0, 0, 721, 30], ['v1', 0, 0, 190.125, 30]]],
  ['<div id=w dir=rtl>مرحبا <span id=w1 style="display:inline-block;letter-spacing:10px">123</span></div>', [['w', 0, 0, 721, 30], ['w1', 600.2031, 0, 68.1875, 30]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`letter-spacing leaves cursive scripts unspaced as Chromium 156 does: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
