/**
 * Shorthand properties, expanded into longhands at declaration time (css-cascade-4 §1.2).
 * In: component values of margin, padding, inset, border*, border-radius, font, list-style,
 * text-decoration, flex*, gap, place-*, grid-*, overflow, page-break-*, font-variant, text-wrap.
 * Out: `Shorthand` rows mapping each longhand to its specified value (omitted ones reset to initial).
 */
import { parseColor } from '../values/color.ts';
import { splitSlashes, type CV } from '../values/tokens.ts';
import { BACKGROUND_ROWS, BACKGROUND_SHORTHAND } from './background.ts';
import { BOX_ROWS, parseBorderStyle, parseLineWidth, parseRadius, RADIUS_LONGHANDS, SIDES } from './box.ts';
import { parseThickness } from './decor.ts';
import { CONTENT_ROWS, NONE_IMAGE, parseImage, parseLegacyBreak, parseListStyleType } from './content.ts';
import { ALIGN_CONTENT, ALIGN_ITEMS, FLEXGRID_ROWS, JUSTIFY_CONTENT, JUSTIFY_ITEMS, parseAreas, parseFlexBasis, parseFlexFactor, parseTrackList } from './flexgrid.ts';
import { DECORATION_STYLES, parseDecorationLine, parseFontFamily, parseFontSize, parseFontWeight, parseLineHeight, TEXT_ROWS } from './text.ts';
import { INITIAL, Note, type Longhand, type Shorthand } from './types.ts';
import { FONT_FEATURE_ROWS } from './font-features.ts';

const ROWS = new Map<string, Longhand<unknown>>();
for (const r of [...BOX_ROWS, ...TEXT_ROWS, ...CONTENT_ROWS, ...BACKGROUND_ROWS, ...FLEXGRID_ROWS, ...FONT_FEATURE_ROWS]) ROWS.set(r.name, r);

type Out = Map<string, unknown>;
/** Collects warnings from the longhand parses a shorthand reuses. */
class Ctx {
  notes: string[] = [];
  constructor(readonly quirks: boolean, readonly raw: string) {}
  /** Parses `nodes` with the longhand row `name`; null when invalid. */
  val(name: string, nodes: readonly CV[]): unknown {
    const r = ROWS.get(name)!.parse(nodes, this.quirks, this.raw);
    if (r instanceof Note) { this.notes.push(r.message); return r.value; }
    return r;
  }
  done(m: Out | null): Out | Note<Out> | null {
    if (m === null) return null;
    return this.notes.length ? new Note(m, this.notes[0]) : m;
  }
}

const sh = (name: string, longhands: readonly string[], expand: (v: readonly CV[], c: Ctx) => Out | null): Shorthand => ({
  name, longhands,
  expand: (v, quirks, raw) => { const c = new Ctx(quirks, raw); return c.done(expand(v, c)); },
});

/** The 1–4 value box syntax (CSS 2.1 §8.3: top, right, bottom, left). */
function box4(names: readonly string[]) {
  return (v: readonly CV[], c: Ctx): Out | null => {
    if (v.length < 1 || v.length > 4) return null;
    const vals = v.map((n) => c.val(names[0], [n]));
    if (vals.some((x) => x === null)) return null;
    const [t, r = t, b = t, l = r] = vals;
    return new Map([[names[0], t], [names[1], r], [names[2], b], [names[3], l]]);
  };
}
const sides = (fmt: (s: string) => string): string[] => SIDES.map(fmt);

/** <line-width> || <line-style> || <color> (css-backgrounds-3 §4.4). */
function borderParts(v: readonly CV[], c: Ctx): { w: unknown; s: unknown; c: unknown } | null {
  let w: unknown = INITIAL, st: unknown = INITIAL, col: unknown = INITIAL;
  let hw = false, hs = false, hc = false;
  if (v.length < 1 || v.length > 3) return null;
  for (const n of v) {
    const s = parseBorderStyle(n);
    if (s !== null && !hs) { st = s; hs = true; continue; }
    const lw = parseLineWidth(n, c.quirks);
    if (lw !== null && !hw) { w = lw; hw = true; continue; }
    const col2 = parseColor(n);
    if (col2 !== null && !hc) { col = col2; hc = true; continue; }
    return null;
  }
  return { w, s: st, c: col };
}

