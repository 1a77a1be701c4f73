// In: the box fragment of a form control (BlockBox.control: checkbox, radio, text field, textarea, select, progress, meter).
// Out: the display items of its native look as Chromium 156 prints it (figures read from its page.pdf content streams).
import type { FormControl } from '../box/types.ts';
import type { Color, ComputedStyle } from '../css/computed.ts';
import type { BoxFragment } from '../layout/fragment.ts';
import type { DisplayItem, Radii, Rect } from './display-list.ts';

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
/** Chromium's native theme: the control border grey, the accent blue, the track grey and the meter's optimum green. */
const BORDER: Color = { r: 0x76, g: 0x76, b: 0x76, a: 1 };
const ACCENT: Color = { r: 0x00, g: 0x75, b: 0xff, a: 1 };
const TRACK: Color = { r: 0xef, g: 0xef, b: 0xef, a: 1 };
const OPTIMUM: Color = { r: 0x10, g: 0x7c, b: 0x10, a: 1 };
/** A disabled checkbox or radio: its fill #a9a9a9 at 0.2 over white at 0.6, its border and accent fill #767676 at 0.302. */
const DISABLED_FILL: Color = { r: 0xa9, g: 0xa9, b: 0xa9, a: 0.2 };
const DISABLED_WHITE: Color = { r: 255, g: 255, b: 255, a: 0.6 };
const DISABLED_BORDER: Color = { r: 0x76, g: 0x76, b: 0x76, a: 0.302 };
/** The size Chromium draws a checkbox or radio at (its LayoutTheme size); other sizes scale the drawing. */
const TOGGLE = 13;

const round = (r: number): Radii => [[r, r], [r, r], [r, r], [r, r]];
const solid = (rect: Rect, width: number, color: Color, radius: number): DisplayItem => ({
  kind: 'border', rect, widths: [width, width, width, width], styles: ['solid', 'solid', 'solid', 'solid'], colors: [color, color, color, color], radii: round(radius),
});

/**
 * A checkbox (Chromium 156's ThemePainterDefault, 13 × 13 px): unchecked, a white square with 2 px corners inside a 1 px
 * #767676 border; checked, an accent-blue square with a white tick of 2.08 px (from (2.6, 6.5) over (5.2, 9.1) to
 * (10.4, 2.6)). Drawn in the border box's largest centred square, scaled from 13 px but for the 2 px corners (a 20 px
 * checkbox in Chromium keeps them).
 */
function checkbox(r: Rect, checked: boolean, disabled: boolean): DisplayItem[] {
  const k = Math.min(r.w, r.h) / TOGGLE;
  const x = r.x + (r.w - TOGGLE * k) / 2, y = r.y + (r.h - TOGGLE * k) / 2;
  const box: Rect = { x, y, w: TOGGLE * k, h: TOGGLE * k };
  const inner: Rect = { x: x + 0.2 * k, y: y + 0.2 * k, w: 12.6 * k, h: 12.6 * k };
  const items: DisplayItem[] = [];
  if (disabled) items.push({ kind: 'rect', rect: inner, color: DISABLED_FILL, radii: round(2) });
  items.push({ kind: 'rect', rect: inner, color: disabled ? DISABLED_WHITE : WHITE, radii: round(2) });
  if (!checked) { items.push(solid(box, k, disabled ? DISABLED_BORDER : BORDER, 2.5)); return items; }
  items.push({ kind: 'rect', rect: box, color: disabled ? DISABLED_BORDER : ACCENT, radii: round(2) });
  const p = (dx: number, dy: number): [number, number] => [x + dx * k, y + dy * k];
  const [ax, ay] = p(2.6, 6.5), [bx, by] = p(5.2, 9.1), [cx, cy] = p(10.4, 2.6);
  items.push({ kind: 'hairlines', segments: [[ax, ay, bx, by], [bx, by, cx, cy]], circles: [], width: 2.08 * k, color: disabled ? DISABLED_WHITE : WHITE });
  return items;
}

/**
 * A radio button (13 × 13 px): a white disc of radius 6.3 inside a 1 px ring of radius 6, grey (#767676) when unchecked,
 * accent blue with a blue dot of radius 3.9 when checked.
 */
function radio(r: Rect, checked: boolean, disabled: boolean): DisplayItem[] {
  const k = Math.min(r.w, r.h) / TOGGLE;
  const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
  const disc = (radius: number, color: Color): DisplayItem => ({ kind: 'rect', rect: { x: cx - radius, y: cy - radius, w: 2 * radius, h: 2 * radius }, color, radii: round(radius) });
  const items: DisplayItem[] = [];
  if (disabled) items.push(disc(6.3 * k, DISABLED_FILL));
  items.push(disc(6.3 * k, disabled ? DISABLED_WHITE : WHITE));
  const ring = disabled ? DISABLED_BORDER : checked ? ACCENT : BORDER;
  items.push({ kind: 'hairlines', segments: [], circles: [[cx, cy, 6 * k]], width: k, color: ring });
  if (checked) items.push(disc(3.9 * k, disabled ? DISABLED_BORDER : ACCENT));
  return items;
}

