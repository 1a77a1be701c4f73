// In: nothing (the shapes the display-list builder sorts fragments into, CSS 2.1 Appendix E).
// Out: Entry, ScEntry, Phases and the steps of painting order that need no builder state (which boxes paint, and where).
import { hasTransform, type ComputedStyle } from '../css/computed.ts';
import type { BoxFragment, InlineFragment, ReplacedFragment } from '../layout/fragment.ts';
import type { DisplayItem, Rect, Radii } from './display-list.ts';
import type { Decorator, DecorationSegment } from './build-text.ts';
import { hasImage } from './build-background.ts';
import { hasMaskBorder } from './build-decor.ts';
import { hasEffects } from './effects.ts';

/** A clip pushed for an overflow: hidden/clip box (its padding box, inner radii). */
export interface Clip { rect: Rect; radii?: Radii }
export type Chain = readonly Clip[];

/** A stacking context, or a box painted atomically as if it were one (floats, atomic inlines, z-index: auto positioned boxes). */
export interface ScEntry { kind: 'sc'; frag: BoxFragment | ReplacedFragment | InlineFragment; chain: Chain; z: number; decos: Decorator[] }
export interface ItemEntry { kind: 'item'; item: DisplayItem; chain: Chain }
export type Entry = ScEntry | ItemEntry;

/** `outlines`: the stacking context's outlines, painted last (Appendix E step 10, css-ui-4 §3). */
export interface Phases { neg: ScEntry[]; blocks: Entry[]; floats: ScEntry[]; inlines: Entry[]; zero: ScEntry[]; pos: ScEntry[]; outlines: Entry[] }

/** A stacking context's empty phases: negative z, in-flow blocks, floats, inline content, z-index 0/auto, positive z, outlines. */
export function newPhases(): Phases { return { neg: [], blocks: [], floats: [], inlines: [], zero: [], pos: [], outlines: [] }; }

/** Array sort that keeps the document order of equal keys (z-index ties paint in tree order, Appendix E). */
export function stableSort<T>(a: T[], cmp: (x: T, y: T) => number): T[] {
  return a.map((v, i) => [v, i] as const).sort((p, q) => cmp(p[0], q[0]) || p[1] - q[1]).map((p) => p[0]);
}

/** Whether the style draws a text decoration line (underline, overline or line-through). */
export const decorating = (s: ComputedStyle): boolean => s.textDecorationLine.underline || s.textDecorationLine.overline || s.textDecorationLine.lineThrough;

/** Underlines and overlines go under the line's text, line-throughs over it (CSS 2.1 Appendix E step 7). */
export function placeDecorations(lineItems: Entry[], segs: DecorationSegment[], chain: Chain): void {
  if (segs.length === 0) return;
  const under: Entry[] = segs.filter((g) => g.pos !== 'through').map((g) => ({ kind: 'item', item: g.item, chain }));
  const firstText = lineItems.findIndex((e) => e.kind === 'item' && e.item.kind === 'glyphs');
  if (firstText >= 0) lineItems.splice(firstText, 0, ...under); else lineItems.push(...under);
  for (const g of segs) if (g.pos === 'through') lineItems.push({ kind: 'item', item: g.item, chain });
}

/**
 * Whether a box with this style paints nothing of its own in boxItems: no shadow, background colour or image, outline,
 * border image or visible border side (a table row's, a collapsed cell's, most wrappers'). Per style object.
 */
export function paintsNothing(s: ComputedStyle): boolean {
  let v = NOTHING.get(s);
  if (v === undefined) {
    const side = (b: ComputedStyle['borderTop']): boolean => b.width > 0 && b.style !== 'none' && b.style !== 'hidden' && b.color.a > 0;
    v = (s.boxShadow === undefined || s.boxShadow.length === 0) && !(s.backgroundColor.a > 0) &&
      !s.backgroundLayers.some(hasImage) &&
      !((s.outlineWidth ?? 0) > 0 && s.outlineStyle !== undefined && s.outlineStyle !== 'none' && s.outlineStyle !== 'hidden' && s.outlineColor !== undefined && s.outlineColor.a > 0) &&
      !(s.borderImageSource && s.borderImageSource.kind !== 'none') &&
      !side(s.borderTop) && !side(s.borderRight) && !side(s.borderBottom) && !side(s.borderLeft);
    NOTHING.set(s, v);
  }
  return v;
}
const NOTHING = new WeakMap<ComputedStyle, boolean>();

/**
 * Whether a box with this style is a stacking context (CSS 2.1 §9.9.1 and Appendix E): positioned with a z-index other
 * than auto, or with opacity below 1, a transform (css-transforms-1 §3), a mask border (css-masking-1 §7) or effects
 * (filter, clip-path, mix-blend-mode: effects.ts hasEffects). With z-index auto such a box paints as z-index 0.
 */
export function isStackingContext(s: ComputedStyle): boolean {
  return (s.position !== 'static' && s.zIndex !== 'auto') || s.opacity < 1 || hasTransform(s) || hasMaskBorder(s) || hasEffects(s);
}

/**
 * Whether classify paints a box as an in-flow block (Appendix E step 4) with no anchor, link or clip of its own and no
 * children: static, no stacking context, no float. Such a box's pieces (BoxFragment.pieces: a table's collapsed border
 * segments, whose styles differ from it in borders and background only) paint there too, each as a box of its own.
 */
export function inFlowBlock(f: BoxFragment): boolean {
  const s = f.style;
  return s.position === 'static' && s.float === 'none' && !isStackingContext(s) &&
    f.box.href === undefined && !f.box.element?.attribs?.id && f.children.length === 0;
}
