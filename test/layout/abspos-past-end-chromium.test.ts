// In: documents with absolutely positioned boxes that start past the end of their page (and of the flow) or cross the last
// page's end: boxes against the initial containing block and against a relative container, a bordered box starting on one
// later page and continuing on the next, an image, blank pages between.
// Out: our print's page count and printed words against Chromium 156's page.pdf (pdftotext -bbox, px): such a box is
// placed on the page its offset falls on (css-break-3 §4: out-of-flow boxes fragment with the flow), and pages are added
// past the flow's end for it (src/layout/positioned.ts, src/layout/oof-break.ts, src/layout/page.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderPdf } from '../../src/index.ts';
import { assertPrintedLikeChromium } from './print-words.ts';

const doc = (body: string): string => '<!doctype html><html><head><style>@page { size: 400px 300px; margin: 20px } '
  + `body { margin: 0; font: 16px/20px Arial } p { margin: 0 }</style></head><body>${body}</body></html>`;
const IMG = `<img style="position:absolute;top:1500px;left:0;width:30px;height:10px" src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='3' height='1'/>">`;

const CASES: Array<{ name: string; html: string; pages: number; words: string }> = [
  {
    // We printed one page: both boxes lay below its area and were cut away.
    name: 'two boxes against the initial containing block, past the only page (a blank page between)',
    html: doc('<div>First page text</div><div style="position:absolute;top:500px;left:10px">Far below</div><div style="position:absolute;top:900px;left:30px">Even further</div>'),
    pages: 4,
    words: 'First@0:20,20.52 page@0:55.55,20.52 text@0:95.59,20.52 Far@1:30,260.52 below@1:58.45,260.52 Even@3:50,140.52 further@3:90.91,140.52',
  },
  {
    name: 'a box crossing the last page\'s end continues on a page of its own',
    html: doc('<div>First page text</div><div style="position:absolute;top:200px;left:10px;width:100px">One two three four five six seven eight nine ten eleven twelve</div>'),
    pages: 2,
    words: 'First@0:20,20.52 page@0:55.55,20.52 text@0:95.59,20.52 One@0:30,220.52 two@0:64.69,220.52 three@0:30,240.52 four@0:70.91,240.52 five@0:102.93,240.52 six@0:30,260.52 seven@0:54,260.52 eight@1:30,20.52 nine@1:69.14,20.52 ten@1:103.84,20.52 eleven@1:30,40.52 twelve@1:81.59,40.52',
  },
  {
    name: 'a box starting on a later page, bordered, continues on the page after it',
    html: doc('<div>Start</div><div style="position:absolute;top:410px;left:40px;border-top:3px solid;background:#eee">L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10</div>'),
    pages: 3,
    words: 'Start@0:20,20.52 L1@1:60,173.52 L2@1:60,193.52 L3@1:60,213.52 L4@1:60,233.52 L5@1:60,253.52 L6@2:60,20.52 L7@2:60,40.52 L8@2:60,60.52 L9@2:60,80.52 L10@2:60,100.52',
  },
  {
    name: 'boxes in relative containers of a two-page flow land on pages 2 and 3, an image and a box further down on pages 6 and 7',
    html: doc('<div style="position:relative"><p>Alpha</p><div style="position:absolute;top:300px;left:50px;width:120px;border:2px solid;padding:4px">Boxed one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen</div></div>'
      + '<p>Beta</p><p>Gamma</p><p style="break-before:page">Delta on page two</p><p>Epsilon</p>'
      + `<div style="position:relative;margin-top:20px"><p>Zeta</p><div style="position:absolute;top:400px;right:0">Last words</div></div>${IMG}`
      + '<div style="position:absolute;top:1600px;left:100px">Image page</div>'),
    pages: 7,
    words: 'Alpha@0:20,20.52 Beta@0:20,40.52 Gamma@0:20,60.52 Delta@1:20,20.52 on@1:61.8,20.52 page@1:84.04,20.52 two@1:124.08,20.52 Epsilon@1:20,40.52 Zeta@1:20,80.52 Boxed@1:76,66.52 one@1:125.81,66.52 two@1:156.95,66.52 three@1:76,86.52 four@1:116.91,86.52 five@1:148.93,86.52 six@1:76,106.52 seven@1:100,106.52 eight@1:147.14,106.52 nine@1:76,126.52 ten@1:110.7,126.52 eleven@1:137.38,126.52 twelve@1:76,146.52 thirteen@1:125.8,146.52 fourteen@1:76,166.52 fifteen@1:139.16,166.52 sixteen@1:76,186.52 seventeen@1:76,206.52 Last@2:302.62,220.52 words@2:337.31,220.52 Image@6:120,60.52 page@6:168.91,60.52',
  },
];

for (const c of CASES) {
  test(`Chromium 156 print: ${c.name}`, async () => {
    assert.equal((await renderPdf(c.html)).pageCount, c.pages, 'pages, as Chromium');
    await assertPrintedLikeChromium(c.html, c.words);
  });
}
