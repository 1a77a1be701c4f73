/**
 * PDF writer: link annotations and named destinations. In: display lists with 'link' and
 * 'anchor' items. Out: assertions on the uncompressed (qpdf --qdf) PDF and pdftohtml's link list.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writePdf } from '../../src/paint/pdf.ts';
import { WarningSink } from '../../src/warnings.ts';
import { qdf, qpdfCheck } from './pdf-helpers.ts';

const DATE = new Date('2024-01-01T00:00:00Z');

test('URI links with their pt rects; internal links go to named destinations', async () => {
  const sink = new WarningSink();
  const pdf = await writePdf({ info: {}, pages: [
    { width: 800, height: 1000, items: [
      { kind: 'link', rect: { x: 100, y: 200, w: 80, h: 20 }, url: 'https://example.com/a?b=1&c=2' },
      { kind: 'link', rect: { x: 10, y: 10, w: 40, h: 16 }, url: 'mailto:ada@example.com' },
      { kind: 'link', rect: { x: 10, y: 40, w: 40, h: 16 }, url: '#total' },
      { kind: 'link', rect: { x: 10, y: 70, w: 40, h: 16 }, url: 'javascript:alert(1)' },
      { kind: 'link', rect: { x: 10, y: 90, w: 40, h: 16 }, url: 'https://example.com/café' },
    ] },
    { width: 800, height: 1000, items: [{ kind: 'anchor', name: 'total', x: 40, y: 400 }, { kind: 'anchor', name: 'total', x: 0, y: 0 }] },
  ] }, { creationDate: DATE, warnings: sink });
  const q = qdf(pdf);
  assert.match(q, /\/URI \(https:\/\/example\.com\/a\?b=1&c=2\)/);
  assert.match(q, /\/URI \(mailto:ada@example\.com\)/);
  assert.match(q, /\/URI \(https:\/\/example\.com\/caf%C3%A9\)/);
  assert.doesNotMatch(q, /javascript/);
  assert.equal(sink.list.filter((w) => w.code === 'resource-blocked').length, 1);
  // 100,200 80×20 px on a 1000 px (750 pt) page → [75 585 135 600] pt.
  const rects = [...q.matchAll(/\/Rect \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => m.slice(1, 5).map(Number));
  assert.deepEqual(rects[0], [75, 585, 135, 600]);
  assert.equal(rects.length, 4);
  assert.match(q, /\/S \/GoTo/);
  assert.match(q, /\/D \(total\)/);
  // The destination: page 2, /XYZ 30 450 (pt, y up); the first anchor of a name wins.
  const dest = /\/Names \[\s*\(total\)\s*\[\s*(\d+) 0 R\s*\/XYZ\s+([\d.]+)\s+([\d.]+)\s+null\s*\]/.exec(q);
  assert.ok(dest, 'a named destination "total"');
  assert.equal(+dest[2]!, 30);
  assert.equal(+dest[3]!, 450);
  const page2 = [...q.matchAll(/%% Page 2\n%% Original object ID: \d+ 0\n(\d+) 0 obj/g)];
  assert.equal(page2[0]?.[1], dest[1]);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});
