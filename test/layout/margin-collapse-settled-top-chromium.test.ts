// In: boxes whose in-flow children all collapse through (empty blocks with margins, blocks holding only a float) while the
// box's own top edge is pending, the box kept from collapsing through by 'min-height', 'height', a block-end border or
// padding; boxes whose margins collapse through before a later sibling resolves the parent's top. Out: boxes against
// Chromium 156's getBoundingClientRect (print emulation, 800 px viewport, fonts as test/fidelity/make-refs.mjs, measured
// with playwright-core on /usr/bin/chromium). CSS 2.1 §8.3.1 (adjoining margins are transitive), §9.5 (a float's
// exclusion): Chromium (LayoutNG) places such children and the floats they hold at the top edge the margins resolve to,
// and text after the box flows beside those floats there. Before, they stayed at the margins above that edge (WPT css21
// margin-collapse-min-height-001: the float at 16 px where Chromium has 80).
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:800px 1200px;margin:0} body{margin:8px;font:16px/20px 'Liberation Serif'}
.p{margin:1em 0;background:#eee} .lc{margin-bottom:5em} .fl{float:left;width:100px;height:60px;background:#ccc} .e{margin:30px 0}
hr{margin:0;border:1px solid}</style></head><body>
<div class="p" id="a" style="min-height:2em"><div id="a1"></div><div class="lc" id="a2"><div class="fl" id="af">float</div></div></div>
<p id="at" style="margin:0"><span id="ats">Text after the box, beside the float that overflows it.</span></p>
<hr id="h1">
<div class="p" id="b" style="height:40px"><div class="e" id="b1"><div class="fl" id="bf">float</div></div></div>
<p id="bt" style="margin:0"><span id="bts">Text after beside the float.</span></p>
<hr id="h2">
<div class="p" id="c" style="border-bottom:3px solid"><div class="e" id="c1"></div><div class="e" id="c2" style="margin-bottom:50px"></div></div>
<hr id="h3">
<div class="p" id="d" style="min-height:10px"><div id="d1" style="margin-top:10px"><div id="d2" style="margin-bottom:40px"><div class="fl" id="df" style="float:right">r</div></div></div><span id="dabs" style="position:absolute">abs</span></div>
<div id="dt"><span id="dts">Text after d.</span></div>
<hr id="h4">
<div class="p" id="g" style="padding-bottom:4px"><div class="fl" id="gf">g</div><div class="e" id="g1"></div></div>
<div id="gt"><span id="gts">Text after g.</span></div>
<hr id="h5">
<div id="k"><div class="fl" id="kf">k</div><div class="e" id="k1"></div><div id="k2" style="margin-top:50px"><span id="k2s">text</span></div></div>
<hr id="h6">
<div id="m"><div class="e" id="m1"></div><div id="m2" style="margin-top:50px"><span id="m2s">text</span></div></div>
<hr id="h7">
</body></html>`;

test('children whose margins collapse through, and their floats, go to the top edge the margins resolve to, as Chromium 156', () => {
  assertBoxes(DOC, [
    ['a', 8, 80, 784, 32], ['a1', 8, 80, 784, 0], ['a2', 8, 80, 784, 0], ['af', 8, 80, 100, 60],
    ['at', 8, 128, 784, 20], ['ats', 108, 129, 331.672, 17], ['h1', 8, 148, 784, 2], ['b', 8, 180, 784, 40],
    ['b1', 8, 180, 784, 0], ['bf', 8, 180, 100, 60], ['bt', 8, 236, 784, 20], ['bts', 108, 237, 167.25, 17],
    ['h2', 8, 256, 784, 2], ['c', 8, 308, 784, 3], ['c1', 8, 308, 784, 0], ['c2', 8, 308, 784, 0],
    ['h3', 8, 327, 784, 2], ['d', 8, 369, 784, 10], ['d1', 8, 369, 784, 0], ['d2', 8, 369, 784, 0],
    ['df', 692, 369, 100, 60], ['dabs', 8, 369, 21.3281, 20], ['dt', 8, 395, 784, 20], ['dts', 8, 396, 77.5156, 17],
    ['h4', 8, 415, 684, 2], ['g', 8, 447, 784, 4], ['gf', 8, 447, 100, 60], ['g1', 8, 447, 784, 0],
    ['gt', 8, 467, 784, 20], ['gts', 108, 468, 77.5156, 17], ['h5', 108, 487, 684, 2], ['k', 8, 539, 784, 20],
    ['kf', 8, 539, 100, 60], ['k1', 8, 539, 784, 0], ['k2', 8, 539, 784, 20], ['k2s', 108, 540, 24, 17],
    ['h6', 108, 559, 684, 2], ['m', 8, 611, 784, 20], ['m1', 8, 611, 784, 0], ['m2', 8, 611, 784, 20], ['m2s', 8, 612, 24, 17],
    ['h7', 8, 631, 784, 2],
  ]);
});