function sideShorthand(side: string): Shorthand {
  const names = [`border-${side}-width`, `border-${side}-style`, `border-${side}-color`];
  return sh(`border-${side}`, names, (v, c) => {
    const p = borderParts(v, c);
    return p && new Map([[names[0], p.w], [names[1], p.s], [names[2], p.c]]);
  });
}

const BORDER_ALL = [...sides((s) => `border-${s}-width`), ...sides((s) => `border-${s}-style`), ...sides((s) => `border-${s}-color`)];

/** font's longhands: those it sets, then those it only resets (css-fonts-4 §2.8). */
const FONT_LONGHANDS = ['font-style', 'font-variant-caps', 'font-weight', 'font-size', 'line-height', 'font-family',
  'font-variant-numeric', 'font-variant-ligatures', 'font-variant-position', 'font-kerning', 'font-feature-settings', 'font-variation-settings'];
const SYSTEM_FONTS = new Set(['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar']);
const STRETCH = new Set(['ultra-condensed', 'extra-condensed', 'condensed', 'semi-condensed', 'semi-expanded', 'expanded', 'extra-expanded', 'ultra-expanded']);

/** font (css-fonts-4 §2.8). */
function expandFont(v: readonly CV[], c: Ctx): Out | null {
  if (v.length === 1 && v[0].t === 'ident' && SYSTEM_FONTS.has(v[0].lc)) {
    c.notes.push(`system font '${v[0].lc}' is not supported`);
    return new Map();
  }
  const m: Out = new Map(FONT_LONGHANDS.map((n) => [n, INITIAL]));
  let i = 0;
  let pre = 0;
  for (; i < v.length && pre < 4; i++, pre++) {
    const n = v[i];
    if (n.t === 'ident') {
      if (n.lc === 'normal') continue;
      if ((n.lc === 'italic' || n.lc === 'oblique') && m.get('font-style') === INITIAL) { m.set('font-style', n.lc); continue; }
      if (n.lc === 'small-caps' && m.get('font-variant-caps') === INITIAL) { m.set('font-variant-caps', 'small-caps'); continue; }
      if (STRETCH.has(n.lc)) continue;
      if ((n.lc === 'bold' || n.lc === 'bolder' || n.lc === 'lighter') && m.get('font-weight') === INITIAL) { m.set('font-weight', parseFontWeight(n)); continue; }
      break;
    }
    if (n.t === 'num' && m.get('font-weight') === INITIAL) {
      const w = parseFontWeight(n);
      if (w === null) break; // `0` is the font-size
      m.set('font-weight', w);
      continue;
    }
    break;
  }
  const size = parseFontSize(v[i], false);
  if (size === null) return null;
  m.set('font-size', size);
  i++;
  if (v[i]?.t === 'slash') {
    const lh = parseLineHeight(v[i + 1]);
    if (lh === null) return null;
    m.set('line-height', lh);
    i += 2;
  }
  const fam = parseFontFamily(v.slice(i));
  if (fam === null) return null;
  m.set('font-family', Object.freeze(fam));
  return m;
}

/**
 * font-variant (css-fonts-4 §6.11): normal | none | the keywords of font-variant-ligatures, -caps, -numeric and -position in any
 * order (none: ligatures none); each longhand takes its keywords (parsed by its own row), the others their initial value.
 * Keywords of the other font-variant-* longhands (east-asian, alternates, emoji) are skipped with a warning.
 */
function expandFontVariant(v: readonly CV[], c: Ctx): Out | null {
  const m: Out = new Map([['font-variant-caps', 'normal'], ['font-variant-numeric', ''], ['font-variant-ligatures', ''], ['font-variant-position', '']]);
  if (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'normal' || v[0].lc === 'none')) {
    if (v[0].lc === 'none') m.set('font-variant-ligatures', c.val('font-variant-ligatures', v));
    return m;
  }
  const own: Record<string, CV[]> = { 'font-variant-numeric': [], 'font-variant-ligatures': [] };
  for (const n of v) {
    if (n.t !== 'ident' || n.lc === 'normal' || n.lc === 'none') return null;
    const caps = c.val('font-variant-caps', [n]);
    if (caps !== null) { m.set('font-variant-caps', caps); continue; }
    if (c.val('font-variant-numeric', [n]) !== null) { own['font-variant-numeric']!.push(n); continue; }
    if (c.val('font-variant-ligatures', [n]) !== null) { own['font-variant-ligatures']!.push(n); continue; }
    const pos = c.val('font-variant-position', [n]);
    if (pos !== null) { m.set('font-variant-position', pos); continue; }
    c.notes.push(`font-variant: ${n.lc} is not supported`);
  }
  for (const [name, kws] of Object.entries(own)) {
    if (kws.length === 0) continue;
    const r = c.val(name, kws);
    if (r === null) return null;
    m.set(name, r);
  }
  return m;
}

