/**
 * Block flow: the content of a block container whose children are block-level (CSS 2.1 §9.4.1), or inline-level (through
 * src/layout/block-lines.ts), one fragmentainer at a time; the box itself goes through the block-level path (block-level.ts).
 * In: a block container, its content box (ContentParams) and its flow. Out: the children placed in the flow and the block flow token.
 *
 * Children are laid out through the formatting-context dispatcher (ctx.layoutBlockLevel); their margins collapse through
 * the flow (§8.3.1); floats are placed in the BFC's BfcFloats (§9.5); css-break-3: forced breaks between siblings, avoided
 * breaks (backing up to an earlier break point), named pages (css-page-3 §6), line clamps (css-overflow-4 §4.2).
 */
import type { Box, BlockBox, TableCellBox, FlexBox } from '../box/types.ts';
import type { ContentLayout, ContentParams, FlowEnv } from './context.ts';
import type { BlockFlowToken, Flow, MarginSet, OverflowChild, PendingAbs } from './flow.ts';
import { NO_MARGIN, collapsed, takeMarker } from './flow.ts';
import { translateFragment, type Fragment } from './fragment.ts';
import { isAbsolute, isForcedBreak, isAvoidBreak } from './box-model.ts';
import type { FloatMark } from './float.ts';
import { layoutInlineChildren } from './block-lines.ts';
import { discardAfterClamp } from './clamp.ts';
import { markOutOfFlow, restoreOutOfFlow, type OutOfFlowMark } from './oof-mark.ts';

export type { FlowEnv } from './context.ts';

/** A block container's content (CSS 2.1 §9.4.1, §9.4.2): its block-level children in a block flow, or its inline content in line boxes. */
export const blockFlow: ContentLayout<BlockBox | TableCellBox | FlexBox> = {
  independent: false,
  layout: (box, c, flow, env) => layoutBlockFlow(box, c, flow, env),
};

/** Lays out a block container's content into `flow`; `skip`: a child laid out elsewhere (a fieldset's rendered legend). */
export function layoutBlockFlow(box: BlockBox | TableCellBox | FlexBox, c: ContentParams, flow: Flow, env: FlowEnv, skip?: Box): void {
  if (box.kind !== 'flex' && box.inlineContent) {
    layoutInlineChildren(box, flow, c, c.token?.kind === 'inline' ? c.token : null, env);
    return;
  }
  layoutBlockChildren(box.children, flow, c, { token: c.token?.kind === 'block' ? c.token : null, rtl: box.style.direction === 'rtl', skip }, env);
}

/**
 * True when a box's block-start edge carries a forced break (its own, or its first in-flow child's, css-break-3 §3.1).
 * In a multicol column (`cols`) only `column` forces a break: Chromium 156 ignores page breaks inside multicol containers.
 */
function forcedBefore(box: Box, cols = false): boolean {
  if (cols ? box.style.breakBefore === 'column' : isForcedBreak(box.style.breakBefore)) return true;
  if (box.kind === 'block' && !box.inlineContent) {
    const first = box.children.find((c) => inFlowBlock(c));
    return first ? forcedBefore(first, cols) : false;
  }
  if (box.kind === 'flex') return edgeItems(box, 'start').some((c) => forcedBefore(c, cols));
  return false;
}
function forcedAfter(box: Box, cols = false): boolean {
  if (cols ? box.style.breakAfter === 'column' : isForcedBreak(box.style.breakAfter)) return true;
  if (box.kind === 'block' && !box.inlineContent) {
    for (let i = box.children.length - 1; i >= 0; i--) {
      if (inFlowBlock(box.children[i])) return forcedAfter(box.children[i], cols);
    }
  }
  if (box.kind === 'flex') return edgeItems(box, 'end').some((c) => forcedAfter(c, cols));
  return false;
}
/**
 * The items of a flex container whose forced breaks before (`start`) or after (`end`) it propagate to it, as Chromium 156
 * (LayoutNG) takes them: a column's first or last item, every item of a single-line row (its first and last line); of a
 * wrapping row, the first or last item (its lines are not known before layout).
 */
function edgeItems(box: FlexBox, side: 'start' | 'end'): Box[] {
  const items = box.children.filter((c) => inFlowBlock(c));
  const s = box.style;
  if ((s.flexDirection === 'row' || s.flexDirection === 'row-reverse') && s.flexWrap === 'nowrap') return items;
  const one = side === 'start' ? items[0] : items[items.length - 1];
  return one ? [one] : [];
}
function inFlowBlock(b: Box): boolean {
  return b.kind !== 'text' && b.kind !== 'br' && b.kind !== 'marker' && b.style.float === 'none' && !isAbsolute(b);
}

