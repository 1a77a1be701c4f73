/**
 * The values module's face. In: nothing. Out: re-exports of the value parsers other parts of
 * the css stage may reuse (tokenizer, lengths and calc(), colours, var() substitution).
 */
export { tokenize, splitCommas, splitSlashes, identOf, type CV } from './tokens.ts';
export {
  ABSOLUTE_UNITS, Lin, parseLength, parseNumber, parseInteger, computeLength, computePx, hasPct,
  type MathExpr, type LengthEnv, type LengthOpts,
} from './length.ts';
export { parseColor, parseQuirkyColor, CURRENT_COLOR } from './color.ts';
export { NAMED_COLORS } from './named-colors.ts';
export { substituteVars, computeCustomProperties, hasVar, MAX_SUBSTITUTED_LENGTH } from './var.ts';

import type { Color } from '../computed.ts';
import { isCurrentRelative, parseColor as parseColorNode } from './color.ts';
import { tokenize as tokenizeText } from './tokens.ts';

/**
 * Parses colour text such as 'red', '#0f08' or 'rgb(0 0 0 / 50%)' (css-color-4) into sRGB.
 * Returns null for invalid text and for `currentcolor` or a color-mix() of it (which need an element). Never throws.
 */
export function parseColorText(text: string): Color | null {
  const t = tokenizeText(text);
  if (t === null || t.length !== 1) return null;
  const c = parseColorNode(t[0]);
  return c === null || isCurrentRelative(c) ? null : c;
}
