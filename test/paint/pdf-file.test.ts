/**
 * The PDF file layout (src/paint/pdf-file.ts, pdf-doc.ts) and the size of what goes in it. In:
 * display lists with text, links, anchors and images, many pages; the bench invoice. Out: files
 * that qpdf checks and poppler and pdf.js read, with object streams and a cross-reference
 * stream, no unreferenced objects, each image written once, and the invoice within WeasyPrint's size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { writePdfSync } from '../../src/paint/pdf.ts';
import { prepareImage } from '../../src/paint/pdf-images.ts';
import { renderPdf } from '../../src/index.ts';
import type { DisplayItem } from '../../src/paint/display-list.ts';
import type { ImageRef } from '../../src/box/types.ts';
import { BLACK, pdfinfo, pdftotext, png, qdf, qpdfCheck, raster, shape, withPdf } from './pdf-helpers.ts';

const DATE = new Date('2024-05-06T07:08:09Z');

function doc(pages: DisplayItem[][], title = 'File layout'): Uint8Array {
  return writePdfSync({ pages: pages.map((items) => ({ width: 400, height: 300, items })), info: { title } }, { creationDate: DATE });
}

/** qpdf's view of the cross-reference: object number → 'stream N' (in object stream N) or 'offset'. */
function xref(pdf: Uint8Array): Map<number, string> {
  const out = withPdf(pdf, (p) => execFileSync('qpdf', ['--show-xref', p], { encoding: 'utf8' }));
  const m = new Map<number, string>();
  for (const line of out.split('\n')) {
    const r = /^(\d+)\/0: (compressed; stream = (\d+)|uncompressed)/.exec(line);
    if (r) m.set(Number(r[1]), r[3] ? `stream ${r[3]}` : 'offset');
  }
  return m;
}

