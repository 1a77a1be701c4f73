/**
 * Backgrounds (css-backgrounds-3 §3). In: component values of background-* and the
 * `background` shorthand. Out: `Longhand` rows that fill per-layer lists (env.bg), joined into
 * `backgroundLayers` at the end of computeStyle (`finishBackground`), and the shorthand row.
 */
import { CC_BACKGROUND, type BackgroundLayer, type BoxEdge, type Color, type ComputedStyle, type LengthPct } from '../computed.ts';
import { CURRENT_COLOR as CURRENT_COLOR_, parseColor, resolveCurrent } from '../values/color.ts';
import { computeLength, parseLength, type MathExpr } from '../values/length.ts';
import { splitCommas, type CV } from '../values/tokens.ts';
import { parseColorValue } from '../values/color.ts';
import { NONE_IMAGE } from './content.ts';
import { computeGradient, isGradientFunction, parseGradient, resolveCurrentColor, type PositionCodec, type SpecGradient } from '../values/gradient.ts';
import { Note, type BgScratch, type Env, type Longhand, type Shorthand } from './types.ts';

const CURRENT_COLOR = CURRENT_COLOR_; // hot path: read the import binding once (see index.ts)

/** A specified <bg-image>: as computed, or a gradient whose lengths wait for compute. */
type Image = BackgroundLayer['image'] | { kind: 'spec-gradient'; g: SpecGradient };
type RepeatKw = 'repeat' | 'no-repeat' | 'space' | 'round';
type Repeat = BackgroundLayer['repeat'];
/** One axis of a specified position: an offset from the start (left/top) or end (right/bottom) edge. */
interface PosAxis { end: boolean; len: MathExpr | null; center?: boolean }
export interface PosVal { x: PosAxis; y: PosAxis }
type SizeVal = 'cover' | 'contain' | { w: MathExpr | 'auto'; h: MathExpr | 'auto' };

const GRADIENTS = /gradient$/;

/** <bg-image>: url(), none or a gradient (css-images-3 §3); image-set(), image() and cross-fade() are not painted (none + warning). */
export function parseBgImage(n: CV | undefined): Image | Note<Image> | null {
  if (n === undefined) return null;
  if (n.t === 'url') return Object.freeze({ kind: 'url' as const, url: n.v });
  if (n.t === 'ident' && n.lc === 'none') return NONE_IMAGE;
  if (n.t === 'fn' && isGradientFunction(n.name)) {
    const r = parseGradient(n, POSITION);
    if (r === null) return null;
    const img = Object.freeze({ kind: 'spec-gradient' as const, g: r.g });
    return r.interp ? new Note<Image>(img, `${n.name}(): the color interpolation method is ignored (sRGB is used)`) : img;
  }
  if (n.t === 'fn' && (GRADIENTS.test(n.name) || n.name.endsWith('image-set') || n.name === 'image' || n.name === 'cross-fade')) {
    return new Note(NONE_IMAGE, `background-image: ${n.name}() is not supported`);
  }
  return null;
}

const REPEAT_KW = new Set(['repeat', 'no-repeat', 'space', 'round']);
/** <repeat-style> from one or two idents (css-backgrounds-3 §3.4). */
function parseRepeat(ids: readonly string[]): Repeat | null {
  if (ids.length === 1) {
    if (ids[0] === 'repeat-x') return Object.freeze({ x: 'repeat', y: 'no-repeat' });
    if (ids[0] === 'repeat-y') return Object.freeze({ x: 'no-repeat', y: 'repeat' });
    if (!REPEAT_KW.has(ids[0])) return null;
    return Object.freeze({ x: ids[0] as RepeatKw, y: ids[0] as RepeatKw });
  }
  if (ids.length === 2 && REPEAT_KW.has(ids[0]) && REPEAT_KW.has(ids[1])) return Object.freeze({ x: ids[0] as RepeatKw, y: ids[1] as RepeatKw });
  return null;
}

const POS_KW = new Set(['left', 'right', 'top', 'bottom', 'center']);
const isPosToken = (n: CV): boolean =>
  (n.t === 'ident' && POS_KW.has(n.lc)) || n.t === 'pct' || n.t === 'dim' || n.t === 'num' || (n.t === 'fn' && (n.name === 'calc' || n.name === 'min' || n.name === 'max' || n.name === 'clamp'));

