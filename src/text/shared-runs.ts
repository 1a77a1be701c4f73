// Shaped text shared by the renders of documents with @font-face faces. In: a primary face's identity, the
// shaping parameters and the text. Out: the GlyphRun list another render made for them, tied to this render's face.
import type { FontFace, GlyphRun } from './types.ts';
import { Lru } from './lru.ts';

/**
 * Process-wide, bounded (entries): GlyphRun lists whose every run is in the primary face, keyed by that
 * face's identity (FontFace.key: the font file's content hash, variable instance and metric-override rule,
 * or a bundled face's name) plus the unicode-range it serves, size, spacing, caps, direction and text.
 * Such a result depends on nothing else: no fallback family was consulted. A document's @font-face faces
 * are new objects in every render, so the per-render caches of src/text/index.ts start empty; this one
 * keeps what they would otherwise segment and shape again.
 */
const RUNS = new Lru<string, GlyphRun[]>(20000);

/**
 * The identity part of a shared key for a primary face, or undefined when results in it may not be shared
 * (`rangedBefore`: a unicode-range family listed before it serves some characters first). `range`: the
 * unicode-range the face serves (from its @font-face rule), empty for all code points.
 */
export function faceShareKey(face: FontFace, range: ReadonlyArray<readonly [number, number]>, rangedBefore: boolean): string | undefined {
  if (rangedBefore) return undefined;
  if (range.length === 0) return face.key;
  let r = RANGE_KEYS.get(range);
  if (r === undefined) RANGE_KEYS.set(range, (r = range.map(([a, b]) => `${a}-${b}`).join(',')));
  return `${face.key}\u0001${r}`;
}

/** unicode-range lists written as key text, per list (a cached stylesheet's @font-face rules keep theirs between renders). */
const RANGE_KEYS = new WeakMap<object, string>();

/** The shared key of a text shaped with the given parameters (sizes in px) under a face share key. */
export function sharedRunsKey(faceKey: string, size: number, letterSpacing: number, wordSpacing: number, caps: string, rtl: boolean | undefined, text: string): string {
  return `${faceKey}\u0001${size}\u0001${letterSpacing}\u0001${wordSpacing}\u0001${caps}${rtl === undefined ? '' : rtl ? 'r' : 'l'}\u0001${text}`;
}

/**
 * The runs stored under `key`, each in `primary` (a run made by another render carries that render's face
 * object, which is replaced: same font, this render's metrics and synthesis), or undefined.
 */
export function sharedRuns(key: string, primary: FontFace): GlyphRun[] | undefined {
  const hit = RUNS.get(key);
  if (hit === undefined || hit[0]?.face === primary) return hit;
  return hit.map((run) => (run.face === primary ? run : { ...run, face: primary }));
}

/** Stores runs that are all in the primary face (see RUNS). Do not mutate them afterwards. */
export function shareRuns(key: string, runs: GlyphRun[]): void {
  if (runs.length) RUNS.set(key, runs);
}

/** Empties the shared runs (tests and benchmarks). */
export function clearSharedRuns(): void {
  RUNS.clear();
}
