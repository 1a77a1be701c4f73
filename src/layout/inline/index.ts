// In: a block container with inline-level children, its content box (absolute px), the float context and the layout context.
// Out: its line boxes as LineFragments (CSS 2.1 §9.4.2, §10.6.1, §10.8; css-text-3 §4–§8), floats and out-of-flow static positions; and its min/max-content inline sizes.
import { resolveLength } from '../../css/computed.ts';
import type { GlyphRun, FontContext, FontSpec } from '../../text/types.ts';
import type { BlockBox } from '../../box/types.ts';
import type { BoxFragment, ReplacedFragment } from '../fragment.ts';
import type { InlineLayoutInput, InlineLayoutResult, LayoutContext } from '../context.ts';
import type { AtomicItem, CloseItem, FloatItem, InlineItem, OpenItem, TextPiece } from './item-types.ts';
import { collectParagraph } from './items.ts';
import type { ParagraphBidi } from './paragraph-bidi.ts';
import type { BreakerEnv, BreakerState } from './line-breaker.ts';
import { breakLine } from './line-breaker.ts';
import type { LineEnv } from './line-box.ts';
import { buildLine } from './line-box.ts';
import type { InlineEdges } from './style.ts';
import { inlineEdgesOf, inlineMetricsOf, splitEdges } from './style.ts';
import { floatLikeWidths } from '../positioned.ts';
import { borderOf, paddingOf } from '../box-model.ts';
import { liftAnnotations, makeAnnotationRoom, rubyOverhang, strutEmUnder } from '../ruby.ts';

export { inlineIntrinsicSizes } from './intrinsic.ts';
export { shapeBidiText } from './bidi.ts';

const hyphenCache = new WeakMap<FontContext, Map<FontSpec, { runs: GlyphRun[]; text: string; width: number }>>();

/**
 * The hyphen shown where a line breaks at a soft hyphen (css-text-3 §5.4): U+2010 when the
 * piece's primary face has it, else U+002D; shaped and cached per FontContext and FontSpec.
 */
export function hyphenFor(fonts: FontContext, spec: FontSpec): { runs: GlyphRun[]; text: string; width: number } {
  let m = hyphenCache.get(fonts);
  if (!m) { m = new Map(); hyphenCache.set(fonts, m); }
  let h = m.get(spec);
  if (!h) {
    let text = '-';
    try {
      const face = fonts.match(spec);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const font = face.font as any;
      if (font && typeof font.hasGlyphForCodePoint === 'function' && font.hasGlyphForCodePoint(0x2010)) text = '\u2010';
    } catch { /* a FontContext without real faces: keep '-' */ }
    const runs = fonts.shape(text, spec);
    h = { runs, text, width: runs.reduce((s, r) => s + r.width, 0) };
    m.set(spec, h);
  }
  return h;
}

/** Whether anything that makes a line box remains from item `i` on (§9.4.2). */
function contentRemains(items: readonly InlineItem[], i: number): boolean {
  for (let k = i; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'atomic' || it.kind === 'br') return true;
    if (it.kind === 'text' && (it.word !== '' || !it.collapsible)) return true;
  }
  return false;
}

/**
 * Lays out the inline content of `input.container` in line boxes (CSS 2.1 §9.4.2, §10.8;
 * css-text-3): greedy line breaking at UAX #14 opportunities, white-space processing phase II,
 * soft hyphens, overflow-wrap/word-break, text-indent, text-align (justify too), vertical-align,
 * floats met in the content (placed through `input.floats`, lines shortened and moved down beside
 * them, §9.5), atomic inlines through `ctx.layoutAtomicInline`, and static positions of
 * absolutely positioned boxes. The first line box's top is at `input.y`; all px, absolute.
 * Author oddities never throw; a missing container or context is API misuse: TypeError.
 */
