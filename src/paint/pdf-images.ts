/**
 * Image decoding for the PDF writer. In: an ImageRef's bytes (PNG or JPEG). Out: PDF image
 * XObject dictionaries and stream data (ISO 32000-1 §8.9.5), with a soft mask for alpha.
 *
 * PNG (ISO/IEC 15948): non-interlaced images without transparency and with ≤ 8-bit samples pass
 * their IDAT data through unchanged (FlateDecode with PNG predictors, no decoding at all); the
 * others (alpha channel, tRNS, interlaced, 16-bit) are inflated, unfiltered and re-deflated as
 * 8-bit Gray/RGB plus an 8-bit /SMask (level 9 for flat artwork, 6 for photographs; PNG predictors where they help, the colour of
 * fully transparent pixels bled from their visible neighbours). JPEG passes through
 * (DCTDecode); EXIF orientation is read so the drawing matrix can apply it as browsers do
 * (image-orientation: from-image).
 * Results are cached per content hash (bounded) so repeated renders of a logo cost nothing.
 * A CSS filter's colour matrices (src/paint/filters.ts) are applied to the decoded pixels (JPEG
 * decoded with jpeg-js), cached per image and filter (bounded).
 */
import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import type { ImageRef } from '../box/types.ts';
import jpeg from 'jpeg-js';
import type { ColorMatrix } from './display-list.ts';
import { filterPixels, matrixKey } from './filters.ts';
import { ByteLru } from '../byte-lru.ts';

/** A dictionary in pdfkit's object notation: strings are PDF names, `String` objects are PDF strings. */
export type PdfDict = Record<string, unknown>;

/** A decoded image ready to be written: main XObject (+ optional soft mask), sizes in pixels. */
export interface PreparedImage {
  dict: PdfDict;
  data: Uint8Array;
  smask?: { dict: PdfDict; data: Uint8Array };
  /** Pixel size of the stored image (before EXIF orientation). */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 = as stored). */
  orientation: number;
}

const CACHE_MAX_ENTRIES = 64;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Decoded images by content hash: at most 64, together at most CACHE_MAX_BYTES (each at most a quarter of it). */
const cache = new ByteLru<string, PreparedImage>({ maxBytes: CACHE_MAX_BYTES, maxEntries: CACHE_MAX_ENTRIES });
/** Buffers already hashed (weak: the loader's buffers come and go). */
const byBuffer = new WeakMap<Uint8Array, { key: string; img: PreparedImage }>();

function sizeOf(p: PreparedImage): number {
  return p.data.length + (p.smask ? p.smask.data.length : 0);
}

/**
 * Decodes (or fetches from the process cache) an image for embedding. Throws an Error with a
 * short message when the bytes are not a decodable PNG/JPEG (the writer turns it into a
 * warning and draws nothing).
 */
export function prepareImage(ref: ImageRef): PreparedImage {
  const data = ref.data;
  if (!data || data.length < 8) throw new Error('empty image data');
  // The same bytes object again (a loader that caches files): no need to hash it (and it counts as used, as a hash hit does).
  const same = byBuffer.get(data);
  if (same && cache.get(same.key) === same.img) return same.img;
  const key = createHash('sha1').update(data).digest('base64');
  const hit = cache.get(key);
  if (hit) {
    byBuffer.set(data, { key, img: hit });
    return hit;
  }
  let img: PreparedImage;
  if (data[0] === 0xff && data[1] === 0xd8) img = prepareJpeg(data);
  else if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) img = preparePng(data);
  else throw new Error(`unsupported image format (${ref.format})`);
  const size = sizeOf(img);
  if (size <= CACHE_MAX_BYTES / 4) {
    cache.set(key, img, size);
    byBuffer.set(data, { key, img });
  }
  return img;
}

