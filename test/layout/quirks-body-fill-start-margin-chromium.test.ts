// In: quirks-mode documents (no doctype) whose body's top margin collapses with its first child's (CSS 2.1 §8.3.1), on a
// 400 x 300 px page. Out: html, body and children against Chromium 156's getBoundingClientRect (print emulation, viewport
// 400 x 300, fonts as test/fidelity/make-refs.mjs, playwright-core on /usr/bin/chromium). The body that fills the html
// element (quirks spec §3.8) is the viewport less the margins its border edges end at: at the top its margin strut,
// its own margin collapsed with its first child's, as at the bottom (quirks-body-fill-end-margin-chromium.test.ts).
// Before, it took its own margin-top: a first child's 12px margin made body 4 px too tall and html overflow the page
// (blockcerts-certificate-fragment: body 1034 px, Chromium 1030).
import { test } from 'node:test';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';

const CASES: Array<[string, string, BoxFigure[]]> = [
  ["a first child's margin-top: 12px above body's 8px",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><div id=a style="margin-top:12px">a</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 12, 384, 280], ['a', 8, 12, 384, 20]]],
  ["a first child's margin-top: 30px and a last child's margin-bottom: 40px",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><div id=a style="margin-top:30px">a</div><div id=b style="margin-bottom:40px">b</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 30, 384, 230], ['a', 8, 30, 384, 20], ['b', 8, 50, 384, 20]]],
  ["body's margin: 20px larger than the child's",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif} body{margin:20px}</style></head><body id=B><div id=a style="margin-top:5px">a</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 20, 20, 360, 260], ['a', 20, 20, 360, 20]]],
  ['an empty first child collapsing through, then margin-top: 50px',
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><div id=e style="margin:30px 0"></div><div id=a style="margin-top:50px">a</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 50, 384, 242], ['e', 8, 50, 384, 0], ['a', 8, 50, 384, 20]]],
  ["body's padding-top keeps the child's margin inside (its own 8px counts)",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif} body{padding-top:1px}</style></head><body id=B><div id=a style="margin-top:30px">a</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 8, 384, 284], ['a', 8, 39, 384, 20]]],
  ["a height: 50% child still resolves against the viewport less body's own margins",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><div id=a style="margin-top:30px">a</div><div id=c style="height:50%">c</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 30, 384, 262], ['a', 8, 30, 384, 20], ['c', 8, 50, 384, 142]]],
  ["p's quirky UA margins: ignored at the top, counted at the end",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><p id=a>a</p><p id=b>b</p></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 8, 384, 276], ['a', 8, 8, 384, 20], ['b', 8, 44, 384, 20]]],
  ['a bottom: 0 box of a positioned body',
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif} body{position:relative}</style></head><body id=B><div id=a style="margin-top:30px">a</div><div id=z style="position:absolute;bottom:0">z</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 30, 384, 262], ['a', 8, 30, 384, 20], ['z', 8, 272, 8, 20]]],
  ["html's own margin-top",
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif} html{margin-top:10px}</style></head><body id=B><div id=a style="margin-top:30px">a</div></body></html>',
    [['R', 0, 10, 400, 290], ['B', 8, 40, 384, 252], ['a', 8, 40, 384, 20]]],
  ['a negative first child margin',
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif}</style></head><body id=B><div id=a style="margin-top:-5px">a</div></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 3, 384, 289], ['a', 8, 3, 384, 20]]],
  ['an h2 margin-top: 40px, backgrounds on html and body',
    '<html id=R><head><style>@page{size:400px 300px;margin:0} body{font:16px/20px sans-serif} html{background:#ccf} body{background:#fcc}</style></head><body id=B><h2 id=a style="margin-top:40px">a</h2></body></html>',
    [['R', 0, 0, 400, 300], ['B', 8, 40, 384, 240.0938], ['a', 8, 40, 384, 20]]],
];

for (const [what, html, figures] of CASES) {
  test(`the quirks-mode body fills the page less its collapsed top margin, as Chromium 156: ${what}`, () => {
    assertBoxes(html, figures);
  });
}
