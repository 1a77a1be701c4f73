/**
 * White space phase I (css-text-3 §4.1.1) per white-space value, LineBreak boxes, text-transform.
 * In: HTML through the real cascade. Out: asserted text runs and line breaks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyDump, build } from './helpers.ts';
import { transformText } from '../../src/box/index.ts';
import type { BlockBox, TextRun } from '../../src/box/types.ts';

const doc = (body: string): string => `<!doctype html><html><head></head><body>${body}</body></html>`;
const p = (html: string, opts = {}): string => bodyDump(doc(html), opts);

test('normal: sequences of spaces, tabs and newlines collapse to one space; leading/trailing removed', () => {
  assert.equal(p('<p>\n  a \t\n  b  c \n</p>'), 'B<p>["a b c"]');
});

test('collapsing across inline box boundaries: a space after a space is removed', () => {
  assert.equal(p('<p>a <b> b </b> c</p>'), 'B<p>["a " I<b>["b "] "c"]');
  assert.equal(p('<p>a <b> </b> <i> c</i></p>'), 'B<p>["a " I<b>[] I<i>["c"]]');
});

test('atomic inlines stop collapsing; floats are transparent', () => {
  assert.equal(p('<p>a <span style="display:inline-block">x</span> b</p>'), 'B<p>["a " IB<span>["x"] " b"]');
  assert.equal(p('<p>a <span style="float:left">x</span> b</p>'), 'B<p>["a " B<span>["x"] "b"]');
});

test('nowrap collapses like normal', () => {
  assert.equal(p('<p style="white-space:nowrap">a   b\n c</p>'), 'B<p>["a b c"]');
});

test('pre: spaces and tabs kept, newlines become LineBreak boxes', () => {
  assert.equal(p('<pre>  a\tb\n\n c </pre>'), 'B<pre>["  a\\tb" BR BR " c "]');
  // the HTML parser drops the first newline after <pre>
  assert.equal(p('<pre>\nx\ny</pre>'), 'B<pre>["x" BR "y"]');
});

test('pre-wrap and break-spaces preserve like pre', () => {
  assert.equal(p('<p style="white-space:pre-wrap">a  b\nc </p>'), 'B<p>["a  b" BR "c "]');
  assert.equal(p('<p style="white-space:break-spaces">a  b\nc</p>'), 'B<p>["a  b" BR "c"]');
});

test('pre-line: spaces around newlines removed, other sequences collapse, newlines forced breaks', () => {
  assert.equal(p('<p style="white-space:pre-line">  a   b  \n   c\t\td\n</p>'), 'B<p>["a b" BR "c d" BR]');
});

test('a collapsible space after a preserved one is kept; a preserved space after a collapsible one too', () => {
  assert.equal(p('<p>a <span style="white-space:pre">  b  </span> c</p>'), 'B<p>["a " I<span>["  b  "] " c"]');
});

test('<br> is a LineBreak; spaces around it are removed', () => {
  assert.equal(p('<p>a <br> b<br>c</p>'), 'B<p>["a" BR "b" BR "c"]');
});

test('soft hyphens are kept in the text', () => {
  const { body } = build(doc('<p>hy\u00ADphen</p>'));
  assert.equal(((body.children[0] as BlockBox).children[0] as TextRun).text, 'hy\u00ADphen');
});

test('text-transform: uppercase, lowercase, capitalize (Unicode, across inline boundaries)', () => {
  assert.equal(p('<p style="text-transform:uppercase">straße éa</p>'), 'B<p>["STRASSE ÉA"]');
  assert.equal(p('<p style="text-transform:lowercase">ÉCOLE Ab</p>'), 'B<p>["école ab"]');
  assert.equal(p('<p style="text-transform:capitalize">hello wörld-wide élan don\'t 3d</p>'), 'B<p>["Hello Wörld-Wide Élan Don\'t 3d"]');
  assert.equal(p('<p style="text-transform:capitalize">foo<b>bar</b> <b>baz</b></p>'), 'B<p>["Foo" I<b>["bar"] " " I<b>["Baz"]]');
  assert.equal(transformText('a b', 'capitalize', 'x'), 'a B');
  assert.equal(transformText('a b', 'capitalize', ' '), 'A B');
});

test('text runs take their parent element style', () => {
  const { body } = build(doc('<p>a<b style="white-space:pre"> x </b></p>'));
  const pbox = body.children[0] as BlockBox;
  const b = pbox.children[1] as { children: TextRun[]; style: unknown };
  assert.equal(b.children[0]!.style, b.style);
});

test('content "\\A" (the escape eats one space) with white-space: pre gives a LineBreak; <wbr> is a zero width space', () => {
  assert.equal(p('<p>a</p>', { pseudo: { 'p::after': 'content: "x\\A y"; white-space: pre' } }), 'B<p>["a" I<p::after>["x" BR "y"]]');
  assert.equal(p('<p>long<wbr>word</p>'), 'B<p>["long" "\\u200B" "word"]'.replace('\\u200B', '\u200B'));
});
