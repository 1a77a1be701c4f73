// In: documents with an auto-height block whose min-height is taller than what is left of the page, alone or with
// content of its own that runs onto later pages (min-height in px, vh and calc(), with max-height, border, padding and
// margins), through renderPdf. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox; fonts as
// test/fidelity/make-refs.mjs; page.pdf({ format: 'A4', preferCSSPageSize: true }), each document's @page A4 with 20px
// margins). Chromium continues such a box on the next page and counts its min-height once for all its fragments
// (css-break-3 §4.2): the block after a 1100px min-height box is 17.3 px down page 2. We ended the box on its first page
// (the next block at the top of page 2), and applied the min-height again to each later fragment (a 2500px min-height
// box with 20 lines printed 22 pages; Chromium 3).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const lines = (n: number, prefix: string): string => Array.from({ length: n }, (_, i) => `<p>${prefix}${i}</p>`).join('');
const doc = (css: string, body: string): string =>
  `<!doctype html><html><head><style>@page{size:A4;margin:20px} body{margin:0;font:16px/20px Arial} p{margin:0} ${css}</style></head><body>${body}</body></html>`;

test('Chromium 156 figures: a 1100px min-height box holding one line: the next block 17.3 px down page 2', async () => {
  await assertPrintedLikeChromium(doc('.mh{min-height:1100px;background:#eef}', '<div class=mh><p>A1</p></div><p>Aend</p>'), 'A1@0:20,20.52 Aend@1:20,37.52');
});

test('Chromium 156 figures: a 1000px min-height box whose 70 lines run onto page 2: the box ends with its content, not 1000 px further', async () => {
  await assertPrintedLikeChromium(doc('.mh{min-height:1000px;background:#eef}', `<div class=mh>${lines(70, 'b')}</div><p>Bend</p>`), 'b0@0:20,20.52 b1@0:20,40.52 b2@0:20,60.52 b3@0:20,80.52 b4@0:20,100.52 b5@0:20,120.52 b6@0:20,140.52 b7@0:20,160.52 b8@0:20,180.52 b9@0:20,200.52 b10@0:20,220.52 b11@0:20,240.52 b12@0:20,260.52 b13@0:20,280.52 b14@0:20,300.52 b15@0:20,320.52 b16@0:20,340.52 b17@0:20,360.52 b18@0:20,380.52 b19@0:20,400.52 b20@0:20,420.52 b21@0:20,440.52 b22@0:20,460.52 b23@0:20,480.52 b24@0:20,500.52 b25@0:20,520.52 b26@0:20,540.52 b27@0:20,560.52 b28@0:20,580.52 b29@0:20,600.52 b30@0:20,620.52 b31@0:20,640.52 b32@0:20,660.52 b33@0:20,680.52 b34@0:20,700.52 b35@0:20,720.52 b36@0:20,740.52 b37@0:20,760.52 b38@0:20,780.52 b39@0:20,800.52 b40@0:20,820.52 b41@0:20,840.52 b42@0:20,860.52 b43@0:20,880.52 b44@0:20,900.52 b45@0:20,920.52 b46@0:20,940.52 b47@0:20,960.52 b48@0:20,980.52 b49@0:20,1000.52 b50@0:20,1020.52 b51@0:20,1040.52 b52@0:20,1060.52 b53@0:20,1080.52 b54@1:20,20.52 b55@1:20,40.52 b56@1:20,60.52 b57@1:20,80.52 b58@1:20,100.52 b59@1:20,120.52 b60@1:20,140.52 b61@1:20,160.52 b62@1:20,180.52 b63@1:20,200.52 b64@1:20,220.52 b65@1:20,240.52 b66@1:20,260.52 b67@1:20,280.52 b68@1:20,300.52 b69@1:20,320.52 Bend@1:20,340.52');
});

test('Chromium 156 figures: min-height 2500px with max-height, border and padding, 20 lines: the box spans three pages, once', async () => {
  await assertPrintedLikeChromium(doc('.mh{min-height:2500px;max-height:3000px;border:2px solid red;padding:5px}', `<p>C0</p><div class=mh>${lines(20, 'c')}</div><p>Cend</p>`), 'C0@0:20,20.52 c0@0:27,47.52 c1@0:27,67.52 c2@0:27,87.52 c3@0:27,107.52 c4@0:27,127.52 c5@0:27,147.52 c6@0:27,167.52 c7@0:27,187.52 c8@0:27,207.52 c9@0:27,227.52 c10@0:27,247.52 c11@0:27,267.52 c12@0:27,287.52 c13@0:27,307.52 c14@0:27,327.52 c15@0:27,347.52 c16@0:27,367.52 c17@0:27,387.52 c18@0:27,407.52 c19@0:27,427.52 Cend@2:20,388.52');
});

