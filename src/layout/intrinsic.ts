/**
 * Intrinsic inline sizes of block-level boxes (css-sizing-3 §5, CSS 2.1 §10.3.5 shrink-to-fit).
 * In: a box and the inline layout's measure of inline content. Out: min-content and max-content widths of the margin box, px.
 */
import type { Box, TableWrapperBox } from '../box/types.ts';
import type { IntrinsicSizeKeyword } from '../css/computed.ts';
import { borderOf, paddingOf, sizeValue, toContent, isAbsolute, isMulticolContainer, ratioWidth, intrinsicEdges } from './box-model.ts';
import { multicolIntrinsicSizes } from './multicol.ts';
import { replacedSize } from './replaced.ts';
import { gridIntrinsicSizes } from './grid/index.ts';
import { flexIntrinsicSizes } from './flex-sizing.ts';

export interface IntrinsicSizes { min: number; max: number }

/**
 * Whether the box has inline-size containment (css-contain-2 §3.1, §3.3), as a query container of container-type inline-size
 * or size has (css-conditional-5 §3.4): its min-content and max-content sizes are those of an empty box. Containment does
 * not apply to table parts and inline boxes (css-contain-2 §3), so only block, flex and grid containers.
 */
function containsInlineSize(box: Box): boolean {
  const t = box.style.containerType;
  return (t === 'inline-size' || t === 'size') && (box.kind === 'block' || box.kind === 'flex' || box.kind === 'grid');
}
export type InlineIntrinsic = (container: Box) => IntrinsicSizes;

/**
 * Computes min/max-content widths of a box's margin box, caching per box (the box tree is
 * immutable during a render). Percentages of margins, paddings and widths count as 0 (indefinite
 * basis); a fixed `width` gives both sizes; inline content is measured by `inline`.
 */
export class IntrinsicSizer {
  // Plain Maps: a sizer lives for one render (createLayoutContext), and thousands of weak keys would make every garbage
  // collection walk an ephemeron table.
  private readonly cache = new Map<Box, IntrinsicSizes>();
  private readonly contentCache = new Map<Box, IntrinsicSizes>();
  /** `control`: a form control's content width (src/layout/controls.ts), null for other boxes. */
  constructor(
    private readonly inline: InlineIntrinsic, private readonly table: (box: TableWrapperBox) => IntrinsicSizes,
    private readonly control: (box: Box) => number | null = () => null,
  ) {}

  sizes(box: Box): IntrinsicSizes {
    const hit = this.cache.get(box);
    if (hit) return hit;
    let r = this.compute(box, false);
    if (box.kind === 'block' && box.ruby) {
      // A ruby column is as wide as the wider of its base and annotation, each on one line (css-ruby-1 §4.3).
      const w = Math.max(r.max, this.sizes(box.ruby.annotation).max);
      r = { min: w, max: w };
    }
    this.cache.set(box, r);
    return r;
  }

  /**
   * The sizes of the box's content as if its own `width` were auto (min-width/max-width still clamp), margin box, px:
   * a flex item's content size suggestion (css-flexbox-1 §4.5) is its min-content size whatever its specified width.
   */
  contentSizes(box: Box): IntrinsicSizes {
    if (box.kind === 'replaced' || box.kind === 'inline' || box.kind === 'table-wrapper' || (sizeValue(box.style.width, null) === null && !box.style.widthKeyword && (box.style.aspectRatio ?? 'auto') === 'auto')) return this.sizes(box);
    const hit = this.contentCache.get(box);
    if (hit) return hit;
    const r = this.compute(box, true);
    this.contentCache.set(box, r);
    return r;
  }

