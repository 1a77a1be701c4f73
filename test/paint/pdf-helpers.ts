/**
 * Helpers for the PDF writer tests. In: fonts from fonts/, text, display items. Out: FontFaces,
 * hand-shaped GlyphRuns (fontkit layout), and poppler/qpdf probes of the written PDF.
 */
import * as fontkit from 'fontkit';
import { execFileSync } from 'node:child_process';
import * as zlib from 'node:zlib';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontFace, GlyphRun, ShapedGlyph } from '../../src/text/types.ts';
import type { Color } from '../../src/css/computed.ts';

const FONTS = fileURLToPath(new URL('../../fonts/', import.meta.url));
const faces = new Map<string, FontFace>();

/** A FontFace for a bundled font file (parsed once per test process). */
export function face(file = 'LiberationSans-Regular.ttf'): FontFace {
  let f = faces.get(file);
  if (f) return f;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const font: any = (fontkit as any).openSync(join(FONTS, file));
  f = {
    key: file, family: font.familyName, weight: 400, style: 'normal', font,
    unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: -font.descent, lineGap: font.lineGap,
    xHeight: font.xHeight, capHeight: font.capHeight, underlinePosition: font.underlinePosition,
    underlineThickness: font.underlineThickness, strikeoutPosition: 0, strikeoutThickness: 0,
  };
  faces.set(file, f);
  return f;
}

/** Shapes `text` with fontkit (kerning and ligatures on) into one run at `size` px. */
export function shape(text: string, size: number, ff: FontFace = face(), extra: { letterSpacing?: number } = {}): GlyphRun {
  const r = ff.font.layout(text);
  const k = size / ff.unitsPerEm;
  const glyphs: ShapedGlyph[] = [];
  let width = 0;
  for (let i = 0; i < r.glyphs.length; i++) {
    const g = r.glyphs[i];
    const p = r.positions[i];
    const advance = p.xAdvance * k + (extra.letterSpacing ?? 0);
    glyphs.push({ id: g.id, advance, dx: p.xOffset * k, dy: p.yOffset * k, text: String.fromCodePoint(...g.codePoints) });
    width += advance;
  }
  return { face: ff, fontSize: size, glyphs, width, text };
}

export const rgba = (r: number, g: number, b: number, a = 1): Color => ({ r, g, b, a });
export const BLACK = rgba(0, 0, 0);

