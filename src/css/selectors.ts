/**
 * Selector compilation. In: a selector list as text (selectors-4). Out: one matcher per complex
 * selector (css-select over domhandler), its specificity (selectors-4 §17), its pseudo-element,
 * and the key of its rightmost compound (id, class or tag) for rule indexing.
 *
 * Dynamic states (:hover, :focus, :active, :visited, :target …) never match in a printed
 * document. Unsupported pseudo-elements/classes make their complex selector never match and are
 * reported once per render by the cascade ('unsupported-selector').
 */
import { compile } from 'css-select';
import { parse as parseSelector, type Selector } from 'css-what';
import type { Element } from 'domhandler';
import type { PseudoElement } from './styled.ts';
import { ancestorNeeds } from './ancestor-filter.ts';
import { directionality } from './presentational.ts';

/** Where a rule is filed in the index: its rightmost compound's id, else a class, else its tag. */
export type SelectorKey = { kind: 'id' | 'class' | 'tag'; value: string } | { kind: 'any' };

export interface CompiledSelector {
  /**
   * True when the element (the originating element, for pseudo-element selectors) matches.
   * css-select compiles the selector on the first call (most rules of a large framework sheet are
   * never tested); a selector css-select rejects never matches and sets `problem`.
   */
  match: (el: Element) => boolean;
  /** Set once compilation failed: the 'unsupported selector …' message. */
  problem: string | null;
  /** Packed (a, b, c): a × 1e6 + b × 1e3 + c, each clamped to 999. */
  specificity: number;
  pseudo: PseudoElement | null;
  key: SelectorKey;
  /** Ancestor features the selector needs (ancestor-filter.ts), or null. */
  ancestors: string[] | null;
  /**
   * An attribute (lower-cased name) the subject must have, when `key` is a tag or 'any': a rule
   * index may file the selector under it instead (ensureCompiled() first: see cascade.ts).
   */
  attr: string | null;
  /** True once css-select compiled it (`problem` is then known). */
  compiled: boolean;
  /** What of the document beyond the subject's and its ancestors' tags and attributes a match reads (DEPS flags). */
  deps: number;
}

/**
 * What a selector's match reads besides the subject's and its ancestors' names and attributes (match-memo.ts keys
 * an element by what its selectors can read): PREV the preceding siblings (+, ~, :first-child, :nth-child …),
 * LAST whether a sibling (of the same name) follows, COUNT how many follow, EMPTY whether the element has children,
 * OPTION for an <option>, whether its parent has an <option selected> child (css-select's :checked and :selected),
 * UNSAFE anything else (:has(), :dir(), text, pseudo-classes not known here).
 */
export const DEPS = { PREV: 1, LAST: 2, COUNT: 4, EMPTY: 8, UNSAFE: 16, OPTION: 32 } as const;

export interface CompiledSelectorList {
  selectors: CompiledSelector[];
  /** Why complex selectors were dropped: 'unsupported selector …' messages (deduplicated by the caller). */
  problems: string[];
  /** True when the whole list failed to parse (the rule is dropped, CSS syntax error). */
  invalid: boolean;
}

const NEVER = (): boolean => false;
/** Pseudo-classes for states a printed page is never in (selectors-4 §9–§13). */
const STATE_PSEUDOS: Record<string, (el: Element, value?: string | null) => boolean> = {};
for (const name of [
  'focus', 'focus-within', 'focus-visible', 'target', 'target-within', 'placeholder-shown', 'autofill',
  '-webkit-autofill', 'indeterminate', 'invalid', 'valid', 'user-invalid', 'user-valid', 'in-range',
  'out-of-range', 'default', 'fullscreen', 'modal', 'popover-open', 'picture-in-picture', 'playing',
  'paused', 'current', 'past', 'future', '-moz-focusring', 'focusring', '-moz-ui-invalid', 'host',
  'host-context', 'state', 'open', 'closed', 'blank', 'local-link', 'muted', 'seeking', 'stalled',
  'buffering', 'volume-locked', '-webkit-full-screen', '-moz-full-screen', '-ms-fullscreen',
  '-webkit-any-link-hover', 'hover-within', '-moz-placeholder', '-ms-input-placeholder', '-moz-only-whitespace',
]) STATE_PSEUDOS[name] = NEVER;
STATE_PSEUDOS['defined'] = () => true;
// :dir(ltr | rtl) (selectors-4 §8.1): the element's HTML directionality, not its CSS direction; any other value matches nothing.
STATE_PSEUDOS['dir'] = (el, value) => directionality(el) === value?.trim().toLowerCase();
STATE_PSEUDOS['-webkit-any-link'] = (el) => (el.name === 'a' || el.name === 'area') && el.attribs['href'] !== undefined;