/** Where the block flow stood before child `index`: its fragments, absolute and fixed boxes, position and pending margins. */
interface FlowMark { index: number; frags: number; oof: OutOfFlowMark; y: number; margin: MarginSet }

/** Where the block flow stood before the first float placed while the box's top edge was pending (see layoutBlockChildren). */
interface AdjoiningFloats extends FlowMark { at: number; floats: FloatMark; marks: number }

function markFlow(index: number, flow: Flow, c: ContentParams, env: FlowEnv): FlowMark {
  return { index, frags: flow.children.length, oof: markOutOfFlow(env, c.abs), y: flow.y, margin: flow.margin };
}

/** Backs the flow up to `m`: what was placed after it is dropped (floats and their continuations are the caller's). */
function restoreFlow(m: FlowMark, flow: Flow): void {
  flow.children.length = m.frags;
  restoreOutOfFlow(m.oof);
  flow.y = m.y;
  flow.margin = m.margin;
}

interface BlockChildrenParams {
  token: BlockFlowToken | null;
  /** The container's direction is rtl (static positions of absolute children use its right edge). */
  rtl: boolean;
  /** A child laid out elsewhere (a fieldset's rendered legend, src/layout/fieldset.ts). */
  skip?: Box;
}

/** The block flow of a container's block-level children (§9.4.1), with page breaks between them. */
function layoutBlockChildren(children: Box[], flow: Flow, c: ContentParams, q: BlockChildrenParams, env: FlowEnv): void {
  const start = q.token?.index ?? 0;
  // Per-child bookkeeping for backing up to an earlier break point (break-after/before: avoid).
  const marks: Array<FlowMark & { conts: number; placed: boolean }> = [];
  let prevInFlow: Box | null = null;
  // Floats met while this box's top edge is pending go where the margins above them resolve (Chromium's adjoining
  // floats): placed where they stand first, then again from `adjoining` once the next in-flow box resolves them lower.
  let adjoining: AdjoiningFloats | null = null;
  let adjoiningAt: number | null = c.p.pendingTopAt ?? null;
  // Absolute and fixed children met while this box's top edge is pending: their static position is this box's content
  // top once the margins resolve, as Chromium 156 places them, not above margins that later collapse through its top.
  let absAtPendingTop: PendingAbs[] = [];
  // Only boxes without content placed so far (margins collapsing through them, or an empty box that clearance moved down):
  // margins after an unforced break stay truncated (css-break-3 §5.2). LayoutNG keeps discarding the margin strut through
  // a cleared empty box too (a clearfix below a float continued from the previous page): Chromium 156 puts the next
  // block's border edge at the float's end, not its margin-top below it. A second clearfix there, whose clearance is zero
  // (the float ends where it stands), ends it: the next block's margin-top counts again, as Chromium prints it.
  let onlyEmpty = true;
  const contsAtStart = c.floats.continuations.length;
  // Children that ended with content overflowing them continued on the next fragmentainer (css-break-3 §4).
  const overflow = q.token?.overflow ? layoutOverflowChildren(children, q.token.overflow, flow, c, q, env) : [];
  const end = (t: BlockFlowToken): void => {
    const o = overflow.filter((e) => e.index < t.index);
    flow.token = o.length > 0 ? { ...t, overflow: o } : t;
  };
  for (let i = start; i < children.length; i++) {
    const child = children[i];
    if (child.kind === 'text' || child.kind === 'br' || child.kind === 'marker' || child === q.skip) continue;
    // A line clamp that ran out discards the rest of the flow (css-overflow-4 §4.2).
    if (env.clamp && discardAfterClamp(env)) break;
    const s = child.style;
    if (isAbsolute(child)) {
      // §10.3.7: the static position's right edge counts when the static-position containing block (this container) is rtl.
      const pend: PendingAbs = { box: child, staticX: c.cb.x, staticY: flow.y + collapsed(flow.margin) };
      if (q.rtl) pend.staticRight = c.cb.x + c.cb.width;
      if (s.position === 'fixed') env.fixed.push(pend); else { pend.slot = { list: flow.children, index: flow.children.length }; c.abs.push(pend); }
      if (flow.firstY === null) absAtPendingTop.push(pend);
      continue;
    }
    if (s.float !== 'none') {
      const fy = flow.firstY === null && adjoiningAt !== null ? adjoiningAt : flow.y + collapsed(flow.margin);
      if (flow.firstY === null && adjoining === null && adjoiningAt === null) {
        adjoining = { ...markFlow(i, flow, c, env), at: fy, floats: c.floats.mark(), marks: marks.length };
      }
      const f = c.floats.placeFloat(child, fy, c.cb, true);
      flow.children.push(f);
      for (const a of c.floats.takeAbs(f)) c.abs.push(a);
      continue;
    }
    // A float fragmented on this page counts as content placed: what follows may move to the next page.
    const atTop = c.atTop && !flow.placedAny && c.floats.continuations.length === 0;
    // A forced break between siblings always applies, even after boxes that collapsed through (css-break-3 §3.1, §4.1:
    // only a break at the very start of the fragmentation context, before the first box, is suppressed); a change of
    // named page (css-page-3 §6) breaks only once something was placed on the page.
    if (prevInFlow !== null && (forcedAfter(prevInFlow, env.inColumns) || forcedBefore(child, env.inColumns) || (!atTop && usedPage(prevInFlow, c.pageName) !== usedPage(child, c.pageName)))) {
      end({ kind: 'block', index: i, inner: null, forced: true });
      return;
    }
    // A box clearing floats that end where it stands (clearance of zero) ends the truncation, as one with content does.
    const clearBottom = s.clear === 'none' ? -Infinity : c.floats.clearance(s.clear, -Infinity);
    const clearsHere = clearBottom > -Infinity && clearBottom >= flow.y - 0.01;
    const mark = { ...markFlow(i, flow, c, env), conts: c.floats.continuations.length, placed: flow.placedAny };
    marks.push(mark);
    const floatsBefore = c.floats.mark();
    const r = env.ctx.layoutBlockLevel(child, {
      cb: c.cb, y: flow.y, margin: flow.margin, floats: c.floats,
      token: i === start ? (q.token?.inner ?? null) : null,
      atTop, afterSibling: prevInFlow !== null, truncate: c.truncate && (!flow.placedAny || onlyEmpty), abs: c.abs, pageName: c.pageName, cbRtl: q.rtl, topPending: flow.firstY === null,
      ...(flow.firstY === null && adjoiningAt !== null ? { pendingTopAt: adjoiningAt } : {}),
    }, env);
    if (r.pushed) {
      // Break before this child; prefer an earlier break when this one is to be avoided (css-break-3 §4.4).
      let k = marks.length - 1;
      while (k > 0 && avoidBetween(children, marks[k - 1].index, marks[k].index) && marks[k - 1].placed) k--;
      if (k > 0 && avoidBetween(children, marks[k - 1].index, marks[k].index)) k = marks.length - 1;
      const m = marks[k];
      restoreFlow(m, flow);
      c.floats.continuations.length = m.conts;
      // Nothing placed before the break: the box moves whole, unless a float of its flow broke across this page end and the
      // box has no block-start border or padding (Chromium 156 keeps a wrapper holding a split float and a clearfix on the
      // page, the float's first part with it; with a padding-top it moves the wrapper whole).
      const splitFloatHere = m.conts > contsAtStart && !c.resumed && c.border.top + c.padding.top === 0;
      if (!m.placed && !splitFloatHere) { flow.pushed = true; flow.placedAny = false; }
      // Pushing the child this flow resumed keeps its break token (it is only pushed below a float continuation).
      end({ kind: 'block', index: m.index, inner: m.index === start ? (q.token?.inner ?? null) : null });
      return;
    }
    if (adjoining !== null && flow.firstY === null && r.firstY !== null) {
      const a = adjoining;
      adjoining = null;
      if (r.firstY > a.at + 0.01) {
        // The margins resolved below the floats placed before this box: place them there and lay this box out again.
        restoreFlow(a, flow);
        c.floats.rollback(a.floats);
        marks.length = a.marks;
        absAtPendingTop = absAtPendingTop.filter((p) => c.abs.includes(p) || env.fixed.includes(p));
        adjoiningAt = r.firstY;
        i = a.index - 1;
        continue;
      }
    }
    // A box whose margins collapse through it while this box's top is pending was placed, with the floats it holds, at that
    // pending top: it goes where the margins resolve, as floats met here do (LayoutNG places a self-collapsing box and its
    // floats once its block offset is known; CSS 2.1 §8.3.1: its top border edge is then its parent's). Measured in
    // Chromium 156: a header holding only floats, with a bottom margin, first in the body, has its floats below that
    // margin; an empty box with margins before a box with a larger top margin is at that box's top.
    if (r.collapsedThrough && flow.firstY === null && adjoining === null && adjoiningAt === null) {
      adjoining = { ...mark, at: mark.y + collapsed(mark.margin), floats: floatsBefore, marks: marks.length - 1 };
    }
    let bottom = r.bottom;
    if (flow.marker !== undefined && r.fragment?.kind === 'box' && r.fragment.baseline !== undefined) {
      // The list item's outside marker aligns with this child's first baseline, pushing it down when the marker is taller.
      const push = takeMarker(flow, r.fragment.baseline - r.fragment.y);
      if (push > 0) { translateFragment(r.fragment, 0, push); bottom += push; }
    }
    if (r.fragment) flow.children.push(r.fragment);
    if (flow.firstY === null && r.firstY !== null) {
      flow.firstY = r.firstY;
      for (const a of absAtPendingTop) a.staticY = Math.max(a.staticY, r.firstY);
      absAtPendingTop = [];
    }
    if (r.fragment && r.fragment.kind === 'box' && r.fragment.baseline !== undefined && flow.firstBaseline === undefined) flow.firstBaseline = r.fragment.baseline;
    flow.y = bottom;
    flow.margin = r.margin;
    if (!r.collapsedThrough) flow.placedAny = true;
    // A box resumed from the previous page whose in-flow content here is only cleared empty boxes (a wrapper holding a split
    // float and its clearfix) keeps the truncation too: Chromium 156 puts the next block's border edge at its end.
    const resumedEmpty = i === start && q.token?.inner != null && onlyClearedEmpty(r.fragment);
    if (r.collapsedThrough ? clearsHere : !(s.clear !== 'none' && emptyBox(r.fragment)) && !resumedEmpty) onlyEmpty = false;
    if (r.token?.atBlockEnd) overflow.push({ index: i, token: r.token });
    else if (r.token !== null) { end({ kind: 'block', index: i, inner: r.token }); return; }
    prevInFlow = child;
  }
  if (overflow.length > 0) flow.token = { kind: 'block', index: children.length, inner: null, overflow, ended: true };
}

