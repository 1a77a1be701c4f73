import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml, rootElement, sourceLine, textContent } from '../../src/html/parse.ts';

const find = (node: any, name: string): Element | undefined => {
  for (const c of node.children ?? []) {
    if (c.name === name) return c;
    const r = find(c, name);
    if (r) return r;
  }
  return undefined;
};

test('parseHtml builds a domhandler tree with implied html/head/body', () => {
  const { document } = parseHtml('<p class=a>Hello <b>world</b>');
  const root = rootElement(document)!;
  assert.equal(root.name, 'html');
  assert.deepEqual(root.children.filter((c) => c.type === 'tag').map((c) => (c as Element).name), ['head', 'body']);
  const p = find(document, 'p')!;
  assert.equal(p.attribs['class'], 'a');
  assert.equal(textContent(p), 'Hello world');
});

test('quirks mode: no doctype and legacy doctypes are quirks; html5 and limited-quirks are not', () => {
  assert.equal(parseHtml('<p>x').quirksMode, true);
  assert.equal(parseHtml('<!DOCTYPE html><p>x').quirksMode, false);
  assert.equal(parseHtml('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p>x').quirksMode, true);
  // XHTML 1.0 Transitional with a system id is limited-quirks: treated as standards.
  assert.equal(parseHtml('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x').quirksMode, false);
});

test('sourceLine gives the 1-based line of an element, undefined for implied ones', () => {
  const { document } = parseHtml('<!doctype html>\n<html>\n<body>\n\n<div>\n<span>x</span></div>');
  assert.equal(sourceLine(find(document, 'div')!), 5);
  assert.equal(sourceLine(find(document, 'span')!), 6);
  assert.equal(sourceLine(find(document, 'head')!), undefined);
});

test('broken markup recovers as browsers do and never throws', () => {
  const { document } = parseHtml('<table><tr><td>a<td>b</table><p><div>x</p></div><<>>');
  const tbody = find(document, 'tbody');
  assert.ok(tbody, 'tbody is implied');
  assert.equal(tbody!.children.length, 1);
  assert.throws(() => parseHtml(42 as unknown as string), TypeError);
});

test('a leading byte order mark is dropped as the decoder does: no quirks mode, no text before <html> (Chromium 156: CSS1Compat, body starts with the <p>)', () => {
  const { document, quirksMode } = parseHtml('\uFEFF<!DOCTYPE html>\n<html><body><p id=p>x</p></body></html>');
  assert.equal(quirksMode, false);
  const body = (rootElement(document)!.children as Element[]).find((c) => c.name === 'body')!;
  assert.equal((body.children[0] as Element).name, 'p');
  assert.equal(textContent(body), 'x');
  assert.equal(sourceLine(body.children[0]!), 2);
});
