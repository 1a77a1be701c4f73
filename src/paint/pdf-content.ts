/**
 * PDF content-stream building blocks. In: drawing operations in CSS px (y down, the page's
 * top-left origin). Out: content-stream text (ISO 32000-1 §8, §9) with graphics-state tracking.
 *
 * Every page stream starts with one transform `0.75 0 0 -0.75 0 H cm` (px → pt, y flipped), so
 * all geometry here is written in px exactly as the display list gives it; text flips itself
 * back with a text matrix `1 0 0 -1 x y Tm` (see pdf-text.ts).
 */
import type { Color } from '../css/computed.ts';
import type { Radii, Rect } from './display-list.ts';

/** pt per CSS px: the scale of every page stream's first transform. */
export const PX = 0.75;

/** Bezier control-point factor for a quarter ellipse: 4/3·(√2 − 1). */
export const KAPPA = 0.5522847498307936;

/**
 * A number for a content stream: rounded to 2 decimals (0.01 px = 0.0075 pt), no exponent,
 * no "-0"; NaN and ±Infinity become 0, magnitudes clamp at 1e7 (no viewer needs more).
 */
export function num(n: number): string {
  if (!(n > -1e7 && n < 1e7)) return n >= 1e7 ? '10000000' : n <= -1e7 ? '-10000000' : '0';
  // Integer arithmetic and a table for the decimals: the same text as String(round(n, 2)),
  // several times faster than formatting a double (this runs for every number on a page).
  const i = Math.round(n * 100);
  if (i === 0) return '0';
  const a = i < 0 ? -i : i;
  const whole = Math.floor(a / 100);
  const frac = a - whole * 100;
  const s = frac === 0 ? String(whole) : String(whole) + DECIMALS[frac]!;
  return i < 0 ? '-' + s : s;
}

/** '.01' … '.99' without trailing zeros ('.1', not '.10'), by hundredths. */
const DECIMALS: string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `.0${i}` : i % 10 === 0 ? `.${i / 10}` : `.${i}`));

/** A colour component 0–255 as a PDF 0–1 value with 3 decimals (8-bit exact after rounding). */
function comp(v: number): string {
  const c = !(v > 0) ? 0 : v >= 255 ? 1 : Math.round((v / 255) * 1000) / 1000;
  return String(c);
}

/** `r g b` of a colour (0–1 each), the operands of `rg` / `RG`. */
export function rgb(c: Color): string {
  return `${comp(c.r)} ${comp(c.g)} ${comp(c.b)}`;
}

/** Resource names that the page (or form) being written hands out. */
export interface ResourceNamer {
  /** The ExtGState name (without '/') setting both fill and stroke alpha (ca, CA) to `alpha` (0–1). */
  alphaState(alpha: number): string;
}

interface GState { fill: number; stroke: number; alpha: number; tr: number; lw: number }

/** A colour's identity as one number (NaN-free components assumed clamped by rgb()). */
function colorId(c: Color): number {
  return ((c.r * 1024 + c.g) * 1024 + c.b) || 0;
}

/**
 * One content stream under construction: an append-only list of operator lines plus the
 * colour/alpha state it has set, so repeated colours are not re-emitted. `save()`/`restore()`
 * write `q`/`Q` and keep the tracked state in step with the PDF graphics-state stack.
 */
export class ContentStream {
  readonly parts: string[] = [];
  private st: GState = { fill: -1, stroke: -1, alpha: 1, tr: 0, lw: 1 };
  private stack: GState[] = [];
  /** True while inside BT … ET (pdf-text.ts keeps text objects open across consecutive runs). */
  inText = false;
  /** The `Tf` operator last set inside the open text object ('' when none). */
  textFont = '';

  /**
   * `nested`: the stream is a form XObject painted from another stream, so it inherits that
   * stream's graphics state at the point of painting: text mode and line width start unknown
   * (alpha starts at 1: transparency groups reset it, §11.6.6).
   */
  constructor(readonly names: ResourceNamer, nested = false) {
    if (nested) { this.st.tr = -1; this.st.lw = -1; }
  }