/**
 * The content of children that ended on an earlier fragmentainer and overflowed their block-end edge (css-break-3 §4,
 * parallel flows as LayoutNG): laid out from the content's block-start, at the top of this fragmentainer, taking no room
 * (the flow position and margins stay). Returns those whose overflow continues further.
 */
function layoutOverflowChildren(children: Box[], list: OverflowChild[], flow: Flow, c: ContentParams, q: BlockChildrenParams, env: FlowEnv): OverflowChild[] {
  const out: OverflowChild[] = [];
  for (const o of list) {
    const r = env.ctx.layoutBlockLevel(children[o.index], {
      cb: c.cb, y: flow.y, margin: NO_MARGIN, floats: c.floats, token: o.token, atTop: true, truncate: true,
      abs: c.abs, pageName: c.pageName, cbRtl: q.rtl,
    }, env);
    if (r.fragment) flow.children.push(r.fragment);
    if (r.token !== null) out.push({ index: o.index, token: r.token });
  }
  return out;
}

/** A box fragment without border, padding, height or in-flow content (CSS 2.1 §8.3.1's self-collapsing box, placed). */
function emptyBox(f: Fragment | null): boolean {
  if (f === null || f.kind !== 'box' || f.height > 0.01) return false;
  if (f.border.top + f.border.bottom + f.padding.top + f.padding.bottom > 0) return false;
  return f.children.every((k) => (k.kind === 'box' || k.kind === 'replaced') && (k.style.float !== 'none' || isAbsolute(k.box)));
}

/**
 * A box fragment without border or padding whose in-flow children are only cleared empty boxes and that ends where the
 * last of them stands (its height only their clearance, not a height of its own).
 */
function onlyClearedEmpty(f: Fragment | null): boolean {
  if (f === null || f.kind !== 'box' || f.border.top + f.border.bottom + f.padding.top + f.padding.bottom > 0) return false;
  let end = f.y;
  for (const k of f.children) {
    if ((k.kind !== 'box' && k.kind !== 'replaced') || (k.style.float === 'none' && !isAbsolute(k.box) && !(k.style.clear !== 'none' && emptyBox(k)))) return false;
    if (k.style.float === 'none' && !isAbsolute(k.box)) end = Math.max(end, k.y);
  }
  return f.y + f.height <= end + 0.01;
}

const usedPage = (b: Box, parent: string): string => (b.style.page !== 'auto' ? b.style.page : parent);

function avoidBetween(children: Box[], a: number, b: number): boolean {
  return isAvoidBreak(children[a].style.breakAfter) || isAvoidBreak(children[b].style.breakBefore);
}