/** list-style (css-lists-3 §3.5): position || image || type, with `none` filling image/type. */
function expandListStyle(v: readonly CV[], c: Ctx): Out | null {
  let pos: unknown = null, img: unknown = null, type: unknown = null, nones = 0;
  for (const n of v) {
    if (n.t === 'ident' && n.lc === 'none') { nones++; continue; }
    if (n.t === 'ident' && (n.lc === 'inside' || n.lc === 'outside') && pos === null) { pos = n.lc; continue; }
    if (n.t === 'url' && img === null) { img = parseImage(n); continue; }
    if (type === null) {
      const t = parseListStyleType(n);
      if (t !== null) { type = t instanceof Note ? (c.notes.push(t.message), t.value) : t; continue; }
    }
    return null;
  }
  if (nones > 2 || (nones === 2 && (img !== null || type !== null)) || (nones === 1 && img !== null && type !== null)) return null;
  if (nones >= 1 && type === null) { type = 'none'; nones--; }
  if (nones >= 1 && img === null) img = NONE_IMAGE;
  return new Map([['list-style-position', pos ?? INITIAL], ['list-style-image', img ?? INITIAL], ['list-style-type', type ?? INITIAL]]);
}

/** text-decoration (css-text-decor-4 §2.5): line || thickness || style || color. */
function expandTextDecoration(v: readonly CV[], c: Ctx): Out | null {
  const lines: CV[] = [];
  let style: unknown = INITIAL, color: unknown = INITIAL, thickness: unknown = INITIAL;
  for (const n of v) {
    if (n.t === 'ident' && ['none', 'underline', 'overline', 'line-through', 'blink'].includes(n.lc)) { lines.push(n); continue; }
    if (n.t === 'ident' && (DECORATION_STYLES as readonly string[]).includes(n.lc) && style === INITIAL) { style = n.lc; continue; }
    const th = thickness === INITIAL ? parseThickness(n) : null;
    if (th !== null) { thickness = th; continue; }
    const col = parseColor(n);
    if (col !== null && color === INITIAL) { color = col; continue; }
    return null;
  }
  let line: unknown = INITIAL;
  if (lines.length) { line = parseDecorationLine(lines); if (line === null) return null; }
  return new Map([['text-decoration-line', line], ['text-decoration-style', style], ['text-decoration-color', color], ['text-decoration-thickness', thickness]]);
}

/** flex (css-flexbox-1 §7.2): none | [grow shrink? || basis]; an omitted basis is 0. */
function expandFlex(v: readonly CV[], c: Ctx): Out | null {
  const out = (g: unknown, s: unknown, b: unknown): Out => new Map([['flex-grow', g], ['flex-shrink', s], ['flex-basis', b]]);
  if (v.length === 1 && v[0].t === 'ident') {
    if (v[0].lc === 'none') return out(0, 0, 'auto');
    if (v[0].lc === 'auto') return out(1, 1, 'auto');
  }
  const isNum = v.map((n) => !Number.isNaN(parseFlexFactor(n)));
  const numAt = (i: number): number => parseFlexFactor(v[i]);
  const basisAt = (i: number): unknown => {
    const b = parseFlexBasis(v[i]);
    return b instanceof Note ? (c.notes.push(b.message), b.value) : b;
  };
  let grow: number | null = null, shrink: number | null = null, basis: unknown = null;
  const pattern = isNum.map((x) => (x ? 'n' : 'b')).join('');
  switch (pattern) {
    case 'n': grow = numAt(0); break;
    case 'b': basis = basisAt(0); break;
    case 'nn': grow = numAt(0); shrink = numAt(1); break;
    case 'nb': grow = numAt(0); basis = basisAt(1); break;
    case 'bn': basis = basisAt(0); grow = numAt(1); break;
    case 'nnb': grow = numAt(0); shrink = numAt(1); basis = basisAt(2); break;
    case 'bnn': basis = basisAt(0); grow = numAt(1); shrink = numAt(2); break;
    // css-flexbox-1 §7.2: a unitless zero after two flex factors is the basis (`flex: 1 1 0`).
    case 'nnn': if (numAt(2) !== 0) return null; grow = numAt(0); shrink = numAt(1); basis = basisAt(2) ?? ZERO_BASIS; break;
    default: return null;
  }
  if (basis === null && pattern.includes('b')) return null;
  return out(grow ?? 1, shrink ?? 1, basis ?? ZERO_BASIS);
}
const ZERO_BASIS = parseFlexBasis({ t: 'pct', v: 0 });

