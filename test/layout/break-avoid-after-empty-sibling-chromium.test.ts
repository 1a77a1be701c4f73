// In: a break-inside: avoid box taller than what is left of a 400 x 300 px page, after an empty sibling (an empty
// break-before: page div), rendered through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (css-break-3 §4.1, §4.4: a
// break before the box is a class A break point once its border edge lies below the page top: the page keeps only margins).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const L = Array.from({ length: 16 }, (_, i) => `<div>l${i + 1}</div>`).join('');
const doc = (body: string): string =>
  `<!doctype html><style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif}</style>${body}`;

/** [what it shows, document, Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y`]. */
const CASES: Array<[string, string, string]> = [
  ['after a forced break on an empty div, a break-inside: avoid box with a margin-top that does not fit moves on: a page holding only the margin',
    doc(`<div>top</div><div style="break-before:page"></div><div style="break-inside:avoid;margin-top:20px">${L}</div><div>after</div>`),
    'top@0:0,0.52 l1@2:0,0.52 l2@2:0,20.52 l3@2:0,40.52 l4@2:0,60.52 l5@2:0,80.52 l6@2:0,100.52 l7@2:0,120.52 l8@2:0,140.52 l9@2:0,160.52 l10@2:0,180.52 l11@2:0,200.52 l12@2:0,220.52 l13@2:0,240.52 l14@2:0,260.52 l15@2:0,280.52 l16@3:0,0.52 after@3:0,20.52'],
  ['so does one whose first child\'s margin-top collapses through its top (a section starting with a heading)',
    doc(`<div>top</div><div style="break-before:page"></div><div style="break-inside:avoid"><h2 style="margin:10px 0;font-size:16px">head</h2>${L}</div><div>after</div>`),
    'top@0:0,0.52 head@2:0,0.52 l1@2:0,30.52 l2@2:0,50.52 l3@2:0,70.52 l4@2:0,90.52 l5@2:0,110.52 l6@2:0,130.52 l7@2:0,150.52 l8@2:0,170.52 l9@2:0,190.52 l10@2:0,210.52 l11@2:0,230.52 l12@2:0,250.52 l13@2:0,270.52 l14@3:0,0.52 l15@3:0,20.52 l16@3:0,40.52 after@3:0,60.52'],
  ['an empty div first in the document, then the margin: a blank first page',
    doc(`<div></div><div style="break-inside:avoid;margin-top:20px">${L}</div><div>after</div>`),
    'l1@1:0,0.52 l2@1:0,20.52 l3@1:0,40.52 l4@1:0,60.52 l5@1:0,80.52 l6@1:0,100.52 l7@1:0,120.52 l8@1:0,140.52 l9@1:0,160.52 l10@1:0,180.52 l11@1:0,200.52 l12@1:0,220.52 l13@1:0,240.52 l14@1:0,260.52 l15@1:0,280.52 l16@2:0,0.52 after@2:0,20.52'],
  ['without the margin the box starts at the page top: it breaks inside (no progress before it)',
    doc(`<div>top</div><div style="break-before:page"></div><div style="break-inside:avoid">${L}</div><div>after</div>`),
    'top@0:0,0.52 l1@1:0,0.52 l2@1:0,20.52 l3@1:0,40.52 l4@1:0,60.52 l5@1:0,80.52 l6@1:0,100.52 l7@1:0,120.52 l8@1:0,140.52 l9@1:0,160.52 l10@1:0,180.52 l11@1:0,200.52 l12@1:0,220.52 l13@1:0,240.52 l14@1:0,260.52 l15@1:0,280.52 l16@2:0,0.52 after@2:0,20.52'],
  ['without a sibling before it the break would be before the first box: it breaks inside',
    doc(`<div style="break-inside:avoid;margin-top:20px">${L}</div><div>after</div>`),
    'l1@0:0,20.52 l2@0:0,40.52 l3@0:0,60.52 l4@0:0,80.52 l5@0:0,100.52 l6@0:0,120.52 l7@0:0,140.52 l8@0:0,160.52 l9@0:0,180.52 l10@0:0,200.52 l11@0:0,220.52 l12@0:0,240.52 l13@0:0,260.52 l14@0:0,280.52 l15@1:0,0.52 l16@1:0,20.52 after@1:0,40.52'],
  ['without break-inside: avoid it breaks inside after its margin',
    doc(`<div>top</div><div style="break-before:page"></div><div style="margin-top:20px">${L}</div><div>after</div>`),
    'top@0:0,0.52 l1@1:0,20.52 l2@1:0,40.52 l3@1:0,60.52 l4@1:0,80.52 l5@1:0,100.52 l6@1:0,120.52 l7@1:0,140.52 l8@1:0,160.52 l9@1:0,180.52 l10@1:0,200.52 l11@1:0,220.52 l12@1:0,240.52 l13@1:0,260.52 l14@1:0,280.52 l15@2:0,0.52 l16@2:0,20.52 after@2:0,40.52'],
];

for (const [what, html, figures] of CASES) {
  test(`break-inside: avoid after an empty sibling as Chromium 156 prints it: ${what}`, async () => {
    await assertPrintedLikeChromium(html, figures);
  });
}
