/**
 * The flow contract every formatting context shares: containing blocks, collapsing margins (CSS 2.1 §8.3.1), absolutely
 * positioned boxes waiting for their containing block (§10.3.7), and break tokens, one member per formatting context (css-break-3).
 * In: box and fragment types. Out: those types, margin arithmetic and break-token helpers (no layout code).
 */
import type { Box, TableCellBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { BoxFragment, Fragment, LineFragment, ReplacedFragment } from './fragment.ts';
import type { BreakerState } from './inline/line-breaker.ts';
import type { TableLayout } from './table/types.ts';

/** A containing block (CSS 2.1 §10.1): absolute px; `height` null while it depends on content. */
export interface ContainingBlock { x: number; y: number; width: number; height: number | null }

// ---- collapsing margins (CSS 2.1 §8.3.1)

/**
 * A set of adjoining margins being collapsed (§8.3.1): the largest positive and the most negative, px. In quirks mode
 * (HTML §15.3.3, as Blink's NGMarginStrut) quirky UA margins (LengthPct.quirk) are kept apart in `quirk`, and a set at
 * the start of a quirky container (body, table cells) takes none (`quirkStart`).
 */
export interface MarginSet {
  pos: number; neg: number;
  /** The largest quirky positive margin (px), absent when none. */
  quirk?: number;
  /** The set is at the start of a quirky container: quirky margins are not added to it. */
  quirkStart?: boolean;
}
export const NO_MARGIN: MarginSet = Object.freeze({ pos: 0, neg: 0 }) as MarginSet;
/** Adds a margin (px) to a collapsing set; `quirky` for a quirky UA margin (LengthPct.quirk). */
export function addMargin(m: MarginSet, v: number, quirky = false): MarginSet {
  if (quirky && v >= 0) return m.quirkStart || v <= (m.quirk ?? 0) ? m : { ...m, quirk: v };
  if (m.quirk === undefined && m.quirkStart === undefined) return v >= 0 ? (v > m.pos ? { pos: v, neg: m.neg } : m) : (v < m.neg ? { pos: m.pos, neg: v } : m);
  return v >= 0 ? (v > m.pos ? { ...m, pos: v } : m) : (v < m.neg ? { ...m, neg: v } : m);
}
/** The collapsed margin of a set, px: max positive + min negative. */
export const collapsed = (m: MarginSet): number => (m.quirk === undefined ? m.pos : Math.max(m.pos, m.quirk)) + m.neg;
/** The collapsed margin of a set at the end of a quirky container, px: its quirky margins left out (HTML §15.3.3). */
export const collapsedAtQuirkyEnd = (m: MarginSet): number => m.pos + m.neg;
/** The set at the start of a quirky container's content (quirky margins are ignored there). */
export const quirkyStart = (m: MarginSet): MarginSet => ({ ...m, quirkStart: true });
/** The set as it leaves a container: no longer at the start of a quirky container. */
export const leaving = (m: MarginSet): MarginSet => (m.quirkStart ? { pos: m.pos, neg: m.neg, ...(m.quirk !== undefined ? { quirk: m.quirk } : {}) } : m);

// ---- pending absolutes (CSS 2.1 §10.3.7, §10.6.4)

/** An absolutely positioned box waiting for its containing block, with its static position (px); `staticRight` when the static-position containing block is rtl. */
export interface PendingAbs {
  box: Box; staticX: number; staticY: number; staticRight?: number;
  /** Where the box was met in its parent's fragment list: its fragment goes there, so boxes painted in tree order (CSS 2.1 Appendix E, z-index auto) keep it. */
  slot?: { list: Fragment[]; index: number };
}

// ---- what the inline formatting context hands back (CSS 2.1 §9.4.2, §10.8) and float placement (§9.5)

/**
 * Float placement inside one block formatting context (CSS 2.1 §9.5.1). Implemented by src/layout/float.ts; the
 * inline layout asks it for the space left for each line box and hands it the floats it meets in the inline content.
 */
export interface FloatContext {
  /** The inline range left free by floats for a band [y, y + height) within [left, right]: the shortened { left, right } (right - left may be 0 or less). */
  available(y: number, height: number, left: number, right: number): { left: number; right: number };
  /** Places a float whose anchor is met at `y`; returns its fragment (margin box placed per the §9.5.1 rules). */
  placeFloat(box: Box, y: number, containing: ContainingBlock): BoxFragment | ReplacedFragment;
  /** The y below all floats on the given side(s) (for clear, CSS 2.1 §9.5.2); `y` itself if none. */
  clearance(side: 'left' | 'right' | 'both', y: number): number;
}

/** What inline layout returns for a block container with inline content (CSS 2.1 §9.4.2, §10.8). */
export interface InlineLayoutResult {
  /** Line boxes top to bottom, positioned absolutely (first at the input y). Empty lines (§9.4.2: only collapsible white space / out-of-flow) are not produced. */
  lines: LineFragment[];
  /** Total height of the line boxes, px. */
  height: number;
  /** Floats met in the inline content, placed through FloatContext.placeFloat, with the index of the line they belong to. */
  floats: Array<{ fragment: BoxFragment | ReplacedFragment; lineIndex: number }>;
  /** Absolutely/fixed positioned boxes met in the inline content, with their static position (CSS 2.1 §10.3.7). */
  positioned: Array<{ box: Box; staticX: number; staticY: number; lineIndex: number }>;
  /** Per line index, the line breaker's state from which the content is laid out again from that line on (css-break-3: a paragraph resumed beside other floats on the next page). */
  resume?: BreakerState[];
}

/** A float that continues on the next page (css-break-3 §2): its box, its break token (null: it moved whole), its containing block. */
export interface FloatContinuation { box: Box; token: BreakToken | null; containing: ContainingBlock }

/**
 * A line clamp (css-overflow-4 §4.2 max-lines): the line boxes its box may still hold. Nested clamps chain to the enclosing
 * one (lines count for both); a box that establishes an independent formatting context starts a new chain or none.
 * Threaded through block layout by src/layout/clamp.ts.
 */
export interface LineClamp {
  /** Line boxes still allowed by this clamp. */
  remaining: number;
  /** Line boxes counted so far (kept in break tokens when the box continues on the next page). */
  used: number;
  parent: LineClamp | null;
  /** The last line kept when this clamp ran out: its block ellipsis waits until content is actually discarded. */
  pending: { line: LineFragment; style: ComputedStyle } | null;
}

// ---- break tokens (css-break-3; WeasyPrint's resume_at, LayoutNG's break tokens)

/**
 * Where a block-level box resumes on the next fragmentainer: the box's own state (content height used, floats that
 * continue, its line clamp) and, unless its content has ended, where its content resumes (its formatting context's token).
 */
export interface BreakToken {
  /** The content's token; null when the content has ended and only the box continues (its specified height, its floats). */
  content: ContentToken | null;
  /** Content height (px) of a box with a specified height already used on earlier fragmentainers. */
  consumed?: number;
  /** Line boxes counted so far by the line clamp of this box (css-overflow-4 §4.2 max-lines). */
  clampUsed?: number;
  /** On a BFC root: floats fragmented on this fragmentainer, continued at the top of the next (css-break-3 §2). */
  floats?: FloatContinuation[];
  /**
   * The box has ended: its block-end edge was placed on an earlier fragmentainer, and only its content overflowing that
   * edge continues (css-break-3 §4, fragmentation of overflow; LayoutNG's break token at block end, as Chromium 156 prints:
   * a box of fixed height that fits keeps its height there, and the lines past its end go on at the next page's top).
   * Resumed, the box takes no room in its parent's flow: its fragment has no height and its siblings are not moved.
   */
  atBlockEnd?: true;
}

/** A child of a block flow that ended on an earlier fragmentainer with content overflowing it that continues (BreakToken.atBlockEnd). */
export interface OverflowChild { index: number; token: BreakToken }

/** Block flow (CSS 2.1 §9.4.1): the in-flow child to resume at (index in the container's children) and that child's token. */
export interface BlockFlowToken {
  kind: 'block';
  index: number;
  inner: BreakToken | null;
  /** The break before `index` was forced (css-break-3 §3.1). */
  forced?: boolean;
  /**
   * Children before `index` that ended on an earlier fragmentainer and whose overflowing content continues on this one
   * (parallel flows, LayoutNG): laid out first, from the content's block-start, taking no room.
   */
  overflow?: OverflowChild[];
  /** The flow's own content has ended (`index` is past its last child): only `overflow` continues. */
  ended?: true;
}

/** Inline content (CSS 2.1 §9.4.2) split between line boxes: the first line of the next fragmentainer. */
export interface InlineToken {
  kind: 'inline';
  /** Index of the next line in `result`. */
  next: number;
  /** The lines laid out once; absent when none were (the content starts over from its first line). */
  result?: InlineLayoutResult;
  /** Floats shaped the lines laid out: the rest is laid out again on the next fragmentainer. */
  floatsMet?: boolean;
  /** Floats already placed: not placed again. */
  skip?: Box[];
}

/** A multi-column container (css-multicol-1): the segment (column set or spanner) to resume at and its token. */
export interface MulticolToken { kind: 'multicol'; index: number; inner: BreakToken | null }

/**
 * An item of a flex line (or column) broken across fragmentainers: where it resumes (its token; 'pushed': from its start;
 * null: it has ended) and its used geometry, px: border-box x from the container's content-box left, content width and
 * (when fixed by the flex layout) content height, inline and block-end margins.
 */
export interface FlexLineItem { box: Box; token: BreakToken | null | 'pushed'; x: number; width: number; height?: number; grows?: boolean; ml: number; mr: number; mb: number }

/**
 * A flex container (css-flexbox-1 §12): the item (order-modified document order) whose flex line or position resumes;
 * `line`: the items of a line broken inside, continued first (then `index` is the first item after that line).
 * `beforeFirst`: a column broke before its first item, which LayoutNG allows (the container's block-start border and
 * padding stay on the earlier page, measured in Chromium 156) where block flow breaks before the container instead.
 */
export interface FlexToken {
  kind: 'flex'; index: number; line?: FlexLineItem[]; beforeFirst?: true;
  /**
   * A column broke before item `index` at an unforced break: its block-start margin on the next page, px (the part of it
   * that lay past the page end, as LayoutNG carries it; the rest, and the gap before it, is truncated).
   */
  startMargin?: number;
  /** Items that ended on an earlier fragmentainer with content overflowing them that continues (BreakToken.atBlockEnd): laid out first, taking no room. */
  overflow?: FlexLineItem[];
  /** The items have all ended: only `overflow` continues. */
  ended?: true;
}

/**
 * A grid container (css-grid-1 §10.5): the row to resume at; `forced` when the break before it was forced. A row broken
 * inside its items (src/layout/grid/row-break.ts): `items`, each item of `row`'s token in placement order (null: it
 * ended on an earlier page), and `rowConsumed`, the row's height (px) used on earlier pages. `beforeFirst`: the grid broke
 * before its first row (as FlexToken's).
 */
export interface GridToken { kind: 'grid'; row: number; forced?: boolean; items?: Array<BreakToken | null>; rowConsumed?: number; beforeFirst?: true }

/**
 * A table (CSS 2.1 §17, css-break-3): the row to resume at, the table laid out once, and for a row split across
 * fragmentainers each cell's own token and the height (px) of the row already used on earlier fragmentainers.
 */
export interface TableToken { kind: 'table'; row: number; layout: TableLayout; cells?: Map<TableCellBox, BreakToken | null>; rowConsumed?: number }

/** The content token of a box, one member per formatting context. */
export type ContentToken = BlockFlowToken | InlineToken | MulticolToken | FlexToken | GridToken | TableToken;

/** The token of the box the content token resumes inside (block flow and multicol), or null. */
export function innerToken(c: ContentToken | null): BreakToken | null {
  return c !== null && (c.kind === 'block' || c.kind === 'multicol') ? c.inner : null;
}

/**
 * True when a content token resumes at the very start of its content (nothing of it was placed) at a break that is no
 * break point there: the box breaks before itself instead (css-break-3 §4.1). A column flex container's break before its
 * first item and a grid's before its first row are break points (`beforeFirst`, as LayoutNG) when the box has block-start
 * border or padding to leave on this page (`startEdge`, px): false. Without any, its fragment here would hold nothing,
 * and Chromium 156 moves the box (and a parent it starts) to the next page as for block flow.
 */
export function atContentStart(c: ContentToken, startEdge: number): boolean {
  if ((c.kind === 'block' || c.kind === 'flex') && c.ended === true) return false;
  switch (c.kind) {
    case 'block': case 'multicol': return c.index === 0 && c.inner === null;
    case 'inline': return c.result === undefined;
    case 'flex': return c.index === 0 && c.line === undefined && !(c.beforeFirst === true && startEdge > 0);
    case 'grid': return c.row === 0 && !(c.beforeFirst === true && startEdge > 0);
    case 'table': return c.row === 0 && c.cells === undefined;
  }
}

/** The content has ended but for children's content overflowing them (BlockFlowToken.ended): the box itself ends here. */
export const overflowOnly = (c: ContentToken | null): boolean => c !== null && (c.kind === 'block' || c.kind === 'flex') && c.ended === true;

/** The break that made a token was forced (css-break-3 §3.1): some break of the chain was. */
export function forcedBreakOf(t: BreakToken | null): { forced: boolean } {
  for (let k = t; k; k = innerToken(k.content)) {
    const c = k.content;
    if (c && (c.kind === 'block' || c.kind === 'grid') && c.forced) return { forced: true };
  }
  return { forced: false };
}

/** A string that identifies where a token resumes (to detect pagination that makes no progress). */
export function tokenKey(t: BreakToken | null): string {
  let s = '';
  for (let k = t; k; k = innerToken(k.content)) {
    const c = k.content;
    const at = c === null ? 'end' : c.kind === 'inline' ? `i${c.next}` : c.kind === 'grid' || c.kind === 'table' ? `r${c.row}` : `${c.index}`;
    s += `${at}:${k.consumed ?? ''}${k.atBlockEnd ? 'e' : ''}/`;
    if (c?.kind === 'block' && c.overflow) s += `(${c.overflow.map((o) => `${o.index}=${tokenKey(o.token)}`).join(',')})`;
    if (c?.kind === 'flex' && c.line) s += `<${c.line.map((q) => (q.token === 'pushed' ? 'p' : tokenKey(q.token))).join(',')}>`;
    if (c?.kind === 'flex' && c.overflow) s += `(${c.overflow.map((q) => (q.token === 'pushed' ? 'p' : tokenKey(q.token))).join(',')})`;
    if (c?.kind === 'table' && c.cells) s += `{${[...c.cells.values()].map(tokenKey).join(',')}}${c.rowConsumed ?? ''}`;
    if (c?.kind === 'grid' && c.items) s += `{${c.items.map(tokenKey).join(',')}}${c.rowConsumed ?? ''}`;
    if (k.floats) s += `[${k.floats.map((f) => tokenKey(f.token)).join(',')}]`;
  }
  return s;
}

// ---- the state of a block flow while a formatting context fills it

/** The content of a block-level box on one fragmentainer while its formatting context lays it out (absolute px). */
export interface Flow {
  /** The flow position: the last border edge placed (before `margin`). */
  y: number;
  /** Margins pending below `y`, not yet resolved. */
  margin: MarginSet;
  /** Where the first content was placed (the box's top border edge when its top margin collapses with its content's), null before. */
  firstY: number | null;
  placedAny: boolean;
  children: Fragment[];
  /** Where the content resumes on the next fragmentainer, null when it ended. */
  token: ContentToken | null;
  /** Baseline of the first line box, absolute y. */
  firstBaseline?: number;
  /** Nothing could be placed here (and the box may move): break before the box. */
  pushed: boolean;
  /** The used content height when the formatting context decides it (grid rows), px; else the block-level path computes it. */
  height?: number;
  /** A fieldset's rendered legend (src/layout/fieldset.ts): where the block-start border is shifted and cut. */
  legendGap?: { shift: number; x: number; width: number };
  /**
   * A list item's outside marker not yet aligned with content (Blink's unpositioned list marker): the ascent of its line
   * (src/layout/marker.ts outsideMarkerLine), px. Taken by the first line box or block child with a baseline (takeMarker).
   */
  marker?: number;
}

/**
 * Aligns the list item's pending outside marker with content (a line box or a block child) whose baseline is
 * `contentAscent` px below its top, once: how far that content moves down so that the marker's ascent fits above the
 * baseline (Blink's UnpositionedListMarker::AddToBox pushes it by the difference), 0 when it fits or nothing is pending.
 */
export function takeMarker(flow: Flow, contentAscent: number): number {
  const a = flow.marker;
  if (a === undefined) return 0;
  flow.marker = undefined;
  return Math.max(0, a - contentAscent);
}