/** Pseudo-elements that exist only on screen: never match, without a warning. */
const SILENT_PSEUDO_ELEMENTS = /^(-webkit-|-moz-|-ms-|selection$|placeholder$|backdrop$|file-selector-button$|cue|grammar-error$|spelling-error$|target-text$|highlight$|view-transition|scroll-)/;

const COMBINATORS = new Set(['child', 'parent', 'sibling', 'adjacent', 'descendant', 'column-combinator']);

const cache = new Map<string, CompiledSelectorList>();
const CACHE_MAX = 100_000;
const byOwner = [new WeakMap<object, CompiledSelectorList>(), new WeakMap<object, CompiledSelectorList>()];

/**
 * Like compileSelectorList, memoised on `owner` (a parsed rule object that lives as long as its
 * cached stylesheet), which avoids hashing the selector text again on every render.
 */
export function compileSelectorListFor(owner: object, text: string, quirks: boolean): CompiledSelectorList {
  const m = byOwner[quirks ? 1 : 0]!;
  let r = m.get(owner);
  if (!r) { r = compileSelectorList(text, quirks); m.set(owner, r); }
  return r;
}

/**
 * Compiles a selector list (cached per text and mode). Never throws: a list css-what cannot parse
 * comes back `invalid`; a complex selector css-select cannot compile is dropped with a problem.
 */
export function compileSelectorList(text: string, quirks: boolean): CompiledSelectorList {
  const key = (quirks ? 'q' : 's') + text;
  const hit = cache.get(key);
  if (hit) return hit;
  const result = compileUncached(text, quirks);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, result);
  return result;
}

function compileUncached(text: string, quirks: boolean): CompiledSelectorList {
  let parsed: Selector[][];
  try {
    parsed = parseSelector(text);
  } catch (e) {
    return { selectors: [], problems: [`invalid selector "${text.slice(0, 80)}": ${(e as Error).message}`], invalid: true };
  }
  if (parsed.some(misplacedTypeSelector)) return { selectors: [], problems: [`invalid selector "${text.slice(0, 80)}"`], invalid: true };
  const selectors: CompiledSelector[] = [];
  const problems: string[] = [];
  for (const complex of parsed) {
    let r: CompiledSelector | string;
    try {
      r = compileComplex(complex, quirks);
    } catch (e) {
      r = `unsupported selector "${text.slice(0, 60)}": ${(e as Error).message}`; // pathological nesting
    }
    if (typeof r === 'string') { if (r) problems.push(r); } else selectors.push(r);
  }
  return { selectors, problems, invalid: false };
}

/**
 * True when a compound selector of `complex` has a type or universal selector that is not its first
 * simple selector (selectors-4 §3.1: `<compound-selector> = [<type-selector>? <subclass-selector>* …]`).
 * css-what reads `a*` or `.x*` as two simple selectors; a browser drops the whole list as invalid.
 */
function misplacedTypeSelector(complex: Selector[]): boolean {
  for (let i = 1; i < complex.length; i++) {
    const t = complex[i]!.type;
    if ((t === 'tag' || t === 'universal') && !COMBINATORS.has(complex[i - 1]!.type)) return true;
  }
  return false;
}

