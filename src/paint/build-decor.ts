/**
 * Box decorations for the display-list builder: borders (CSS 2.1 §8.5, css-backgrounds-3 §4, sliced at break edges by
 * css-break-3 §5.4), box-shadow (css-backgrounds-3 §7), outline (css-ui-4 §3), clip (CSS 2.1 §11.1.2).
 * In: a box or inline fragment and its (corner-sliced) style. Out: 'box-shadow' and 'border' display items, clip rects.
 */
import { CC_BORDER_TOP, type Color, type ComputedStyle, type CornerRadius } from '../css/computed.ts';
import type { BoxFragment, ReplacedFragment } from '../layout/fragment.ts';
import type { BorderStyleUsed, DisplayItem, Rect } from './display-list.ts';
import { insetRadii, radiiOf } from './build-background.ts';

/** The geometry a decoration needs: the border box (px) and the used border widths. */
interface Boxish { x: number; y: number; width: number; height: number }

/**
 * Pushes the element's outer shadows (`inset` false: painted below the background) or its inset
 * shadows (`inset` true: above the background, below the border), last listed first so that the
 * first shadow ends on top (css-backgrounds-3 §7.1). `widths` are the used border widths
 * [top, right, bottom, left] in px (0 at a fragment's break edges); inset shadows use the padding box.
 */
export function pushShadows(f: Boxish, s: ComputedStyle, widths: readonly [number, number, number, number], inset: boolean, push: (i: DisplayItem) => void): void {
  const list = s.boxShadow;
  if (list === undefined || list.length === 0) return;
  let box: Rect | null = null;
  let radii: ReturnType<typeof radiiOf>;
  for (let i = list.length - 1; i >= 0; i--) {
    const sh = list[i];
    if (sh.inset !== inset || !(sh.color.a > 0)) continue;
    if (box === null) {
      const border: Rect = { x: f.x, y: f.y, w: f.width, h: f.height };
      radii = radiiOf(s, border.w, border.h);
      if (inset) {
        const [t, r, b, l] = widths;
        box = { x: border.x + l, y: border.y + t, w: Math.max(0, border.w - l - r), h: Math.max(0, border.h - t - b) };
        radii = radii && insetRadii(radii, t, r, b, l);
      } else box = border;
    }
    const item: DisplayItem = { kind: 'box-shadow', box, inset, x: sh.x, y: sh.y, blur: sh.blur, spread: sh.spread, color: sh.color };
    if (radii) item.radii = radii;
    push(item);
  }
}

/**
 * The outline of a box (css-ui-4 §3): a border of `outline-width` drawn outside the border box at
 * `outline-offset` (negative: inside), following the border radii grown by the offset; `auto` is
 * drawn solid. Null when there is no outline to draw.
 */
export function outlineItem(f: Boxish, s: ComputedStyle): DisplayItem | null {
  const w = s.outlineWidth ?? 0;
  const style = s.outlineStyle ?? 'none';
  const color = s.outlineColor;
  if (!(w > 0) || style === 'none' || style === 'hidden' || color === undefined || !(color.a > 0)) return null;
  const d = (s.outlineOffset ?? 0) + w;
  const rect: Rect = { x: f.x - d, y: f.y - d, w: f.width + 2 * d, h: f.height + 2 * d };
  if (!(rect.w > 0 && rect.h > 0)) return null;
  const used: BorderStyleUsed = style === 'auto' ? 'solid' : style;
  const item: DisplayItem = {
    kind: 'border', rect, widths: [w, w, w, w], styles: [used, used, used, used], colors: [color, color, color, color],
  };
  const radii = radiiOf(s, f.width, f.height);
  if (radii) item.radii = radii.map(([h, v]) => (h > 0 && v > 0 ? [Math.max(0, h + d), Math.max(0, v + d)] : [0, 0])) as typeof radii;
  return item;
}

/**
 * The clip rectangle of `clip: rect()` on an absolutely positioned box (CSS 2.1 §11.1.2): offsets from
 * the border box's top-left corner, `auto` meaning that border edge. A right edge left of the left
 * edge (or a bottom above the top) clips everything, as browsers do. Null when `clip` is auto.
 */
export function clipRectOf(f: Boxish, s: ComputedStyle): Rect | null {
  const c = s.clip;
  if (!c || (s.position !== 'absolute' && s.position !== 'fixed')) return null;
  const top = c.top === 'auto' ? 0 : c.top, left = c.left === 'auto' ? 0 : c.left;
  const bottom = c.bottom === 'auto' ? f.height : c.bottom, right = c.right === 'auto' ? f.width : c.right;
  // An empty clip is moved off the page: rasterisers without anti-aliasing still let one pixel
  // through a zero-size clip rectangle at its corner.
  if (!(right > left && bottom > top)) return { x: -1e5, y: -1e5, w: 0, h: 0 };
  return { x: f.x + left, y: f.y + top, w: right - left, h: bottom - top };
}

