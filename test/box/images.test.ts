/**
 * Replaced boxes and links: <img> loading through the ResourceLoader (files, data: URIs, refusals),
 * formats and intrinsic sizes, the per-render cache, form controls, inline SVG, href propagation.
 * In: HTML through the real cascade and generated PNG/JPEG bytes. Out: asserted boxes and warnings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { png as encodePng } from '../paint/pdf-helpers.ts';
import { allBoxes, build, dump } from './helpers.ts';
import type { BlockBox, ReplacedBox } from '../../src/box/types.ts';
import { px } from '../../src/css/computed.ts';
import { tempDir } from '../tmp.ts';

const doc = (body: string): string => `<!doctype html><html><head></head><body>${body}</body></html>`;

/** A valid w×h 8-bit grey PNG. */
const png = (w: number, h: number): Buffer => encodePng({ width: w, height: h, colorType: 0, pixels: new Array<number>(w * h).fill(0x80) });

/** JPEG headers up to the SOF0 segment (enough for the size). */
function jpeg(w: number, h: number): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    0xff, 0xd9,
  ]);
}

const dir = tempDir('quire-box-');
writeFileSync(path.join(dir, 'logo.png'), png(30, 20));
writeFileSync(path.join(dir, 'photo.jpg'), jpeg(64, 48));
writeFileSync(path.join(dir, 'pic.webp'), Buffer.from('524946461a000000574542505650384c0d0000002f0000000007d0ff00fe0700', 'hex'));
writeFileSync(path.join(dir, 'draw.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
writeFileSync(path.join(dir, 'bad.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
// A 64×48 JPEG whose EXIF orientation is 6 (rotate 90° clockwise): shown 48×64.
writeFileSync(path.join(dir, 'rotated.jpg'), Buffer.from('ffd8ffe100224578696600004d4d002a00000008000101120003000000010006000000000000ffc00011080030004003012200021101031101ffd9', 'hex'));
const base = path.join(dir, 'doc.html');

function images(html: string, opts = {}): { imgs: ReplacedBox[]; warnings: { code: string; message: string; line?: number }[] } {
  const { root, warnings } = build(doc(html), { baseUrl: base, ...opts });
  return { imgs: allBoxes(root).filter((b): b is ReplacedBox => b.kind === 'replaced'), warnings: warnings.list };
}

test('data: URI PNG: decoded with its intrinsic size in px', () => {
  const uri = 'data:image/png;base64,' + png(7, 3).toString('base64');
  const { imgs, warnings } = images(`<p><img src="${uri}" alt="dot"></p>`);
  assert.equal(warnings.length, 0);
  assert.equal(imgs.length, 1);
  const img = imgs[0]!;
  assert.equal(img.image?.format, 'png');
  assert.equal(img.intrinsicWidth, 7);
  assert.equal(img.intrinsicHeight, 3);
  assert.equal(img.intrinsicRatio, 7 / 3);
  assert.equal(img.alt, 'dot');
  assert.equal(img.outer, 'inline');
  assert.match(img.image!.key, /^data:sha1:[0-9a-f]{40}$/);
});

test('relative PNG and JPEG files load; the same image twice is one ImageRef (cache)', () => {
  const { imgs, warnings } = images('<p><img src="logo.png"><img src="photo.jpg"><img src="./logo.png"></p>');
  assert.deepEqual(warnings, []);
  assert.deepEqual(imgs.map((i) => [i.image?.format, i.intrinsicWidth, i.intrinsicHeight]), [['png', 30, 20], ['jpeg', 64, 48], ['png', 30, 20]]);
  assert.equal(imgs[0]!.image, imgs[2]!.image);
  assert.ok(imgs[0]!.image!.key.startsWith('file:'));
});

test('JPEG EXIF orientation 5–8 swaps the intrinsic size (paint draws the image oriented)', () => {
  const { imgs } = images('<img src="rotated.jpg">');
  assert.deepEqual([imgs[0]!.intrinsicWidth, imgs[0]!.intrinsicHeight, imgs[0]!.image?.width], [48, 64, 48]);
});

test('missing file: resource-missing warning with the line, null image, CSS size kept', () => {
  const { imgs, warnings } = images('<p>\n\n<img src="nope.png" style="width:50px; height:40px"></p>');
  assert.equal(imgs.length, 1);
  assert.equal(imgs[0]!.image, null);
  assert.equal(imgs[0]!.intrinsicWidth, null);
  assert.deepEqual(imgs[0]!.style.width, px(50));
  assert.deepEqual(imgs[0]!.style.height, px(40));
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.code, 'resource-missing');
  assert.equal(warnings[0]!.line, 3);
});

test('network and escaping URLs are blocked; an image without alt keeps the size its width/height attributes give', () => {
  const { imgs, warnings } = images('<img src="https://example.com/a.png" width="200" height="100"><img src="../../etc/passwd">');
  assert.deepEqual(warnings.map((w) => w.code), ['resource-blocked', 'resource-blocked']);
  assert.deepEqual([imgs[0]!.image, imgs[0]!.style.width, imgs[0]!.style.height], [null, px(200), px(100)]);
  assert.equal(imgs[1]!.image, null);
});

test('SVG images load as format svg with their intrinsic size; WebP and corrupt images warn "image" and give a null image', () => {
  const { imgs, warnings } = images('<img src="draw.svg"><img src="pic.webp"><img src="bad.png">');
  assert.equal(imgs[0]!.image?.format, 'svg');
  assert.deepEqual([imgs[0]!.intrinsicWidth, imgs[0]!.intrinsicHeight, imgs[0]!.intrinsicRatio], [10, 10, 1]);
  assert.deepEqual(imgs.slice(1).map((i) => i.image), [null, null]);
  assert.deepEqual(warnings.map((w) => w.code), ['image', 'image']);
  assert.match(warnings[0]!.message, /WEBP/);
});

test('img without src: empty box, no warning; display block img is block-level', () => {
  const { imgs, warnings } = images('<div><img style="display:block"></div>');
  assert.equal(warnings.length, 0);
  assert.equal(imgs[0]!.outer, 'block');
});

test('list-style-image and content: url() images', () => {
  const { root } = build(doc('<ul><li>a</ul><p>x</p>'), {
    baseUrl: base, rules: { ul: 'list-style-image: url(logo.png)' }, pseudo: { 'p::before': 'content: url(photo.jpg) "!"' },
  });
  const boxes = allBoxes(root);
  const marker = boxes.find((b) => b.kind === 'marker');
  assert.equal(marker?.kind === 'marker' && marker.image?.width, 30);
  const gen = boxes.filter((b): b is ReplacedBox => b.kind === 'replaced');
  assert.equal(gen.length, 1);
  assert.equal(gen[0]!.intrinsicWidth, 64);
  assert.equal(gen[0]!.pseudo, 'before');
});

test('form controls become inline-block boxes with their text; inline SVG is an SVG image with its size', () => {
  const { root, warnings } = build(doc('<p><input value="v1"><textarea>t a</textarea><select><option>o1<option selected>o2</select><button>Go</button><svg width="40" viewBox="0 0 20 10"><rect/></svg><canvas></canvas></p>'));
  const p = allBoxes(root).find((b) => b.kind === 'block' && b.element?.name === 'p') as BlockBox;
  const svg = p.children[4] as ReplacedBox;
  assert.equal(svg.image?.format, 'svg');
  assert.equal(dump(p), 'B<p>[IB<input>["v1"] IB<textarea>["t a"] IB<select>["o2"] IB<button>["Go"] IMG<svg>(40xnull) IMG<canvas>(null)]');
  assert.deepEqual([svg.intrinsicWidth, svg.intrinsicHeight, svg.intrinsicRatio, svg.outer], [40, null, 2, 'inline']);
  assert.deepEqual(warnings.list, []);
});

test('href: every box inside <a href> carries the link; fragments kept; relative resolved', () => {
  const { root } = build(doc('<p><a href="https://x.test/a?b=1">go <b>bold</b><span style="display:block">blk</span></a> out <a href="#top">t</a> <a href="page2.html">r</a> <a href="javascript:alert(1)">j</a></p>'), { baseUrl: base });
  const boxes = allBoxes(root);
  const texts = boxes.filter((b) => b.kind === 'text').map((b) => [b.kind === 'text' && b.text, b.href]);
  assert.deepEqual(texts, [
    ['go ', 'https://x.test/a?b=1'], ['bold', 'https://x.test/a?b=1'], ['blk', 'https://x.test/a?b=1'],
    ['out ', undefined], ['t', '#top'], [' ', undefined], ['r', 'file://' + dir + '/page2.html'], [' ', undefined], ['j', undefined],
  ]);
  const a = boxes.filter((b) => b.element?.name === 'a');
  assert.ok(a.length >= 2 && a.every((b) => b.href !== undefined || b.element?.attribs.href?.startsWith('javascript')));
  const blk = boxes.find((b) => b.kind === 'block' && b.element?.name === 'span');
  assert.equal(blk?.href, 'https://x.test/a?b=1');
});

test('img without src uses the first srcset candidate', () => {
  const { imgs } = images('<img srcset="logo.png 1x, photo.jpg 2x">');
  assert.equal(imgs[0]!.intrinsicWidth, 30);
});

/** Pixels of a PNG written by gifToPng (8-bit RGB/RGBA, filter 0 on every row). */
function pngPixels(buf: Buffer): { w: number; h: number; ch: number; px: number[][] } {
  const w = buf.readUInt32BE(16), h = buf.readUInt32BE(20), ch = buf[25] === 6 ? 4 : 3;
  let pos = 8;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    if (buf.toString('ascii', pos + 4, pos + 8) === 'IDAT') idat.push(buf.subarray(pos + 8, pos + 8 + len));
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const px: number[][] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.push([...raw.subarray(y * (w * ch + 1) + 1 + x * ch, y * (w * ch + 1) + 1 + (x + 1) * ch)]);
  return { w, h, ch, px };
}

test('GIF images are converted to PNG (first frame, palette colours, transparency)', () => {
  // WeasyPrint's pattern.gif: 4×4, red top-left pixel, the rest blue.
  const pattern = Buffer.from('47494638396104000400f001000000ffff000021f90400000000002c00000000040004000002040c8ea905003b', 'hex');
  writeFileSync(path.join(dir, 'pattern.gif'), pattern);
  const spacer = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
  const { imgs, warnings } = images(`<img src="pattern.gif"><img src="${spacer}">`);
  assert.deepEqual(warnings, []);
  assert.deepEqual(imgs.map((i) => [i.image?.format, i.intrinsicWidth, i.intrinsicHeight]), [['png', 4, 4], ['png', 1, 1]]);
  const p = pngPixels(imgs[0]!.image!.data);
  assert.equal(p.ch, 3);
  assert.deepEqual(p.px[0], [255, 0, 0]);
  assert.ok(p.px.slice(1).every((c) => c[0] === 0 && c[1] === 0 && c[2] === 255));
  const s = pngPixels(imgs[1]!.image!.data);
  assert.equal(s.ch, 4);
  assert.equal(s.px[0]![3], 0);
});

/** A GIF89a with a 256-colour palette; LZW as omggif encodes it (clear code when the table is full). */
function encodeGif(w: number, h: number, indices: Uint8Array, palette: Uint8Array, interlace: boolean): Buffer {
  const rows: number[] = [];
  if (interlace) for (const [s, st] of [[0, 8], [4, 8], [2, 4], [1, 2]]) for (let y = s!; y < h; y += st!) rows.push(y);
  else for (let y = 0; y < h; y++) rows.push(y);
  const data: number[] = [];
  for (const y of rows) for (let x = 0; x < w; x++) data.push(indices[y * w + x]!);
  const min = 8, clear = 256, eoi = 257;
  const bytes: number[] = [];
  let acc = 0, bits = 0, size = min + 1, next = eoi + 1;
  const emit = (code: number): void => {
    acc |= code << bits; bits += size;
    while (bits >= 8) { bytes.push(acc & 255); acc >>>= 8; bits -= 8; }
  };
  let table = new Map<number, number>();
  emit(clear);
  let cur = data[0]!;
  for (let i = 1; i < data.length; i++) {
    const k = data[i]!;
    const key = cur * 256 + k;
    const hit = table.get(key);
    if (hit !== undefined) { cur = hit; continue; }
    emit(cur);
    if (next === 4096) { emit(clear); next = eoi + 1; size = min + 1; table = new Map(); }
    else { if (next >= 1 << size) size++; table.set(key, next++); }
    cur = k;
  }
  emit(cur); emit(eoi);
  if (bits > 0) bytes.push(acc & 255);
  const sub: number[] = [];
  for (let i = 0; i < bytes.length; i += 255) { const part = bytes.slice(i, i + 255); sub.push(part.length, ...part); }
  sub.push(0);
  const head = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, w & 255, w >> 8, h & 255, h >> 8, 0xf7, 0, 0]);
  const desc = Buffer.from([0x2c, 0, 0, 0, 0, w & 255, w >> 8, h & 255, h >> 8, interlace ? 0x40 : 0, min]);
  return Buffer.concat([head, Buffer.from(palette), desc, Buffer.from(sub), Buffer.from([0x3b])]);
}

test('GIF LZW decoding round-trips noisy and smooth 256-colour images, interlaced or not', () => {
  const palette = new Uint8Array(768);
  for (let i = 0; i < 256; i++) { palette[i * 3] = i; palette[i * 3 + 1] = 255 - i; palette[i * 3 + 2] = (i * 7) & 255; }
  let seed = 7;
  const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) & 255;
  const w = 97, h = 61;
  const noisy = new Uint8Array(w * h).map(() => rand());
  const smooth = new Uint8Array(w * h).map((_, i) => ((i % w) + Math.floor(i / w)) & 255);
  let n = 0;
  for (const [indices, interlace] of [[noisy, false], [smooth, false], [noisy, true], [smooth, true]] as const) {
    const name = `gen${n++}.gif`;
    writeFileSync(path.join(dir, name), encodeGif(w, h, indices, palette, interlace));
    const { imgs, warnings } = images(`<img src="${name}">`);
    assert.deepEqual(warnings, []);
    const p = pngPixels(imgs[0]!.image!.data);
    assert.deepEqual([p.w, p.h, p.ch], [w, h, 3]);
    for (let i = 0; i < w * h; i++) {
      const c = indices[i]!;
      if (p.px[i]![0] !== c || p.px[i]![1] !== 255 - c || p.px[i]![2] !== ((c * 7) & 255)) assert.fail(`${name}: pixel ${i} is ${p.px[i]} not index ${c}`);
    }
  }
});

