/**
 * Gradients as PDF shadings (ISO 32000-1 §8.7.4.5: axial type 2, radial type 3, conic as type 6 in pdf-conic.ts; §7.10 functions:
 * type 3 stitching over type 2 exponentials). In: 'gradient' display items. Out: one form XObject
 * per distinct gradient tile (the shading painted with `sh`, alpha through a luminosity soft mask,
 * §11.6.5.2), drawn once per tile, or once per row of a row form when the tiles are many.
 */
import type { DisplayItem, RampSegment, Shading } from './display-list.ts';
import { ContentStream, KAPPA, boxPath, num, usedRadii } from './pdf-content.ts';
import type { PdfDocLike, PdfRef } from './pdf-doc.ts';
import { conicShading } from './pdf-conic.ts';

type GradientItem = Extract<DisplayItem, { kind: 'gradient' }>;

/** Where a gradient is drawn: the stream, the resource registration of the page, the pattern placement. */
export interface ShadingTarget {
  cs: ContentStream;
  /** Registers an XObject resource of the page (opacity forms share the page's resources). */
  use(kind: 'XObject', name: string, ref: PdfRef): void;
}

/** Above this many tiles, rows of tiles are drawn as one form each. */
const MAX_PLACEMENTS = 256;
/** Bound on tiles per axis (a 1 px tile over a long document). */
const MAX_TILES = 4096;

const r6 = (v: number): number => (Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : 0);
const c01 = (v: number): number => r6(Math.min(255, Math.max(0, v)) / 255);
const a01 = (v: number): number => r6(Math.min(1, Math.max(0, v)));

interface TileForm { name: string; ref: PdfRef; transparent: boolean }

/**
 * Writes gradient items of one document: shadings, functions and tile forms are created once
 * per distinct gradient tile and reused on every page.
 */
export class ShadingWriter {
  private readonly forms = new Map<string, TileForm | null>();
  private rows = 0;

  constructor(private readonly doc: PdfDocLike) {}

  /**
   * Draws a 'gradient' item into `t.cs`: clipped to its area (and radii), the tile form placed
   * at each tile. Returns true when the drawing uses transparency (a soft mask or an alpha).
   */
  draw(t: ShadingTarget, it: GradientItem): boolean {
    const { area, tileW, tileH } = it;
    if (!(tileW > 0 && tileH > 0) || !(area.w > 0 && area.h > 0)) return false;
    const xs = tileStarts(it.xs, area.x, area.x + area.w, tileW);
    const ys = tileStarts(it.ys, area.y, area.y + area.h, tileH);
    if (xs.length === 0 || ys.length === 0) return false;
    const form = this.tileForm(it.shading, tileW, tileH);
    if (!form) return false;
    const cs = t.cs;
    cs.save();
    cs.alpha(1); // as for images: a translucent fill before must not fade the gradient (§11.6.4.4)
    cs.op(`${boxPath(area, usedRadii(area, it.radii))} W n`);
    const place = (x: number, y: number, name: string): string => `q 1 0 0 1 ${num(x)} ${num(y)} cm /${name} Do Q`;
    if (xs.length * ys.length <= MAX_PLACEMENTS || xs.length === 1) {
      t.use('XObject', form.name, form.ref);
      for (const y of ys) for (const x of xs) cs.op(place(x, y, form.name));
    } else {
      // Many tiles: one form holding a row of tiles, placed once per row (every viewer draws forms
      // exactly, and unlike a tiling pattern they follow the current transformation).
      const row = this.doc.ref({
        Type: 'XObject', Subtype: 'Form', BBox: [r6(xs[0]), 0, r6(xs[xs.length - 1] + tileW), r6(tileH)],
        Resources: { XObject: { [form.name]: form.ref } },
      });
      row.end(Buffer.from(xs.map((x) => place(x, 0, form.name)).join('\n'), 'latin1'));
      const name = `Gr${++this.rows}`;
      t.use('XObject', name, row);
      for (const y of ys) cs.op(place(0, y, name));
    }
    cs.restore();
    return form.transparent;
  }

  /** The form XObject painting one tile (BBox = the tile), cached by shading and size; null when it paints nothing. */
  private tileForm(sh: Shading, w: number, h: number): TileForm | null {
    const key = JSON.stringify([sh, w, h]);
    // JSON writes NaN and ±Infinity as null: such a shading is skipped before any PDF object is opened.
    if (key.includes('null')) return null;
    const hit = this.forms.get(key);
    if (hit !== undefined) return hit;
    const form = this.makeTileForm(sh, w, h);
    this.forms.set(key, form);
    return form;
  }

