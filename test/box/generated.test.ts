/**
 * Generated content, counters and list markers (CSS 2.1 §12, css-lists-3, css-counter-styles-3).
 * In: HTML through the real cascade, counter values. Out: asserted pseudo boxes and marker text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyDump, build } from './helpers.ts';
import { formatCounter, markerText, CounterState } from '../../src/box/index.ts';
import type { BlockBox, InlineBox, MarkerBox, TextRun } from '../../src/box/types.ts';

const doc = (body: string): string => `<!doctype html><html><head></head><body>${body}</body></html>`;
const p = (html: string, opts = {}): string => bodyDump(doc(html), opts);

function markers(html: string, opts = {}): string[] {
  const { body } = build(doc(html), opts);
  const out: string[] = [];
  const walk = (b: BlockBox): void => {
    if (b.marker) out.push(b.marker.text);
    for (const c of b.children) if (c.kind === 'block') walk(c);
  };
  walk(body);
  return out;
}

test('counter styles: decimal, leading zero, alpha, roman, greek, bullets, fallbacks', () => {
  assert.equal(markerText(4, 'lower-roman'), 'iv. ');
  assert.equal(markerText(28, 'lower-alpha'), 'ab. ');
  assert.equal(markerText(28, 'upper-latin'), 'AB. ');
  assert.equal(markerText(1994, 'upper-roman'), 'MCMXCIV. ');
  assert.equal(markerText(7, 'decimal-leading-zero'), '07. ');
  assert.equal(markerText(12, 'decimal-leading-zero'), '12. ');
  assert.equal(markerText(3, 'lower-greek'), 'γ. ');
  assert.equal(markerText(25, 'lower-greek'), 'αα. ');
  assert.equal(markerText(1, 'disc'), '\u2022 ');
  assert.equal(markerText(1, 'circle'), '\u25E6 ');
  assert.equal(markerText(1, 'square'), '\u25AA ');
  assert.equal(markerText(5, 'none'), '');
  assert.equal(markerText(5, '"→ '), '→ ');
  assert.equal(formatCounter(0, 'lower-alpha'), '0');
  assert.equal(formatCounter(4000, 'lower-roman'), '4000');
  assert.equal(formatCounter(-3, 'decimal'), '-3');
  assert.equal(formatCounter(3, 'no-such-style'), '3');
  assert.equal(formatCounter(12, 'armenian'), 'ԺԲ');
  assert.equal(formatCounter(305, 'cjk-decimal'), '三〇五');
});

test('ordered lists: numbering, start, value, reversed', () => {
  assert.deepEqual(markers('<ol><li>a<li>b<li>c</ol>'), ['1. ', '2. ', '3. ']);
  assert.deepEqual(markers('<ol start=4><li>a<li>b</ol>', { rules: { ol: 'list-style-type: lower-roman' } }), ['iv. ', 'v. ']);
  assert.deepEqual(markers('<ol><li>a<li value=10>b<li>c</ol>'), ['1. ', '10. ', '11. ']);
  assert.deepEqual(markers('<ol reversed><li>a<li>b<li>c</ol>'), ['3. ', '2. ', '1. ']);
  assert.deepEqual(markers('<ol reversed start=10><li>a<li>b</ol>'), ['10. ', '9. ']);
  assert.deepEqual(markers('<ol start=27><li>a<li>b</ol>', { rules: { ol: 'list-style-type: lower-alpha' } }), ['aa. ', 'ab. ']);
  assert.deepEqual(markers('<ol><li>a</ol><ol><li>b</ol>'), ['1. ', '1. ']);
});

test('every listed list-style-type gives its marker', () => {
  const cases: Record<string, string> = {
    disc: '\u2022 ', circle: '\u25E6 ', square: '\u25AA ', decimal: '2. ', 'decimal-leading-zero': '02. ',
    'lower-alpha': 'b. ', 'upper-alpha': 'B. ', 'lower-latin': 'b. ', 'upper-latin': 'B. ',
    'lower-roman': 'ii. ', 'upper-roman': 'II. ', 'lower-greek': 'β. ',
  };
  for (const [type, want] of Object.entries(cases)) {
    assert.deepEqual(markers('<ul><li>a<li>b</ul>', { rules: { ul: `list-style-type: ${type}` } })[1], want, type);
  }
  assert.deepEqual(markers('<ul><li>a</ul>', { rules: { ul: 'list-style-type: none' } }), []);
  assert.deepEqual(markers('<ul><li>a</ul>', { rules: { ul: 'list-style-type: "-> "' } }), ['-> ']);
});

test('bullets carry a shape for paint; outside markers sit on the list item box', () => {
  const { body } = build(doc('<ul><li>a</li></ul>'), { rules: { ul: 'list-style-type: square' } });
  const li = (body.children[0] as BlockBox).children[0] as BlockBox;
  const m = li.marker as MarkerBox;
  assert.equal(m.kind, 'marker');
  assert.equal(m.bullet, 'square');
  assert.equal(m.pseudo, 'marker');
  assert.equal(m.style.whiteSpace, 'pre');
});

test('inside markers are the first inline child; nested lists', () => {
  assert.equal(p('<ol style="list-style-position:inside"><li>a</ol>'), 'B<ol>[B<li>[I<li::marker>["1. "] "a"]]');
  assert.deepEqual(markers('<ol><li>a<ol><li>b<li>c</ol><li>d</ol>'), ['1. ', '1. ', '2. ', '2. ']);
});

test('::marker content overrides the list style', () => {
  assert.deepEqual(markers('<ul><li>a</ul>', { pseudo: { 'li::marker': 'content: "(" counter(list-item) ")"' } }), ['(1)']);
  assert.deepEqual(markers('<ul><li>a</ul>', { pseudo: { 'li::marker': 'content: none' } }), []);
});

test('::before / ::after with strings and attr(), as first and last children', () => {
  assert.equal(p('<p data-x="7">mid</p>', { pseudo: { 'p::before': 'content: "[" attr(data-x) "] "', 'p::after': 'content: "!"' } }),
    'B<p>[I<p::before>["[7] "] "mid" I<p::after>["!"]]');
  assert.equal(p('<p>x</p>', { pseudo: { 'p::before': 'content: "B"; display: block' } }), 'B<p>[B<p::before>["B"] A["x"]]');
  assert.equal(p('<p>x</p>', { pseudo: { 'p::before': 'content: none' } }), 'B<p>["x"]');
});

test('counters: reset/increment/set with scoping; counters() joins nested values "1.2.3"', () => {
  const opts = {
    rules: { ol: 'counter-reset: item; list-style-type: none', li: 'counter-increment: item' },
    pseudo: { 'li::before': 'content: counters(item, ".") " "' },
  };
  const { body } = build(doc('<ol><li>a<li>b<ol><li>c<li>d<ol><li>e<li>f<li>g</ol></ol><li>h</ol>'), opts);
  const texts: string[] = [];
  const walk = (b: BlockBox | InlineBox): void => {
    for (const c of b.children) {
      if (c.kind === 'inline' && c.pseudo === 'before') texts.push((c.children[0] as TextRun).text);
      if (c.kind === 'block' || c.kind === 'inline') walk(c);
    }
  };
  walk(body);
  assert.deepEqual(texts, ['1 ', '2 ', '2.1 ', '2.2 ', '2.2.1 ', '2.2.2 ', '2.2.3 ', '3 ']);
});

test('counter-set, siblings sharing a counter, counter styles in counter()', () => {
  const opts = {
    rules: { h1: 'counter-increment: ch; counter-reset: sec', h2: 'counter-increment: sec', '.jump': 'counter-set: sec 9' },
    pseudo: { 'h2::before': 'content: counter(ch, upper-roman) "." counter(sec, lower-alpha) " "' },
  };
  assert.equal(p('<h1>A</h1><h2>x</h2><h2 class=jump>y</h2><h1>B</h1><h2>z</h2>', opts),
    'B<h1>["A"] B<h2>[I<h2::before>["I.a "] "x"] B<h2>[I<h2::before>["I.i "] "y"] B<h1>["B"] B<h2>[I<h2::before>["II.a "] "z"]');
});

test('CounterState: a counter used without reset is instantiated at 0; set applies after increment', () => {
  const c = new CounterState();
  assert.equal(c.value('x'), 0);
  c.apply([], [{ name: 'x', value: 2 }], [], 0);
  assert.equal(c.value('x'), 2);
  c.apply([], [{ name: 'x', value: 1 }], [{ name: 'x', value: 7 }], 0);
  assert.equal(c.value('x'), 7);
});

test('quotes: open/close with nesting depth, auto English quotes, custom quotes', () => {
  const opts = { pseudo: { 'q::before': 'content: open-quote', 'q::after': 'content: close-quote' } };
  assert.equal(p('<p><q>a <q>b</q></q></p>', opts), 'B<p>[I<q>[I<q::before>["\u201C"] "a " I<q>[I<q::before>["\u2018"] "b" I<q::after>["\u2019"]] I<q::after>["\u201D"]]]');
  assert.equal(p('<p><q>a</q></p>', { rules: { p: 'quotes: "<" ">"' }, ...opts }), 'B<p>[I<q>[I<q::before>["<"] "a" I<q::after>[">"]]]');
});

test('counter(page) and counter(pages) are left for layout as pageCounter runs', () => {
  assert.equal(p('<p>x</p>', { pseudo: { 'p::after': 'content: " p. " counter(page) "/" counter(pages, lower-roman)' } }),
    'B<p>["x" I<p::after>[" p. " PAGE(page) "/" PAGE(pages)]]');
  const { body } = build(doc('<p>x</p>'), { pseudo: { 'p::after': 'content: counter(pages, lower-roman)' } });
  const after = (body.children[0] as BlockBox).children[1] as InlineBox;
  assert.deepEqual((after.children[0] as TextRun).pageCounter, { name: 'pages', style: 'lower-roman' });
});

test('<summary> gets a marker but does not count as a list item', () => {
  // The summary shows the current list-item value (2) without incrementing it.
  assert.deepEqual(markers('<ol><li>a<li><details open><summary>s</summary></details><li>c</ol>', { rules: { summary: 'list-style-type: decimal' } }), ['1. ', '2. ', '2. ', '3. ']);
});
