/**
 * The @page `size` descriptor (css-page-3 §7.1). In: the descriptor's value text.
 * Out: the page box size in px ({ width, height }), or null when invalid (with a warning).
 */
import type { WarningSink } from '../../warnings.ts';
import { ABSOLUTE_UNITS } from '../values/length.ts';
import { tokenize, type CV } from '../values/tokens.ts';

const MM = 96 / 25.4;
const IN = 96;
/** css-page-3 §7.1.1 <page-size> keywords, portrait, in px. */
export const PAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = Object.freeze({
  a5: [148 * MM, 210 * MM], a4: [210 * MM, 297 * MM], a3: [297 * MM, 420 * MM],
  b5: [176 * MM, 250 * MM], b4: [250 * MM, 353 * MM],
  'jis-b5': [182 * MM, 257 * MM], 'jis-b4': [257 * MM, 364 * MM],
  letter: [8.5 * IN, 11 * IN], legal: [8.5 * IN, 14 * IN], ledger: [11 * IN, 17 * IN],
});
/**
 * The product's default page (`size: auto`, or an orientation alone): A4 as Chromium 156 prints
 * Playwright's `format: 'A4'` (8.27 × 11.7 in), so that pages without a size match the reference PDFs
 * (true A4, `size: A4`, is 595.28 × 841.89 pt). Chromium lays that paper out and paints it on whole
 * points, 596 × 843 pt = 794.67 × 1124 px (measured: with no margin its page clip is 794.67 × 1124 px, a
 * fixed `bottom: 0` box ends at 1124 and content is shrunk to fit against 794.67), although its PDF's
 * MediaBox says 595.92 × 842.88 pt (0.03 mm less, which cuts nothing that shows).
 */
export const DEFAULT_PAGE_SIZE: readonly [number, number] = Object.freeze([596 * 4 / 3, 843 * 4 / 3] as const);

function pageLength(n: CV): number | null {
  if (n.t !== 'dim') return null;
  const k = ABSOLUTE_UNITS[n.unit];
  let px: number;
  if (k !== undefined) px = n.v * k;
  else if (n.unit === 'em' || n.unit === 'rem') px = n.v * 16;
  else return null;
  return px > 0 ? px : null;
}

const cache = new Map<string, { width: number; height: number } | null>();

/**
 * Computes the page size (css-page-3 §7.1): `auto` (DEFAULT_PAGE_SIZE, our UA default), `portrait`,
 * `landscape`, a <page-size> keyword (A3, A4, A5, B4, B5, JIS-B4, JIS-B5, letter, legal, ledger)
 * optionally with an orientation, or one or two positive absolute lengths (em = 16px).
 * `undefined` means no `size` descriptor: DEFAULT_PAGE_SIZE. Returns px; null (and a warning
 * 'unsupported-value') when the value is invalid. Never throws.
 */
export function computePageSize(value: string | undefined, warnings: WarningSink): { width: number; height: number } | null {
  if (value === undefined) return { width: DEFAULT_PAGE_SIZE[0], height: DEFAULT_PAGE_SIZE[1] };
  const key = value.trim();
  let r = cache.get(key);
  if (r === undefined) {
    r = parse(key);
    if (cache.size > 256) cache.clear();
    cache.set(key, r);
  }
  if (r === null) { warnings.add('unsupported-value', `invalid @page size: "${key}"`); return null; }
  return { width: r.width, height: r.height };
}

function parse(text: string): { width: number; height: number } | null {
  const v = tokenize(text);
  if (v === null || v.length === 0 || v.length > 2) return null;
  if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'auto') return { width: DEFAULT_PAGE_SIZE[0], height: DEFAULT_PAGE_SIZE[1] };
  const lens = v.map(pageLength);
  if (lens.every((l) => l !== null)) {
    const w = lens[0]!, h = lens[1] ?? lens[0]!;
    return { width: w, height: h };
  }
  let size: readonly [number, number] | null = null;
  let orient: string | null = null;
  for (const n of v) {
    if (n.t !== 'ident') return null;
    if (n.lc === 'portrait' || n.lc === 'landscape') { if (orient) return null; orient = n.lc; continue; }
    const s = PAGE_SIZES[n.lc];
    if (!s || size) return null;
    size = s;
  }
  const [w, h] = size ?? DEFAULT_PAGE_SIZE;
  return orient === 'landscape' ? { width: h, height: w } : { width: w, height: h };
}