test('<input type=image> is an image', () => {
  const { imgs } = images('<form><input type="image" src="logo.png" alt="Go"></form>');
  assert.deepEqual([imgs[0]!.intrinsicWidth, imgs[0]!.alt], [30, 'Go']);
});

test('a data: URI whose bytes object comes back (a compiled template\'s own logo) is keyed and sized once', async () => {
  const { loadImage } = await import('../../src/box/images.ts');
  const { ResourceLoader } = await import('../../src/resources.ts');
  const { WarningSink } = await import('../../src/warnings.ts');
  type Load = ReturnType<InstanceType<typeof ResourceLoader>['load']>;
  /** A loader handing back one Load per URL across renders, as compileTemplate's SharedLoader does for the template's data: URIs. */
  const shared = new Map<string, Load>();
  class Sharing extends ResourceLoader {
    override load(url: string, from?: string): Load {
      let r = shared.get(url);
      if (!r) shared.set(url, (r = super.load(url, from)));
      return r;
    }
  }
  const a = 'data:image/png;base64,' + png(30, 20).toString('base64');
  const b = 'data:image/png;base64,' + png(31, 20).toString('base64');
  const first = loadImage(new Sharing(), new WarningSink(), a);
  const second = loadImage(new Sharing(), new WarningSink(), a); // the next render: a new loader
  assert.ok(first && second);
  assert.equal(second, first, 'the same ImageRef (key and size) for the same bytes object');
  assert.deepEqual([first.width, first.height, first.key.startsWith('data:sha1:')], [30, 20, true]);
  const other = loadImage(new Sharing(), new WarningSink(), b);
  assert.deepEqual([other?.width, other?.key === first.key], [31, false]);
  // the same URI decoded again into a new bytes object (renderPdf): an equal ImageRef, made anew
  const fresh = loadImage(new ResourceLoader(), new WarningSink(), a);
  assert.notEqual(fresh, first);
  assert.deepEqual(fresh, first);
});
