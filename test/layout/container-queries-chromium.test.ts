// In: @container rules (css-conditional-5 §3) as Tailwind 4 (`@container (width >= 28rem)`, its @md: variants) and Bulma 1
// (`@container bulma-fixed-grid (max-width: 768px)`, a fixed grid's column count through a custom property) write them:
// unnamed and named query containers (container-type, container-name, the container shorthand), not/and/or, range and
// min-/max- syntax, a height query on inline-size and size containers, containers inside a grid that a container rule
// makes (two passes), a rule with no container, a pseudo-element's rule; inline-size containment of a query container
// (its intrinsic sizes as if it were empty). Out: border boxes (px, page area) against Chromium
// 156's getBoundingClientRect in print emulation. The rules were skipped ("@container is not supported"), so a Tailwind 4
// invoice's two-column header printed as one column and every word below it moved down.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial}
.c { container-type: inline-size }
.card { container: card / inline-size; padding: 0 10px }
.g > div { height: 20px }
@container (width >= 28rem) { .g { display: grid; grid-template-columns: 1fr 1fr; gap: 8px } }
@container (max-width: 300px) { .g2 > div { height: 40px } }
@container card (min-width: 500px) { .t { padding-left: 30px } }
@container (min-width: 500px) { .t2 { padding-left: 30px } }
@container (height > 10px) { .h { padding-left: 5px } }
@container not (width < 200px) { .n { padding-left: 7px } }
@container (width > 1000px) or (width < 260px) { .o { padding-left: 9px } }
@container (width > 100px) and (width < 400px) { .a { padding-left: 11px } }
.sz { container-type: size; height: 50px; width: 300px }
@container (height >= 50px) and (orientation: landscape) { .hs { padding-left: 13px } }
.outer > .g > div { container-type: inline-size }
@container (width < 300px) { .inner { height: 33px } }
@container (width > 10px) { .nc { padding-left: 20px } }
.fixed-grid { container-name: bulma-fixed-grid; container-type: inline-size }
.fixed-grid > .grid { display: grid; grid-template-columns: repeat(var(--cols, 2), 1fr) }
@container bulma-fixed-grid (max-width: 768px) { .fixed-grid.has-3-cols-mobile > .grid { --cols: 3 } }
.t3::before { content: "x"; display: block }
@container (min-width: 500px) { .t3::before { height: 17px } }
</style></head><body>
<div class="c" id="c1"><div class="g" id="g1"><div id="g1a">a</div><div id="g1b">b</div></div></div>
<div class="c" id="c2" style="width:280px"><div class="g g2" id="g2"><div id="g2a">a</div><div id="g2b">b</div></div></div>
<div class="card" id="k1"><div class="c" style="width:250px"><div class="t" id="t1"><span id="t1s">t</span></div><div class="t2" id="t2"><span id="t2s">t2</span></div><div class="h" id="h1"><span id="h1s">h</span></div><div class="n" id="n1"><span id="n1s">n</span></div><div class="o" id="o1"><span id="o1s">o</span></div><div class="a" id="a1"><span id="a1s">a</span></div></div></div>
<div class="sz" id="sz"><div class="hs" id="hs"><span id="hss">hs</span></div></div>
<div class="c outer" id="out"><div class="g"><div id="in1"><div class="inner" id="inner1">i</div></div><div id="in2"><div class="inner" id="inner2">i</div></div></div></div>
<div class="nc" id="nc"><span id="ncs">no container</span></div>
<div class="fixed-grid has-3-cols-mobile" id="fg"><div class="grid"><div id="fg1">1</div><div id="fg2">2</div><div id="fg3">3</div></div></div>
<div class="c"><div class="t3" id="t3">after</div></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['c1', 0, 0, 600, 20],
  ['g1', 0, 0, 600, 20],
  ['g1a', 0, 0, 296, 20],
  ['g1b', 304, 0, 296, 20],
  ['c2', 0, 20, 280, 80],
  ['g2', 0, 20, 280, 80],
  ['g2a', 0, 20, 280, 40],
  ['g2b', 0, 60, 280, 40],
  ['k1', 0, 100, 600, 120],
  ['t1', 10, 100, 250, 20],
  ['t1s', 40, 101, 4.453, 17],
  ['t2', 10, 120, 250, 20],
  ['t2s', 10, 121, 13.344, 17],
  ['h1', 10, 140, 250, 20],
  ['h1s', 10, 141, 8.906, 17],
  ['n1', 10, 160, 250, 20],
  ['n1s', 17, 161, 8.906, 17],
  ['o1', 10, 180, 250, 20],
  ['o1s', 19, 181, 8.906, 17],
  ['a1', 10, 200, 250, 20],
  ['a1s', 21, 201, 8.906, 17],
  ['sz', 0, 220, 300, 50],
  ['hs', 0, 220, 300, 20],
  ['hss', 13, 221, 16.906, 17],
  ['out', 0, 270, 600, 20],
  ['in1', 0, 270, 296, 20],
  ['inner1', 0, 270, 296, 33],
  ['in2', 304, 270, 296, 20],
  ['inner2', 304, 270, 296, 33],
  ['nc', 0, 290, 600, 20],
  ['ncs', 0, 291, 88.063, 17],
  ['fg', 0, 310, 600, 20],
  ['fg1', 0, 310, 200, 20],
  ['fg2', 200, 310, 200, 20],
  ['fg3', 400, 310, 200, 20],
  ['t3', 0, 330, 600, 37],
];

test('Chromium 156 figures: @container rules apply where their query container\'s laid-out size matches', () => assertInspectedBoxes(DOC, BOXES));

// A query container has inline-size containment (css-contain-2 §3.1): shrink-to-fit and intrinsic sizing see it as empty
// (a flex item, an inline-block, a float and an auto grid column come out as wide as their padding), except as a table
// cell, which containment does not apply to.
const CONTAINED = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial}
.c { container-type: inline-size }
</style></head><body>
<div style="display:flex" id="f1"><div class="c" id="f1a">Some text in a container</div><div id="f1b">other</div></div>
<div style="display:flex" id="f2"><div class="c" id="f2a" style="flex:1">Some text</div><div id="f2b">other</div></div>
<div><span class="c" id="ib" style="display:inline-block;padding:0 4px">inline block text</span>after</div>
<div style="float:left" class="c" id="fl">floated text</div><div id="af">beside</div>
<div style="clear:both;display:grid;grid-template-columns:auto 1fr" id="g"><div class="c" id="ga">grid auto item</div><div id="gb">b</div></div>
<table id="t"><tr><td class="c" id="td">cell text</td><td id="td2">x</td></tr></table>
</body></html>`;

const CONTAINED_BOXES: ChromiumBox[] = [
  ['f1', 0, 0, 600, 100],
  ['f1a', 0, 0, 0, 100],
  ['f1b', 0, 0, 36.469, 100],
  ['f2', 0, 100, 600, 20],
  ['f2a', 0, 100, 563.531, 20],
  ['f2b', 563.531, 100, 36.469, 20],
  ['ib', 0, 120, 8, 60],
  ['fl', 0, 180, 0, 40],
  ['af', 0, 180, 600, 20],
  ['g', 0, 220, 600, 60],
  ['ga', 0, 220, 0, 60],
  ['gb', 0, 220, 600, 60],
  ['t', 0, 280, 72.25, 26],
  ['td', 2, 282, 56.25, 22],
  ['td2', 60.25, 282, 10, 22],
];

test('Chromium 156 figures: a query container\'s content adds nothing to its intrinsic inline sizes', () => assertInspectedBoxes(CONTAINED, CONTAINED_BOXES));
