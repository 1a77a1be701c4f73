/**
 * CSS counters and counter styles. In: counter-reset/-increment/-set of elements in document
 * order, and counter values with a list-style-type. Out: scoped counter values (CSS 2.1 §12.4,
 * css-lists-3 §4) and their text (css-counter-styles-3 §6 predefined styles, list marker suffixes).
 */
import type { CounterOp } from '../css/computed.ts';

// ---- counter styles (css-counter-styles-3 §6)

const LOWER_LATIN = 'abcdefghijklmnopqrstuvwxyz';
const UPPER_LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER_GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';
const CJK_DIGITS = '〇一二三四五六七八九';
const ROMAN: ReadonlyArray<[number, string]> = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];
/** Additive systems, largest weight first (css-counter-styles-3 §6.1 armenian, georgian). */
const ARMENIAN: ReadonlyArray<[number, string]> = [
  [9000, 'Ք'], [8000, 'Փ'], [7000, 'Ւ'], [6000, 'Ց'], [5000, 'Ր'], [4000, 'Տ'], [3000, 'Վ'], [2000, 'Ս'], [1000, 'Ռ'],
  [900, 'Ջ'], [800, 'Պ'], [700, 'Չ'], [600, 'Ո'], [500, 'Շ'], [400, 'Ն'], [300, 'Յ'], [200, 'Մ'], [100, 'Ճ'],
  [90, 'Ղ'], [80, 'Ձ'], [70, 'Հ'], [60, 'Կ'], [50, 'Ծ'], [40, 'Խ'], [30, 'Լ'], [20, 'Ի'], [10, 'Ժ'],
  [9, 'Թ'], [8, 'Ը'], [7, 'Է'], [6, 'Զ'], [5, 'Ե'], [4, 'Դ'], [3, 'Գ'], [2, 'Բ'], [1, 'Ա'],
];
const GEORGIAN: ReadonlyArray<[number, string]> = [
  [10000, 'ჵ'], [9000, 'ჰ'], [8000, 'ჯ'], [7000, 'ჴ'], [6000, 'ხ'], [5000, 'ჭ'], [4000, 'წ'], [3000, 'ძ'], [2000, 'ც'], [1000, 'ჩ'],
  [900, 'შ'], [800, 'ყ'], [700, 'ღ'], [600, 'ქ'], [500, 'ფ'], [400, 'ჳ'], [300, 'ტ'], [200, 'ს'], [100, 'რ'],
  [90, 'ჟ'], [80, 'პ'], [70, 'ო'], [60, 'ჲ'], [50, 'ნ'], [40, 'მ'], [30, 'ლ'], [20, 'კ'], [10, 'ი'],
  [9, 'თ'], [8, 'ჱ'], [7, 'ზ'], [6, 'ვ'], [5, 'ე'], [4, 'დ'], [3, 'გ'], [2, 'ბ'], [1, 'ა'],
];

/** The bullet characters Chromium uses (css-counter-styles-3 §6.3 cyclic styles). */
export const BULLETS: Readonly<Record<'disc' | 'circle' | 'square', string>> = Object.freeze({
  disc: '\u2022', circle: '\u25E6', square: '\u25AA',
});
const DISCLOSURE: Readonly<Record<string, string>> = { 'disclosure-open': '\u25BE', 'disclosure-closed': '\u25B8' };

function alphabetic(n: number, symbols: string): string {
  // css-counter-styles-3 §3.1.3: bijective base-N; defined for n >= 1 only.
  const chars = Array.from(symbols);
  let out = '';
  while (n > 0) {
    n -= 1;
    out = chars[n % chars.length] + out;
    n = Math.floor(n / chars.length);
  }
  return out;
}

function roman(n: number): string {
  let out = '';
  for (const [w, s] of ROMAN) {
    while (n >= w) { out += s; n -= w; }
  }
  return out;
}

function additive(n: number, table: ReadonlyArray<[number, string]>): string {
  let out = '';
  for (const [w, s] of table) {
    while (n >= w) { out += s; n -= w; }
  }
  return out;
}

function decimal(n: number): string {
  return String(Math.trunc(n));
}

/**
 * The representation of counter value `n` in counter style `style` (a list-style-type keyword),
 * without prefix or suffix (css-counter-styles-3 §6). Values outside a style's range fall back
 * to decimal (roman 1–3999, alphabetic ≥ 1, armenian 1–9999, georgian 1–19999). Unknown style
 * names are treated as decimal (css-counter-styles-3 §3: unknown counter style → decimal);
 * 'none' gives ''. A string style (list-style-type "…", stored with a leading '"') gives the string.
 */
