// In: hand-built box trees for inline layout tests. Out: a fake FontContext (every character 0.5em wide, ascent 0.8em,
// descent 0.2em, no line gap), float context stubs and a LayoutContext that run layoutInlineContent deterministically.
import type { Box, BlockBox, InlineBox, LineBreak, ReplacedBox, TextRun } from '../../../src/box/types.ts';
import type { ComputedStyle } from '../../../src/css/computed.ts';
import { initialStyle } from '../../../src/css/initial.ts';
import type { FontContext, FontFace, FontSpec, GlyphRun, ScaledMetrics } from '../../../src/text/types.ts';
import type { ContainingBlock, FloatContext, InlineLayoutResult, LayoutContext } from '../../../src/layout/context.ts';
import type { BoxFragment, Fragment, LineFragment, ReplacedFragment, TextFragment } from '../../../src/layout/fragment.ts';
import { layoutInlineContent, inlineIntrinsicSizes } from '../../../src/layout/inline/index.ts';
import { WarningSink } from '../../../src/warnings.ts';
import { RenderLimits } from '../../../src/errors.ts';

const fakeFace: FontFace = {
  key: 'fake', family: 'Fake', weight: 400, style: 'normal', font: null, unitsPerEm: 1000,
  ascent: 800, descent: 200, lineGap: 0, xHeight: 500, capHeight: 700,
  underlinePosition: -100, underlineThickness: 50, strikeoutPosition: 300, strikeoutThickness: 50,
};

/** A FontContext where every UTF-16 unit is 0.5em wide (plus letter/word spacing); A = 0.8em, D = 0.2em, normal line-height = 1em. */
export function fakeFonts(): FontContext & { shapeCalls: number } {
  const fc = {
    shapeCalls: 0,
    addFontFaces() {},
    match: (): FontFace => fakeFace,
    metrics: (spec: FontSpec): ScaledMetrics => {
      const s = spec.fontSize;
      return {
        ascent: 0.8 * s, descent: 0.2 * s, lineGap: 0, normalLineHeight: s, xHeight: 0.5 * s, capHeight: 0.7 * s,
        chWidth: 0.5 * s, underlinePosition: -0.1 * s, underlineThickness: 0.05 * s, strikeoutPosition: 0.3 * s, strikeoutThickness: 0.05 * s,
      };
    },
    shape(text: string, spec: FontSpec): GlyphRun[] {
      fc.shapeCalls++;
      const glyphs = Array.from(text).map((ch) => ({
        id: ch.codePointAt(0)!, dx: 0, dy: 0, text: ch,
        advance: 0.5 * spec.fontSize + (spec.letterSpacing ?? 0) + (ch === ' ' ? spec.wordSpacing ?? 0 : 0),
      }));
      return [{ face: fakeFace, fontSize: spec.fontSize, glyphs, width: glyphs.reduce((a, g) => a + g.advance, 0), text }];
    },
    measure(text: string, spec: FontSpec): number { return fc.shape(text, spec).reduce((a, r) => a + r.width, 0); },
  };
  return fc;
}

/** A style: initialStyle() with overrides. */
export function style(o: Partial<ComputedStyle> = {}): ComputedStyle {
  return Object.assign(initialStyle(), o);
}
export const text = (t: string, st: ComputedStyle): TextRun => ({ kind: 'text', text: t, style: st });
export const br = (st: ComputedStyle): LineBreak => ({ kind: 'br', style: st });
export function span(st: ComputedStyle, ...children: Array<Box | string>): InlineBox {
  return { kind: 'inline', style: st, children: children.map((c) => (typeof c === 'string' ? text(c, st) : c)) };
}
/** A block container with inline content; string children become text runs in the block's style. */
export function block(st: ComputedStyle, ...children: Array<Box | string>): BlockBox {
  return { kind: 'block', outer: 'block', inlineContent: true, style: st, children: children.map((c) => (typeof c === 'string' ? text(c, st) : c)) };
}
export function img(w: number, h: number, o: Partial<ComputedStyle> = {}): ReplacedBox {
  return { kind: 'replaced', outer: 'inline', image: null, intrinsicWidth: w, intrinsicHeight: h, intrinsicRatio: w / h, style: style({ display: 'inline-block', ...o }) };
}

