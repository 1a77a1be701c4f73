// In: boxes with block-end padding and borders that end near the foot of a page: five lines in a padded box, a card
// whose header fits but not its bottom padding, nested padded boxes, flex items in a row and in a column. Out: the printed words against Chromium 156's
// page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs). A box that ends on a page takes its block-end border
// and padding along (LayoutNG): its content breaks earlier (orphans and widows still 2) so that they fit, or the box
// moves to the next page whole; they are not left hanging past the page's end.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const ENDS = `<!doctype html><html><head><style>@page{size:400px 300px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} .box{padding:10px 8px 20px;border:2px solid #888} .card{border:1px solid #888} .h{padding:8px} .b{padding:8px} p{margin:0}</style></head><body>
<div style="height:168px"></div>
<div class=box>L1 aaa<br>L2 bbb<br>L3 ccc<br>L4 ddd<br>L5 eee</div>
<p>after</p>
<div style="height:158px"></div>
<div class=card><div class=h>Header</div><div class=b>Body one<br>Body two</div></div>
<p>after2</p>
<div style="height:150px"></div>
<div style="padding-bottom:15px;border-bottom:3px solid"><div style="padding-bottom:12px">N1<br>N2<br>N3<br>N4<br>N5</div></div>
<p>after3</p>
</body></html>`;

test('a box ending on a page keeps room for its block-end padding and border: its lines break earlier, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(ENDS, 'L1@0:10,180.52 aaa@0:32.24,180.52 L2@0:10,200.52 bbb@0:32.24,200.52 L3@0:10,220.52 ccc@0:32.24,220.52 L4@1:10,0.52 ddd@1:32.24,0.52 L5@1:10,20.52 eee@1:32.24,20.52 after@1:0,62.52 Header@1:9,249.52 Body@2:9,8.52 one@2:49.91,8.52 Body@2:9,28.52 two@2:49.91,28.52 after2@2:0,57.52 N1@2:0,227.52 N2@2:0,247.52 N3@2:0,267.52 N4@3:0,0.52 N5@3:0,20.52 after3@3:0,70.52');
});

const CARD = `<!doctype html><html><head><style>@page{size:400px 300px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} .card{border:1px solid #888;margin:0 0 10px} .h{padding:8px;background:#eee} .b{padding:8px} .filler{height:270px}</style></head><body>
<div class=filler></div>
<div class=card style="display:block"><div class=h>Header</div><div class=b>Body one<br>Body two</div></div>
<p style="margin:0">after</p>
</body></html>`;

test('a card whose header fits but not the header\'s bottom padding moves to the next page whole, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(CARD, 'Header@1:9,9.52 Body@1:9,45.52 one@1:49.91,45.52 Body@1:9,65.52 two@1:49.91,65.52 after@1:0,104.52');
});

const FLEX = `<!doctype html><html><head><style>@page{size:400px 300px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} .box{padding:10px 8px 20px;border:2px solid #888} p{margin:0}</style></head><body>
<div style="height:168px"></div>
<div style="display:flex"><div class=box>R1<br>R2<br>R3<br>R4<br>R5</div><div>side</div></div>
<p>after</p>
<div style="height:106px"></div>
<div style="display:flex;flex-direction:column"><div class=box>F1<br>F2<br>F3<br>F4<br>F5</div></div>
<p>after2</p>
</body></html>`;

test('a flex item (in a row and in a column) ending on a page keeps room for its block-end padding: its lines break earlier, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(FLEX, 'R1@0:10,180.52 R2@0:10,200.52 R3@0:10,220.52 side@0:40.45,168.52 R4@1:10,0.52 R5@1:10,20.52 after@1:0,62.52 F1@1:10,200.52 F2@1:10,220.52 F3@1:10,240.52 F4@2:10,0.52 F5@2:10,20.52 after2@2:0,62.52');
});
