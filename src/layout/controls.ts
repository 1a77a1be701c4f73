// In: the block box of a form control (BlockBox.control, made by src/box/replaced-elements.ts) and the layout context's fonts.
// Out: its intrinsic content size as Blink computes it, and its formatting context for the block-level path (src/layout/dispatch.ts).
import type { BlockBox, Box, FormControl } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { FontContext, FontFace } from '../text/types.ts';
import type { ContentLayout, ContentParams, FlowEnv } from './context.ts';
import type { Flow } from './flow.ts';
import { translateFragment } from './fragment.ts';
import { borderOf, clampHeight, clampWidth, marginValue, paddingOf, sizeValue, toContent } from './box-model.ts';
import { blockWidths } from './block-widths.ts';
import { layoutBlockFlow } from './block.ts';
import { fontSpecOf, inlineMetricsOf } from './inline/style.ts';

/** Checkbox and radio button: Blink's LayoutTheme gives an auto width or height 13 px (border box). */
const TOGGLE_SIZE = 13;
/** The vertical scrollbar gutter Chromium 156 keeps in a textarea whose overflow is auto or scroll, px (measured: cols × avg + 15). */
const SCROLLBAR_GUTTER = 15;
/**
 * A drop-down select's inner padding (Blink's LayoutThemeDefault popup internal paddings: 4 px before the text, 16 px after
 * it for the arrow), px, whatever the font size: Chromium 156 makes `<select>` ceil(widest option) + 20 px wide inside its
 * border at 13.33 px and 20 px, with padding 0 or 5 px.
 */
const MENU_LIST_INLINE = 20;
/** Of which the text starts this far in (the rest is the arrow's room). */
const MENU_LIST_START = 4;
/** The menu list's inner block has 1 px above and below the text's ascent + descent (Chromium 156: 19 px at 13.33 px, 26 at 20 px). */
const MENU_LIST_BLOCK = 2;

/** The average and maximum character widths Blink's LayoutTextControl sizes text fields by, px. */
interface CharWidths { avg: number; max: number }

const charWidthCache = new WeakMap<FontFace, Map<number, CharWidths>>();

/**
 * Blink's LayoutTextControl::GetAvgCharWidth and the max char width of SimpleFontData::PlatformInit on Linux: when the
 * primary font's OS/2 xAvgCharWidth is usable (> 0), avg = round(xAvgCharWidth × size / unitsPerEm) and max =
 * round((head.xMax − head.xMin) × size / unitsPerEm) (Skia's fXMax − fXMin); otherwise avg is the advance of '0' and max
 * is 0 (no extra width). Cached per face and size (bounded by the faces a render loads).
 */
function charWidths(style: ComputedStyle, fonts: FontContext): CharWidths {
  const spec = fontSpecOf(style);
  const face = fonts.match(spec);
  let bySize = charWidthCache.get(face);
  if (!bySize) charWidthCache.set(face, (bySize = new Map()));
  const hit = bySize.get(spec.fontSize);
  if (hit) return hit;
  const font = face.font as { 'OS/2'?: { xAvgCharWidth?: number }; head?: { xMin?: number; xMax?: number } };
  const scale = spec.fontSize / (face.unitsPerEm || 1000);
  const xAvg = font['OS/2']?.xAvgCharWidth ?? 0;
  const head = font.head;
  let r: CharWidths;
  if (xAvg > 0) r = { avg: Math.round(xAvg * scale), max: head ? Math.round(((head.xMax ?? 0) - (head.xMin ?? 0)) * scale) : 0 };
  else r = { avg: fonts.measure('0', spec), max: 0 };
  if (bySize.size > 64) bySize.clear();
  bySize.set(spec.fontSize, r);
  return r;
}

/** A control's size before its own width and height (content box, px); null on an axis its CSS sizes (progress, meter). */
export interface ControlSize { width: number | null; height: number | null }

/**
 * The intrinsic content size of a form control as Chromium 156 computes it:
 * - text field (Blink's LayoutTextControlSingleLine::PreferredContentLogicalWidth): ceil(avg × size) + (max − avg), one
 *   line of the used line-height high;
 * - textarea (LayoutTextControlMultiLine): ceil(avg × cols) plus the scrollbar gutter when overflow-y is auto or scroll,
 *   rows × the line-height high;
 * - drop-down select (the menu list): the widest option label, rounded up, plus its inner padding; ascent + descent + 2 high;
 *   with appearance: none (LayoutTheme gives no inner padding) the widest label rounded up, one line of the line-height high;
 * - checkbox and radio: 13 × 13 px border box (LayoutTheme), less the box's own padding and border;
 * - progress and meter: sized by their UA style only.
 */
export function controlSize(box: BlockBox & { control: FormControl }, fonts: FontContext): ControlSize {
  const s = box.style;
  const c = box.control;
  switch (c.kind) {
    case 'text': {
      const w = charWidths(s, fonts);
      return { width: Math.ceil(w.avg * c.size) + (w.max > 0 ? w.max - w.avg : 0), height: inlineMetricsOf(s, fonts).lineHeight };
    }
    case 'textarea': {
      const w = charWidths(s, fonts);
      const gutter = s.overflowY === 'auto' || s.overflowY === 'scroll' ? SCROLLBAR_GUTTER : 0;
      return { width: Math.ceil(w.avg * c.cols) + gutter, height: c.rows * inlineMetricsOf(s, fonts).lineHeight };
    }
    case 'select': {
      const spec = fontSpecOf(s);
      let widest = 0;
      for (const label of c.options) widest = Math.max(widest, fonts.measure(label, spec));
      const m = inlineMetricsOf(s, fonts);
      if (!c.native) return { width: Math.ceil(widest - 1e-6), height: m.lineHeight };
      return { width: Math.ceil(widest - 1e-6) + MENU_LIST_INLINE, height: m.ascent + m.descent + MENU_LIST_BLOCK };
    }
    case 'checkbox': case 'radio': {
      const b = borderOf(s), p = paddingOf(s, null);
      return { width: Math.max(0, TOGGLE_SIZE - b.left - b.right - p.left - p.right), height: Math.max(0, TOGGLE_SIZE - b.top - b.bottom - p.top - p.bottom) };
    }
    default: return { width: null, height: null };
  }
}

