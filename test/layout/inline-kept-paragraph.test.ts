// In: compiled templates rendered more than once in one process. Out: checks that a paragraph of one text run kept
// between renders (src/layout/inline/items.ts) gives what collecting it again gives: bytes and warnings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { compileTemplate } from '../../src/index.ts';
import { layoutForInspection } from '../../src/inspect.ts';

const opts = { creationDate: new Date(0) };

test('a kept paragraph renders the same bytes and gives the same font warnings in every render', async () => {
  // U+0378 is unassigned: no font has it ('missing-glyph'); 'NoSuchFamily' is not available ('unknown-font').
  const html = '<!DOCTYPE html><style>td { font-family: NoSuchFamily } .w { white-space: pre-wrap }</style>' +
    '<table><tr><td>Item \u0378 one</td><td class="w">two\n  three</td><td>hy\u00adphen \u05e9\u05dc\u05d5\u05dd</td></tr></table>';
  const c = compileTemplate(html);
  const first = await c.render(null, opts);
  const second = await c.render(null, opts);
  assert.ok(first.warnings.some((w) => w.code === 'missing-glyph'), JSON.stringify(first.warnings));
  assert.ok(first.warnings.some((w) => w.code === 'unknown-font'), JSON.stringify(first.warnings));
  assert.deepEqual(second.warnings, first.warnings);
  assert.ok(Buffer.from(second.pdf).equals(Buffer.from(first.pdf)));
});

test('the same text in another style object is collected for that style', () => {
  // The 30px cell's paragraph is kept first; the 10px cell with the same text must not take it.
  const width = (cls: string): number => {
    const ins = layoutForInspection('<!DOCTYPE html><style>.a { font-size: 30px } .b { font-size: 10px }</style>' +
      `<table><tr><td class="${cls}">Same words here</td></tr></table>`);
    for (const [el, rec] of ins.elements) if ((el as Element).attribs.class === cls) return rec.texts[0]!.width;
    throw new Error('no cell');
  };
  const a = width('a'), b = width('b');
  assert.ok(Math.abs(a / b - 3) < 0.1, `${a} / ${b}`);
  assert.equal(width('a'), a);
  assert.equal(width('b'), b);
});
