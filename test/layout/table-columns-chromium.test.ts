// In: tables whose <col> elements define more columns than their cells use, laid out through the real stages.
// Out: table and cell border boxes (px, relative to the first table) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { BoxFragment } from '../../src/layout/fragment.ts';
import type { Element } from 'domhandler';

const HTML = `<!doctype html><style>body{margin:0} td{height:1px;padding:0} table{border-spacing:2px}</style>
<table id=A style="width:100px"><col><col><tr><td id=A1></td></tr></table>
<table id=B style="width:100px"><col><col style="width:20px"><tr><td id=B1></td></tr></table>
<table id=D style="width:100px"><col><col><col><tr><td id=D1></td><td id=D3></td></tr></table>
<table id=E style="width:100px"><col><col style="width:20px"><col><tr><td id=E1></td></tr></table>
<table id=T style="width:10px; border: 1px solid red"><col><col><tbody><tr></tr><tr><td id=T1 style="padding:1px"></td></tr></tbody><tfoot></tfoot></table>`;

/** [id, x, y, width, height] from Chromium 156 (headless, getBoundingClientRect, body margin 0). */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['A', 0, 0, 100, 5], ['A1', 2, 2, 96, 1],
  ['B', 0, 5, 100, 5], ['B1', 2, 7, 74, 1],
  ['D', 0, 10, 100, 5], ['D1', 2, 12, 47, 1], ['D3', 51, 12, 47, 1],
  ['E', 0, 15, 100, 5], ['E1', 2, 17, 74, 1],
  ['T', 0, 20, 10, 11], ['T1', 3, 25, 4, 3],
];

test('trailing <col> columns without cells and with auto widths take no space (Chromium 156)', () => {
  const r = layoutHtml(HTML);
  const frags = allFragments(r.pages[0].children).filter((k): k is BoxFragment => k.kind === 'box');
  const byId = (id: string): BoxFragment | undefined => frags.find((k) => (k.box.element as Element | undefined)?.attribs?.id === id && k.box.kind !== 'table-wrapper');
  const origin = byId('A')!;
  for (const [id, x, y, w, h] of CHROMIUM) {
    const f = byId(id);
    assert.ok(f, `#${id}`);
    const got = [f.x - origin.x, f.y - origin.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k] - want[k]) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
});
