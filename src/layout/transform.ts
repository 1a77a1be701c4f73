/**
 * The transformation matrix of a box (css-transforms-2 §6 "The Transform Rendering Model").
 * In: a computed style (transform, transform-origin, translate, rotate, scale) and the box's
 * border box in page px. Out: an affine matrix [a, b, c, d, e, f] in page px, y down
 * (x' = a·x + c·y + e, y' = b·x + d·y + f), as the display list's push-transform takes it;
 * layout uses it for the scrollable overflow of transformed boxes (print shrink-to-fit).
 */
import { hasTransform, type ComputedStyle, type LengthPct, type TransformFn } from '../css/computed.ts';

/** A rectangle in page px (the display list's Rect). */
export interface Rect { x: number; y: number; w: number; h: number }

export type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m ∘ n: apply n first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const resolve = (l: LengthPct, size: number): number => l.px + (l.pct * size) / 100;
const rad = (deg: number): number => (deg * Math.PI) / 180;

function rotation(deg: number): Matrix {
  // Exact values for quarter turns (cos 90° is 6e-17 in floating point).
  const q = ((deg % 360) + 360) % 360;
  if (q === 0) return IDENTITY;
  if (q === 90) return [0, 1, -1, 0, 0, 0];
  if (q === 180) return [-1, 0, 0, -1, 0, 0];
  if (q === 270) return [0, -1, 1, 0, 0, 0];
  const c = Math.cos(rad(deg)), s = Math.sin(rad(deg));
  return [c, s, -s, c, 0, 0];
}

/** One function as a matrix; translations' percentages are of the border box (css-transforms-1 §6). */
function fnMatrix(f: TransformFn, box: Rect): Matrix {
  switch (f.f) {
    case 'translate': return [1, 0, 0, 1, resolve(f.x, box.w), resolve(f.y, box.h)];
    case 'scale': return [f.x, 0, 0, f.y, 0, 0];
    case 'rotate': return rotation(f.deg);
    case 'skew': return [1, Math.tan(rad(f.y)), Math.tan(rad(f.x)), 1, 0, 0];
    case 'matrix': return f.m;
  }
}

/**
 * The box's current transformation matrix (css-transforms-2 §6): translate(origin) · translate ·
 * rotate · scale · transform (its functions left to right) · translate(−origin), the origin being
 * transform-origin resolved against the border box `box`. Null when the box has no transform.
 * Non-finite entries (tan 90°) make the matrix degenerate: all zeros, nothing is drawn.
 */
export function transformMatrix(s: ComputedStyle, box: Rect): Matrix | null {
  if (!hasTransform(s)) return null;
  const ox = box.x + resolve(s.transformOrigin.x, box.w), oy = box.y + resolve(s.transformOrigin.y, box.h);
  let m: Matrix = [1, 0, 0, 1, ox, oy];
  if (s.translate) m = multiply(m, [1, 0, 0, 1, resolve(s.translate.x, box.w), resolve(s.translate.y, box.h)]);
  if (s.rotate !== null) m = multiply(m, rotation(s.rotate));
  if (s.scale) m = multiply(m, [s.scale.x, 0, 0, s.scale.y, 0, 0]);
  for (const f of s.transform) m = multiply(m, fnMatrix(f, box));
  m = multiply(m, [1, 0, 0, 1, -ox, -oy]);
  return m.every(Number.isFinite) ? m : [0, 0, 0, 0, 0, 0];
}

/** True when the matrix maps the plane onto a line or a point (a zero scale): the box is not drawn. */
export function isDegenerate(m: Matrix): boolean {
  return Math.abs(m[0] * m[3] - m[1] * m[2]) < 1e-12;
}

/** The bounding box of `r` mapped through `m` (links and anchors stay axis-aligned in page space). */
export function mapRect(m: Matrix, r: Rect): Rect {
  const x0 = r.x, y0 = r.y, x1 = r.x + r.w, y1 = r.y + r.h;
  const ax = m[0] * x0 + m[2] * y0 + m[4], bx = m[0] * x1 + m[2] * y0 + m[4], cx = m[0] * x0 + m[2] * y1 + m[4], dx = m[0] * x1 + m[2] * y1 + m[4];
  const ay = m[1] * x0 + m[3] * y0 + m[5], by = m[1] * x1 + m[3] * y0 + m[5], cy = m[1] * x0 + m[3] * y1 + m[5], dy = m[1] * x1 + m[3] * y1 + m[5];
  const x = Math.min(ax, bx, cx, dx), y = Math.min(ay, by, cy, dy);
  return { x, y, w: Math.max(ax, bx, cx, dx) - x, h: Math.max(ay, by, cy, dy) - y };
}
