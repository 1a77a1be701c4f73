// The process-wide registry of bundled fonts (fonts/ at the repository root). In: family names as
// authors write them. Out: FontFace objects, each font file parsed once per process on first use.
import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import type { Font } from 'fontkit';
import type { FontFace } from './types.ts';
import { readFaceMetrics, type FaceMetrics } from './metrics.ts';
import type { MatchCandidate } from './matching.ts';

/** A face known to a font context: bundled or from @font-face. `face()` parses lazily and may fail (undefined). */
export interface FaceEntry extends MatchCandidate {
  key: string;
  family: string;
  /** unicode-range as [first, last] pairs; empty = all code points. */
  unicodeRange: ReadonlyArray<readonly [number, number]>;
  /** The face for a desired font-weight (variable fonts are instanced; other faces ignore it). */
  face(weight?: number): FontFace | undefined;
}

/** The folder of the bundled font files (repository `fonts/`). */
export const FONTS_DIR = new URL('../../fonts/', import.meta.url);

interface BundledSpec { file: string; family: string; weight: number; style: FontFace['style']; psName: string; fullName: string }

function familyFiles(family: string, base: string, italicWord: 'Italic' | 'Oblique', regularName: string): BundledSpec[] {
  const style: FontFace['style'] = italicWord === 'Italic' ? 'italic' : 'oblique';
  return [
    { file: `${base}${regularName}.ttf`, family, weight: 400, style: 'normal', psName: base, fullName: family },
    { file: `${base}-Bold.ttf`, family, weight: 700, style: 'normal', psName: `${base}-Bold`, fullName: `${family} Bold` },
    { file: `${base}-${italicWord}.ttf`, family, weight: 400, style, psName: `${base}-${italicWord}`, fullName: `${family} ${italicWord}` },
    { file: `${base}-Bold${italicWord}.ttf`, family, weight: 700, style, psName: `${base}-Bold${italicWord}`, fullName: `${family} Bold ${italicWord}` },
  ];
}

/** Every bundled face: Liberation Serif/Sans/Mono and DejaVu Sans/Serif/Sans Mono, 4 styles each. */
const BUNDLED: BundledSpec[] = [
  ...familyFiles('Liberation Serif', 'LiberationSerif', 'Italic', '-Regular'),
  ...familyFiles('Liberation Sans', 'LiberationSans', 'Italic', '-Regular'),
  ...familyFiles('Liberation Mono', 'LiberationMono', 'Italic', '-Regular'),
  ...familyFiles('DejaVu Sans', 'DejaVuSans', 'Oblique', ''),
  ...familyFiles('DejaVu Serif', 'DejaVuSerif', 'Italic', ''),
  ...familyFiles('DejaVu Sans Mono', 'DejaVuSansMono', 'Oblique', ''),
  // Han (GB 2312, JIS X 0208 and Big5 level 1), kana, Hangul (KS X 1001) and CJK punctuation: see fonts/LICENSE-DroidSansFallback.txt.
  { file: 'DroidSansFallback-CJK.ttf', family: 'Droid Sans Fallback', weight: 400, style: 'normal', psName: 'DroidSansFallback', fullName: 'Droid Sans Fallback' },
];

/**
 * Family aliases of the reference environment (fidelity/fonts.conf.in, strong prepend bindings):
 * keys are lower-case names. `system-ui` → DejaVu Sans: Chromium asks fontconfig for the system
 * UI font, and with only the bundled fonts fontconfig's best match for an unknown family is
 * DejaVu Sans (measured: Chromium headless with the reference fonts.conf renders system-ui in
 * DejaVu Sans). The other UI names (ui-sans-serif, ui-serif, ui-monospace, -apple-system,
 * BlinkMacSystemFont, Segoe UI, Roboto …) and cursive, fantasy, math, emoji are unknown there:
 * Chromium skips them and moves to the next family, falling back to its default (Times New
 * Roman → Liberation Serif), also measured.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['serif', 'Liberation Serif'], ['times', 'Liberation Serif'], ['times new roman', 'Liberation Serif'],
  ['sans-serif', 'Liberation Sans'], ['arial', 'Liberation Sans'], ['helvetica', 'Liberation Sans'], ['helvetica neue', 'Liberation Sans'],
  ['monospace', 'Liberation Mono'], ['courier', 'Liberation Mono'], ['courier new', 'Liberation Mono'],
  ['liberation serif', 'Liberation Serif'], ['liberation sans', 'Liberation Sans'], ['liberation mono', 'Liberation Mono'],
  ['dejavu sans', 'DejaVu Sans'], ['dejavu serif', 'DejaVu Serif'], ['dejavu sans mono', 'DejaVu Sans Mono'],
  ['droid sans fallback', 'Droid Sans Fallback'],
  ['system-ui', 'DejaVu Sans'],
]);

/** CSS generic family keywords (css-fonts-4 §4.2); an author list containing one never warns. */
export const GENERIC_FAMILIES: ReadonlySet<string> = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'math', 'emoji', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
]);

