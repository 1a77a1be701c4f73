// In: small documents whose table rows cross the end of a 400 x 300 px page, rendered through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (css-break-3 §4.4, LayoutNG table fragmentation).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const doc = (body: string): string => `<!doctype html><style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif}td,th{padding:0;vertical-align:top}table{border-spacing:0}</style>${body}`;
const lines = (p: string, a: number, b: number): string => Array.from({ length: b - a + 1 }, (_, i) => `${p}${a + i}<br>`).join('');
const rows = (p: string, a: number, b: number): string => Array.from({ length: b - a + 1 }, (_, i) => `<tr><td>${p}${a + i}</td></tr>`).join('');
const blocks = (p: string, a: number, b: number): string => Array.from({ length: b - a + 1 }, (_, i) => `<div>${p}${a + i}</div>`).join('');
const top = (h: number): string => `<div style="height:${h}px">top</div>`;

/** The documents: what each shows of Chromium's table fragmentation. */
const DOCS: Record<string, [string, string]> = {
  'row-breaks': ['a row crossing the page end breaks between its cell\'s lines (rows are not monolithic)',
    doc(`${top(200)}<table><tr><td>${lines('a', 1, 10)}</td><td>bx</td></tr></table><div>after</div>`)],
  'orphans-push': ['a row whose cell would leave one line (orphans: 2) moves whole',
    doc(`${top(270)}<table><tr><td>${lines('a', 1, 2)}</td><td>bx</td></tr></table><div>after</div>`)],
  'first-line-push': ['a row with a cell whose first line does not fit moves whole (last-resort break appeal)',
    doc(`${top(200)}<table><tr><td>${lines('a', 1, 10)}</td><td style="padding-top:90px">bx</td></tr></table><div>after</div>`)],
  'nested': ['a table in a cell breaks inside its row too',
    doc(`${top(200)}<table><tr><td><table><tr><td>${lines('a', 1, 10)}</td></tr></table></td></tr></table><div>after</div>`)],
  'spacing-split': ['a split row continues at the page top without border-spacing above it',
    doc(`${top(200)}<table style="border-spacing:5px"><tr><td>${lines('a', 1, 2)}</td></tr><tr><td>${lines('b', 1, 10)}</td></tr></table><div>after</div>`)],
  'thead-tfoot': ['header and footer repeat around a row split over three pages; no spacing above the repeated header',
    doc(`${top(150)}<table style="border-spacing:4px"><thead><tr><th>head</th></tr></thead><tbody><tr><td>${lines('a', 1, 2)}</td></tr><tr><td style="border:1px solid">${lines('b', 1, 20)}</td></tr></tbody><tfoot><tr><td>foot</td></tr></tfoot></table><div>after</div>`)],
  'collapse': ['collapsed borders: a split row under a repeated header',
    doc(`${top(150)}<table style="border-collapse:collapse"><thead><tr><th style="border:3px solid">head</th></tr></thead><tbody><tr><td style="border:5px solid">${lines('a', 1, 2)}</td></tr><tr><td style="border:5px solid">${lines('b', 1, 20)}</td></tr></tbody></table><div>after</div>`)],
  'row-height': ['a row\'s specified height is sliced like a block\'s',
    doc(`${top(200)}<table><tr style="height:150px"><td>a1</td><td>bx</td></tr></table><div>after</div>`)],
  'padding-push-blocks': ['a row whose cell content fits but whose cell padding crosses the page end moves whole, though the cell could break between its blocks (a block would)',
    doc(`${top(215)}<table><tr><td style="padding-bottom:10px"><div>a1</div><div>a2</div><div>a3</div><div>a4</div></td><td>bx</td></tr></table><div>after</div>`)],
  'padding-push-lines': ['... and between its lines',
    doc(`${top(215)}<table><tr><td style="padding-bottom:10px">a1<br>a2<br>a3<br>a4</td><td>bx</td></tr></table><div>after</div>`)],
  'border-push': ['... and for its block-end border',
    doc(`${top(215)}<table><tr><td style="border-bottom:10px solid"><div>a1</div><div>a2</div><div>a3</div><div>a4</div></td><td>bx</td></tr></table><div>after</div>`)],
  'collapse-padding-push': ['... with collapsed borders, padded cells in every column and a row after it',
    doc(`${top(215)}<table style="border-collapse:collapse"><tr><td style="padding-bottom:10px;border-bottom:1px solid"><p style="margin:0">a1</p><p style="margin:0">a2</p><p style="margin:0">a3</p><p style="margin:0">a4</p></td><td style="padding:0 0 10px;border-bottom:1px solid">bx</td></tr><tr><td>z1</td><td>z2</td></tr></table><div>after</div>`)],
  'padding-push-other-breaks': ['... also when another cell of the row would break inside',
    doc(`${top(215)}<table><tr><td style="padding-bottom:10px">${blocks('a', 1, 4)}</td><td>${blocks('b', 1, 10)}</td></tr></table><div>after</div>`)],
  'padding-fits-other-breaks': ['a cell whose padding fits ends on the page while another cell breaks inside',
    doc(`${top(215)}<table><tr><td style="padding-bottom:10px">${blocks('a', 1, 2)}</td><td>${blocks('b', 1, 10)}</td></tr></table><div>after</div>`)],
  'padding-sliced-top': ['a row at the page top whose cell padding crosses the page end keeps its content there; the padding continues',
    doc(`<table><tr><td style="padding-bottom:30px">${blocks('a', 1, 14)}</td><td>bx</td></tr></table><div>after</div>`)],
  'padding-sliced-continuing': ['... also on the page a split row continues on',
    doc(`${top(200)}<table><tr><td style="padding-bottom:30px">${blocks('a', 1, 19)}</td><td>bx</td></tr></table><div>after</div>`)],
  'row-height-padding': ['... also when a cell has block-end padding (the break falls in its stretched content box)',
    doc(`${top(200)}<table><tr style="height:150px"><td style="padding-bottom:10px">a1</td><td>bx</td></tr></table><div>after</div>`)],
  'padding-push': ['a row whose content fits but whose cell padding crosses the page end moves whole',
    doc(`${top(265)}<table><tr><td style="padding:10px 0">x1</td><td>x2</td></tr></table><div>after</div>`)],
  'continuation-edges': ['between rows: the continuation drops the table\'s top border, padding and border-spacing',
    doc(`${top(150)}<table style="border-spacing:4px;border:2px solid;padding:3px"><tbody>${rows('r', 1, 12)}</tbody></table><div>after</div>`)],
  'backgrounds': ['cell borders and padding, row backgrounds and spacing around a split row',
    doc(`${top(200)}<table style="border-spacing:6px;border:3px solid blue"><tr style="background:#fc0"><td style="border:4px solid red;padding:5px;background:#cfc">${lines('a', 1, 10)}</td><td style="border:4px solid green;padding:5px">bx</td></tr><tr style="background:#0cf"><td>last</td><td>x</td></tr></table><div>after</div>`)],
  'valign': ['middle and bottom cells of a split row sit at its top (no alignment under fragmentation)',
    doc(`${top(200)}<table><tr><td>${lines('a', 1, 10)}</td><td style="vertical-align:middle">mid</td><td style="vertical-align:bottom">bot</td></tr></table><div>after</div>`)],
};

/** Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y` (0-based page, word box top-left in px). */
const CHROMIUM: Record<string, string> = {
  'row-breaks': 'top@0:0,0.5 a1@0:0,200.5 bx@0:26.7,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 after@1:0,100.5',
  'orphans-push': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 after@1:0,40.5',
  'first-line-push': 'top@0:0,0.5 a1@1:0,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 a5@1:0,80.5 bx@1:26.7,90.5 a6@1:0,100.5 a7@1:0,120.5 a8@1:0,140.5 a9@1:0,160.5 a10@1:0,180.5 after@1:0,200.5',
  'nested': 'top@0:0,0.5 a1@0:0,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 after@1:0,100.5',
  'spacing-split': 'top@0:0,0.5 a1@0:5,205.5 a2@0:5,225.5 b1@0:5,250.5 b2@0:5,270.5 b3@1:5,0.5 b4@1:5,20.5 b5@1:5,40.5 b6@1:5,60.5 b7@1:5,80.5 b8@1:5,100.5 b9@1:5,120.5 b10@1:5,140.5 after@1:0,165.5',
  'thead-tfoot': 'top@0:0,0.5 head@0:4,154.5 a1@0:4,178.5 a2@0:4,198.5 b1@0:5,223.5 b2@0:5,243.5 foot@0:4,276.5 head@1:4,0.5 b3@1:5,24.5 b4@1:5,44.5 b5@1:5,64.5 b6@1:5,84.5 b7@1:5,104.5 b8@1:5,124.5 b9@1:5,144.5 b10@1:5,164.5 b11@1:5,184.5 b12@1:5,204.5 b13@1:5,224.5 b14@1:5,244.5 foot@1:4,276.5 head@2:4,0.5 b15@2:5,24.5 b16@2:5,44.5 b17@2:5,64.5 b18@2:5,84.5 b19@2:5,104.5 b20@2:5,124.5 foot@2:4,149.5 after@2:0,173.5',
  'collapse': 'top@0:0,0.5 head@0:4,153.5 a1@0:5,178.5 a2@0:5,198.5 b1@0:5,223.5 b2@0:5,243.5 b3@0:5,263.5 head@1:4,3.5 b4@1:5,26.5 b5@1:5,46.5 b6@1:5,66.5 b7@1:5,86.5 b8@1:5,106.5 b9@1:5,126.5 b10@1:5,146.5 b11@1:5,166.5 b12@1:5,186.5 b13@1:5,206.5 b14@1:5,226.5 b15@1:5,246.5 b16@1:5,266.5 head@2:4,3.5 b17@2:5,26.5 b18@2:5,46.5 b19@2:5,66.5 b20@2:5,86.5 after@2:0,111.5',
  'row-height': 'top@0:0,0.5 a1bx@0:0,200.5 after@1:0,50.5',
  'continuation-edges': 'top@0:0,0.5 r1@0:9,159.5 r2@0:9,183.5 r3@0:9,207.5 r4@0:9,231.5 r5@0:9,255.5 r6@0:9,279.5 r7@1:9,0.5 r8@1:9,24.5 r9@1:9,48.5 r10@1:9,72.5 r11@1:9,96.5 r12@1:9,120.5 after@1:0,149.5',
  'backgrounds': 'top@0:0,0.5 a1@0:18,218.5 a2@0:18,238.5 a3@0:18,258.5 a4@0:18,278.5 bx@0:68.7,218.5 a5@1:18,0.5 a6@1:18,20.5 a7@1:18,40.5 a8@1:18,60.5 a9@1:18,80.5 a10@1:18,100.5 last@1:9,135.5 after@1:0,164.5 x@1:59.7,135.5',
  'valign': 'top@0:0,0.5 a1@0:0,200.5 midbot@0:26.7,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 after@1:0,100.5',
  'padding-push': 'top@0:0,0.5 x1@1:0,10.5 x2@1:16.9,0.5 after@1:0,40.5',
  'row-height-padding': 'top@0:0,0.5 a1bx@0:0,200.5 after@1:0,50.5',
  'padding-push-blocks': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 after@1:0,90.5',
  'padding-push-lines': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 after@1:0,90.5',
  'border-push': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 after@1:0,90.5',
  'collapse-padding-push': 'top@0:0,0.5 a1@1:0,0.5 bx@1:17.8,0.5 a2@1:0,20.5 a3@1:0,40.5 a4@1:0,60.5 z1z2@1:0,91.5 after@1:0,111.5',
  'padding-push-other-breaks': 'top@0:0,0.5 a1@1:0,0.5 b1@1:17.8,0.5 a2@1:0,20.5 b2@1:17.8,20.5 a3@1:0,40.5 b3@1:17.8,40.5 a4@1:0,60.5 b4@1:17.8,60.5 b5@1:17.8,80.5 b6@1:17.8,100.5 b7@1:17.8,120.5 b8@1:17.8,140.5 b9@1:17.8,160.5 b10@1:17.8,180.5 after@1:0,200.5',
  'padding-fits-other-breaks': 'top@0:0,0.5 a1@0:0,215.5 b1@0:17.8,215.5 a2@0:0,235.5 b2@0:17.8,235.5 b3@0:17.8,255.5 b4@0:17.8,275.5 b5@1:17.8,0.5 b6@1:17.8,20.5 b7@1:17.8,40.5 b8@1:17.8,60.5 b9@1:17.8,80.5 b10@1:17.8,100.5 after@1:0,120.5',
  'padding-sliced-top': 'a1@0:0,0.5 bx@0:26.7,0.5 a2@0:0,20.5 a3@0:0,40.5 a4@0:0,60.5 a5@0:0,80.5 a6@0:0,100.5 a7@0:0,120.5 a8@0:0,140.5 a9@0:0,160.5 a10@0:0,180.5 a11@0:0,200.5 a12@0:0,220.5 a13@0:0,240.5 a14@0:0,260.5 after@1:0,10.5',
  'padding-sliced-continuing': 'top@0:0,0.5 a1@0:0,200.5 bx@0:26.7,200.5 a2@0:0,220.5 a3@0:0,240.5 a4@0:0,260.5 a5@0:0,280.5 a6@1:0,0.5 a7@1:0,20.5 a8@1:0,40.5 a9@1:0,60.5 a10@1:0,80.5 a11@1:0,100.5 a12@1:0,120.5 a13@1:0,140.5 a14@1:0,160.5 a15@1:0,180.5 a16@1:0,200.5 a17@1:0,220.5 a18@1:0,240.5 a19@1:0,260.5 after@2:0,10.5',
};

for (const [name, [what, html]] of Object.entries(DOCS)) {
  test(`table fragmentation as Chromium 156 prints it: ${name}: ${what}`, async () => {
    await assertPrintedLikeChromium(html, CHROMIUM[name]!);
  });
}
