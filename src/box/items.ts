/**
 * Shared vocabulary of the box builder. In: boxes under construction. Out: the builder-internal
 * item type (boxes plus table parts waiting for their table, CSS 2.1 §17.2.1) and the predicates
 * the specs use: block-level, inline-level, out of flow (CSS 2.1 §9.2, §9.3).
 */
import type { Element } from 'domhandler';
import type { ComputedStyle, Display } from '../css/computed.ts';
import type { Box } from './types.ts';

/** What every generated box may carry besides its style (see BoxCommon in types.ts). */
export interface BoxInfo {
  element?: Element;
  pseudo?: 'before' | 'after' | 'marker';
  anonymous?: boolean;
  line?: number;
  href?: string;
}

export type TablePartDisplay =
  | 'table-row-group' | 'table-header-group' | 'table-footer-group' | 'table-row'
  | 'table-cell' | 'table-column' | 'table-column-group' | 'table-caption';

/**
 * A table-internal box or caption whose table is not known yet: its children are still raw.
 * The table builder (table.ts) turns it into row groups, rows, cells, columns or captions, and
 * wraps stray ones in anonymous tables (§17.2.1 "generate missing parents").
 */
export interface RawTablePart {
  kind: 'raw-table-part';
  display: TablePartDisplay;
  style: ComputedStyle;
  info: BoxInfo;
  children: Item[];
  /** From the HTML attributes (clamped as HTML does); 1 for non-HTML parts. */
  colspan: number;
  rowspan: number;
  span: number;
}

/** A child under construction: a finished box or a table part waiting for its table. */
export type Item = Box | RawTablePart;

/** Copies the defined fields of `info` onto a box (keeps boxes free of `undefined` keys). */
export function withInfo<T extends object>(box: T, info: BoxInfo): T {
  const b = box as T & BoxInfo;
  if (info.element !== undefined) b.element = info.element;
  if (info.pseudo !== undefined) b.pseudo = info.pseudo;
  if (info.anonymous) b.anonymous = true;
  if (info.line !== undefined) b.line = info.line;
  if (info.href !== undefined) b.href = info.href;
  return box;
}

/** The info of text generated for a box: the same without `element` (text has none, types.ts). */
export function textInfo(info: BoxInfo): BoxInfo {
  if (info.element === undefined) return info;
  const t: BoxInfo = { ...info };
  delete t.element;
  return t;
}

/** Info for an anonymous box inside a container with link target `href`. */
export function anonymousInfo(href: string | undefined): BoxInfo {
  return href === undefined ? ANON : { anonymous: true, href };
}
const ANON: BoxInfo = Object.freeze({ anonymous: true }) as BoxInfo;

export function isTablePartDisplay(d: Display): d is TablePartDisplay {
  return d.startsWith('table-');
}

/** Inline-level display values (CSS 2.1 §9.2.2; css-display-3 §2.1 outer display inline). */
export function isInlineLevelDisplay(d: Display): boolean {
  return d === 'inline' || d === 'inline-block' || d === 'inline-table' || d === 'inline-flex' || d === 'inline-grid' || d === 'ruby' || d === 'ruby-text';
}

/** Whether a style makes its box float or absolutely/fixed positioned (CSS 2.1 §9.3). */
export function isOutOfFlowStyle(s: ComputedStyle): boolean {
  return s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed';
}

/**
 * Floats and absolutely/fixed positioned boxes (CSS 2.1 §9.3: out of flow). Only boxes an
 * element generates for itself can be: text runs, line breaks and inline boxes share or inherit
 * a style that may say `float`/`position` without being out of flow themselves.
 */
export function isOutOfFlow(b: Item): boolean {
  switch (b.kind) {
    case 'block': case 'replaced': case 'table-wrapper': case 'flex': case 'grid':
      return b.anonymous !== true && isOutOfFlowStyle(b.style);
    default:
      return false;
  }
}

/** An in-flow block-level box: what forces anonymous block boxes around inline content (§9.2.1.1). */
export function isBlockLevelInFlow(b: Item): boolean {
  switch (b.kind) {
    case 'block': case 'table-wrapper': case 'flex': case 'grid': case 'replaced':
      return b.outer === 'block' && !isOutOfFlow(b);
    default:
      return false;
  }
}