/** Compiles one complex selector; a string result is the problem ('' when silently never-matching). */
function compileComplex(tokens: Selector[], quirks: boolean): CompiledSelector | string {
  let pseudo: PseudoElement | null = null;
  const rest: Selector[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'pseudo-element') {
      const name = t.name.toLowerCase();
      if (SILENT_PSEUDO_ELEMENTS.test(name)) return '';
      if (name !== 'before' && name !== 'after' && name !== 'marker') return `unsupported selector ::${name}`;
      // Only pseudo-classes may follow a pseudo-element; they are states we never have.
      if (i !== tokens.length - 1) return '';
      pseudo = name;
      continue;
    }
    rest.push(t);
  }
  if (rest.length === 0 || COMBINATORS.has(rest[rest.length - 1]!.type)) rest.push({ type: 'universal', namespace: null } as Selector);
  const sel: CompiledSelector = {
    match: (el) => {
      compileNow(sel, rest, quirks);
      return sel.match(el);
    },
    problem: null,
    specificity: packSpecificity(specificityOf(tokens)),
    pseudo,
    key: keyOf(rest),
    ancestors: ancestorNeeds(rest),
    attr: requiredAttribute(rest),
    compiled: false,
    deps: depsOf(rest),
  };
  pending.set(sel, { rest, quirks });
  return sel;
}

/** Pseudo-classes whose match reads only the element's and its ancestors' names and attributes (css-select's aliases included). */
const SELF_PSEUDOS = new Set(['-webkit-any-link', 'not', 'is', 'where', 'matches', '-webkit-any', 'any', 'root', 'scope', 'lang', 'link', 'any-link',
  'hover', 'visited', 'active', 'required', 'optional', 'read-only', 'read-write', 'checkbox', 'file', 'password', 'radio',
  'reset', 'image', 'submit', 'header', 'button', 'input', 'text']);
const PSEUDO_DEPS: Record<string, number> = {
  'first-child': DEPS.PREV, 'first-of-type': DEPS.PREV, 'nth-child': DEPS.PREV, 'nth-of-type': DEPS.PREV,
  // css-select's :disabled reads `legend:first-of-type` among the ancestors
  disabled: DEPS.PREV, enabled: DEPS.PREV,
  // option:is([selected], select:not([multiple]):not(:has(> option[selected])) > :first-of-type)
  checked: DEPS.PREV | DEPS.OPTION, selected: DEPS.PREV | DEPS.OPTION,
  'last-child': DEPS.LAST, 'last-of-type': DEPS.LAST, 'only-child': DEPS.PREV | DEPS.LAST, 'only-of-type': DEPS.PREV | DEPS.LAST,
  'nth-last-child': DEPS.COUNT, 'nth-last-of-type': DEPS.COUNT, empty: DEPS.EMPTY, parent: DEPS.EMPTY,
};

/** The DEPS flags of a complex selector's tokens (nested selector lists included). */
function depsOf(tokens: readonly Selector[]): number {
  let d = 0;
  for (const t of tokens) {
    switch (t.type) {
      case 'adjacent': case 'sibling': d |= DEPS.PREV; break;
      case 'parent': case 'column-combinator': d |= DEPS.UNSAFE; break;
      case 'pseudo': {
        const name = t.name.toLowerCase();
        if (name === 'dir' || name === 'defined') { d |= name === 'dir' ? DEPS.UNSAFE : 0; break; }
        const own = PSEUDO_DEPS[name];
        if (own !== undefined) d |= own;
        else if (!SELF_PSEUDOS.has(name) && STATE_PSEUDOS[name] !== NEVER) d |= DEPS.UNSAFE;
        if (Array.isArray(t.data)) for (const inner of t.data) d |= depsOf(inner);
        else if (typeof t.data === 'string' && /\sof\s/i.test(t.data)) d |= name === 'nth-child' ? DEPS.PREV : DEPS.UNSAFE;
        break;
      }
      default: break;
    }
  }
  return d;
}

/** Selectors not compiled yet, with their tokens (pseudo-element stripped). */
const pending = new WeakMap<CompiledSelector, { rest: Selector[]; quirks: boolean }>();

/** Compiles `sel` now if it was not (its `problem` is then known). */
export function ensureCompiled(sel: CompiledSelector): void {
  const p = pending.get(sel);
  if (p) compileNow(sel, p.rest, p.quirks);
}

