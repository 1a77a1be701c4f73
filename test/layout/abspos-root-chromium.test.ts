// In: documents whose root element is absolutely positioned or fixed (CSS 2.1 §10.1: its containing block is the initial
// containing block; §10.3.7, §10.6.4), printed. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox,
// fonts as test/fidelity/make-refs.mjs). Before, we laid such a root out in flow at the page area's origin, as wide as it.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

// [document, Chromium 156's words (page.pdf, A4, 10 mm margins, preferCSSPageSize; xMin/yMin ÷ 0.75)]: the root placed
// by left/top (a), shrunk to fit and placed by right: 50px, its 1518 px of content continuing on a second page (b), a
// fixed root by left/top on its one page (c), by bottom: 40px and left: 10% of the page area's width (d).
const CASES: Array<[string, string]> = [
  ['<!DOCTYPE html><html style="position:absolute; left:100px; top:100px; width:100px; height:100px; background:yellow; border:10px solid black;"><body style="margin:5px;font:16px \'Liberation Sans\'">Box</body></html>',
    'Box@0:152,151.52'],
  ['<!DOCTYPE html><html style="position:absolute; right:50px; border:10px solid black;"><body style="margin:5px"><span>Hello world</span><div style="height:1500px;width:30px"></div><span>End</span></body></html>',
    'Hello@0:615.12,51.74 world@0:654.67,51.74 End@1:615.12,519.74'],
  ['<!DOCTYPE html><html style="position:fixed; left:20px; top:30px; border:10px solid black;"><body style="margin:5px"><span>Hello world</span><div style="height:1500px;width:30px"></div></body></html>',
    'Hello@0:72,81.74 world@0:111.55,81.74'],
  ['<!DOCTYPE html><html style="position:absolute; bottom:40px; left:10%; padding:5px; background:#eee; font:16px \'Liberation Sans\'"><body style="margin:0"><span>Hi there</span></body></html>',
    'Hi@0:114,1022.52 there@0:133.55,1022.52'],
];

for (const [html, words] of CASES) {
  test(`an absolutely positioned root is placed against the initial containing block as Chromium 156 prints it: ${html.slice(37, 80)}`, async () => {
    await assertPrintedLikeChromium(html, words, 0.1);
  });
}
