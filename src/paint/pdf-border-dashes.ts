/**
 * Dashed and dotted border sides of boxes without rounded corners, as Chromium 156 draws them. In: a 'border' display
 * item's rect, widths, styles and colours (px). Out: per side the paint order, the corner clip and the stroke (line,
 * dash array, cap) plus the filled end dots, written to a content stream (css-backgrounds-3 §4.2 leaves the pattern
 * to the user agent; this follows Blink's box_border_painter.cc, graphics_context.cc DrawLine/EnforceDotsAtEndpoints
 * and styled_stroke_data.cc).
 *
 * Chromium works on the pixel-snapped border box (edges rounded to whole px) with whole-px widths. Each side is a
 * line along the middle of its side rectangle, which spans the full border-box length (corners included): x1 → x2 at
 * y1 + ⌊w/2⌋ (+0.5 for odd widths). Thin dotted lines (w ≤ 3) are dashes of w with gaps of w from the start, after
 * EnforceDotsAtEndpoints has filled a (sometimes grown) dot at the start and maybe the end so both ends look dotted;
 * thicker dotted lines are round dots spaced by SelectBestDashGap between w/2 inside both ends; dashed lines use
 * strokeDash's pattern from the start. A corner is clipped on the diagonal (outer corner → inner corner) only where
 * Chromium mitres it (ComputeMiter): the adjacent side is there, will not be painted over this one later by a solid
 * style, and differs in colour or style. Sides are painted in Chromium's order: by alpha, then dotted/dashed/double
 * before inset/outset/groove/ridge before solid, then top, bottom, right, left.
 */
import type { Color } from '../css/computed.ts';
import type { BorderStyleUsed, Rect } from './display-list.ts';
import { ContentStream, KAPPA, num, polygonPath, rectPath } from './pdf-content.ts';

type Sides = [number, number, number, number];
type Style = BorderStyleUsed | 'none';
const TOP = 0, RIGHT = 1, BOTTOM = 2, LEFT = 3;

/** Chromium's dash and gap for a dashed line of thickness `w` (dash 3w gap 2w below 3px, dash 2w gap w from 3px). */
function dashFor(w: number): [number, number] {
  return w >= 3 ? [2 * w, w] : [3 * w, 2 * w];
}

/**
 * Chromium's SelectBestDashGap: of the two dash counts around the preferred spacing, the gap
 * closest to `gap` that puts whole dashes at both ends of an open path of `len` (or repeats
 * evenly around a closed one).
 */
function bestGap(len: number, dash: number, gap: number, closed: boolean): number {
  const nMin = Math.floor((closed ? len : len + gap) / (dash + gap)), nMax = nMin + 1;
  const gMin = (len - nMin * dash) / (closed ? nMin : nMin - 1), gMax = (len - nMax * dash) / (closed ? nMax : nMax - 1);
  return gMax <= 0 || Math.abs(gMin - gap) < Math.abs(gMax - gap) ? gMin : gMax;
}

/**
 * The stroke for a dashed or dotted line of thickness `w` along an open path of `len` px,
 * after Chromium's DashEffectFromStrokeStyle: the dash array and cap style (`J` operand), or
 * null for a solid stroke. Dashed: 'dashFor' lengths, solid when two dashes do not fit, two
 * scaled dashes when barely, else the best-fitting gap. Dotted up to 3px: square dots of w with
 * gaps of w. Thicker dotted: round dots (zero-length dashes, round caps) at the best spacing.
 */
export function strokeDash(len: number, w: number, style: 'dashed' | 'dotted', closed = false): { dash: [number, number]; cap: 0 | 1 } | null {
  if (style === 'dotted' && w > 3) {
    if (len < 2 * w) return { dash: [0, 2 * w], cap: 1 };
    return { dash: [0, bestGap(len, w, w, closed) + w - 0.01], cap: 1 };
  }
  const [d, g] = style === 'dashed' ? dashFor(w) : [w, w];
  if (len <= 2 * d) return null;
  const two = 2 * d + g + (closed ? g : 0);
  if (len <= two) {
    const k = len / two;
    return { dash: [d * k, g * k], cap: 0 };
  }
  return { dash: [d, style === 'dashed' ? bestGap(len, d, g, closed) : g], cap: 0 };
}