const isSizeToken = (n: CV): boolean =>
  (n.t === 'ident' && (n.lc === 'auto' || n.lc === 'cover' || n.lc === 'contain')) || n.t === 'pct' || n.t === 'dim' || n.t === 'num' ||
  (n.t === 'fn' && (n.name === 'calc' || n.name === 'min' || n.name === 'max' || n.name === 'clamp'));

const CENTER: PosAxis = { end: false, len: null, center: true };
function axisFor(kw: string, off: MathExpr | null): PosAxis {
  if (kw === 'center') return CENTER;
  return { end: kw === 'right' || kw === 'bottom', len: off };
}

/** <bg-position> with 1–4 values (css-backgrounds-3 §3.6, css-values-4 <position>). */
export function parsePosition(v: readonly CV[], quirks: boolean): PosVal | null {
  if (v.length < 1 || v.length > 4) return null;
  type Group = { kw?: string; len?: MathExpr };
  const groups: Group[] = [];
  let offsets = false;
  for (let i = 0; i < v.length; i++) {
    const n = v[i];
    if (n.t === 'ident') {
      if (!POS_KW.has(n.lc)) return null;
      const g: Group = { kw: n.lc };
      const next = v[i + 1];
      if (n.lc !== 'center' && next !== undefined && next.t !== 'ident' && v.length > 2) {
        const l = parseLength(next, { pct: true, quirky: quirks });
        if (l === null) return null;
        g.len = l;
        offsets = true;
        i++;
      }
      groups.push(g);
    } else {
      const l = parseLength(n, { pct: true, quirky: quirks });
      if (l === null) return null;
      groups.push({ len: l });
    }
  }
  if (groups.length > 2) return null;
  const isX = (k?: string): boolean => k === 'left' || k === 'right';
  const isY = (k?: string): boolean => k === 'top' || k === 'bottom';
  if (offsets || v.length > 2) { // 3/4-value syntax: two keywords, offsets optional
    if (groups.length !== 2 || !groups[0].kw || !groups[1].kw) return null;
    let [a, b] = groups;
    if (isY(a.kw) || isX(b.kw)) [a, b] = [b, a];
    if (isY(a.kw) || isX(b.kw)) return null;
    return { x: axisFor(a.kw!, a.len ?? null), y: axisFor(b.kw!, b.len ?? null) };
  }
  const ax = (g: Group): PosAxis => (g.kw ? axisFor(g.kw, null) : { end: false, len: g.len! });
  if (groups.length === 1) {
    const g = groups[0];
    if (isY(g.kw)) return { x: CENTER, y: ax(g) };
    return { x: ax(g), y: CENTER };
  }
  let [a, b] = groups;
  if (a.kw && b.kw && (isY(a.kw) || isX(b.kw))) [a, b] = [b, a];
  if (isY(a.kw) || isX(b.kw)) return null;
  return { x: ax(a), y: ax(b) };
}

const PCT50: LengthPct = Object.freeze({ px: 0, pct: 50 });
const PCT0: LengthPct = Object.freeze({ px: 0, pct: 0 });
const PCT100: LengthPct = Object.freeze({ px: 0, pct: 100 });
/** An axis as an offset from the left/top edge: `right 10px` -> {px: -10, pct: 100}. */
function computeAxis(a: PosAxis, env: Env): LengthPct {
  if (a.center) return PCT50;
  if (a.len === null) return a.end ? PCT100 : PCT0;
  const l = computeLength(a.len, env);
  return a.end ? { px: l.px === 0 ? 0 : -l.px, pct: 100 - l.pct } : l;
}

/** <bg-size> (css-backgrounds-3 §3.9). */
function parseSize(v: readonly CV[]): SizeVal | null {
  if (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'cover' || v[0].lc === 'contain')) return v[0].lc;
  if (v.length < 1 || v.length > 2) return null;
  const one = (n: CV): MathExpr | 'auto' | null => (n.t === 'ident' ? (n.lc === 'auto' ? 'auto' : null) : parseLength(n, { pct: true, nonNegative: true }));
  const w = one(v[0]);
  const h = v.length === 2 ? one(v[1]) : 'auto';
  return w !== null && h !== null ? { w, h } : null;
}

const BOX = new Set(['border-box', 'padding-box', 'content-box']);

