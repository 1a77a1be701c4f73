// In: the shaped text pieces of a paragraph and its font context.
// Out: the pieces with the pair kerning across their junctions added to their last glyphs' advances (as Chromium shapes whole runs).
import type { FontContext, FontSpec, GlyphRun } from '../../text/types.ts';
import type { InlineItem } from './item-types.ts';
import { shapeWord } from './shape-word.ts';
import { scriptAt, shapingKey } from '../../text/script-runs.ts';

const kernCache = new WeakMap<FontContext, Map<FontSpec, Map<string, number>>>();

/**
 * The pair adjustment (px) between the last character of one piece and the first of the next
 * in one font: width(ab) − width(a) − width(b), e.g. Liberation Serif's "space A" kerning,
 * which Chromium applies because it shapes whole runs. `script`: the script run both are in (each side and the pair
 * are shaped in it, as the whole run is, so that a language-specific glyph such as Noto Sans KR's KOR space is no
 * pair adjustment); undefined: their own. Memoised per FontContext, spec, script and pair.
 */
function pairKern(fonts: FontContext, spec: FontSpec, a: string, b: string, script?: string): number {
  let bySpec = kernCache.get(fonts);
  if (!bySpec) { bySpec = new Map(); kernCache.set(fonts, bySpec); }
  let byPair = bySpec.get(spec);
  if (!byPair) { byPair = new Map(); bySpec.set(spec, byPair); }
  const pair = a + b;
  const run = (s: string): string | undefined => (script === undefined ? undefined : `${s.length}:${script}`);
  const key = shapingKey(pair, run(pair));
  let k = byPair.get(key);
  if (k === undefined) {
    k = shapeWord(fonts, spec, pair, undefined, run(pair)).width - shapeWord(fonts, spec, a, undefined, run(a)).width - shapeWord(fonts, spec, b, undefined, run(b)).width;
    if (Math.abs(k) < 1e-6) k = 0;
    if (byPair.size < 4096) byPair.set(key, k);
  }
  return k;
}

/**
 * The kerning at the junction of `left` (ending at offset `leftAt` of the text whose script runs are `leftScripts`) and
 * `right` (starting at `rightAt` of the text of `rightScripts`): none where they are in different script runs, which
 * Blink shapes apart (script-runs.ts).
 */
function junction(fonts: FontContext, spec: FontSpec, left: string, leftScripts: string | undefined, leftAt: number, right: string, rightScripts: string | undefined, rightAt: number): number {
  const a = lastChar(left);
  const b = firstChar(right);
  const sa = leftScripts === undefined ? undefined : scriptAt(leftScripts, leftAt - a.length);
  const sb = rightScripts === undefined ? undefined : scriptAt(rightScripts, rightAt);
  if (sa !== sb && sa !== undefined && sb !== undefined) return 0;
  return pairKern(fonts, spec, a, b, sa ?? sb);
}

/**
 * Gives each text piece the kerning with the next piece of the same run (added to its last glyph's advance), and the
 * kerning between its word and its own trailing white space (Liberation's "A ", "T ", "Y "): that one goes to the
 * white space, so it is gone with the space where a line ends there, as in Chromium ("X AA " measures as "X AA").
 */
export function kernAcrossPieces(items: InlineItem[], fonts: FontContext): void {
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    // Runs of different bidi levels are shaped apart (as in Blink); a right-to-left pair's junction is not at the glyphs' ends.
    if (a.kind !== 'text' || a.tab || a.rtl) continue;
    if (a.word !== '' && a.spaces !== '') {
      const k = junction(fonts, a.spec, a.word, a.scripts, a.word.length, a.spaces, a.scripts, a.word.length);
      if (k !== 0) { a.spaceRuns = withLastAdvance(a.spaceRuns, k); a.spaceWidth += k; }
    }
    const b = items[i + 1];
    if (b === undefined || b.kind !== 'text' || a.box !== b.box || b.tab || b.word === '' || a.level !== b.level || b.rtl) continue;
    const onSpace = a.spaces !== '';
    const left = onSpace ? a.spaces : a.word;
    if (left === '') continue;
    const k = junction(fonts, a.spec, left, a.scripts, onSpace ? a.word.length + a.spaces.length : a.word.length, b.word, b.scripts, 0);
    if (k === 0) continue;
    if (onSpace) { a.spaceRuns = withLastAdvance(a.spaceRuns, k); a.spaceWidth += k; }
    else { a.wordRuns = withLastAdvance(a.wordRuns, k); a.wordWidth += k; }
  }
}

const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
const firstChar = (s: string): string => String.fromCodePoint(s.codePointAt(0)!);
const lastChar = (s: string): string => String.fromCodePoint(s.codePointAt(s.length - 1 - (s.length > 1 && isLowSurrogate(s.charCodeAt(s.length - 1)) ? 1 : 0))!);

/** A copy of `runs` whose last glyph advances `k` px more (shaped runs are shared: never mutated). */
function withLastAdvance(runs: GlyphRun[], k: number): GlyphRun[] {
  if (runs.length === 0) return runs;
  const last = runs[runs.length - 1];
  if (last.glyphs.length === 0) return runs;
  const glyphs = last.glyphs.slice();
  const g = glyphs[glyphs.length - 1];
  glyphs[glyphs.length - 1] = { ...g, advance: g.advance + k };
  return [...runs.slice(0, -1), { ...last, glyphs, width: last.width + k }];
}