  private compute(box: Box, ignoreWidth: boolean): IntrinsicSizes {
    if (box.kind === 'text' || box.kind === 'br' || box.kind === 'marker') return { min: 0, max: 0 };
    const s = box.style;
    const b = borderOf(s);
    const p = paddingOf(s, null);
    const bp = b.left + b.right + p.left + p.right;
    const outer = intrinsicEdges(s);
    if (box.kind === 'replaced') {
      const w = replacedSize(box, null, null).width;
      // Compressible (css-sizing-3 §5.2.2): a percentage width or max-width zeroes the min-content contribution, as Chromium.
      const pctW = (s.width !== 'auto' && s.width.pct !== 0) || (s.maxWidth !== 'none' && s.maxWidth.pct !== 0);
      return pctW ? { min: outer, max: outer + w } : { min: w + outer, max: w + outer };
    }
    const specW = ignoreWidth ? null : sizeValue(s.width, null);
    const spec = specW !== null ? toContent(specW, s, bp) : ignoreWidth ? null : ratioWidth(box, null, bp, b.top + b.bottom + p.top + p.bottom);
    if (spec !== null && box.kind !== 'inline') {
      // A min-width or max-width keyword is the content's size (as if width were auto), css-sizing-3 §3.2.
      const content = s.minWidthKeyword || s.maxWidthKeyword ? this.contentSizes(box) : { min: outer, max: outer };
      const cmin = this.clampMinMax(box, spec, content.min - outer, content.max - outer, false);
      const cmax = this.clampMinMax(box, spec, content.min - outer, content.max - outer, true);
      return { min: cmin + outer, max: cmax + outer };
    }
    let min = 0, max = 0;
    const control = this.control(box);
    if (control !== null) {
      // A form control is as wide as its own content size (src/layout/controls.ts); a percentage width or max-width
      // zeroes its min-content contribution, as a replaced element's (css-sizing-3 §5.2.2: compressible).
      min = max = control;
      if ((s.width !== 'auto' && s.width.pct !== 0) || (s.maxWidth !== 'none' && s.maxWidth.pct !== 0)) min = 0;
    } else if (containsInlineSize(box)) {
      // its content adds nothing: min and max stay 0 (min-width and max-width still apply below)
    } else if ((box.kind === 'block' || box.kind === 'table-cell') && box.inlineContent) {
      const r = this.inline(box);
      min = r.min; max = r.max;
    } else if (box.kind === 'table-wrapper') {
      const r = this.table(box);
      return { min: r.min + outer, max: r.max + outer };
    } else if (box.kind === 'flex') {
      const r = flexIntrinsicSizes(box, (c) => this.sizes(c));
      min = r.min; max = r.max;
    } else if (box.kind === 'grid') {
      const r = gridIntrinsicSizes(box, (c) => this.sizes(c));
      min = r.min; max = r.max;
    } else {
      const children = box.kind === 'block' || box.kind === 'table-cell' || box.kind === 'inline' ? box.children : [];
      let floatRun = 0;
      for (const c of children) {
        if (c.kind === 'text' || c.kind === 'br' || c.kind === 'marker' || isAbsolute(c)) continue;
        const r = this.sizes(c);
        min = Math.max(min, r.min);
        if (c.style.float !== 'none') { floatRun += r.max; max = Math.max(max, floatRun); continue; }
        floatRun = c.style.clear !== 'none' ? 0 : floatRun;
        max = Math.max(max, r.max);
      }
    }
    if (isMulticolContainer(box)) ({ min, max } = multicolIntrinsicSizes(s, { min, max }));
    // width: min-content / max-content (css-sizing-3 §5.2): both contributions are that size; fit-content's are auto's.
    const kw = ignoreWidth || box.kind === 'inline' ? null : s.widthKeyword;
    if (kw === 'min-content') max = min;
    else if (kw === 'max-content') min = max;
    const cmin = this.clampMinMax(box, min, min, max, false), cmax = this.clampMinMax(box, max, min, max, true);
    return { min: cmin + outer, max: Math.max(cmin, cmax) + outer };
  }

  /**
   * A content width `w` clamped by min-width and max-width (CSS 2.1 §10.4), percentages as none; a keyword is the content's
   * min-content or max-content width (`min`, `max`, content box, px), fit-content the one of the contribution being
   * computed (the max-content contribution's when `forMax`), as the available space is indefinite (css-sizing-3 §5.2).
   */
  private clampMinMax(box: Box, w: number, min: number, max: number, forMax: boolean): number {
    const s = box.style;
    const b = borderOf(s);
    const bp = b.left + b.right;
    const kw = (k: IntrinsicSizeKeyword): number => (k === 'min-content' || (k === 'fit-content' && !forMax) ? min : max);
    const hi = s.maxWidthKeyword ? kw(s.maxWidthKeyword) : sizeValue(s.maxWidth, null);
    if (hi !== null) w = Math.min(w, s.maxWidthKeyword ? hi : toContent(hi, s, bp));
    const lo = s.minWidthKeyword ? kw(s.minWidthKeyword) : sizeValue(s.minWidth, null);
    if (lo !== null) w = Math.max(w, s.minWidthKeyword ? lo : toContent(lo, s, bp));
    return w;
  }
}