export function formatCounter(n: number, style: string): string {
  switch (style) {
    case 'none': return '';
    case 'disc': case 'circle': case 'square': return BULLETS[style];
    case 'disclosure-open': case 'disclosure-closed': return DISCLOSURE[style]!;
    case 'decimal': return decimal(n);
    case 'decimal-leading-zero':
      return n < 0 ? (n > -10 ? '-0' + decimal(-n) : decimal(n)) : n < 10 ? '0' + decimal(n) : decimal(n);
    case 'lower-roman': return n >= 1 && n <= 3999 ? roman(n) : decimal(n);
    case 'upper-roman': return n >= 1 && n <= 3999 ? roman(n).toUpperCase() : decimal(n);
    case 'lower-alpha': case 'lower-latin': return n >= 1 ? alphabetic(n, LOWER_LATIN) : decimal(n);
    case 'upper-alpha': case 'upper-latin': return n >= 1 ? alphabetic(n, UPPER_LATIN) : decimal(n);
    case 'lower-greek': return n >= 1 ? alphabetic(n, LOWER_GREEK) : decimal(n);
    case 'armenian': case 'upper-armenian': return n >= 1 && n <= 9999 ? additive(n, ARMENIAN) : decimal(n);
    case 'lower-armenian': return n >= 1 && n <= 9999 ? additive(n, ARMENIAN).toLowerCase() : decimal(n);
    case 'georgian': return n >= 1 && n <= 19999 ? additive(n, GEORGIAN) : decimal(n);
    case 'cjk-decimal': {
      const s = decimal(Math.abs(n));
      let out = n < 0 ? '-' : '';
      for (const c of s) out += CJK_DIGITS[c.charCodeAt(0) - 48];
      return out;
    }
    default:
      if (style.startsWith('"')) return style.slice(1);
      return decimal(n);
  }
}

/**
 * The text of a list marker for counter value `n` (css-lists-3 §3.2 / css-counter-styles-3 §6):
 * the representation plus the style's suffix, ". " for numeric and alphabetic styles ("4" → "iv. "
 * in lower-roman, "、" for cjk-decimal), " " for disc/circle/square/disclosure ("• "). A string
 * style is used as given, without suffix. 'none' → ''.
 */
export function markerText(n: number, style: string): string {
  if (style === 'none') return '';
  if (style.startsWith('"')) return style.slice(1);
  const repr = formatCounter(n, style);
  switch (style) {
    case 'disc': case 'circle': case 'square': case 'disclosure-open': case 'disclosure-closed':
      return repr + ' ';
    case 'cjk-decimal': return repr + '\u3001';
    default: return repr + '. ';
  }
}

// ---- counter scopes (CSS 2.1 §12.4.1, css-lists-3 §4.4–4.5)

/**
 * Counter values in document order. Each counter name maps to a stack of nested instances
 * (innermost last). A scope set is pushed when the box builder enters an element's children and
 * popped when it leaves: counters instantiated by a child (counter-reset) live in the child's
 * parent's scope, i.e. for the child, its descendants and its following siblings (§12.4.1).
 */
export class CounterState {
  private readonly values = new Map<string, number[]>();
  private readonly scopes: Array<Set<string> | null> = [null];

  /** Enters an element's children (call after `apply` on the element itself). */
  enter(): void {
    this.scopes.push(null);
  }

  /** Leaves an element's children: counters instantiated among them go out of scope. */
  leave(): void {
    const scope = this.scopes.pop();
    if (!scope) return;
    for (const name of scope) {
      const stack = this.values.get(name);
      if (!stack) continue;
      stack.pop();
      if (stack.length === 0) this.values.delete(name);
    }
    if (this.scopes.length === 0) this.scopes.push(null);
  }

  private instantiate(name: string, value: number): void {
    let scope = this.scopes[this.scopes.length - 1];
    if (!scope) {
      scope = new Set();
      this.scopes[this.scopes.length - 1] = scope;
    }
    let stack = this.values.get(name);
    if (!stack) {
      stack = [];
      this.values.set(name, stack);
    }
    if (scope.has(name)) {
      // A sibling instantiated it already: the new instance replaces it (§12.4.1).
      stack[stack.length - 1] = value;
    } else {
      scope.add(name);
      stack.push(value);
    }
  }

  /**
   * Applies one element's (or pseudo-element's) counter properties in the order of
   * css-lists-3 §4.5: counter-reset, then counter-increment, then counter-set. Incrementing or
   * setting a counter that does not exist instantiates it at 0 first. `implicitListItem`: the
   * increment of the implicit `list-item` counter (1, or -1 in a reversed list; 0 for none), used
   * unless counter-increment names list-item itself (css-lists-3 §4.6).
   */
  apply(reset: readonly CounterOp[], increment: readonly CounterOp[], set: readonly CounterOp[], implicitListItem = 0): void {
    for (const op of reset) this.instantiate(op.name, op.value);
    let listItemDone = false;
    for (const op of increment) {
      if (op.name === 'list-item') listItemDone = true;
      this.add(op.name, op.value);
    }
    if (implicitListItem !== 0 && !listItemDone) this.add('list-item', implicitListItem);
    for (const op of set) {
      const stack = this.values.get(op.name);
      if (stack && stack.length) stack[stack.length - 1] = op.value;
      else this.instantiate(op.name, op.value);
    }
  }

  private add(name: string, by: number): void {
    const stack = this.values.get(name);
    if (stack && stack.length) stack[stack.length - 1]! += by;
    else this.instantiate(name, by);
  }

  /** Whether a counter of that name is in scope. */
  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The innermost value of a counter; instantiates it at 0 when none is in scope (css-lists-3 §4.4). */
  value(name: string): number {
    const stack = this.values.get(name);
    if (stack && stack.length) return stack[stack.length - 1]!;
    this.instantiate(name, 0);
    return 0;
  }

  /** All nested values of a counter, outermost first (for counters()); instantiates one at 0 when none. */
  all(name: string): readonly number[] {
    const stack = this.values.get(name);
    if (stack && stack.length) return stack.slice();
    this.instantiate(name, 0);
    return [0];
  }
}
