/**
 * Box decoration properties. In: component values of box-shadow (css-backgrounds-3 §7), outline-* and outline
 * (css-ui-4 §3), text-decoration-thickness / text-underline-offset (css-text-decor-4 §4), clip (CSS 2.1 §11.1.2),
 * border-image-* (rows in border-image.ts). Out: `Longhand` rows, the `outline` and `border-image` shorthands,
 * and `finishDecor`, which resolves currentcolor and records the CC_* mask.
 */
import {
  CC_BACKGROUND, CC_BORDER_TOP, CC_OUTLINE, CC_TEXT_DECORATION,
  type BorderStyle, type BoxShadow, type ClipRect, type Color, type LengthPct,
} from '../computed.ts';
import { CURRENT_COLOR, parseColor, resolveCurrent } from '../values/color.ts';
import { resolveCurrentColor } from '../values/gradient.ts';
import { computeLength, computePx, Lin, parseLength, type MathExpr } from '../values/length.ts';
import { splitCommas, type CV } from '../values/tokens.ts';
import { BORDER_IMAGE_ROWS, BORDER_IMAGE_SHORTHAND, MASK_BORDER_ROWS, MASK_BORDER_SHORTHAND } from './border-image.ts';
import { parseColorValue } from '../values/color.ts';
import { BORDER_STYLES, parseLineWidth, snapBorderWidth } from './box.ts';
import { INITIAL, type Env, type Longhand, type Shorthand } from './types.ts';

// ---------------------------------------------------------------- box-shadow

interface ShadowVal { x: MathExpr; y: MathExpr; blur: MathExpr | null; spread: MathExpr | null; color: Color | null; inset: boolean }
const NO_SHADOWS: readonly BoxShadow[] = Object.freeze([]);

/** One <shadow>: <color>? && [<length>{2} <length [0,∞]>? <length>?] && inset? (css-backgrounds-3 §7.1). */
function parseShadow(v: readonly CV[]): ShadowVal | null {
  let color: Color | null = null, inset = false;
  let lens: MathExpr[] | null = null;
  let i = 0;
  while (i < v.length) {
    const n = v[i];
    if (n.t === 'ident' && n.lc === 'inset') { if (inset) return null; inset = true; i++; continue; }
    const l = parseLength(n, {});
    if (l !== null) {
      if (lens !== null) return null; // the lengths must be adjacent
      lens = [];
      while (i < v.length && lens.length < 4) {
        const m = parseLength(v[i], {});
        if (m === null) break;
        lens.push(m);
        i++;
      }
      continue;
    }
    const c = parseColor(n);
    if (c === null || color !== null) return null;
    color = c;
    i++;
  }
  if (lens === null || lens.length < 2) return null;
  const blur = lens[2] ?? null;
  if (blur !== null && isNegativeLiteral(blur)) return null;
  return { x: lens[0], y: lens[1], blur, spread: lens[3] ?? null, color, inset };
}

/** True for a literal negative length (the blur radius must not be negative; calc() is clamped instead). */
function isNegativeLiteral(e: MathExpr): boolean {
  return e instanceof Lin && e.abs !== null && (e.abs.px < 0 || e.abs.pct < 0);
}

/** box-shadow: none | <shadow># (css-backgrounds-3 §7.1). */
export function parseBoxShadow(v: readonly CV[]): ShadowVal[] | null {
  if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return [];
  const out: ShadowVal[] = [];
  for (const part of splitCommas(v)) {
    const s = parseShadow(part);
    if (s === null) return null;
    out.push(s);
  }
  return out.length ? out : null;
}

/** text-shadow: none | [ <color>? && <length>{2,3} ]# (css-text-decor-3 §4): box-shadow's <shadow> without spread or inset. */
export function parseTextShadow(v: readonly CV[]): ShadowVal[] | null {
  const s = parseBoxShadow(v);
  return s !== null && s.every((x) => !x.inset && x.spread === null) ? s : null;
}

function computeShadows(env: Env, v: ShadowVal[]): readonly BoxShadow[] {
  if (v.length === 0) return NO_SHADOWS;
  return Object.freeze(v.map((s): BoxShadow => {
    const cur = s.color === null || s.color === CURRENT_COLOR;
    const sh: BoxShadow = {
      x: computePx(s.x, env), y: computePx(s.y, env),
      blur: s.blur === null ? 0 : Math.max(0, computePx(s.blur, env)),
      spread: s.spread === null ? 0 : computePx(s.spread, env),
      color: cur ? CURRENT_COLOR : s.color!, inset: s.inset,
    };
    if (cur) sh.currentColor = true;
    return Object.freeze(sh);
  }));
}

