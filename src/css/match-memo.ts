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

/** The siblings of the elements of one parent, as the keys of its children need them. */
export interface SiblingCursor {
  /** Memo id of the previous element sibling of the element visited next (0 before the first). */
  prevId: number;
  /** Following element siblings in all and of the same name, per child (filled on first need). */
  follow?: Map<Element, string>;
}

/** Id of no element (the root's parent, the first child's previous sibling). */
export const NO_ID = 0;
/** Id of an element whose matches are not kept (its descendants' and, when siblings count, followers' are not either). */
export const UNKEPT = -1;
/** Longest attribute value written into a key as it is; longer ones are numbered (a data: URI is not copied into every key). */
const LONG_VALUE = 256;

/**
 * Matched rules by a key that names everything the index's selectors can read of an element (Blink's and Servo's style sharing,
 * made exact instead of checked): its name and attributes, whether it is empty, its parent's key (so all ancestors' names and
 * attributes), and, when a selector reads siblings, its previous element sibling's key and how many siblings follow. An element
 * (and, for an <option>, whether an <option selected> is among its siblings) of a later render of the same template whose key equals an earlier one's matches the same rules; so do cousins within a render.
 * Not used when a selector reads more (:has(), :dir(), text, @container conditions). Bounded: past `maxEntries` entries (or
 * 256 long attribute values) it starts empty.
 */
export class MatchMemo {
  private entries = new Map<string, MatchEntry>();
  private longValues = new Map<string, number>();
  private longChars = 0;
  private nextId = 1;
  /** False when the index's selectors read something a key cannot name: every element is matched. */
  readonly enabled: boolean;

  constructor(private readonly deps: number, private readonly maxEntries = 8192) {
    this.enabled = (deps & DEPS.UNSAFE) === 0;
  }

  /**
   * The key of `el`, whose parent's memo id is `parentId` and whose parent's children are read through `cursor`;
   * null when its matches cannot be kept (the memo is off, an id is UNKEPT, too many long attribute values).
   */
  key(el: Element, parentId: number, cursor: SiblingCursor): string | null {
    if (!this.enabled || parentId === UNKEPT) return null;
    const d = this.deps;
    let k = `${parentId}`;
    if (d & DEPS.PREV) {
      if (cursor.prevId === UNKEPT) return null;
      k += `.${cursor.prevId}`;
    }
    if (d & (DEPS.LAST | DEPS.COUNT)) k += followOf(el, cursor, (d & DEPS.COUNT) !== 0);
    if (d & DEPS.EMPTY) k += isEmpty(el) ? 'e' : 'f';
    if (d & DEPS.OPTION && el.name === 'option') k += el.parent?.children.some((c) => isTag(c) && c.name === 'option' && c.attribs['selected'] !== undefined) ? 's' : 'n';
    k += `|${el.name}`;
    const a = el.attribs;
    for (const name in a) {
      const v = a[name]!;
      if (v.length <= LONG_VALUE) { k += `\u0001${name}\u0002${v.length}:${v}`; continue; }
      let n = this.longValues.get(v);
      if (n === undefined) {
        if (this.longValues.size >= 256) return null;
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
    if (this.entries.size >= this.maxEntries) {
      // ids keep counting: keys made before refer to no entry now, so they miss and are made again
      this.entries = new Map();
      this.longValues = new Map();
      this.longChars = 0;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Kept entries and long attribute characters (for tests and accounting). */
  get size(): { entries: number; longChars: number } {
    return { entries: this.entries.size, longChars: this.longChars };
  }
}

/** How many element siblings follow `el` in all and of its name: exactly, or (count false) only whether any do. */
function followOf(el: Element, cursor: SiblingCursor, count: boolean): string {
  let f = cursor.follow;
  if (!f) {
    f = new Map();
    const total = new Map<string, number>();
    let all = 0;
    const kids: readonly AnyNode[] = el.parent?.children ?? [el];
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i]!;
      if (!isTag(c)) continue;
      const same = total.get(c.name) ?? 0;
      f.set(c, count ? `${all}:${same}` : `${all ? 1 : 0}${same ? 1 : 0}`);
      total.set(c.name, same + 1);
      all++;
    }
    cursor.follow = f;
  }
  return `.${f.get(el) ?? ''}`;
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
