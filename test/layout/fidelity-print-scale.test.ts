// In: small documents whose content is wider than the page area, rendered through renderPdf and read back with pdftotext -bbox.
// Out: word positions in pt against Chromium 156's print shrink-to-fit (headless --print-to-pdf), plus the factor computation on fragments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { overflowShrinkFactor, MAXIMUM_SHRINK_FACTOR } from '../../src/layout/print-scale.ts';
import { layoutHtml } from './helpers.ts';
import { tempDir } from '../tmp.ts';

async function words(html: string): Promise<{ size: string; words: Array<{ t: string; x: number; y: number; x2: number }> }> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-scale-');
  writeFileSync(join(dir, 's.pdf'), out.pdf);
  const xml = execFileSync('pdftotext', ['-bbox', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(xml)!;
  return {
    size: `${page[1]}x${page[2]}`,
    words: [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({ t: m[4]!, x: +m[1]!, y: +m[2]!, x2: +m[3]! })),
  };
}

const doc = (extra: string, page = 'size: 800px 1000px; margin: 0'): string =>
  `<!DOCTYPE html><style>@page { ${page} } body { margin: 0; font: 20px/30px "Liberation Sans" }</style><div>AAA wide</div><div>next line</div>${extra}`;

// Chromium 156, --print-to-pdf, same documents: yMin of "next" is 16.95 pt when the content is 1.5
// times too wide or more (4000 px: capped), 20.34 pt at 1000 px (factor 1.25), 25.42 pt when it fits.
test('content 1000 px wide on an 800 px page is laid out 1.25 times wider and printed at 1/1.25, as Chromium', async () => {
  const r = await words(doc('', 'size: 800px 1000px; margin: 0').replace('<div>AAA wide</div>', '<div style="width:1000px">AAA wide</div>'));
  const next = r.words.find((w) => w.t === 'next')!;
  assert.ok(Math.abs(next.y - 20.34) < 0.6, `"next" at y ${next.y} pt, Chromium 20.34`);
  const aaa = r.words.find((w) => w.t === 'AAA')!;
  assert.ok(Math.abs(aaa.x2 - aaa.x - 24.01) < 0.3, `"AAA" ${aaa.x2 - aaa.x} pt wide, Chromium 24.01 (30.01 / 1.25)`);
  assert.equal(r.size, '600.000000x750.000000', 'the paper keeps its size');
});

test('the shrink is capped at 1/1.5 (Chromium: 4000 px content on an 800 px page)', async () => {
  const r = await words(doc('').replace('<div>AAA wide</div>', '<div style="width:4000px">AAA wide</div>'));
  const next = r.words.find((w) => w.t === 'next')!;
  assert.ok(Math.abs(next.y - 16.95) < 0.6, `"next" at y ${next.y} pt, Chromium 16.95`);
});

test('what does not count: clipped overflow, zero-height boxes (Chromium prints both unscaled)', async () => {
  for (const extra of ['<div style="overflow:hidden;width:100px"><div style="width:1000px">x</div></div>', '<div style="width:1000px;height:0"></div>', '<div style="width:100px;height:0;border-right:900px solid red"></div>']) {
    const r = await words(doc(extra));
    const next = r.words.find((w) => w.t === 'next')!;
    assert.ok(Math.abs(next.y - 25.42) < 0.6, `${extra}: "next" at ${next.y} pt, Chromium 25.42 (no shrink)`);
  }
});

test('what counts: a negative right margin, a relative offset, a wide table (Chromium shrinks each)', async () => {
  // Chromium: -200px margin -> factor 1.25 (next at 20.34 pt); left: 200px + 700px -> 1.125 (22.60 pt); table 1000px -> 1.25.
  const cases: Array<[string, number]> = [
    ['<div style="margin-right:-200px">x</div>', 20.34],
    ['<div style="position:relative;left:200px;width:700px">x</div>', 22.60],
    ['<table style="width:1000px"><tr><td>x</td></tr></table>', 20.34],
  ];
  for (const [extra, y] of cases) {
    const r = await words(doc(extra));
    const next = r.words.find((w) => w.t === 'next')!;
    assert.ok(Math.abs(next.y - y) < 0.6, `${extra}: "next" at ${next.y} pt, Chromium ${y}`);
  }
});

test('margins are not scaled; the scaled content fills the page area exactly', async () => {
  // 40 px margins: area 720 px; a 900 px wide block -> factor 1.25; right-aligned text ends at the area's right edge (760 px = 570 pt).
  const r = await words(`<!DOCTYPE html><style>@page { size: 800px 1000px; margin: 40px } body { margin: 0; font: 20px/30px "Liberation Sans" }</style>
<div style="width:900px"><div style="text-align:right">END</div></div><div>start</div>`);
  const end = r.words.find((w) => w.t === 'END')!;
  const start = r.words.find((w) => w.t === 'start')!;
  assert.ok(Math.abs(end.x2 - 570 * 900 / 900) < 0.5, `END ends at ${end.x2} pt (area right edge 570 pt)`);
  assert.ok(Math.abs(start.x - 30) < 0.1, `start at ${start.x} pt (left margin 30 pt)`);
});

test('layout: pages record the factor; fragments are in the wider layout area; overflowShrinkFactor on them', () => {
  const fits = layoutHtml('<style>@page { size: 800px 1000px; margin: 0 }</style><div style="width:100px">a</div>').pages;
  assert.equal(fits[0]!.contentScale, undefined);
  assert.equal(overflowShrinkFactor(fits, fits.map((p) => p.area)), 1);
  const wide = layoutHtml('<style>@page { size: 800px 1000px; margin: 0 } body { margin: 0 }</style><div style="width:1000px">a</div><div>b</div>').pages;
  assert.equal(wide[0]!.contentScale, 1.25);
  assert.deepEqual(wide[0]!.area, { x: 0, y: 0, width: 800, height: 1000 }, 'the page area itself is not scaled');
  assert.equal(overflowShrinkFactor(wide, wide.map((p) => ({ ...p.area, width: 1000 }))), 1, 'fits the 1000 px layout area');
  assert.equal(MAXIMUM_SHRINK_FACTOR, 1.5);
});