  private makeTileForm(sh: Shading, w: number, h: number): TileForm | null {
    const ramp = sh.ramp;
    if (ramp.length === 0) return null;
    const alphas = ramp.flatMap((s) => [s.c0.a, s.c1.a]);
    const alpha0 = alphas[0];
    if (alphas.every((a) => !(a > 0))) return null;
    const uniform = alphas.every((a) => a === alpha0);
    const parts = splitRadial(sh);
    // One `sh` per part, outermost first: each inner disc covers the one below (no seam at hard stops).
    const paint = (alpha: boolean, prefix: string): { names: Record<string, PdfRef>; ops: string } => {
      const names: Record<string, PdfRef> = {};
      const ops: string[] = [];
      parts.forEach((p, i) => { names[`${prefix}${i || ''}`] = this.shading(p.sh, alpha); });
      for (let i = parts.length - 1; i >= 0; i--) {
        const p = parts[i];
        ops.push(p.clip ? `q ${circlePath(p.clip[0], p.clip[1], p.clip[2])} W n /${prefix}${i || ''} sh Q` : `/${prefix}${i || ''} sh`);
      }
      return { names, ops: ops.join('\n') };
    };
    const colour = paint(false, 'Sh');
    const resources: Record<string, Record<string, unknown>> = { Shading: colour.names };
    const ops: string[] = [];
    let mask: string | null = null;
    if (sh.type === 'radial' && sh.scaleY !== 1) ops.push(`1 0 0 ${r6(sh.scaleY)} 0 ${r6(sh.cy * (1 - sh.scaleY))} cm`);
    if (!uniform) {
      // The soft mask's form is painted in the user space current at `gs` (after the cm above), so its BBox is the tile mapped back.
      const bbox = sh.type === 'radial' && sh.scaleY !== 1 ? unscaleBox(w, h, sh.cy, sh.scaleY) : [0, 0, w, h];
      const a = paint(true, 'Sa');
      const g = this.doc.ref({
        Type: 'XObject', Subtype: 'Form', BBox: bbox, Group: { S: 'Transparency', CS: 'DeviceGray' },
        Resources: { Shading: a.names },
      });
      g.end(Buffer.from(a.ops, 'latin1'));
      mask = 'Gm';
      resources.ExtGState = { Gm: { Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: g }, ca: 1, CA: 1 } };
    } else if (alpha0 < 1) {
      mask = 'Gm';
      resources.ExtGState = { Gm: { Type: 'ExtGState', ca: a01(alpha0), CA: a01(alpha0) } };
    }
    if (mask) ops.push(`/${mask} gs`);
    ops.push(colour.ops);
    const ref = this.doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, w, h], Resources: resources });
    ref.end(Buffer.from(ops.join('\n'), 'latin1'));
    return { name: `Gt${this.forms.size + 1}`, ref, transparent: mask !== null };
  }

  /** A shading dictionary: the colour ramp in DeviceRGB, or (`alpha`) its alpha in DeviceGray. */
  private shading(sh: Shading, alpha: boolean): PdfRef {
    if (sh.type === 'conic') return conicShading(this.doc, sh, alpha);
    const coords = sh.type === 'axial' ? [sh.x0, sh.y0, sh.x1, sh.y1] : [sh.cx, sh.cy, sh.r0, sh.cx, sh.cy, sh.r1];
    const ref = this.doc.ref({
      ShadingType: sh.type === 'axial' ? 2 : 3, ColorSpace: alpha ? 'DeviceGray' : 'DeviceRGB',
      Coords: coords.map(r6), Domain: [0, 1], Function: this.rampFunction(sh.ramp, alpha), Extend: [true, true],
    });
    ref.end();
    return ref;
  }

  /** The ramp as one function of t ∈ [0, 1]: a type 2 function, or type 3 stitching over several. */
  private rampFunction(ramp: readonly RampSegment[], alpha: boolean): PdfRef | Record<string, unknown> {
    const fns = new Map<string, PdfRef>();
    const piece = (s: RampSegment): PdfRef => {
      const c0 = alpha ? [a01(s.c0.a)] : [c01(s.c0.r), c01(s.c0.g), c01(s.c0.b)];
      const c1 = alpha ? [a01(s.c1.a)] : [c01(s.c1.r), c01(s.c1.g), c01(s.c1.b)];
      const n = Number.isFinite(s.n) && s.n > 0 ? r6(s.n) : 1;
      const key = `${c0}|${c1}|${n}`;
      let f = fns.get(key);
      if (!f) {
        f = this.doc.ref({ FunctionType: 2, Domain: [0, 1], C0: c0, C1: c1, N: n });
        f.end();
        fns.set(key, f);
      }
      return f;
    };
    if (ramp.length === 1 && ramp[0].t0 === 0 && ramp[0].t1 === 1 && ramp[0].e0 === 0 && ramp[0].e1 === 1) return piece(ramp[0]);
    const f = this.doc.ref({
      FunctionType: 3, Domain: [0, 1], Functions: ramp.map(piece),
      Bounds: ramp.slice(0, -1).map((s) => r6(s.t1)), Encode: ramp.flatMap((s) => [r6(s.e0), r6(s.e1)]),
    });
    f.end();
    return f;
  }
}

