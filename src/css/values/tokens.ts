/**
 * Value text -> component values. In: the raw text of one declaration value (css-syntax-3 §4
 * tokenization, §5 component values). Out: a flat list of `CV` nodes (whitespace and comments dropped).
 *
 * A small hand-rolled tokenizer: declaration values are short and this is the hot path of the
 * cascade, so we do not build css-tree's full AST. Functions and ()/[] blocks nest; `url(x)`
 * becomes one node. Unclosed blocks are closed at the end of input (css-syntax-3 §5.4.8).
 */

export type CV =
  | { t: 'ident'; v: string; lc: string }
  | { t: 'num'; v: number; int: boolean }
  | { t: 'dim'; v: number; unit: string }
  | { t: 'pct'; v: number }
  | { t: 'str'; v: string }
  | { t: 'hash'; v: string }
  | { t: 'url'; v: string }
  | { t: 'fn'; name: string; args: CV[] }
  | { t: 'block'; open: '(' | '['; items: CV[] }
  | { t: 'comma' }
  | { t: 'slash' }
  | { t: 'delim'; v: string };

const COMMA: CV = Object.freeze({ t: 'comma' }) as CV;
const SLASH: CV = Object.freeze({ t: 'slash' }) as CV;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isNameStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 128;
const isName = (c: number): boolean => isNameStart(c) || isDigit(c) || c === 45;
const isWs = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
const isHex = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** Deepest nesting of functions and blocks accepted (deeper values are invalid, not a stack overflow). */
const MAX_DEPTH = 64;

class Tokenizer {
  i = 0;
  depth = 0;
  constructor(readonly s: string) {}

  /** Reads an escape after a backslash at `i` (css-syntax-3 §4.3.7); returns the code point text. */
  escape(): string {
    const s = this.s;
    this.i++; // the backslash
    if (this.i >= s.length) return '\uFFFD';
    let c = s.charCodeAt(this.i);
    if (isHex(c)) {
      let j = this.i;
      while (j < s.length && j - this.i < 6 && isHex(s.charCodeAt(j))) j++;
      const cp = parseInt(s.slice(this.i, j), 16);
      this.i = j;
      if (this.i < s.length && isWs(s.charCodeAt(this.i))) this.i++;
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(cp);
    }
    c = s.codePointAt(this.i)!;
    this.i += c > 0xffff ? 2 : 1;
    return String.fromCodePoint(c);
  }

  startsIdent(at: number): boolean {
    const s = this.s;
    const c = s.charCodeAt(at);
    if (isNameStart(c)) return true;
    if (c === 92) return at + 1 < s.length && s.charCodeAt(at + 1) !== 10;
    if (c === 45) {
      const d = s.charCodeAt(at + 1);
      return isNameStart(d) || d === 45 || (d === 92 && at + 2 < s.length);
    }
    return false;
  }

  startsNumber(at: number): boolean {
    const s = this.s;
    let c = s.charCodeAt(at);
    if (c === 43 || c === 45) c = s.charCodeAt(++at);
    if (isDigit(c)) return true;
    return c === 46 && isDigit(s.charCodeAt(at + 1));
  }

