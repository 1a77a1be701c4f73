// In: an HTML document and Chromium 156's words of its print (`word@page:x,y`, px, as pdftotext -bbox reads Chromium's page.pdf).
// Out: assertions that our PDF (renderPdf, read back the same way) puts every word on the same page at the same place.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { tempDir } from '../tmp.ts';

/** A word of a printed PDF: its text, 0-based page and the top-left of its box (px). */
export interface PrintedWord { t: string; page: number; x: number; y: number }

/** The words of our print of `html` (renderPdf, pdftotext -bbox), px. */
export async function printedWords(html: string): Promise<PrintedWord[]> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-words-');
  writeFileSync(join(dir, 'w.pdf'), out.pdf);
  const xml = execFileSync('pdftotext', ['-bbox', join(dir, 'w.pdf'), '-'], { encoding: 'utf8' });
  const res: PrintedWord[] = [];
  let page = -1;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/.exec(line);
    if (m) res.push({ t: m[3]!, page, x: +m[1]! / 0.75, y: +m[2]! / 0.75 });
  }
  return res;
}

/** Parses Chromium's figures: space-separated `word@page:x,y` (0-based page, px). */
export function parseWords(figures: string): PrintedWord[] {
  return figures.split(' ').map((s) => {
    const m = /^(.+)@(\d+):([\d.]+),([\d.]+)$/.exec(s);
    assert.ok(m, `bad figure ${s}`);
    return { t: m[1]!, page: +m[2]!, x: +m[3]!, y: +m[4]! };
  });
}

/** Asserts that our print of `html` has Chromium's words, each on Chromium's page within `tol` px of Chromium's place. */
export async function assertPrintedLikeChromium(html: string, figures: string, tol = 0.5): Promise<void> {
  const want = parseWords(figures);
  const got = await printedWords(html);
  assert.equal(got.length, want.length, `${got.length} words, Chromium ${want.length}`);
  const used = new Set<PrintedWord>();
  for (const w of want) {
    const g = got.find((q) => q.t === w.t && q.page === w.page && !used.has(q));
    assert.ok(g, `'${w.t}' on page ${w.page + 1} as in Chromium; ours on page(s) ${got.filter((q) => q.t === w.t).map((q) => q.page + 1).join(', ')}`);
    used.add(g);
    assert.ok(Math.abs(g.x - w.x) < tol && Math.abs(g.y - w.y) < tol, `'${w.t}' page ${w.page + 1}: ours at ${g.x.toFixed(1)}, ${g.y.toFixed(1)} px, Chromium ${w.x}, ${w.y}`);
  }
}