/** Compiles `sel` with css-select now, replacing its lazy matcher (or setting `problem`). */
function compileNow(sel: CompiledSelector, rest: Selector[], quirks: boolean): void {
  pending.delete(sel);
  sel.compiled = true;
  try {
    sel.match = compile<unknown, Element>([rest], { xmlMode: false, quirksMode: quirks, pseudos: STATE_PSEUDOS, cacheResults: true }) as (el: Element) => boolean;
  } catch (e) {
    const msg = (e as Error).message;
    const m = /^Unknown pseudo-class :?([\w-]+)/i.exec(msg) ?? /pseudo-class :?([\w-]+)/i.exec(msg);
    sel.problem = m ? `unsupported selector :${m[1]}` : `unsupported selector: ${msg}`;
    sel.match = NEVER;
  }
}

/**
 * True when every selector of the list parses and compiles (for @supports selector()). Compiles
 * eagerly, unlike the matchers' lazy compilation.
 */
export function selectorSupported(text: string, quirks: boolean): boolean {
  const list = compileSelectorList(text, quirks);
  if (list.invalid || list.problems.length || list.selectors.length === 0) return false;
  for (const s of list.selectors) {
    ensureCompiled(s);
    if (s.problem !== null) return false;
  }
  return true;
}

/** The (a, b, c) specificity of a complex selector (selectors-4 §17). */
export function specificityOf(tokens: Selector[]): [number, number, number] {
  let a = 0, b = 0, c = 0;
  for (const t of tokens) {
    switch (t.type) {
      case 'attribute':
        if (t.name === 'id' && t.action === 'equals' && t.ignoreCase === 'quirks') a++;
        else b++;
        break;
      case 'pseudo': {
        const name = t.name.toLowerCase();
        if (name === 'where') break;
        if ((name === 'not' || name === 'is' || name === 'matches' || name === 'has' || name === '-webkit-any' || name === 'any') && Array.isArray(t.data)) {
          const m = maxSpecificity(t.data);
          a += m[0]; b += m[1]; c += m[2];
          break;
        }
        b++;
        if ((name === 'nth-child' || name === 'nth-last-child') && typeof t.data === 'string') {
          const of = /\s+of\s+(.+)$/is.exec(t.data);
          if (of) {
            try {
              const m = maxSpecificity(parseSelector(of[1]!));
              a += m[0]; b += m[1]; c += m[2];
            } catch { /* the compile step reports it */ }
          }
        }
        break;
      }
      case 'pseudo-element':
      case 'tag':
        c++;
        break;
      default:
        break;
    }
  }
  return [a, b, c];
}

function maxSpecificity(list: Selector[][]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (const s of list) {
    const sp = specificityOf(s);
    if (packSpecificity(sp) > packSpecificity(best)) best = sp;
  }
  return best;
}

/** Packs (a, b, c) into one comparable number. */
export function packSpecificity([a, b, c]: [number, number, number]): number {
  return Math.min(a, 999) * 1e6 + Math.min(b, 999) * 1e3 + Math.min(c, 999);
}

/**
 * An attribute the rightmost compound requires to be present ([x], [x=v], [x^=v] …; not the
 * non-standard [x!=v]), lower-cased, when the compound has no id or class to be indexed by.
 */
function requiredAttribute(tokens: Selector[]): string | null {
  let attr: string | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (COMBINATORS.has(t.type)) break;
    if (t.type !== 'attribute') continue;
    if (t.ignoreCase === 'quirks' && (t.name === 'id' || t.name === 'class')) return null;
    if (attr === null && !t.namespace && t.action !== 'not') attr = t.name.toLowerCase();
  }
  return attr;
}

/** The index key of the rightmost compound: an id beats a class beats a tag name. */
function keyOf(tokens: Selector[]): SelectorKey {
  let cls: string | null = null;
  let tag: string | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (COMBINATORS.has(t.type)) break;
    if (t.type === 'attribute' && t.ignoreCase === 'quirks') {
      if (t.name === 'id' && t.action === 'equals') return { kind: 'id', value: t.value.toLowerCase() };
      if (t.name === 'class' && t.action === 'element' && cls === null) cls = t.value.toLowerCase();
    } else if (t.type === 'tag' && t.namespace === null) tag = t.name.toLowerCase();
  }
  if (cls !== null) return { kind: 'class', value: cls };
  if (tag !== null) return { kind: 'tag', value: tag };
  return { kind: 'any' };
}
