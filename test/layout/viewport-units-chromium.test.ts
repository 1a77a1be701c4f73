// In: lengths in vw, vh, vmin and vmax (widths, a font size, calc(), a height) in a document whose @page gives a
// 800×500 px page with 50/100 px margins. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox,
// fonts as test/fidelity/make-refs.mjs). Chromium resolves viewport units against the page area the document's
// @page rule gives (600×400 px here; css-values-4 §6.1.2, css-page-3 §3.2), not against the default A4 page.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const DOC = `<!doctype html><html><head><style>
@page { size: 800px 500px; margin: 50px 100px; }
body { margin: 0; font: 16px/20px Arial; }
.b { display: inline-block; height: 10px; background: #000; vertical-align: top }
</style></head><body>
<div><span class=b style="width:50vw"></span>A1</div>
<div><span class=b style="width:10vh"></span>A2</div>
<div><span class=b style="width:10vmin"></span>A3</div>
<div><span class=b style="width:10vmax"></span>A4</div>
<div style="font-size:5vw;line-height:1">A5</div>
<div><span class=b style="width:calc(20vw + 10px)"></span>A6</div>
<div style="height:20vh"></div><div>A7</div>
</body></html>`;

test('Chromium 156 figures: viewport units resolve against the @page rule\'s page area', async () => {
  await assertPrintedLikeChromium(DOC, 'A1@0:400,50.52 A2@0:140,70.52 A3@0:140,90.52 A5@0:100,127.84 A7@0:100,260.52 A4@0:160,110.52 A6@0:230,160.52');
});
