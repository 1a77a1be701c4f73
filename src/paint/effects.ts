// In: a box's fragment and computed clip-path, filter and mix-blend-mode; display items painted inside it.
// Out: the clip path item around its painting (css-masking-1 §3.1, css-shapes-1 §3), the items with the filter's colour matrices applied (Filter Effects 1 §13).
import { floatLength, type BasicShape, type ComputedStyle, type LengthPct } from '../css/computed.ts';
import type { BoxFragment, Edges, InlineFragment, ReplacedFragment } from '../layout/fragment.ts';
import type { ColorMatrix, DisplayItem, PathOp, Rect, Shading } from './display-list.ts';
import { colorMatrices, filterColor, filterOpacity } from './filters.ts';
import { parsePathData } from './svg-path.ts';
import type { AnyNode, Element } from 'domhandler';

type Frag = BoxFragment | ReplacedFragment | InlineFragment;

/** Whether clip-path, filter or mix-blend-mode make the box a stacking context (css-masking-1 §3.1, Filter Effects 1 §5, Compositing 1 §3.2). */
export function hasEffects(s: ComputedStyle): boolean {
  return s.clipPath !== null || s.filter.length > 0 || s.mixBlendMode !== 'normal';
}

/** The group opacity a box paints with: its opacity times the amounts of its filter's opacity() functions. */
export function groupOpacity(s: ComputedStyle): number {
  return s.filter.length ? s.opacity * filterOpacity(s.filter) : s.opacity;
}

const px = (l: LengthPct, basis: number): number => floatLength(l, basis);
const K = 0.5522847498;

function referenceBox(f: Frag, box: 'border-box' | 'padding-box' | 'content-box' | 'margin-box'): Rect {
  const grow = (e: Edges, sign: number, r: Rect): Rect => ({ x: r.x - sign * e.left, y: r.y - sign * e.top, w: r.w + sign * (e.left + e.right), h: r.h + sign * (e.top + e.bottom) });
  const b: Rect = { x: f.x, y: f.y, w: f.width, h: f.height };
  if (box === 'margin-box') return grow(f.margin, 1, b);
  if (box === 'border-box') return b;
  const p = grow(f.border, -1, b);
  return box === 'padding-box' ? p : grow(f.padding, -1, p);
}

/** An ellipse (rx, ry) at (cx, cy) as four cubic Béziers, clockwise from the right. */
function ellipse(cx: number, cy: number, rx: number, ry: number): PathOp[] {
  const kx = rx * K, ky = ry * K;
  return [
    ['M', cx + rx, cy],
    ['C', cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry], ['C', cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy],
    ['C', cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry], ['C', cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy],
    ['Z'],
  ];
}

/** A rectangle with elliptical corners [h, v] clockwise from the top-left, radii scaled down to fit (css-backgrounds-3 §5.5). */
function roundedRect(r: Rect, radii: Array<[number, number]>): PathOp[] {
  let f = 1;
  const sum = (a: number, b: number, len: number): void => { if (a + b > len && a + b > 0) f = Math.min(f, len / (a + b)); };
  sum(radii[0]![0], radii[1]![0], r.w); sum(radii[3]![0], radii[2]![0], r.w); sum(radii[0]![1], radii[3]![1], r.h); sum(radii[1]![1], radii[2]![1], r.h);
  const [tl, tr, br, bl] = radii.map(([h, v]) => [h * f, v * f]) as Array<[number, number]>;
  const x0 = r.x, y0 = r.y, x1 = r.x + r.w, y1 = r.y + r.h;
  return [
    ['M', x0 + tl![0], y0], ['L', x1 - tr![0], y0], ['C', x1 - tr![0] * (1 - K), y0, x1, y0 + tr![1] * (1 - K), x1, y0 + tr![1]],
    ['L', x1, y1 - br![1]], ['C', x1, y1 - br![1] * (1 - K), x1 - br![0] * (1 - K), y1, x1 - br![0], y1],
    ['L', x0 + bl![0], y1], ['C', x0 + bl![0] * (1 - K), y1, x0, y1 - bl![1] * (1 - K), x0, y1 - bl![1]],
    ['L', x0, y0 + tl![1]], ['C', x0, y0 + tl![1] * (1 - K), x0 + tl![0] * (1 - K), y0, x0 + tl![0], y0], ['Z'],
  ];
}

/** A circle's or ellipse's radius along one axis: a length, or the distance from the centre to the closest / farthest side. */
function shapeRadius(r: LengthPct | 'closest-side' | 'farthest-side', c: number, start: number, size: number, basis: number): number {
  if (r === 'closest-side') return Math.max(0, Math.min(c - start, start + size - c));
  if (r === 'farthest-side') return Math.max(c - start, start + size - c);
  return Math.max(0, px(r, basis));
}

