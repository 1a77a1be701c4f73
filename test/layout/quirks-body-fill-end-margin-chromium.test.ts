// In: quirks-mode documents (no doctype) whose positioned body holds a bottom: 0 box, its last child with a bottom margin,
// on a 400 x 300 px page, rendered through renderPdf and read back with pdftotext -bbox.
// Out: every word's page and position (px) against Chromium 156's print of the same document (quirks spec §3.8: the body
// fills the html element less its margins, the block-end one being what its last child's margin collapses into).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

/** [what it shows, document, Chromium 156 (page.pdf, preferCSSPageSize) read with pdftotext -bbox: `word@page:x,y`]. */
const CASES: Array<[string, string, string]> = [
  ['a body without margins whose last child has margin-bottom: 60px ends 60 px above the page end',
    '<style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif;position:relative}</style><div>a</div><div style="margin-bottom:60px">b</div><div style="position:absolute;bottom:0">z</div>',
    'a@0:0,0.52 b@0:0,20.52 z@0:0,220.52'],
  ['with a body margin of 10px the larger collapsed margin (60px) counts',
    '<style>@page{size:400px 300px;margin:0}body{margin:10px;font:16px/20px sans-serif;position:relative}</style><div>a</div><p style="margin-bottom:60px">b</p><div style="position:absolute;bottom:0">z</div>',
    'a@0:10,10.52 b@0:10,46.52 z@0:10,220.52'],
  ["a p's quirky UA margin-bottom at the end counts too",
    '<style>@page{size:400px 300px;margin:0}body{margin:0;font:16px/20px sans-serif;position:relative}</style><div>a</div><p>b</p><div style="position:absolute;bottom:0">z</div>',
    'a@0:0,0.52 b@0:0,36.52 z@0:0,264.52'],
  ["a body margin-bottom larger than the child's: that one",
    '<style>@page{size:400px 300px;margin:0}body{margin:0 0 30px;font:16px/20px sans-serif;position:relative}</style><div>a</div><div style="margin-bottom:10px">b</div><div style="position:absolute;bottom:0">z</div>',
    'a@0:0,0.52 b@0:0,20.52 z@0:0,250.52'],
  ["a body padding-bottom keeps the child's margin inside: the body fills the page",
    '<style>@page{size:400px 300px;margin:0}body{margin:0;padding-bottom:1px;font:16px/20px sans-serif;position:relative}</style><div>a</div><div style="margin-bottom:60px">b</div><div style="position:absolute;bottom:0">z</div>',
    'a@0:0,0.52 b@0:0,20.52 z@0:0,280.52'],
  ["in standards mode with html, body { height: 100% } the body is the page's height",
    '<!doctype html><style>@page{size:400px 300px;margin:0}html,body{height:100%}body{margin:0;font:16px/20px sans-serif;position:relative}</style><div>a</div><div style="margin-bottom:60px">b</div><div style="position:absolute;bottom:0">z</div>',
    'a@0:0,0.52 b@0:0,20.52 z@0:0,280.52'],
];

for (const [what, html, figures] of CASES) {
  test(`the quirks-mode body fills the page as Chromium 156 prints it: ${what}`, async () => {
    await assertPrintedLikeChromium(html, figures);
  });
}
