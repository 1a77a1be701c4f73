// Variables and the Mustache fill: types, defaults, one message for every problem, escaping and sections.
// In: resolveValues, parseVariableDefs, fillTemplate. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkTemplateSyntax, fillTemplate, TemplateSyntaxError } from '../../src/template/fill.ts';
import { coerceValue, parseVariableDefs, resolveValues, type VariableDef } from '../../src/template/variables.ts';

test('types: strings accepted for every scalar; numbers, dates and booleans checked', () => {
  assert.equal(coerceValue('number', '1000.00'), '1000.00');
  assert.equal(coerceValue('number', 12.5), 12.5);
  assert.equal(coerceValue('number', '-3'), '-3');
  assert.equal(coerceValue('number', '1e5'), undefined);
  assert.equal(coerceValue('number', 'abc'), undefined);
  assert.equal(coerceValue('number', ''), undefined);
  assert.equal(coerceValue('date', '2024-02-29'), '2024-02-29');
  assert.equal(coerceValue('date', '2023-02-29'), undefined);
  assert.equal(coerceValue('date', '2023-13-01'), undefined);
  assert.equal(coerceValue('date', '2023-1-01'), undefined);
  assert.equal(coerceValue('boolean', 'true'), true);
  assert.equal(coerceValue('boolean', 'false'), false);
  assert.equal(coerceValue('boolean', false), false);
  assert.equal(coerceValue('boolean', 'yes'), undefined);
  assert.equal(coerceValue('string', 42), '42');
  assert.equal(coerceValue('string', { a: 1 }), undefined);
  assert.deepEqual(coerceValue('list', [{ a: 1 }]), [{ a: 1 }]);
  assert.equal(coerceValue('list', [1, 2]), undefined);
  assert.equal(coerceValue('list', 'x'), undefined);
});

test('defaults fill omitted values; unknown keys are ignored; all problems in one message', () => {
  const defs: VariableDef[] = [
    { name: 'customerName', type: 'string' },
    { name: 'dueDate', type: 'date' },
    { name: 'currency', type: 'string', default: 'EUR' },
    { name: 'total', type: 'number' },
  ];
  const ok = resolveValues(defs, { customerName: 'A', dueDate: '2026-01-31', total: '9.90', stray: 'x' });
  assert.ok(ok.ok);
  assert.deepEqual(ok.view, { customerName: 'A', dueDate: '2026-01-31', currency: 'EUR', total: '9.90' });
  const bad = resolveValues(defs, { total: 'lots' });
  assert.ok(!bad.ok);
  assert.deepEqual(bad.missing, ['customerName', 'dueDate']);
  assert.equal(bad.message, 'Missing template variables: customerName, dueDate; invalid template variables: total (must be a decimal number)');
  const onlyMissing = resolveValues(defs, { total: 1 });
  assert.ok(!onlyMissing.ok);
  assert.equal(onlyMissing.message, 'Missing template variables: customerName, dueDate');
  const nulls = resolveValues(defs, { customerName: null, dueDate: '2026-01-01', total: 1, currency: null });
  assert.ok(!nulls.ok && nulls.missing.join() === 'customerName');
});

test('parseVariableDefs checks names, types, duplicates and defaults', () => {
  assert.deepEqual(parseVariableDefs([{ name: 'a', type: 'number', default: '1.5' }]), [{ name: 'a', type: 'number', default: '1.5' }]);
  assert.throws(() => parseVariableDefs([{ name: '1a', type: 'string' }]), /variable name/);
  assert.throws(() => parseVariableDefs([{ name: 'a', type: 'money' }]), /invalid variables list/);
  assert.throws(() => parseVariableDefs([{ name: 'a', type: 'string' }, { name: 'a', type: 'date' }]), /declared twice/);
  assert.throws(() => parseVariableDefs([{ name: 'd', type: 'date', default: 'tomorrow' }]), /default of d must be a date/);
  assert.throws(() => parseVariableDefs({ name: 'a' }), /invalid variables list/);
});

test('Mustache: {{x}} escaped, {{{x}}} raw, list sections, inverted sections', () => {
  const html = '<p>{{name}}</p><div>{{{html}}}</div><ul>{{#items}}<li>{{label}}: {{price}}</li>{{/items}}</ul>{{#paid}}PAID{{/paid}}{{^paid}}DUE{{/paid}}{{^items}}none{{/items}}';
  const out = fillTemplate(html, {
    name: '<script>alert("x")</script> & co', html: '<em>ok</em>',
    items: [{ label: 'A', price: '1.00' }, { label: 'B<', price: '2.00' }], paid: false,
  });
  assert.equal(out,
    '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt; &amp; co</p><div><em>ok</em></div><ul><li>A: 1.00</li><li>B&lt;: 2.00</li></ul>DUE');
  assert.equal(fillTemplate('{{#paid}}PAID{{/paid}}{{^items}}none{{/items}}', { paid: true, items: [] }), 'PAIDnone');
  assert.throws(() => checkTemplateSyntax('{{#a}}open'), TemplateSyntaxError);
  assert.throws(() => fillTemplate('{{/a}}', {}), TemplateSyntaxError);
});
