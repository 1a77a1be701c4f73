// In: small documents whose flex lines and items cross the end of a 400 x 300 px page, rendered through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (css-break-3 §4.4, css-flexbox-1 §12, LayoutNG flex fragmentation).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const doc = (body: string): string => `<!doctype html><style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif}</style>${body}`;
const lines = (p: string, a: number, b: number): string => Array.from({ length: b - a + 1 }, (_, i) => `${p}${a + i}<br>`).join('');
const rows = (p: string, a: number, b: number): string => Array.from({ length: b - a + 1 }, (_, i) => `<tr><td>${p}${a + i}</td></tr>`).join('');
const top = (h: number): string => `<div style="height:${h}px">top</div>`;

/** The documents: what each shows of Chromium's flex fragmentation. */
const DOCS: Record<string, [string, string]> = {
  'row': ['a row\'s items break inside at the page end (items are not monolithic)',
    doc(`${top(200)}<div style="display:flex"><div>${lines('a', 1, 10)}</div><div>bx</div></div><div>after</div>`)],
  'table-in-row': ['a table in a Bootstrap-like column of a wrapping row breaks between its rows',
    doc(`${top(200)}<div style="display:flex;flex-wrap:wrap"><div style="flex:0 0 100%;padding:0 5px;box-sizing:border-box"><table>${rows('r', 1, 12)}</table></div></div><div>after</div>`)],
  'first-line-push': ['an item whose first line does not fit at the line\'s top moves the line whole',
    doc(`${top(200)}<div style="display:flex"><div>${lines('a', 1, 10)}</div><div style="padding-top:90px">bx</div></div><div>after</div>`)],
  'orphans-push': ['an item that would leave one line (orphans: 2) moves the line whole',
    doc(`${top(270)}<div style="display:flex"><div>${lines('a', 1, 2)}</div><div>bx</div></div><div>after</div>`)],
  'fixed-heights': ['items with specified heights are sliced; the container continues for the rest',
    doc(`${top(250)}<div style="display:flex;gap:10px"><div style="flex:1;height:80px">a</div><div style="flex:1;height:40px">b</div></div><div>after</div>`)],
  'column': ['an item of a column container breaks like a block',
    doc(`${top(200)}<div style="display:flex;flex-direction:column"><div>x1</div><div>${lines('a', 1, 10)}</div><div>x2</div></div><div>after</div>`)],
  'wrap': ['the second line of a wrapping row breaks inside its items',
    doc(`${top(200)}<div style="display:flex;flex-wrap:wrap"><div style="width:100%">${lines('a', 1, 3)}</div><div style="width:50%">${lines('b', 1, 8)}</div><div style="width:50%">${lines('c', 1, 2)}</div></div><div>after</div>`)],
  'aligned-item': ['a centred item below the line\'s top that does not fit moves alone to the next page\'s top',
    doc(`${top(200)}<div style="display:flex;align-items:center"><div>${lines('a', 1, 10)}</div><div>mid</div></div><div>after</div>`)],
};

/** Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y` (0-based page, word box top-left in px). */
const CHROMIUM: Record<string, string> = {
  'row': 'top@0:0,0.5 a1@0:0,200.5 bx@0:26.7,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 after@1:0,100.5',
  'table-in-row': 'top@0:0,0.5 r1@0:8,203.5 r2@0:8,227.5 r3@0:8,251.5 r4@0:8,275.5 r5@1:8,1.5 r6@1:8,25.5 r7@1:8,49.5 r8@1:8,73.5 r9@1:8,97.5 r10@1:8,121.5 r11@1:8,145.5 r12@1:8,169.5 after@1:0,192.5',
  'first-line-push': 'top@0:0,0.5 a1@1:0,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 a5@1:0,80.5 bx@1:26.7,90.5 a6@1:0,100.5 a7@1:0,120.5 a8@1:0,140.5 a9@1:0,160.5 a10@1:0,180.5 after@1:0,200.5',
  'fixed-heights': 'top@0:0,0.5 a@0:0,250.5 b@0:205,250.5 after@1:0,30.5',
  'column': 'top@0:0,0.5 x1@0:0,200.5 a1@0:0,220.5 a2@0:0,240.5 a3@0:0,260.5 a4@0:0,280.5 a5@1:0,0.5 a6@1:0,20.5 a7@1:0,40.5 a8@1:0,60.5 a9@1:0,80.5 a10@1:0,100.5 x2@1:0,120.5 after@1:0,140.5',
  'wrap': 'top@0:0,0.5 a1@0:0,200.5 a2@0:0,220.5 a3@0:0,240.5 b1@0:0,260.5 b2@0:0,280.5 c1@0:200,260.5 c2@0:200,280.5 b3@1:0,0.5 b4@1:0,20.5 b5@1:0,40.5 b6@1:0,60.5 b7@1:0,80.5 b8@1:0,100.5 after@1:0,120.5',
  'aligned-item': 'top@0:0,0.5 a1@0:0,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 mid@1:26.7,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 after@1:0,100.5',
  'orphans-push': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 after@1:0,40.5',
};

for (const [name, [what, html]] of Object.entries(DOCS)) {
  test(`flex fragmentation as Chromium 156 prints it: ${name}: ${what}`, async () => {
    await assertPrintedLikeChromium(html, CHROMIUM[name]!);
  });
}