export function layoutInlineContent(input: InlineLayoutInput): InlineLayoutResult {
  if (!input || !input.container || !input.ctx || !input.floats) {
    throw new TypeError('layoutInlineContent expects { container, x, y, width, floats, containing, ctx }');
  }
  const { container, ctx, floats } = input;
  const fonts = ctx.fonts;
  const width = Number.isFinite(input.width) ? Math.max(0, input.width) : 0;
  const x0 = input.x;
  const resumed = input.resume as BreakerState | undefined;
  const paragraph = collectParagraph(container, fonts, ctx.warnings);
  const items = resumed ? resumed.items : paragraph.items;
  const result: InlineLayoutResult = { lines: [], height: 0, floats: [], positioned: [], resume: [] };
  if (items.length === 0) return result;

  const strut = inlineMetricsOf(container.style, fonts);
  const para = new Paragraph(input, width, strut.lineHeight, result, items, paragraph.bidi);
  const env: BreakerEnv = para;
  const lineEnv: LineEnv = para;
  const state: BreakerState = resumed ? { ...resumed, items: resumed.own ? resumed.items.slice() : resumed.items, stack: resumed.stack.slice() } : { items, own: false, i: 0, stack: [] };
  const indent = resolveLength(container.style.textIndent, width);
  let y = input.y;
  let first = !resumed;
  let bottom = input.y;
  let guard = 0;
  // Room above the next line for ruby annotations (css-ruby-1 §4.2): what the block layout lends the first line, then
  // what each line leaves under its text.
  let annotationRoom = resumed ? 0 : input.annotationRoom ?? 0;
  while (state.i < state.items.length) {
    if ((++guard & 31) === 0) ctx.limits.check();
    const saved = { i: state.i, stack: state.stack.slice(), items: state.items, own: state.own };
    const floatsBefore = result.floats.length;
    let spec = breakLine(state, env, y, first ? indent : 0);
    if ('moveTo' in spec) {
      // Floats placed before the line moved down stay placed and come before it: they go with the previous line.
      for (let k = floatsBefore; k < result.floats.length; k++) result.floats[k].lineIndex = Math.max(0, result.lines.length - 1);
      y = spec.moveTo;
      continue;
    }
    if (spec.hasContent) {
      let built = buildLine(spec, lineEnv, !contentRemains(state.items, state.i));
      const h = built.line.height;
      if (h > para.bandHeight + 0.01 && result.floats.length === floatsBefore && spec.deferredFloats.length === 0) {
        // The line is taller than the band it was fitted in: if floats lower down narrow it, fit it again (CSS 2.1 §9.5).
        const b2 = floats.available(y, h, x0, x0 + width);
        if (b2.left > spec.left + 0.01 || b2.right < spec.right - 0.01) {
          Object.assign(state, saved, { stack: saved.stack.slice() });
          para.bandHeight = h;
          const again = breakLine(state, env, y, first ? indent : 0);
          para.bandHeight = strut.lineHeight;
          if ('moveTo' in again) { y = again.moveTo; continue; }
          spec = again;
          built = buildLine(spec, lineEnv, !contentRemains(state.items, state.i));
        }
      }
      if (para.hasRuby) {
        liftAnnotations(built.line);
        annotationRoom = makeAnnotationRoom(built.line, annotationRoom, para.strutEmUnder());
      }
      const index = result.lines.length;
      result.lines.push(built.line);
      result.resume!.push(saved);
      for (const p of built.positioned) result.positioned.push({ box: p.item.box, staticX: p.x, staticY: p.y, lineIndex: index });
      y += built.line.height;
      // <br clear>: the next line goes below the floats on that side (CSS 2.1 §9.5.2 on the forced break).
      const last = spec.items[spec.items.length - 1];
      if (spec.forced && last && last.item.kind === 'br' && last.item.style.clear !== 'none') {
        y = Math.max(y, floats.clearance(last.item.style.clear, y));
      }
      bottom = y;
      first = false;
    } else {
      for (const p of spec.items) {
        if (p.item.kind === 'abs') {
          // A line of out-of-flow boxes only: an originally block-level one starts at the content edge.
          // In an rtl container the start edge is the right one (CSS 2.1 §10.3.7: 'right' takes the static position).
          const rtl = container.style.direction === 'rtl';
          const staticX = p.item.box.originalOuter === 'block' ? (rtl ? x0 + width : x0) : rtl ? spec.right - spec.indent : spec.left + spec.indent;
          result.positioned.push({ box: p.item.box, staticX, staticY: y, lineIndex: result.lines.length });
        }
      }
    }
    for (const f of spec.deferredFloats) {
      const fragment = floats.placeFloat(f.box, y, input.containing);
      result.floats.push({ fragment, lineIndex: Math.max(0, result.lines.length - 1) });
    }
  }
  result.height = bottom - input.y;
  return result;
}

