// In: a right float crossing the end of a 400 x 300 px page, then a clearfix and a block with margin-top: 40px, rendered
// through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (css-break-3 §5.2 margin
// truncation after an unforced break, CSS 2.1 §9.5.2 clearance).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const FLOAT = '<div style="float:right;width:100px;margin-top:20px"><div>f1</div><div>f2</div><div>f3</div><div>f4</div></div>';
const doc = (topHeight: number, body: string): string =>
  `<!doctype html><style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif}</style><div style="height:${topHeight}px">top</div>${body}`;

/** [what it shows, document, Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y`]. */
const CASES: Array<[string, string, string]> = [
  ['an empty clearfix below a float continued on the next page keeps the next block\'s margin truncated (its border at the float\'s end)',
    doc(250, `${FLOAT}<div style="clear:both"></div><div style="margin-top:40px;border-top:1px solid">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,61.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['... also with a margin-bottom on the clearfix',
    doc(250, `${FLOAT}<div style="clear:both;margin-bottom:20px"></div><div style="margin-top:40px;border-top:1px solid">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,61.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['... and through an empty box after it, or one clearing a side without floats',
    doc(250, `${FLOAT}<div style="clear:both"></div><div></div><div style="clear:left"></div><div style="margin-top:40px">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['a block with clear and a margin-top after the clearfix: truncated too',
    doc(250, `${FLOAT}<div style="clear:both"></div><div style="margin-top:40px;clear:both">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,60.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['a second clearfix clearing the float where it ends (zero clearance) ends the truncation: the margin counts',
    doc(250, `${FLOAT}<div style="clear:both"></div><div style="clear:right"></div><div style="margin-top:40px">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 after@1:0,100.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['a clearfix with content ends it (the next margin counts below it)',
    doc(250, `${FLOAT}<div style="clear:both">c</div><div style="margin-top:40px;border-top:1px solid">after</div>`),
    'top@0:0,0.5 f1@0:300,270.5 c@1:0,60.5 after@1:0,121.5 f2@1:300,0.5 f3@1:300,20.5 f4@1:300,40.5'],
  ['a float ending on the first page: the clearfix and the block move to the next page, the margin truncated',
    doc(150, `${FLOAT}<div style="clear:both"></div><div style="margin-top:40px;border-top:1px solid">after</div>`),
    'top@0:0,0.5 f1@0:300,170.5 f2@0:300,190.5 f3@0:300,210.5 f4@0:300,230.5 after@1:0,1.5'],
];

for (const [what, html, figures] of CASES) {
  test(`clearance at the top of a page as Chromium 156 prints it: ${what}`, async () => {
    await assertPrintedLikeChromium(html, figures);
  });
}
