// @font-face faces (css-fonts-4 §4). In: FontFaceRule objects from the cascade, a ResourceLoader
// and a WarningSink. Out: lazily loaded FaceEntry objects per family; parsed fonts cached by content hash.
import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import type { FontFaceRule } from '../css/styled.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { FontFace } from './types.ts';
import { bundledFaceByName, makeFace, parseFont, type FaceEntry } from './fonts.ts';
import { Lru } from './lru.ts';
import { fixWoff2Subsetting } from './woff2-subset.ts';

/** format() hints we can read (fontkit parses TrueType, CFF OpenType, WOFF, WOFF2, collections). */
const SUPPORTED_FORMATS = new Set([
  'truetype', 'opentype', 'woff', 'woff2', 'collection',
  'truetype-variations', 'opentype-variations', 'woff-variations', 'woff2-variations',
]);

/** Parsed @font-face fonts by SHA-1 of their bytes, shared by every render of the process. */
const PARSED = new Lru<string, { font: Font } | { error: string }>(48);

/**
 * Parses font bytes, cached by content hash (bounded: 48 fonts). Returns the font and its
 * process-unique key (`font:<sha1>`), or the parse error message.
 */
export function parseCached(data: Uint8Array): { font: Font; key: string } | { error: string } {
  const hash = createHash('sha1').update(data).digest('hex');
  let hit = PARSED.get(hash);
  if (!hit) {
    try {
      const font = parseFont(data);
      fixWoff2Subsetting(font);
      hit = { font };
    } catch (e) {
      hit = { error: (e as Error).message || String(e) };
    }
    PARSED.set(hash, hit);
  }
  return 'font' in hit ? { font: hit.font, key: `font:${hash.slice(0, 16)}` } : hit;
}

/** Short form of a URL for messages (data: URIs are long). */
function shortUrl(url: string): string {
  return url.startsWith('data:') ? `${url.slice(0, 30)}…` : url.length > 120 ? `${url.slice(0, 117)}…` : url;
}

/** The MIME type of font data sniffed from its first bytes (for messages and format checks). */
function sniff(data: Uint8Array): string | undefined {
  if (data.length < 4) return undefined;
  const tag = String.fromCharCode(data[0], data[1], data[2], data[3]);
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'opentype';
  if (tag === 'true' || (data[0] === 0 && data[1] === 1 && data[2] === 0 && data[3] === 0)) return 'truetype';
  if (tag === 'ttcf') return 'collection';
  return undefined;
}

class FontFaceEntry implements FaceEntry {
  readonly key: string;
  readonly family: string;
  readonly weight: [number, number];
  readonly style: FontFace['style'];
  readonly unicodeRange: ReadonlyArray<readonly [number, number]>;
  private loaded: FontFace | undefined;
  private done = false;

  constructor(private readonly rule: FontFaceRule, index: number, private readonly loader: ResourceLoader, private readonly warnings: WarningSink) {
    this.family = rule.family;
    const lo = clampWeight(rule.weight?.[0] ?? 400);
    const hi = clampWeight(rule.weight?.[1] ?? lo);
    this.weight = lo <= hi ? [lo, hi] : [hi, lo];
    this.style = rule.style === 'italic' || rule.style === 'oblique' ? rule.style : 'normal';
    this.unicodeRange = Array.isArray(rule.unicodeRange) ? rule.unicodeRange : [];
    this.key = `font-face:${index}`;
  }

  /** Loads the first usable source (css-fonts-4 §4.3: sources in order, unsupported formats skipped). */
  face(): FontFace | undefined {
    if (this.done) return this.loaded;
    this.done = true;
    const reasons: string[] = [];
    const weight = this.weight[0] <= 400 && this.weight[1] >= 400 ? 400 : this.weight[0];
    for (const src of this.rule.sources ?? []) {
      if (src.kind === 'local') {
        const entry = bundledFaceByName(src.name);
        const f = entry?.face();
        if (f) {
          this.loaded = { ...f, family: this.family, weight, style: this.style };
          return this.loaded;
        }
        reasons.push(`local("${src.name}") is not installed`);
        continue;
      }
      if (src.kind !== 'url') continue;
      const fmt = src.format?.trim().toLowerCase().replace(/^["']|["']$/g, '');
      if (fmt && !SUPPORTED_FORMATS.has(fmt)) continue; // e.g. embedded-opentype, svg: not ours to read
      if (/\.(eot|svgz?)([?#].*)?$/i.test(src.url) && !fmt) continue;
      const res = this.loader.load(src.url);
      if (!res.ok) {
        reasons.push(res.failure.message);
        continue;
      }
      const parsed = parseCached(res.resource.data);
      if ('error' in parsed) {
        reasons.push(`${shortUrl(src.url)} is not a readable font (${sniff(res.resource.data) ?? 'unknown format'}: ${parsed.error})`);
        continue;
      }
      this.loaded = makeFace(parsed.key, this.family, weight, this.style, parsed.font);
      return this.loaded;
    }
    const why = reasons.length ? reasons.join('; ') : 'no usable source';
    this.warnings.add('font-load', `@font-face "${this.family}": ${why}`, this.rule.line !== undefined ? { line: this.rule.line } : undefined);
    return undefined;
  }
}

function clampWeight(w: number): number {
  return Number.isFinite(w) ? Math.min(1000, Math.max(1, w)) : 400;
}

/**
 * Turns the document's @font-face rules into face entries grouped by lower-cased family name.
 * Nothing is read yet: each face loads on first use (as browsers fetch only used faces), and a
 * face whose sources all fail warns once ('font-load') and behaves as absent. Within a family,
 * later rules come first so that they win ties in matching (css-fonts-4 §4.1: the last rule with
 * the same descriptors replaces earlier ones).
 */
export function fontFaceEntries(rules: readonly FontFaceRule[], loader: ResourceLoader, warnings: WarningSink, startIndex = 0): Map<string, FaceEntry[]> {
  const out = new Map<string, FaceEntry[]>();
  rules.forEach((rule, i) => {
    if (!rule || typeof rule.family !== 'string' || rule.family.trim() === '') {
      warnings.add('font-load', '@font-face without a font-family is ignored', rule?.line !== undefined ? { line: rule.line } : undefined);
      return;
    }
    const fam = rule.family.trim().replace(/\s+/g, ' ').toLowerCase();
    const list = out.get(fam) ?? [];
    list.unshift(new FontFaceEntry(rule, startIndex + i, loader, warnings));
    out.set(fam, list);
  });
  return out;
}