/** The pixel-snapped border box [x0, y0, x1, y1] (edges rounded to whole px) and the widths clamped to it. */
export interface SnappedBorder { x0: number; y0: number; x1: number; y1: number; w: Sides }

/** Chromium's PixelSnappedRoundedBorder without radii: edges rounded, widths no larger than the snapped box. */
export function snapBorderBox(r: Rect, widths: Sides): SnappedBorder {
  const x0 = Math.round(r.x), y0 = Math.round(r.y), x1 = Math.round(r.x + r.w), y1 = Math.round(r.y + r.h);
  const h = y1 - y0, wd = x1 - x0;
  const clamp = (v: number, max: number): number => Math.max(0, Math.min(Math.round(v), max));
  return { x0, y0, x1, y1, w: [clamp(widths[0], h), clamp(widths[1], wd), clamp(widths[2], h), clamp(widths[3], wd)] };
}

/** box_border_painter.cc kStylePriority: dotted, dashed and double first, then inset/outset/groove/ridge, solid last. */
const STYLE_PRIORITY: Record<Style, number> = { none: 0, inset: 2, groove: 2, outset: 2, ridge: 2, dotted: 1, dashed: 1, solid: 3, double: 1 };
/** kSidePriority: top, bottom, right, left (non-adjacent sides first). */
const SIDE_PRIORITY = [0, 2, 1, 3];

/** The visible sides in Chromium's paint order (ComplexBorderInfo: alpha, then style, then side). */
export function borderPaintOrder(styles: readonly Style[], colors: readonly Color[], visible: readonly boolean[]): number[] {
  return [0, 1, 2, 3].filter((s) => visible[s]).sort((a, b) =>
    colors[a]!.a - colors[b]!.a || STYLE_PRIORITY[styles[a]!] - STYLE_PRIORITY[styles[b]!] || SIDE_PRIORITY[a]! - SIDE_PRIORITY[b]!);
}

const fillsBorderArea = (s: Style): boolean => !(s === 'dotted' || s === 'dashed' || s === 'double');
const sameColor = (a: Color, b: Color): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/** What ComputeMiter needs to know about the border. */
export interface BorderSidesInfo { styles: readonly Style[]; colors: readonly Color[]; widths: readonly number[]; visible: readonly boolean[] }

/** Inset/outset/groove/ridge paint top-left and bottom-right in other shades: their top-right and bottom-left corners differ. */
function unmatchedColorsAtCorner(style: Style, s: number, adj: number): boolean {
  if (style !== 'inset' && style !== 'outset' && style !== 'groove' && style !== 'ridge') return false;
  const pair = (1 << s) | (1 << adj);
  return pair === ((1 << TOP) | (1 << RIGHT)) || pair === ((1 << BOTTOM) | (1 << LEFT));
}

/**
 * Whether Chromium mitres the corner of side `s` shared with side `adj` (BoxBorderPainter::ComputeMiter): not when the
 * adjacent side has no used width, nor when it fills its area and is still to be painted (it will cover the corner);
 * yes when the two differ in colour there (a visible adjacent side of another colour, or inset/outset/groove/ridge
 * shading top-right and bottom-left corners differently) or in style (BorderStylesRequireMiter: double, groove or ridge
 * beside, dashed/dotted beside another style, any two styles); otherwise not: the side runs through the corner.
 * `completed`: the sides painted before this one (invisible sides count as painted).
 */