// ---------------------------------------------------------------------------------- JPEG

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function prepareJpeg(d: Uint8Array): PreparedImage {
  let pos = 2;
  let orientation = 1;
  while (pos + 4 <= d.length) {
    if (d[pos] !== 0xff) { pos++; continue; }
    const marker = d[pos + 1]!;
    if (marker === 0xff) { pos++; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { pos += 2; continue; }
    const len = (d[pos + 2]! << 8) | d[pos + 3]!;
    if (marker === 0xe1) orientation = exifOrientation(d, pos + 4, len - 2) ?? orientation;
    if (SOF.has(marker)) {
      if (pos + 10 > d.length) break;
      const bits = d[pos + 4]!;
      const height = (d[pos + 5]! << 8) | d[pos + 6]!;
      const width = (d[pos + 7]! << 8) | d[pos + 8]!;
      const comps = d[pos + 9]!;
      const cs = comps === 1 ? 'DeviceGray' : comps === 3 ? 'DeviceRGB' : comps === 4 ? 'DeviceCMYK' : null;
      if (!cs || !width || !height) throw new Error('unsupported JPEG colour layout');
      const dict: PdfDict = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: cs, BitsPerComponent: bits === 12 ? 8 : bits, Filter: 'DCTDecode', Interpolate: false };
      // Adobe CMYK JPEGs store inverted samples (what Photoshop writes; pdfkit does the same).
      if (comps === 4) dict.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
      return { dict, data: d, width, height, orientation };
    }
    pos += 2 + len;
  }
  throw new Error('JPEG without a frame header');
}

/** EXIF tag 0x0112 (Orientation) from an APP1 segment body at `start`, or undefined. */
function exifOrientation(d: Uint8Array, start: number, len: number): number | undefined {
  if (len < 14 || d[start] !== 0x45 || d[start + 1] !== 0x78 || d[start + 2] !== 0x69 || d[start + 3] !== 0x66) return undefined;
  const t = start + 6;
  const end = Math.min(d.length, start + len);
  const le = d[t] === 0x49;
  const u16 = (p: number): number => (p + 2 > end ? 0 : le ? d[p]! | (d[p + 1]! << 8) : (d[p]! << 8) | d[p + 1]!);
  const u32 = (p: number): number => (p + 4 > end ? 0 : le ? (u16(p) | (u16(p + 2) << 16)) >>> 0 : ((u16(p) << 16) | u16(p + 2)) >>> 0);
  const ifd = t + u32(t + 4);
  const n = u16(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > end) break;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : undefined;
    }
  }
  return undefined;
}

// ----------------------------------------------------------------------------------- PNG

interface PngInfo {
  width: number; height: number; bitDepth: number; colorType: number; interlace: number;
  palette?: Uint8Array; trns?: Uint8Array; idat: Uint8Array;
}

function readPng(d: Uint8Array): PngInfo {
  const dv = new DataView(d.buffer, d.byteOffset, d.byteLength);
  let pos = 8;
  let info: Partial<PngInfo> = {};
  const idat: Uint8Array[] = [];
  while (pos + 8 <= d.length) {
    const len = dv.getUint32(pos);
    const type = String.fromCharCode(d[pos + 4]!, d[pos + 5]!, d[pos + 6]!, d[pos + 7]!);
    const body = pos + 8;
    if (body + len > d.length) break;
    if (type === 'IHDR' && len >= 13) {
      info = { width: dv.getUint32(body), height: dv.getUint32(body + 4), bitDepth: d[body + 8]!, colorType: d[body + 9]!, interlace: d[body + 12]! };
    } else if (type === 'PLTE') info.palette = d.subarray(body, body + len);
    else if (type === 'tRNS') info.trns = d.subarray(body, body + len);
    else if (type === 'IDAT') idat.push(d.subarray(body, body + len));
    else if (type === 'IEND') break;
    pos = body + len + 4;
  }
  const { width, height, bitDepth, colorType } = info;
  if (!width || !height || !bitDepth || colorType === undefined) throw new Error('PNG without a valid IHDR');
  if (![0, 2, 3, 4, 6].includes(colorType) || ![1, 2, 4, 8, 16].includes(bitDepth)) throw new Error('PNG with an invalid colour type or bit depth');
  if (colorType === 3 && !info.palette) throw new Error('indexed PNG without a palette');
  if (!idat.length) throw new Error('PNG without image data');
  if (width * height > 50_000_000) throw new Error('PNG too large');
  return { ...(info as PngInfo), idat: idat.length === 1 ? idat[0]! : Buffer.concat(idat) };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function preparePng(d: Uint8Array): PreparedImage {
  const p = readPng(d);
  const { width, height } = p;
  const base = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, Interpolate: false };
  const fast = p.interlace === 0 && !p.trns && p.bitDepth <= 8 && (p.colorType === 0 || p.colorType === 2 || p.colorType === 3);
  if (fast) {
    const dict: PdfDict = {
      ...base, BitsPerComponent: p.bitDepth, Filter: 'FlateDecode',
      ColorSpace: p.colorType === 0 ? 'DeviceGray' : p.colorType === 2 ? 'DeviceRGB' : indexedSpace(p.palette!),
      DecodeParms: { Predictor: 15, Colors: CHANNELS[p.colorType], BitsPerComponent: p.bitDepth, Columns: width },
    };
    return { dict, data: p.idat, width, height, orientation: 1 };
  }
  const { color, alpha, gray } = decodePng(p);
  const channels = gray ? 1 : 3;
  if (alpha) bleed(color, alpha, width, height, channels);
  const level = deflateLevel(d.length, color.length + (alpha ? alpha.length : 0));
  const main = encodeSamples(color, width, height, channels, level);
  const dict: PdfDict = { ...base, BitsPerComponent: 8, ColorSpace: gray ? 'DeviceGray' : 'DeviceRGB', ...main.dict };
  const out: PreparedImage = { dict, data: main.data, width, height, orientation: 1 };
  if (alpha) {
    const mask = encodeSamples(alpha, width, height, 1, level);
    out.smask = {
      dict: { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, ColorSpace: 'DeviceGray', Interpolate: false, ...mask.dict },
      data: mask.data,
    };
  }
  return out;
}

