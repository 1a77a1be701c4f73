/**
 * Box decorations for the display-list builder: box-shadow (css-backgrounds-3 §7), outline (css-ui-4 §3), clip (CSS 2.1 §11.1.2).
 * In: a box or inline fragment and its (corner-sliced) style. Out: 'box-shadow' and 'border' display items, clip rects.
 */
import type { ComputedStyle } from '../css/computed.ts';
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
 * A border as display items: the item itself, or, when its visible sides share one alpha below 1 and a dashed or
 * dotted side meets another visible side, the item with opaque colours inside an opacity group of that alpha, as
 * Chromium's BoxBorderPainter paints such an opacity group in one transparency layer (dashed and dotted sides reach
 * into the corners, where translucent sides drawn one by one would darken each other).
 */
export function borderItems(item: BorderItem): DisplayItem[] {
  // The common case first, without arrays: the visible sides are opaque, or not all of one alpha.
  let alpha = 1, first = true;
  for (let i = 0; i < 4; i++) {
    if (!sideShows(item, i)) continue;
    if (first) { alpha = item.colors[i]!.a; first = false; } else if (item.colors[i]!.a !== alpha) return [item];
  }
  if (!(alpha < 1)) return [item];
  const vis = [0, 1, 2, 3].filter((i) => sideShows(item, i));
  const broken = (i: number): boolean => item.styles[i] === 'dashed' || item.styles[i] === 'dotted';
  const adjacent = vis.some((i) => broken(i) && (vis.includes((i + 1) % 4) || vis.includes((i + 3) % 4)));
  if (!adjacent || item.radii) return [item];
  const opaque = item.colors.map((c) => ({ ...c, a: 1 })) as BorderItem['colors'];
  return [{ kind: 'push-opacity', opacity: alpha }, { ...item, colors: opaque }, { kind: 'pop-opacity' }];
}
