/**
 * GIF to PNG conversion, so GIF images (spacers and logos of e-mail-style templates) can be
 * embedded like PNGs. In: GIF87a/89a bytes. Out: PNG bytes of the first frame composited on a
 * transparent logical screen, as browsers show a still GIF (GIF89a spec §§17–23; PNG ISO 15948).
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { ByteLru } from '../byte-lru.ts';

/** Largest logical screen we convert (pixels); bigger GIFs are refused. */
export const MAX_GIF_PIXELS = 40_000_000;

/** Decoded first frame: RGBA pixels of the logical screen. */
interface Frame { width: number; height: number; rgba: Uint8Array; opaque: boolean }

/** Reads the sub-block chain at `pos` (GIF89a §15). Returns the data and the position after it. */
function subBlocks(d: Uint8Array, pos: number, keep: boolean): { data: Uint8Array; end: number } {
  const parts: Uint8Array[] = [];
  let total = 0;
  while (pos < d.length) {
    const n = d[pos]!;
    pos++;
    if (n === 0) break;
    if (keep) {
      const part = d.subarray(pos, Math.min(d.length, pos + n));
      parts.push(part);
      total += part.length;
    }
    pos += n;
  }
  if (!keep) return { data: new Uint8Array(0), end: pos };
  const data = new Uint8Array(total);
  let o = 0;
  for (const p of parts) { data.set(p, o); o += p.length; }
  return { data, end: pos };
}

/**
 * Variable-length LZW decoding (GIF89a Appendix F) of `count` colour indices. Stops early on
 * corrupt data (the remaining pixels stay 0, i.e. the image is truncated, as browsers draw it).
 */
function lzw(minCodeSize: number, data: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(count);
  if (minCodeSize < 2 || minCodeSize > 11) return out;
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let i = 0; i < clear; i++) suffix[i] = i;
  let codeSize = minCodeSize + 1;
  let nextCode = eoi + 1;
  let prev = -1;
  let firstOfPrev = 0;
  let acc = 0;
  let bits = 0;
  let pos = 0;
  let op = 0;
  while (op < count) {
    while (bits < codeSize && pos < data.length) { acc |= data[pos++]! << bits; bits += 8; }
    if (bits < codeSize) break;
    const code = acc & ((1 << codeSize) - 1);
    acc >>>= codeSize;
    bits -= codeSize;
    if (code === clear) { codeSize = minCodeSize + 1; nextCode = eoi + 1; prev = -1; continue; }
    if (code === eoi) break;
    if (prev === -1) {
      if (code >= clear) break;
      out[op++] = code;
      prev = code;
      firstOfPrev = code;
      continue;
    }
    if (code > nextCode) break;
    let sp = 0;
    let c = code;
    if (code === nextCode) { stack[sp++] = firstOfPrev; c = prev; }
    while (c >= clear && sp < 4096) { stack[sp++] = suffix[c]!; c = prefix[c]!; }
    if (c >= clear || c < 0) break;
    stack[sp++] = c;
    while (sp > 0 && op < count) out[op++] = stack[--sp]!;
    if (nextCode < 4096) {
      prefix[nextCode] = prev;
      suffix[nextCode] = c;
      nextCode++;
      if (nextCode === 1 << codeSize && codeSize < 12) codeSize++;
    }
    prev = code;
    firstOfPrev = c;
  }
  return out;
}

/** Row order of an interlaced image (GIF89a Appendix E): passes from rows 0, 4, 2, 1. */
function interlacedRows(h: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) for (let y = start; y < h; y += step) rows.push(y);
  return rows;
}

