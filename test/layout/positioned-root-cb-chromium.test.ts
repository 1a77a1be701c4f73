// In: documents whose root element is relatively positioned, with absolutely positioned descendants, printed.
// Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs).
// CSS 2.1 §10.1: the containing block of an absolute box is the padding box of its nearest positioned ancestor, the root
// too when it is positioned; only a static root leaves them to the initial containing block. We laid them out against
// the initial containing block whatever the root's position.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

// [document, Chromium 156's words (page.pdf, A4, 10 mm margins, preferCSSPageSize; xMin/yMin ÷ 0.75)]: a root moved by
// top/left with a width and padding holds a top/right and a bottom/left: 50% box (a); the sticky-footer pattern
// (html { position: relative; min-height: 100% }, footer bottom: 0) on one page, at the root's bottom (b).
const CASES: Array<[string, string]> = [
  ['<!DOCTYPE html><html style="position:relative;top:10px;left:20px;width:400px;padding:3px"><body style="margin:8px;font:16px \'Liberation Sans\'"><div>Top</div><div style="position:absolute;top:5px;right:0">Abs</div><div style="position:absolute;bottom:0;left:50%">Bottom</div></body></html>',
    'Top@0:68,57.52 Bottom@0:260,68.52 Abs@0:435.42,51.52'],
  ['<!DOCTYPE html><html style="position:relative;min-height:100%"><body style="margin:0 0 60px;font:16px \'Liberation Sans\'"><div style="height:300px">Top</div><div>Last</div><footer style="position:absolute;bottom:0;height:40px">Foot</footer></body></html>',
    'Top@0:37,36.52 Last@0:37,336.52 Foot@0:37,1046.52'],
];

for (const [html, words] of CASES) {
  test(`a positioned root is the containing block of its absolute descendants, as Chromium 156 prints them: ${html.slice(37, 90)}`, async () => {
    await assertPrintedLikeChromium(html, words, 0.1);
  });
}
