// In: lines set with text-rendering: geometricPrecision (and auto, optimizeLegibility) in Liberation Sans, Serif, Mono
// and DejaVu Sans at sizes whose descent rounds down or up, and 20ex boxes in DejaVu Sans (no OS/2 sxHeight).
// Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs).
// geometricPrecision gives Blink's font subpixel positioning and no hinting on Linux: a descent rounded down takes one
// px of the ascent (FontMetrics::AscentDescentWithHacks), so the baseline is 1 px higher in its line box, and the
// x-height of a font without sxHeight is the unhinted 'x' (src/text/metrics.ts scaleMetrics).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from '../layout/print-words.ts';

const HTML = `<!doctype html><html><head><style>@page{size:400px 600px;margin:0} body{margin:0;padding-top:10.4px;font:16px "Liberation Sans"} p{margin:0 0 3.3px} .g{text-rendering:geometricPrecision} i{display:inline-block;height:1px}</style></head><body>
<p>Auto</p>
<p class=g>Geometric</p>
<p style="text-rendering:optimizeLegibility">Legible</p>
<p class=g style="font-family:'Liberation Serif'">Serif</p>
<p class=g style="font:13.3333px 'DejaVu Sans'">DejaVu</p>
<p class=g style="font-size:12px">Twelve</p>
<p class=g style="line-height:1.2;font-weight:bold">Leading</p>
<div class=g><p style="font-family:'Liberation Mono'">Inherited <span style="font-size:20px">Big</span> small</p></div>
<p class=g style="font-family:'DejaVu Sans'"><i style="width:20ex"></i>Ex</p>
<p style="font-family:'DejaVu Sans'"><i style="width:20ex"></i>Hinted</p>
</body></html>`;

// Chromium 156 page.pdf (print media, preferCSSPageSize), pdftotext -bbox xMin/yMin ÷ 0.75. "Geometric": line top 31.7 →
// 32, baseline 32 + 13 (Liberation Sans 16px: ascent 14.48 → 14, descent 3.39 → 3, then 13 + 4), box top 45 − 14.48;
// "Legible" and "Auto" keep 14. "Twelve" (12px: descent 2.54 → 3, rounded up) borrows nothing. "Ex": 20ex = 175 px
// (DejaVu Sans' 'x' 1120/2048 em unhinted), "Hinted" 180 px (the autohinted 9 px).
const CHROMIUM = 'Auto@0:0,9.52 Geometric@0:0,30.52 Legible@0:0,52.52 Serif@0:0,72.74 DejaVu@0:0,94.63 Twelve@0:0,114.14 Leading@0:0,130.52 Inherited@0:0,156.68 Big@0:96.02,153.35 small@0:141.63,156.68 Ex@0:175,180.15 Hinted@0:180,202.15';

test('text-rendering: geometricPrecision moves a rounded-down descent\'s px from the ascent and unhints the x-height, as Chromium 156 prints it', async () => {
  await assertPrintedLikeChromium(HTML, CHROMIUM, 0.1);
});
