// In: small documents with fractional line heights and box positions, rendered through renderPdf (pdftotext -bbox, pdftoppm).
// Out: text and box edges in pt / px against Chromium 156's print output (headless --print-to-pdf), and the snapping pass on fragments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { snapPagesForPrint } from '../../src/layout/print-snap.ts';
import { layoutHtml } from './helpers.ts';
import { tempDir } from '../tmp.ts';

async function pdfOf(html: string): Promise<string> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const dir = tempDir('quire-snap-');
  writeFileSync(join(dir, 's.pdf'), out.pdf);
  return join(dir, 's.pdf');
}

test('line boxes print at whole px as in Chromium; offsets inside a line stay fractional', async () => {
  const pdf = await pdfOf(`<!DOCTYPE html><style>@page { size: 800px 1000px; margin: 0 } body { margin: 0; font: 16px/23.44px "Liberation Sans" }</style>
<div>a1</div><div>a2</div><div>a3</div><div>a4</div><div>a5</div><div style="margin-top:0.3px;font-size:13.7px">b1</div><div style="padding-left:10.3px">c1 <span style="font-size:10px">d1</span> <span style="vertical-align:3.3px">e1</span></div>`);
  const xml = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  const y = new Map([...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => [m[3]!, [+m[1]!, +m[2]!] as const]));
  // Chromium 156: [word, xMin, yMin] in pt.
  const CHROMIUM: Array<[string, number, number]> = [
    ['a1', 0, 1.8867], ['a2', 0, 19.1367], ['a3', 0, 37.1367], ['a4', 0, 54.3867], ['a5', 0, 72.3867],
    ['b1', 0, 90.4483], ['c1', 7.7227, 110.1094], ['d1', 23.7305, 114.1831], ['e1', 35.4141, 107.6367],
  ];
  for (const [t, x, yMin] of CHROMIUM) {
    const got = y.get(t)!;
    assert.ok(got, t);
    assert.ok(Math.abs(got[1] - yMin) < 0.1, `${t}: yMin ${got[1]} pt, Chromium ${yMin}`);
    assert.ok(Math.abs(got[0] - x) < 0.1, `${t}: xMin ${got[0]} pt, Chromium ${x}`);
  }
});

test('lines inside inline-blocks and floats snap from their own position, not with the enclosing line, as Chromium', async () => {
  // Each inline-block's line lies 0.3-0.9 px below its enclosing line's fractional top: Chromium rounds it on its own
  // (Bb and Hh one px below Aa and Gg), where snapping it with the enclosing line kept them level.
  // The last spacer is 10.45 px: with exact lengths Kk's line fell at 164.55 px where Chromium, which truncates every
  // length to 1/64 px (LayoutUnit: the spacers 10.4375, 10.296875, ..., the Ii block 20.296875), has 164.45, and the two
  // rounded to different px (this test used a 10.2 px spacer until lengths were LayoutUnits, 833ed1a).
  const pdf = await pdfOf(`<!doctype html><html><head><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px Arial } .ib { display: inline-block; vertical-align: top }</style></head><body>
<div style="height:10.4px"></div><div>Aa <span class=ib style="margin-top:0.3px">Bb</span></div>
<div style="height:10.3px"></div><div>Cc <span class=ib style="margin-top:0.3px">Dd</span></div>
<div style="height:10.3px"></div><div>Ee <span class=ib style="padding-top:0.35px">Ff</span></div>
<div style="height:10.2px"></div><div>Gg <span class=ib style="padding-top:0.45px"><span class=ib style="padding-top:0.45px">Hh</span></span></div>
<div style="height:10.45px"></div><div style="display:flow-root"><div style="float:left;margin-top:0.3px">Ii</div>Jj</div>
<div style="height:10.45px"></div><table style="border-spacing:0"><tr><td style="padding:0.3px 0 0">Kk</td></tr></table>
</body></html>`);
  const xml = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  const y = new Map([...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => [m[3]!, [+m[1]!, +m[2]!] as const]));
  // Chromium 156 (page.pdf, preferCSSPageSize): [word, xMin, yMin] in pt.
  const CHROMIUM: Array<[string, number, number]> = [
    ['Aa', 0, 7.8867], ['Bb', 18.0117, 8.6367], ['Cc', 0, 31.1367], ['Dd', 18, 31.1367], ['Ee', 0, 54.3867], ['Ff', 18.0117, 54.3867],
    ['Gg', 0, 76.8867], ['Hh', 19.3477, 77.6367], ['Ii', 0, 100.8867], ['Jj', 6, 100.1367], ['Kk', 0, 123.3867],
  ];
  for (const [t, x, yMin] of CHROMIUM) {
    const got = y.get(t)!;
    assert.ok(got, t);
    assert.ok(Math.abs(got[1] - yMin) < 0.1, `${t}: yMin ${got[1]} pt, Chromium ${yMin}`);
    assert.ok(Math.abs(got[0] - x) < 0.1, `${t}: xMin ${got[0]} pt, Chromium ${x}`);
  }
});

test('box backgrounds print on whole px (Blink PixelSnappedIntRect), as Chromium', async () => {
  const pdf = await pdfOf(`<!DOCTYPE html><style>@page { size: 200px 100px; margin: 0 } body { margin: 0 }</style>
<div style="position:absolute;left:10.4px;top:10.6px;width:20.3px;height:20.3px;background:#000"></div>
<div style="position:absolute;left:50.5px;top:50.5px;width:30.2px;height:10.7px;background:#000"></div>`);
  // 960 dpi: 10 device pixels per CSS px.
  execFileSync('pdftoppm', ['-r', '960', '-gray', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  const b = readFileSync(pdf.replace(/\.pdf$/, '.pgm'));
  const [, w, h] = b.toString('latin1', 0, 20).split(/\s+/).map(Number) as [string, number, number];
  const off = b.length - w * h;
  const dark = (x: number, yy: number): boolean => b[off + yy * w + x]! < 128;
  const span = (fixed: number, along: 'x' | 'y'): [number, number] => {
    let a = -1, z = -1;
    for (let i = 0; i < (along === 'x' ? w : h); i++) if (along === 'x' ? dark(i, fixed) : dark(fixed, i)) { if (a < 0) a = i; z = i; }
    return [a / 10, (z + 1) / 10];
  };
  // Chromium: box 1 covers x 10-31, y 11-31; box 2 x 51-81, y 51-61 (CSS px).
  assert.deepEqual(span(200, 'x'), [10, 31]);
  assert.deepEqual(span(200, 'y'), [11, 31]);
  assert.deepEqual(span(555, 'x'), [51, 81]);
  assert.deepEqual(span(650, 'y'), [51, 61]);
});

test('snapPagesForPrint: lines move whole with their content; box edges are rounded (0.6 + 10.7 -> 1 to 11)', () => {
  const pages = layoutHtml('<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/13.3px serif }</style><div>x</div><div>y</div><div style="margin-left:0.6px;width:10.7px;height:5px"></div>').pages;
  snapPagesForPrint(pages);
  const lines: number[] = [], boxes: Array<[number, number, number, number]> = [];
  const walk = (f: (typeof pages)[0]['children'][0]): void => {
    if (f.kind === 'line') lines.push(f.y);
    if (f.kind === 'box') boxes.push([f.x, f.y, f.width, f.height]);
    if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') f.children.forEach(walk);
  };
  pages[0]!.children.forEach(walk);
  assert.deepEqual(lines, [0, 13], 'second line at 13.3 -> 13');
  assert.ok(boxes.some(([x, y, w, h]) => x === 1 && y === 27 && w === 10 && h === 5), JSON.stringify(boxes));
});
