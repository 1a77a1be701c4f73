// Matched rules kept between renders of the same rule index, by an element's place in the document. In: an element, the memo ids of
// its parent and previous element sibling, what the index's selectors read (DEPS). Out: the key its matches are kept under, the entry.
import { isTag, type AnyNode, type Element } from 'domhandler';
import type { IndexedRule, Match } from './rule-index.ts';
import type { PseudoElement } from './styled.ts';
import { DEPS } from './selectors.ts';

/** One element's result of matching the rule index: what the cascade needs to style it without testing the rules again. */
export interface MatchEntry {
  /** This entry's number: the parent or previous sibling part of other elements' keys. */
  readonly id: number;
  /** The matched rules of the element itself (not its pseudo-elements), in precedence order. */
  readonly rules: readonly Match[];
  /** The rules' declaration lists as the style memo names them, before and after the presentational hints' place. */
  readonly uaKey: string;
  readonly authorKey: string;
  /** The matched rules of its pseudo-elements, or undefined. */
  readonly pseudo: Map<PseudoElement, Match[]> | undefined;
  /** Rules whose selector css-select rejected, met while matching, in order (their warning is given again). */
  readonly problems: readonly IndexedRule[] | null;
}

/** The element siblings of one parent's children, as their keys need them. */
export interface SiblingCursor {
  /** Memo id of the previous element sibling of the element visited next (0 before the first). */
  prevId: number;
}

/** What keys say of the siblings that follow an element: nothing, whether any (of its name) do, or how many. */
export type FollowMode = 0 | 1 | 2;

/** Id of no element (the root's parent, the first child's previous sibling). */
export const NO_ID = 0;
/** Id of an element whose matches are not kept (its descendants' and, when siblings count, followers' are not either). */
export const UNKEPT = -1;
/** Longest attribute value written into a key as it is; longer ones are numbered (a data: URI is not copied into every key). */
const LONG_VALUE = 256;
/** Most long attribute values numbered, and their characters, before the memo starts empty. */
const LONG_MAX = 256;
const LONG_MAX_CHARS = 4 * 1024 * 1024;

/**
 * Matched rules by a key that names everything the index's selectors can read of an element (Blink's and Servo's style sharing,
 * made exact instead of checked): its name and attributes, its parent's key (so all ancestors' names and attributes), and only
 * when a selector reads them, its previous element sibling's key, how many siblings follow, whether it is empty, and for an
 * <option> whether an <option selected> is among its siblings. An element of a later render of the same template whose key
 * equals an earlier one's matches the same rules; so do cousins within a render. Not used when a selector reads more (:has(),
 * :dir(), text, @container conditions). Bounded: it starts empty past `maxEntries` entries (an entry is ~0.5-1 KB; cascade.ts
 * keeps 8 rule indexes) and past 256 long attribute values or 4 M characters of them (an element with a value longer than
 * that is not kept).
 */
export class MatchMemo {
  private entries = new Map<string, MatchEntry>();
  private longValues = new Map<string, number>();
  private longChars = 0;
  private nextId = 1;
  /** False when the index's selectors read something a key cannot name: every element is matched. */
  readonly enabled: boolean;

  constructor(private readonly deps: number, private readonly maxEntries = 4096) {
    this.enabled = (deps & DEPS.UNSAFE) === 0;
  }

  /**
   * The key of `el`, whose parent's memo id is `parentId`, whose previous element sibling's is `cursor.prevId`, and
   * whose following siblings are `follow` (followKey(), for the mode `follows` gives);
   * null when its matches cannot be kept (the memo is off, an id is UNKEPT, too many long attribute values).
   */
  /** How much of the following siblings the index's selectors read (the `follow` argument of key()). */
  get follows(): FollowMode {
    return this.deps & DEPS.COUNT ? 2 : this.deps & DEPS.LAST ? 1 : 0;
  }

  key(el: Element, parentId: number, cursor: SiblingCursor, follow: string): string | null {
    if (!this.enabled || parentId === UNKEPT) return null;
    const d = this.deps;
    let k = `${parentId}`;
    if (d & DEPS.PREV) {
      if (cursor.prevId === UNKEPT) return null;
      k += `.${cursor.prevId}`;
    }
    k += follow;
    if (d & DEPS.EMPTY) k += isEmpty(el) ? 'e' : 'f';
    if (d & DEPS.OPTION && el.name === 'option') k += el.parent?.children.some((c) => isTag(c) && c.name === 'option' && c.attribs['selected'] !== undefined) ? 's' : 'n';
    k += `|${el.name}`;
    const a = el.attribs;
    for (const name in a) {
      const v = a[name]!;
      if (v.length <= LONG_VALUE) { k += `\u0001${name}\u0002${v.length}:${v}`; continue; }
      let n = this.longValues.get(v);
      if (n === undefined) {
        if (v.length > LONG_MAX_CHARS) return null;
        if (this.longValues.size >= LONG_MAX || this.longChars + v.length > LONG_MAX_CHARS) this.clear();
        n = this.longValues.size;
        this.longValues.set(v, n);
        this.longChars += v.length;
      }
      k += `\u0001${name}\u0003${n}`;
    }
    return k;
  }

  /** The entry kept under `key`. */
  get(key: string): MatchEntry | undefined {
    return this.entries.get(key);
  }

  /** Makes an entry (a new id) and keeps it under `key`; for a null key, an entry with id UNKEPT, kept nowhere. */
  add(key: string | null, e: Omit<MatchEntry, 'id'>): MatchEntry {
    if (key === null) return { id: UNKEPT, ...e };
    const entry: MatchEntry = { id: this.nextId++, ...e };
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** Starts empty. Ids keep counting: keys made before refer to no entry now, so they miss and are made again. */
  private clear(): void {
    this.entries = new Map();
    this.longValues = new Map();
    this.longChars = 0;
  }

  /** Kept entries and long attribute characters (for tests and accounting). */
  get size(): { entries: number; longChars: number } {
    return { entries: this.entries.size, longChars: this.longChars };
  }
}

/**
 * The key part for the siblings after an element: `all` element siblings follow it, `same` of them of its name (mode 2:
 * the numbers, mode 1: whether any, mode 0: nothing).
 */
export function followKey(all: number, same: number, mode: FollowMode): string {
  return mode === 2 ? `.${all}:${same}` : mode === 1 ? `.${all ? 1 : 0}${same ? 1 : 0}` : '';
}

/** followKey() of an element, counting its following siblings (for an element whose parent's children were not counted). */
export function followKeyOf(el: Element, mode: FollowMode): string {
  let all = 0, same = 0;
  if (mode) for (let n = el.next; n !== null; n = n.next) if (isTag(n)) { all++; if (n.name === el.name) same++; }
  return followKey(all, same, mode);
}

/** css-select's :empty (v7): no element children and only document white space as text (CDATA's text included). */
function isEmpty(el: Element): boolean {
  for (const c of el.children) {
    if (isTag(c)) return false;
    if (!whiteText(c)) return false;
  }
  return true;
}

function whiteText(n: AnyNode): boolean {
  if (n.type === 'text') {
    const t = n.data;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    }
    return true;
  }
  if (n.type === 'cdata') return n.children.every((c) => isTag(c) ? false : whiteText(c));
  return true;
}
