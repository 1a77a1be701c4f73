// In: the text of one inline formatting context (text runs concatenated, U+FFFC for atomic inlines, '\n' for forced breaks).
// Out: its UAX #14 soft wrap opportunities (the text stage's breakOpportunities), cached per text; a fast path for plain ASCII prose with '\n' and U+FFFC.
import type { BreakOpportunity } from '../../text/types.ts';
import { breakOpportunities } from '../../text/index.ts';

const cache = new Map<string, BreakOpportunity[]>();
const CACHE_MAX = 1024;

const isAlnum = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Characters the fast path understands: letters, digits, space, . , ; : ! ? '\n' and U+FFFC. */
const FAST = /^[A-Za-z0-9 .,;:!?\n\uFFFC]*$/;

/**
 * UAX #14 for text made only of ASCII letters, digits, spaces, '\n', U+FFFC and . , ; : ! ? —
 * the common case of business documents. Same answers as the full algorithm on this alphabet:
 * LB6/LB5 (break after '\n', required; none before it), LB7/LB13 (no break before space or
 * IS/EX), LB18 (break after spaces), LB20 (break around CB = U+FFFC).
 */
function fastBreaks(text: string): BreakOpportunity[] {
  const out: BreakOpportunity[] = [];
  for (let i = 1; i < text.length; i++) {
    const prev = text.charCodeAt(i - 1);
    const cur = text.charCodeAt(i);
    if (prev === 10) { out.push({ position: i, required: true }); continue; }
    if (cur === 32 || cur === 10) continue;
    const curStarts = isAlnum(cur) || cur === 0xfffc;
    if (prev === 32 && curStarts) out.push({ position: i, required: false });
    else if (cur === 0xfffc && prev !== 32) out.push({ position: i, required: false });
    else if (prev === 0xfffc && curStarts) out.push({ position: i, required: false });
  }
  return out;
}

/**
 * Soft and forced line-break opportunities of `text` (UAX #14 via the text stage; css-text-3 §5.1),
 * each before the UTF-16 index `position`; 0 < position < text.length (the text's end is not
 * listed). Results are cached per text (bounded) and must not be mutated.
 */
export function paragraphBreaks(text: string): BreakOpportunity[] {
  const hit = cache.get(text);
  if (hit) return hit;
  let out: BreakOpportunity[];
  if (FAST.test(text)) out = fastBreaks(text);
  else out = breakOpportunities(text).filter((b) => b.position > 0 && b.position < text.length);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, out);
  return out;
}