/** grid-row / grid-column (css-grid-1 §8.4): start [/ end]; an omitted end copies an ident start. */
function gridPair(start: string, end: string) {
  return (v: readonly CV[], c: Ctx): Out | null => {
    const parts = splitSlashes(v);
    if (parts.length > 2) return null;
    const a = c.val(start, parts[0]) as { kind: string } | null;
    if (a === null) return null;
    const b = parts.length === 2 ? c.val(end, parts[1]) : a.kind === 'area' ? a : { kind: 'auto' };
    if (b === null) return null;
    return new Map([[start, a], [end, b]]);
  };
}

/** grid-template (css-grid-1 §7.4): none | rows / columns | areas with row sizes [/ columns]. */
function expandGridTemplate(v: readonly CV[], c: Ctx): Out | null {
  const names = ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'];
  if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return new Map(names.map((n) => [n, 'none']));
  const parts = splitSlashes(v);
  if (parts.length > 2) return null;
  if (!parts[0].some((n) => n.t === 'str')) {
    if (parts.length !== 2) return null;
    const rows = c.val('grid-template-rows', parts[0]), cols = c.val('grid-template-columns', parts[1]);
    if (rows === null || cols === null) return null;
    return new Map([[names[0], rows], [names[1], cols], [names[2], 'none']]);
  }
  const strings: string[] = [];
  const sizes: CV[] = [];
  for (const n of parts[0]) {
    if (n.t === 'str') { strings.push(n.v); sizes.push({ t: 'ident', v: 'auto', lc: 'auto' }); continue; }
    if (n.t === 'block') continue;
    if (strings.length === 0) return null;
    sizes[sizes.length - 1] = n;
  }
  const areas = parseAreas(strings);
  if (areas === null) return null;
  const rows = parseTrackList(sizes, c.notes, false);
  if (rows === null) return null;
  const cols = parts.length === 2 ? c.val('grid-template-columns', parts[1]) : 'none';
  if (cols === null) return null;
  return new Map<string, unknown>([[names[0], rows], [names[1], cols], [names[2], areas]]);
}

function keywordPair(first: string, allowedFirst: readonly string[], second: string | null, allowedSecond: readonly string[] | null) {
  return (v: readonly CV[]): Out | null => {
    const ids = v.map((n) => (n.t === 'ident' ? n.lc : ''));
    if (ids.length < 1 || ids.length > 2 || ids.some((s) => !s)) return null;
    if (!allowedFirst.includes(ids[0])) return null;
    const m: Out = new Map([[first, ids[0]]]);
    if (second !== null) {
      const s = ids[1] ?? ids[0];
      if (!allowedSecond!.includes(s)) { if (ids.length === 2) return null; } else m.set(second, s);
    } else if (ids.length === 2 && !['normal', 'stretch', 'start', 'end', 'center', 'left', 'right', 'self-start', 'self-end', 'flex-start', 'flex-end', 'baseline', 'legacy'].includes(ids[1])) return null;
    return m;
  };
}

