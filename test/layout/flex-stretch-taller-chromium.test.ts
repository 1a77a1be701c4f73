// In: row flex items taller than their line (a single-line container with a definite height), through the real stages.
// Out: each item's border box (x, y relative to its container, width, height in px) against Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { BoxFragment, ReplacedFragment } from '../../src/layout/fragment.ts';
import type { Element } from 'domhandler';

// A 100 x 40 px grey PNG (natural ratio 2.5).
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAGQAAAAoCAAAAAAtEwCfAAAAKklEQVRIx+3NMQEAAAQAMKQXWwoeW4Flx746OCQSiUQikUgkEolEInmQDOlWANiKwDFbAAAAAElFTkSuQmCC';
const doc = (body: string): string => `<!doctype html><style>body{margin:0;font:12px/16px 'Liberation Sans'}.f{display:flex}</style>${body}`;

/**
 * [markup, [[id, x, y, width, height]]], the first id the container: css-flexbox-1 §9.4 step 11 makes a stretched item's
 * cross size the line's (min/max clamped), smaller than its own too. Chromium 156 (print emulation, 721 px viewport,
 * getBoundingClientRect relative to the container): the pagoPA receipt's PSP logo (width: 100%, height: auto in a
 * 7.5 mm high inline-flex box) prints 28 px high, not 40.5 as its ratio gives. An image with auto sizes takes its width
 * from the stretched height through its ratio (§4.5's transferred size suggestion), not its natural width.
 */
const CASES: Array<[string, Array<[string, number, number, number, number]>]> = [
  ['<div class=f id=a style="height:28px;width:130px"><img id=a1 src="PNG" style="width:100%;height:auto"></div>', [['a', 0, 0, 130, 28], ['a1', 0, 0, 130, 28]]],
  ['<div class=f id=b style="height:28px;width:130px;align-items:flex-start"><img id=b1 src="PNG" style="width:100%;height:auto"></div>', [['b', 0, 0, 130, 28], ['b1', 0, 0, 130, 52]]],
  ['<div class=f id=c style="height:20px;width:300px"><div id=c1>one<br>two<br>three</div><div id=c2 style="height:50px;width:10px"></div></div>', [['c', 0, 0, 300, 20], ['c1', 0, 0, 27.36, 20], ['c2', 27.36, 0, 10, 50]]],
  ['<div class=f id=d style="height:20px;width:300px"><img id=d1 src="PNG"></div>', [['d', 0, 0, 300, 20], ['d1', 0, 0, 50, 20]]],
  ['<div style="height:40px"><span class=f id=e style="display:inline-flex;height:28px;width:130px;vertical-align:top"><img id=e1 src="PNG" style="width:100%;height:auto;object-fit:contain"></span></div>', [['e', 0, 0, 130, 28], ['e1', 0, 0, 130, 28]]],
  ['<div class=f id=g style="height:28px;width:130px"><img id=g1 src="PNG" style="width:100%;height:auto;max-height:25px"></div>', [['g', 0, 0, 130, 28], ['g1', 0, 0, 130, 25]]],
  ['<div class=f id=h style="height:28px;width:130px"><img id=h1 src="PNG" style="width:100%;height:auto;min-height:35px"></div>', [['h', 0, 0, 130, 28], ['h1', 0, 0, 130, 35]]],
  ['<div class=f id=i style="height:28px;width:130px"><img id=i1 src="PNG" style="width:100%;height:auto;margin-top:5px"></div>', [['i', 0, 0, 130, 28], ['i1', 0, 5, 130, 23]]],
  ['<div class=f id=k style="height:28px;width:130px;flex-wrap:wrap"><img id=k1 src="PNG" style="width:100%;height:auto"></div>', [['k', 0, 0, 130, 28], ['k1', 0, 0, 130, 52]]],
  ['<div class=f id=l style="height:20px;width:300px"><div id=l1 style="overflow:hidden">one<br>two<br>three</div></div>', [['l', 0, 0, 300, 20], ['l1', 0, 0, 27.36, 20]]],
  ['<div class=f id=q style="height:28px;width:300px"><img id=q1 src="PNG" style="width:80px;max-height:25px"></div>', [['q', 0, 0, 300, 28], ['q1', 0, 0, 80, 25]]],
  ['<div class=f id=r style="height:28px;width:300px"><div id=r1 style="border:2px solid;padding:3px">a<br>b<br>c</div></div>', [['r', 0, 0, 300, 28], ['r1', 0, 0, 16.69, 28]]],
  ['<div class=f id=p style="width:300px"><img id=p1 src="PNG" style="width:80px"><div id=p2 style="height:70px">z</div></div>', [['p', 0, 0, 300, 70], ['p1', 0, 0, 80, 70], ['p2', 80, 0, 6, 70]]],
];

const r = layoutHtml(doc(CASES.map(([m]) => m.replace('PNG', PNG)).join('\n')));
const frags = allFragments(r.pages[0].children);
const byId = (id: string): BoxFragment | ReplacedFragment | undefined =>
  frags.find((k): k is BoxFragment | ReplacedFragment => (k.kind === 'box' || k.kind === 'replaced') && (k.box.element as Element | undefined)?.attribs?.id === id);

for (const [, boxes] of CASES) {
  test(`a row flex item stretched to its line as Chromium 156 sizes it: #${boxes[1][0]}`, () => {
    const c = byId(boxes[0][0]);
    assert.ok(c, `#${boxes[0][0]}`);
    for (const [id, x, y, w, h] of boxes) {
      const f = byId(id);
      assert.ok(f, `#${id} on the first page`);
      const got = [f.x - c.x, f.y - c.y, f.width, f.height];
      const want = [x, y, w, h];
      for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k] - want[k]) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
    }
  });
}