test('objects go into object streams behind a cross-reference stream; the file reads everywhere', async () => {
  const run = shape('Section one', 16);
  const pdf = doc([
    [{ kind: 'glyphs', x: 10, y: 40, run, color: BLACK }, { kind: 'link', rect: { x: 10, y: 60, w: 80, h: 20 }, url: '#two' }, { kind: 'link', rect: { x: 10, y: 90, w: 80, h: 20 }, url: 'https://example.com/a?b=c' }],
    [{ kind: 'anchor', name: 'two', x: 0, y: 100 }, { kind: 'glyphs', x: 10, y: 140, run: shape('Section two', 16), color: BLACK }],
  ]);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
  const text = Buffer.from(pdf).toString('latin1');
  assert.ok(text.startsWith('%PDF-1.7\n'));
  assert.match(text, /\/Type \/XRef/);
  assert.match(text, /\/Type \/XRef [^\n]*\/ID \[<[0-9a-f]+> <[0-9a-f]+>\] \/Length \d+ >>/, 'a short cross-reference stream is written plain');
  assert.doesNotMatch(text, /\nxref\n|\ntrailer\n/, 'no classic cross-reference table');
  assert.match(text, /startxref\n\d+\n%%EOF\n$/);
  const entries = xref(pdf);
  assert.ok([...entries.values()].filter((v) => v.startsWith('stream')).length >= 10, 'dictionaries are packed');
  const info = pdfinfo(pdf);
  assert.equal(info.Title, 'File layout');
  assert.equal(info.Producer, 'Quire');
  assert.equal(info.Pages, '2');
  assert.match(pdftotext(pdf), /Section one[\s\S]*Section two/);
  const q = qdf(pdf);
  assert.match(q, /\/Dests <<\s*\/Names \[\s*\(two\)/, 'the named destination');
  assert.match(q, /\/URI \(https:\/\/example\.com\/a\?b=c\)/);
  assert.doesNotMatch(q, /obj\n<<\n>>\nendobj/, 'no empty (unreferenced) dictionary is written');
  // pdf.js (the dashboard's viewer) reads it as well.
  const d = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  assert.equal(d.numPages, 2);
  const items = (await (await d.getPage(2)).getTextContent()).items as Array<{ str: string }>;
  assert.equal(items.map((i) => i.str).join(''), 'Section two');
  assert.deepEqual(await d.getDestination('two'), [(await d.getPage(2)).ref, { name: 'XYZ' }, 0, 150, null]);
  await d.destroy();
  assert.equal(Buffer.compare(Buffer.from(pdf), Buffer.from(doc([
    [{ kind: 'glyphs', x: 10, y: 40, run, color: BLACK }, { kind: 'link', rect: { x: 10, y: 60, w: 80, h: 20 }, url: '#two' }, { kind: 'link', rect: { x: 10, y: 90, w: 80, h: 20 }, url: 'https://example.com/a?b=c' }],
    [{ kind: 'anchor', name: 'two', x: 0, y: 100 }, { kind: 'glyphs', x: 10, y: 140, run: shape('Section two', 16), color: BLACK }],
  ]))), 0, 'byte-identical for the same input and date');
});

test('without anchors the catalog has no name tree; many pages spread over several object streams', () => {
  const pages = Array.from({ length: 150 }, (_, i): DisplayItem[] => [{ kind: 'glyphs', x: 10, y: 40, run: shape(`Page ${i + 1}`, 12), color: BLACK }]);
  const pdf = doc(pages);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
  const q = qdf(pdf);
  assert.doesNotMatch(q, /\/Names/);
  const streams = new Set([...xref(pdf).values()].filter((v) => v.startsWith('stream')));
  assert.ok(streams.size >= 3, `${streams.size} object streams for 300+ page objects`);
  assert.match(Buffer.from(pdf).toString('latin1'), /\/Type \/XRef [^\n]*\/Filter \/FlateDecode \/DecodeParms << \/Columns \d \/Predictor 12 >>/, 'a long one deflated, with PNG predictors');
  const text = pdftotext(pdf);
  assert.match(text, /Page 1\b[\s\S]*Page 150/);
  assert.equal(pdfinfo(pdf).Pages, '150');
});

const imageRef = (key: string, data: Buffer): ImageRef => ({ key, data, width: 8, height: 4, format: 'png' });

test('an image used under two URLs is written once', () => {
  const data = png({ width: 8, height: 4, colorType: 6, pixels: Array.from({ length: 32 }, (_, i) => [255, 0, 0, i % 3 ? 255 : 0]).flat() });
  const pdf = doc([[
    { kind: 'image', rect: { x: 0, y: 0, w: 80, h: 40 }, image: imageRef('a.png', data) },
    { kind: 'image', rect: { x: 0, y: 50, w: 80, h: 40 }, image: imageRef('data:image/png;base64,xyz', Buffer.from(data)) },
  ]]);
  const q = qdf(pdf);
  assert.equal(q.match(/\/Subtype \/Image/g)?.length, 2, 'one image and its soft mask');
  const img = raster(pdf, 96); // 1 pixel per px: image pixel (1, 0) covers 10–20 × 0–10
  assert.deepEqual(img.px(15, 5), [255, 0, 0]);
  assert.deepEqual(img.px(15, 55), [255, 0, 0]);
  assert.deepEqual(img.px(5, 5), [255, 255, 255], 'a transparent pixel');
});

/** Decodes a prepared image's samples (Flate, PNG predictors undone). */
function samples(data: Uint8Array, dict: Record<string, unknown>, w: number, bpp: number): Uint8Array {
  const raw = inflateSync(data);
  if (!dict.DecodeParms) return raw;
  const stride = w * bpp;
  const h = raw.length / (stride + 1);
  const out = new Uint8Array(stride * h);
  for (let y = 0; y < h; y++) {
    const ft = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? out[y * stride + i - bpp]! : 0, b = y ? out[(y - 1) * stride + i]! : 0, c = i >= bpp && y ? out[(y - 1) * stride + i - bpp]! : 0;
      const p = ft === 1 ? a : ft === 2 ? b : ft === 3 ? (a + b) >> 1 : ft === 4 ? (Math.abs(b - c) <= Math.abs(a - c) && Math.abs(b - c) <= Math.abs(a + b - 2 * c) ? a : Math.abs(a - c) <= Math.abs(a + b - 2 * c) ? b : c) : 0;
      out[y * stride + i] = (x + p) & 255;
    }
  }
  return out;
}