/** Most parts a radial gradient is split into at its hard stops (each part is one more `sh` to rasterise). */
const MAX_PARTS = 16;
const same = (a: RampSegment['c0'], b: RampSegment['c0']): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/**
 * A radial shading split at its hard stops into concentric parts, each inner one clipped to the
 * circle of its outer radius (painted outermost first), so that each hard stop is a path's edge:
 * poppler samples a shading's function at about one point per device pixel of the radius range
 * and blurs the hard stops of large rings otherwise. Other shadings, and rings with too many hard
 * stops, stay whole. `clip`: [cx, cy, r] in the shading's space.
 */
function splitRadial(sh: Shading): Array<{ sh: Shading; clip?: [number, number, number] }> {
  if (sh.type !== 'radial') return [{ sh }];
  const cuts: number[] = [];
  for (let i = 1; i < sh.ramp.length; i++) if (!same(sh.ramp[i - 1].c1, sh.ramp[i].c0)) cuts.push(i);
  if (cuts.length === 0 || cuts.length >= MAX_PARTS) return [{ sh }];
  const bounds = [0, ...cuts, sh.ramp.length];
  const out: Array<{ sh: Shading; clip?: [number, number, number] }> = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const segs = sh.ramp.slice(bounds[k], bounds[k + 1]);
    const ta = segs[0].t0, tb = segs[segs.length - 1].t1, span = tb - ta;
    const ramp = segs.map((s) => ({ ...s, t0: (s.t0 - ta) / span, t1: (s.t1 - ta) / span }));
    const r = (t: number): number => sh.r0 + (sh.r1 - sh.r0) * t;
    const part: { sh: Shading; clip?: [number, number, number] } = { sh: { ...sh, r0: r(ta), r1: r(tb), ramp } };
    if (k + 2 < bounds.length) part.clip = [sh.cx, sh.cy, r(tb)];
    out.push(part);
  }
  return out;
}

/** A closed circle path (four cubic quarter arcs). */
function circlePath(cx: number, cy: number, r: number): string {
  const k = KAPPA * r;
  const p = (...v: number[]): string => v.map(r6).join(' ');
  return [
    `${p(cx + r, cy)} m`, `${p(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c`, `${p(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c`,
    `${p(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c`, `${p(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c`, 'h',
  ].join(' ');
}

/** The tile [0, w] × [0, h] in the space scaled by k vertically about cy (for the radial soft mask). */
function unscaleBox(w: number, h: number, cy: number, k: number): number[] {
  const y0 = cy + (0 - cy) / k, y1 = cy + (h - cy) / k;
  return [0, r6(Math.min(y0, y1)), r6(w), r6(Math.max(y0, y1))];
}

/** Tile starts (px) on one axis that intersect [lo, hi): listed ones, or every `size` through the origin. */
function tileStarts(axis: GradientItem['xs'], lo: number, hi: number, size: number): number[] {
  if ('at' in axis) return axis.at.filter((x) => x < hi && x + size > lo);
  const i0 = Math.floor((lo - axis.origin) / size), i1 = Math.ceil((hi - axis.origin) / size);
  const out: number[] = [];
  for (let i = i0; i < i1 && out.length < MAX_TILES; i++) out.push(axis.origin + i * size);
  return out;
}

