// Golden PDFs: each fixture document rendered now must give the same pages, words and word
// positions (pdftotext -bbox, within 0.5 pt) as its committed golden PDF, and identical bytes twice.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { GOLDEN_CASES, renderCase, expectedPath } from './cases.ts';
import { tempDir } from '../tmp.ts';

interface Word { page: number; text: string; x: number; y: number }

/** Words with their page and top-left corner in pt, in pdftotext's reading order. */
function words(pdfFile: string): Word[] {
  const xml = execFileSync('pdftotext', ['-bbox', pdfFile, '-'], { encoding: 'utf8' });
  const out: Word[] = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/.exec(line);
    if (m) out.push({ page, text: m[3]!, x: Number(m[1]), y: Number(m[2]) });
  }
  return out;
}

const dir = tempDir('quire-golden-');

for (const name of Object.keys(GOLDEN_CASES)) {
  test(`golden: ${name} keeps its words and their positions`, async () => {
    const pdf = await renderCase(name);
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    const got = words(file);
    const want = words(expectedPath(name));
    assert.ok(want.length > 20, `the golden ${name} has words`);
    assert.deepEqual(got.map((w) => `${w.page}:${w.text}`), want.map((w) => `${w.page}:${w.text}`), 'same words on the same pages, in the same order');
    const off = got.map((w, i) => Math.max(Math.abs(w.x - want[i]!.x), Math.abs(w.y - want[i]!.y)));
    const worst = Math.max(...off);
    assert.ok(worst <= 0.5, `words moved by up to ${worst.toFixed(2)} pt (word "${got[off.indexOf(worst)]!.text}")`);
  });
}

test('golden: a fixed creation date gives byte-identical PDFs', async () => {
  const a = await renderCase('letter');
  const b = await renderCase('letter');
  assert.equal(Buffer.compare(Buffer.from(a), Buffer.from(b)), 0);
});
