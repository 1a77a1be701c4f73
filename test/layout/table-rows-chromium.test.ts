// In: tables with percentage row heights and rows / row groups / columns with visibility: collapse, laid out through the real stages.
// Out: table, row and cell border boxes (px, relative to the first table) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { BoxFragment } from '../../src/layout/fragment.ts';
import type { Element } from 'domhandler';

const HTML = `<!doctype html><style>body{margin:0} td{padding:0;height:10px;width:20px} table{border-spacing:2px}</style>
<table id=A style="height:200px"><tr id=A1 style="height:30%"><td></td></tr><tr id=A2><td></td></tr><tr id=A3 style="height:10%"><td></td></tr></table>
<table id=B><tr id=B1><td></td><td></td></tr><tr id=B2 style="visibility:collapse"><td></td><td></td></tr><tr id=B3><td id=B3c></td><td></td></tr></table>
<table id=D><tbody id=D0><tr><td></td></tr></tbody><tbody id=D1 style="visibility:collapse"><tr><td></td></tr></tbody><tbody><tr><td id=D2></td></tr></tbody></table>
<table id=E style="height:100px"><tr id=E1 style="height:50%"><td></td></tr><tr id=E2 style="height:50px"><td></td></tr></table>
<table id=C><colgroup><col><col style="visibility:collapse"><col></colgroup><tr><td id=C1></td><td id=C2>x</td><td id=C3></td></tr></table>
<div id=H style="display:table; border:25px solid green; height:50px; width:50px"></div>`;

/** [id, x, y, width, height, tolerance px] from Chromium 156 (headless, getBoundingClientRect, body margin 0). */
const CHROMIUM: Array<[string, number, number, number, number, number?]> = [
  // 30% and 10% of 200px, then the extra shared in proportion to the rows' heights (Chromium rounds to 1/64 px per row)
  ['A', 0, 0, 24, 200], ['A1', 2, 2, 20, 127.703, 0.5], ['A2', 2, 131.703, 20, 21.719, 0.5], ['A3', 2, 155.422, 20, 42.578, 0.5],
  // a collapsed row: no height and no spacing
  ['B', 0, 200, 46, 26], ['B1', 2, 202, 42, 10], ['B3', 2, 214, 42, 10], ['B3c', 2, 214, 20, 10],
  // a collapsed row group
  ['D', 0, 226, 24, 28], ['D0', 2, 228, 20, 10], ['D2', 2, 242, 20, 10],
  // 50% + 50px rows over a 100px table: the percentage row gives back the excess
  ['E', 0, 254, 24, 100], ['E1', 2, 256, 20, 44], ['E2', 2, 302, 20, 50],
  // a collapsed column: the table loses its width and spacing (its cell is not rendered, its content still sizes the row)
  ['C', 0, 354, 46, 22], ['C1', 2, 356, 20, 18], ['C3', 24, 356, 20, 18],
  // a table without rows keeps its specified (content-box) height
  ['H', 0, 376, 100, 100],
];

test('percentage row heights, visibility: collapse rows / row groups / columns and the height of a table without rows match Chromium 156', () => {
  const r = layoutHtml(HTML);
  const frags = allFragments(r.pages[0].children).filter((k): k is BoxFragment => k.kind === 'box');
  const byId = (id: string): BoxFragment | undefined => frags.find((k) => (k.box.element as Element | undefined)?.attribs?.id === id && k.box.kind !== 'table-wrapper');
  const origin = byId('A')!;
  assert.equal(byId('C2'), undefined, 'the cell of the collapsed column is not rendered');
  for (const [id, x, y, w, h, tol = 0.05] of CHROMIUM) {
    const f = byId(id);
    assert.ok(f, `#${id}`);
    const got = [f.x - origin.x, f.y - origin.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k] - want[k]) < tol, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
});
