/**
 * Glyph runs to PDF text operators. In: a shaped GlyphRun at a pen position (px, baseline y)
 * and its embedded font. Out: `BT … Tf … Tm [<cids> adj …] TJ` in the content stream
 * (ISO 32000-1 §9.4), each glyph at exactly the layout's advance.
 *
 * The page space is px with y down, so each run sets `1 0 0 -1 x y Tm` (glyphs upright) and a
 * font size in px. The PDF pen advances by the font's own width (/W); the difference to the
 * shaped advance (kerning, letter- and word-spacing) and GPOS x offsets become TJ numbers,
 * computed against the cumulative ideal position so rounding never accumulates; GPOS y
 * offsets use text rise (Ts). A cluster of more than one glyph (a base and its marks, drawn mark
 * first in a right-to-left run) is one marked-content span with its text as /ActualText (§14.9.4),
 * as Chromium's PDFs label it. Consecutive runs share one BT … ET object. A face with
 * `synthetic` flags (css-fonts-4 §5.6 font synthesis) is drawn skewed (oblique) and/or filled
 * and stroked (bold) the way Skia fakes them.
 */
import type { Color } from '../css/computed.ts';
import type { GlyphRun, ShapedGlyph } from '../text/types.ts';
import type { Rect } from './display-list.ts';
import { isDegenerate, mapRect, type Matrix } from '../layout/transform.ts';
import { ContentStream, num } from './pdf-content.ts';
import type { EmbeddedFace } from './pdf-fonts.ts';

/** Skia's fake italic: x skewed by 1/4 of the height above the baseline (≈ 14°). */
const FAKE_ITALIC_SKEW = 0.25;

/**
 * Skia's fake-bold stroke width as a fraction of the font size (SkScalerContext: interpolated
 * from 1/24 at ≤ 9 px to 1/32 at ≥ 36 px); the outline is stroked with that width, so each
 * side grows by half of it, as in Chromium's PDFs (fill-then-stroke text, mode 2).
 */
export function fakeBoldScale(size: number): number {
  if (size <= 9) return 1 / 24;
  if (size >= 36) return 1 / 32;
  return 1 / 24 + ((size - 9) / 27) * (1 / 32 - 1 / 24);
}

/**
 * Writes one glyph run with its pen at (x, y) px in `color`. Runs with no glyphs or size ≤ 0 write
 * nothing. `clip`: the glyphs are added to the clipping path instead of painted (text rendering
 * mode 7, ISO 32000-1 §9.3.6); the clip takes effect at the text object's ET.
 */
