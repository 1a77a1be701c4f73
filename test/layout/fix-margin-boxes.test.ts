// In: HTML strings with @page margin boxes, through the real pipeline up to layout.
// Out: assertions on the margin box fragments' rectangles (px) and content placement (css-page-3 margin boxes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';

test("content: '' generates a margin box that fills its corner minus its margins", () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 15px; margin: 4px 6px 7px 5px;
    @top-left-corner { margin: 1px; content: ''; background: #0f0 }
    @bottom-right-corner { margin: 1px; content: " "; background: #008000 } }</style><body>`);
  const mbs = r.pages[0].marginBoxes;
  const tl = mbs.find((m) => m.name === 'top-left-corner');
  const br = mbs.find((m) => m.name === 'bottom-right-corner');
  assert.ok(tl && br);
  assert.deepEqual([tl.fragment.x, tl.fragment.y, tl.fragment.width, tl.fragment.height], [1, 1, 3, 2]);
  assert.deepEqual([br.fragment.x, br.fragment.y, br.fragment.width, br.fragment.height], [10, 9, 4, 5]);
});

test('margin box content is placed by vertical-align inside the filled box', () => {
  const doc = (va: string): string => `<!doctype html><style>@page { size: 300px 200px; margin: 60px 20px;
    @top-center { content: 'Head'; font-size: 10px; line-height: 10px; ${va} } }</style><body>`;
  const lineY = (va: string): number => {
    const r = layoutHtml(doc(va));
    const mb = r.pages[0].marginBoxes.find((m) => m.name === 'top-center');
    assert.ok(mb);
    assert.deepEqual([mb.fragment.y, mb.fragment.height], [0, 60]);
    const line = allFragments(mb.fragment.children).find((f) => f.kind === 'line');
    assert.ok(line);
    return line.y;
  };
  assert.equal(lineY('vertical-align: top'), 0);
  assert.equal(lineY(''), 25);
  assert.equal(lineY('vertical-align: bottom'), 50);
});

test('content: none and normal generate no margin box', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 100px; margin: 10px; @top-left { content: none; background: red } @top-right { background: red } }</style><body>`);
  assert.equal(r.pages[0].marginBoxes.length, 0);
});