/** Whether a box is a form control that layout sizes (BlockBox.control). */
export function isControl(box: Box): box is BlockBox & { control: FormControl } {
  return box.kind === 'block' && box.control !== undefined;
}

/**
 * The used content width of a block-level control with `width: auto` (CSS 2.1 §10.3.3 with the width of a replaced-like box):
 * Chromium sizes a form control by its content, never by its containing block (Blink's LayoutBox::AutoWidthShouldFitContent),
 * clamped by min-width and max-width; auto margins then centre it.
 */
const controlWidths: NonNullable<ContentLayout<BlockBox>['widths']> = (box, avail, p, env) => {
  const s = box.style;
  const w = blockWidths(box, avail, p, p.cb.width, env);
  const size = isControl(box) && p.widthOverride === undefined && s.width === 'auto' && !s.widthKeyword ? controlSize(box, env.ctx.fonts).width : null;
  if (size === null) return w;
  const b = borderOf(s), pad = paddingOf(s, p.cb.width);
  const bp = b.left + b.right + pad.left + pad.right;
  const width = clampWidth(size, s, p.cb.width, bp);
  const ml = marginValue(s.marginLeft, p.cb.width), mr = marginValue(s.marginRight, p.cb.width);
  const free = avail - width - bp;
  if (ml === null && mr === null) return { ml: Math.max(0, free / 2), mr: Math.max(0, free / 2), width };
  if (ml === null) return { ml: Math.max(0, free - (mr ?? 0)), mr: mr ?? 0, width };
  return { ml, mr: mr ?? Math.max(0, free - ml), width };
};

/**
 * The content height of a control: its specified height (min/max-height clamp it), else its intrinsic one (controlSize);
 * a flex or grid stretch (heightOverride) wins. Null for an auto-height progress or meter without one (never: their UA height).
 */
function controlHeight(box: BlockBox, p: { heightOverride?: number; cb: { height: number | null } }, env: FlowEnv): number {
  if (p.heightOverride !== undefined) return p.heightOverride;
  const s = box.style;
  const b = borderOf(s), pad = paddingOf(s, null);
  const bpV = b.top + b.bottom + pad.top + pad.bottom;
  const spec = sizeValue(s.height, p.cb.height);
  const h = spec !== null ? toContent(spec, s, bpV) : isControl(box) ? controlSize(box, env.ctx.fonts).height : null;
  return clampHeight(h ?? 0, s, p.cb.height, bpV);
}

/**
 * Lays out the text a control shows (its value, placeholder or selected option): a text field centres its line in the
 * content box as Chromium centres the inner editor (so does a select with appearance: none), a select puts its text 4 px
 * in and its baseline 1 px + ascent below its own height's top (centred in a taller box); the
 * control's baseline is that line's, or where its text would sit when it shows none; a checkbox's or radio's is its
 * border-box bottom (Blink's LayoutTheme).
 */
function layoutControl(box: BlockBox, c: ContentParams, flow: Flow, env: FlowEnv): void {
  const top = flow.y;
  layoutBlockFlow(box, c, flow, env);
  const kind = box.control?.kind;
  const H = c.specH ?? flow.y - top;
  if (kind === 'checkbox' || kind === 'radio') { flow.firstBaseline = top + H + c.padding.bottom + c.border.bottom; return; }
  if (kind !== 'text' && kind !== 'select') return;
  const m = inlineMetricsOf(box.style, env.ctx.fonts);
  let baseline: number;
  let dx = 0;
  if (kind === 'select' && box.control?.kind === 'select' && box.control.native) {
    // The menu list's text: 4 px after its content edge, 1 px below it, its line as high as ascent + descent (line-height
    // is ignored), centred when the select is taller.
    const own = m.ascent + m.descent + MENU_LIST_BLOCK;
    baseline = top + Math.max(0, (H - own) / 2) + MENU_LIST_BLOCK / 2 + m.ascent;
    dx = box.style.direction === 'rtl' ? -MENU_LIST_START : MENU_LIST_START;
  } else {
    const used = flow.children.length > 0 ? flow.y - top : m.lineHeight;
    baseline = top + Math.max(0, (H - used) / 2) + m.leadingTop + m.ascent;
  }
  const dy = flow.firstBaseline !== undefined ? baseline - flow.firstBaseline : 0;
  for (const f of flow.children) translateFragment(f, dx, dy);
  flow.firstBaseline = baseline;
}

/**
 * A form control (HTML §15.5): an independent formatting context laid out whole, as wide and high as its content size
 * when its width and height are auto (controlSize), showing its text inside.
 */
export const controlContent: ContentLayout<BlockBox> = {
  independent: true,
  monolithic: true,
  widths: controlWidths,
  fixedHeight: (box, p, env) => controlHeight(box, p, env),
  layout: layoutControl,
};

/** A control's min-content and max-content contribution before its margins, border and padding (content box, px), or null: as a block container. */
export function controlIntrinsicWidth(box: Box, fonts: FontContext): number | null {
  return isControl(box) ? controlSize(box, fonts).width : null;
}