/**
 * One paragraph's layout environment: what the line breaker and the line builder ask of the
 * layout around them (edges, atomic fragments, float bands). A class, not closures: tsx's
 * keepNames would otherwise wrap a dozen functions per call.
 */
class Paragraph implements BreakerEnv, LineEnv {
  readonly fonts: FontContext;
  readonly ctx: LayoutContext;
  readonly root: InlineLayoutInput['container']['style'];
  readonly containing: InlineLayoutInput['containing'];
  readonly hasRelative: boolean;
  /** Whether the paragraph has ruby columns (atomic inlines with an annotation). */
  readonly hasRuby: boolean;
  private strutUnder: number | null = null;
  readonly full: { left: number; right: number };
  /** The height of the band a line is fitted into: the strut's first; a taller line is re-fitted with its own. */
  bandHeight: number;
  /** Made on first use: most paragraphs have no inline box or atomic inline. */
  private edgeCache: Map<OpenItem, InlineEdges> | null = null;
  private atomics: Map<AtomicItem, BoxFragment | ReplacedFragment> | null = null;

  constructor(
    private readonly input: InlineLayoutInput, private readonly width: number, strutHeight: number,
    private readonly result: InlineLayoutResult, items: readonly InlineItem[], readonly bidi: ParagraphBidi,
  ) {
    this.ctx = input.ctx;
    this.fonts = input.ctx.fonts;
    this.root = input.container.style;
    this.containing = input.containing;
    this.full = { left: input.x, right: input.x + width };
    this.bandHeight = strutHeight;
    let rel = false, ruby = false;
    for (const it of items) {
      if ((it.kind === 'open' || it.kind === 'atomic') && it.style.position === 'relative') rel = true;
      if (it.kind === 'atomic' && it.box.kind === 'block' && it.box.ruby) ruby = true;
    }
    this.hasRelative = rel;
    this.hasRuby = ruby;
    this.items = items;
  }

  private readonly items: readonly InlineItem[];

  /** The part of the container's strut em box under the baseline, px (see strutEmUnder). */
  strutEmUnder(): number {
    return (this.strutUnder ??= strutEmUnder(this.root, this.fonts));
  }

  /**
   * A ruby column's overhang onto the text next to it (css-ruby-1 §4.4, Chromium 156's CanApplyStartOverhang and
   * CommitPendingEndOverhang): at most half the width of the text item before or after it (open and close tags skipped),
   * when that text's font is not larger than the ruby's; px.
   */
  private overhang(a: AtomicItem, f: BoxFragment): { start: number; end: number } {
    const box = a.box as BlockBox & { ruby: { annotation: BlockBox } };
    const o = rubyOverhang(f, box);
    if (o.start === 0 && o.end === 0) return o;
    const i = this.items.indexOf(a);
    // The width of the text item (Blink's: the text of one box between tags, all its pieces) next to the column, or 0.
    const near = (step: number): number => {
      for (let k = i + step; k >= 0 && k < this.items.length; k += step) {
        const it = this.items[k]!;
        if (it.kind === 'text') {
          if (it.style.fontSize > box.style.fontSize) return 0;
          let w = 0;
          for (let j = k; j >= 0 && j < this.items.length; j += step) {
            const p = this.items[j]!;
            if (p.kind !== 'text' || p.box !== it.box) break;
            w += p.wordWidth + p.spaceWidth;
          }
          return w;
        }
        if (it.kind !== 'open' && it.kind !== 'close') return 0;
      }
      return 0;
    };
    return { start: i > 0 ? Math.min(o.start, near(-1) / 2) : 0, end: i >= 0 ? Math.min(o.end, near(1) / 2) : 0 };
  }