/** Up to this many sample bytes an image is deflated both ways (see encodeSamples); beyond, with PNG filters only. */
const TRY_BOTH_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The zlib level for an image's re-encoded samples (ISO 32000-1 §7.4.4): 9 for flat artwork, 6 (zlib's default) for
 * photographs, told apart by how well the source PNG compressed: at most 1/8 of its samples' bytes is flat (logos,
 * icons, charts). Level 9's lazy matching over 4,096-long chains is cheap where long matches abound and slow where
 * they do not: the README invoice's palette logo (898 × 106, 7,522 bytes for 380,752 of samples) deflates in 10 ms
 * at level 9 (6,836 bytes; 3 ms and 7,526 at level 6), while a 534 × 504 RGBA product photo (254,782 bytes for
 * 1,076,544) took 1,164–2,346 ms at level 9 against 194–214 ms at level 6 for 5–6 % more bytes; a photo taken from
 * a template's variables is new on every render. A JPEG (filtered, prepareFilteredImage) is a photograph.
 */
function deflateLevel(sourceBytes: number, sampleBytes: number): number {
  return sourceBytes * FLAT_RATIO <= sampleBytes ? FLAT_LEVEL : 6;
}

/** The zlib level of flat artwork (deflateLevel), and the compression ratio that tells flat artwork. */
const FLAT_LEVEL = 9;
const FLAT_RATIO = 8;
/** Flat artwork whose plain samples deflate to 1/32 or less is written plain without trying the PNG filters (encodeSamples). */
const PLAIN_ONLY_RATIO = 32;
/** The zlib level at which flat artwork's plain and PNG-filtered samples are compared (encodeSamples). */
const RANKING_LEVEL = 3;

/**
 * Deflates 8-bit samples (ISO 32000-1 §7.4.4) for an image XObject, the smaller of: plain, and
 * PNG-filtered rows (each row's filter chosen by the minimum sum of absolute differences, as
 * libpng does; /DecodeParms Predictor 15). Flat artwork such as logos usually deflates best
 * plain, photographs filtered. At zlib `level` (deflateLevel); the result is cached with the decoded
 * image.
 *
 * Flat artwork (level 9) is not deflated both ways at level 9, whose long match chains made the README invoice's
 * logo (898 × 106, colour and alpha) cost 60-70 ms of a worker's first render: samples that deflate plain to 1/32 or
 * less are kept plain without the filters' pass (the 24 such sample sets of both fidelity corpora, the logo's colour
 * among them: 285,564 bytes to 1,310 plain, 1,514 filtered, all deflate smaller plain; where the filters would win,
 * the loss is a few bytes: a two-shape 300 × 80 test logo's colour, 280 bytes plain against 257); the others are compared
 * deflated at level 3 and only the smaller is deflated at level 9 (the level-3 comparison chose as level 9 would
 * for all 23 other sets: the logo's alpha 7,968 plain against 8,831 filtered at level 3, 6,557 against 7,710 at 9; a
 * 280 × 205 alpha mask 4,149 against 3,908, then 3,473 against 2,830).
 */