test('Chromium 156 figures: body min-height: 100vh and 120 lines: the margin of the block after them as in flow', async () => {
  await assertPrintedLikeChromium(doc('body{min-height:100vh} .f{margin-top:30px}', `${lines(120, 'd')}<p class=f>Dend</p>`), 'd0@0:20,20.52 d1@0:20,40.52 d2@0:20,60.52 d3@0:20,80.52 d4@0:20,100.52 d5@0:20,120.52 d6@0:20,140.52 d7@0:20,160.52 d8@0:20,180.52 d9@0:20,200.52 d10@0:20,220.52 d11@0:20,240.52 d12@0:20,260.52 d13@0:20,280.52 d14@0:20,300.52 d15@0:20,320.52 d16@0:20,340.52 d17@0:20,360.52 d18@0:20,380.52 d19@0:20,400.52 d20@0:20,420.52 d21@0:20,440.52 d22@0:20,460.52 d23@0:20,480.52 d24@0:20,500.52 d25@0:20,520.52 d26@0:20,540.52 d27@0:20,560.52 d28@0:20,580.52 d29@0:20,600.52 d30@0:20,620.52 d31@0:20,640.52 d32@0:20,660.52 d33@0:20,680.52 d34@0:20,700.52 d35@0:20,720.52 d36@0:20,740.52 d37@0:20,760.52 d38@0:20,780.52 d39@0:20,800.52 d40@0:20,820.52 d41@0:20,840.52 d42@0:20,860.52 d43@0:20,880.52 d44@0:20,900.52 d45@0:20,920.52 d46@0:20,940.52 d47@0:20,960.52 d48@0:20,980.52 d49@0:20,1000.52 d50@0:20,1020.52 d51@0:20,1040.52 d52@0:20,1060.52 d53@0:20,1080.52 d54@1:20,20.52 d55@1:20,40.52 d56@1:20,60.52 d57@1:20,80.52 d58@1:20,100.52 d59@1:20,120.52 d60@1:20,140.52 d61@1:20,160.52 d62@1:20,180.52 d63@1:20,200.52 d64@1:20,220.52 d65@1:20,240.52 d66@1:20,260.52 d67@1:20,280.52 d68@1:20,300.52 d69@1:20,320.52 d70@1:20,340.52 d71@1:20,360.52 d72@1:20,380.52 d73@1:20,400.52 d74@1:20,420.52 d75@1:20,440.52 d76@1:20,460.52 d77@1:20,480.52 d78@1:20,500.52 d79@1:20,520.52 d80@1:20,540.52 d81@1:20,560.52 d82@1:20,580.52 d83@1:20,600.52 d84@1:20,620.52 d85@1:20,640.52 d86@1:20,660.52 d87@1:20,680.52 d88@1:20,700.52 d89@1:20,720.52 d90@1:20,740.52 d91@1:20,760.52 d92@1:20,780.52 d93@1:20,800.52 d94@1:20,820.52 d95@1:20,840.52 d96@1:20,860.52 d97@1:20,880.52 d98@1:20,900.52 d99@1:20,920.52 d100@1:20,940.52 d101@1:20,960.52 d102@1:20,980.52 d103@1:20,1000.52 d104@1:20,1020.52 d105@1:20,1040.52 d106@1:20,1060.52 d107@1:20,1080.52 d108@2:20,20.52 d109@2:20,40.52 d110@2:20,60.52 d111@2:20,80.52 d112@2:20,100.52 d113@2:20,120.52 d114@2:20,140.52 d115@2:20,160.52 d116@2:20,180.52 d117@2:20,200.52 d118@2:20,220.52 d119@2:20,240.52 Dend@2:20,290.52');
});

test('Chromium 156 figures: a 1500px min-height box with margins and padding inside a bordered parent', async () => {
  await assertPrintedLikeChromium(doc('.o{border-top:3px solid}.mh{min-height:1500px;margin:10px 0;padding:4px}', '<div class=o><div class=mh><p>E1</p></div><p>E2</p></div><p>Eend</p>'), 'E1@0:24,37.52 E2@1:20,468.52 Eend@1:20,488.52');
});

test('Chromium 156 figures: min-height: calc(100vh + 200px) under a line: the box continues 200 px onto page 2', async () => {
  await assertPrintedLikeChromium(doc('.mh{min-height:calc(100vh + 200px)}', `<p>F0</p><div class=mh>${lines(3, 'f')}</div><p>Fend</p>`), 'F0@0:20,20.52 f0@0:20,40.52 f1@0:20,60.52 f2@0:20,80.52 Fend@1:20,239.52');
});