/** A basic shape's outline in page px, resolved against the reference box `b` (css-shapes-1 §3.1). */
export function shapePath(shape: BasicShape, b: Rect): { path: PathOp[]; evenodd: boolean } {
  switch (shape.f) {
    case 'circle': case 'ellipse': {
      const cx = b.x + px(shape.at.x, b.w), cy = b.y + px(shape.at.y, b.h);
      if (shape.f === 'circle') {
        // a percentage of the reference box's normalised diagonal, sqrt(w² + h²) / sqrt(2) (css-shapes-1 §3.1.2)
        const diag = Math.hypot(b.w, b.h) / Math.SQRT2;
        const r = shape.r === 'closest-side' || shape.r === 'farthest-side'
          ? (shape.r === 'closest-side' ? Math.min : Math.max)(shapeRadius(shape.r, cx, b.x, b.w, b.w), shapeRadius(shape.r, cy, b.y, b.h, b.h))
          : Math.max(0, px(shape.r, diag));
        return { path: ellipse(cx, cy, r, r), evenodd: false };
      }
      return { path: ellipse(cx, cy, shapeRadius(shape.rx, cx, b.x, b.w, b.w), shapeRadius(shape.ry, cy, b.y, b.h, b.h)), evenodd: false };
    }
    case 'inset': {
      const t = px(shape.t, b.h), r = px(shape.r, b.w), bt = px(shape.b, b.h), l = px(shape.l, b.w);
      // insets that add up past the box are scaled down proportionally (css-shapes-1 §3.1.1)
      const sx = l + r > b.w && l + r > 0 ? b.w / (l + r) : 1, sy = t + bt > b.h && t + bt > 0 ? b.h / (t + bt) : 1;
      const rect: Rect = { x: b.x + l * sx, y: b.y + t * sy, w: Math.max(0, b.w - (l + r) * sx), h: Math.max(0, b.h - (t + bt) * sy) };
      const radii = shape.radii ? shape.radii.map((c) => [Math.max(0, px(c.h, rect.w)), Math.max(0, px(c.v, rect.h))] as [number, number]) : null;
      if (radii && radii.some(([h, v]) => h > 0 && v > 0)) return { path: roundedRect(rect, radii.map(([h, v]) => (h > 0 && v > 0 ? [h, v] : [0, 0]))), evenodd: false };
      return { path: [['M', rect.x, rect.y], ['L', rect.x + rect.w, rect.y], ['L', rect.x + rect.w, rect.y + rect.h], ['L', rect.x, rect.y + rect.h], ['Z']], evenodd: false };
    }
    case 'polygon': {
      const path: PathOp[] = shape.points.map(([x, y], i) => [i === 0 ? 'M' : 'L', b.x + px(x, b.w), b.y + px(y, b.h)] as PathOp);
      path.push(['Z']);
      return { path, evenodd: shape.evenodd };
    }
    case 'path': return { path: parsePathData(shape.d, b.x, b.y), evenodd: shape.evenodd };
  }
}

/**
 * The clip-path item for a fragment (css-masking-1 §3.1), in the coordinates its own painting uses (inside its
 * transform); null for none and for a url() that names no <clipPath> of the document (the box is painted unclipped, §3.1).
 * A reference box alone clips to that box (the border box's own rounded corners are not applied).
 */
export function clipPathItem(f: Frag): DisplayItem | null {
  const cp = f.style.clipPath;
  if (cp === null) return null;
  if ('url' in cp) {
    const svg = svgClipPath(f, cp.url);
    return svg ? { kind: 'push-clip-path', path: svg.path, evenodd: svg.evenodd } : null;
  }
  const b = referenceBox(f, cp.box);
  if (cp.shape === null) return { kind: 'push-clip-path', path: [['M', b.x, b.y], ['L', b.x + b.w, b.y], ['L', b.x + b.w, b.y + b.h], ['L', b.x, b.y + b.h], ['Z']], evenodd: false };
  const { path, evenodd } = shapePath(cp.shape, b);
  return { kind: 'push-clip-path', path, evenodd };
}

/** The colour matrices of a style's filter (empty when it has none, or only opacity()). */
export function filterOf(s: ComputedStyle): ColorMatrix {
  return s.filter.length ? colorMatrices(s.filter) : [];
}

function filterShading(ms: ColorMatrix, s: Shading): Shading {
  return { ...s, ramp: s.ramp.map((r) => ({ ...r, c0: filterColor(ms, r.c0), c1: filterColor(ms, r.c1) })) };
}

/**
 * Applies colour matrices to `items[from..]` in place (Filter Effects 1 §13, the colour functions): solid colours of
 * backgrounds, borders, text, lines, shadows and gradient stops are passed through them (exact for solid colours:
 * the matrices act per pixel); raster images carry the matrices to the PDF writer, which filters their pixels.
 * SVG images and mask images are drawn unfiltered. Nested filters compose (the inner ones were applied first).
 */