/**
 * The used text-decoration-thickness in px (css-text-decor-4 §4.1): a length, or a percentage of 1em of
 * the decorating box; `auto` and `from-font` use `fromFont` (the font's own thickness). At least 1 px.
 */
export function decorationThickness(s: ComputedStyle, fromFont: number): number {
  const t = s.textDecorationThickness;
  const v = t === undefined || typeof t === 'string' ? fromFont : t.px + (t.pct * s.fontSize) / 100;
  return Math.max(1, v);
}

/**
 * The y (px, down) of an underline's top edge (css-text-decor-4 §4.3): `baseline` plus the
 * text-underline-offset (a length or a percentage of 1em), or `auto` (the font's position, `autoTop`).
 */
export function underlineTop(s: ComputedStyle, baseline: number, autoTop: number): number {
  const o = s.textUnderlineOffset;
  if (o === undefined || o === 'auto') return autoTop;
  return baseline + o.px + (o.pct * s.fontSize) / 100;
}

type BorderItem = Extract<DisplayItem, { kind: 'border' }>;

/** Whether side `i` of a border item shows: a width, a style and some alpha. */
function sideShows(item: BorderItem, i: number): boolean {
  return item.widths[i]! > 0 && item.styles[i] !== 'none' && item.colors[i]!.a > 0;
}

/**
 * Pushes a border as display items: the item itself, or, when its visible sides share one alpha below 1 and a dashed or
 * dotted side meets another visible side, the item with opaque colours inside an opacity group of that alpha, as
 * Chromium's BoxBorderPainter paints such an opacity group in one transparency layer (dashed and dotted sides reach
 * into the corners, where translucent sides drawn one by one would darken each other).
 */
export function pushBorderItems(item: BorderItem, push: (i: DisplayItem) => void): void {
  // The common case first, without arrays: the visible sides are opaque, or not all of one alpha.
  let alpha = 1, first = true;
  for (let i = 0; i < 4; i++) {
    if (!sideShows(item, i)) continue;
    if (first) { alpha = item.colors[i]!.a; first = false; } else if (item.colors[i]!.a !== alpha) { push(item); return; }
  }
  if (!(alpha < 1)) { push(item); return; }
  const vis = [0, 1, 2, 3].filter((i) => sideShows(item, i));
  const broken = (i: number): boolean => item.styles[i] === 'dashed' || item.styles[i] === 'dotted';
  const adjacent = vis.some((i) => broken(i) && (vis.includes((i + 1) % 4) || vis.includes((i + 3) % 4)));
  if (!adjacent || item.radii) { push(item); return; }
  const opaque = item.colors.map((c) => ({ ...c, a: 1 })) as BorderItem['colors'];
  push({ kind: 'push-opacity', opacity: alpha });
  push({ ...item, colors: opaque });
  push({ kind: 'pop-opacity' });
}

/** The border widths [top, right, bottom, left] a fragment paints: none at its break edges (css-break-3 §5.4). */
export function usedBorderWidths(f: BoxFragment | ReplacedFragment): [number, number, number, number] {
  const b = f.border, sliced = f.kind === 'box';
  return [sliced && !f.startsBox ? 0 : b.top, b.right, sliced && !f.endsBox ? 0 : b.bottom, b.left];
}

/** Whether a style has a mask border (css-masking-1 §7.1: a source other than none). */
export function hasMaskBorder(s: ComputedStyle): boolean {
  return s.maskBorderSource !== undefined && s.maskBorderSource.kind !== 'none';
}

const NO_RADIUS: CornerRadius = { h: { px: 0, pct: 0 }, v: { px: 0, pct: 0 } };

/**
 * The style with no corner radii at a fragment's break edges (css-break-3 §5.4, box-decoration-break: slice,
 * the initial value): block fragments lose the top corners when they do not start the box and the bottom
 * ones when they do not end it; inline fragments (`inline`) the left and right corners.
 */
