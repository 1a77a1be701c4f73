/**
 * A small CSS block scanner for what css-tree 3 leaves as Raw: nested style rules (css-nesting-1),
 * at-rules inside style rules, and style="" attribute text. In: CSS source text and a range.
 * Out: block items (declarations, qualified rules, at-rules) with 1-based lines, per css-syntax-3
 * §5.4.4 "consume a block's contents" (simplified: a top-level `{` before `;` makes a rule).
 */
import type { Declaration } from './declaration.ts';

/** A declaration, qualified rule or at-rule found in a block; offsets index the scanned text. */
export type BlockItem =
  | { type: 'decl'; name: string; value: string; important: boolean; line: number }
  | { type: 'rule'; prelude: string; bodyStart: number; bodyEnd: number; line: number }
  | { type: 'at'; name: string; prelude: string; bodyStart: number; bodyEnd: number; hasBlock: boolean; line: number }
  | { type: 'bad'; text: string; line: number };

/** Maps offsets in `text` to 1-based lines, starting at `firstLine` at offset 0. */
export class LineMap {
  private starts: number[] = [0];
  constructor(text: string, private readonly firstLine = 1) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  line(offset: number): number {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid; else hi = mid - 1;
    }
    return this.firstLine + lo;
  }
}

/** Skips a comment or string starting at `i`; returns the index after it, or `i` when none starts there. */
function skipAtom(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
    const close = text.indexOf('*/', i + 2);
    return close < 0 || close + 2 > end ? end : close + 2;
  }
  if (c === 34 || c === 39) {
    let j = i + 1;
    while (j < end) {
      const d = text.charCodeAt(j);
      if (d === 92) { j += 2; continue; }
      if (d === c || d === 10) return j + 1;
      j++;
    }
    return end;
  }
  return i;
}

/**
 * Index of the first top-level character in `stops` from `i` (nested (), [], {} and strings and
 * comments skipped), or `end`. A `}` that closes nothing also stops the scan.
 */
export function scanTo(text: string, i: number, end: number, stops: string): number {
  let depth = 0;
  while (i < end) {
    const next = skipAtom(text, i, end);
    if (next !== i) { i = next; continue; }
    const ch = text[i]!;
    if (ch === '\\') { i += 2; continue; }
    if (depth === 0 && stops.includes(ch)) return i;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') { if (depth === 0) return i; depth--; }
    i++;
  }
  return end;
}

/** Index of the `}` matching the `{` at `open`, or `end` when unclosed. */
export function matchBrace(text: string, open: number, end: number): number {
  let depth = 0;
  let i = open;
  while (i < end) {
    const next = skipAtom(text, i, end);
    if (next !== i) { i = next; continue; }
    const ch = text[i]!;
    if (ch === '\\') { i += 2; continue; }
    if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') { depth--; if (depth === 0) return i; }
    i++;
  }
  return end;
}

/**
 * `s` without leading and trailing CSS whitespace (css-syntax-3 §4.2: space, tab, line feed; CR and form
 * feed are newlines before preprocessing). Not String.prototype.trim, which also drops U+FEFF, U+00A0 and
 * the other Unicode spaces: in CSS those are ident code points, so a stray byte order mark before a
 * selector is part of it (Chromium drops `\uFEFF*, *::before {…}` as invalid) and one in a value makes it
 * invalid.
 */
export function trimCss(s: string): string {
  let a = 0, b = s.length;
  while (a < b && isCssSpace(s.charCodeAt(a))) a++;
  while (b > a && isCssSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function isCssSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}

/** Removes comments from a short piece of CSS text (strings kept). */
export function stripComments(s: string): string {
  if (!s.includes('/*')) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const next = skipAtom(s, i, s.length);
    if (next !== i) {
      if (s[i] !== '/') out += s.slice(i, next);
      else out += ' ';
      i = next;
      continue;
    }
    out += s[i];
    i++;
  }
  return out;
}

const IMPORTANT = /!\s*important\s*$/i;

