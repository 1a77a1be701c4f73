// In: boxes whose children all collapse through (empty blocks with margins, a block holding only a float) while the
// box's own top margin is pending, the box itself kept from collapsing through by 'min-height', 'height', a block-end
// border or padding. Out: boxes against Chromium 156's getBoundingClientRect (print emulation, 800 px page, fonts as
// test/fidelity/make-refs.mjs). CSS 2.1 §8.3.1 (adjoining margins are transitive; the min-height clause of CSS 2.2):
// the children's margins join the box's top margin and its top edge resolves below all of them; its own bottom margin
// stays apart. Before, the box started at its own top margin and the children's margins were added below it
// (WPT css21 margin-collapse-min-height-001: #a at 16 px where Chromium has 80).
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:800px 1200px;margin:0} body{margin:8px;font:16px/20px 'Liberation Serif'}
.p{margin:1em 0;background:#eee} .lc{margin-bottom:5em} .float{float:left} .e{margin:30px 0}
hr{margin:0;border:1px solid}</style></head><body>
<div class="p" id="a" style="min-height:2em"><div id="a1"></div><div class="lc" id="a2"><div class="float" id="af">float</div></div></div>
<hr id="h1">
<div class="p" id="b" style="height:40px"><div class="e" id="b1"></div></div>
<hr id="h2">
<div class="p" id="c" style="border-bottom:3px solid"><div class="e" id="c1"></div><div class="e" id="c2" style="margin-bottom:50px"></div></div>
<hr id="h3">
<div class="p" id="d" style="min-height:10px"><div class="e" id="d1"></div><span id="dabs" style="position:absolute">abs</span></div>
<hr id="h4">
<div class="p" id="e"><div class="e" id="e1"></div></div>
<hr id="h5">
<div class="p" id="f" style="padding-bottom:4px"><div class="e" id="f1"></div><p id="f2" style="margin:0;height:0"></p></div>
<hr id="h6">
</body></html>`;

test("a box whose children all collapse through starts below their margins when it cannot collapse through itself, as Chromium 156", () => {
  // The collapsed-through children and the float inside a2 sit at the resolved top edge (as in
  // margin-collapse-settled-top-chromium.test.ts).
  // #e collapses through in a flow whose top is resolved: at 377, its top margin collapsed with its child's (CSS 2.1
  // §8.3.1; test/layout/margin-collapse-self-collapsing-chromium.test.ts).
  assertBoxes(DOC, [
    ['a', 8, 80, 784, 32], ['a1', 8, 80, 784, 0], ['a2', 8, 80, 784, 0], ['af', 8, 80, 29.328125, 20], ['h1', 8, 128, 784, 2],
    ['b', 8, 160, 784, 40], ['b1', 8, 160, 784, 0], ['h2', 8, 216, 784, 2], ['c', 8, 268, 784, 3], ['c1', 8, 268, 784, 0],
    ['c2', 8, 268, 784, 0], ['h3', 8, 287, 784, 2], ['d', 8, 319, 784, 10], ['d1', 8, 319, 784, 0], ['dabs', 8, 319, 21.328125, 20],
    ['h4', 8, 345, 784, 2], ['e', 8, 377, 784, 0], ['e1', 8, 377, 784, 0], ['h5', 8, 377, 784, 2], ['f', 8, 409, 784, 4], ['f1', 8, 409, 784, 0], ['f2', 8, 409, 784, 0],
    ['h6', 8, 429, 784, 2],
  ]);
});