  edges(o: OpenItem): InlineEdges {
    let e = this.edgeCache?.get(o);
    if (!e) { e = splitEdges(inlineEdgesOf(o.style, this.width), o.box.split); (this.edgeCache ??= new Map()).set(o, e); }
    return e;
  }

  edgeWidth(it: OpenItem | CloseItem): number {
    if (it.kind === 'open') { const e = this.edges(it); return e.marginLeft + e.borderLeft + e.paddingLeft; }
    const e = this.edges(it.open);
    return e.paddingRight + e.borderRight + e.marginRight;
  }

  atomicFragment(a: AtomicItem): BoxFragment | ReplacedFragment {
    let f = this.atomics?.get(a);
    if (!f) {
      f = this.ctx.layoutAtomicInline(a.box, this.width, this.input.containing);
      // An atomic inline's 'auto' horizontal margins are 0 (CSS 2.1 §10.3.2, §10.3.9), never the block-level fill.
      const e = inlineEdgesOf(a.style, this.width);
      f.margin = { ...f.margin, left: e.marginLeft, right: e.marginRight };
      if (f.kind === 'box' && f.annotation) {
        const o = this.overhang(a, f);
        f.margin.left -= o.start;
        f.margin.right -= o.end;
      }
      (this.atomics ??= new Map()).set(a, f);
    }
    return f;
  }

  atomicWidth(a: AtomicItem): number {
    const f = this.atomicFragment(a);
    return f.margin.left + f.width + f.margin.right;
  }

  floatWidth(f: FloatItem): number {
    // The float's margin box width as its layout will make it (CSS 2.1 §10.3.5: a specified width, percentages included, or shrink-to-fit).
    if (f.box.kind !== 'replaced') {
      const w = floatLikeWidths(f.box, this.width, this.containing.width, this);
      const b = borderOf(f.box.style), p = paddingOf(f.box.style, this.containing.width);
      return (w.width ?? 0) + b.left + b.right + p.left + p.right + w.ml + w.mr;
    }
    const s = this.ctx.intrinsicSizes(f.box);
    return Math.min(Math.max(s.min, this.width), s.max);
  }

  placeFloat(f: FloatItem, y: number): void {
    const fragment = this.input.floats.placeFloat(f.box, y, this.input.containing);
    this.result.floats.push({ fragment, lineIndex: this.result.lines.length });
  }

  band(y: number): { left: number; right: number } {
    return this.input.floats.available(y, this.bandHeight, this.full.left, this.full.right);
  }

  nextBandY(y: number): number | null {
    const start = this.band(y);
    const limit = this.input.floats.clearance('both', y);
    for (let yy = Math.floor(y) + 1, k = 0; yy <= limit && k < 4000; yy++, k++) {
      const b = this.band(yy);
      if (b.left < start.left - 1e-6 || b.right > start.right + 1e-6) return yy;
    }
    return limit > y ? limit : null;
  }

  hyphenWidth(p: TextPiece): number {
    return hyphenFor(this.fonts, p.spec).width;
  }

  hyphen(p: TextPiece): { runs: GlyphRun[]; text: string } {
    return hyphenFor(this.fonts, p.spec);
  }
}

export type { LayoutContext };