export function writeGlyphRun(cs: ContentStream, ef: EmbeddedFace, x: number, y: number, run: GlyphRun, color: Color, clip = false): void {
  const fs = run.fontSize;
  const glyphs = run.glyphs;
  if (!(fs > 0) || !glyphs || glyphs.length === 0 || !(color.a > 0)) return;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return;
  if (!cs.inText) {
    cs.op('BT');
    cs.inText = true;
    cs.textFont = '';
  }
  const syn = run.face.synthetic;
  if (clip) cs.textRender(7);
  else cs.fill(color);
  if (clip) { /* outlines only */ } else if (syn && syn.bold) {
    cs.stroke(color);
    cs.textRender(2, fs * fakeBoldScale(fs));
  } else {
    cs.textRender(0);
  }
  const tf = `/${ef.name} ${num(fs)} Tf`;
  if (tf !== cs.textFont) {
    cs.op(tf);
    cs.textFont = tf;
  }
  cs.op(`1 0 ${syn && syn.oblique ? FAKE_ITALIC_SKEW : 0} -1 ${num(x)} ${num(y)} Tm`);

  const k = 1000 / fs;
  // The TJ array's text in pieces, joined once per TJ: '[' or ' ' and '<' before a glyph's 4 hex digits (made once per
  // CID by the face), '>' after a string's last, numbers where the pen moves. At most 5 pieces a glyph (plus '] TJ'),
  // in one list made at its final size (no growing, no per-glyph strings in the common case).
  const tj: string[] = new Array(5 * glyphs.length + 1);
  let n = 0; // pieces in tj
  let inHex = false; // whether the last piece is inside an open <…> hex string
  let cur = 0; // where the PDF pen is, in 1/1000 text-space units from the run start
  let pen = 0; // the layout's pen, px
  let spanEnd = -1; // the last glyph of the open ActualText span
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    if (g.joinNext && i > spanEnd) {
      const text = clusterText(glyphs, i);
      if (text.end > i && text.text) {
        n = writeTj(cs, tj, n, inHex); inHex = false;
        cs.op(`/Span<</ActualText <${utf16Hex(text.text)}> >> BDC`);
        spanEnd = text.end;
      }
    }
    const cid = ef.cid(g);
    const target = (pen + (g.dx || 0)) * k;
    // 1/100 of a text-space unit: the font's /W widths are fractional, and a zero-advance glyph
    // (a hidden bidi mark) must leave the pen exactly where the next glyph starts, as Chromium's do.
    const adj = Math.round((cur - target) * 100) / 100;
    if (adj !== 0 && Number.isFinite(adj)) {
      if (inHex) { tj[n++] = '>'; inHex = false; }
      tj[n] = n === 0 ? '[' : ' ';
      tj[n + 1] = adjText(adj);
      n += 2;
      cur -= adj;
    }
    if (g.dy) {
      n = writeTj(cs, tj, n, inHex); inHex = false;
      cs.op(`${num(g.dy)} Ts [<${ef.hex(cid)}>] TJ 0 Ts`);
    } else {
      if (!inHex) { tj[n] = n === 0 ? '[<' : ' <'; n++; inHex = true; }
      tj[n++] = ef.hex(cid);
    }
    cur += ef.width(cid);
    pen += Number.isFinite(g.advance) ? g.advance : 0;
    if (i === spanEnd) { n = writeTj(cs, tj, n, inHex); inHex = false; cs.op('EMC'); }
  }
  writeTj(cs, tj, n, inHex);
}

/**
 * Writes the TJ operator whose text is the first `n` pieces of `tj`, if any (`inHex`: a hex string is still open).
 * Returns 0, the piece count of the next TJ, which reuses `tj` (only a run broken by spans or rises has one).
 */
function writeTj(cs: ContentStream, tj: string[], n: number, inHex: boolean): 0 {
  if (n === 0) return 0;
  tj[n++] = inHex ? '>] TJ' : '] TJ';
  if (tj.length !== n) tj.length = n;
  cs.op(tj.join(''));
  return 0;
}

/** TJ adjustments within ±ADJ_CACHED/100 text-space units: the ones width rounding leaves on nearly every glyph. */
const ADJ_CACHED = 2000;
/** num() of those adjustments by hundredths from -ADJ_CACHED, made on first use: a bounded cache (4,001 strings). */
const adjTexts: Array<string | undefined> = new Array(2 * ADJ_CACHED + 1);

/** num(adj) for a TJ adjustment already rounded to hundredths (the same text), without a new string for small ones. */
function adjText(adj: number): string {
  const i = Math.round(adj * 100);
  if (!(i >= -ADJ_CACHED && i <= ADJ_CACHED)) return num(adj);
  return adjTexts[i + ADJ_CACHED] ??= num(adj);
}

/** A fontkit glyph outline command (font units, y up). */
interface PathCommand { command: string; args: number[] }

/**
 * Writes one glyph run with its pen at (x, y) px as filled outline paths instead of text (nothing to extract or
 * select, as Chromium's blurred text shadows are images): each glyph's outline from the font (fontkit's glyph.path,
 * quadratic curves raised to cubic), scaled to the run's size, skewed or stroked as its face's synthesis asks, and,
 * when `grow` > 0, stroked 2 × grow wide with round joins so it grows by `grow` px on every side (a blur band).
 */
