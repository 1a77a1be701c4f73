// In: a computed filter list (Filter Effects 1 §13 filter functions), colours, 8-bit RGB(A) pixels.
// Out: the colour matrices the functions stand for, and colours / pixels passed through them (sRGB, as Chromium applies them).
import type { Color, FilterFn } from '../css/computed.ts';
import type { ColorMatrix } from './display-list.ts';

const ID = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];

/** The 3 × 3 colour part of a matrix with identity alpha and no offsets. */
function rgb3(m: number[]): number[] {
  return [m[0]!, m[1]!, m[2]!, 0, 0, m[3]!, m[4]!, m[5]!, 0, 0, m[6]!, m[7]!, m[8]!, 0, 0, 0, 0, 0, 1, 0];
}

/** Per-channel linear transfer C' = slope·C + intercept on R, G and B (feComponentTransfer type="linear"). */
function linear(slope: number, intercept: number): number[] {
  return [slope, 0, 0, 0, intercept, 0, slope, 0, 0, intercept, 0, 0, slope, 0, intercept, 0, 0, 0, 1, 0];
}

/**
 * The colour matrix of one colour filter function (Filter Effects 1 §13.2 "Filter Functions", each given
 * there as its equivalent SVG filter); null for blur() and drop-shadow(), which are not colour matrices.
 */
export function filterMatrix(f: FilterFn): number[] | null {
  switch (f.f) {
    case 'grayscale': {
      const a = 1 - f.v;
      return rgb3([0.2126 + 0.7874 * a, 0.7152 - 0.7152 * a, 0.0722 - 0.0722 * a, 0.2126 - 0.2126 * a, 0.7152 + 0.2848 * a,
        0.0722 - 0.0722 * a, 0.2126 - 0.2126 * a, 0.7152 - 0.7152 * a, 0.0722 + 0.9278 * a]);
    }
    case 'sepia': {
      const a = 1 - f.v;
      return rgb3([0.393 + 0.607 * a, 0.769 - 0.769 * a, 0.189 - 0.189 * a, 0.349 - 0.349 * a, 0.686 + 0.314 * a,
        0.168 - 0.168 * a, 0.272 - 0.272 * a, 0.534 - 0.534 * a, 0.131 + 0.869 * a]);
    }
    case 'saturate': {
      const s = f.v;
      return rgb3([0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 + 0.285 * s,
        0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]);
    }
    case 'hue-rotate': {
      const r = (f.v * Math.PI) / 180, c = Math.cos(r), s = Math.sin(r);
      return rgb3([0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
        0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
        0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]);
    }
    case 'invert': return linear(1 - 2 * f.v, f.v);
    case 'brightness': return linear(f.v, 0);
    case 'contrast': return linear(f.v, 0.5 - 0.5 * f.v);
    case 'opacity': { const m = [...ID]; m[18] = f.v; return m; }
    default: return null;
  }
}

/** The colour matrices of a filter list, in order, leaving out opacity() (drawn as group opacity) and the non-matrix functions. */
export function colorMatrices(filter: readonly FilterFn[]): ColorMatrix {
  const out: number[][] = [];
  for (const f of filter) {
    if (f.f === 'opacity') continue;
    const m = filterMatrix(f);
    if (m) out.push(m);
  }
  return out;
}

/** The product of the opacity() amounts of a filter list (1 without one). */
export function filterOpacity(filter: readonly FilterFn[]): number {
  let a = 1;
  for (const f of filter) if (f.f === 'opacity') a *= f.v;
  return a;
}

const clamp01 = (v: number): number => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/** Applies the matrices in turn to components r, g, b, a in 0–1 (each result clamped, as feColorMatrix does); writes into `c`. */
function applyTo(ms: ColorMatrix, c: number[]): void {
  for (const m of ms) {
    const [r, g, b, a] = c as [number, number, number, number];
    c[0] = clamp01(m[0]! * r + m[1]! * g + m[2]! * b + m[3]! * a + m[4]!);
    c[1] = clamp01(m[5]! * r + m[6]! * g + m[7]! * b + m[8]! * a + m[9]!);
    c[2] = clamp01(m[10]! * r + m[11]! * g + m[12]! * b + m[13]! * a + m[14]!);
    c[3] = clamp01(m[15]! * r + m[16]! * g + m[17]! * b + m[18]! * a + m[19]!);
  }
}

/** A colour (r, g, b 0–255, a 0–1) through the matrices. */
export function filterColor(ms: ColorMatrix, col: Color): Color {
  const c = [col.r / 255, col.g / 255, col.b / 255, col.a];
  applyTo(ms, c);
  return { r: Math.round(c[0]! * 255), g: Math.round(c[1]! * 255), b: Math.round(c[2]! * 255), a: c[3]! };
}

/**
 * Filters 8-bit pixels in place: `color` holds `channels` (1 grey, 3 RGB) samples per pixel and becomes RGB
 * (a new array when it was grey); `alpha` (one sample per pixel, or null for opaque) is filtered too. Each
 * distinct input colour is computed once (a lookup keyed by the packed pixel), so photographs cost one pass.
 */
export function filterPixels(ms: ColorMatrix, color: Uint8Array, alpha: Uint8Array | null, channels: 1 | 3): { color: Uint8Array; alpha: Uint8Array | null } {
  const n = alpha ? alpha.length : color.length / channels;
  const out = channels === 3 ? color : new Uint8Array(n * 3);
  const alphaOut = alpha ?? (ms.some((m) => m[18] !== 1 || m[19] !== 0) ? new Uint8Array(n).fill(255) : null);
  const memo = new Map<number, number>();
  const c = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const r = color[i * channels]!, g = channels === 3 ? color[i * 3 + 1]! : r, b = channels === 3 ? color[i * 3 + 2]! : r;
    const a = alpha ? alpha[i]! : 255;
    const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
    let v = memo.get(key);
    if (v === undefined) {
      c[0] = r / 255; c[1] = g / 255; c[2] = b / 255; c[3] = a / 255;
      applyTo(ms, c);
      v = ((Math.round(c[0]! * 255) << 24) | (Math.round(c[1]! * 255) << 16) | (Math.round(c[2]! * 255) << 8) | Math.round(c[3]! * 255)) >>> 0;
      if (memo.size < 65536) memo.set(key, v);
    }
    out[i * 3] = v >>> 24; out[i * 3 + 1] = (v >>> 16) & 255; out[i * 3 + 2] = (v >>> 8) & 255;
    if (alphaOut) alphaOut[i] = v & 255;
  }
  return { color: out, alpha: alphaOut };
}

/** A stable text key of matrices (for caching filtered images). */
export function matrixKey(ms: ColorMatrix): string {
  return ms.map((m) => m.map((v) => Math.round(v * 1e5) / 1e5).join(',')).join(';');
}