  /** Appends raw operator text (one or more complete lines without the final newline). */
  op(s: string): void {
    this.parts.push(s);
  }

  /** Closes an open text object (BT … ET); every non-text operation calls this first. */
  endText(): void {
    if (this.inText) {
      this.parts.push('ET');
      this.inText = false;
      this.textFont = '';
    }
  }

  save(): void {
    this.endText();
    this.parts.push('q');
    this.stack.push({ ...this.st });
  }

  restore(): void {
    this.endText();
    const prev = this.stack.pop();
    if (!prev) return;
    this.parts.push('Q');
    this.st = prev;
  }

  get depth(): number {
    return this.stack.length;
  }

  /** Sets the fill colour and the alpha (ExtGState ca/CA) of `c`; emits only what changed. */
  fill(c: Color): void {
    const k = colorId(c);
    if (k !== this.st.fill) {
      this.parts.push(`${rgb(c)} rg`);
      this.st.fill = k;
    }
    this.alpha(c.a);
  }

  /** Sets the stroke colour and alpha of `c`. */
  stroke(c: Color): void {
    const k = colorId(c);
    if (k !== this.st.stroke) {
      this.parts.push(`${rgb(c)} RG`);
      this.st.stroke = k;
    }
    this.alpha(c.a);
  }

  /** Sets fill and stroke alpha (0–1) through an ExtGState. */
  alpha(a: number): void {
    if (a >= 1 && this.st.alpha === 1) return;
    const v = a >= 1 || !(a >= 0) ? 1 : Math.round(a * 1000) / 1000;
    if (v !== this.st.alpha) {
      this.parts.push(`/${this.names.alphaState(v)} gs`);
      this.st.alpha = v;
    }
  }

  /**
   * Text rendering mode (§9.3.6): 0 fill, 2 fill then stroke with `lineWidth` px (used for
   * synthetic bold). Emits only what changed.
   */
  textRender(mode: 0 | 2 | 7, lineWidth = 0): void {
    if (mode === 0 && this.st.tr === 0) return;
    if (mode === 2 && lineWidth !== this.st.lw) {
      this.parts.push(`${num(lineWidth)} w`);
      this.st.lw = lineWidth;
    }
    if (mode !== this.st.tr) {
      this.parts.push(`${mode} Tr`);
      this.st.tr = mode;
    }
  }

  /** The stream's bytes (latin-1: everything written here is ASCII). */
  bytes(): Buffer {
    this.endText();
    while (this.stack.length) this.restore();
    return Buffer.from(this.parts.join('\n'), 'latin1');
  }
}

/**
 * PDF text emitted verbatim by pdfkit's object serialiser (it prints objects whose
 * Object.prototype.toString tag is not "Object" with their own toString()). Used for long
 * number arrays (/W) that would otherwise be converted number by number.
 */
export class RawPdf {
  constructor(private readonly text: string) {}
  get [Symbol.toStringTag](): string { return 'RawPdf'; }
  toString(): string { return this.text; }
}

/** True when a colour paints nothing (alpha 0). */
export function invisible(c: Color): boolean {
  return !(c.a > 0);
}

/** `x y w h re`: a rectangle path. */
export function rectPath(r: Rect): string {
  return `${num(r.x)} ${num(r.y)} ${num(r.w)} ${num(r.h)} re`;
}

/**
 * Scales radii so that adjacent radii never overlap (css-backgrounds-3 §5.5 "Overlapping
 * Curves": f = min(Li / Si), applied to all radii when f < 1); negative radii become 0.
 * Returns null when every radius is 0 (a plain rectangle).
 */
