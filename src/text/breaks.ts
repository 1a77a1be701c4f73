// Line-break opportunities (UAX #14, as css-text-3 §5 asks for `line-break: auto`). In: a string
// (UTF-16). Out: BreakOpportunity[], each a position where a line may (or must) end, in order.
import LineBreaker from 'linebreak';
import type { BreakOpportunity } from './types.ts';
import { Lru } from './lru.ts';

/** Mandatory-break characters (UAX #14 classes BK, CR, LF, NL). */
function isHardBreakChar(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/**
 * Blink's pair table for printable ASCII (text_break_iterator.cc, kAsciiLineBreakTable, "for
 * compatibility with other browsers"): for a previous character, the next characters before which
 * a line may break. Every other pair of printable ASCII characters is unbreakable. Measured in
 * Chromium over all 94 × 94 pairs (see test/text/breaks.test.ts): after most punctuation only
 * before ( < [ {; after '-' and '?' before letters and most symbols.
 */
const ASCII_PAIRS: ReadonlyMap<number, string> = (() => {
  const m = new Map<number, string>();
  for (const c of '!"#%&)*+,.:;=>\\]|}~') m.set(c.charCodeAt(0), '(<[{');
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~';
  m.set(0x2d, `"#%&'(*+-<=>@${letters}`);
  m.set(0x3f, `#$%&(*+-0123456789<=>@${letters}`);
  return m;
})();

/** 94 × 94 bits: may a line break between printable ASCII characters a and b? */
const ASCII_TABLE: Uint8Array = (() => {
  const t = new Uint8Array(94 * 94);
  for (const [a, next] of ASCII_PAIRS) for (const ch of next) t[(a - 0x21) * 94 + (ch.charCodeAt(0) - 0x21)] = 1;
  return t;
})();

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** Blink's ShouldBreakAfter for two printable ASCII characters (with the minus-sign rule). */
function asciiPairBreaks(lastLast: number, last: number, cur: number): boolean {
  // "Don't allow line breaking between '-' and a digit if the '-' may mean a minus sign."
  if (last === 0x2d && cur >= 0x30 && cur <= 0x39) return isAsciiAlnum(lastLast);
  return ASCII_TABLE[(last - 0x21) * 94 + (cur - 0x21)] === 1;
}

function isPrintableAscii(c: number): boolean {
  return c >= 0x21 && c <= 0x7e;
}

/** A letter of Latin-1 Supplement, Latin Extended-A or B (U+00C0-U+024F but × and ÷): UAX #14 class AL, as ASCII letters. */
function isLatinLetter(c: number): boolean {
  return c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7;
}

/**
 * Whether `last` and `cur` are letters or digits, one of them a Latin letter: no opportunity between them (UAX #14
 * LB23, LB28: AL × AL, AL × NU, NU × AL, whatever comes before or after), found without running UAX #14 over the
 * whole text for the accented letters of names ("Björk Guðmundsdóttir").
 */
function lettersJoin(last: number, cur: number): boolean {
  return isLatinLetter(last) ? isLatinLetter(cur) || isAsciiAlnum(cur) : isLatinLetter(cur) && isAsciiAlnum(last);
}

/** Spaces that end a word for line breaking (Blink's IsBreakableSpace): space, tab, newline. */
function isBreakableSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a;
}

const CACHE = new Lru<string, readonly BreakOpportunity[]>(4000);

/**
 * Line-break opportunities of `text` as Chromium finds them (css-text-3 §5, `line-break: auto`):
 * after a run of spaces (U+0020, tab); between two printable ASCII characters by Blink's pair
 * table above; elsewhere UAX #14 (linebreak's LineBreaker, pair table with LB8a, LB21a, LB30a),
 * as Blink defers to ICU there, with LB30 as Unicode 8 has it (linebreak 1.1 does not): a letter
 * or digit may break before a wide opening bracket ("12345（税込）"). `position` is the UTF-16 index
 * a new line would start at (the break is before the character at `position`); `required` marks
 * mandatory breaks (after LF, CR, CR LF, VT, FF, NEL, LS, PS). Soft hyphens (U+00AD) give an
 * opportunity after them. The end of the text (LB3) is reported only when it is a mandatory break,
 * i.e. when the text ends with a newline: the caller may pass part of a paragraph. Results are
 * cached (bounded) and shared: do not mutate them. Never throws on odd text; a non-string throws
 * TypeError (API misuse).
 */
