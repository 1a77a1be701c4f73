/**
 * OpenType feature and variation properties (css-fonts-4 §6.2 font-kerning, §6.3 font-variant-ligatures, §6.4
 * font-variant-numeric, §6.5 font-variant-position, §7.1 font-feature-settings, §7.2 font-variation-settings). In: component values.
 * Out: `Longhand` rows whose computed values are feature (or axis) settings strings: '' for the initial value,
 * else `tag` or `tag=N` entries joined by ','; the text stage applies them in css-fonts-4 §7.2's order.
 */
import { splitCommas, type CV } from '../values/tokens.ts';
import { setter, type Longhand } from './types.ts';

/** A keyword list where each group may appear at most once (`a || b || c`); null when invalid. */
function groupedKeywords(v: readonly CV[], groups: ReadonlyArray<Readonly<Record<string, string>>>): string | null {
  const picked: Array<string | undefined> = groups.map(() => undefined);
  for (const n of v) {
    if (n.t !== 'ident') return null;
    const g = groups.findIndex((x) => n.lc in x);
    if (g < 0 || picked[g] !== undefined) return null;
    picked[g] = groups[g]![n.lc]!;
  }
  return picked.filter((x) => x !== undefined).join(',');
}

/** font-variant-numeric's value groups and their features (css-fonts-4 §6.4), in the output order. */
const NUMERIC: ReadonlyArray<Record<string, string>> = [
  { 'lining-nums': 'lnum', 'oldstyle-nums': 'onum' },
  { 'proportional-nums': 'pnum', 'tabular-nums': 'tnum' },
  { 'diagonal-fractions': 'frac', 'stacked-fractions': 'afrc' },
  { ordinal: 'ordn' },
  { 'slashed-zero': 'zero' },
];

/** font-variant-ligatures' value groups (css-fonts-4 §6.3). */
const LIGATURES: ReadonlyArray<Record<string, string>> = [
  { 'common-ligatures': 'liga,clig', 'no-common-ligatures': 'liga=0,clig=0' },
  { 'discretionary-ligatures': 'dlig', 'no-discretionary-ligatures': 'dlig=0' },
  { 'historical-ligatures': 'hlig', 'no-historical-ligatures': 'hlig=0' },
  { contextual: 'calt', 'no-contextual': 'calt=0' },
];
const NO_LIGATURES = 'liga=0,clig=0,dlig=0,hlig=0,calt=0';

/** The value of `v` when it is a single keyword of `map`; undefined otherwise. */
function single(v: readonly CV[], map: Record<string, string>): string | undefined {
  return v.length === 1 && v[0]!.t === 'ident' ? map[v[0]!.lc] : undefined;
}

/** font-variant-numeric: normal | [ figure || spacing || fraction || ordinal || slashed-zero ]. */
export function parseVariantNumeric(v: readonly CV[]): string | null {
  return single(v, { normal: '' }) ?? (v.length ? groupedKeywords(v, NUMERIC) : null);
}

/** font-variant-ligatures: normal | none | [ common || discretionary || historical || contextual ]. */
export function parseVariantLigatures(v: readonly CV[]): string | null {
  return single(v, { normal: '', none: NO_LIGATURES }) ?? (v.length ? groupedKeywords(v, LIGATURES) : null);
}

/** An <opentype-tag>: a string of exactly 4 characters U+0020–U+007E (css-fonts-4 §7.1). */
const isTag = (s: string): boolean => /^[\x20-\x7e]{4}$/.test(s);

/**
 * font-feature-settings: normal | <feature-tag-value># with <feature-tag-value> = <opentype-tag> [ <integer [0,∞]> |
 * on | off ]? (css-fonts-4 §7.1); a tag given twice keeps its last value.
 */
export function parseFeatureSettings(v: readonly CV[]): string | null {
  if (single(v, { normal: '' }) !== undefined) return '';
  const out = new Map<string, number>();
  for (const part of splitCommas(v)) {
    const [tag, val, extra] = part;
    if (tag?.t !== 'str' || !isTag(tag.v) || extra !== undefined) return null;
    let n = 1;
    if (val !== undefined) {
      if (val.t === 'num' && val.int && val.v >= 0) n = val.v;
      else if (val.t === 'ident' && (val.lc === 'on' || val.lc === 'off')) n = val.lc === 'on' ? 1 : 0;
      else return null;
    }
    out.delete(tag.v);
    out.set(tag.v, n);
  }
  return out.size ? [...out].map(([t, n]) => `${t}=${n}`).join(',') : null;
}

/** font-variation-settings: normal | [ <opentype-tag> <number> ]# (css-fonts-4 §7.2); an axis given twice keeps its last value. */
export function parseVariationSettings(v: readonly CV[]): string | null {
  if (single(v, { normal: '' }) !== undefined) return '';
  const out = new Map<string, number>();
  for (const part of splitCommas(v)) {
    const [tag, val, extra] = part;
    if (tag?.t !== 'str' || !isTag(tag.v) || val?.t !== 'num' || extra !== undefined) return null;
    out.delete(tag.v);
    out.set(tag.v, val.v);
  }
  return out.size ? [...out].map(([t, n]) => `${t}=${n}`).join(',') : null;
}

function row(name: string, field: 'fontVariantNumeric' | 'fontVariantLigatures' | 'fontVariantPosition' | 'fontKerning' | 'fontFeatureSettings' | 'fontVariationSettings' | 'locale',
  parse: (v: readonly CV[]) => string | null): Longhand<string> {
  return { name, inherited: true, fields: [field], parse, apply: setter(field) };
}

export const FONT_FEATURE_ROWS: Longhand<any>[] = [
  row('font-variant-numeric', 'fontVariantNumeric', parseVariantNumeric),
  row('font-variant-ligatures', 'fontVariantLigatures', parseVariantLigatures),
  // font-kerning (§6.2): auto leaves kerning to the UA (Chromium kerns), normal turns it on, none off.
  row('font-kerning', 'fontKerning', (v) => single(v, { auto: '', normal: 'kern', none: 'kern=0' }) ?? null),
  // font-variant-position (§6.5): the font's subs / sups glyphs; Chromium 156 synthesises nothing where the font has none
  // (measured: DejaVu Sans, without either, keeps its widths; Liberation Sans' subs narrow "x2 H2O 123" from 85.39 to 71.44 px)
  row('font-variant-position', 'fontVariantPosition', (v) => single(v, { normal: '', sub: 'subs', super: 'sups' }) ?? null),
  row('font-feature-settings', 'fontFeatureSettings', parseFeatureSettings),
  row('font-variation-settings', 'fontVariationSettings', parseVariationSettings),
  // -webkit-locale: Blink's inherited property for the content language, which the `lang` attribute sets as a
  // presentational hint (src/css/presentational.ts); the shaper takes the font's lookups for that language from it.
  // `auto` (initial) or a string; '' is an unknown language.
  row('-webkit-locale', 'locale', (v) => (v.length !== 1 ? null : v[0]!.t === 'ident' && v[0]!.lc === 'auto' ? '' : v[0]!.t === 'str' ? v[0]!.v : null)),
];