function encodeSamples(raw: Uint8Array, w: number, h: number, channels: number, level: number): { data: Uint8Array; dict: PdfDict } {
  const plainDict = { Filter: 'FlateDecode' };
  const predictedDict = { Filter: 'FlateDecode', DecodeParms: { Predictor: 15, Colors: channels, BitsPerComponent: 8, Columns: w } };
  if (level === FLAT_LEVEL && raw.length <= TRY_BOTH_MAX_BYTES) {
    const plain = deflateSync(raw, { level });
    if (plain.length * PLAIN_ONLY_RATIO <= raw.length) return { data: plain, dict: plainDict };
    const rows = pngFilter(raw, w, h, channels);
    if (deflateSync(raw, { level: RANKING_LEVEL }).length <= deflateSync(rows, { level: RANKING_LEVEL }).length) return { data: plain, dict: plainDict };
    return { data: deflateSync(rows, { level }), dict: predictedDict };
  }
  const filtered = deflateSync(pngFilter(raw, w, h, channels), { level });
  if (raw.length > TRY_BOTH_MAX_BYTES) return { data: filtered, dict: predictedDict };
  const plain = deflateSync(raw, { level });
  return plain.length <= filtered.length ? { data: plain, dict: plainDict } : { data: filtered, dict: predictedDict };
}

/** PNG filtering (ISO/IEC 15948 §9.2, filter method 0) of w×h samples with `bpp` bytes per pixel. */
function pngFilter(raw: Uint8Array, w: number, h: number, bpp: number): Uint8Array {
  const stride = w * bpp;
  const out = new Uint8Array((stride + 1) * h);
  const zero = new Uint8Array(stride);
  const cand = [0, 1, 2, 3, 4].map(() => new Uint8Array(stride));
  for (let y = 0; y < h; y++) {
    const row = raw.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? raw.subarray((y - 1) * stride, y * stride) : zero;
    let best = 0, bestSum = Infinity;
    for (let ft = 0; ft < 5; ft++) {
      const c = cand[ft]!;
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0, b = prev[i]!;
        let pred = 0;
        if (ft === 1) pred = a;
        else if (ft === 2) pred = b;
        else if (ft === 3) pred = (a + b) >> 1;
        else if (ft === 4) {
          const cc = i >= bpp ? prev[i - bpp]! : 0;
          const pa = Math.abs(b - cc), pb = Math.abs(a - cc), pc = Math.abs(a + b - 2 * cc);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : cc;
        }
        const v = (row[i]! - pred) & 255;
        c[i] = v;
        sum += v < 128 ? v : 256 - v;
      }
      if (sum < bestSum) { bestSum = sum; best = ft; }
    }
    out[y * (stride + 1)] = best;
    out.set(cand[best]!, y * (stride + 1) + 1);
  }
  return out;
}

/**
 * Gives fully transparent pixels the colour of the nearest opaque pixel in their row (the
 * nearer side of the gap), and fully transparent rows the nearest row with colour. Their colour
 * is never seen, except where a viewer resamples colour and soft mask separately and averages
 * it into the edge of a shape: bled colour keeps those edges their own colour (an encoder's
 * arbitrary fill, often black, darkens them) and makes long runs that deflate to almost nothing.
 */
function bleed(color: Uint8Array, alpha: Uint8Array, w: number, h: number, ch: number): void {
  const copyPx = (from: number, to: number): void => { for (let k = 0; k < ch; k++) color[to * ch + k] = color[from * ch + k]!; };
  const hasColor = new Uint8Array(h);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    let last = -1; // the last opaque pixel seen in this row
    for (let x = 0; x <= w; x++) {
      if (x < w && alpha[r + x] === 0) continue;
      const gapStart = last + 1; // transparent pixels gapStart … x-1
      if (x > gapStart) {
        if (last < 0 && x === w) break; // nothing opaque in the row
        const mid = last < 0 ? gapStart : x === w ? w : (gapStart + x) >> 1;
        for (let i = gapStart; i < mid; i++) copyPx(r + last, r + i);
        for (let i = mid; i < x; i++) copyPx(r + x, r + i);
      }
      last = x;
      hasColor[y] = 1;
    }
  }
  const rowLen = w * ch;
  let prev = -1;
  for (let y = 0; y < h; y++) {
    if (hasColor[y]) {
      if (prev < 0) for (let k = 0; k < y; k++) color.copyWithin(k * rowLen, y * rowLen, (y + 1) * rowLen);
      prev = y;
    } else if (prev >= 0) color.copyWithin(y * rowLen, prev * rowLen, (prev + 1) * rowLen);
  }
}

function indexedSpace(palette: Uint8Array): unknown[] {
  const n = Math.floor(palette.length / 3);
  return ['Indexed', 'DeviceRGB', Math.max(0, n - 1), new Uint8Array(palette.subarray(0, n * 3))];
}