/**
 * A drop-down select's arrow: a chevron of 2 px strokes in the select's colour, 8 px wide and 4 px high, its right end 5 px
 * inside the border box's right edge, centred vertically half a pixel above the middle (Chromium 156: a 39 × 19 select
 * draws it from (26, 7) over (30, 11) to (34, 7)).
 */
function selectArrow(r: Rect, color: Color): DisplayItem {
  const right = r.x + r.w - 5, mid = r.y + r.h / 2 - 0.5;
  return { kind: 'hairlines', segments: [[right - 8, mid - 2, right - 4, mid + 2], [right - 4, mid + 2, right, mid - 2]], circles: [], width: 2, color };
}

/**
 * A progress bar or meter: a #efefef track half the box high, centred, with fully rounded ends; the value's part filled
 * (progress: accent blue over the track's width; meter: the optimum green inset 1 px) and a 1 px #767676 ring at half
 * (progress) or 0.302 (meter) opacity. An indeterminate progress bar shows its empty track.
 */
function bar(r: Rect, control: Extract<FormControl, { kind: 'progress' | 'meter' }>): DisplayItem[] {
  const h = r.h / 2;
  const track: Rect = { x: r.x, y: r.y + (r.h - h) / 2, w: r.w, h };
  const radius = h / 2;
  const items: DisplayItem[] = [{ kind: 'rect', rect: track, color: TRACK, radii: round(radius) }];
  const value = control.value ?? 0;
  if (control.kind === 'progress') {
    if (value > 0) {
      items.push({ kind: 'push-clip', rect: track, radii: round(radius) });
      items.push({ kind: 'rect', rect: { ...track, w: track.w * value }, color: ACCENT });
      items.push({ kind: 'pop-clip' });
    }
    items.push(solid(track, 1, { ...BORDER, a: 0.502 }, radius));
  } else {
    if (value > 0) items.push({ kind: 'rect', rect: { x: track.x + 1, y: track.y + 1, w: Math.round((track.w - 2) * value), h: Math.max(0, track.h - 2) }, color: OPTIMUM });
    items.push(solid(track, 1, DISABLED_BORDER, radius));
  }
  return items;
}

/** Whether the control has the UA style's border and background, which Chromium's native theme paints as a field. */
function themedField(s: ComputedStyle): boolean {
  const sides = [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft];
  const grey = (c: Color): boolean => c.r === BORDER.r && c.g === BORDER.g && c.b === BORDER.b && c.a === 1;
  return sides.every((b) => b.width > 0 && b.width <= 2 && (b.style === 'inset' || b.style === 'solid') && grey(b.color) && b.style === sides[0]!.style && b.width === sides[0]!.width) &&
    (s.backgroundColor.a === 0 || (s.backgroundColor.r === s.backgroundColor.g && s.backgroundColor.g === s.backgroundColor.b && s.backgroundColor.r >= 0xef)) &&
    s.backgroundLayers.every((l) => l.image.kind === 'none');
}

/**
 * The native look of a text field, textarea or select that keeps the UA border and background, drawn instead of them
 * (Chromium 156 prints such a field as a white rectangle with 2 px corners and a thin #767676 line at 0.75 opacity, half a
 * pixel inside its border box; none with appearance: none); for a checkbox or radio nothing: Chromium paints neither its background nor its border,
 * whatever the page gives it (only its glyph, controlGlyphItems). Null: paint the box's own background and border.
 */
export function controlFieldItems(f: BoxFragment, control: FormControl): DisplayItem[] | null {
  if (control.kind === 'checkbox' || control.kind === 'radio') return [];
  if (control.kind !== 'text' && control.kind !== 'textarea' && control.kind !== 'select') return null;
  if (f.style.appearance === 'none' || !themedField(f.style)) return null;
  const r: Rect = { x: f.x, y: f.y, w: f.width, h: f.height };
  return [
    { kind: 'rect', rect: r, color: WHITE, radii: round(2.5) },
    solid(r, 1, { ...BORDER, a: 0.75 }, 2.5),
  ];
}

/** What a control draws over its background and border: a checkbox's or radio's glyph, a select's arrow, a bar. */
export function controlGlyphItems(f: BoxFragment, control: FormControl): DisplayItem[] {
  const r: Rect = { x: f.x, y: f.y, w: f.width, h: f.height };
  if (r.w <= 0 || r.h <= 0) return [];
  switch (control.kind) {
    case 'checkbox': return checkbox(r, control.checked, control.disabled);
    case 'radio': return radio(r, control.checked, control.disabled);
    case 'select': return control.native ? [selectArrow(r, f.style.color)] : [];
    case 'progress': case 'meter': return bar(r, control);
    default: return [];
  }
}
