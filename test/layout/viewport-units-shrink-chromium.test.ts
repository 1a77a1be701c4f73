// In: documents whose content is wider than the page area (a 1200 px block, a calc(100vw + 100px) block, a 100vw block
// after body's margin) with lengths in vw, vh, vmin, vmax, the small/large/dynamic and logical viewport units, through
// renderPdf. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as
// test/fidelity/make-refs.mjs, playwright-core on /usr/bin/chromium, page.pdf({ format: 'A4', preferCSSPageSize: true })).
// Print shrink-to-fit (src/layout/print-scale.ts) lays such a document out again on a page the shrink factor times
// larger; Chromium resolves viewport units there against that widened page's initial containing block (css-values-4
// §6.1.2), whole px rounded down, the factor in single precision (src/css/page.ts unitViewport), and does not measure the
// overflow again: a calc(100vw + 100px) block still overflows the widened page and its right-aligned text is cut off.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const A4 = `<!doctype html><html><head><style>
@page { size: A4; margin: 20px 30px; }
body { margin: 0; font: 16px/20px Arial; }
div { text-align: right }
</style></head><body>
<div style="width:1200px;text-align:left">Wide 1200px</div>
<div style="width:100vw">A1</div>
<div style="width:50vw">A2</div>
<div style="width:20vmin">A3</div>
<div style="width:20vmax">A4</div>
<div style="width:calc(30vw + 10vh)">A5</div>
<div style="width:50svw">A6</div>
<div style="width:50dvw">A7</div>
<div style="width:50lvh">A8</div>
<div style="width:50vi">A9</div>
<div style="width:30vb">A10</div>
<div style="--w:40vw;width:var(--w)">A11</div>
<div style="font-size:3vw;line-height:1;text-align:left">Big</div>
<div style="height:30vh"></div><div style="text-align:left">B1</div>
<div style="height:10dvh"></div><div style="text-align:left">B2</div>
</body></html>`;

const LETTER = `<!doctype html><html><head><style>
@page { size: letter; margin: 1in 0.5in; }
body { margin: 0; font: 16px/20px Arial; }
</style></head><body>
<div style="width:100vw;text-align:right">C1</div>
<div style="width:calc(100vw + 100px);text-align:right">C2 wide</div>
<div style="height:30vh"></div><div>C3</div>
</body></html>`;

const BODY_MARGIN = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm }
body { font: 16px/20px Arial; }
</style></head><body>
<div style="width:100vw;height:5px;background:#000"></div>
<div style="height:100vh;background:#eee">D2</div><div>D3</div>
</body></html>`;

test('Chromium 156 figures: viewport units under print shrink-to-fit resolve against the widened page (A4, factor 1.5)', async () => {
  await assertPrintedLikeChromium(A4, 'Wide@0:30,20.34 1200px@0:57.27,20.34 A1@0:750.28,33.68 A2@0:383.61,47.01 A3@0:163.61,60.34 ' +
    'A4@0:233.34,73.68 A5@0:345.15,87.01 A6@0:383.61,100.34 A7@0:383.61,113.68 A8@0:557.95,127.01 A9@0:383.61,140.34 ' +
    'A10@0:335.61,153.68 A11@0:305.15,167.01 Big@0:30,178.75 B1@0:30,527.01 B2@0:30,648.34');
});

test('Chromium 156 figures: a block widened by viewport units is not measured again (Letter, factor 820 / 720)', async () => {
  await assertPrintedLikeChromium(LETTER, 'C1@0:749.16,96.45 C3@0:48,390.6');
});

test('Chromium 156 figures: 100vh after a 100vw block and body margin breaks at the widened page height', async () => {
  await assertPrintedLikeChromium(BODY_MARGIN, 'D2@0:45.92,51.39 D3@1:45.92,50.39');
});
