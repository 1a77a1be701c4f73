// In: column properties as CSS text, and multicol containers with column rules through layout and the display-list builder.
// Out: computed column values, and the rules as border items (position and size in px) between columns that have content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { buildDisplayList } from '../../src/paint/build.ts';
import type { DisplayItem } from '../../src/paint/display-list.ts';
import { usedColumnGeometry } from '../../src/layout/multicol.ts';
import { initialStyle } from '../../src/css/initial.ts';
import { layoutHtml } from './helpers.ts';

const style = (decls: Array<[string, string]>) => {
  const w = new WarningSink();
  const s = computeStyle(decls.map(([name, value]) => ({ name, value, important: false })), { parent: null, rootFontSize: 16, quirks: false, warnings: w });
  return { s, warnings: w.list };
};

test('columns and column-rule shorthands expand to their longhands (css-multicol-1 §3.3, §5.4)', () => {
  assert.deepEqual([style([['columns', '4']]).s.columnCount, style([['columns', '4']]).s.columnWidth], [4, 'auto']);
  assert.deepEqual([style([['columns', '12em auto']]).s.columnCount, style([['columns', '12em auto']]).s.columnWidth], ['auto', 192]);
  assert.deepEqual([style([['columns', '3 10px']]).s.columnCount, style([['columns', '3 10px']]).s.columnWidth], [3, 10]);
  const r = style([['column-rule', '1px dotted red']]).s;
  assert.deepEqual([r.columnRuleWidth, r.columnRuleStyle, r.columnRuleColor], [1, 'dotted', { r: 255, g: 0, b: 0, a: 1 }]);
  const cc = style([['column-rule', 'thick solid']]).s;
  assert.deepEqual([cc.columnRuleWidth, cc.columnRuleStyle, cc.columnRuleColor], [5, 'solid', null], 'currentcolor stays the keyword (null)');
  assert.equal(style([['-webkit-columns', '2']]).s.columnCount, 2, 'the prefixed form browsers honour');
  for (const bad of ['0', '2 3', 'auto auto auto', '-1px']) {
    const x = style([['column-count', bad]]);
    assert.equal(x.s.columnCount, 'auto', `column-count: ${bad}`);
    assert.equal(x.warnings.length, 1);
  }
  assert.equal(style([['column-span', 'all']]).s.columnSpan, 'all');
  assert.equal(style([['column-fill', 'auto']]).s.columnFill, 'auto');
});

test('the used column count and width follow the §3.4 pseudo-algorithm', () => {
  const s = (o: object) => ({ ...initialStyle(), fontSize: 16, ...o });
  assert.deepEqual(usedColumnGeometry(s({ columnCount: 3 }), 400), { count: 3, width: (400 + 16) / 3 - 16, gap: 16 }, 'gap normal = 1em');
  assert.deepEqual(usedColumnGeometry(s({ columnWidth: 100, columnGap: { px: 10, pct: 0 } }), 400), { count: 3, width: 410 / 3 - 10, gap: 10 });
  assert.deepEqual(usedColumnGeometry(s({ columnWidth: 150, columnCount: 5, columnGap: { px: 0, pct: 0 } }), 300), { count: 2, width: 150, gap: 0 });
  assert.deepEqual(usedColumnGeometry(s({ columnWidth: 500, columnGap: { px: 0, pct: 0 } }), 300), { count: 1, width: 300, gap: 0 }, 'never fewer than one column');
});

const borders = (items: DisplayItem[]) => items.filter((i): i is Extract<DisplayItem, { kind: 'border' }> => i.kind === 'border');

test('column rules are painted as borders centred in the gaps, only between columns with content, for the column height', () => {
  const L = layoutHtml('<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 12px/16px Arial }</style></head><body>' +
    '<div style="width:300px;columns:3;column-gap:30px;column-rule:4px dashed blue"><div style="height:40px;break-inside:avoid"></div><div style="height:40px;break-inside:avoid"></div></div>' +
    '<div style="width:300px;columns:2;column-gap:20px;column-rule:2px solid red"><div style="height:10px"></div><div style="height:10px"></div></div>' +
    '</body></html>');
  const list = buildDisplayList(L.pages, { title: 't' });
  const rules = borders(list.pages[0].items).map((b) => ({ x: b.rect.x, y: b.rect.y, w: b.rect.w, h: b.rect.h, left: b.widths[3], style: b.styles[3] }));
  // 3 columns of 80px: the content fills two of them (40px each), so one rule, at 80 + 15 - 2.
  assert.deepEqual(rules, [
    { x: 93, y: 0, w: 4, h: 40, left: 4, style: 'dashed' },
    { x: 149, y: 40, w: 2, h: 10, left: 2, style: 'solid' },
  ]);
});