/** Reverses PNG scanline filters (ISO/IEC 15948 §9) in place for one (sub)image; returns rows. */
function unfilter(src: Uint8Array, off: number, w: number, h: number, bpp: number, bitsPerPixel: number, out: Uint8Array[]): number {
  const stride = Math.ceil((w * bitsPerPixel) / 8);
  let prev: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < h; y++) {
    if (off + 1 + stride > src.length) throw new Error('truncated PNG data');
    const ft = src[off]!;
    const row = src.subarray(off + 1, off + 1 + stride);
    off += 1 + stride;
    switch (ft) {
      case 0: break;
      case 1: for (let i = bpp; i < stride; i++) row[i] = (row[i]! + row[i - bpp]!) & 255; break;
      case 2: for (let i = 0; i < stride; i++) row[i] = (row[i]! + prev[i]!) & 255; break;
      case 3: for (let i = 0; i < stride; i++) row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + prev[i]!) >> 1)) & 255; break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const a = i >= bpp ? row[i - bpp]! : 0, b = prev[i]!, c = i >= bpp ? prev[i - bpp]! : 0;
          const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
          row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
        }
        break;
      default: throw new Error('invalid PNG filter type');
    }
    out.push(row);
    prev = row;
  }
  return off;
}

const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** Full decode to 8-bit Gray or RGB plus optional 8-bit alpha (from the alpha channel or tRNS). */
function decodePng(p: PngInfo): { color: Uint8Array; alpha: Uint8Array | null; gray: boolean } {
  const { width: w, height: h, bitDepth: bd, colorType: ct } = p;
  const ch = CHANNELS[ct]!;
  const bitsPP = ch * bd;
  const bpp = Math.max(1, bitsPP >> 3);
  const raw = new Uint8Array(inflateSync(p.idat));
  const gray = ct === 0 || ct === 4;
  const outCh = gray ? 1 : 3;
  const color = new Uint8Array(w * h * outCh);
  const hasAlpha = ct === 4 || ct === 6 || !!p.trns;
  const alpha = hasAlpha ? new Uint8Array(w * h).fill(255) : null;
  const maxV = (1 << bd) - 1;
  const sample = (row: Uint8Array, i: number): number => {
    if (bd === 8) return row[i]!;
    if (bd === 16) return (row[2 * i]! << 8) | row[2 * i + 1]!;
    const bit = i * bd;
    return (row[bit >> 3]! >> (8 - bd - (bit & 7))) & maxV;
  };
  const to8 = (v: number): number => (bd === 16 ? v >> 8 : bd === 8 ? v : Math.round((v * 255) / maxV));
  const trns = p.trns;
  const keyGray = trns && ct === 0 && trns.length >= 2 ? (trns[0]! << 8) | trns[1]! : -1;
  const keyRgb = trns && ct === 2 && trns.length >= 6 ? [(trns[0]! << 8) | trns[1]!, (trns[2]! << 8) | trns[3]!, (trns[4]! << 8) | trns[5]!] : null;
  const pal = p.palette;
  const put = (row: Uint8Array, sx: number, dx: number): void => {
    const s = sx * ch;
    if (ct === 3) {
      const idx = sample(row, s);
      const o = dx * 3;
      color[o] = pal![idx * 3] ?? 0; color[o + 1] = pal![idx * 3 + 1] ?? 0; color[o + 2] = pal![idx * 3 + 2] ?? 0;
      if (alpha && trns) alpha[dx] = idx < trns.length ? trns[idx]! : 255;
    } else if (gray) {
      const v = sample(row, s);
      color[dx] = to8(v);
      if (ct === 4) alpha![dx] = to8(sample(row, s + 1));
      else if (alpha && v === keyGray) alpha[dx] = 0;
    } else {
      const r = sample(row, s), g = sample(row, s + 1), b = sample(row, s + 2);
      const o = dx * 3;
      color[o] = to8(r); color[o + 1] = to8(g); color[o + 2] = to8(b);
      if (ct === 6) alpha![dx] = to8(sample(row, s + 3));
      else if (alpha && keyRgb && r === keyRgb[0] && g === keyRgb[1] && b === keyRgb[2]) alpha[dx] = 0;
    }
  };
  if (p.interlace === 0) {
    const rows: Uint8Array[] = [];
    unfilter(raw, 0, w, h, bpp, bitsPP, rows);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) put(rows[y]!, x, y * w + x);
  } else {
    let off = 0;
    for (const [x0, y0, dxs, dys] of ADAM7) {
      const pw = Math.ceil((w - x0) / dxs), ph = Math.ceil((h - y0) / dys);
      if (pw <= 0 || ph <= 0) continue;
      const rows: Uint8Array[] = [];
      off = unfilter(raw, off, pw, ph, bpp, bitsPP, rows);
      for (let j = 0; j < ph; j++) for (let i = 0; i < pw; i++) put(rows[j]!, i, (y0 + j * dys) * w + x0 + i * dxs);
    }
  }
  return { color, alpha, gray };
}