/** No floats at all. */
export const noFloats: FloatContext = {
  available: (_y, _h, left, right) => ({ left, right }),
  placeFloat: () => { throw new Error('no floats expected'); },
  clearance: (_s, y) => y,
};
/** One left float occupying [x, x + w) × [y, y + h) (margin box), already placed. */
export function leftFloat(x: number, y: number, w: number, h: number): FloatContext {
  return {
    available: (yy, hh, left, right) => (yy < y + h && yy + hh > y ? { left: Math.max(left, x + w), right } : { left, right }),
    placeFloat: () => { throw new Error('no floats expected'); },
    clearance: (_s, yy) => Math.max(yy, y + h),
  };
}

const zero = { top: 0, right: 0, bottom: 0, left: 0 };
/** A LayoutContext with the given fonts; atomic inlines are replaced boxes sized by their intrinsic size, inline-blocks are w×h from style px. */
export function layoutCtx(fonts: FontContext = fakeFonts(), quirks = false): LayoutContext {
  const ctx: LayoutContext = {
    fonts, warnings: new WarningSink(), limits: new RenderLimits(10_000, 1000), quirks,
    layoutAtomicInline(box: Box): BoxFragment | ReplacedFragment {
      const st = box.style;
      const w = box.kind === 'replaced' ? box.intrinsicWidth ?? 0 : (st.width === 'auto' ? 0 : st.width.px);
      const h = box.kind === 'replaced' ? box.intrinsicHeight ?? 0 : (st.height === 'auto' ? 0 : st.height.px);
      const margin = {
        top: st.marginTop === 'auto' ? 0 : st.marginTop.px, right: st.marginRight === 'auto' ? 0 : st.marginRight.px,
        bottom: st.marginBottom === 'auto' ? 0 : st.marginBottom.px, left: st.marginLeft === 'auto' ? 0 : st.marginLeft.px,
      };
      if (box.kind === 'replaced') return { kind: 'replaced', box, style: st, x: 0, y: 0, width: w, height: h, margin, border: zero, padding: zero };
      return { kind: 'box', box, style: st, x: 0, y: 0, width: w, height: h, margin, border: zero, padding: zero, children: [], startsBox: true, endsBox: true };
    },
    layoutInline: (input) => layoutInlineContent(input),
    intrinsicSizes(box: Box) {
      if (box.kind === 'replaced') return { min: box.intrinsicWidth ?? 0, max: box.intrinsicWidth ?? 0 };
      const w = box.style.width === 'auto' ? 0 : box.style.width.px;
      return { min: w, max: w };
    },
    intrinsicContentSizes(box: Box) { return ctx.intrinsicSizes(box); },
    tableWidth: () => { throw new Error('no tables expected'); },
  };
  return ctx;
}

/** Lays out `b` at (x, y) with content width `width`. */
export function lay(b: BlockBox, width: number, opts: { ctx?: LayoutContext; floats?: FloatContext; x?: number; y?: number } = {}): InlineLayoutResult {
  const ctx = opts.ctx ?? layoutCtx();
  const x = opts.x ?? 0, y = opts.y ?? 0;
  const containing: ContainingBlock = { x, y, width, height: null };
  return layoutInlineContent({ container: b, x, y, width, floats: opts.floats ?? noFloats, containing, ctx });
}
export function intrinsic(b: BlockBox, ctx: LayoutContext = layoutCtx()): { min: number; max: number } {
  return inlineIntrinsicSizes(b, ctx);
}

/** All text fragments of a fragment subtree, in order. */
export function texts(f: Fragment): TextFragment[] {
  if (f.kind === 'text') return [f];
  if (f.kind === 'line' || f.kind === 'inline' || f.kind === 'box') return f.children.flatMap(texts);
  return [];
}
/** The text of each line (fragments joined). */
export function lineTexts(r: InlineLayoutResult): string[] {
  return r.lines.map((l: LineFragment) => texts(l).map((t) => t.text).join(''));
}
/** The right edge of a line's content (last fragment's x + width). */
export function contentRight(l: LineFragment): number {
  let r = l.x;
  const walk = (f: Fragment): void => {
    if ('width' in f && f.kind !== 'line') r = Math.max(r, f.x + f.width);
    if (f.kind === 'inline' || f.kind === 'line') f.children.forEach(walk);
  };
  walk(l);
  return r;
}
