// In: tables and display: table rows with vertical-align: baseline cells (a big-font cell beside small text, an icon
// cell beside a heading with a top margin, a cell whose line sits below a spacer, a table in two columns), printed.
// Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs).
// Under block fragmentation (printing, multi-column) Chromium makes the row as tall as baseline alignment needs
// (CSS 2.1 §17.5.3) but leaves the baseline-aligned cells' content at the top; middle and bottom still apply. Its
// emulated print media (no fragmentation) aligns them, as test/layout/table-baseline-chromium.test.ts measures.
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const HTML = `<!doctype html><html><head><style>@page{size:500px 400px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} table{border-spacing:0;width:100%} td{padding:0} .d{display:table;width:100%} .d>div{display:table-cell} p{margin:0}</style></head><body>
<table><tr><td style="font-size:40px;line-height:50px;vertical-align:baseline">Big</td><td style="vertical-align:baseline">small<br>two</td><td>mid</td><td style="vertical-align:bottom">bot</td></tr></table>
<p>after1</p>
<div class=d><div style="width:40px">Ic</div><div><h4 style="margin:10px 0 0;font-size:18px">SKILLS</h4><p>line</p></div></div>
<table><tr><td style="vertical-align:baseline"><div style="height:60px"></div>Deep</td><td style="vertical-align:baseline">a<br>b<br>c<br>d</td></tr></table>
<p>after2</p>
<div style="columns:2;column-gap:0"><table><tr><td style="font-size:40px;line-height:50px;vertical-align:baseline">Col</td><td style="vertical-align:baseline">umn</td></tr></table></div>
</body></html>`;

test('printed, baseline-aligned cells stay at the top of rows sized for baseline alignment, as Chromium 156 prints them', async () => {
  await assertPrintedLikeChromium(HTML, 'small@0:201.87,0.52 two@0:201.87,20.52 Big@0:0,2.79 mid@0:332.27,22.52 bot@0:422.28,44.52 after1@0:0,64.52 Ic@0:0,84.52 SKILLS@0:40,93.71 line@0:40,114.52 a@0:405.56,134.52 b@0:405.56,154.52 c@0:405.56,174.52 d@0:405.56,194.52 Deep@0:0,194.52 after2@0:0,274.52 Col@0:0,296.79 umn@0:164.62,294.52');
});