/** Splits a declaration's text `name: value [!important]`; null when it is not a declaration. */
export function parseDeclarationText(text: string, line: number): BlockItem {
  const colon = scanTo(text, 0, text.length, ':');
  const rawName = trimCss(stripComments(text.slice(0, colon)));
  if (colon >= text.length || !/^-?-?[a-zA-Z_\u0080-\uffff][\w\u0080-\uffff-]*$|^--[\w\u0080-\uffff-]*$/.test(rawName)) {
    return { type: 'bad', text: text.trim().slice(0, 80), line };
  }
  let value = text.slice(colon + 1);
  const custom = rawName.startsWith('--');
  if (!custom) value = stripComments(value);
  let important = false;
  const m = IMPORTANT.exec(value);
  if (m) { important = true; value = value.slice(0, m.index); }
  value = trimCss(value);
  return { type: 'decl', name: custom ? rawName : rawName.toLowerCase(), value, important, line };
}

/**
 * Consumes a block's contents (css-syntax-3 §5.4.4) from text[start, end): declarations, nested
 * qualified rules and at-rules, in order. Never throws; unparsable pieces come back as 'bad'.
 */
export function consumeBlockContents(text: string, start: number, end: number, lines: LineMap): BlockItem[] {
  const items: BlockItem[] = [];
  let i = start;
  while (i < end) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 12 || ch === 59 /* ; */) { i++; continue; }
    const next = skipAtom(text, i, end);
    if (next !== i && text[i] === '/') { i = next; continue; }
    const line = lines.line(i);
    if (ch === 64 /* @ */) {
      const nameEnd = scanName(text, i + 1, end);
      const name = text.slice(i + 1, nameEnd).toLowerCase();
      const stop = scanTo(text, nameEnd, end, ';{');
      const prelude = trimCss(stripComments(text.slice(nameEnd, stop)));
      if (stop < end && text[stop] === '{') {
        const close = matchBrace(text, stop, end);
        items.push({ type: 'at', name, prelude, bodyStart: stop + 1, bodyEnd: close, hasBlock: true, line });
        i = close + 1;
      } else {
        items.push({ type: 'at', name, prelude, bodyStart: stop, bodyEnd: stop, hasBlock: false, line });
        i = stop + 1;
      }
      continue;
    }
    const stop = scanTo(text, i, end, ';{');
    const isCustom = text.startsWith('--', i);
    if (stop < end && text[stop] === '{' && !isCustom) {
      const close = matchBrace(text, stop, end);
      items.push({ type: 'rule', prelude: trimCss(stripComments(text.slice(i, stop))), bodyStart: stop + 1, bodyEnd: close, line });
      i = close + 1;
      continue;
    }
    if (isCustom && stop < end && text[stop] === '{') {
      // A custom property whose value holds a {} block: runs to the next top-level ';'.
      let j = stop;
      while (j < end && text[j] !== ';') j = text[j] === '{' ? matchBrace(text, j, end) + 1 : scanTo(text, j, end, ';{');
      items.push(parseDeclarationText(text.slice(i, j), line));
      i = j + 1;
      continue;
    }
    if (stop === i) { i++; continue; } // stray '}'
    items.push(parseDeclarationText(text.slice(i, stop), line));
    i = stop + 1;
  }
  return items;
}

function scanName(text: string, i: number, end: number): number {
  while (i < end && /[\w\u0080-\uffff-]/.test(text[i]!)) i++;
  return i;
}

/**
 * Parses style="" attribute text into declarations (CSS Style Attributes §3), `line` being the
 * element's source line. Nested rules and at-rules in an attribute are ignored; bad pieces are
 * reported through `onBad`.
 */
export function parseStyleAttribute(text: string, line: number | undefined, onBad?: (text: string) => void): Declaration[] {
  const items = consumeBlockContents(text, 0, text.length, new LineMap(text, line ?? 1));
  const out: Declaration[] = [];
  for (const it of items) {
    if (it.type === 'decl') {
      const d: Declaration = { name: it.name, value: it.value, important: it.important, source: 'style attribute' };
      if (line !== undefined) d.line = line;
      out.push(d);
    } else if (onBad) onBad(it.type === 'bad' ? it.text : text.slice(0, 60));
  }
  return out;
}
