// In: small documents. Out: checks of src/inspect.ts (layoutForInspection): element boxes in page-area px, the
// unfragmented flow (one page however tall, forced breaks stacked), the printed pages, outermost boxes, own text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { layoutForInspection } from '../../src/inspect.ts';
import type { Inspection, InspectedElement } from '../../src/inspect.ts';

const byId = (ins: Inspection, id: string): InspectedElement => {
  for (const [el, rec] of ins.elements) if ((el as Element).attribs.id === id) return rec;
  throw new Error(`no element #${id}`);
};
const blocks = (n: number, extra = ''): string =>
  `<!doctype html><style>@page { size: 400px 300px; margin: 20px } body { margin: 0 } div { height: 100px }</style>` +
  Array.from({ length: n }, (_, i) => `<div id="b${i}"${i === 3 ? ` style="${extra}"` : ''}></div>`).join('');

test('unfragmented: a document five page areas tall is one flow, boxes relative to the page area', () => {
  const ins = layoutForInspection(blocks(13));
  assert.equal(ins.pageCount, 1);
  assert.deepEqual(ins.pageArea, { x: 20, y: 20, width: 360, height: 260 });
  assert.deepEqual(byId(ins, 'b12').boxes, [{ page: 0, x: 0, y: 1200, width: 360, height: 100 }]);
});

test("'pages': the printed layout, each box on its page in that page's area coordinates", () => {
  const ins = layoutForInspection(blocks(13), { fragmentation: 'pages' });
  assert.equal(ins.pageCount, 5);
  assert.deepEqual(byId(ins, 'b12').boxes, [{ page: 4, x: 0, y: 160, width: 360, height: 100 }]);
  // 260 px per page: the third block is split at 260.
  assert.deepEqual(byId(ins, 'b2').boxes.map((b) => [b.page, b.y, b.height]), [[0, 200, 60], [1, 0, 40]]);
});

test('unfragmented: after a forced break the content is stacked below what came before', () => {
  const ins = layoutForInspection(blocks(5, 'break-before: page'));
  assert.equal(ins.pageCount, 2);
  assert.deepEqual(byId(ins, 'b3').boxes.map((b) => [b.page, b.y]), [[0, 300]]);
  assert.deepEqual(byId(ins, 'b4').boxes.map((b) => [b.page, b.y]), [[0, 400]]);
});

test('a table counts with its wrapper box (captions included); own text only, per line', () => {
  const ins = layoutForInspection(`<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }</style>
    <table id="t" style="border-spacing: 0; margin-left: 3px; box-sizing: border-box; border: 2px solid; padding: 1px"><caption>Cap</caption><tr><td id="c" style="padding: 0">one <b id="b">two</b> three</td></tr></table>`);
  const t = byId(ins, 't');
  assert.equal(t.boxes.length, 1);
  assert.equal(t.boxes[0]!.y, 0);
  assert.equal(t.boxes[0]!.height, 46);
  // The table box's own values (box-sizing, border, padding) with its wrapper's margins.
  assert.equal(t.style.boxSizing, 'border-box');
  assert.deepEqual([t.border.left, t.padding.left, t.margin.left], [2, 1, 3]);
  assert.deepEqual(t.style.marginLeft, { px: 3, pct: 0 });
  assert.deepEqual(byId(ins, 'c').texts.map((x) => x.text.trim()), ['one', 'three']);
  assert.deepEqual(byId(ins, 'b').texts.map((x) => x.text), ['two']);
  assert.equal(byId(ins, 'c').texts[0]!.font, 'Liberation Sans');
  assert.equal(ins.usedFont(byId(ins, 'c').style).family, 'Liberation Sans');
});

test('contentScale lays the content out in a page area that many times wider', () => {
  const ins = layoutForInspection(blocks(1), { contentScale: 1.25 });
  assert.equal(ins.contentScale, 1.25);
  assert.equal(byId(ins, 'b0').boxes[0]!.width, 450);
  assert.throws(() => layoutForInspection(blocks(1), { contentScale: 0.5 }), TypeError);
});

test('an inline split by a block inside it says so; an ordinary one does not', () => {
  const ins = layoutForInspection('<!doctype html><body style="margin: 0"><span id="s">a<div>block</div>b</span> <span id="t">plain</span>');
  assert.equal(byId(ins, 's').splitByBlocks, true);
  assert.equal(byId(ins, 't').splitByBlocks, false);
});