/** The family used when no family of a list is available (Chromium's default standard font here). */
export const DEFAULT_FAMILY = 'Liberation Serif';

/**
 * The platform fallback fonts, in the order fontconfig gives Chromium for a character that neither
 * the listed families nor the default font have (measured: U+0370 → DejaVu Sans, U+23B7 → DejaVu
 * Serif, U+2312 → DejaVu Sans Mono). Their regular faces are used, with synthetic bold/oblique.
 * Last, Droid Sans Fallback: the bundled CJK subset (Han, kana, Hangul), which the reference
 * environment lacks (its Chromium prints such text as .notdef boxes); with it installed as the only
 * CJK font, Chromium falls back to it the same way (test/layout/inline/cjk.test.ts).
 */
export const FALLBACK_FAMILIES: readonly string[] = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono', 'Droid Sans Fallback'];

/** Lower-cases a family name and collapses white space (matching is case-insensitive, css-fonts-4 §5.1). */
export function normaliseFamily(name: string): string {
  let n = NORMALISED.get(name);
  if (n === undefined) {
    n = name.trim().replace(/^["']|["']$/g, '').replace(/\s+/g, ' ').toLowerCase();
    if (NORMALISED.size >= 4096) NORMALISED.clear();
    NORMALISED.set(name, n);
  }
  return n;
}
const NORMALISED = new Map<string, string>();

/** The bundled family a name maps to (alias or exact name), or undefined. */
export function bundledFamilyFor(name: string): string | undefined {
  return ALIASES.get(normaliseFamily(name));
}

/**
 * Builds a FontFace from a parsed font: metrics read once (metrics.ts), `key` as given.
 * Never throws on odd fonts (missing tables fall back to defaults).
 */
export function makeFace(key: string, family: string, weight: number, style: FontFace['style'], font: Font): FontFace {
  const m = fontMetrics(font);
  const face: FontFace = {
    key, family, weight, style, font,
    unitsPerEm: m.unitsPerEm,
    ascent: m.ascent,
    descent: m.descent,
    lineGap: m.lineGap,
    xHeight: m.xHeight,
    capHeight: m.capHeight,
    underlinePosition: m.underlinePosition,
    underlineThickness: m.underlineThickness,
    strikeoutPosition: m.strikeoutPosition,
    strikeoutThickness: m.strikeoutThickness,
  };
  return face;
}

/** Full metrics (with the x-height fallback and '0' advance) per parsed font, read once. */
const FONT_METRICS = new WeakMap<object, FaceMetrics>();

/**
 * A font object drawing and shaping as `font` whose vertical metrics are replaced by an @font-face
 * rule's ascent-override, descent-override and line-gap-override (fractions of the em; css-fonts-4
 * §4.9, applied by Blink before its rounding). Each call gives a new object (its own PDF font).
 */
export function withMetricOverrides(font: Font, o: { ascent?: number; descent?: number; lineGap?: number }): Font {
  const m = fontMetrics(font);
  const out = Object.create(font) as Font;
  OVERRIDDEN.set(out, font);
  FONT_METRICS.set(out, {
    ...m,
    ascent: o.ascent !== undefined ? o.ascent * m.unitsPerEm : m.ascent,
    descent: o.descent !== undefined ? o.descent * m.unitsPerEm : m.descent,
    lineGap: o.lineGap !== undefined ? o.lineGap * m.unitsPerEm : m.lineGap,
  });
  return out;
}

/** Override wrappers and the fonts they wrap. */
const OVERRIDDEN = new WeakMap<object, Font>();

/**
 * The font's own metrics, ignoring @font-face metric overrides: what a PDF font descriptor states
 * (Chromium's PDFs keep the font's Ascent/Descent there; the overrides only move line boxes).
 */
export function naturalMetrics(font: Font): FaceMetrics {
  return fontMetrics(OVERRIDDEN.get(font) ?? font);
}

/** The metrics of a parsed font, in font units (read once per font object). */
export function fontMetrics(font: Font): FaceMetrics {
  let m = FONT_METRICS.get(font);
  if (!m) {
    m = readFaceMetrics(font);
    FONT_METRICS.set(font, m);
  }
  return m;
}

/** Parses a font file's bytes (TTF, OTF, WOFF, WOFF2; the first face of a collection). @throws Error on bad data. */
export function parseFont(data: Uint8Array): Font {
  const parsed = create(data) as Font & { fonts?: Font[] };
  if (Array.isArray(parsed.fonts)) {
    if (parsed.fonts.length === 0) throw new Error('empty font collection');
    return parsed.fonts[0];
  }
  if (typeof parsed.layout !== 'function' || typeof parsed.unitsPerEm !== 'number') throw new Error('not a usable font');
  return parsed;
}

class BundledEntry implements FaceEntry {
  readonly key: string;
  readonly family: string;
  readonly weight: [number, number];
  readonly style: FontFace['style'];
  readonly unicodeRange: ReadonlyArray<readonly [number, number]> = [];
  private parsed: FontFace | undefined;
  private failed = false;

  constructor(readonly spec: BundledSpec) {
    this.key = `bundled:${spec.psName}`;
    this.family = spec.family;
    this.weight = [spec.weight, spec.weight];
    this.style = spec.style;
  }

  face(): FontFace | undefined {
    if (this.parsed || this.failed) return this.parsed;
    try {
      const data = readFileSync(new URL(this.spec.file, FONTS_DIR));
      this.parsed = makeFace(this.key, this.spec.family, this.spec.weight, this.spec.style, parseFont(data));
    } catch {
      this.failed = true; // a broken installation: the family behaves as unavailable
    }
    return this.parsed;
  }
}

const ENTRIES: readonly BundledEntry[] = BUNDLED.map((s) => new BundledEntry(s));
const BY_FAMILY = new Map<string, BundledEntry[]>();
for (const e of ENTRIES) {
  const k = e.family.toLowerCase();
  const list = BY_FAMILY.get(k) ?? [];
  list.push(e);
  BY_FAMILY.set(k, list);
}
const BY_NAME = new Map<string, BundledEntry>();
for (const e of ENTRIES) {
  BY_NAME.set(e.spec.psName.toLowerCase(), e);
  BY_NAME.set(e.spec.fullName.toLowerCase(), e);
}
BY_NAME.set('dejavu sans book', BY_NAME.get('dejavu sans')!);
BY_NAME.set('dejavu serif book', BY_NAME.get('dejavu serif')!);
BY_NAME.set('dejavu sans mono book', BY_NAME.get('dejavu sans mono')!);
for (const fam of ['liberation serif', 'liberation sans', 'liberation mono']) BY_NAME.set(`${fam} regular`, BY_NAME.get(fam)!);

/** The bundled faces of a family given by its real name (after alias mapping), or undefined. */
export function bundledFaces(family: string): readonly FaceEntry[] | undefined {
  return BY_FAMILY.get(family.toLowerCase());
}

/** A bundled face by full name or PostScript name (for @font-face local()), case-insensitive. */
export function bundledFaceByName(name: string): FaceEntry | undefined {
  return BY_NAME.get(normaliseFamily(name));
}

/** The bundled regular face of Liberation Serif: the face of last resort (parsed on first call). */
export function defaultFace(): FontFace {
  for (const e of BY_FAMILY.get(DEFAULT_FAMILY.toLowerCase()) ?? []) {
    const f = e.face();
    if (f) return f;
  }
  for (const e of ENTRIES) {
    const f = e.face();
    if (f) return f;
  }
  throw new Error(`no bundled font could be read from ${FONTS_DIR.href}`);
}