export function sliceCorners(s: ComputedStyle, atStart: boolean, atEnd: boolean, inline: boolean): ComputedStyle {
  if (!atStart && !atEnd) return s;
  const out = { ...s };
  if (inline) {
    if (atStart) { out.borderTopLeftRadius = NO_RADIUS; out.borderBottomLeftRadius = NO_RADIUS; }
    if (atEnd) { out.borderTopRightRadius = NO_RADIUS; out.borderBottomRightRadius = NO_RADIUS; }
  } else {
    if (atStart) { out.borderTopLeftRadius = NO_RADIUS; out.borderTopRightRadius = NO_RADIUS; }
    if (atEnd) { out.borderBottomLeftRadius = NO_RADIUS; out.borderBottomRightRadius = NO_RADIUS; }
  }
  return out;
}

export function borderRect(f: { x: number; y: number; width: number; height: number }): Rect {
  return { x: f.x, y: f.y, w: f.width, h: f.height };
}

type Used = 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset' | 'none';
const usedStyle = (st: string): Used => (st === 'hidden' ? 'none' : (st as Used));

export function pushBorder(f: BoxFragment | ReplacedFragment, s: ComputedStyle, push: (i: DisplayItem) => void, noTop: boolean, noBottom: boolean): void {
  const b = f.border;
  const tablePart = f.box.kind === 'table' || f.box.kind === 'table-cell' || f.box.kind === 'table-row' || f.box.kind === 'table-row-group';
  pushBorderWidths(f, s, [noTop ? 0 : b.top, b.right, noBottom ? 0 : b.bottom, b.left], push, tablePart);
}

/** Whether a border side of used width `w` paints anything (pushBorderWidths skips the sides that do not). */
function sidePaints(w: number, side: ComputedStyle['borderTop']): boolean {
  return !(w <= 0 || side.style === 'none' || side.style === 'hidden' || side.color.a === 0);
}

/** The grey Chromium 156 paints an inset, outset, groove or ridge side in when its colour is currentcolor. */
const LEGACY_3D_GREY: Color = { r: 238, g: 238, b: 238, a: 1 };
const SHADED = new Set(['inset', 'outset', 'groove', 'ridge']);

/**
 * The colour a border side is painted in: its computed colour, except that an inset, outset, groove or ridge side whose
 * colour is currentcolor (specified or by default) paints rgb(238, 238, 238), shaded from there, as Chromium 156 still
 * does (the legacy fallback of WebKit's RenderStyle::colorIncludingFallback; measured: `border: 8px outset` in any
 * text colour paints #eeeeee over #9a9a9a) on every box but tables and their cells, which paint their own colour.
 */
function sideColor(s: ComputedStyle, i: number, tablePart: boolean): Color {
  const side = i === 0 ? s.borderTop : i === 1 ? s.borderRight : i === 2 ? s.borderBottom : s.borderLeft;
  if (tablePart || !SHADED.has(side.style) || !((s.currentColorMask ?? 0) & (CC_BORDER_TOP << i))) return side.color;
  return LEGACY_3D_GREY;
}

export function pushBorderWidths(f: { x: number; y: number; width: number; height: number }, s: ComputedStyle, widths: [number, number, number, number], push: (i: DisplayItem) => void, tablePart = false): void {
  if (!sidePaints(widths[0], s.borderTop) && !sidePaints(widths[1], s.borderRight) && !sidePaints(widths[2], s.borderBottom) && !sidePaints(widths[3], s.borderLeft)) return;
  const rect = borderRect(f);
  const radii = radiiOf(s, rect.w, rect.h);
  const sides = sidesOf(s, tablePart);
  const item: BorderItem = { kind: 'border', rect, widths, styles: sides.styles, colors: sides.colors };
  if (radii) item.radii = radii;
  pushBorderItems(item, push);
}

/**
 * A border item's styles and colours as a style gives them, one pair per style object and table-part flag, shared by the
 * items of every box with that style (display items are never changed once made): a long table's collapsed border
 * segments are thousands of items of a handful of styles.
 */
const SIDES = new WeakMap<ComputedStyle, { plain?: Sides; table?: Sides }>();
interface Sides { styles: BorderItem['styles']; colors: BorderItem['colors'] }
function sidesOf(s: ComputedStyle, tablePart: boolean): Sides {
  let e = SIDES.get(s);
  if (!e) SIDES.set(s, (e = {}));
  const key = tablePart ? 'table' : 'plain';
  return (e[key] ??= {
    styles: [usedStyle(s.borderTop.style), usedStyle(s.borderRight.style), usedStyle(s.borderBottom.style), usedStyle(s.borderLeft.style)],
    colors: [sideColor(s, 0, tablePart), sideColor(s, 1, tablePart), sideColor(s, 2, tablePart), sideColor(s, 3, tablePart)],
  });
}