  name(): string {
    const s = this.s;
    let out = '';
    let start = this.i;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (isName(c)) { this.i++; continue; }
      if (c === 92 && this.i + 1 < s.length && s.charCodeAt(this.i + 1) !== 10) {
        out += s.slice(start, this.i) + this.escape();
        start = this.i;
        continue;
      }
      break;
    }
    return out + s.slice(start, this.i);
  }

  number(): { v: number; int: boolean } {
    const s = this.s;
    const start = this.i;
    let int = true;
    let c = s.charCodeAt(this.i);
    if (c === 43 || c === 45) c = s.charCodeAt(++this.i);
    while (isDigit(s.charCodeAt(this.i))) this.i++;
    if (s.charCodeAt(this.i) === 46 && isDigit(s.charCodeAt(this.i + 1))) {
      int = false;
      this.i += 2;
      while (isDigit(s.charCodeAt(this.i))) this.i++;
    }
    c = s.charCodeAt(this.i);
    if (c === 101 || c === 69) {
      const d = s.charCodeAt(this.i + 1);
      if (isDigit(d) || ((d === 43 || d === 45) && isDigit(s.charCodeAt(this.i + 2)))) {
        int = false;
        this.i += 2;
        while (isDigit(s.charCodeAt(this.i))) this.i++;
      }
    }
    let v = Number(s.slice(start, this.i));
    if (!Number.isFinite(v)) v = v > 0 ? 1e7 : -1e7; // out-of-range numbers are clamped (css-values-4 §10.12)
    return { v, int };
  }

  string(quote: number): string {
    const s = this.s;
    this.i++;
    let out = '';
    let start = this.i;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === quote) { out += s.slice(start, this.i); this.i++; return out; }
      if (c === 10) break; // bad string: ends at the newline
      if (c === 92) {
        out += s.slice(start, this.i);
        if (s.charCodeAt(this.i + 1) === 10) this.i += 2; // escaped newline: continuation
        else out += this.escape();
        start = this.i;
        continue;
      }
      this.i++;
    }
    return out + s.slice(start, this.i);
  }

  /** Unquoted url( … ) body; the `url(` is consumed. */
  url(): string | null {
    const s = this.s;
    while (isWs(s.charCodeAt(this.i))) this.i++;
    let out = '';
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 41) { this.i++; return out; }
      if (isWs(c)) {
        while (isWs(s.charCodeAt(this.i))) this.i++;
        if (this.i >= s.length || s.charCodeAt(this.i) === 41) { this.i++; return out; }
        return null;
      }
      if (c === 34 || c === 39 || c === 40) return null;
      if (c === 92) { out += this.escape(); continue; }
      out += s[this.i++];
    }
    return out;
  }

  /** Consumes component values until `close` (char code) or end; null on a bad token. */
  list(close: number): CV[] | null {
    if (++this.depth > MAX_DEPTH) return null;
    const r = this.items(close);
    this.depth--;
    return r;
  }

  private items(close: number): CV[] | null {
    const s = this.s;
    const out: CV[] = [];
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (isWs(c)) { this.i++; continue; }
      if (c === 47 && s.charCodeAt(this.i + 1) === 42) { // comment
        const end = s.indexOf('*/', this.i + 2);
        this.i = end < 0 ? s.length : end + 2;
        continue;
      }
      if (c === close) { this.i++; return out; }
      if (c === 41 || c === 93 || c === 125 || c === 59 || c === 123) return null; // stray ) ] } ; {
      if (c === 44) { this.i++; out.push(COMMA); continue; }
      if (c === 47) { this.i++; out.push(SLASH); continue; }
      if (c === 34 || c === 39) { out.push({ t: 'str', v: this.string(c) }); continue; }
      if (this.startsNumber(this.i)) {
        const n = this.number();
        if (s.charCodeAt(this.i) === 37) { this.i++; out.push({ t: 'pct', v: n.v }); continue; }
        if (this.startsIdent(this.i)) { out.push({ t: 'dim', v: n.v, unit: this.name().toLowerCase() }); continue; }
        out.push({ t: 'num', v: n.v, int: n.int });
        continue;
      }
      if (c === 35) { // #
        this.i++;
        if (this.i < s.length && (isName(s.charCodeAt(this.i)) || s.charCodeAt(this.i) === 92)) out.push({ t: 'hash', v: this.name() });
        else out.push({ t: 'delim', v: '#' });
        continue;
      }
      if (this.startsIdent(this.i)) {
        const v = this.name();
        const lc = v.toLowerCase();
        if (s.charCodeAt(this.i) === 40) {
          this.i++;
          if (lc === 'url') {
            let j = this.i;
            while (isWs(s.charCodeAt(j))) j++;
            const q = s.charCodeAt(j);
            if (q !== 34 && q !== 39) {
              const u = this.url();
              if (u === null) return null;
              out.push({ t: 'url', v: u });
              continue;
            }
          }
          const args = this.list(41);
          if (args === null) return null;
          if (lc === 'url' && args.length >= 1 && args[0].t === 'str') { out.push({ t: 'url', v: args[0].v }); continue; }
          out.push({ t: 'fn', name: lc, args });
          continue;
        }
        out.push({ t: 'ident', v, lc });
        continue;
      }
      if (c === 40 || c === 91) {
        this.i++;
        const items = this.list(c === 40 ? 41 : 93);
        if (items === null) return null;
        out.push({ t: 'block', open: c === 40 ? '(' : '[', items });
        continue;
      }
      if (c === 92) { // escape starting an ident handled above; a lone backslash is a delim
        this.i++;
        out.push({ t: 'delim', v: '\\' });
        continue;
      }
      const cp = s.codePointAt(this.i)!;
      this.i += cp > 0xffff ? 2 : 1;
      out.push({ t: 'delim', v: String.fromCodePoint(cp) });
    }
    return out; // end of input closes every open block
  }
}

/**
 * Tokenizes a declaration value into component values (css-syntax-3 §4, §5.4.8).
 * Returns null when the value holds a token that is invalid in a declaration value
 * (a stray `)`, `]`, `}`, `;` or `{`, or a bad url()). Never throws.
 */
export function tokenize(text: string): CV[] | null {
  return new Tokenizer(text).list(-1);
}

/** Splits a component value list at top-level commas. */
export function splitCommas(list: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const n of list) {
    if (n.t === 'comma') out.push([]);
    else out[out.length - 1].push(n);
  }
  return out;
}

/** Splits a component value list at top-level slashes. */
export function splitSlashes(list: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const n of list) {
    if (n.t === 'slash') out.push([]);
    else out[out.length - 1].push(n);
  }
  return out;
}

/** The lower-cased identifier of a node, or undefined when it is not an ident. */
export const identOf = (n: CV | undefined): string | undefined => (n !== undefined && n.t === 'ident' ? n.lc : undefined);