/** Parses a comma-separated list with `one`, collecting notes. */
function listOf<T>(v: readonly CV[], one: (l: CV[]) => T | Note<T> | null): T[] | Note<T[]> | null {
  const out: T[] = [];
  const notes: string[] = [];
  for (const part of splitCommas(v)) {
    const r = one(part);
    if (r === null) return null;
    if (r instanceof Note) { notes.push(r.message); out.push(r.value); } else out.push(r);
  }
  return notes.length ? new Note(out, notes[0]) : out;
}

const INITIAL_REPEAT: Repeat = Object.freeze({ x: 'repeat', y: 'repeat' });
const INITIAL_SIZE = Object.freeze({ w: 'auto' as const, h: 'auto' as const });
const INITIAL_POS = Object.freeze({ x: PCT0, y: PCT0 });

/** Fresh background lists holding the initial values (one layer). */
export function initialBg(): BgScratch {
  return { images: [NONE_IMAGE], repeat: [INITIAL_REPEAT], position: [INITIAL_POS], size: [INITIAL_SIZE], origin: ['padding-box'], clip: ['border-box'] };
}
/** Background lists read back from a computed style (for inherit / initial). */
function bgFrom(style: ComputedStyle): BgScratch {
  const L = style.backgroundLayers;
  if (L.length === 0) return initialBg();
  return {
    images: L.map((l) => l.image), repeat: L.map((l) => l.repeat), position: L.map((l) => l.position),
    size: L.map((l) => l.size), origin: L.map((l) => l.origin), clip: L.map((l) => l.clip),
    attachment: L.map((l) => l.attachment ?? 'scroll'),
  };
}

function bgRow<T>(name: string, key: keyof BgScratch, one: (l: CV[], quirks: boolean) => T | Note<T> | null, compute: (v: T, env: Env) => unknown): Longhand<T[]> {
  return {
    name, inherited: false, fields: ['backgroundLayers'],
    parse: (v, q) => listOf(v, (l) => one(l, q)),
    apply: (env, v) => { (env.bgScratch()[key] as unknown[]) = v.map((x) => compute(x, env)); },
    copy: (env, from) => { (env.bgScratch()[key] as unknown[]) = bgFrom(from)[key] as unknown[]; },
  };
}
const id = <T>(v: T): T => v;

/** One axis of <bg-position>: a keyword with an optional offset, or a length (css-backgrounds-4 §2.3). */
function parseAxis(v: readonly CV[], axis: 'x' | 'y', quirks: boolean): PosAxis | null {
  const start = axis === 'x' ? 'left' : 'top', end = axis === 'x' ? 'right' : 'bottom';
  if (v.length === 1 && v[0].t !== 'ident') { const l = parseLength(v[0], { pct: true, quirky: quirks }); return l && { end: false, len: l }; }
  if (v.length < 1 || v.length > 2 || v[0].t !== 'ident') return null;
  const kw = v[0].lc;
  if (kw === 'center') return v.length === 1 ? CENTER : null;
  if (kw !== start && kw !== end) return null;
  const off = v.length === 2 ? parseLength(v[1], { pct: true, quirky: quirks }) : null;
  if (v.length === 2 && off === null) return null;
  return { end: kw === end, len: off };
}
/** background-position-x / -y: replace one axis of each layer's position (lists repeat). */
function axisRow(name: string, axis: 'x' | 'y'): Longhand<PosAxis[]> {
  return {
    name, inherited: false, fields: ['backgroundLayers'],
    parse: (v, q) => listOf(v, (l) => parseAxis(l, axis, q)),
    apply: (env, v) => {
      const b = env.bgScratch();
      const old = b.position;
      const n = Math.max(old.length, v.length);
      const out: BgScratch['position'] = [];
      for (let i = 0; i < n; i++) {
        const p = old[i % old.length], a = computeAxis(v[i % v.length], env);
        out.push(axis === 'x' ? { x: a, y: p.y } : { x: p.x, y: a });
      }
      b.position = out;
    },
    copy: (env, from) => { env.bgScratch().position = bgFrom(from).position; },
  };
}
const computeSize = (v: SizeVal, env: Env): BgScratch['size'][number] =>
  typeof v === 'string' ? v : { w: v.w === 'auto' ? 'auto' : computeLength(v.w, env, true), h: v.h === 'auto' ? 'auto' : computeLength(v.h, env, true) };
