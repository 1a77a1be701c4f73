/**
 * Helpers for the PDF writer tests. In: fonts from fonts/, text, display items. Out: FontFaces,
 * hand-shaped GlyphRuns (fontkit layout), and poppler/qpdf probes of the written PDF.
 */
import * as fontkit from 'fontkit';
import { execFileSync } from 'node:child_process';
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
  const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m; (m = re.exec(html));) out.push({ text: m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'), xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]! });
  return out;
}

/** Rasterises page `page` (1-based) at `dpi` (72 → 1 pixel per pt, 96 → 1 pixel per px). */
export function raster(pdf: Uint8Array, dpi = 96, page = 1): { w: number; h: number; px(x: number, y: number): [number, number, number] } {
  return withPdf(pdf, (p, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', '-aa', 'no', '-aaVector', 'no', p, join(dir, 'img')]);
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
