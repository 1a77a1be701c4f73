/**
 * Table boxes and the anonymous table objects of CSS 2.1 §17.2.1. In: HTML tables and CSS
 * table displays through the real cascade. Out: asserted wrapper/table/group/row/cell structure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyDump, build } from './helpers.ts';
import type { TableWrapperBox } from '../../src/box/types.ts';
import { px } from '../../src/css/computed.ts';

const doc = (body: string): string => `<!doctype html><html><head></head><body>${body}</body></html>`;
const p = (html: string, opts = {}): string => bodyDump(doc(html), opts);

test('an HTML table: caption to the wrapper, thead/tbody/tfoot groups, whitespace between parts dropped', () => {
  assert.equal(p(`<table>
    <caption>Cap</caption>
    <thead><tr><th>H</th></tr></thead>
    <tbody>
      <tr> <td>1</td> <td>2</td> </tr>
    </tbody>
    <tfoot><tr><td>F</td></tr></tfoot>
  </table>`),
  'TW<table>[B<caption>["Cap"] T[G<thead>(header)[R<tr>[C<th>["H"]]] G<tbody>(body)[R<tr>[C<td>["1"] C<td>["2"]]] G<tfoot>(footer)[R<tr>[C<td>["F"]]]]]');
});

test('only the first thead is the header group; later ones are body groups (§17.2)', () => {
  assert.equal(p('<table><thead><tr><td>a</thead><thead><tr><td>b</thead></table>'),
    'TW<table>[T[G<thead>(header)[R<tr>[C<td>["a"]]] G<thead>(body)[R<tr>[C<td>["b"]]]]]');
});

test('a tr directly in a table gets an anonymous tbody', () => {
  const opts = { rules: { '.t': 'display: table', '.r': 'display: table-row', '.c': 'display: table-cell' } };
  assert.equal(p('<div class=t><div class=r><div class=c>x</div></div><div class=r><div class=c>y</div></div></div>', opts),
    'TW<div>[T[G(body)[R<div>[C<div>["x"]] R<div>[C<div>["y"]]]]]');
  const { body } = build(doc('<div class=t><div class=r><div class=c>x</div></div></div>'), opts);
  const tw = body.children[0] as TableWrapperBox;
  assert.equal(tw.table.rowGroups[0]!.anonymous, true);
  assert.equal(tw.table.rowGroups[0]!.style.display, 'table-row-group');
});

test('stray cells in a div get anonymous table and row wrappers; whitespace between them dropped', () => {
  const opts = { rules: { '.c': 'display: table-cell' } };
  assert.equal(p('<div>before<span class=c>1</span> <span class=c>2</span>after</div>', opts),
    'B<div>[A["before"] TW[T[G(body)[R[C<span>["1"] C<span>["2"]]]]] A["after"]]');
  const { body } = build(doc('<div><span class=c>1</span></div>'), opts);
  const div = body.children[0] as { children: TableWrapperBox[] };
  assert.equal(div.children[0]!.anonymous, true);
  assert.equal(div.children[0]!.outer, 'block');
});

test('stray table parts inside an inline get an anonymous inline-table', () => {
  assert.equal(p('<p><b>a<i style="display:table-cell">c</i>b</b></p>'), 'B<p>[I<b>["a" TW(inline)[T[G(body)[R[C<i>["c"]]]]] "b"]]');
});

test('non-cell content in a row is wrapped in an anonymous cell; in a table, in an anonymous row', () => {
  const opts = { rules: { '.t': 'display: table', '.r': 'display: table-row' } };
  assert.equal(p('<div class=r>loose <b>x</b></div>', opts), 'TW[T[G(body)[R<div>[C["loose " I<b>["x"]]]]]]');
  assert.equal(p('<div class=t>text</div>', opts), 'TW<div>[T[G(body)[R[C["text"]]]]]');
});

test('colspan/rowspan clamped as HTML does; col/colgroup spans', () => {
  assert.equal(p('<table><tr><td colspan=0>a<td colspan=5000 rowspan=70000>b<td rowspan=0>c<td colspan=x>d</table>'),
    'TW<table>[T[G<tbody>(body)[R<tr>[C<td>["a"] C<td>(1000,65534)["b"] C<td>(1,0)["c"] C<td>["d"]]]]]');
  assert.equal(p('<table><colgroup span=3></colgroup><colgroup><col span=2><col></colgroup><tr><td>x</table>'),
    'TW<table>[T[COL<colgroup>(3)[] COL<colgroup>(3)[COL<col>(2) COL<col>(1)] G<tbody>(body)[R<tr>[C<td>["x"]]]]]');
});

test('table wrapper takes margins and float; the table box keeps borders, width and the rest', () => {
  const { body } = build(doc('<table style="float:left; width:300px; padding-left:4px"><tr><td>x</table>'));
  const tw = body.children[0] as TableWrapperBox;
  assert.equal(tw.style.float, 'left');
  assert.equal(tw.table.style.float, 'none');
  assert.deepEqual(tw.table.style.width, px(300));
  assert.equal(tw.style.width, 'auto');
  assert.deepEqual(tw.table.style.paddingLeft, px(4));
  assert.deepEqual(tw.style.paddingLeft, px(0));
  assert.equal(tw.table.element?.name, 'table');
});

test('cells are block containers: blocks inside get anonymous blocks', () => {
  assert.equal(p('<table><tr><td>a<p>b</p></table>'), 'TW<table>[T[G<tbody>(body)[R<tr>[C<td>[A["a"] B<p>["b"]]]]]]');
});