export const SHORTHANDS: Shorthand[] = [
  sh('margin', sides((s) => `margin-${s}`), box4(sides((s) => `margin-${s}`))),
  sh('padding', sides((s) => `padding-${s}`), box4(sides((s) => `padding-${s}`))),
  sh('inset', [...SIDES], box4([...SIDES])),
  sh('border-width', sides((s) => `border-${s}-width`), box4(sides((s) => `border-${s}-width`))),
  sh('border-style', sides((s) => `border-${s}-style`), box4(sides((s) => `border-${s}-style`))),
  sh('border-color', sides((s) => `border-${s}-color`), box4(sides((s) => `border-${s}-color`))),
  ...SIDES.map(sideShorthand),
  sh('border', BORDER_ALL, (v, c) => {
    const p = borderParts(v, c);
    if (p === null) return null;
    const m: Out = new Map();
    for (const s of SIDES) { m.set(`border-${s}-width`, p.w); m.set(`border-${s}-style`, p.s); m.set(`border-${s}-color`, p.c); }
    return m;
  }),
  sh('border-radius', RADIUS_LONGHANDS, (v) => {
    const parts = splitSlashes(v);
    if (parts.length > 2 || parts.some((p) => p.length < 1 || p.length > 4)) return null;
    const four = (p: CV[]): CV[] => { const [t, r = t, b = t, l = r] = p; return [t, r, b, l]; };
    const h = four(parts[0]), vv = four(parts[1] ?? parts[0]);
    const m: Out = new Map();
    for (let i = 0; i < 4; i++) {
      const r = parseRadius(h[i], vv[i]);
      if (r === null) return null;
      m.set(RADIUS_LONGHANDS[i], r);
    }
    return m;
  }),
  BACKGROUND_SHORTHAND,
  sh('font', FONT_LONGHANDS, expandFont),
  sh('font-variant', ['font-variant-caps', 'font-variant-numeric', 'font-variant-ligatures', 'font-variant-position'], expandFontVariant),
  sh('list-style', ['list-style-position', 'list-style-image', 'list-style-type'], expandListStyle),
  sh('text-decoration', ['text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness'], expandTextDecoration),
  sh('flex', ['flex-grow', 'flex-shrink', 'flex-basis'], expandFlex),
  sh('flex-flow', ['flex-direction', 'flex-wrap'], (v, c) => {
    if (v.length < 1 || v.length > 2) return null;
    let dir: unknown = INITIAL, wrap: unknown = INITIAL;
    for (const n of v) {
      const d = dir === INITIAL ? c.val('flex-direction', [n]) : null;
      if (d !== null) { dir = d; continue; }
      const w = wrap === INITIAL ? c.val('flex-wrap', [n]) : null;
      if (w !== null) { wrap = w; continue; }
      return null;
    }
    return new Map([['flex-direction', dir], ['flex-wrap', wrap]]);
  }),
  ...['gap', 'grid-gap'].map((name) => sh(name, ['row-gap', 'column-gap'], (v, c) => {
    if (v.length < 1 || v.length > 2) return null;
    const r = c.val('row-gap', [v[0]]), col = v.length === 2 ? c.val('column-gap', [v[1]]) : r;
    return r === null || col === null ? null : new Map([['row-gap', r], ['column-gap', col]]);
  })),
  // css-align-3 §6.2 / §6.3: <align> [<justify>]?, the second defaulting to the first.
  sh('place-items', ['align-items', 'justify-items'], (v) => keywordPair('align-items', ALIGN_ITEMS, 'justify-items', JUSTIFY_ITEMS)(v.length === 2 && v[0].t === 'ident' && (v[0].lc === 'last' || v[0].lc === 'first') ? [v[1]] : v)),
  sh('place-content', ['align-content', 'justify-content'], keywordPair('align-content', ALIGN_CONTENT, 'justify-content', JUSTIFY_CONTENT)),
  sh('place-self', ['align-self', 'justify-self'], keywordPair('align-self', ['auto', ...ALIGN_ITEMS], 'justify-self', ['auto', ...JUSTIFY_ITEMS])),
  sh('grid-row', ['grid-row-start', 'grid-row-end'], gridPair('grid-row-start', 'grid-row-end')),
  sh('grid-column', ['grid-column-start', 'grid-column-end'], gridPair('grid-column-start', 'grid-column-end')),
  sh('grid-area', ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'], (v, c) => {
    const parts = splitSlashes(v);
    if (parts.length > 4) return null;
    const names = ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'];
    const vals: Array<{ kind: string } | null> = parts.map((p, i) => c.val(names[i], p) as { kind: string } | null);
    if (vals.some((x) => x === null)) return null;
    const auto = { kind: 'auto' };
    const fill = (i: number, from: number): { kind: string } => (vals[from]!.kind === 'area' ? vals[from]! : auto);
    const full = [vals[0]!, vals[1] ?? fill(1, 0), vals[2] ?? fill(2, 0), vals[3] ?? fill(3, vals[1] ? 1 : 0)];
    return new Map(names.map((n, i) => [n, full[i]]));
  }),
  sh('grid-template', ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'], expandGridTemplate),
  sh('grid', ['grid-template-rows', 'grid-template-columns', 'grid-template-areas', 'grid-auto-flow', 'grid-auto-rows', 'grid-auto-columns'], (v, c) => {
    if (v.some((n) => n.t === 'ident' && n.lc === 'auto-flow')) return null;
    const m = expandGridTemplate(v, c);
    if (m) { m.set('grid-auto-flow', INITIAL); m.set('grid-auto-rows', INITIAL); m.set('grid-auto-columns', INITIAL); }
    return m;
  }),
  sh('overflow', ['overflow-x', 'overflow-y'], (v, c) => {
    if (v.length < 1 || v.length > 2) return null;
    const x = c.val('overflow-x', [v[0]]), y = v.length === 2 ? c.val('overflow-y', [v[1]]) : x;
    return x === null || y === null ? null : new Map([['overflow-x', x], ['overflow-y', y]]);
  }),
  sh('page-break-before', ['break-before'], (v) => { const b = parseLegacyBreak(v); return b && new Map([['break-before', b]]); }),
  sh('page-break-after', ['break-after'], (v) => { const b = parseLegacyBreak(v); return b && new Map([['break-after', b]]); }),
  sh('page-break-inside', ['break-inside'], (v) => (v.length === 1 && v[0].t === 'ident' && (v[0].lc === 'avoid' || v[0].lc === 'auto') ? new Map([['break-inside', v[0].lc]]) : null)),
  sh('text-wrap', ['text-wrap-mode'], (v, c) => {
    if (v.length < 1 || v.length > 2 || v.some((n) => n.t !== 'ident')) return null;
    let mode: unknown = 'wrap';
    for (const n of v) {
      const k = (n as { lc: string }).lc;
      if (k === 'wrap' || k === 'nowrap') mode = k;
      else if (k === 'balance' || k === 'pretty' || k === 'stable' || k === 'auto') c.notes.push(`text-wrap-style: ${k} is laid out as auto`);
      else return null;
    }
    return new Map([['text-wrap-mode', mode]]);
  }),
];