// ---------------------------------------------------------------- outline

type OutlineStyle = BorderStyle | 'auto';
const OUTLINE_STYLES = new Set<string>([...BORDER_STYLES.filter((s) => s !== 'hidden'), 'auto']);
const parseOutlineStyle = (n: CV | undefined): OutlineStyle | null =>
  n !== undefined && n.t === 'ident' && OUTLINE_STYLES.has(n.lc) ? (n.lc as OutlineStyle) : null;

/** outline-color: <color> | invert | auto; invert (not supported by browsers either) and auto are currentcolor (css-ui-4 §3.4). */
function parseOutlineColor(v: readonly CV[], quirks: boolean, raw: string): Color | null {
  if (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'invert' || v[0].lc === 'auto')) return CURRENT_COLOR;
  return parseColorValue(v, quirks, raw);
}

// ---------------------------------------------------------------- text-decoration-thickness, text-underline-offset

/** auto | from-font | <length-percentage> (percentages of 1em). Exported for the text-decoration shorthand. */
export function parseThickness(n: CV | undefined): 'auto' | 'from-font' | MathExpr | null {
  if (n === undefined) return null;
  if (n.t === 'ident') return n.lc === 'auto' || n.lc === 'from-font' ? n.lc : null;
  return parseLength(n, { pct: true });
}

/** em → px at compute time; percentages (of 1em) stay, resolved by paint against the decorating box's font-size. */
const lengthOrKeyword = <K extends string>(env: Env, v: K | MathExpr): K | LengthPct => (typeof v === 'string' ? v : computeLength(v, env));

// ---------------------------------------------------------------- clip

/** rect(<top>, <right>, <bottom>, <left>), commas optional (CSS 2.1 §11.1.2), each a <length> or auto. */
function parseClip(v: readonly CV[]): { kind: 'auto' } | Array<MathExpr | 'auto'> | null {
  if (v.length !== 1) return null;
  const n = v[0];
  if (n.t === 'ident') return n.lc === 'auto' ? { kind: 'auto' } : null;
  if (n.t !== 'fn' || n.name.toLowerCase() !== 'rect') return null;
  const args = n.args.filter((a) => a.t !== 'comma');
  const commas = n.args.length - args.length;
  if (args.length !== 4 || (commas !== 0 && commas !== 3)) return null;
  const out: Array<MathExpr | 'auto'> = [];
  for (const a of args) {
    if (a.t === 'ident' && a.lc === 'auto') { out.push('auto'); continue; }
    const l = parseLength(a, {});
    if (l === null) return null;
    out.push(l);
  }
  return out;
}

// ---------------------------------------------------------------- the rows

export const DECOR_ROWS: Longhand<any>[] = [
  {
    name: 'box-shadow', inherited: false, fields: ['boxShadow'],
    parse: parseBoxShadow,
    apply: (env, v: ShadowVal[]) => { env.s.boxShadow = computeShadows(env, v); },
  },
  {
    // inherited, so a currentcolor shadow keeps the keyword (currentColor: true) and takes each element's own color when painted
    name: 'text-shadow', inherited: true, fields: ['textShadow'],
    parse: parseTextShadow,
    apply: (env, v: ShadowVal[]) => { env.s.textShadow = computeShadows(env, v); },
  },
  {
    name: 'outline-style', inherited: false, fields: ['outlineStyle'],
    parse: (v) => (v.length === 1 ? parseOutlineStyle(v[0]) : null),
    apply: (env, v: OutlineStyle) => { env.s.outlineStyle = v; },
  },
  {
    name: 'outline-width', inherited: false, quirky: true, fields: ['outlineWidth'],
    parse: (v, q) => (v.length === 1 ? parseLineWidth(v[0], q) : null),
    apply: (env, v: number | MathExpr) => { env.s.outlineWidth = snapBorderWidth(typeof v === 'number' ? v : computePx(v, env)); },
  },
  {
    name: 'outline-color', inherited: false, quirky: true, fields: ['outlineColor'],
    parse: parseOutlineColor,
    apply: (env, v: Color) => { env.s.outlineColor = v; },
    copy: (env, from) => { env.s.outlineColor = (from.currentColorMask ?? 0) & CC_OUTLINE ? CURRENT_COLOR : from.outlineColor; },
  },
  {
    name: 'outline-offset', inherited: false, fields: ['outlineOffset'],
    parse: (v) => (v.length === 1 ? parseLength(v[0], {}) : null),
    apply: (env, v: MathExpr) => { env.s.outlineOffset = computePx(v, env); },
  },
  {
    name: 'text-decoration-thickness', inherited: true, fields: ['textDecorationThickness'],
    parse: (v) => (v.length === 1 ? parseThickness(v[0]) : null),
    apply: (env, v: 'auto' | 'from-font' | MathExpr) => { env.s.textDecorationThickness = lengthOrKeyword(env, v); },
  },
  {
    name: 'text-underline-offset', inherited: true, fields: ['textUnderlineOffset'],
    parse: (v) => (v.length !== 1 ? null : v[0].t === 'ident' ? (v[0].lc === 'auto' ? 'auto' : null) : parseLength(v[0], { pct: true })),
    apply: (env, v: 'auto' | MathExpr) => { env.s.textUnderlineOffset = lengthOrKeyword(env, v); },
  },
  {
    name: 'clip', inherited: false, fields: ['clip'],
    parse: parseClip,
    apply: (env, v: { kind: 'auto' } | Array<MathExpr | 'auto'>) => {
      if (!Array.isArray(v)) { env.s.clip = null; return; }
      const px = (e: MathExpr | 'auto'): number | 'auto' => (e === 'auto' ? 'auto' : computePx(e, env));
      const r: ClipRect = { top: px(v[0]), right: px(v[1]), bottom: px(v[2]), left: px(v[3]) };
      env.s.clip = Object.freeze(r);
    },
  },
  ...BORDER_IMAGE_ROWS,
  ...MASK_BORDER_ROWS,
];

