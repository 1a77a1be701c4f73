// In: documents with fixed-position headers and footers that reach out of the page area (negative margins or
// offsets, the InvenTree report templates' trick), boxes and list markers in the page margins. Out: the words of
// every page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as
// test/fidelity/make-refs.mjs calls it). Chromium prints each page's strip of one flow: a fixed box has a copy per
// page, placed against that page's area, and a copy that reaches out of its page area shows on the neighbouring
// page (a header 50 px above the area at the foot of the page before, a footer below it at the top of the page
// after); everything is clipped to the page area, and text wholly outside it is not drawn at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from '../paint/pdf-helpers.ts';
import { pageWords } from './page-words.ts';


/** Compares word lists ignoring order; positions within 0.1 pt. */
function assertWords(got: string[][], want: string[][], name: string): void {
  assert.equal(got.length, want.length, `${name}: ${got.length} pages, Chromium ${want.length}`);
  want.forEach((w, i) => {
    const g = got[i]!;
    const key = (s: string): [string, number, number] => { const [t, x, y] = s.split(' '); return [t!, +x!, +y!]; };
    const left = g.map(key);
    const missing: string[] = [];
    for (const [t, x, y] of w.map(key)) {
      const k = left.findIndex(([t2, x2, y2]) => t2 === t && Math.abs(x2 - x) <= 0.1 && Math.abs(y2 - y) <= 0.1);
      if (k < 0) missing.push(`${t} ${x} ${y}`); else left.splice(k, 1);
    }
    assert.deepEqual({ missing, extra: left.map((l) => l.join(' ')) }, { missing: [], extra: [] }, `${name}, page ${i + 1}: ${g.join(' | ')}`);
  });
}

const HEAD = `<!doctype html><style>@page{size:600px 400px;margin:100px 50px}body{margin:0;font:20px/20px 'Liberation Mono'}.c div{height:100px}`;
const BODY = '<div class=h>HA<br>HB<br>HC<br>HD</div><div class=c><div>C1</div><div>C2</div><div>C3</div><div>C4</div><div>C5</div><div>C6</div></div>';
const col = (t: string[], y: number[]): string[] => t.map((s, i) => `${s} 37.50 ${y[i]!.toFixed(2)}`);

test('a fixed header 50 px above the page area: the next page\'s copy at the foot of each page, its own clipped away (Chromium 156)', async () => {
  const html = `${HEAD}.h{position:fixed;top:0;left:0;margin-top:-50px;height:80px;background:#eee}</style>${BODY}`;
  const strip = (a: string, b: string) => col(['HC', a, 'HD', b, 'HA', 'HB', 'HC'], [66.26, 73.76, 81.26, 148.76, 186.26, 201.26, 216.26]);
  assertWords(await pageWords(html), [strip('C1', 'C2'), strip('C3', 'C4'), col(['HC', 'C5', 'HD', 'C6'], [66.26, 73.76, 81.26, 148.76])], 'header');
  // The same with top: -50px instead of the margin.
  const html2 = `${HEAD}.h{position:fixed;top:-50px;left:0;height:80px}</style>${BODY}`;
  assertWords(await pageWords(html2), [strip('C1', 'C2'), strip('C3', 'C4'), col(['HC', 'C5', 'HD', 'C6'], [66.26, 73.76, 81.26, 148.76])], 'top: -50px');
});

test('a fixed footer 50 px below the page area: the previous page\'s copy at the top of each page (Chromium 156)', async () => {
  const html = `${HEAD}.h{position:fixed;bottom:0;left:0;margin-bottom:-50px;height:80px}</style>${BODY}`;
  const y = [66.26, 73.76, 81.26, 96.26, 148.76, 201.26, 216.26];
  assertWords(await pageWords(html), [
    col(['C1', 'C2', 'HA', 'HB'], [73.76, 148.76, 201.26, 216.26]),
    col(['HB', 'C3', 'HC', 'HD', 'C4', 'HA', 'HB'], y),
    col(['HB', 'C5', 'HC', 'HD', 'C6', 'HA', 'HB'], y),
  ], 'footer');
});

test('A4 with 4 cm / 2 cm margins: pages are strips of the rounded fragmentainer height (896 px) (Chromium 156)', async () => {
  const html = `<!doctype html><style>@page{size:A4;margin:2cm;margin-top:4cm}body{margin:0;font:20px/20px 'Liberation Mono'}
.h{position:fixed;top:0;left:0;margin-top:-50px;height:80px}.c div{height:500px}</style>
<div class=h>HA<br>HB<br>HC<br>HD</div><div class=c><div>C1</div><div>C2</div><div>C3</div><div>C4</div></div>`;
  const c = (t: string[], y: number[]): string[] => t.map((s, i) => `${s} 57.00 ${y[i]!.toFixed(2)}`);
  assertWords(await pageWords(html), [
    c(['HC', 'C1', 'HD', 'C2', 'HA', 'HB', 'HC'], [104.51, 112.01, 119.51, 487.01, 746.51, 761.51, 776.51]),
    c(['HC', 'HD', 'C3', 'C4', 'HA', 'HB', 'HC'], [104.51, 119.51, 190.01, 565.01, 746.51, 761.51, 776.51]),
    c(['HC', 'HD'], [104.51, 119.51]),
  ], 'A4');
});

test('text wholly in the page margins is not printed: an abspos box above the area, an outside list marker, a negative margin (Chromium 156)', async () => {
  const html = `${HEAD}ul{padding:0;margin:0}.a{position:absolute;top:-40px;left:0}.n{margin-left:-40px}.s{position:fixed;left:200px}</style>
<div class=a>ABS</div><ul><li>ITEM</li><li style="list-style:decimal">NUM</li></ul><div class=n>NEG</div><div>LAST <span class=s>STAT</span></div>`;
  // ABS, the marker "2." and NEG lie wholly left of or above the page area; the fixed STAT (static position) repeats.
  assertWords(await pageWords(html), [col(['ITEM', 'NUM', 'LAST'], [73.76, 88.76, 118.76]).concat('STAT 187.50 118.76')], 'margins');
});

test('a box across the page area\'s edge is clipped there; the paper outside the area stays white (Chromium 156)', async () => {
  const html = `${HEAD}.a{position:absolute;top:-10px;left:0;background:#000;height:30px;width:100px}</style><div class=a></div>`;
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const img = raster(out.pdf, 96, 1, false);
  assert.deepEqual(img.px(100, 95), [255, 255, 255], 'above the page area (Chromium: white)');
  assert.deepEqual(img.px(100, 105), [0, 0, 0], 'inside the page area');
});
