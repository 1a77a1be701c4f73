// In: hand-made printed words (pt) and text boxes (px). Out: checks of tools/diverge/pages.ts: where each printed page starts
// in the continuous flow (by the words that agree most, so a repeated table header does not decide), and which page an element starts on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumPageSpans, assignPages } from '../../tools/diverge/pages.ts';
import type { LayoutNode } from '../../tools/diverge/compare.ts';

const area = { x: 36, y: 36, width: 600, height: 900 };
/** A word on `page` at page-area px (x, y), as pdftotext writes it (pt from the page's corner). */
const word = (page: number, x: number, y: number, t: string) => ({ page, x: (x + area.x) * 0.75, y: (y + area.y) * 0.75, x2: 0, y2: (y + area.y) * 0.75 + 12, t });
const box = (x: number, y: number, text: string) => ({ x, y, width: 50, height: 17, text });

test('page breaks: the offset most words agree on, not the repeated header at the top of the page', () => {
  // Header "Item Price" at the flow's top, repeated at the top of page 2; rows "Row 0" … every 30 px; page 2 shows the header, then rows 29-39.
  const boxes = [box(0, 0, 'Item'), box(300, 0, 'Price'), ...Array.from({ length: 40 }, (_, i) => box(0, 30 + 30 * i, `Row ${i}`))];
  const words = [
    word(0, 0, 0, 'Item'), word(0, 300, 0, 'Price'),
    word(1, 0, 0, 'Item'), word(1, 300, 0, 'Price'),
    ...Array.from({ length: 11 }, (_, j) => [word(1, 0, 30 + 30 * j, 'Row'), word(1, 40, 30 + 30 * j, String(29 + j))]).flat(),
  ];
  // Row 29 sits at 900 in the flow and at 30 on page 2 (below the repeated header): page 2's own content begins there.
  const spans = chromiumPageSpans(2, words, boxes, area, 1);
  // Page 1 shows the header (0 to 17); page 2's own text runs from row 29 to the bottom of row 39.
  assert.deepEqual(spans, [{ begin: 0, end: 17 }, { begin: 900, end: 30 + 30 * 39 + 17 }]);
  // At a shrink-to-fit factor of 1.5 the printed page shows the flow at 1/1.5: the same words sit 1.5 times closer.
  const scaled = words.map((w) => { const y = (w.y / 0.75 - area.y) / 1.5 * 0.75 + area.y * 0.75; return { ...w, x: (w.x / 0.75 - area.x) / 1.5 * 0.75 + area.x * 0.75, y, y2: y + 8 }; });
  assert.deepEqual(chromiumPageSpans(2, scaled, boxes, area, 1.5).map((p) => Math.round(p.begin)), [0, 900]);
});

test('a page none of whose words begins a text box has no break, nor do the pages after it', () => {
  const spans = chromiumPageSpans(3, [word(1, 0, 0, 'Elsewhere'), word(2, 0, 0, 'Row')], [box(0, 1000, 'Row 1')], area, 1);
  assert.equal(spans[0]!.begin, 0);
  assert.ok(spans.slice(1).every((p) => Number.isNaN(p.begin)));
});

test('pages are assigned by the element\'s top, or by its text when that begins a later page; textless between pages uncertain; past an unknown page unset', () => {
  const leaf = (y: number, text?: number): LayoutNode => ({ tag: 'p', classes: [], box: { x: 0, y, width: 10, height: 20 }, texts: text === undefined ? [] : [{ x: 0, y: text, width: 5, height: 10 }], style: {}, children: [] });
  // Page 1's text ends at 860, page 2's begins at 870 and ends at 1700, page 3's begins at 1750, page 4 unknown.
  // A box without text between pages 1 and 2; one whose text begins page 2 (padding of 9 px, or of 50 px above it); one whose text is above the break.
  const nodes = [leaf(10), leaf(860), leaf(861, 870), leaf(820, 870), leaf(850, 855), leaf(880), leaf(1800), leaf(2000)];
  const root: LayoutNode = { tag: 'body', classes: [], box: { x: 0, y: 0, width: 10, height: 3000 }, texts: [], style: {}, children: nodes };
  assignPages(root, [{ begin: 0, end: 860 }, { begin: 870, end: 1700 }, { begin: 1750, end: 2600 }, { begin: NaN, end: NaN }]);
  assert.deepEqual(nodes.map((n) => [n.page, n.pageUncertain ?? false]),
    [[0, false], [0, true], [1, false], [1, false], [0, false], [1, false], [undefined, false], [undefined, false]]);
});
