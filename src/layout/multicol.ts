/**
 * Multi-column containers (css-multicol-1): the content of a block container with column-count / column-width, split
 * into column sets by spanning elements (column-span: all, §6), each set laid out in columns (src/layout/multicol-columns.ts).
 * In: the container box, its block flow state, its content box and break token. Out: the fragments of this page, the token to resume.
 */
import type { Box, BlockBox, TableCellBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import { resolveLength, ZERO } from '../css/computed.ts';
import { inheritedStyle } from '../css/properties/index.ts';
import type { ContentLayout, ContentParams, FlowEnv } from './context.ts';
import type { BreakToken, Flow } from './flow.ts';
import { collapsed, NO_MARGIN } from './flow.ts';
import { isAbsolute, establishesBfc, isMulticolContainer } from './box-model.ts';
import type { ColumnGeometry } from './multicol-columns.ts';
import { layoutColumnSet } from './multicol-columns.ts';

export { isMulticolContainer };

/** A piece of a multicol container's content: a run of content laid out in columns, or a spanning element. */
type Segment = { kind: 'columns'; thread: BlockBox } | { kind: 'spanner'; box: Box };

/** The used column-gap, px: `normal` is 1em in multicol containers (css-multicol-1 §4.1, css-align-3 §8.1). */
export function usedColumnGap(s: ComputedStyle, contentWidth: number): number {
  return s.columnGap === 'normal' ? s.fontSize : Math.max(0, resolveLength(s.columnGap, contentWidth));
}

/**
 * The used column count and width (css-multicol-1 §3.4 pseudo-algorithm) for a content box `available` px wide.
 * Width and gap in px; count >= 1; the width is never negative.
 */
export function usedColumnGeometry(s: ComputedStyle, available: number): ColumnGeometry {
  const U = Math.max(0, available);
  const gap = usedColumnGap(s, U);
  const cc = s.columnCount ?? 'auto';
  const cw = s.columnWidth ?? 'auto';
  let count: number;
  if (cw === 'auto') count = cc === 'auto' ? 1 : cc;
  else {
    const fit = Math.max(1, Math.floor((U + gap) / (Math.max(cw, 1) + gap)));
    count = cc === 'auto' ? fit : Math.min(cc, fit);
  }
  count = Math.min(count, MAX_COLUMN_COUNT);
  const width = Math.max(0, (U + gap) / count - gap);
  return { count, width, gap };
}

/**
 * Min-content and max-content widths of a multicol container's content box (px) from those of its content as one column,
 * as Chromium sizes them: `count` columns (1 when column-count is auto) and the gaps between them, each column as wide as
 * the content's max-content width or column-width, whichever is larger (max-content), or the smaller of its min-content
 * width and column-width (min-content).
 */
export function multicolIntrinsicSizes(s: ComputedStyle, content: { min: number; max: number }): { min: number; max: number } {
  const cc = s.columnCount ?? 'auto';
  const cw = s.columnWidth ?? 'auto';
  let { min, max } = content;
  if (cw !== 'auto') { max = Math.max(max, cw); min = Math.min(min, cw); }
  const count = cc === 'auto' ? 1 : Math.min(cc, MAX_COLUMN_COUNT);
  const gap = s.columnGap === 'normal' ? s.fontSize : (s.columnGap.pct === 0 ? Math.max(0, s.columnGap.px) : 0);
  return { min: min * count + gap * (count - 1), max: max * count + gap * (count - 1) };
}

const segmentCache = new WeakMap<BlockBox | TableCellBox, Segment[]>();

/** Most columns a container gets (Chromium's limit too): a huge column-count must not make layout loop for ever. */
const MAX_COLUMN_COUNT = 1000;

/** A spanning element (css-multicol-1 §6.1): an in-flow block-level child with column-span: all. */
function isSpanner(c: Box): boolean {
  return c.kind !== 'text' && c.kind !== 'br' && c.kind !== 'marker' && c.kind !== 'inline' && c.style.columnSpan === 'all' &&
    c.style.float === 'none' && !isAbsolute(c) && ('outer' in c ? c.outer === 'block' : true);
}

/** A box cut around the spanners it holds (pieces of it, in order), or a spanner. */
type Piece = Box | { spanner: Box };

/**
 * A spanner may sit deeper in the content, inside in-flow blocks of the same formatting context (css-multicol-1 §6.1):
 * such a block is cut into pieces before and after it, each piece a copy of the box with its own share of the children,
 * sliced like a box broken across fragmentainers (no bottom edge before the cut, no top edge after it, css-break-3 §5.4).
 * Returns null when the box holds no spanner.
 */
function splitAtSpanners(c: Box, depth: number): Piece[] | null {
  if (c.kind !== 'block' || c.inlineContent || depth > 32 || establishesBfc(c) || isMulticolContainer(c) || isAbsolute(c) || c.style.float !== 'none') return null;
  const groups: Array<Box[] | { spanner: Box }> = [[]];
  let found = false;
  for (const child of c.children) {
    for (const piece of isSpanner(child) ? [{ spanner: child }] : (splitAtSpanners(child, depth + 1) ?? [child])) {
      if ('spanner' in piece) { found = true; groups.push(piece, []); } else (groups[groups.length - 1] as Box[]).push(piece);
    }
  }
  if (!found) return null;
  const parts = groups.filter((g): g is Box[] => Array.isArray(g));
  let k = 0;
  return groups.map((g) => (Array.isArray(g) ? slicedCopy(c, g, k === 0, ++k === parts.length) : g));
}

/** A copy of a block box with some of its children; edges cut off where the box continues in another piece. */
function slicedCopy(c: BlockBox, children: Box[], first: boolean, last: boolean): BlockBox {
  const style: ComputedStyle = { ...c.style };
  const none = { width: 0, style: 'none' as const, color: style.color };
  if (!first) { style.borderTop = none; style.paddingTop = ZERO; style.marginTop = ZERO; }
  if (!last) { style.borderBottom = none; style.paddingBottom = ZERO; style.marginBottom = ZERO; }
  const out: BlockBox = { ...c, children, style };
  if (!first) delete out.marker;
  return out;
}

/** The container's content split at its spanning children; each run of other children becomes an anonymous flow thread. */
function segmentsOf(box: BlockBox | TableCellBox): Segment[] {
  const hit = segmentCache.get(box);
  if (hit) return hit;
  const threadStyle = inheritedStyle(box.style);
  threadStyle.display = 'block';
  const thread = (children: Box[]): Segment => ({
    kind: 'columns', thread: { kind: 'block', outer: 'block', inlineContent: box.inlineContent, children, anonymous: true, style: threadStyle },
  });
  const out: Segment[] = [];
  if (box.inlineContent) out.push(thread(box.children));
  else {
    let run: Box[] = [];
    for (const c of box.children) {
      for (const piece of isSpanner(c) ? [{ spanner: c }] : (splitAtSpanners(c, 0) ?? [c])) {
        if (!('spanner' in piece)) { run.push(piece); continue; }
        if (run.some((b) => b.kind !== 'text')) out.push(thread(run));
        run = [];
        out.push({ kind: 'spanner', box: piece.spanner });
      }
    }
    if (run.length > 0 || out.length === 0) out.push(thread(run));
  }
  segmentCache.set(box, out);
  return out;
}

/** A multicol container's content (css-multicol-1 §3–§8) in the block-level path. */
export const multicolContent: ContentLayout<BlockBox | TableCellBox> = {
  independent: true,
  layout: (box, c, flow, env) => layoutMulticolContent(box, c, flow, env),
};

/**
 * Lays out the content of a multicol container on this page into `flow` (css-multicol-1 §3–§8): column sets and spanners
 * top to bottom. The container's token is { index: segment, inner: the flow thread's or spanner's token }. Sets `flow.pushed`
 * when nothing could be placed and the container is not at the top of the page.
 */
function layoutMulticolContent(box: BlockBox | TableCellBox, q: ContentParams, flow: Flow, env: FlowEnv): void {
  const segs = segmentsOf(box);
  const geometry = usedColumnGeometry(box.style, q.width);
  const token = q.token?.kind === 'multicol' ? q.token : null;
  const start = token?.index ?? 0;
  const specBottom = q.specH === null ? Infinity : flow.y + Math.max(0, q.specH - q.consumed);
  for (let i = start; i < segs.length; i++) {
    const seg = segs[i];
    const inner = i === start ? (token?.inner ?? null) : null;
    const atTop = q.atTop && !flow.placedAny;
    const top = flow.y + collapsed(flow.margin);
    if (seg.kind === 'spanner') {
      const r = env.ctx.layoutBlockLevel(seg.box, {
        cb: q.cb, y: flow.y, margin: flow.margin, token: inner, atTop, truncate: q.truncate && !flow.placedAny, abs: q.abs,
      }, env);
      if (r.pushed) { breakBefore(flow, i, inner, atTop); return; }
      if (r.fragment) flow.children.push(r.fragment);
      flow.y = r.bottom;
      flow.margin = r.margin;
      if (!r.collapsedThrough) flow.placedAny = true;
      if (r.token !== null) { flow.token = { kind: 'multicol', index: i, inner: r.token }; return; }
      continue;
    }
    if (seg.thread.children.length === 0 && !box.inlineContent) continue;
    const bottom = Math.min(env.pageBottom, specBottom);
    // The container's own height, not the page, limits the columns: the content overflows in more columns (§8.2).
    const constrained = Number.isFinite(specBottom) && specBottom <= env.pageBottom + 0.01;
    const r = layoutColumnSet({
      thread: seg.thread, style: box.style, geometry, x: q.x, y: top, available: bottom - top,
      constrained, token: inner, atTop, abs: q.abs, beforeSpanner: segs.slice(i + 1).some((s) => s.kind === 'spanner'),
    }, env);
    if (r.pushed) { breakBefore(flow, i, inner, atTop); return; }
    if (r.children.length > 0) {
      flow.children.push(...r.children);
      flow.placedAny = true;
      if (flow.firstBaseline === undefined && r.baseline !== undefined) flow.firstBaseline = r.baseline;
    }
    flow.y = top + r.height;
    flow.margin = NO_MARGIN;
    // More content than the columns of this page hold: the set continues on the next page.
    if (r.token !== null && !constrained && Number.isFinite(env.pageBottom)) { flow.token = { kind: 'multicol', index: i, inner: r.token }; return; }
  }
}

/** Breaks before segment `i`: the container moves whole to the next page when nothing of it was placed (and it may). */
function breakBefore(flow: Flow, i: number, inner: BreakToken | null, atTop: boolean): void {
  if (!flow.placedAny && !atTop) flow.pushed = true;
  flow.token = { kind: 'multicol', index: i, inner };
}