/** Names handled as another property (legacy aliases, css-cascade-4 §1.3 / css-text-3 §5.5). */
export const ALIASES: ReadonlyMap<string, string> = new Map([
  ['word-wrap', 'overflow-wrap'], ['grid-row-gap', 'row-gap'], ['grid-column-gap', 'column-gap'],
  ...legacyLogicalAliases(),
]);

/**
 * Blink's legacy flow-relative names (css_properties.json5 alias_for, still honoured by Chromium 156):
 * -webkit-{margin,padding,border}-{start,end,before,after} (start/end: inline axis, before/after: block axis), the
 * -width/-style/-color longhands of the border ones, and -webkit-[min-|max-]logical-{width,height}.
 */
function legacyLogicalAliases(): Array<[string, string]> {
  const sides: Array<[string, string]> = [['start', 'inline-start'], ['end', 'inline-end'], ['before', 'block-start'], ['after', 'block-end']];
  const out: Array<[string, string]> = [];
  for (const [legacy, logical] of sides) {
    out.push([`-webkit-margin-${legacy}`, `margin-${logical}`], [`-webkit-padding-${legacy}`, `padding-${logical}`], [`-webkit-border-${legacy}`, `border-${logical}`]);
    for (const part of ['width', 'style', 'color']) out.push([`-webkit-border-${legacy}-${part}`, `border-${logical}-${part}`]);
  }
  for (const [prefix, target] of [['', ''], ['min-', 'min-'], ['max-', 'max-']]) {
    out.push([`-webkit-${prefix}logical-width`, `${target}inline-size`], [`-webkit-${prefix}logical-height`, `${target}block-size`]);
  }
  return out;
}
