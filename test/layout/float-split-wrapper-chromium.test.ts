// In: a wrapper block holding floats that cross the end of a 400 x 300 px page and a clearfix after them, rendered
// through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (css-break-3 §4: the
// floats break inside, the wrapper stays on the page unless it has block-start padding).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const FLOAT = '<div style="float:right;width:100px;margin-top:20px"><div>f1</div><div>f2</div><div>f3</div><div>f4</div></div>';
const doc = (body: string): string =>
  `<!doctype html><style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif}</style><div style="height:250px">top</div>${body}`;

/** [what it shows, document, Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y`]. */
const CASES: Array<[string, string, string]> = [
  ['a wrapper with a split float and a clearfix stays: the float\'s first line on the first page',
    doc(`<div>${FLOAT}<div style="clear:both"></div></div><div>after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['a two-column header of floats and a clearfix (a dompdf-style layout): both columns break at the page end',
    doc('<div><div style="float:left;width:150px"><div>l1</div><div>l2</div><div>l3</div></div><div style="float:right;width:150px"><div>r1</div><div>r2</div></div><div style="clear:both"></div></div><div>after</div>'),
    'top@0:0,0.5 l1@0:0,250.5 l2@0:0,270.5 r1@0:250,250.5 r2@0:250,270.5 l3@1:0,0.5 after@1:0,20.5'],
  ['with a padding-top the wrapper moves to the next page whole',
    doc(`<div style="padding-top:1px">${FLOAT}<div style="clear:both"></div></div><div>after</div>`),
    'top@0:0,0.5 after@1:0,101.5 f1@1:300,21.5 f2@1:300,41.5 f3@1:300,61.5 f4@1:300,81.5'],
  ['without a clearfix inside, the clearing block after the wrapper goes below the float\'s end',
    doc(`<div>${FLOAT}</div><div style="clear:both">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  // css-break-3 §5.2: the block after the wrapper is the first in-flow content after the break; its margin-top is
  // truncated (LayoutNG's margin strut still discards through a continued wrapper holding only a cleared clearfix).
  ['the margin-top of the block after the wrapper is truncated on the next page',
    doc(`<div>${FLOAT}<div style="clear:both"></div></div><div style="margin-top:30px">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['and so are the margins collapsing with it',
    doc(`<div>${FLOAT}<div style="clear:both"></div></div><div style="margin-top:30px"><div style="margin-top:10px">after</div></div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['with a border-top on that block: its border edge at the wrapper\'s end',
    doc(`<div>${FLOAT}<div style="clear:both"></div></div><div style="margin-top:30px;border-top:2px solid">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,62.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['in-flow content in the wrapper after the clearfix ends the truncation',
    doc(`<div>${FLOAT}<div style="clear:both"></div><div>in</div></div><div style="margin-top:30px">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 in@1:0,60.5 after@1:0,110.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['so does a clearfix with a height',
    doc(`<div>${FLOAT}<div style="clear:both;height:1px"></div></div><div style="margin-top:30px">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,91.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
];

for (const [what, html, figures] of CASES) {
  test(`floats split inside a wrapper as Chromium 156 prints them: ${what}`, async () => {
    await assertPrintedLikeChromium(html, figures);
  });
}
