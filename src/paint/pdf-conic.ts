/**
 * Conic gradients as PDF Coons patch meshes (ISO 32000-1 §8.7.4.5.7, shading type 6). In: a
 * 'conic' Shading (centre, radius, start angle, ramp over one turn). Out: a shading stream of thin
 * wedges, each a patch with one side collapsed at the centre, so colour varies with the angle only.
 */
import type { Color } from '../css/computed.ts';
import type { RampSegment, Shading } from './display-list.ts';
import type { PdfDocLike, PdfRef } from './pdf-doc.ts';

type Conic = Extract<Shading, { type: 'conic' }>;

/** Widest wedge, degrees: a cubic follows a 10° arc within 2e-6 of its radius, and colours are linear inside it. */
const MAX_WEDGE = 10;
/** Narrower wedges where a transition hint curves the colour. */
const CURVED_WEDGE = 2.5;
/** Bound on wedges per gradient (a repeating conic gradient with a tiny period). */
const MAX_WEDGES = 4096;

const U32 = 0xffffffff;

/** The colour of a ramp segment at s ∈ [0, 1] along it (hint exponent applied). */
function colorIn(seg: RampSegment, s: number): Color {
  const e = seg.e0 + (seg.e1 - seg.e0) * s;
  const w = Math.pow(Math.min(1, Math.max(0, e)), seg.n);
  const { c0, c1 } = seg;
  return { r: c0.r + (c1.r - c0.r) * w, g: c0.g + (c1.g - c0.g) * w, b: c0.b + (c1.b - c0.b) * w, a: c0.a + (c1.a - c0.a) * w };
}

/**
 * Writes the conic gradient `sh` as a type 6 shading in DeviceRGB, or (`alpha`) its alpha in
 * DeviceGray. Coordinates are the tile's px; the wedges cover the disc of radius `sh.r`.
 */
export function conicShading(doc: PdfDocLike, sh: Conic, alpha: boolean): PdfRef {
  const { cx, cy, r } = sh;
  const x0 = cx - r - 1, y0 = cy - r - 1, span = 2 * r + 2;
  const comps = alpha ? 1 : 3;
  const patches: Buffer[] = [];
  const point = (b: Buffer, at: number, x: number, y: number): void => {
    b.writeUInt32BE(Math.round(Math.min(1, Math.max(0, (x - x0) / span)) * U32), at);
    b.writeUInt32BE(Math.round(Math.min(1, Math.max(0, (y - y0) / span)) * U32), at + 4);
  };
  const color = (b: Buffer, at: number, c: Color): void => {
    const v = alpha ? [c.a] : [c.r / 255, c.g / 255, c.b / 255];
    v.forEach((x, i) => b.writeUInt16BE(Math.round(Math.min(1, Math.max(0, x)) * 65535), at + 2 * i));
  };
  // A point at angle a (degrees clockwise from up) and distance d from the centre (y down).
  const at = (a: number, d: number): [number, number] => {
    const t = ((sh.from + a) * Math.PI) / 180;
    return [cx + d * Math.sin(t), cy - d * Math.cos(t)];
  };
  let count = 0;
  for (const seg of sh.ramp) {
    const a0 = seg.t0 * 360, a1 = seg.t1 * 360;
    if (!(a1 > a0)) continue;
    const step = seg.n === 1 ? MAX_WEDGE : CURVED_WEDGE;
    const n = Math.max(1, Math.ceil((a1 - a0) / step));
    for (let i = 0; i < n && count < MAX_WEDGES; i++, count++) {
      const wa = a0 + ((a1 - a0) * i) / n, wb = a0 + ((a1 - a0) * (i + 1)) / n;
      const ca = colorIn(seg, i / n), cb = colorIn(seg, (i + 1) / n);
      // The boundary, corner to corner: centre (ca) → centre (cb) → P(wb) (cb) → arc → P(wa) (ca) → centre.
      const k = (4 / 3) * Math.tan(((wb - wa) * Math.PI) / 720) * r; // cubic arc handle length
      const [bx, by] = at(wb, r), [ax, ay] = at(wa, r);
      const tb = ((sh.from + wb) * Math.PI) / 180, ta = ((sh.from + wa) * Math.PI) / 180;
      const pts: Array<[number, number]> = [
        [cx, cy], [cx, cy], [cx, cy], [cx, cy],
        [cx + (bx - cx) / 3, cy + (by - cy) / 3], [cx + ((bx - cx) * 2) / 3, cy + ((by - cy) * 2) / 3], [bx, by],
        [bx - k * Math.cos(tb), by - k * Math.sin(tb)], [ax + k * Math.cos(ta), ay + k * Math.sin(ta)], [ax, ay],
        [cx + ((ax - cx) * 2) / 3, cy + ((ay - cy) * 2) / 3], [cx + (ax - cx) / 3, cy + (ay - cy) / 3],
      ];
      const b = Buffer.alloc(1 + 12 * 8 + 4 * comps * 2);
      b.writeUInt8(0, 0);
      pts.forEach(([x, y], j) => point(b, 1 + j * 8, x, y));
      [ca, cb, cb, ca].forEach((c, j) => color(b, 1 + 96 + j * comps * 2, c));
      patches.push(b);
    }
  }
  const ref = doc.ref({
    ShadingType: 6, ColorSpace: alpha ? 'DeviceGray' : 'DeviceRGB',
    BitsPerCoordinate: 32, BitsPerComponent: 16, BitsPerFlag: 8,
    Decode: [x0, x0 + span, y0, y0 + span, ...(alpha ? [0, 1] : [0, 1, 0, 1, 0, 1])],
  });
  ref.end(Buffer.concat(patches));
  return ref;
}
