// In: a ruby column's laid-out base (its atomic inline fragment) and annotation, a line box and its neighbours' room.
// Out: the annotation placed over or under the base (css-ruby-1 §4), the overhang onto adjacent text, and how far a line moves down for its annotations.
import type { Font } from 'fontkit';
import type { BlockBox, Box } from '../box/types.ts';
import type { FontContext, FontFace } from '../text/types.ts';
import type { BoxFragment, Fragment, InlineFragment, LineFragment, ReplacedFragment, TextFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { fontSpecOf } from './inline/style.ts';

/** The normalized typographic ascent per font, as a fraction of the em (see emFraction), read once. */
const EM_FRACTION = new WeakMap<object, number>();

/**
 * The share of the em above the baseline, Blink's SimpleFontData::NormalizedTypoAscentAndDescent: the OS/2 typographic
 * ascender and descender scaled to add up to the em (the hhea ones when the typo ones are missing or empty).
 */
function emFraction(face: FontFace): number {
  const font = face.font as Font & { 'OS/2'?: { typoAscender?: number; typoDescender?: number } };
  let v = EM_FRACTION.get(font);
  if (v === undefined) {
    const os2 = font['OS/2'];
    let a = Number(os2?.typoAscender ?? 0), d = -Number(os2?.typoDescender ?? 0);
    if (!(a + d > 0)) { a = face.ascent; d = face.descent; }
    v = a + d > 0 ? Math.min(1, Math.max(0, a / (a + d))) : 0.8;
    EM_FRACTION.set(font, v);
  }
  return v;
}

/**
 * The em box of a line's text around its baseline, as Blink's ComputeEmHeight gives it to ruby (css-ruby-1 §4.2 places
 * annotations against the base's em box): the fonts the text was drawn in, each em split by its normalized typographic
 * ascent, rounded up, but no more than the primary font's (rounded) ascent and descent. Null without text.
 */
function textEmExtent(frags: readonly Fragment[], fonts: FontContext, baseline: number): { top: number; bottom: number } | null {
  let top = Infinity, bottom = -Infinity;
  const visit = (list: readonly Fragment[]): void => {
    for (const f of list) {
      if (f.kind === 'text') {
        if (f.runs.length === 0) continue;
        const primary = fonts.metrics(fontSpecOf(f.style));
        let a = 0, d = 0;
        for (const r of f.runs) {
          const share = emFraction(r.face);
          a = Math.max(a, r.fontSize * share);
          d = Math.max(d, r.fontSize * (1 - share));
        }
        top = Math.min(top, f.baseline - Math.min(Math.ceil(a - 1e-6), primary.ascent));
        bottom = Math.max(bottom, f.baseline + Math.min(Math.ceil(d - 1e-6), primary.descent));
      } else if (f.kind === 'line' || f.kind === 'inline') visit(f.children);
    }
  };
  visit(frags);
  return top <= bottom ? { top: top - baseline, bottom: bottom - baseline } : null;
}

/** The first line box in a block fragment's subtree (a ruby base or annotation has one). */
function firstLine(f: Fragment): LineFragment | null {
  if (f.kind === 'line') return f;
  if (f.kind === 'box') for (const c of f.children) { const l = firstLine(c); if (l) return l; }
  return null;
}

/** The em box of a ruby base or annotation fragment (its first line's text; else the line box), relative to that line's baseline. */
function emOf(f: BoxFragment, fonts: FontContext): { line: LineFragment | null; over: number; under: number } {
  const line = firstLine(f);
  if (!line) return { line: null, over: 0, under: 0 };
  const e = textEmExtent(line.children, fonts, line.baseline);
  return e ? { line, over: -e.top, under: e.bottom } : { line, over: line.baseline - line.y, under: line.y + line.height - line.baseline };
}

/** Characters after which ruby-align: space-around adds space: CJK ideographs, kana, Hangul, CJK and fullwidth symbols, and word separators. */
const OPPORTUNITY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef\u0020\u00a0]/u;

/**
 * Spreads a ruby base's or annotation's one line over `width` px, ruby-align: space-around (css-ruby-1 §4.3, Chromium
 * 156's ApplyRubyAlign through text justification): with n justification opportunities between its characters (after
 * each CJK character or word separator but the last), each takes width / (n + 1) of the free space and half of that is
 * left at each end; without any the line is centred. The line's content starts at `left` + that inset. Chromium:
 * "やまだ" (10px) over "山田" (20px): its kana at 1.67, 15, 28.33 px of the 40 px column.
 */
