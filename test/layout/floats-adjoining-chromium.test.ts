// In: floats met while their parent's top edge is still pending (a floated logo before a heading, floats before a
// paragraph, a table or an overflow: hidden box with top margins, nested pending parents, floats before a cleared box).
// Out: boxes against Chromium 156's getBoundingClientRect (print emulation, 721 px viewport, fonts as
// test/fidelity/make-refs.mjs). LayoutNG places such "adjoining" floats where the margins resolve, with the first
// in-flow box after them (CSS 2.1 §9.5.1 rule 4 against the collapsed margins), and a box that does not fit beside them
// goes below them as if cleared, the parent's top edge resolved without its own margin.
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const LOGO = `<!doctype html><html><head><style>body{margin:8px;font:16px/20px "Liberation Sans"}</style></head><body>
<div id=w1><img id=i1 style="float:right;width:50px;height:40px"><h1 id=h1 style="margin:21px 0">Invoice</h1></div>
<div id=w2 style="margin-top:10px"><div id=f2 style="float:left">float</div><p id=p2 style="margin-top:30px">para</p></div>
<div id=w3><div id=f3 style="float:left">float</div><div style="margin-top:15px"></div><p id=p3 style="margin-top:20px">para</p></div>
<div id=w4 style="border-top:1px solid"><div id=f4 style="float:left">float</div><p id=p4 style="margin-top:30px">para</p></div>
</body></html>`;

test('a float before a heading sits at the heading\'s collapsed margin, not above it, as Chromium 156', () => {
  assertBoxes(LOGO, [
    ['w1', 8, 21, 705, 20], ['i1', 663, 21, 50, 40], ['h1', 8, 21, 705, 20],
    ['w2', 8, 71, 705, 20], ['f2', 8, 71, 30.25, 20], ['p2', 8, 71, 705, 20],
    ['w3', 8, 111, 705, 20], ['f3', 8, 111, 30.25, 20], ['p3', 8, 111, 705, 20],
    ['w4', 8, 147, 705, 51], ['f4', 8, 148, 30.25, 20], ['p4', 8, 178, 705, 20],
  ]);
});

const NESTED = `<!doctype html><html><head><style>body{margin:8px;font:16px/20px "Liberation Sans"} table{border-spacing:0} td{padding:0}</style></head><body>
<div id=a style="margin-top:10px"><div id=a0 style="margin-top:20px"><img id=a1 style="float:right;width:80px;height:50px"><h2 id=a2 style="margin-top:30px">Heading beside a logo</h2></div></div>
<div id=b><img id=b1 style="float:left;width:100px;height:30px"><table id=b2 style="margin-top:25px;width:100%"><tr><td>wide table</td></tr></table></div>
<div id=c><img id=c1 style="float:left;width:100px;height:30px"><div id=c2 style="overflow:hidden;margin-top:12px">bfc beside</div></div>
<div id=d><div id=d1 style="float:left;width:50px;height:20px"></div><div id=d2 style="float:right;width:50px;height:20px"></div><p id=d3 style="margin-top:40px">text between two floats</p></div>
<div id=e><img id=e1 style="float:left;width:60px;height:20px">inline text first<p id=e2 style="margin-top:30px">p</p></div>
</body></html>`;

test('adjoining floats in nested pending parents, before a table, a BFC, two floats and inline text, as Chromium 156', () => {
  assertBoxes(NESTED, [
    ['a', 8, 30, 705, 20], ['a0', 8, 30, 705, 20], ['a1', 633, 30, 80, 50], ['a2', 8, 30, 705, 20],
    ['b', 8, 69.90625, 705, 50], ['b1', 8, 69.90625, 100, 30], ['b2', 8, 99.90625, 705, 20],
    ['c', 8, 131.90625, 705, 20], ['c1', 8, 131.90625, 100, 30], ['c2', 108, 131.90625, 605, 20],
    ['d', 8, 191.90625, 705, 20], ['d1', 8, 191.90625, 50, 20], ['d2', 663, 191.90625, 50, 20], ['d3', 8, 191.90625, 705, 20],
    ['e', 8, 227.90625, 705, 70], ['e1', 8, 227.90625, 60, 20], ['e2', 8, 277.90625, 705, 20],
  ], 0.02);
});

const CLEARED = `<!doctype html><html><head><style>body{margin:8px;font:16px/20px "Liberation Sans"} .l{float:left}</style></head><body>
<div class=l id=f>F<br>2<br>3</div><div id=P style="margin-top:30px"><div id=c style="clear:left;margin-top:100px">c100</div></div>
<div style="clear:both;height:1px"></div>
<p id=x style="margin:0">x</p><div class=l id=g>F<br>2<br>3</div><div id=Q style="margin-top:10px"><div id=d style="clear:left;margin-top:15px">d15</div></div>
</body></html>`;

test('a float before a parent with a top margin moves down with it; a cleared box in that parent goes below it, as Chromium 156', () => {
  assertBoxes(CLEARED, [
    ['f', 8, 30, 9.78125, 60], ['P', 8, 30, 705, 80], ['c', 8, 90, 705, 20],
    ['x', 8, 111, 705, 20], ['g', 8, 131, 9.78125, 60], ['Q', 8, 141, 705, 70], ['d', 8, 191, 705, 20],
  ], 0.02);
});