/** Decodes the first frame of a GIF. Throws Error with a short message on malformed data. */
function decodeFirstFrame(d: Uint8Array): Frame {
  if (d.length < 13 || d[0] !== 0x47 || d[1] !== 0x49 || d[2] !== 0x46) throw new Error('not a GIF');
  const width = d[6]! | (d[7]! << 8);
  const height = d[8]! | (d[9]! << 8);
  if (!width || !height) throw new Error('GIF with an empty logical screen');
  if (width * height > MAX_GIF_PIXELS) throw new Error(`GIF larger than ${MAX_GIF_PIXELS} pixels`);
  const packed = d[10]!;
  let pos = 13;
  let global: Uint8Array | null = null;
  if (packed & 0x80) {
    const n = 3 * (2 << (packed & 7));
    global = d.subarray(pos, pos + n);
    pos += n;
  }
  let transparent = -1;
  while (pos < d.length) {
    const block = d[pos++]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      const label = d[pos++]!;
      if (label === 0xf9 && d[pos] === 4) transparent = d[pos + 1]! & 1 ? d[pos + 4]! : -1; // graphic control extension
      pos = subBlocks(d, pos, false).end;
      continue;
    }
    if (block !== 0x2c) throw new Error('corrupt GIF block structure');
    const left = d[pos]! | (d[pos + 1]! << 8);
    const top = d[pos + 2]! | (d[pos + 3]! << 8);
    const fw = d[pos + 4]! | (d[pos + 5]! << 8);
    const fh = d[pos + 6]! | (d[pos + 7]! << 8);
    const fp = d[pos + 8]!;
    pos += 9;
    let table = global;
    if (fp & 0x80) {
      const n = 3 * (2 << (fp & 7));
      table = d.subarray(pos, pos + n);
      pos += n;
    }
    if (!table) throw new Error('GIF without a colour table');
    if (fw * fh > MAX_GIF_PIXELS) throw new Error(`GIF frame larger than ${MAX_GIF_PIXELS} pixels`);
    const minCode = d[pos++]!;
    const { data } = subBlocks(d, pos, true);
    const indices = lzw(minCode, data, fw * fh);
    const rgba = new Uint8Array(width * height * 4);
    const rows = fp & 0x40 ? interlacedRows(fh) : null;
    let opaque = true;
    for (let r = 0; r < fh; r++) {
      const y = top + (rows ? rows[r]! : r);
      if (y >= height) continue;
      for (let x = 0; x < fw; x++) {
        const sx = left + x;
        if (sx >= width) break;
        const idx = indices[r * fw + x]!;
        if (idx === transparent) continue;
        const o = (y * width + sx) * 4;
        rgba[o] = table[idx * 3] ?? 0;
        rgba[o + 1] = table[idx * 3 + 1] ?? 0;
        rgba[o + 2] = table[idx * 3 + 2] ?? 0;
        rgba[o + 3] = 255;
      }
    }
    // Pixels the frame does not cover, or transparent ones, stay transparent.
    for (let i = 3; i < rgba.length && opaque; i += 4) if (rgba[i] !== 255) opaque = false;
    return { width, height, rgba, opaque };
  }
  throw new Error('GIF without an image');
}

// ---- PNG encoding

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const p of parts) for (let i = 0; i < p.length; i++) c = CRC_TABLE[(c ^ p[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([head.subarray(4), body]), 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG (8-bit RGB, or RGBA when any pixel is transparent) of RGBA pixels. */
function encodePng(f: Frame): Buffer {
  const channels = f.opaque ? 3 : 4;
  const stride = f.width * channels + 1;
  const raw = Buffer.alloc(stride * f.height);
  for (let y = 0; y < f.height; y++) {
    let o = y * stride + 1; // filter type 0 (None)
    for (let x = 0; x < f.width; x++) {
      const i = (y * f.width + x) * 4;
      raw[o++] = f.rgba[i]!;
      raw[o++] = f.rgba[i + 1]!;
      raw[o++] = f.rgba[i + 2]!;
      if (channels === 4) raw[o++] = f.rgba[i + 3]!;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(f.width, 0);
  ihdr.writeUInt32BE(f.height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 4 ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Converts a GIF to PNG: the first frame on the transparent logical screen (no animation).
 * Returns the PNG bytes and the logical screen size in pixels; cached per content (bounded LRU). Throws Error (short message)
 * on malformed or oversized GIFs.
 */
export function gifToPng(gif: Uint8Array): { png: Buffer; width: number; height: number } {
  const key = createHash('sha1').update(gif).digest('base64');
  const hit = converted.get(key);
  if (hit) return hit;
  const frame = decodeFirstFrame(gif);
  const out = { png: encodePng(frame), width: frame.width, height: frame.height };
  if (out.png.length <= CACHE_MAX_BYTES / 4) converted.set(key, out, out.png.length);
  return out;
}

/** Process-wide LRU of conversions by content hash (a template's logo is converted once). */
const CACHE_MAX_ENTRIES = 32;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const converted = new ByteLru<string, { png: Buffer; width: number; height: number }>({ maxBytes: CACHE_MAX_BYTES, maxEntries: CACHE_MAX_ENTRIES });