export { BORDER_IMAGE_SHORTHAND, MASK_BORDER_SHORTHAND };

/** outline (css-ui-4 §3.1): <outline-width> || <outline-style> || <outline-color>, omitted ones initial. */
export const OUTLINE_SHORTHAND: Shorthand = {
  name: 'outline', longhands: ['outline-width', 'outline-style', 'outline-color'],
  expand: (v, quirks, raw) => {
    if (v.length < 1 || v.length > 3) return null;
    let w: unknown = INITIAL, st: unknown = INITIAL, c: unknown = INITIAL;
    for (const n of v) {
      const s = st === INITIAL ? parseOutlineStyle(n) : null;
      if (s !== null) { st = s; continue; }
      const lw = w === INITIAL ? parseLineWidth(n, quirks) : null;
      if (lw !== null) { w = lw; continue; }
      const col = c === INITIAL ? parseOutlineColor([n], quirks, raw) : null;
      if (col !== null) { c = col; continue; }
      return null;
    }
    return new Map([['outline-width', w], ['outline-style', st], ['outline-color', c]]);
  },
};

/**
 * End of computeStyle, before borders, background and text-decoration colours are resolved: records
 * which colour properties computed to the keyword currentcolor (CC_* bits, css-color-4 §6.4), and
 * resolves currentcolor (and color-mix() of it) in outline-color, box-shadow and border-image gradients with the
 * element's own `color`. A zero
 * outline-width when outline-style is none (css-ui-4 §3.2).
 */
export function finishDecor(env: Env): void {
  const s = env.s;
  let mask = 0;
  if (s.backgroundColor === CURRENT_COLOR) mask |= CC_BACKGROUND;
  const b = env.border;
  for (let i = 0; i < 4; i++) if (b === null || b.c[i] === CURRENT_COLOR) mask |= CC_BORDER_TOP << i;
  if (s.textDecorationColor === CURRENT_COLOR) mask |= CC_TEXT_DECORATION;
  if (s.outlineColor === CURRENT_COLOR) mask |= CC_OUTLINE;
  if (s.outlineColor !== undefined) s.outlineColor = resolveCurrent(s.outlineColor, s.color);
  s.currentColorMask = mask;
  if (s.outlineStyle === 'none' && s.outlineWidth !== 0) s.outlineWidth = 0;
  const bi = s.borderImageSource;
  if (bi !== undefined && bi.kind === 'gradient') s.borderImageSource = resolveCurrentColor(bi, s.color);
  const mb = s.maskBorderSource;
  if (mb !== undefined && mb.kind === 'gradient') s.maskBorderSource = resolveCurrentColor(mb, s.color);
  const sh = s.boxShadow;
  const own = (x: BoxShadow): Color => (x.currentColor === true ? s.color : resolveCurrent(x.color, s.color));
  if (sh !== undefined && sh.length > 0 && sh.some((x) => own(x) !== x.color)) {
    s.boxShadow = Object.freeze(sh.map((x) => (own(x) !== x.color ? Object.freeze({ ...x, color: own(x) }) : x)));
  }
}
