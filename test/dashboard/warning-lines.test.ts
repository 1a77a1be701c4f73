// Warning lines of a filled template moved back to the template's lines (the editor jumps there).
// In: warnings with their filled-line text, template sources. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapWarningLines, withLineTexts } from '../../src/server/warning-lines.ts';

const template = [
  '<style>', 'p { colr: red }', '</style>', '{{#items}}', '<p>{{name}}</p>', '{{/items}}',
  '<p style="foo: 1">{{title}} and more</p>', '<img src="nope.png">',
].join('\n');
// What the fill made of it with three items (each item adds a line).
const filled = [
  '<style>', 'p { colr: red }', '</style>', '', '<p>a</p>', '', '<p>b</p>', '', '<p>c</p>', '',
  '<p style="foo: 1">Hello and more</p>', '<img src="nope.png">',
].join('\n');

test('lines before any expansion stay, later ones move to the template line with the same text or the placeholder line that made them', () => {
  const warnings = withLineTexts([
    { code: 'unsupported-property', message: 'colr', line: 2 },
    { code: 'unsupported-property', message: 'foo', line: 11 },
    { code: 'resource-missing', message: 'nope.png', line: 12 },
    { code: 'unknown-font', message: 'no line' },
  ], filled);
  assert.equal(warnings[1]!.lineText, '<p style="foo: 1">Hello and more</p>');
  assert.deepEqual(mapWarningLines(warnings, template).map((w) => w.line), [2, 7, 8, undefined]);
  assert.ok(mapWarningLines(warnings, template).every((w) => !('lineText' in w)));
});

test('a line no template line can produce keeps its number; a line of 40 placeholders is matched without backtracking', { timeout: 20_000 }, () => {
  assert.equal(mapWarningLines([{ code: 'layout', message: 'x', line: 3, lineText: 'nothing like it' }], 'a\nb\nc\nd')[0]!.line, 3);
  const many = Array.from({ length: 40 }, (_, i) => `{{v${i}}}-`).join('');
  // A backtracking matcher would take about 40^40 steps on this near miss (the test would time out).
  const r = mapWarningLines([{ code: 'layout', message: 'x', line: 1, lineText: 'x-'.repeat(39) + 'y' }], `a\n${many}`);
  assert.equal(r[0]!.line, 1);
});
