// In: column flex containers whose height is auto with a max-height or min-height, through the real stages.
// Out: each box's border box (x, y relative to its container, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:16px/20px 'Liberation Sans'}.c{display:flex;flex-direction:column;border:1px solid;width:200px}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the container. css-flexbox-1 §9.2 step 2, §9.3, §9.7: a column
 * container whose height is auto has as its inner main size its content height (the longest line's outer hypothetical
 * main size) clamped by min-height and max-height, and its items flex into that: they shrink to a max-height (a, d with
 * box-sizing: border-box and flex-shrink: 3, l with a row-gap) down to their automatic minimum size (§4.5: the
 * content's height, also under a specified height: a, d, l; b, c keep it), grow to a min-height (e), are justified (f,
 * g) and auto margins take its free space (j); lines break at the max-height (i); a percentage max-height of an
 * indefinite containing block is none (k); content shorter than the max-height keeps its size (m). Measured with
 * /usr/bin/chromium through playwright-core, print emulation, 721 px viewport, the cases below joined by newlines,
 * getBoundingClientRect relative to the container.
 */
const CASES: Array<[string, ChromiumBox[]]> = [
  ['<div class=c id=a style="max-height:100px"><div id=a1 style="height:80px">A</div><div id=a2 style="height:80px">B</div></div>', [['a',0,0,202,102],['a1',1,1,200,50],['a2',1,51,200,50]]],
  ['<div class=c id=b style="max-height:100px"><div id=b1 style="min-height:0">x<br>x<br>x<br>x</div><div id=b2>y<br>y<br>y<br>y</div></div>', [['b',0,0,202,102],['b1',1,1,200,20],['b2',1,21,200,80]]],
  ['<div class=c id=c style="max-height:60px"><div id=c1 style="flex:1 1 0">A</div><div id=c2 style="flex-shrink:0;height:50px">B</div></div>', [['c',0,0,202,62],['c1',1,1,200,20],['c2',1,21,200,50]]],
  ['<div class=c id=d style="box-sizing:border-box;max-height:100px;padding:5px"><div id=d1 style="height:80px">A</div><div id=d2 style="height:80px;flex-shrink:3">B</div></div>', [['d',0,0,200,100],['d1',6,6,188,62],['d2',6,68,188,26]]],
  ['<div class=c id=e style="min-height:100px"><div id=e1>A</div><div id=e2 style="flex-grow:1">B</div><div id=e3>D</div></div>', [['e',0,0,202,102],['e1',1,1,200,20],['e2',1,21,200,60],['e3',1,81,200,20]]],
  ['<div class=c id=f style="min-height:100px;justify-content:center"><div id=f1>A</div><div id=f2>B</div></div>', [['f',0,0,202,102],['f1',1,31,200,20],['f2',1,51,200,20]]],
  ['<div class=c id=g style="max-height:50px;justify-content:flex-end"><div id=g1 style="height:40px;flex-shrink:0">A</div><div id=g2 style="height:40px;flex-shrink:0">B</div></div>', [['g',0,0,202,52],['g1',1,-29,200,40],['g2',1,11,200,40]]],
  ['<div class=c id=h style="max-height:50px;flex-direction:column-reverse"><div id=h1 style="height:40px">A</div><div id=h2 style="height:40px;min-height:0">B</div></div>', [['h',0,0,202,52],['h1',1,26,200,25],['h2',1,1,200,25]]],
  ['<div class=c id=i style="max-height:60px;flex-wrap:wrap"><div id=i1 style="height:40px;width:50px">A</div><div id=i2 style="height:40px;width:50px">B</div></div>', [['i',0,0,202,42],['i1',1,1,50,40],['i2',101,1,50,40]]],
  ['<div class=c id=j style="min-height:40px;max-height:60px"><div id=j1 style="height:30px;margin-top:auto">A</div></div>', [['j',0,0,202,42],['j1',1,11,200,30]]],
  ['<div class=c id=l style="max-height:100px;row-gap:10px"><div id=l1 style="height:80px">A</div><div id=l2 style="height:80px;overflow:hidden">B</div></div>', [['l',0,0,202,102],['l1',1,1,200,45],['l2',1,56,200,45]]],
  ['<div class=c id=m style="max-height:100px"><div id=m1>A</div><div id=m2>B</div></div>', [['m',0,0,202,42],['m1',1,1,200,20],['m2',1,21,200,20]]],
  ['<div class=c id=k style="max-height:70%"><div id=k1 style="height:120px">A</div></div>', [['k',0,0,202,122],['k1',1,1,200,120]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m).join('\n')));

for (const [, boxes] of CASES) {
  test(`a column flex container with an auto height flexes its items into its min/max-height as Chromium 156 does: #${boxes[0][0]}`, () => {
    assertChromiumBoxes(r, boxes[0][0], boxes);
  });
}
