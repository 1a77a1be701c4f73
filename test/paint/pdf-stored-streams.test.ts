// In: documents whose opacity groups are written as form XObjects (src/paint/pdf-doc.ts, pdf.ts).
// Out: checks that a stream of a few operators is written as it is (no /Filter) and a longer one deflated, both readable by qpdf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { renderPdf } from '../../src/index.ts';
import { tempDir } from '../tmp.ts';

const dir = tempDir('quire-stored-streams-');

/** The dictionaries and stream data of the file's form XObjects (stream objects stand outside object streams). */
function forms(pdf: Uint8Array): Array<{ dict: string; data: Buffer }> {
  const text = Buffer.from(pdf).toString('latin1');
  const out: Array<{ dict: string; data: Buffer }> = [];
  for (const m of text.matchAll(/\d+ 0 obj\n(<<[\s\S]*?>>)\nstream\n/g)) {
    const dict = m[1]!;
    if (!dict.includes('/Subtype /Form')) continue;
    const len = Number(/\/Length (\d+)/.exec(dict)![1]);
    const at = m.index! + m[0].length;
    out.push({ dict, data: Buffer.from(pdf).subarray(at, at + len) });
  }
  return out;
}

test('an opacity group of a few operators is written as it is, a longer one deflated; qpdf reads both', async () => {
  const boxes = Array.from({ length: 40 }, (_, i) => `<div style="position:absolute;left:${i * 7}px;top:${i * 3}px;width:5px;height:5px;background:#${(i * 37 % 256).toString(16).padStart(2, '0')}3366"></div>`).join('');
  const html = `<div style="opacity:.5;width:20px;height:20px;background:red"></div><div style="opacity:.4;position:relative;height:200px">${boxes}</div>`;
  const r = await renderPdf(html, { creationDate: new Date(0) });
  const fs = forms(r.pdf);
  assert.equal(fs.length, 2);
  const small = fs.find((f) => !f.dict.includes('/Filter'));
  const large = fs.find((f) => f.dict.includes('/Filter /FlateDecode'));
  assert.ok(small && large, 'one form stored, one deflated');
  assert.match(small.data.toString('latin1'), /re f/);
  assert.ok(small.data.length < 128);
  assert.ok(inflateSync(large.data).length >= 128);
  const file = path.join(dir, 'groups.pdf');
  writeFileSync(file, r.pdf);
  execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
});
