// The editor's reading of Mustache tags: "Detect" (variables and proposed types) and where a syntax error
// is (the span the editor underlines, the line the preview's message names). In: template sources. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Mustache from 'mustache';
import { detectVariables, syntaxErrorSpot, syntaxErrorWithLine } from '../../src/server/dashboard/detect.ts';

/** mustache.js's own message for `source` (the one the worker and the editor see). */
function parseError(source: string): string {
  try {
    new Mustache.Writer().parse(source);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no syntax error');
}

test('detect: top-level names in order of first use, lists from sections that read fields, booleans, dates by name', () => {
  const src = '{{title}} {{{bio}}} {{dueDate}} {{#items}}{{name}} {{qty}}{{/items}} {{#paid}}PAID{{/paid}} {{^notes}}none{{/notes}} {{customer.name}} {{title}}';
  assert.deepEqual(detectVariables(src), [
    { name: 'title', type: 'string' }, { name: 'bio', type: 'string' }, { name: 'dueDate', type: 'date' },
    { name: 'items', type: 'list' }, { name: 'paid', type: 'boolean' }, { name: 'notes', type: 'boolean' }, { name: 'customer', type: 'string' },
  ]);
  assert.throws(() => detectVariables('{{#a}}'), /Unclosed section "a"/);
});

test('an unclosed section is found at its opening tag, not at the end where Mustache notices it', () => {
  const src = '<h1>x</h1>\n<p>{{#items}}</p>\n{{#a}}{{/a}}\n<p>end</p>\n';
  const msg = parseError(src);
  assert.match(msg, /Unclosed section "items" at \d+$/);
  const spot = syntaxErrorSpot(src, msg)!;
  assert.equal(src.slice(spot.from, spot.to), '{{#items}}');
  assert.equal(spot.line, 2);
  assert.equal(syntaxErrorWithLine(src, `template syntax error: ${msg}`), 'template syntax error: Unclosed section "items" (line 2)');
});

test('a section closed by the wrong name points at the inner section left open; an unopened close and an unclosed tag at themselves', () => {
  const nested = 'a\n{{#outer}}\n{{^inner}}\n{{/outer}}\n';
  const spot = syntaxErrorSpot(nested, parseError(nested))!;
  assert.deepEqual([nested.slice(spot.from, spot.to), spot.line], ['{{^inner}}', 3]);
  const unopened = 'a\nb\n{{/nope}}';
  const u = syntaxErrorSpot(unopened, parseError(unopened))!;
  assert.deepEqual([unopened.slice(u.from, u.to), u.line], ['{{/nope}}', 3]);
  const tag = 'ok {{a}}\n\nthen {{broken\nmore';
  const t = syntaxErrorSpot(tag, parseError(tag))!;
  assert.deepEqual([tag.slice(t.from, t.to), t.line], ['{{', 3]);
  assert.equal(syntaxErrorSpot('x', 'some other failure'), null);
  assert.equal(syntaxErrorWithLine('x', 'document exceeds the limit of 500 pages'), 'document exceeds the limit of 500 pages');
});
