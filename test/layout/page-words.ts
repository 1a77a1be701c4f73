// In: an HTML document. Out: the words of every page of its PDF (renderPdf, then pdftotext -bbox) as "TEXT x y"
// strings (xMin, yMin in pt, 2 decimals): the form in which the *-chromium tests write Chromium 156's prints down.
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { pdftotext } from '../paint/pdf-helpers.ts';

/** Words per page as "TEXT x y" (pt), in pdftotext's reading order. */
export async function pageWords(html: string): Promise<string[][]> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const pages: string[][] = [];
  for (const line of pdftotext(out.pdf, ['-bbox']).split('\n')) {
    if (line.includes('<page ')) pages.push([]);
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/.exec(line);
    if (m) pages[pages.length - 1]!.push(`${m[3]} ${(+m[1]!).toFixed(2)} ${(+m[2]!).toFixed(2)}`);
  }
  return pages;
}

/** Asserts that `got` has Chromium's words `want` on each page, ignoring order, positions within 0.15 pt; `name` labels failures. */
export function assertPageWords(got: string[][], want: string[][], name: string): void {
  assert.equal(got.length, want.length, `${name}: ${got.length} pages, Chromium ${want.length}`);
  want.forEach((w, i) => {
    const key = (s: string): [string, number, number] => { const [t, x, y] = s.split(' '); return [t!, +x!, +y!]; };
    const left = got[i]!.map(key);
    const missing: string[] = [];
    for (const [t, x, y] of w.map(key)) {
      const k = left.findIndex(([t2, x2, y2]) => t2 === t && Math.abs(x2 - x) <= 0.15 && Math.abs(y2 - y) <= 0.15);
      if (k < 0) missing.push(`${t} ${x} ${y}`); else left.splice(k, 1);
    }
    assert.deepEqual({ missing, extra: left.map((l) => l.join(' ')) }, { missing: [], extra: [] }, `${name}, page ${i + 1}: ${got[i]!.join(' | ')}`);
  });
}
