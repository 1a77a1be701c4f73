// In: PNG images with alpha prepared for the PDF writer through prepareImage (src/paint/pdf-images.ts).
// Out: checks that re-encoded samples come out as the smaller of plain and PNG-predicted deflate, and decode to the image.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';
import { prepareImage } from '../../src/paint/pdf-images.ts';
import { png } from './pdf-helpers.ts';

/** An RGBA PNG of w×h whose pixel (x, y) is `px(x, y)`. */
function rgba(w: number, h: number, px: (x: number, y: number) => [number, number, number, number]): Buffer {
  const pixels: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) pixels.push(...px(x, y));
  return png({ width: w, height: h, colorType: 6, pixels });
}

/** The samples of a stream written plain or with PNG predictors (Predictor 15, as encodeSamples writes them). */
function samples(data: Uint8Array, dict: Record<string, unknown>, w: number, ch: number): Uint8Array {
  const raw = inflateSync(data);
  if (!dict.DecodeParms) return raw;
  const stride = w * ch;
  const h = raw.length / (stride + 1);
  const out = new Uint8Array(stride * h);
  for (let y = 0; y < h; y++) {
    const ft = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= ch ? out[y * stride + i - ch]! : 0, b = y > 0 ? out[(y - 1) * stride + i]! : 0, c = i >= ch && y > 0 ? out[(y - 1) * stride + i - ch]! : 0;
      const p = Math.abs(b - c), q = Math.abs(a - c), r = Math.abs(a + b - 2 * c);
      const pred = ft === 0 ? 0 : ft === 1 ? a : ft === 2 ? b : ft === 3 ? (a + b) >> 1 : p <= q && p <= r ? a : q <= r ? b : c;
      out[y * stride + i] = (v + pred) & 255;
    }
  }
  return out;
}

test('the README invoice\'s logo (flat artwork that deflates best plain) is written plain, colour and soft mask, and decodes to its samples', () => {
  const html = readFileSync(fileURLToPath(new URL('../../examples/invoice/template.html', import.meta.url)), 'utf8');
  const data = Buffer.from(/data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(html)![1]!, 'base64');
  const img = prepareImage({ key: 'logo.png', format: 'png', width: 898, height: 106, data });
  assert.equal(img.dict.DecodeParms, undefined);
  assert.equal(img.smask!.dict.DecodeParms, undefined);
  const color = samples(img.data, img.dict, 898, 3), alpha = samples(img.smask!.data, img.smask!.dict, 898, 1);
  assert.equal(color.length, 898 * 106 * 3);
  assert.equal(alpha.length, 898 * 106);
  // as small as level 9 makes the plain samples (the PNG predictors give 1,514 and 7,710 bytes)
  assert.equal(img.data.length, deflateSync(color, { level: 9 }).length);
  assert.equal(img.smask!.data.length, deflateSync(alpha, { level: 9 }).length);
});

test('flat artwork that deflates smaller with PNG predictors is written with them (Predictor 15) and decodes to its samples', () => {
  // A soft-edged shadow's alpha: smooth in both directions, so rows predicted from their neighbours deflate far smaller,
  // while the source PNG (unfiltered rows) still compresses 8:1 or better (flat artwork, zlib level 9).
  const w = 280, h = 205;
  const a = (x: number, y: number): number => Math.min(255, (x * y) >> 4);
  const data = rgba(w, h, (x, y) => [30, 60, 90, a(x, y)]);
  assert.ok(data.length * 8 <= w * h * 4, 'flat artwork');
  const img = prepareImage({ key: 'shadow.png', format: 'png', width: w, height: h, data });
  assert.deepEqual(img.smask!.dict.DecodeParms, { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: w });
  const alpha = samples(img.smask!.data, img.smask!.dict, w, 1);
  for (const [x, y] of [[0, 0], [17, 5], [279, 204], [100, 150]] as const) assert.equal(alpha[y * w + x], a(x, y));
  const plain = deflateSync(alpha, { level: 9 });
  assert.ok(img.smask!.data.length < plain.length, `${img.smask!.data.length} bytes predicted against ${plain.length} plain`);
});