export function writeGlyphOutlines(cs: ContentStream, x: number, y: number, run: GlyphRun, color: Color, grow: number): void {
  const fs = run.fontSize;
  if (!(fs > 0) || !(color.a > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return;
  const k = fs / (run.face.unitsPerEm || 1000);
  const syn = run.face.synthetic;
  const skew = syn && syn.oblique ? FAKE_ITALIC_SKEW : 0;
  const parts: string[] = [];
  let pen = 0;
  for (const g of run.glyphs) {
    const ox = x + pen + (g.dx || 0), oy = y - (g.dy || 0);
    pen += g.advance;
    let commands: PathCommand[];
    try {
      commands = (run.face.font.getGlyph(g.id) as { path: { commands: PathCommand[] } }).path.commands;
    } catch {
      continue;
    }
    const P = (fx: number, fy: number): string => `${num(ox + (fx + skew * fy) * k)} ${num(oy - fy * k)}`;
    let cx = 0, cy = 0;
    for (const c of commands) {
      const a = c.args;
      if (c.command === 'moveTo') { parts.push(`${P(a[0]!, a[1]!)} m`); cx = a[0]!; cy = a[1]!; }
      else if (c.command === 'lineTo') { parts.push(`${P(a[0]!, a[1]!)} l`); cx = a[0]!; cy = a[1]!; }
      else if (c.command === 'quadraticCurveTo') {
        const [qx, qy, ex, ey] = a as [number, number, number, number];
        parts.push(`${P(cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy))} ${P(ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey))} ${P(ex, ey)} c`);
        cx = ex; cy = ey;
      } else if (c.command === 'bezierCurveTo') { parts.push(`${P(a[0]!, a[1]!)} ${P(a[2]!, a[3]!)} ${P(a[4]!, a[5]!)} c`); cx = a[4]!; cy = a[5]!; }
      else if (c.command === 'closePath') parts.push('h');
    }
  }
  if (parts.length === 0) return;
  const width = 2 * Math.max(0, grow) + (syn && syn.bold ? fs * fakeBoldScale(fs) : 0);
  cs.save();
  cs.fill(color);
  if (width > 0) cs.stroke(color);
  parts.push(width > 0 ? 'B' : 'f');
  cs.op(`${width > 0 ? `${num(width)} w 1 j ` : ''}${parts.join(' ')}`);
  cs.restore();
}

/**
 * The cluster that starts at glyph `i` (its glyphs joined by `joinNext`, visual order): its last glyph's index and
 * its source text. Chromium's PDFs (Skia) wrap every cluster of more than one glyph in a marked-content span
 * `/Span <</ActualText …>> BDC … EMC` (ISO 32000-1 §14.9.4): a per-glyph ToUnicode cannot say that a base and its
 * marks, drawn mark first in a right-to-left run, are one character. Text extraction then reads the cluster as one
 * character from the first glyph drawn to the end of the last (pdftotext: a word starts where the mark is drawn).
 */
function clusterText(glyphs: readonly ShapedGlyph[], i: number): { end: number; text: string } {
  let text = glyphs[i]!.text;
  let j = i;
  while (glyphs[j]!.joinNext && j + 1 < glyphs.length) text += glyphs[++j]!.text;
  return { end: j, text: text.indexOf('\u00a0') >= 0 ? text.replace(/\u00a0/g, ' ') : text };
}

/** `text` as a PDF text string in UTF-16BE with its byte order mark, in hex (ISO 32000-1 §7.9.2.2). */
function utf16Hex(text: string): string {
  let out = 'FEFF';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return out;
}

/**
 * The parts of `run` (pen at x, y) that can show through a clip whose bounds in page px are `clip`, under `m`: runs of
 * consecutive glyphs with the pen x each starts at. A glyph whose ink (its outline's bounding box) lies wholly outside
 * the clip is left out, as Skia's PDF device leaves out glyphs it would clip away: text cut by the page edge or by
 * overflow: hidden is not in the PDF's text (pdftotext, search, copy) beyond what shows.
 */
export function visibleGlyphs(run: GlyphRun, x: number, y: number, m: Matrix, clip: Rect): Array<{ x: number; run: GlyphRun }> {
  const fs = run.fontSize, glyphs = run.glyphs;
  if (wellInside(run, x, y, m, clip)) return [{ x, run }];
  const out: Array<{ x: number; run: GlyphRun }> = [];
  let start = -1, startX = 0, pen = 0;
  const flush = (end: number): void => {
    if (start < 0) return;
    const part = glyphs.slice(start, end);
    out.push({ x: startX, run: start === 0 && end === glyphs.length ? run : { ...run, glyphs: part, width: part.reduce((w, g) => w + (Number.isFinite(g.advance) ? g.advance : 0), 0) } });
    start = -1;
  };
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    const adv = Number.isFinite(g.advance) ? g.advance : 0;
    const gx = x + pen + (g.dx || 0), gy = y - (g.dy || 0);
    // A box that holds any glyph's ink (its advance widened by an em, an em above and below) decides most glyphs;
    // only those near the clip's edge need their outline's box.
    const loose = place(m, gx - fs, gy - fs, gx + Math.max(adv, 0) + fs, gy + fs);
    let shows = overlaps(loose, clip);
    if (shows && !inside(loose, clip)) {
      // A glyph without ink (a space, a default-ignorable) counts by its advance on the baseline, so that words keep
      // the spaces between them.
      const b = inkBox(run, g.id) ?? [0, 0, Math.max(adv, 0.01), fs / 2];
      shows = overlaps(place(m, gx + b[0], gy - b[3], gx + b[2], gy - b[1]), clip);
    }
    if (shows) { if (start < 0) { start = i; startX = x + pen; } } else flush(i);
    pen += adv;
  }
  flush(glyphs.length);
  return out;
}

/** How far inside the clip (px) a run's box must lie for every glyph to count as showing without a look at each. */
const INSIDE_MARGIN = 0.01;

/**
 * Whether every glyph of `run` shows, as visibleGlyphs would decide glyph by glyph: the union of
 * the glyphs' loose boxes (advance widened by an em, an em above and below), mapped through `m`,
 * lies inside `clip` by INSIDE_MARGIN (each glyph's mapped box is inside that one, so each
 * overlaps the clip). The common case, a run well within its page, then costs one mapRect.
 */
function wellInside(run: GlyphRun, x: number, y: number, m: Matrix, clip: Rect): boolean {
  const fs = run.fontSize, glyphs = run.glyphs;
  if (!(fs > 0) || isDegenerate(m)) return false;
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, pen = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    const adv = Number.isFinite(g.advance) ? g.advance : 0;
    const gx = x + pen + (g.dx || 0), gy = y - (g.dy || 0);
    if (gx < x0) x0 = gx;
    if (gx + Math.max(adv, 0) > x1) x1 = gx + Math.max(adv, 0);
    if (gy < y0) y0 = gy;
    if (gy > y1) y1 = gy;
    pen += adv;
  }
  if (!(x1 >= x0 && y1 >= y0)) return false;
  const b = place(m, x0 - fs, y0 - fs, x1 + fs, y1 + fs);
  const e = INSIDE_MARGIN;
  return b.x >= clip.x + e && b.y >= clip.y + e && b.x + b.w <= clip.x + clip.w - e && b.y + b.h <= clip.y + clip.h - e;
}