/**
 * The image-space → px matrix [a b c d e f] that draws the image into `rect` (y down) with
 * EXIF orientation `o` applied (stored row 0 at the top for o = 1).
 */
export function imageMatrix(x: number, y: number, w: number, h: number, o: number): [number, number, number, number, number, number] {
  // X = ax·u + bx·v + cx, Y = ay·u + by·v + cy: display fractions from the rect's top-left,
  // (u, v) image space (v up: v = 1 is the stored first row).
  const T: Record<number, number[]> = {
    1: [1, 0, 0, 0, -1, 1], 2: [-1, 0, 1, 0, -1, 1], 3: [-1, 0, 1, 0, 1, 0], 4: [1, 0, 0, 0, 1, 0],
    5: [0, -1, 1, 1, 0, 0], 6: [0, 1, 0, 1, 0, 0], 7: [0, 1, 0, -1, 0, 1], 8: [0, -1, 1, -1, 0, 1],
  };
  const [ax, bx, cx, ay, by, cy] = T[o] ?? T[1]!;
  return [w * ax!, h * ay!, w * bx!, h * by!, x + w * cx!, y + h * cy!];
}

// ---------------------------------------------------------------------------------- filtered images

/** Filtered images: at most 16, together at most CACHE_MAX_BYTES (each at most a quarter of it, as the decoded images). */
const filtered = new ByteLru<string, PreparedImage>({ maxBytes: CACHE_MAX_BYTES, maxEntries: 16 });

/**
 * An image with a CSS filter's colour matrices applied to its pixels (Filter Effects 1 §13 on a raster
 * image, as Chromium's print rasterises it): decoded (PNG here, JPEG through jpeg-js, at most 64 MP),
 * filtered, re-encoded as 8-bit RGB plus a soft mask when it has alpha. Cached per (image bytes, matrices),
 * at most 16 images under CACHE_MAX_BYTES / 4 each and CACHE_MAX_BYTES together. Throws as prepareImage does.
 */
export function prepareFilteredImage(ref: ImageRef, ms: ColorMatrix): PreparedImage {
  const data = ref.data;
  if (!data || data.length < 8) throw new Error('empty image data');
  const key = createHash('sha1').update(data).digest('base64') + '|' + matrixKey(ms);
  const hit = filtered.get(key);
  if (hit) return hit;
  let width: number, height: number, orientation = 1;
  let color: Uint8Array, alpha: Uint8Array | null, channels: 1 | 3;
  if (data[0] === 0xff && data[1] === 0xd8) {
    orientation = prepareJpeg(data).orientation;
    const d = jpeg.decode(data, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 64, maxMemoryUsageInMB: 512 });
    ({ width, height } = d);
    color = d.data; alpha = null; channels = 3;
  } else if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) {
    const p = readPng(data);
    ({ width, height } = p);
    const d = decodePng(p);
    color = d.color; alpha = d.alpha; channels = d.gray ? 1 : 3;
  } else throw new Error(`unsupported image format (${ref.format})`);
  const f = filterPixels(ms, color, alpha, channels);
  if (f.alpha) bleed(f.color, f.alpha, width, height, 3);
  const level = data[0] === 0xff ? 6 : deflateLevel(data.length, color.length + (alpha ? alpha.length : 0)); // a JPEG is a photograph
  const main = encodeSamples(f.color, width, height, 3, level);
  const img: PreparedImage = {
    dict: { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, Interpolate: false, BitsPerComponent: 8, ColorSpace: 'DeviceRGB', ...main.dict },
    data: main.data, width, height, orientation,
  };
  if (f.alpha) {
    const mask = encodeSamples(f.alpha, width, height, 1, level);
    img.smask = { dict: { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, ColorSpace: 'DeviceGray', Interpolate: false, ...mask.dict }, data: mask.data };
  }
  if (sizeOf(img) <= CACHE_MAX_BYTES / 4) {
    filtered.set(key, img, sizeOf(img));
  }
  return img;
}
