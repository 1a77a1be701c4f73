// In: cleared blocks after floats, inside parents whose top margin is still pending (the clearfix ::after, nested margins,
// an empty sibling before the float) and inside parents already placed. Out: boxes against Chromium 156's
// getBoundingClientRect (print emulation, 721 px viewport, fonts as test/fidelity/make-refs.mjs). CSS 2.1 §9.5.2 as
// LayoutNG applies it: clearing floats that were placed while the parent's top was pending resolves the parent's top
// at the margins above (without the cleared box's own), and the box goes to the floats' bottom, its margin dropped.
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const HEAD = '<!doctype html><html><head><style>body{margin:8px;font:16px/20px "Liberation Sans"} .l{float:left}.r{float:right} .cf:after{content:"";display:table;clear:both}</style></head><body>';

const PENDING = `${HEAD}
<div id=a class=cf><div class=l id=a1>Left float</div><div class=r>R</div></div>
<p id=p1>after</p>
<div id=b style="margin-top:30px"><div id=b0 style="margin-top:10px"><div class=l id=b1>Float</div><div id=b2 style="clear:both;margin-top:40px">cleared 40</div></div></div>
<div id=c style="margin-top:30px"><div class=l id=c1>Float<br>two<br>three</div><div id=c2 style="clear:left;margin-top:5px">cleared 5</div></div>
<div id=d style="margin-top:30px"><div class=l id=d1>Float</div><div id=d2 style="clear:left;margin-top:60px">cleared past</div></div>
<div id=e style="margin-top:30px"><p id=e0 style="margin:0 0 25px">text</p><div class=l id=e1>F</div><div id=e2 style="clear:left;margin-top:5px">cl</div></div>
</body></html>`;

test('a clearfix parent holding only floats is as tall as they are; clearance resolves a pending parent top above the cleared box, as Chromium 156', () => {
  assertBoxes(PENDING, [
    ['a', 8, 8, 705, 20], ['a1', 8, 8, 61.375, 20], ['p1', 8, 44, 705, 20],
    ['b', 8, 94, 705, 40], ['b0', 8, 94, 705, 40], ['b1', 8, 94, 35.578125, 20], ['b2', 8, 114, 705, 20],
    ['c', 8, 164, 705, 80], ['c1', 8, 164, 36.46875, 60], ['c2', 8, 224, 705, 20],
    ['d', 8, 274, 705, 40], ['d1', 8, 274, 35.578125, 20], ['d2', 8, 294, 705, 20],
    ['e', 8, 344, 705, 85], ['e0', 8, 344, 705, 20], ['e1', 8, 389, 9.78125, 20], ['e2', 8, 409, 705, 20],
  ]);
});

const PLACED = `${HEAD}
<div id=e style="margin-top:30px"><p id=e0 style="margin:0 0 25px">text</p><div class=l id=e1>F</div><div id=e2 style="clear:left;margin-top:60px">cl60</div></div>
<div id=f style="margin-top:30px"><div class=l id=f1>F<br>2<br>3<br>4<br>5</div><p id=f0 style="margin:0">beside</p><div id=f2 style="clear:left;margin-top:200px">cl200</div></div>
<div id=g style="margin-top:30px"><div class=l id=g1>F</div><div id=g2 style="clear:right;margin-top:10px">clear right</div></div>
<div id=h style="margin-top:30px"><div id=h0 style="margin-bottom:40px"></div><div class=l id=h1>F</div><div id=h2 style="clear:left;margin-top:10px">after empty</div></div>
<div id=i style="margin-top:30px;padding-top:1px"><div class=l id=i1>F</div><div id=i2 style="clear:left;margin-top:50px">padded parent 50</div></div>
<div id=j style="margin-top:30px;padding-top:1px"><div class=l id=j1>F</div><div id=j2 style="clear:left;margin-top:10px">padded parent 10</div></div>
<div id=k style="margin-top:30px"><div id=k0 style="margin-top:20px"><div class=l id=k1>F</div></div><div id=k2 style="clear:left;margin-top:10px">float in empty sibling</div></div>
</body></html>`;

test('clearance from the hypothetical position once the parent is placed; nothing to clear leaves margins collapsing, as Chromium 156', () => {
  assertBoxes(PLACED, [
    ['e', 8, 30, 705, 100], ['e0', 8, 30, 705, 20], ['e1', 8, 75, 9.78125, 20], ['e2', 8, 110, 705, 20],
    ['f', 8, 160, 705, 240], ['f1', 8, 160, 9.78125, 100], ['f0', 8, 160, 705, 20], ['f2', 8, 380, 705, 20],
    ['g', 8, 430, 705, 20], ['g1', 8, 430, 9.78125, 20], ['g2', 8, 430, 705, 20],
    ['h', 8, 490, 705, 40], ['h1', 8, 490, 9.78125, 20], ['h2', 8, 510, 705, 20],
    ['i', 8, 560, 705, 71], ['i1', 8, 561, 9.78125, 20], ['i2', 8, 611, 705, 20],
    ['j', 8, 661, 705, 41], ['j1', 8, 662, 9.78125, 20], ['j2', 8, 682, 705, 20],
    ['k', 8, 732, 705, 40], ['k0', 8, 732, 705, 0], ['k1', 8, 732, 9.78125, 20], ['k2', 8, 752, 705, 20],
  ]);
});
