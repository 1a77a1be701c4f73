// In: boxes that collapse through (CSS 2.1 §8.3.1: no height, border, padding or in-flow content, their top and bottom
// margins adjoining) in a flow whose top edge is resolved: empty children with margins, a later empty child with a larger
// margin, negative margins, nesting, a float, an absolute box and text after. Out: boxes against Chromium 156's
// getBoundingClientRect (print emulation, 800 px viewport, fonts as test/fidelity/make-refs.mjs, measured with
// playwright-core on /usr/bin/chromium). Such a box's top border edge is where it would be with a non-zero bottom border:
// below its top margin collapsed with all its content's margins, its own bottom margin apart; Chromium (LayoutNG) puts its
// content there too. Before, the box sat at its own top margin (#e at 26 where Chromium has 40, the pending-top test's #e
// at 363 where it has 377) and an empty child with margins 5px and 40px at its parent's 16.
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const MARGINS = `<!doctype html><html><head><style>@page{size:800px 1200px;margin:0} body{margin:8px;font:16px/20px 'Liberation Serif'}
.p{margin:16px 0;background:#eee} hr{margin:0;border:1px solid}</style></head><body>
<hr id="h0">
<div class="p" id="e"><div id="e1" style="margin:30px 0"></div></div>
<hr id="h1">
<div class="p" id="f" style="margin-bottom:50px"><div id="f1" style="margin:30px 0"></div></div>
<hr id="h2">
<div class="p" id="g"><div id="g1" style="margin:5px 0 40px"></div></div>
<hr id="h3">
<div class="p" id="k"><div id="k1" style="margin:5px 0 40px"></div><div id="k2" style="margin:60px 0 10px"></div></div>
<hr id="h4">
<div class="p" id="m"><div id="m1" style="margin:-10px 0 30px"></div></div>
<hr id="h5">
<div class="p" id="n"><div id="n1" style="margin:20px 0"><div id="n11" style="margin:45px 0 25px"></div></div></div>
<hr id="h6">
<div style="margin-bottom:20px" id="pv">x</div>
<div class="p" id="q"><div id="q1" style="margin:30px 0"></div></div>
<hr id="h7">
<div class="p" id="r" style="margin-top:40px"><div id="r1" style="margin:10px 0 35px"></div></div>
<hr id="h8">
<div class="p" id="s"><div id="s1" style="margin:-20px 0 -5px"></div></div>
<hr id="h9">
<div class="p" id="t" style="margin:-16px 0 16px"><div id="t1" style="margin:30px 0"></div></div>
<hr id="h10">
</body></html>`;

const CONTENT = `<!doctype html><html><head><style>@page{size:800px 1200px;margin:0} body{margin:8px;font:16px/20px 'Liberation Serif'}
.p{margin:16px 0;background:#eee} hr{margin:0;border:1px solid} .fl{float:left;width:50px;height:30px;background:#ccc}</style></head><body>
<hr id="h0">
<div class="p" id="a"><div id="a1" style="margin:30px 0"><div class="fl" id="af">f</div></div></div>
<div id="at"><span id="ats">text after a</span></div>
<hr id="h1" style="clear:both">
<div class="p" id="b"><div id="b1" style="margin:30px 0"></div><span id="babs" style="position:absolute">abs</span></div>
<hr id="h2">
<div class="p" id="c"><div class="fl" id="cf">f</div><div id="c1" style="margin:30px 0"></div></div>
<div id="ct"><span id="cts">text after c</span></div>
<hr id="h3" style="clear:both">
<div class="p" id="d" style="margin-bottom:0"><div id="d1" style="margin:5px 0 40px"></div></div><div id="d2" style="margin-top:10px">d2</div>
<hr id="h4">
<div id="g"><div class="p" id="g1"><div id="g11" style="margin:30px 0"></div></div><div id="g2">g2</div></div>
<hr id="h5">
</body></html>`;

test('a self-collapsing box in a resolved flow sits below its top margin collapsed with its content\'s, as Chromium 156', () => {
  assertBoxes(MARGINS, [
    ['h0', 8, 8, 784, 2], ['e', 8, 40, 784, 0], ['e1', 8, 40, 784, 0], ['h1', 8, 40, 784, 2], ['f', 8, 72, 784, 0],
    ['f1', 8, 72, 784, 0], ['h2', 8, 92, 784, 2], ['g', 8, 134, 784, 0], ['g1', 8, 134, 784, 0],
    ['h3', 8, 134, 784, 2], ['k', 8, 196, 784, 0], ['k1', 8, 196, 784, 0], ['k2', 8, 196, 784, 0],
    ['h4', 8, 196, 784, 2], ['m', 8, 218, 784, 0], ['m1', 8, 218, 784, 0], ['h5', 8, 218, 784, 2],
    ['n', 8, 265, 784, 0], ['n1', 8, 265, 784, 0], ['n11', 8, 265, 784, 0], ['h6', 8, 265, 784, 2],
    ['pv', 8, 267, 784, 20], ['q', 8, 317, 784, 0], ['q1', 8, 317, 784, 0], ['h7', 8, 317, 784, 2],
    ['r', 8, 359, 784, 0], ['r1', 8, 359, 784, 0], ['h8', 8, 359, 784, 2], ['s', 8, 357, 784, 0],
    ['s1', 8, 357, 784, 0], ['h9', 8, 357, 784, 2], ['t', 8, 373, 784, 0], ['t1', 8, 373, 784, 0],
    ['h10', 8, 373, 784, 2],
  ]);
});

test('floats, absolute boxes and text after a self-collapsing box, as Chromium 156', () => {
  assertBoxes(CONTENT, [
    ['h0', 8, 8, 784, 2], ['a', 8, 40, 784, 0], ['a1', 8, 40, 784, 0], ['af', 8, 40, 50, 30], ['at', 8, 40, 784, 20],
    ['ats', 58, 41, 68.4063, 17], ['h1', 8, 70, 784, 2], ['b', 8, 102, 784, 0], ['b1', 8, 102, 784, 0],
    ['babs', 8, 102, 21.3281, 20], ['h2', 8, 102, 784, 2], ['c', 8, 134, 784, 0], ['cf', 8, 134, 50, 30],
    ['c1', 8, 134, 784, 0], ['ct', 8, 134, 784, 20], ['cts', 58, 135, 68.4063, 17], ['h3', 8, 164, 784, 2],
    ['d', 8, 206, 784, 0], ['d1', 8, 206, 784, 0], ['d2', 8, 206, 784, 20], ['h4', 8, 226, 784, 2],
    ['g', 8, 258, 784, 20], ['g1', 8, 258, 784, 0], ['g11', 8, 258, 784, 0], ['g2', 8, 258, 784, 20],
    ['h5', 8, 278, 784, 2],
  ]);
});