export function usedRadii(r: Rect, radii: Radii | undefined): Radii | null {
  if (!radii) return null;
  const c = radii.map(([h, v]) => [h > 0 ? h : 0, v > 0 ? v : 0]) as Radii;
  if (c.every(([h, v]) => h === 0 || v === 0)) return null;
  const w = Math.max(0, r.w), h = Math.max(0, r.h);
  let f = 1;
  const top = c[0][0] + c[1][0], bottom = c[3][0] + c[2][0];
  const left = c[0][1] + c[3][1], right = c[1][1] + c[2][1];
  if (top > 0) f = Math.min(f, w / top);
  if (bottom > 0) f = Math.min(f, w / bottom);
  if (left > 0) f = Math.min(f, h / left);
  if (right > 0) f = Math.min(f, h / right);
  if (f < 1) for (const k of c) { k[0] *= f; k[1] *= f; }
  return c;
}

/**
 * A closed rounded-rectangle path (clockwise on screen from the top-left corner), corners as
 * quarter ellipses approximated by one cubic Bezier each. `radii` must already be used values
 * (see usedRadii). A corner with a zero radius is a sharp corner.
 */
export function roundedRectPath(r: Rect, radii: Radii): string {
  const { x, y, w, h } = r;
  const [[tlh, tlv], [trh, trv], [brh, brv], [blh, blv]] = radii;
  const k = KAPPA;
  const o: string[] = [];
  const p = (...v: number[]): string => v.map(num).join(' ');
  o.push(`${p(x + tlh, y)} m`);
  o.push(`${p(x + w - trh, y)} l`);
  if (trh > 0 && trv > 0) o.push(`${p(x + w - trh + trh * k, y, x + w, y + trv - trv * k, x + w, y + trv)} c`);
  o.push(`${p(x + w, y + h - brv)} l`);
  if (brh > 0 && brv > 0) o.push(`${p(x + w, y + h - brv + brv * k, x + w - brh + brh * k, y + h, x + w - brh, y + h)} c`);
  o.push(`${p(x + blh, y + h)} l`);
  if (blh > 0 && blv > 0) o.push(`${p(x + blh - blh * k, y + h, x, y + h - blv + blv * k, x, y + h - blv)} c`);
  o.push(`${p(x, y + tlv)} l`);
  if (tlh > 0 && tlv > 0) o.push(`${p(x, y + tlv - tlv * k, x + tlh - tlh * k, y, x + tlh, y)} c`);
  o.push('h');
  return o.join(' ');
}

/** Rectangle or rounded-rectangle path, whichever `radii` calls for. */
export function boxPath(r: Rect, radii: Radii | null): string {
  return radii ? roundedRectPath(r, radii) : rectPath(r);
}

/**
 * Insets a rect by per-side amounts [top, right, bottom, left] and shrinks radii accordingly
 * (css-backgrounds-3 §5.2: inner radius = outer radius − border width, floored at 0).
 */
export function insetBox(r: Rect, radii: Radii | null, d: [number, number, number, number]): { rect: Rect; radii: Radii | null } {
  const rect = { x: r.x + d[3], y: r.y + d[0], w: Math.max(0, r.w - d[1] - d[3]), h: Math.max(0, r.h - d[0] - d[2]) };
  if (!radii) return { rect, radii: null };
  const s = (v: number): number => (v > 0 ? v : 0);
  const ir: Radii = [
    [s(radii[0][0] - d[3]), s(radii[0][1] - d[0])],
    [s(radii[1][0] - d[1]), s(radii[1][1] - d[0])],
    [s(radii[2][0] - d[1]), s(radii[2][1] - d[2])],
    [s(radii[3][0] - d[3]), s(radii[3][1] - d[2])],
  ];
  return { rect, radii: ir.every(([h, v]) => h === 0 || v === 0) ? null : ir };
}

/** A polygon path (closed) through the given points [x0, y0, x1, y1, …]. */
export function polygonPath(pts: number[]): string {
  const o: string[] = [`${num(pts[0]!)} ${num(pts[1]!)} m`];
  for (let i = 2; i + 1 < pts.length; i += 2) o.push(`${num(pts[i]!)} ${num(pts[i + 1]!)} l`);
  o.push('h');
  return o.join(' ');
}