export function sideMitred(b: BorderSidesInfo, s: number, adj: number, completed: ReadonlySet<number>): boolean {
  if (!(b.widths[adj]! > 0) || b.styles[adj] === 'none') return false;
  if (!completed.has(adj) && fillsBorderArea(b.styles[adj]!)) return false;
  const style = b.styles[s]!, adjStyle = b.styles[adj]!;
  if (!b.visible[adj] || !sameColor(b.colors[s]!, b.colors[adj]!) || unmatchedColorsAtCorner(style, s, adj)) return true;
  return style === 'double' || adjStyle === 'double' || adjStyle === 'groove' || adjStyle === 'ridge' || style !== adjStyle;
}

/**
 * The clip of side `s` (ClipBorderSidePolygon without radii): its side rectangle, cut on the diagonal from the outer
 * to the inner corner at each mitred end (`lo`: the left or top end, `hi`: the right or bottom end).
 */
export function brokenSideClip(b: SnappedBorder, s: number, lo: boolean, hi: boolean): number[] {
  const { x0, y0, x1, y1, w } = b;
  const ix0 = x0 + w[LEFT], iy0 = y0 + w[TOP], ix1 = x1 - w[RIGHT], iy1 = y1 - w[BOTTOM];
  switch (s) {
    case TOP: return [x0, y0, x1, y0, hi ? ix1 : x1, iy0, lo ? ix0 : x0, iy0];
    case BOTTOM: return [x0, y1, x1, y1, hi ? ix1 : x1, iy1, lo ? ix0 : x0, iy1];
    case LEFT: return [x0, y0, ix0, lo ? iy0 : y0, ix0, hi ? iy1 : y1, x0, y1];
    default: return [x1, y0, ix1, lo ? iy0 : y0, ix1, hi ? iy1 : y1, x1, y1];
  }
}

/** One dashed or dotted side as Chromium strokes it: filled end dots, then a line (null: nothing left to stroke). */
export interface BrokenStroke {
  dots: Rect[];
  line: { x1: number; y1: number; x2: number; y2: number } | null;
  width: number;
  /** Dash array (null: solid) and line cap (0 butt, 1 round). */
  dash: [number, number] | null;
  cap: 0 | 1;
}

/**
 * The stroke of side `s` of a snapped border (DrawDashedOrDottedBoxSide → GraphicsContext::DrawLine), or null when
 * the side has no length or width.
 */
export function brokenSideStroke(b: SnappedBorder, s: number, style: 'dashed' | 'dotted'): BrokenStroke | null {
  const w = b.w[s]!;
  const horizontal = s === TOP || s === BOTTOM;
  // The side rectangle (CalculateSideRect) and the points at its middle (integer division, as Blink's ints).
  const sx = s === RIGHT ? b.x1 - w : b.x0, sy = s === BOTTOM ? b.y1 - w : b.y0;
  const length = horizontal ? b.x1 - b.x0 : b.y1 - b.y0;
  if (!(w > 0) || !(length > 0)) return null;
  const mid = (horizontal ? sy : sx) + Math.floor(w / 2);
  let a = horizontal ? b.x0 : b.y0, z = a + length;
  const sd = strokeDash(length, w, style);
  const dots: Rect[] = [];
  const dot = (from: number, to: number): Rect => {
    const across = mid - Math.floor(w / 2);
    return horizontal ? { x: from, y: across, w: to - from, h: w } : { x: across, y: from, w, h: to - from };
  };
  if (style === 'dotted' && w <= 3) {
    // EnforceDotsAtEndpoints: whole dots at both ends whatever the length.
    const m4 = length % 4, m6 = length % 6;
    let startDot = false, growth = 0, offset = 0, endDot = false, endGrowth = 0;
    if ((w === 1 && length % 2 === 0) || (w === 3 && m6 === 0)) { startDot = true; growth = 1; offset = 1; }
    if ((w === 2 && (m4 === 0 || m4 === 1)) || (w === 3 && (m6 === 1 || m6 === 2))) { startDot = true; offset = -1; }
    if ((w === 2 && m4 === 0) || (w === 3 && m6 === 1)) endDot = true;
    if ((w === 2 && m4 === 3) || (w === 3 && (m6 === 4 || m6 === 5))) { startDot = true; offset = 1; }
    if (w === 3 && m6 === 5) endDot = true;
    else if (w === 3 && m6 === 0) { endDot = true; endGrowth = 1; }
    if (startDot) { dots.push(dot(a, a + w + growth)); a += 2 * w + offset; }
    if (endDot) { dots.push(dot(z - w - endGrowth, z)); z -= w + endGrowth + 1; }
  } else if (style === 'dotted') {
    // Round dots: the caps reach w/2 past the line's ends.
    a += w / 2; z -= w / 2;
  }
  const c = mid + (w % 2 === 1 ? 0.5 : 0);
  return {
    dots,
    line: horizontal ? { x1: a, y1: c, x2: z, y2: c } : { x1: c, y1: a, x2: c, y2: z },
    width: w,
    dash: sd ? sd.dash : null,
    cap: sd ? sd.cap : 0,
  };
}

