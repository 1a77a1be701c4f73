// In: single-line flex containers with a min-height or max-height (an auto, larger or percentage height), through the real stages.
// Out: each box's border box (x, y relative to its container, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:12px/16px 'Liberation Sans'}.f{display:flex}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the container. css-flexbox-1 §9.4 step 15: a single-line
 * container's flex line is its inner cross size; Chromium 156 takes that size clamped by the container's min-height and
 * max-height (box-sizing honoured, percentages against its containing block) also when its height is auto, so items
 * stretched (§9.4 step 11) or aligned (center, flex-end) in a row are sized and placed against the clamped line; a
 * multi-line container's line (g) keeps its own size, and an item's own min-height still wins (p). Columns (k, l, m):
 * the cross size is the width, already clamped. Measured with /usr/bin/chromium through playwright-core, print
 * emulation, 721 px viewport, the cases below joined by newlines, getBoundingClientRect relative to the container.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ['<div class=f id=a style="max-height:30px;width:200px"><div id=a1 style="width:20px"></div><div id=a2 style="height:50px;width:20px"></div></div>', [['a', 0, 0, 200, 30], ['a1', 0, 0, 20, 30], ['a2', 20, 0, 20, 50]]],
  ['<div class=f id=b style="max-height:30px;width:200px;align-items:flex-start"><div id=b1 style="width:20px"></div><div id=b2 style="height:50px;width:20px"></div></div>', [['b', 0, 0, 200, 30], ['b1', 0, 0, 20, 0], ['b2', 20, 0, 20, 50]]],
  ['<div class=f id=c style="height:60px;max-height:30px;width:200px"><div id=c1 style="width:20px"></div><div id=c2 style="height:50px;width:20px"></div></div>', [['c', 0, 0, 200, 30], ['c1', 0, 0, 20, 30], ['c2', 20, 0, 20, 50]]],
  ['<div class=f id=d style="min-height:40px;width:200px"><div id=d1 style="width:20px"></div><div id=d2 style="height:10px;width:20px"></div></div>', [['d', 0, 0, 200, 40], ['d1', 0, 0, 20, 40], ['d2', 20, 0, 20, 10]]],
  ['<div class=f id=e style="max-height:30px;width:200px;box-sizing:border-box;padding:4px;border:3px solid"><div id=e1 style="width:20px"></div><div id=e2 style="height:50px;width:20px"></div></div>', [['e', 0, 0, 200, 30], ['e1', 7, 7, 20, 16], ['e2', 27, 7, 20, 50]]],
  ['<div class=f id=g style="max-height:30px;width:200px;flex-wrap:wrap"><div id=g1 style="width:20px"></div><div id=g2 style="height:50px;width:20px"></div></div>', [['g', 0, 0, 200, 30], ['g1', 0, 0, 20, 50], ['g2', 20, 0, 20, 50]]],
  ['<div class=f id=h style="max-height:30px;width:200px"><div id=h1 style="width:20px">one<br>two<br>three</div><div id=h2 style="width:20px;margin:3px 0 2px"></div></div>', [['h', 0, 0, 200, 30], ['h1', 0, 0, 20, 30], ['h2', 20, 3, 20, 25]]],
  ['<div class=f id=i style="max-height:30px;min-height:40px;width:200px"><div id=i1 style="width:20px"></div><div id=i2 style="height:50px;width:20px"></div></div>', [['i', 0, 0, 200, 40], ['i1', 0, 0, 20, 40], ['i2', 20, 0, 20, 50]]],
  ['<div class=f id=j style="max-height:30px;width:200px"><div id=j1 style="width:20px;align-self:center"></div><div id=j2 style="height:50px;width:20px"></div><div id=j3 style="width:20px;height:10px;align-self:flex-end"></div></div>', [['j', 0, 0, 200, 30], ['j1', 0, 15, 20, 0], ['j2', 20, 0, 20, 50], ['j3', 40, 20, 20, 10]]],
  ['<div style="width:300px"><div class=f id=k style="flex-direction:column;max-width:100px;display:inline-flex"><div id=k1 style="height:20px"></div><div id=k2 style="height:20px;width:150px"></div></div></div>', [['k', 0, 0, 100, 40], ['k1', 0, 0, 100, 20], ['k2', 0, 20, 150, 20]]],
  ['<div style="width:300px"><div class=f id=l style="flex-direction:column;max-width:100px;float:left"><div id=l1 style="height:20px"></div><div id=l2 style="height:20px;width:150px"></div></div></div>', [['l', 0, 0, 100, 40], ['l1', 0, 0, 100, 20], ['l2', 0, 20, 150, 20]]],
  ['<div style="width:300px;clear:both"><div class=f id=m style="flex-direction:column;min-width:200px;float:left"><div id=m1 style="height:20px"></div><div id=m2 style="height:20px;width:50px"></div></div></div>', [['m', 0, 0, 200, 40], ['m1', 0, 0, 200, 20], ['m2', 0, 20, 50, 20]]],
  ['<div style="clear:both"></div><div class=f id=n style="display:inline-flex;max-height:30px;width:200px"><div id=n1 style="width:20px"></div><div id=n2 style="height:50px;width:20px"></div></div>', [['n', 0, 0, 200, 30], ['n1', 0, 0, 20, 30], ['n2', 20, 0, 20, 50]]],
  ['<div class=f id=p style="max-height:30px;width:200px"><div id=p1 style="width:20px;min-height:40px"></div><div id=p2 style="height:50px;width:20px"></div></div>', [['p', 0, 0, 200, 30], ['p1', 0, 0, 20, 40], ['p2', 20, 0, 20, 50]]],
  ['<div class=f id=q style="max-height:30px;width:200px;box-sizing:content-box;padding:4px;border:3px solid"><div id=q1 style="width:20px"></div><div id=q2 style="height:50px;width:20px"></div></div>', [['q', 0, 0, 214, 44], ['q1', 7, 7, 20, 30], ['q2', 27, 7, 20, 50]]],
  ['<div style="height:100px"><div class=f id=r style="max-height:25%;width:200px"><div id=r1 style="width:20px"></div><div id=r2 style="height:50px;width:20px"></div></div></div>', [['r', 0, 0, 200, 25], ['r1', 0, 0, 20, 25], ['r2', 20, 0, 20, 50]]],
  ['<div class=f id=s style="max-height:30px;width:200px;flex-direction:row-reverse;align-items:baseline"><div id=s1 style="width:20px;align-self:stretch"></div><div id=s2 style="height:50px;width:20px"></div></div>', [['s', 0, 0, 200, 30], ['s1', 180, 0, 20, 30], ['s2', 160, 0, 20, 50]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`a single-line flex line clamped by the container's min/max cross size as Chromium 156 sizes it: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