export function applyFilter(items: DisplayItem[], from: number, ms: ColorMatrix): void {
  if (ms.length === 0) return;
  for (let i = from; i < items.length; i++) {
    const it = items[i]!;
    switch (it.kind) {
      case 'rect': case 'glyphs': case 'line': case 'hairlines': case 'box-shadow':
        items[i] = { ...it, color: filterColor(ms, it.color) } as DisplayItem; break;
      case 'border': items[i] = { ...it, colors: it.colors.map((c) => filterColor(ms, c)) as typeof it.colors }; break;
      case 'gradient': items[i] = { ...it, shading: filterShading(ms, it.shading) }; break;
      case 'image': case 'image-tiles': if (!it.image.svg) items[i] = { ...it, filter: [...(it.filter ?? []), ...ms] }; break;
      default: break;
    }
  }
}

// ---------------------------------------------------------------- clip-path: url(#id) of an inline SVG <clipPath>

/** The element of the document holding `from` whose id is `id` (depth first, document order), or null. */
function elementById(from: Element, id: string): Element | null {
  let root: AnyNode = from;
  while (root.parent) root = root.parent;
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if ('attribs' in n && (n as Element).attribs.id === id) return n as Element;
    if ('children' in n) for (let i = (n as Element).children.length - 1; i >= 0; i--) stack.push((n as Element).children[i]!);
  }
  return null;
}

const num = (e: Element, name: string): number => { const v = parseFloat(e.attribs[name] ?? ''); return Number.isFinite(v) ? v : 0; };
const attr = (e: Element, name: string): string | undefined => e.attribs[name] ?? e.attribs[name.toLowerCase()];

/** One shape child of a <clipPath> as PathOps in its user space (SVG 2 §10 basic shapes, §9 path); null for other elements. */
function svgShape(e: Element): PathOp[] | null {
  switch (e.name.toLowerCase()) {
    case 'rect': {
      const x = num(e, 'x'), y = num(e, 'y'), w = num(e, 'width'), h = num(e, 'height');
      return w > 0 && h > 0 ? [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']] : null;
    }
    case 'circle': { const r = num(e, 'r'); return r > 0 ? ellipse(num(e, 'cx'), num(e, 'cy'), r, r) : null; }
    case 'ellipse': { const rx = num(e, 'rx'), ry = num(e, 'ry'); return rx > 0 && ry > 0 ? ellipse(num(e, 'cx'), num(e, 'cy'), rx, ry) : null; }
    case 'polygon': {
      const v = (e.attribs.points ?? '').trim().split(/[\s,]+/).map(Number);
      const path: PathOp[] = [];
      for (let i = 0; i + 1 < v.length && Number.isFinite(v[i]! + v[i + 1]!); i += 2) path.push([path.length ? 'L' : 'M', v[i]!, v[i + 1]!]);
      return path.length >= 3 ? [...path, ['Z']] : null;
    }
    case 'path': return parsePathData(e.attribs.d ?? '', 0, 0);
    default: return null;
  }
}

/**
 * clip-path: url(#id) naming an SVG <clipPath> of the document (css-masking-1 §6.1): the union of its rect, circle,
 * ellipse, polygon and path children, in user space whose origin is the border box's top-left corner
 * (clipPathUnits="userSpaceOnUse"), or in fractions of the border box (objectBoundingBox). Children's transform
 * attributes are not applied. Null when the URL names no <clipPath>.
 */
function svgClipPath(f: Frag, url: string): { path: PathOp[]; evenodd: boolean } | null {
  const el = f.box.element;
  if (!el || !url.startsWith('#')) return null;
  const cp = elementById(el, decodeURIComponent(url.slice(1)));
  if (!cp || cp.name.toLowerCase() !== 'clippath') return null;
  const bbox = attr(cp, 'clipPathUnits') === 'objectBoundingBox';
  const sx = bbox ? f.width : 1, sy = bbox ? f.height : 1;
  const path: PathOp[] = [];
  let evenodd = false;
  for (const c of cp.children) {
    if (!('attribs' in c)) continue;
    const ops = svgShape(c as Element);
    if (!ops) continue;
    if (attr(c as Element, 'clip-rule') === 'evenodd') evenodd = true;
    for (const op of ops) {
      if (op[0] === 'Z') path.push(op);
      else if (op[0] === 'C') path.push(['C', f.x + op[1] * sx, f.y + op[2] * sy, f.x + op[3] * sx, f.y + op[4] * sy, f.x + op[5] * sx, f.y + op[6] * sy]);
      else path.push([op[0], f.x + op[1] * sx, f.y + op[2] * sy]);
    }
  }
  return { path, evenodd };
}
