// In: lines with a 40px inline box of vertical-align: bottom and line-height 16px (a bullet as weasyprint-report's
// `li::before { content: '• ' }` draws it) or 3.3px raised, culled or not by Blink, printed at fractional positions.
// Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs).
// Blink gives an inline box a box fragment when it has a background, border, padding, margin, a position or is a
// ::before/::after (LayoutInline::ComputeInitialShouldCreateBoxFragment); printed, its text sits on the box's own
// snapped top, not at its fractional offset in the snapped line box as a culled span's text does.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const HTML = `<!doctype html><html><head><style>@page{size:400px 600px;margin:0} body{margin:0;font:16px/1.5 "Liberation Sans"} div{padding-top:9.3px} .b,.p::before{font-size:40px;line-height:16px;vertical-align:bottom} .p::before{content:'Before'} .r{vertical-align:3.3px}</style></head><body>
<div><span class=b>Culled</span> a</div>
<div><span class=b style="background:#eee">Back</span> b</div>
<div class=p> c</div>
<div><span class=r style="padding-top:0.4px">Pad</span> d</div>
<div><span class=r style="position:relative">Rel</span> e</div>
<div><span class=r>Plain</span> f</div>
<div><span class=r style="border-bottom:1px solid">Border</span> g</div>
</body></html>`;

// Chromium 156 page.pdf (print media, preferCSSPageSize), pdftotext -bbox xMin/yMin ÷ 0.75.
const CHROMIUM = 'Culled@0:0,2.79 Back@0:0,36.79 Before@0:0,69.79 Pad@0:0,111.91 d@0:32.91,114.81 Rel@0:0,148.52 e@0:28.46,151.81 Plain@0:0,184.52 f@0:40.02,187.81 Border@0:0,221.52 g@0:52.48,224.81 a@0:117.85,11.52 b@0:93.38,45.52 c@0:122.3,78.52';

test('printed, the text of an inline box Blink does not cull sits on the box\'s snapped top, as Chromium 156 prints it', async () => {
  await assertPrintedLikeChromium(HTML, CHROMIUM, 0.1);
});