/** A temp dir holding `pdf` as out.pdf; call the returned cleanup when done. */
export function withPdf<T>(pdf: Uint8Array, fn: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pdf-'));
  try {
    const p = join(dir, 'out.pdf');
    writeFileSync(p, pdf);
    return fn(p, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function pdftotext(pdf: Uint8Array, args: string[] = []): string {
  return withPdf(pdf, (p) => execFileSync('pdftotext', [...args, p, '-'], { encoding: 'utf8' }));
}

/** Words with their boxes in pt (pdftotext -bbox). */
export function words(pdf: Uint8Array): Array<{ text: string; xMin: number; yMin: number; xMax: number; yMax: number }> {
  const html = pdftotext(pdf, ['-bbox']);
  const out = [];
  const re = /<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="(-?[\d.]+)" yMax="(-?[\d.]+)">([^<]*)<\/word>/g;
  for (let m; (m = re.exec(html));) out.push({ text: m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'), xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]! });
  return out;
}

/** Rasterises page `page` (1-based) at `dpi` (72 → 1 pixel per pt, 96 → 1 pixel per px). */
export function raster(pdf: Uint8Array, dpi = 96, page = 1, antialias = false): { w: number; h: number; px(x: number, y: number): [number, number, number] } {
  return withPdf(pdf, (p, dir) => {
    const aa = antialias ? [] : ['-aa', 'no', '-aaVector', 'no'];
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', ...aa, p, join(dir, 'img')]);
    const buf = readFileSync(join(dir, 'img.ppm'));
    // P6 header: "P6\n<w> <h>\n255\n"
    let pos = 0;
    const fields: string[] = [];
    while (fields.length < 4) {
      while (buf[pos] === 0x20 || buf[pos] === 0x0a) pos++;
      let s = '';
      while (buf[pos] !== 0x20 && buf[pos] !== 0x0a) s += String.fromCharCode(buf[pos++]!);
      fields.push(s);
    }
    pos++;
    const w = +fields[1]!, h = +fields[2]!;
    const data = buf.subarray(pos);
    return { w, h, px: (x: number, y: number) => { const i = (y * w + x) * 3; return [data[i]!, data[i + 1]!, data[i + 2]!]; } };
  });
}

/**
 * Ink agreement of page 1 with a reference raster (a gzipped binary PGM at `dpi`, e.g. Chromium's
 * print rasterised by pdftoppm -gray): among the pixels inked (grey < 250) in either, the share
 * whose grey levels differ by at most 48 (the fidelity score's ink overlap, which uses 50 dpi).
 */
export function inkAgreement(pdf: Uint8Array, refPgmGz: URL, dpi = 96): number {
  const ref = zlib.gunzipSync(readFileSync(refPgmGz));
  const header = ref.toString('latin1', 0, 20).split(/\s+/);
  const rw = Number(header[1]), rh = Number(header[2]);
  const refPx = ref.subarray(ref.length - rw * rh);
  const img = raster(pdf, dpi, 1, true);
  let inked = 0, same = 0;
  for (let y = 0; y < Math.min(rh, img.h); y++) for (let x = 0; x < Math.min(rw, img.w); x++) {
    const [r, g, b] = img.px(x, y);
    const ours = 0.299 * r + 0.587 * g + 0.114 * b, theirs = refPx[y * rw + x]!;
    if (ours >= 250 && theirs >= 250) continue;
    inked++;
    if (Math.abs(ours - theirs) <= 48) same++;
  }
  return inked ? same / inked : 1;
}

/**
 * Reference words (text, xMin, yMin, xMax, yMax in pt, e.g. pdftotext -bbox of Chromium's PDF) that
 * `pdf` has at the same place within `tol` pt (each of ours used once); returns the misses as text.
 */
export function missingWords(pdf: Uint8Array, ref: ReadonlyArray<readonly [string, number, number, number, number]>, tol = 0.5): string[] {
  const got = words(pdf);
  const used = new Set<number>();
  const miss: string[] = [];
  for (const [t, x0, y0, x1, y1] of ref) {
    const i = got.findIndex((g, k) => !used.has(k) && g.text === t && Math.abs(g.xMin - x0) < tol && Math.abs(g.yMin - y0) < tol && Math.abs(g.xMax - x1) < tol && Math.abs(g.yMax - y1) < tol);
    if (i < 0) miss.push(`${t}@${x0},${y0} (ours: ${got.filter((g) => g.text === t).map((g) => `${g.xMin},${g.yMin}`).join(' ') || 'none'})`);
    else used.add(i);
  }
  return miss;
}

/** The PDF rewritten by qpdf with uncompressed streams and no object streams. */
export function qdf(pdf: Uint8Array): string {
  return withPdf(pdf, (p, dir) => {
    const out = join(dir, 'q.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, out]);
    return readFileSync(out, 'latin1');
  });
}

/** `qpdf --check` output (throws when qpdf reports errors: exit status 2). */
export function qpdfCheck(pdf: Uint8Array): string {
  return withPdf(pdf, (p) => execFileSync('qpdf', ['--check', p], { encoding: 'utf8' }));
}

export function pdfinfo(pdf: Uint8Array): Record<string, string> {
  return withPdf(pdf, (p) => {
    const out = execFileSync('pdfinfo', ['-isodates', p], { encoding: 'utf8' });
    const r: Record<string, string> = {};
    for (const line of out.split('\n')) {
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (m) r[m[1]!.trim()] = m[2]!.trim();
    }
    return r;
  });
}

/**
 * Encodes a PNG (ISO/IEC 15948) for tests. `colorType` 0 gray, 2 RGB, 3 indexed, 4 gray+alpha,
 * 6 RGBA; `rows` are unfiltered sample bytes per row (filter type 0 is written); `interlace`
 * writes Adam7 passes.
 */
export function png(opts: { width: number; height: number; colorType: number; bitDepth?: number; pixels: number[]; palette?: number[]; trns?: number[]; interlace?: boolean }): Buffer {
  const { width: w, height: h, colorType: ct } = opts;
  const bd = opts.bitDepth ?? 8;
  const ch = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[ct]!;
  const px = opts.pixels; // samples, ch per pixel, row-major
  const rowBytes = (pw: number, get: (i: number) => number): number[] => {
    const out: number[] = [];
    if (bd === 8) for (let i = 0; i < pw * ch; i++) out.push(get(i));
    else {
      let acc = 0, bits = 0;
      for (let i = 0; i < pw * ch; i++) {
        acc = (acc << bd) | get(i); bits += bd;
        if (bits === 8) { out.push(acc); acc = 0; bits = 0; }
      }
      if (bits) out.push(acc << (8 - bits));
    }
    return out;
  };
  const raw: number[] = [];
  const passes = opts.interlace ? [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] : [[0, 0, 1, 1]];
  for (const [x0, y0, dx, dy] of passes) {
    const pw = Math.ceil((w - x0!) / dx!), ph = Math.ceil((h - y0!) / dy!);
    if (pw <= 0 || ph <= 0) continue;
    for (let j = 0; j < ph; j++) {
      raw.push(0);
      const y = y0! + j * dy!;
      raw.push(...rowBytes(pw, (i) => px[(y * w + x0! + Math.floor(i / ch) * dx!) * ch + (i % ch)]!));
    }
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = bd; ihdr[9] = ct; ihdr[12] = opts.interlace ? 1 : 0;
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (opts.palette) parts.push(chunk('PLTE', Buffer.from(opts.palette)));
  if (opts.trns) parts.push(chunk('tRNS', Buffer.from(opts.trns)));
  parts.push(chunk('IDAT', zlib.deflateSync(Buffer.from(raw))), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** Colours the pixel tests name by letter (as the WeasyPrint draw tests do); others read '?'. */
export const LETTERS: Readonly<Record<string, string>> = {
  '255,255,255': '_', '255,0,0': 'R', '0,0,255': 'B', '0,255,0': 'G', '0,128,0': 'g', '0,0,0': 'K',
  '255,255,0': 'Y', '255,0,255': 'M', '0,255,255': 'C', '0,0,128': 'b',
};

/** The rows of a rasterised page as letters, one per pixel (LETTERS; '?' for other colours). */
export function letterRows(img: { w: number; h: number; px(x: number, y: number): [number, number, number] }, letters: Readonly<Record<string, string>> = LETTERS): string[] {
  const rows: string[] = [];
  for (let y = 0; y < img.h; y++) {
    let row = '';
    for (let x = 0; x < img.w; x++) row += letters[img.px(x, y).join(',')] ?? '?';
    rows.push(row);
  }
  return rows;
}