test('transparent pixels take the colour of the nearest visible pixel; visible ones are kept', () => {
  // 6×3: row 0 transparent green garbage, row 1 [t, red, t, t, blue, t], row 2 transparent.
  const T = [0, 255, 0, 0];
  const px = [T, T, T, T, T, T, T, [255, 0, 0, 255], T, T, [0, 0, 255, 128], T, T, T, T, T, T, T].flat();
  const img = prepareImage({ key: 'bleed.png', format: 'png', width: 6, height: 3, data: png({ width: 6, height: 3, colorType: 6, pixels: px }) });
  const color = samples(img.data, img.dict, 6, 3);
  const row = (y: number): string => Array.from({ length: 6 }, (_, x) => (color[(y * 6 + x) * 3] ? 'R' : color[(y * 6 + x) * 3 + 2] ? 'B' : '?')).join('');
  assert.equal(row(1), 'RRRBBB', 'gaps split between their neighbours');
  assert.equal(row(0), 'RRRBBB', 'an empty row copies the nearest row');
  assert.equal(row(2), 'RRRBBB');
  assert.deepEqual([...samples(img.smask!.data, img.smask!.dict, 6, 1)], [0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 128, 0, 0, 0, 0, 0, 0, 0]);
});

test('a photographic image is stored with PNG predictors and still decodes to its pixels', () => {
  const w = 64, h = 48;
  const pixels: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) pixels.push((x * 4 + y) & 255, (y * 5 + ((x * 7) % 11)) & 255, (x * y) & 255, 200 + ((x + y) % 50));
  const data = png({ width: w, height: h, colorType: 6, pixels });
  const img = prepareImage({ key: 'photo.png', format: 'png', width: w, height: h, data });
  assert.deepEqual(img.dict.DecodeParms, { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: w });
  const color = samples(img.data, img.dict, w, 3);
  for (const [x, y] of [[0, 0], [63, 0], [17, 29], [63, 47]] as const) {
    const i = (y * w + x) * 3, j = (y * w + x) * 4;
    assert.deepEqual([color[i], color[i + 1], color[i + 2]], pixels.slice(j, j + 3), `pixel ${x},${y}`);
  }
  const pdf = doc([[{ kind: 'image', rect: { x: 0, y: 0, w, h }, image: { key: 'photo.png', format: 'png', width: w, height: h, data } }]]);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});

test('the bench invoice is no larger than WeasyPrint makes it (26,240 bytes with WeasyPrint 57.2)', async () => {
  const dir = new URL('../../bench/fixtures/invoice/', import.meta.url);
  const r = await renderPdf(readFileSync(new URL('document.html', dir), 'utf8'), { baseUrl: dir.pathname, creationDate: DATE });
  assert.ok(r.pdf.length <= 26_240, `${r.pdf.length} bytes`);
  assert.match(pdftotext(r.pdf), /Invoice #: 123[\s\S]*Total: \$385\.00/);
});

test('endStream writes an encoded stream as end() does, without pdfkit copying it; a stream pdfkit deflates goes through end()', async () => {
  const { createPdfDoc } = await import('../../src/paint/pdf-doc.ts');
  const { deflateSync } = await import('node:zlib');
  const data = deflateSync(Uint8Array.from({ length: 100 }, (_, i) => (i * 7) & 255)); // 10 x 10 grey samples
  const file = (how: 'end' | 'endStream'): Uint8Array => {
    const { doc, finish } = createPdfDoc({ creationDate: DATE });
    const encoded = doc.ref({ Type: 'XObject', Subtype: 'Image', Width: 10, Height: 10, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' });
    const raw = doc.ref(); // no filter: pdfkit deflates it
    encoded[how](data);
    raw[how](data);
    (doc._root.data as Record<string, unknown>).Quire = [encoded, raw]; // referenced, so the file keeps them
    return finish();
  };
  const a = file('end');
  assert.deepEqual(Buffer.from(file('endStream')), Buffer.from(a));
  assert.match(qpdfCheck(a), /No syntax or stream encoding errors/);
  const text = qdf(a);
  assert.equal(inflateSync(data).length, 100);
  assert.match(text, /\/BitsPerComponent 8\n  \/ColorSpace \/DeviceGray[^]*?\/Height 10/, 'the image object is read back');
});
