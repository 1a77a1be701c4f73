/**
 * Border images (css-backgrounds-3 §6) and mask borders (css-masking-1 §7, the same grammar plus
 * mask-border-mode). In: component values of border-image-source, -slice, -width, -outset, -repeat,
 * mask-border-* and the two shorthands. Out: `Longhand` rows and the shorthands.
 */
import type { BorderImageRepeat, BorderImageSide, ComputedStyle, LengthPct } from '../computed.ts';
import { CURRENT_COLOR } from '../values/color.ts';
import { computeGradient, type PositionCodec, type SpecGradient, type SpecPosAxis } from '../values/gradient.ts';
import { computeLength, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import { splitSlashes, type CV } from '../values/tokens.ts';
import { parseBgImage } from './background.ts';
import { INITIAL, Note, type Env, type Longhand, type Shorthand } from './types.ts';

type Source = NonNullable<ComputedStyle['borderImageSource']>;
/** A specified source: a computed one, or a gradient still to compute (its lengths need the element). */
type SpecSource = Exclude<Source, { kind: 'gradient' }> | { kind: 'spec-gradient'; g: SpecGradient };
/** A specified side: a number, a length-percentage still to compute, or auto. */
type SideVal = { kind: 'number'; value: number } | { kind: 'len'; value: MathExpr } | { kind: 'auto' };

/** border-image-source: none | <image> (url() or a gradient, css-images-3 §3). */
function parseSource(v: readonly CV[]): SpecSource | Note<SpecSource> | null {
  if (v.length !== 1) return null;
  const r = parseBgImage(v[0]);
  if (r === null) return null;
  const img = r instanceof Note ? r.value : r;
  if (img.kind !== 'url' && img.kind !== 'none' && img.kind !== 'spec-gradient') return null;
  return r instanceof Note ? new Note(img, r.message) : img;
}

/**
 * Positions of radial and conic gradients: an offset from the start edge, the centre, or from the end
 * edge (calc(100% − offset)), as for backgrounds.
 */
const GRADIENT_POSITION: PositionCodec = {
  parse: () => null,
  compute: (p, env) => {
    const axis = (a: SpecPosAxis): LengthPct => {
      if (a.center) return { px: 0, pct: 50 };
      const l = a.len === null ? { px: 0, pct: 0 } : computeLength(a.len, env);
      return a.end ? { px: -l.px, pct: 100 - l.pct } : l;
    };
    return { x: axis(p.x), y: axis(p.y) };
  },
};

function computeSource(env: Env, v: SpecSource): Source {
  return v.kind === 'spec-gradient' ? { kind: 'gradient', gradient: computeGradient(v.g, env, GRADIENT_POSITION, CURRENT_COLOR) } : v;
}

/** 1–4 sides, each parsed by `one`, expanded as margins are (top, right, bottom, left). */
function sides(v: readonly CV[], one: (n: CV) => SideVal | null): SideVal[] | null {
  if (v.length < 1 || v.length > 4) return null;
  const s: SideVal[] = [];
  for (const n of v) { const x = one(n); if (x === null) return null; s.push(x); }
  const [t, r = t, b = t, l = r] = s;
  return [t, r, b, l];
}

const numberSide = (n: CV): SideVal | null => {
  const x = parseNumber(n);
  return Number.isNaN(x) || x < 0 ? null : { kind: 'number', value: x };
};
const sliceSide = (n: CV): SideVal | null =>
  numberSide(n) ?? (n.t === 'pct' && n.v >= 0 ? { kind: 'len', value: parseLength(n, { pct: true })! } : null);
const widthSide = (n: CV): SideVal | null => {
  if (n.t === 'ident') return n.lc === 'auto' ? { kind: 'auto' } : null;
  const l = numberSide(n);
  if (l !== null) return l;
  const e = parseLength(n, { pct: true, nonNegative: true });
  return e === null ? null : { kind: 'len', value: e };
};
const outsetSide = (n: CV): SideVal | null => {
  const l = numberSide(n);
  if (l !== null) return l;
  const e = parseLength(n, { nonNegative: true });
  return e === null ? null : { kind: 'len', value: e };
};

/** border-image-slice: [<number> | <percentage>]{1,4} && fill? */
function parseSlice(v: readonly CV[]): { sides: SideVal[]; fill: boolean } | null {
  const fills = v.filter((n) => n.t === 'ident' && n.lc === 'fill');
  if (fills.length > 1) return null;
  const rest = v.filter((n) => !(n.t === 'ident' && n.lc === 'fill'));
  // `fill` goes before or after the numbers, not between them
  if (fills.length === 1 && v[0] !== fills[0] && v[v.length - 1] !== fills[0]) return null;
  const s = sides(rest, sliceSide);
  return s === null ? null : { sides: s, fill: fills.length === 1 };
}

const REPEATS = new Set(['stretch', 'repeat', 'round', 'space']);
function parseRepeat(v: readonly CV[]): [BorderImageRepeat, BorderImageRepeat] | null {
  if (v.length < 1 || v.length > 2 || v.some((n) => n.t !== 'ident' || !REPEATS.has(n.lc))) return null;
  const ids = v.map((n) => (n as { lc: string }).lc as BorderImageRepeat);
  return [ids[0], ids[1] ?? ids[0]];
}

function computeSides(env: Env, s: SideVal[]): readonly BorderImageSide[] {
  return Object.freeze(s.map((x): BorderImageSide => (x.kind === 'len' ? { kind: 'length', value: computeLength(x.value, env, true) } : x)));
}

/** The computed fields of one nine-slice family (border-image-* or mask-border-*). */
interface Fields { source: keyof ComputedStyle; slice: keyof ComputedStyle; width: keyof ComputedStyle; outset: keyof ComputedStyle; repeat: keyof ComputedStyle }

/** The five longhands `<prefix>-source`, -slice, -width, -outset, -repeat writing `f`'s fields. */
function sliceRows(prefix: string, f: Fields): Longhand<any>[] {
  const set = (env: Env, k: keyof ComputedStyle, v: unknown): void => { (env.s as unknown as Record<string, unknown>)[k] = v; };
  return [
    { name: `${prefix}-source`, inherited: false, fields: [f.source], parse: parseSource, apply: (env, v: SpecSource) => set(env, f.source, computeSource(env, v)) },
    {
      name: `${prefix}-slice`, inherited: false, fields: [f.slice], parse: parseSlice,
      apply: (env, v: { sides: SideVal[]; fill: boolean }) => set(env, f.slice, { sides: computeSides(env, v.sides), fill: v.fill }),
    },
    { name: `${prefix}-width`, inherited: false, fields: [f.width], parse: (v) => sides(v, widthSide), apply: (env, v: SideVal[]) => set(env, f.width, computeSides(env, v)) },
    { name: `${prefix}-outset`, inherited: false, fields: [f.outset], parse: (v) => sides(v, outsetSide), apply: (env, v: SideVal[]) => set(env, f.outset, computeSides(env, v)) },
    { name: `${prefix}-repeat`, inherited: false, fields: [f.repeat], parse: parseRepeat, apply: (env, v: [BorderImageRepeat, BorderImageRepeat]) => set(env, f.repeat, v) },
  ];
}

export const BORDER_IMAGE_ROWS: Longhand<any>[] = sliceRows('border-image', {
  source: 'borderImageSource', slice: 'borderImageSlice', width: 'borderImageWidth', outset: 'borderImageOutset', repeat: 'borderImageRepeat',
});

const MODES = new Set(['alpha', 'luminance']);

/** mask-border-source … -repeat (css-masking-1 §7.1–§7.5) and mask-border-mode (§7.6: alpha | luminance). */
export const MASK_BORDER_ROWS: Longhand<any>[] = [
  ...sliceRows('mask-border', {
    source: 'maskBorderSource', slice: 'maskBorderSlice', width: 'maskBorderWidth', outset: 'maskBorderOutset', repeat: 'maskBorderRepeat',
  }),
  {
    name: 'mask-border-mode', inherited: false, fields: ['maskBorderMode'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' && MODES.has(v[0].lc) ? v[0].lc : null),
    apply: (env, v: 'alpha' | 'luminance') => { env.s.maskBorderMode = v; },
  },
];

/**
 * A shorthand of the family `prefix` (§6.7 border-image; css-masking-1 §7.7 mask-border, which also takes a
 * mode keyword): <source> || <slice> [ / <width> | / <width>? / <outset> ]? || <repeat> [|| <mode>];
 * omitted longhands are reset to their initial values.
 */
function sliceShorthand(prefix: string, withMode: boolean): Shorthand {
  const SRC = `${prefix}-source`, SLICE = `${prefix}-slice`, WIDTH = `${prefix}-width`, OUTSET = `${prefix}-outset`, REPEAT = `${prefix}-repeat`, MODE = `${prefix}-mode`;
  const sh: Shorthand = {
    name: prefix,
    longhands: withMode ? [SRC, SLICE, WIDTH, OUTSET, REPEAT, MODE] : [SRC, SLICE, WIDTH, OUTSET, REPEAT],
    expand: (v) => {
      const m = new Map<string, unknown>();
      let note: string | null = null;
      let i = 0;
      while (i < v.length) {
        const n = v[i];
        if (!m.has(SRC)) {
          const src = parseSource([n]);
          if (src !== null) {
            if (src instanceof Note) { note = src.message; m.set(SRC, src.value); } else m.set(SRC, src);
            i++; continue;
          }
        }
        if (!m.has(REPEAT) && n.t === 'ident' && REPEATS.has(n.lc)) {
          const two = i + 1 < v.length && v[i + 1].t === 'ident' && REPEATS.has((v[i + 1] as { lc: string }).lc);
          m.set(REPEAT, parseRepeat(v.slice(i, two ? i + 2 : i + 1)));
          i += two ? 2 : 1; continue;
        }
        if (withMode && !m.has(MODE) && n.t === 'ident' && MODES.has(n.lc)) { m.set(MODE, n.lc); i++; continue; }
        if (!m.has(SLICE)) {
          // the slice run: numbers/percentages/fill, then optional "/ width / outset"
          let j = i;
          while (j < v.length && (v[j].t === 'slash' || sliceSide(v[j]) !== null || widthSide(v[j]) !== null || outsetSide(v[j]) !== null || (v[j].t === 'ident' && (v[j] as { lc: string }).lc === 'fill'))) {
            if (v[j].t === 'ident' && (REPEATS.has((v[j] as { lc: string }).lc) || MODES.has((v[j] as { lc: string }).lc))) break;
            j++;
          }
          const parts = splitSlashes(v.slice(i, j));
          if (parts.length > 3) return null;
          const slice = parseSlice(parts[0]);
          if (slice === null) return null;
          m.set(SLICE, slice);
          if (parts.length >= 2 && parts[1].length > 0) {
            const w = sides(parts[1], widthSide);
            if (w === null) return null;
            m.set(WIDTH, w);
          } else if (parts.length === 2) return null;
          if (parts.length === 3) {
            const o = sides(parts[2], outsetSide);
            if (o === null) return null;
            m.set(OUTSET, o);
          }
          i = j; continue;
        }
        return null;
      }
      if (m.size === 0) return null;
      const out = new Map<string, unknown>();
      for (const name of sh.longhands) out.set(name, m.has(name) ? m.get(name) : INITIAL);
      return note ? new Note(out, note) : out;
    },
  };
  return sh;
}

export const BORDER_IMAGE_SHORTHAND: Shorthand = sliceShorthand('border-image', false);
export const MASK_BORDER_SHORTHAND: Shorthand = sliceShorthand('mask-border', true);