const computePos = (v: PosVal, env: Env): BgScratch['position'][number] => ({ x: computeAxis(v.x, env), y: computeAxis(v.y, env) });
/** A parsed <position> as offsets from the left and top edges (also transform-origin's). */
export const computePosition = computePos;
/** <position> of radial and conic gradients: parsed and computed as background-position. */
const POSITION: PositionCodec = { parse: (v) => parsePosition(v, false), compute: (p, env) => computePos(p as PosVal, env as Env) };
/** Computes a specified <bg-image>: a gradient gets px lengths; its currentcolor stops wait for finishBackground. */
function computeImage(v: Image, env: Env): BackgroundLayer['image'] {
  return v.kind === 'spec-gradient' ? { kind: 'gradient', gradient: computeGradient(v.g, env, POSITION, CURRENT_COLOR) } : v;
}
type Attachment = 'scroll' | 'fixed' | 'local';
const ATTACHMENTS = new Set(['scroll', 'fixed', 'local']);
const boxOf = (l: readonly CV[]): BoxEdge | null => (l.length === 1 && l[0].t === 'ident' && BOX.has(l[0].lc) ? (l[0].lc as BoxEdge) : null);

export const BACKGROUND_ROWS: Longhand<any>[] = [
  {
    name: 'background-color', inherited: false, quirky: true, fields: ['backgroundColor'],
    parse: parseColorValue,
    apply: (env, v: Color) => { env.s.backgroundColor = v; },
    // inherit passes the keyword currentcolor, not the parent's colour (css-color-4 §6.4)
    copy: (env, from) => { env.s.backgroundColor = (from.currentColorMask ?? 0) & CC_BACKGROUND ? CURRENT_COLOR : from.backgroundColor; },
  },
  bgRow('background-image', 'images', (l) => (l.length === 1 ? parseBgImage(l[0]) : null), computeImage),
  bgRow('background-repeat', 'repeat', (l) => (l.every((n) => n.t === 'ident') ? parseRepeat(l.map((n) => (n as { lc: string }).lc)) : null), id),
  bgRow('background-position', 'position', parsePosition, computePos),
  bgRow('background-size', 'size', parseSize, computeSize),
  axisRow('background-position-x', 'x'),
  axisRow('background-position-y', 'y'),
  bgRow('background-origin', 'origin', boxOf, id),
  bgRow('background-clip', 'clip', (l) => {
    if (l.length === 1 && l[0].t === 'ident' && l[0].lc === 'text') return 'text';
    return boxOf(l);
  }, id),
  {
    // css-backgrounds-3 §3.5; in print `local` paints as `scroll`, `fixed` is positioned in the page area.
    name: 'background-attachment', inherited: false, fields: ['backgroundLayers'],
    parse: (v) => listOf(v, (l) => (l.length === 1 && l[0].t === 'ident' && ATTACHMENTS.has(l[0].lc) ? (l[0].lc as Attachment) : null)),
    apply: (env, v: Attachment[]) => { env.bgScratch().attachment = v.length ? v : undefined; },
    copy: (env, from) => { env.bgScratch().attachment = bgFrom(from).attachment; },
  },
];

/** Joins the background lists into layers (css-backgrounds-3 §3.1: lists repeat to the image count). */
export function finishBackground(env: Env): void {
  const s = env.s;
  s.backgroundColor = resolveCurrent(s.backgroundColor, s.color);
  const b = env.bg;
  if (b === null) return;
  if (b.images.some((i) => i.kind === 'gradient')) b.images = b.images.map((i) => (i.kind === 'gradient' ? resolveCurrentColor(i, s.color) : i));
  const att = b.attachment;
  const layer = (i: number): BackgroundLayer => {
    const l: BackgroundLayer = {
      image: b.images[i], repeat: b.repeat[i % b.repeat.length], position: b.position[i % b.position.length],
      size: b.size[i % b.size.length], origin: b.origin[i % b.origin.length], clip: b.clip[i % b.clip.length],
    };
    if (att && att[i % att.length] === 'fixed') l.attachment = 'fixed';
    return l;
  };
  if (b.images.every((i) => i.kind === 'none')) {
    // No image to paint, but the colour is still clipped by the bottom layer's background-clip
    // (css-backgrounds-3 §3.2, §3.7): keep that one layer (image none) unless its clip is the
    // initial border-box, which is what an empty list means to the painter.
    const bottom = b.images.length - 1;
    s.backgroundLayers = bottom >= 0 && b.clip[bottom % b.clip.length] !== 'border-box' ? [layer(bottom)] : [];
    return;
  }
  const layers: BackgroundLayer[] = [];
  for (let i = 0; i < b.images.length; i++) layers.push(layer(i));
  s.backgroundLayers = layers;
}

