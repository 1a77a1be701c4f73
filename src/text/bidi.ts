// The Unicode bidirectional algorithm (UAX #9) for one inline formatting context, through bidi-js.
// In: the paragraph text, its base direction and the embeddings inline boxes open. Out: levels per UTF-16 index, visual order (L2), mirrored characters (L4).
import bidiModule from 'bidi-js';

// bidi-js is CommonJS: the default import is its factory at run time, typed as the namespace.
const BIDI = ((typeof bidiModule === 'function' ? bidiModule : bidiModule.default) as typeof bidiModule.default)();

/** The closing bracket paired with an opening one (Bidi_Paired_Bracket, Bidi_Paired_Bracket_Type=Open), else null. */
export const closingBracketOf = (ch: string): string | null => BIDI.openingToClosingBracket(ch);
/** The opening bracket paired with a closing one (Bidi_Paired_Bracket, Bidi_Paired_Bracket_Type=Close), else null. */
export const openingBracketOf = (ch: string): string | null => BIDI.closingToOpeningBracket(ch);

/** unicode-bidi values (css-writing-modes-3 §2.2). */
export type UnicodeBidi = 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';

const LRE = '\u202a', RLE = '\u202b', PDF = '\u202c', LRO = '\u202d', RLO = '\u202e';
const LRI = '\u2066', RLI = '\u2067', FSI = '\u2068', PDI = '\u2069';

/**
 * The control characters an inline box with `unicode-bidi` and `direction` stands for at its start
 * and end (css-writing-modes-3 §2.4.2, the table of bidi control codes; Blink's
 * NGInlineItemsBuilder::EnterInline): embed → LRE/RLE…PDF, isolate → LRI/RLI…PDI, bidi-override →
 * LRO/RLO…PDF, isolate-override → LRI+LRO / RLI+RLO … PDF+PDI, plaintext → FSI…PDI; normal → none.
 */
export function bidiControls(unicodeBidi: UnicodeBidi, direction: 'ltr' | 'rtl'): { open: string; close: string } | null {
  const rtl = direction === 'rtl';
  switch (unicodeBidi) {
    case 'embed': return { open: rtl ? RLE : LRE, close: PDF };
    case 'isolate': return { open: rtl ? RLI : LRI, close: PDI };
    case 'bidi-override': return { open: rtl ? RLO : LRO, close: PDF };
    case 'isolate-override': return { open: rtl ? RLI + RLO : LRI + LRO, close: PDF + PDI };
    case 'plaintext': return { open: FSI, close: PDI };
    default: return null;
  }
}

/** Bidi classes whose presence makes a paragraph need the algorithm (anything else resolves to level 0 in an ltr paragraph). */
const NEEDS = new Set(['R', 'AL', 'AN', 'LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'LRI', 'RLI', 'FSI', 'PDI']);

/**
 * Whether an ltr paragraph of `text` has any character whose level could be other than 0: a
 * right-to-left letter (R, AL), an Arabic number (AN) or an explicit control. No such character
 * below U+0590, so Latin text is answered by one scan of char codes.
 */
export function hasRtlOrControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x590) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const cp = text.codePointAt(i)!;
      if (NEEDS.has(BIDI.getBidiCharTypeName(String.fromCodePoint(cp)))) return true;
      i++;
      continue;
    }
    if (NEEDS.has(BIDI.getBidiCharTypeName(text[i]))) return true;
  }
  return false;
}

/**
 * Whether `text` may hold characters of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
 * N'Ko … U+0590–08FF, presentation forms, or any supplementary-plane character): text without
 * them shapes the same whatever direction is asked, since fontkit takes a run's default direction
 * from its script. Persian digits (U+06F0–06F9) are EN, left to right, yet in the Arabic script.
 */
export function mayHaveRtlScript(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x590) continue;
    if (c <= 0x8ff || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff) || (c >= 0xd800 && c <= 0xdbff)) return true;
  }
  return false;
}

/** Control characters inserted before paragraph index `at` (in insertion order when several share it). */
export interface BidiInsert { at: number; text: string }

/** Embedding levels of a paragraph's text and the base level at each index (plaintext paragraphs differ). */
export interface ParagraphLevels {
  /** Resolved level per UTF-16 index of the paragraph text (rules X1–I2; L1 is the line's business). */
  levels: Uint8Array;
  /** The base level of the bidi paragraph each index belongs to (0 or 1; paragraphs end at '\n'). */
  base: Uint8Array;
}

/**
 * Runs UAX #9 (rules P2–I2; bidi-js, Unicode 13) over `text` with explicit controls inserted
 * where inline boxes open and close (`inserts`, sorted by `at`), and maps the levels back to
 * `text`'s own indices. `base` 'auto' finds each paragraph's direction from its first strong
 * character (P2–P3, for unicode-bidi: plaintext on the block; ltr when there is none).
 * Paragraphs end at paragraph separators ('\n' stands for <br> and preserved newlines).
 */
export function paragraphLevels(text: string, base: 'ltr' | 'rtl' | 'auto', inserts: readonly BidiInsert[]): ParagraphLevels {
  let full = text;
  const map = new Int32Array(text.length);
  if (inserts.length === 0) {
    for (let i = 0; i < text.length; i++) map[i] = i;
  } else {
    const parts: string[] = [];
    let from = 0;
    let shift = 0;
    for (const ins of inserts) {
      const at = Math.max(from, Math.min(text.length, ins.at));
      for (let i = from; i < at; i++) map[i] = i + shift;
      parts.push(text.slice(from, at), ins.text);
      shift += ins.text.length;
      from = at;
    }
    for (let i = from; i < text.length; i++) map[i] = i + shift;
    parts.push(text.slice(from));
    full = parts.join('');
  }
  const r = BIDI.getEmbeddingLevels(bmpStandIns(full), base === 'auto' ? undefined : base);
  const levels = new Uint8Array(text.length);
  const baseOut = new Uint8Array(text.length);
  let p = 0;
  for (let i = 0; i < text.length; i++) {
    const j = map[i];
    levels[i] = r.levels[j];
    while (p < r.paragraphs.length - 1 && j > r.paragraphs[p].end) p++;
    baseOut[i] = r.paragraphs.length ? r.paragraphs[p].level : base === 'rtl' ? 1 : 0;
  }
  return { levels, base: baseOut };
}

/** A BMP character of each bidi class, for the classes supplementary characters have. */
const STAND_IN: Readonly<Record<string, string>> = {
  L: 'a', R: '\u05d0', AL: '\u0627', EN: '0', ES: '+', ET: '#', AN: '\u0660', CS: ',', NSM: '\u0300', BN: '\u00ad', WS: ' ', ON: '!',
};

/**
 * `text` with each surrogate pair replaced by two BMP characters of the pair's bidi class: bidi-js
 * classifies UTF-16 units one by one, which would make every emoji, Adlam or Hanifi Rohingya
 * letter a strong L. Lengths and indices are unchanged.
 */
function bmpStandIns(text: string): string {
  if (!/[\ud800-\udbff]/.test(text)) return text;
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, (pair) => {
    const c = STAND_IN[BIDI.getBidiCharTypeName(pair)] ?? '!';
    return c + c;
  });
}

/**
 * The visual order of items with bidi levels (UAX #9 L2): from the highest level down to the
 * lowest odd level, every maximal run at that level or higher is reversed. Returns the indices
 * of `levels` from left to right.
 */
export function visualOrder(levels: ArrayLike<number>): number[] {
  const n = levels.length;
  const order = new Array<number>(n);
  let hi = 0;
  let lo = 255;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    if (levels[i] > hi) hi = levels[i];
    if (levels[i] < lo) lo = levels[i];
  }
  if (lo % 2 === 0) lo++;
  for (let lvl = hi; lvl >= lo; lvl--) {
    for (let i = 0; i < n; ) {
      if (levels[order[i]] < lvl) { i++; continue; }
      let j = i;
      while (j < n && levels[order[j]] >= lvl) j++;
      for (let a = i, b = j - 1; a < b; a++, b--) { const t = order[a]; order[a] = order[b]; order[b] = t; }
      i = j;
    }
  }
  return order;
}

/**
 * `text` with every character that has a Bidi_Mirroring_Glyph replaced by it (UAX #9 L4, for a
 * right-to-left run: "(" → ")", "«" → "»", "≤" → "≥"). Mirrored pairs are BMP characters, so the
 * result has the same UTF-16 length and indices.
 */
export function mirrorText(text: string): string {
  let out: string[] | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ASCII has mirrored pairs only among ( ) < > [ ] { }.
    if (c < 0x80 && c !== 0x28 && c !== 0x29 && c !== 0x3c && c !== 0x3e && c !== 0x5b && c !== 0x5d && c !== 0x7b && c !== 0x7d) continue;
    const m = BIDI.getMirroredCharacter(text[i]);
    if (m && m.length === 1) (out ??= text.split(''))[i] = m;
  }
  return out ? out.join('') : text;
}