function spaceAround(f: BoxFragment, left: number, width: number, align: BlockBox['style']['rubyAlign']): void {
  const line = firstLine(f);
  if (!line || line.children.length === 0) return;
  let x0 = Infinity;
  for (const c of line.children) x0 = Math.min(x0, c.x);
  const space = width - lineContentWidth(line);
  const start = (inset: number): void => { for (const c of line.children) translateFragment(c, left + inset - x0, 0); };
  if (space <= 0.01 || align === 'center' || align === 'start') {
    start(align === 'start' || space <= 0 ? 0 : space / 2);
    return;
  }
  const texts: TextFragment[] = [];
  const visit = (list: readonly Fragment[]): void => { for (const c of list) { if (c.kind === 'text') texts.push(c); else if (c.kind === 'inline') visit(c.children); } };
  visit(line.children);
  let glyphs = 0, opportunities = 0;
  for (const t of texts) for (const r of t.runs) for (const g of r.glyphs) { glyphs++; if (OPPORTUNITY.test(g.text)) opportunities++; }
  const lastIsOpportunity = (() => { const t = texts[texts.length - 1]; const r = t?.runs[t.runs.length - 1]; const g = r?.glyphs[r.glyphs.length - 1]; return g ? OPPORTUNITY.test(g.text) : false; })();
  const inner = glyphs === 0 ? 0 : opportunities - (lastIsOpportunity ? 1 : 0);
  const per = align === 'space-between' && inner > 0 ? space / inner : space / (inner + 1);
  const inset = align === 'space-between' && inner > 0 ? 0 : per / 2;
  let seen = 0, moved = 0;
  for (const t of texts) {
    translateFragment(t, moved, 0);
    let grown = 0;
    t.runs = t.runs.map((r) => {
      let w = 0;
      const gs = r.glyphs.map((g) => {
        seen++;
        const extra = seen < glyphs && OPPORTUNITY.test(g.text) ? per : 0;
        w += extra;
        return extra ? { ...g, advance: g.advance + extra } : g;
      });
      grown += w;
      return w ? { ...r, glyphs: gs, width: r.width + w } : r;
    });
    t.width += grown;
    moved += grown;
  }
  for (const c of line.children) if (c.kind === 'inline') growInline(c);
  start(inset);
}

/** Makes an inline fragment span its children again after they moved (px). */
function growInline(f: InlineFragment): void {
  let r = -Infinity;
  for (const c of f.children) { if (c.kind === 'inline') growInline(c); r = Math.max(r, c.x + c.width); }
  if (r > f.x + f.width) f.width = r - f.x + f.padding.right + f.border.right;
}

/**
 * Lays `column`'s annotation out beside its base fragment `f` (both at the origin, `f` sized to the column's width: the
 * wider of base and annotation) and adds it to `f`'s children: centred in the column (ruby-align, css-ruby-1 §4.3, for
 * text without justification opportunities), its em box's block-end edge on the base's em box's block-start edge for
 * ruby-position: over (§4.1), the other way round for under, as Chromium 156's RubyBlockPositionCalculator places the
 * annotation line. Sets `f.annotation` to the annotation's em extent from the base's baseline.
 */
export function placeAnnotation(
  f: BoxFragment, column: BlockBox & { ruby: { annotation: BlockBox } }, layout: (b: Box) => BoxFragment | ReplacedFragment, fonts: FontContext,
): void {
  const a = layout(column.ruby.annotation);
  if (a.kind !== 'box') return;
  const base = emOf(f, fonts);
  const baseline = base.line ? base.line.baseline : f.baseline ?? f.height;
  const ann = emOf(a, fonts);
  const annBaseline = ann.line ? ann.line.baseline : 0;
  const under = column.style.rubyPosition === 'under';
  // The annotation's baseline: its em box against the base's.
  const target = under ? baseline + base.under + ann.over : baseline - base.over - ann.under;
  translateFragment(a, -a.x, target - annBaseline);
  spaceAround(a, 0, f.width, column.style.rubyAlign);
  a.width = f.width;
  // A base narrower than its annotation is spread the same way (it was centred by the column's text-align).
  spaceAround(f, f.padding.left + f.border.left, f.width - f.padding.left - f.padding.right - f.border.left - f.border.right, column.style.rubyAlign);
  f.children.push(a);
  f.annotation = under ? { over: 0, under: base.under + ann.over + ann.under } : { over: base.over + ann.under + ann.over, under: 0 };
}

/**
 * How far a ruby column may overhang the text before and after it (css-ruby-1 §4.4, ruby-overhang: auto as Chromium 156's
 * GetOverhang does it): when the annotation is the wider, by up to half the annotation's font size on each side, no more
 * than the base's inset in the column (its centring space); px, each ≥ 0.
 */
export function rubyOverhang(f: BoxFragment, column: BlockBox & { ruby: { annotation: BlockBox } }): { start: number; end: number } {
  if (column.style.rubyAlign === 'space-between') return { start: 0, end: 0 };
  const base = firstLine(f);
  const annBox = f.children[f.children.length - 1];
  if (!base || !annBox || annBox.kind !== 'box') return { start: 0, end: 0 };
  const baseWidth = lineContentWidth(base);
  const space = f.width - baseWidth;
  if (space <= 0.01) return { start: 0, end: 0 };
  const half = Math.floor(column.ruby.annotation.style.fontSize / 2 * 64) / 64;
  if (column.style.rubyAlign === 'start') return { start: 0, end: Math.min(space, half) };
  const inset = space / 2;
  return { start: Math.min(inset, half), end: Math.min(inset, half) };
}

/** The inline extent of a line's content (its children's union), px. */
function lineContentWidth(line: LineFragment): number {
  let l = Infinity, r = -Infinity;
  for (const c of line.children) { l = Math.min(l, c.x); r = Math.max(r, c.x + c.width); }
  return r > l ? r - l : 0;
}

/** The deepest ruby columns' annotation extents on a line, absolute: the smallest top and largest bottom, or null. */
function annotationBounds(line: LineFragment): { top: number; bottom: number } | null {
  let top = Infinity, bottom = -Infinity;
  const visit = (list: readonly Fragment[]): void => {
    for (const f of list) {
      if (f.kind === 'box' && f.annotation && f.baseline !== undefined) {
        top = Math.min(top, f.baseline - f.annotation.over);
        bottom = Math.max(bottom, f.baseline + f.annotation.under);
      } else if (f.kind === 'inline') visit(f.children);
    }
  };
  visit(line.children);
  return top <= bottom ? { top, bottom } : null;
}

/**
 * Moves the annotations of the ruby columns on `line` from their columns to the end of the line's children, so that they
 * paint after the line's text, as Chromium 156 paints the annotation line after the base line (text extraction then reads
 * the base line as one run: "AA", the base "ab", "BB" make the word "AAabBB"). Call once per line, after the columns' overhang.
 */
export function liftAnnotations(line: LineFragment): void {
  const lifted: Fragment[] = [];
  const visit = (list: Fragment[]): void => {
    for (const f of list) {
      if (f.kind === 'box' && f.annotation && f.box.kind === 'block' && f.box.ruby) {
        const i = f.children.findIndex((c) => c.kind === 'box' && c.box === (f.box as BlockBox).ruby!.annotation);
        if (i >= 0) lifted.push(...f.children.splice(i, 1));
      } else if (f.kind === 'inline') visit(f.children);
    }
  };
  visit(line.children);
  for (const a of lifted) line.children.push(a);
}

/**
 * Makes room in a line box for the annotations of its ruby columns (css-ruby-1 §4.2 leaves it to the UA; Chromium 156's
 * annotation overflow): what reaches above the line box top beyond `room` (the space the block layout lends: the
 * collapsed margin before the block for its first line, the room under the previous line's text for the others) moves
 * the line's content down and grows the line by it; what reaches below its bottom grows the line. Returns the room
 * under this line's text that the next line may use (px).
 */
export function makeAnnotationRoom(line: LineFragment, room: number, strutUnder: number): number {
  const b = annotationBounds(line);
  if (b) {
    const shift = Math.max(0, line.y - b.top - Math.max(0, room));
    if (shift > 0) {
      const y = line.y;
      translateFragment(line, 0, shift);
      line.y = y;
      line.height += shift;
    }
    const below = b.bottom - (line.y + line.height);
    if (below > 0) { line.height += below; return 0; }
  }
  return Math.max(0, line.y + line.height - (line.baseline + strutUnder));
}

/** The em box's part under the baseline of a container's strut (its primary font), px: what its lines' text reaches. */
export function strutEmUnder(style: BlockBox['style'], fonts: FontContext): number {
  const spec = fontSpecOf(style);
  const face = fonts.match(spec);
  return Math.min(Math.ceil(style.fontSize * (1 - emFraction(face)) - 1e-6), fonts.metrics(spec).descent);
}