/** The `background` shorthand (css-backgrounds-3 §3.10). */
export const BACKGROUND_SHORTHAND: Shorthand = {
  name: 'background',
  longhands: ['background-color', 'background-image', 'background-repeat', 'background-position', 'background-size', 'background-origin', 'background-clip', 'background-attachment'],
  expand(v, quirks) {
    const layers = splitCommas(v);
    const images: Image[] = [], repeats: Repeat[] = [], positions: PosVal[] = [], sizes: SizeVal[] = [], origins: BoxEdge[] = [], clips: Array<BoxEdge | 'text'> = [], attachments: Attachment[] = [];
    let color: Color | null = null;
    const notes: string[] = [];
    for (let li = 0; li < layers.length; li++) {
      const L = layers[li];
      let image: Image | null = null, repeat: Repeat | null = null, pos: PosVal | null = null, size: SizeVal | null = null;
      const boxes: BoxEdge[] = [];
      let textClip = false;
      let attachment: Attachment | null = null;
      for (let i = 0; i < L.length;) {
        const n = L[i];
        if (isPosToken(n) && pos === null) {
          let j = i;
          while (j < L.length && isPosToken(L[j]) && j - i < 4) j++;
          pos = parsePosition(L.slice(i, j), quirks);
          if (pos === null) return null;
          i = j;
          if (L[i]?.t === 'slash') {
            let k = i + 1;
            while (k < L.length && k - i - 1 < 2 && isSizeToken(L[k])) k++;
            size = parseSize(L.slice(i + 1, k));
            if (size === null) return null;
            i = k;
          }
          continue;
        }
        if (n.t === 'ident') {
          if (n.lc === 'repeat-x' || n.lc === 'repeat-y' || REPEAT_KW.has(n.lc)) {
            if (repeat !== null) return null;
            const ids = [n.lc];
            if (REPEAT_KW.has(n.lc) && L[i + 1]?.t === 'ident' && REPEAT_KW.has((L[i + 1] as { lc: string }).lc)) ids.push((L[i + 1] as { lc: string }).lc);
            repeat = parseRepeat(ids);
            if (repeat === null) return null;
            i += ids.length;
            continue;
          }
          if (ATTACHMENTS.has(n.lc)) { if (attachment) return null; attachment = n.lc as Attachment; i++; continue; }
          if (BOX.has(n.lc)) { if (boxes.length === 2) return null; boxes.push(n.lc as BoxEdge); i++; continue; }
          if (n.lc === 'text') { if (textClip) return null; textClip = true; i++; continue; }
        }
        if (image === null) {
          const im = parseBgImage(n);
          if (im !== null) { if (im instanceof Note) { notes.push(im.message); image = im.value; } else image = im; i++; continue; }
        }
        const c = parseColor(n);
        if (c !== null && color === null && li === layers.length - 1) { color = c; i++; continue; }
        return null;
      }
      images.push(image ?? NONE_IMAGE);
      repeats.push(repeat ?? INITIAL_REPEAT);
      positions.push(pos ?? { x: { end: false, len: null }, y: { end: false, len: null } });
      sizes.push(size ?? { w: 'auto', h: 'auto' });
      origins.push(boxes[0] ?? 'padding-box');
      clips.push(textClip ? 'text' : boxes[1] ?? boxes[0] ?? 'border-box');
      attachments.push(attachment ?? 'scroll');
    }
    const m = new Map<string, unknown>([
      ['background-color', color ?? TRANSPARENT_COLOR], ['background-image', images], ['background-repeat', repeats],
      ['background-position', positions], ['background-size', sizes], ['background-origin', origins],
      ['background-clip', clips], ['background-attachment', attachments],
    ]);
    return notes.length ? new Note(m, notes[0]) : m;
  },
};
const TRANSPARENT_COLOR: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });
