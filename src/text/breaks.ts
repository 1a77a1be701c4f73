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
 * Text made only of ASCII letters, digits, spaces and . , : ; ! ? (classes AL, NU, SP, IS, EX):
 * UAX #14 breaks there exactly after each run of spaces (LB18), nowhere else (LB13, LB28, LB29).
 */
const SIMPLE_ASCII = /^[A-Za-z0-9 .,:;!?]*$/;

const CACHE = new Lru<string, readonly BreakOpportunity[]>(4000);

/**
 * The UAX #14 line-break opportunities of `text` (linebreak's LineBreaker, which implements the
 * pair table with LB8a, LB21a, LB30a): `position` is the UTF-16 index a new line would start at
 * (the break is before the character at `position`); `required` marks mandatory breaks (after
 * LF, CR, CR LF, VT, FF, NEL, LS, PS). Soft hyphens (U+00AD, class BA) give an opportunity after
 * them. The end of the text (LB3) is reported only when it is a mandatory break, i.e. when the text
 * ends with a newline: the caller may pass part of a paragraph. Results are cached (bounded) and
 * shared: do not mutate them. Never throws; non-strings throw TypeError (API misuse).
 */
export function breakOpportunities(text: string): BreakOpportunity[] {
  if (typeof text !== 'string') throw new TypeError('breakOpportunities expects a string');
  if (text.length === 0) return [];
  const hit = CACHE.get(text);
  if (hit) return hit as BreakOpportunity[];
  const out: BreakOpportunity[] = SIMPLE_ASCII.test(text) ? asciiBreaks(text) : uax14Breaks(text);
  if (text.length <= 512) CACHE.set(text, out);
  return out;
}

function asciiBreaks(text: string): BreakOpportunity[] {
  const out: BreakOpportunity[] = [];
  for (let i = 1; i < text.length; i++) {
    if (text.charCodeAt(i - 1) === 0x20 && text.charCodeAt(i) !== 0x20) out.push({ position: i, required: false });
  }
  return out;
}

function uax14Breaks(text: string): BreakOpportunity[] {
  const out: BreakOpportunity[] = [];
  try {
    const breaker = new LineBreaker(text);
    for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
      if (b.position <= 0) continue;
      let required = b.required;
      if (b.position >= text.length) {
        // LB3 always breaks at the end; keep it only when a newline ends the text (LB4/LB5).
        if (!isHardBreakChar(text.charCodeAt(text.length - 1))) break;
        required = true;
      }
      out.push({ position: b.position, required });
    }
  } catch {
    return asciiBreaks(text);
  }
  return out;
}
