// In: component values of the line-truncation properties (css-overflow-3 §3 text-overflow; css-overflow-4 §4 line-clamp,
// max-lines, block-ellipsis, continue; the legacy -webkit-line-clamp / -webkit-box-orient). Out: Longhand rows, the line-clamp shorthand, finishLineClamp.
import type { ComputedStyle } from '../computed.ts';
import { parseInteger } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { keywordRow, Note, type Env, type Longhand, type Shorthand } from './types.ts';

type Ellipsis = NonNullable<ComputedStyle['blockEllipsis']>;
type TextOverflow = NonNullable<ComputedStyle['textOverflow']>;

/** One text-overflow value: clip | ellipsis | <string> (css-overflow-3 §3.1; the 2-value form's end side). */
function overflowValue(n: CV): TextOverflow | null {
  if (n.t === 'str') return Object.freeze({ text: n.v });
  if (n.t === 'ident' && (n.lc === 'clip' || n.lc === 'ellipsis')) return n.lc;
  return null;
}

/** block-ellipsis: none | auto | <string> (css-overflow-4 §4.4). */
function parseBlockEllipsis(v: readonly CV[]): Ellipsis | null {
  if (v.length !== 1) return null;
  const n = v[0];
  if (n.t === 'str') return Object.freeze({ text: n.v });
  if (n.t === 'ident' && (n.lc === 'none' || n.lc === 'auto')) return n.lc;
  return null;
}

/** none | <integer [1,∞]> (max-lines, -webkit-line-clamp). */
function parseLineCount(v: readonly CV[]): 'none' | number | null {
  if (v.length !== 1) return null;
  if (v[0].t === 'ident') return v[0].lc === 'none' ? 'none' : null;
  const n = parseInteger(v[0]);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export const LINE_CLAMP_ROWS: Longhand<any>[] = [
  {
    name: 'text-overflow', inherited: false, fields: ['textOverflow'],
    parse: (v) => {
      if (v.length < 1 || v.length > 2) return null;
      const vals = v.map(overflowValue);
      if (vals.some((x) => x === null)) return null;
      // Two values (css-overflow-4): the first is the line's start side, which we never truncate.
      return v.length === 2 ? new Note(vals[1], 'text-overflow: only the end side is truncated') : vals[0];
    },
    apply: (env, v: TextOverflow) => { env.s.textOverflow = v; },
  },
  {
    name: 'block-ellipsis', inherited: true, fields: ['blockEllipsis'],
    parse: parseBlockEllipsis,
    apply: (env, v: Ellipsis) => { env.s.blockEllipsis = v; },
  },
  {
    name: 'max-lines', inherited: false, fields: ['maxLines'],
    parse: parseLineCount,
    apply: (env, v: 'none' | number) => { env.s.maxLines = v; },
  },
  keywordRow('continue', 'continue', false, ['auto', 'discard']),
  {
    name: '-webkit-line-clamp', inherited: false, fields: ['webkitLineClamp'],
    parse: parseLineCount,
    apply: (env, v: 'none' | number) => { env.s.webkitLineClamp = v; },
  },
  keywordRow('-webkit-box-orient', 'webkitBoxOrient', false, {
    horizontal: 'horizontal', vertical: 'vertical', 'inline-axis': 'horizontal', 'block-axis': 'vertical',
  }),
];

/**
 * line-clamp: none | <integer [1,∞]> <'block-ellipsis'>? (css-overflow-4 §4.3), a shorthand of
 * max-lines, block-ellipsis and continue: none gives none/none/auto, a number N gives N, the
 * ellipsis (auto when omitted) and discard.
 */
export const LINE_CLAMP_SHORTHAND: Shorthand = {
  name: 'line-clamp',
  longhands: ['max-lines', 'block-ellipsis', 'continue'],
  expand: (v) => {
    if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') {
      return new Map<string, unknown>([['max-lines', 'none'], ['block-ellipsis', 'none'], ['continue', 'auto']]);
    }
    let lines: number | null = null;
    let ellipsis: Ellipsis | null = null;
    for (const n of v) {
      if (n.t === 'ident' && n.lc === '-webkit-legacy') continue;
      if (lines === null && n.t === 'num') {
        const k = parseInteger(n);
        if (!Number.isInteger(k) || k < 1) return null;
        lines = k;
        continue;
      }
      if (ellipsis === null) { ellipsis = parseBlockEllipsis([n]); if (ellipsis !== null) continue; }
      return null;
    }
    if (lines === null) return null;
    return new Map<string, unknown>([['max-lines', lines], ['block-ellipsis', ellipsis ?? 'auto'], ['continue', 'discard']]);
  },
};

/**
 * The legacy clamp (css-overflow-4 §4.3 -webkit-line-clamp, as Chromium lays it out): with
 * display: -webkit-box or -webkit-inline-box, -webkit-box-orient: vertical and a number, the box
 * is a block container (inline-block for the inline form) clamped after that many lines with a
 * U+2026 block ellipsis. Runs once per element after every declaration is applied.
 */
export function finishLineClamp(env: Env): void {
  const s = env.s;
  if (s.webkitBox !== true || s.webkitLineClamp === 'none' || s.webkitLineClamp === undefined || s.webkitBoxOrient !== 'vertical') return;
  if (s.display === 'flex') s.display = 'block';
  else if (s.display === 'inline-flex') s.display = 'inline-block';
  else return;
  if (s.maxLines === 'none') {
    s.maxLines = s.webkitLineClamp;
    if (s.blockEllipsis === 'none' || s.blockEllipsis === undefined) s.blockEllipsis = 'auto';
  }
}
