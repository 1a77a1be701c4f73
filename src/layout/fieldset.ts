// In: a fieldset's block box, its content box on the page (ContentParams), its flow and the flow environment.
// Out: its rendered legend's fragment (HTML §15.3.13) at the top of the flow, the flow moved below it, the paint hint (border shift, gap); its min-inline-size.
import type { Box, BlockBox } from '../box/types.ts';
import type { BoxFragment, Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { ContentParams, FlowEnv, LayoutContext, UsedWidths } from './context.ts';
import type { Flow, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import { floatLikeWidths } from './positioned.ts';
import { isAbsolute, borderOf, paddingOf, marginValue } from './box-model.ts';

/** Where a fieldset's block-start border is painted and where its rendered legend cuts it (px, absolute x). */
export interface LegendGap {
  /** How far down the block-start border and the background start from the border-box top (px, >= 0). */
  shift: number;
  /** The legend's border box span: the block-start border is not painted there. */
  x: number;
  width: number;
}

/**
 * The fieldset's rendered legend (HTML §15.3.13): its first child that is a `legend` element, when that
 * child is neither floated nor absolutely positioned; null otherwise (also for boxes that are not fieldsets).
 */
export function renderedLegendOf(box: Box): BlockBox | null {
  if (box.kind !== 'block' || box.anonymous || box.pseudo !== undefined || box.element?.name !== 'fieldset') return null;
  for (const c of box.children) {
    if (c.kind === 'text' || c.anonymous || c.pseudo !== undefined || c.element === undefined) continue;
    if (c.element.name !== 'legend') continue;
    if (c.kind !== 'block' || c.style.float !== 'none' || isAbsolute(c)) return null;
    return c;
  }
  return null;
}

/** Geometry of the fieldset the legend is laid out in (absolute px). */
export interface FieldsetGeometry {
  /** Top of the fieldset's border box. */
  borderTop: number;
  /** Left of the fieldset's border box. */
  x: number;
  /** The fieldset's content box left edge and width. */
  contentX: number;
  contentWidth: number;
  /** The fieldset's used block-start border width and padding. */
  borderTopWidth: number;
  paddingTop: number;
  /** The fieldset's direction is rtl: the legend starts at the right. */
  rtl?: boolean;
}

/** The laid-out rendered legend. */
export interface RenderedLegend {
  fragment: BoxFragment;
  /** Distance from the fieldset's border-box top to its content-box top (px): max(border, legend margin box) + padding. */
  topBP: number;
  gap: LegendGap;
}

/**
 * Lays out a fieldset's rendered legend (HTML §15.3.13, as Chromium): shrink-to-fit width, at the inline
 * start of the fieldset's content box (auto inline margins centre it or push it to the end), its margin box
 * starting at the fieldset's border-box top when it is at least as tall as the block-start border (the border
 * is then painted centred on the legend's border box), else its border box centred in that border. The
 * fieldset's content starts below max(border, legend margin box) + padding. The legend is monolithic and
 * establishes a new formatting context. Returns null when the legend produced no fragment.
 */
function layoutRenderedLegend(legend: BlockBox, g: FieldsetGeometry, abs: PendingAbs[], env: FlowEnv): RenderedLegend | null {
  const s = legend.style;
  const avail = g.contentWidth;
  const w = floatLikeWidths(legend, avail, avail, env);
  const b = borderOf(s), pd = paddingOf(s, avail);
  const bpH = b.left + b.right + pd.left + pd.right;
  let ml = w.ml, mr = w.mr;
  const width = w.width ?? 0;
  const free = avail - (ml + mr + width + bpH);
  const autoL = s.marginLeft === 'auto', autoR = s.marginRight === 'auto';
  if (free > 0 && autoL && autoR) { ml += free / 2; mr += free / 2; } else if (free > 0 && autoL) ml += free; else if (free > 0 && autoR) mr += free;
  else if (free > 0) {
    // Neither margin auto: the legend's align attribute (HTML §15.3.13), else the fieldset's inline start.
    const align = legendAlign(legend) ?? (g.rtl ? 'right' : 'left');
    if (align === 'center') ml += free / 2; else if (align === 'right') ml += free;
  }
  const r = env.ctx.layoutBlockLevel(legend, {
    cb: { x: g.contentX, y: 0, width: avail, height: null }, y: g.borderTop, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs,
    widthOverride: width, marginsOverride: { left: ml, right: mr }, forceBfc: true,
  }, { ...env, pageBottom: Infinity });
  const f = r.fragment;
  if (!f || f.kind !== 'box') return null;
  const mt = f.margin.top, mb = f.margin.bottom;
  const h = f.height;
  const marginBox = mt + h + mb;
  let shift = 0;
  if (h < g.borderTopWidth) {
    // A legend thinner than the border: its border box centred in the border.
    translateFragment(f as Fragment, 0, g.borderTop + (g.borderTopWidth - h) / 2 - f.y);
  } else {
    translateFragment(f as Fragment, 0, g.borderTop + mt - f.y);
    shift = Math.max(0, mt + h / 2 - g.borderTopWidth / 2);
  }
  const topBP = Math.max(g.borderTopWidth, marginBox) + g.paddingTop;
  return { fragment: f, topBP, gap: { shift, x: f.x, width: f.width } };
}


/**
 * A fieldset's rendered legend at the top of its content (on its first fragment): laid out over the block-start border,
 * the content moved below it, the legend gap kept in `flow` for the fieldset's fragment. Nothing when it has none.
 */
export function placeRenderedLegend(box: BlockBox, c: ContentParams, flow: Flow, env: FlowEnv): void {
  const legend = renderedLegendOf(box);
  if (!legend || c.resumed) return;
  const borderTop = flow.y - c.border.top - c.padding.top;
  const g: FieldsetGeometry = {
    borderTop, x: c.x - c.border.left - c.padding.left, contentX: c.x, contentWidth: c.width,
    borderTopWidth: c.border.top, paddingTop: c.padding.top, rtl: box.style.direction === 'rtl',
  };
  const rendered = layoutRenderedLegend(legend, g, c.abs, env);
  if (!rendered) return;
  flow.y = borderTop + rendered.topBP;
  flow.children.push(rendered.fragment);
  flow.legendGap = rendered.gap;
}

/** True for a fieldset element's own box: it establishes a new block formatting context (HTML §15.3.13). */
export function isFieldset(box: Box): boolean {
  return box.kind === 'block' && !box.anonymous && box.pseudo === undefined && box.element?.name === 'fieldset';
}

/** The legend's `align` attribute (left, center, right; ASCII case-insensitive), undefined when absent or another value. */
function legendAlign(legend: BlockBox): 'left' | 'center' | 'right' | undefined {
  const v = legend.element?.attribs['align']?.trim().toLowerCase();
  return v === 'left' || v === 'center' || v === 'right' ? v : undefined;
}

/**
 * The fieldset's UA `min-inline-size: min-content` (HTML §15.3.13; our cascade keeps min-width: min-content as auto, so
 * `min-width: auto` stands for it here): its used content width is at least its min-content width, the end margin
 * giving way (over-constrained, CSS 2.1 §10.3.3). `widths` are blockWidths' (px). Returns `widths` when nothing changes.
 */
export function fieldsetMinInline(box: Box, widths: UsedWidths, cbWidth: number, rtl: boolean, env: { ctx: LayoutContext }): UsedWidths {
  const s = box.style;
  if (s.minWidth !== 'auto') return widths;
  const b = borderOf(s), pd = paddingOf(s, cbWidth);
  const bp = b.left + b.right + pd.left + pd.right;
  // The min-content contribution of the contents: a specified width does not count (min-inline-size wins over it).
  const sizer = s.width === 'auto' ? box : ({ ...box, style: { ...s, width: 'auto' } } as Box);
  const min = env.ctx.intrinsicSizes(sizer).min - (marginValue(s.marginLeft, cbWidth) ?? 0) - (marginValue(s.marginRight, cbWidth) ?? 0) - bp;
  if (!(min > widths.width + 0.01)) return widths;
  const extra = min - widths.width;
  return rtl ? { ml: widths.ml - extra, mr: widths.mr, width: min } : { ml: widths.ml, mr: widths.mr - extra, width: min };
}
