// In: flex rows with overlapping items (ltr, row-reverse, rtl, rtl row-reverse), and an rtl row of two text items.
// Out: which item paints on top (pixels) and the order of the text in the content stream (pdftotext -raw), against
// Chromium 156's print. An rtl row's items paint in order-modified document order (css-flexbox-1 §5.4) though placed
// from the right: the later item covers the earlier, and an icon before a heading (cv3-arabic-resume's section titles)
// is drawn before the heading's text. A *-reverse row paints from main-start, its last item first, as Chromium does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { darkRuns, pdfOf } from './inline/chromium.ts';
import { pdftotext } from '../paint/pdf-helpers.ts';

const HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page{size:400px 300px;margin:0}
body{margin:0;font:16px "DejaVu Sans"}
.f{display:flex;width:300px;height:40px;margin-bottom:10px}
.a{width:60px;height:40px;background:#f00}
.b{width:60px;height:40px;background:#00f;margin-left:-30px}
.r .b{margin-left:0;margin-right:-30px}
</style></head><body>
<div class="f"><div class=a></div><div class=b></div></div>
<div class="f r" style="flex-direction:row-reverse"><div class=a></div><div class=b></div></div>
<div class="f r" style="direction:rtl"><div class=a></div><div class=b></div></div>
<div class="f" style="direction:rtl;flex-direction:row-reverse"><div class=a></div><div class=b></div></div>
<div class="f" style="direction:rtl"><span>first</span><span>second</span></div>
</body></html>`;

test('flex items paint in document order in rtl and row-reverse rows, as in Chromium 156', async () => {
  const pdf = await pdfOf(HTML);
  // Dark = the blue second item (red has a red channel of 255). Over the red first item in a row and an rtl row (document
  // order); under it in row-reverse, ltr or rtl (Chromium paints a reversed line from main-start, last item first).
  assert.deepEqual(darkRuns(pdf, [20, 70, 120, 170]), ['20: 30-89', '70: 210-239', '120: 210-269', '170: 60-89']);
  assert.deepEqual(pdftotext(pdf, ['-raw']).trim().split('\n'), ['first', 'second']);
});
