// In: HTML with a last child's bottom margin inside a parent with min-height, through the real stages.
// Out: where the next block starts (CSS 2.1 §8.3.1: the margins adjoin unless the min-height is in effect).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

test('a min-height that is not in effect does not keep the last child\'s bottom margin from collapsing through its parent', () => {
  const r = layoutHtml(`<!doctype html><style>@page { margin: 0 } body { margin: 0 } div { margin: 0 }</style>
    <div id=p style="min-height:50px"><div style="height:100px; margin-bottom:30px"></div></div><div id=n style="height:1px"></div>
    <div id=q style="min-height:150px"><div style="height:100px; margin-bottom:30px"></div></div><div id=m style="height:1px"></div>`);
  assert.equal(r.byId('p').height, 100);
  assert.equal(r.byId('n').y, 130, 'the 30px margin collapses through the parent');
  // min-height in effect: the parent is 150px tall, the child's margin inside it.
  assert.equal(r.byId('q').height, 150);
  assert.equal(r.byId('m').y, r.byId('q').y + 150);
});