export function breakOpportunities(text: string): BreakOpportunity[] {
  if (typeof text !== 'string') throw new TypeError('breakOpportunities expects a string');
  if (text.length === 0) return [];
  const hit = CACHE.get(text);
  if (hit) return hit as BreakOpportunity[];
  const out = blinkBreaks(text);
  if (text.length <= 512) CACHE.set(text, out);
  return out;
}

function blinkBreaks(text: string): BreakOpportunity[] {
  const out: BreakOpportunity[] = [];
  let uax: Map<number, boolean> | undefined; // UAX #14 opportunities, computed when first needed
  const n = text.length;
  for (let i = 1; i < n; i++) {
    const last = text.charCodeAt(i - 1);
    const cur = text.charCodeAt(i);
    if (isHardBreakChar(last)) {
      if (last === 0x0d && cur === 0x0a) continue; // CR × LF
      out.push({ position: i, required: true });
      continue;
    }
    if (isBreakableSpace(cur) || isHardBreakChar(cur)) continue; // never before a space (LB7) or a newline (LB6)
    if (isBreakableSpace(last)) {
      out.push({ position: i, required: false }); // LB18: after spaces
      continue;
    }
    if (isPrintableAscii(last) && isPrintableAscii(cur)) {
      if (asciiPairBreaks(i >= 2 ? text.charCodeAt(i - 2) : 0, last, cur)) out.push({ position: i, required: false });
      continue;
    }
    if (lettersJoin(last, cur)) continue;
    uax ??= uax14Breaks(text);
    const r = uax.get(i);
    if (r !== undefined) out.push({ position: i, required: r });
    else if (isWideOpening(cur) && isNarrowAlnum(last)) out.push({ position: i, required: false });
  }
  if (isHardBreakChar(text.charCodeAt(n - 1))) out.push({ position: n, required: true });
  return out;
}

/**
 * East Asian wide or fullwidth opening punctuation (class OP, East_Asian_Width F/W/H): （ ［ ｛ ｟ ｢
 * 〈 《 「 『 【 〔 〖 〘 〚 〝 and the small and vertical forms.
 */
function isWideOpening(c: number): boolean {
  return c === 0xff08 || c === 0xff3b || c === 0xff5b || c === 0xff5f || c === 0xff62 ||
    (c >= 0x3008 && c <= 0x301d && c % 2 === 0 && c !== 0x3012 && c !== 0x301c) || c === 0x301d ||
    (c >= 0xfe35 && c <= 0xfe43 && c % 2 === 1) || c === 0xfe47 || c === 0xfe59 || c === 0xfe5b || c === 0xfe5d;
}

const NARROW_ALNUM = /^[\p{L}\p{N}]$/u;
const WIDE = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Bopomofo}\p{sc=Yi}]$/u;

/** A letter or digit of class AL, HL or NU (not an ideograph, kana or Hangul, whose classes break before OP anyway). */
function isNarrowAlnum(c: number): boolean {
  if (c < 0x80) return isAsciiAlnum(c);
  if (c >= 0xd800 && c <= 0xdfff) return false;
  const ch = String.fromCharCode(c);
  return NARROW_ALNUM.test(ch) && !WIDE.test(ch) && !(c >= 0xff00 && c <= 0xffef);
}

/** Class CJ (UAX #14): small kana and the prolonged sound mark (BMP ones). */
const CJ = /[\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30fc\u31f0-\u31ff\uff67-\uff70]/g;

function uax14Breaks(text: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  try {
    // line-break: auto is ICU's normal strictness in Chromium: CJ resolves to ID, so a line may
    // start with a small kana or 'ー' (measured: 'こっ', 'こー', 'こァ' break; 'こゝ', 'こ。' do not).
    // linebreak resolves CJ to NS (strict): it gets an ideograph in their place, same length.
    const breaker = new LineBreaker(text.replace(CJ, '\u4e00'));
    for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
      if (b.position > 0 && b.position < text.length) out.set(b.position, b.required);
    }
  } catch {
    // linebreak failed on odd input: only the space and ASCII rules apply
  }
  return out;
}