/** Outline bounding boxes per face and glyph id, in font units [xMin, yMin, xMax, yMax] (y up); null: no ink. */
const inkBoxes = new WeakMap<object, Map<number, readonly [number, number, number, number] | null>>();

/** The ink box of glyph `id` of the run's face in px at its size (y up from the baseline), or null when it has no outline. */
function inkBox(run: GlyphRun, id: number): [number, number, number, number] | null {
  let byId = inkBoxes.get(run.face);
  if (!byId) { byId = new Map(); inkBoxes.set(run.face, byId); }
  let b = byId.get(id);
  if (b === undefined) {
    try {
      const bb = run.face.font.getGlyph(id).bbox as { minX: number; minY: number; maxX: number; maxY: number };
      b = Number.isFinite(bb.minX) && bb.maxX > bb.minX && bb.maxY > bb.minY ? [bb.minX, bb.minY, bb.maxX, bb.maxY] : null;
    } catch {
      b = [0, -run.face.unitsPerEm, run.face.unitsPerEm, run.face.unitsPerEm]; // unreadable outline: keep the glyph
    }
    byId.set(id, b);
  }
  if (b === null) return null;
  const k = run.fontSize / run.face.unitsPerEm;
  return [b[0] * k, b[1] * k, b[2] * k, b[3] * k];
}

const place = (m: Matrix, x0: number, y0: number, x1: number, y1: number): Rect => mapRect(m, { x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
/** Whether two rectangles share area (edges touching do not count). */
const overlaps = (a: Rect, b: Rect): boolean => a.x + a.w > b.x && a.x < b.x + b.w && a.y + a.h > b.y && a.y < b.y + b.h;
const inside = (a: Rect, b: Rect): boolean => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
