/**
 * Glyph runs to PDF text operators. In: a shaped GlyphRun at a pen position (px, baseline y)
 * and its embedded font. Out: `BT … Tf … Tm [<cids> adj …] TJ` in the content stream
 * (ISO 32000-1 §9.4), each glyph at exactly the layout's advance.
 *
 * The page space is px with y down, so each run sets `1 0 0 -1 x y Tm` (glyphs upright) and a
 * font size in px. The PDF pen advances by the font's own width (/W); the difference to the
 * shaped advance (kerning, letter- and word-spacing) and GPOS x offsets become TJ numbers,
 * computed against the cumulative ideal position so rounding never accumulates; GPOS y
 * offsets use text rise (Ts). Consecutive runs share one BT … ET object. A face with
 * `synthetic` flags (css-fonts-4 §5.6 font synthesis) is drawn skewed (oblique) and/or filled
 * and stroked (bold) the way Skia fakes them.
 */
import type { Color } from '../css/computed.ts';
import type { GlyphRun } from '../text/types.ts';
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
  const hexOf = ef.hex, widthOf = ef.widths;
  // The TJ array as text: hex strings of consecutive glyphs, numbers between them where the pen moves.
  let tj = '';
  let hex = '';
  let cur = 0; // where the PDF pen is, in 1/1000 text-space units from the run start
  let pen = 0; // the layout's pen, px
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    const cid = ef.cid(g);
    const target = (pen + (g.dx || 0)) * k;
    // 1/100 of a text-space unit: the font's /W widths are fractional, and a zero-advance glyph
    // (a hidden bidi mark) must leave the pen exactly where the next glyph starts, as Chromium's do.
    const adj = Math.round((cur - target) * 100) / 100;
    if (adj !== 0 && Number.isFinite(adj)) {
      if (hex) { tj += tj ? ` <${hex}>` : `<${hex}>`; hex = ''; }
      tj += tj ? ` ${num(adj)}` : num(adj);
      cur -= adj;
    }
    if (g.dy) {
      if (hex) { tj += tj ? ` <${hex}>` : `<${hex}>`; hex = ''; }
      if (tj) cs.op(`[${tj}] TJ`);
      tj = '';
      cs.op(`${num(g.dy)} Ts [<${hexOf[cid]}>] TJ 0 Ts`);
    } else {
      hex += hexOf[cid];
    }
    cur += widthOf[cid]!;
    pen += Number.isFinite(g.advance) ? g.advance : 0;
  }
  if (hex) tj += tj ? ` <${hex}>` : `<${hex}>`;
  if (tj) cs.op(`[${tj}] TJ`);
}