/** The centres of round dots every `step` px from the line's start up to its end (a zero-length dash per interval). */
export function dotCentres(l: { x1: number; y1: number; x2: number; y2: number }, step: number): Array<[number, number]> {
  const len = Math.hypot(l.x2 - l.x1, l.y2 - l.y1);
  if (!(step > 0) || !(len >= 0)) return [[l.x1, l.y1]];
  const ux = len > 0 ? (l.x2 - l.x1) / len : 0, uy = len > 0 ? (l.y2 - l.y1) / len : 0;
  const out: Array<[number, number]> = [];
  for (let d = 0; d <= len + 1e-6 && out.length < 10000; d += step) out.push([l.x1 + ux * d, l.y1 + uy * d]);
  return out;
}

/** A full circle as four cubic Béziers (filled). */
function circlePath(cx: number, cy: number, r: number): string {
  const k = r * KAPPA;
  const p = (...v: number[]): string => v.map(num).join(' ');
  return `${p(cx + r, cy)} m ${p(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c ${p(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c `
    + `${p(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c ${p(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c h`;
}

/** A dash-array number: 4 decimals, so the pattern does not drift over a long side (num() keeps 2). */
function fine(n: number): string {
  const r = Math.round(n * 10000) / 10000;
  return r === 0 ? '0' : String(r);
}

/** Writes side `s` (dashed or dotted) of a border without radii, clipped where Chromium mitres it. */
export function drawBrokenBoxSide(cs: ContentStream, b: SnappedBorder, info: BorderSidesInfo, s: number, completed: ReadonlySet<number>): void {
  const style = info.styles[s] as 'dashed' | 'dotted';
  const st = brokenSideStroke(b, s, style);
  if (!st) return;
  const [adjLo, adjHi] = s === TOP || s === BOTTOM ? [LEFT, RIGHT] : [TOP, BOTTOM];
  const lo = sideMitred(info, s, adjLo, completed), hi = sideMitred(info, s, adjHi, completed);
  const color = info.colors[s]!;
  cs.save();
  if (lo || hi) cs.op(`${polygonPath(brokenSideClip(b, s, lo, hi))} W n`);
  if (st.dots.length) {
    cs.fill(color);
    cs.op(`${st.dots.map(rectPath).join(' ')} f`);
  }
  if (st.line && st.cap === 1 && st.dash) {
    // Round dots as filled circles, as Skia hands them to the PDF (a zero-length dash with a round cap is
    // drawn differently, or not at all, by some viewers).
    cs.fill(color);
    cs.op(`${dotCentres(st.line, st.dash[1]).map(([x, y]) => circlePath(x, y, st.width / 2)).join(' ')} f`);
  } else if (st.line) {
    const l = st.line;
    cs.stroke(color);
    const dash = st.dash ? `[${fine(st.dash[0])} ${fine(st.dash[1])}] 0 d` : '[] 0 d';
    cs.op(`${num(st.width)} w ${st.cap} J ${dash} ${num(l.x1)} ${num(l.y1)} m ${num(l.x2)} ${num(l.y2)} l S`);
  }
  cs.restore();
}
