// In: the items of one flex line (or one item of a column) as the flex layout placed them, and the page's fragmentainer.
// Out: their fragments broken at the fragmentainer end and where each resumes (css-break-3 §4.4, css-flexbox-1 §12).
/**
 * Flex items are not monolithic: as LayoutNG's FlexLayoutAlgorithm, the items of a row's flex line are parallel flows,
 * each laid out again with the page's fragmentainer at the size the flex layout gave it and broken at the same line; an
 * item of a column breaks like a block. An item that ends on this page keeps room for its block-end padding and border
 * (its content breaks earlier: layoutBlockLevelBox). A line whose item cannot break where it should (its first line or a
 * monolithic box does not fit at the line's top, or nothing of it fits before its block-end padding and border) moves to
 * the next page whole instead; an item placed below the line's top (alignment, margins) that does not fit moves alone
 * and starts the next page.
 */
import type { Box, FlexBox } from '../box/types.ts';
import type { BlockParams, ContentParams, FlowEnv } from './context.ts';
import type { BoxFragment, Fragment, ReplacedFragment } from './fragment.ts';
import type { ContainingBlock, FlexLineItem, FlexToken, Flow, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import { isAbsolute, lp } from './box-model.ts';
import { markOutOfFlow, restoreOutOfFlow, withoutOutOfFlow } from './oof-mark.ts';

/** An item as the flex layout placed it: its fragment (border box, absolute px) and its used margins (px). */
export interface PlacedFlexItem { box: Box; frag: BoxFragment | ReplacedFragment; mt: number; mb: number; ml: number; mr: number }

/** A line broken on this page: the fragments placed here, and the items' resumption when any continues on the next page. */
export interface BrokenLine { children: Fragment[]; line?: FlexLineItem[] }

/** The block-level parameters that lay an item out at its used size (its containing block is the container's content box). */
function itemParams(q: Omit<FlexLineItem, 'token'>, cbx: number, cb: ContainingBlock, y: number, abs: PendingAbs[], atTop: boolean, token: BlockParams['token'], truncate: boolean): BlockParams {
  return {
    cb: { x: cbx + q.x - q.ml, y: 0, width: cb.width, height: cb.height }, y, margin: NO_MARGIN, token, atTop, truncate, abs,
    widthOverride: q.width, marginsOverride: { left: q.ml, right: q.mr }, ...(q.height !== undefined ? { heightOverride: q.height } : {}),
    ...(q.grows ? { heightGrows: true } : {}), forceBfc: true,
  };
}

/**
 * Breaks the items of one line (a column: one item) that crosses `env.pageBottom`. `lineTop` is the line's top (absolute
 * px), `cbx` the container's content-box left. `mayPush`: something precedes the line on this page, so a line that
 * cannot break where it should gives null (it moves to the next page whole); else every item makes progress here.
 * `definite`: the container's height is definite, so the items' used heights are too (sliced across pages). `column`: the
 * item of a column, laid out at its flexed block size, which its content may grow: as LayoutNG fragments a column flex
 * item, content that fits keeps its place and only what lies past the page end (its block-end padding and border, the
 * last child's margin) continues on the next page, where a block would break before the last child to keep them.
 */
export function breakLine(items: PlacedFlexItem[], lineTop: number, cbx: number, cb: ContainingBlock, abs: PendingAbs[], env: FlowEnv, mayPush: boolean, definite = false, column = false): BrokenLine | null {
  const oof = markOutOfFlow(env, abs);
  const fail = (): null => { restoreOutOfFlow(oof); return null; };
  const children: Fragment[] = [];
  const line: FlexLineItem[] = [];
  let more = false;
  for (const it of items) {
    const f = it.frag;
    const bpV = f.border.top + f.border.bottom + f.padding.top + f.padding.bottom;
    // A height the author gave stays (sliced across pages), as does the used size in a container of definite height (a
    // column's flexed main size, a row's stretched cross size: definite, css-flexbox-1 §9.8); an auto height follows the
    // content, which breaking may grow (LayoutNG: the item's block size encompasses its content).
    const fixed = definite || it.box.kind === 'replaced' || it.box.style.height !== 'auto';
    const grows = !fixed && column;
    const geo = { box: it.box, x: f.x - cbx, width: f.width - f.border.left - f.border.right - f.padding.left - f.padding.right, ...(fixed || grows ? { height: Math.max(0, f.height - bpV) } : {}), ...(grows ? { grows } : {}), ml: it.ml, mr: it.mr, mb: it.mb };
    // Below the line's top (alignment or margins): the item may move alone.
    const separated = f.y - it.mt > lineTop + 0.01;
    const res = env.ctx.layoutBlockLevel(it.box, itemParams(geo, cbx, cb, f.y - it.mt, abs, separated ? false : !mayPush, null, false), env);
    if (res.pushed) {
      if (!separated) return fail();
      line.push({ ...geo, token: 'pushed' });
      more = true;
      continue;
    }
    if (res.fragment) children.push(res.fragment);
    line.push({ ...geo, token: res.token });
    if (res.token) more = true;
  }
  return more ? { children, line } : { children };
}

/**
 * Continues a line broken on an earlier page at `y` (the top of this page's content): each item from its token (a
 * pushed item from its start), ended items not at all. Returns the fragments, the line's height here (px, the tallest
 * item with its block-end margin once it ends) and the line again when an item continues further.
 */
function resumeLine(prev: FlexLineItem[], y: number, cbx: number, cb: ContainingBlock, abs: PendingAbs[], env: FlowEnv): BrokenLine & { height: number } {
  const children: Fragment[] = [];
  const line: FlexLineItem[] = [];
  let more = false, height = 0;
  for (const q of prev) {
    if (q.token === null) { line.push(q); continue; }
    const res = env.ctx.layoutBlockLevel(q.box, itemParams(q, cbx, cb, y, abs, true, q.token === 'pushed' ? null : q.token, true), env);
    if (res.fragment) {
      children.push(res.fragment);
      height = Math.max(height, res.fragment.y + res.fragment.height + (res.token === null ? q.mb : 0) - y);
    }
    line.push({ ...q, token: res.token });
    if (res.token) more = true;
  }
  return more ? { children, line, height } : { children, height };
}

/**
 * Continues into `flow` the line (or column item) of a flex container broken on the previous page, at the top of this
 * page's content; `next` is the first item after it. Returns the token the rest of the items resume from (below the line
 * and the row gap), or null when there is none here (the line continues again, or no items follow: `flow.token` says).
 */
export function continueBrokenLine(box: FlexBox, line: FlexLineItem[], next: number, c: ContentParams, flow: Flow, env: FlowEnv): FlexToken | null {
  // Their absolutely positioned descendants were collected when the items were laid out whole.
  const r = withoutOutOfFlow(env, (abs) => resumeLine(line, flow.y, c.x, c.cb, abs, env));
  flow.children.push(...r.children);
  flow.placedAny = true;
  if (r.line) { flow.y = Math.max(flow.y + r.height, env.pageBottom); flow.token = { kind: 'flex', index: next, line: r.line }; return null; }
  flow.y += r.height;
  const items = box.children.filter((k) => k.kind !== 'text' && k.kind !== 'br' && k.kind !== 'marker' && !isAbsolute(k));
  if (next >= items.length) return null;
  // The gap between lines (rows) or items (columns) is row-gap in both.
  if (box.style.rowGap !== 'normal') flow.y += lp(box.style.rowGap, c.cb.height ?? null);
  return { kind: 'flex', index: next };
}

/** True when a line box or box inside a fragment reaches below `limit` (absolute px): its content overflows the page end. */
function contentBelow(f: Fragment, limit: number): boolean {
  if (f.kind !== 'box') return false;
  for (const c of f.children) {
    if ((c.kind === 'line' || c.kind === 'box') && c.y + c.height > limit + 0.01) return true;
    if (c.kind === 'box' && contentBelow(c, limit)) return true;
  }
  return false;
}

/**
 * Items of a line that ends on this page (a container of definite height that it overflows, or content overflowing the
 * items) that reach past the page end (css-break-3 §4): each laid out again at its used size with the page's
 * fragmentainer, its fragment in `children` replaced, as Chromium 156 prints them: the line and the container end here,
 * and what of the items lies past the page end continues at the next page's top (parallel flows, as LayoutNG). Returns
 * those items, to continue on the next page.
 */
export function carryOverflow(placed: PlacedFlexItem[], children: Fragment[], cbx: number, cb: ContainingBlock, env: FlowEnv): FlexLineItem[] {
  const out: FlexLineItem[] = [];
  for (const it of placed) {
    if (it.frag.y + it.frag.height <= env.pageBottom + 0.01 && !contentBelow(it.frag, env.pageBottom)) continue;
    const b = withoutOutOfFlow(env, (abs) => breakLine([it], it.frag.y - it.mt, cbx, cb, abs, env, false, true));
    const q = b?.line?.[0];
    if (!b || !q || q.token === null || q.token === 'pushed') continue;
    const k = children.indexOf(it.frag);
    if (k < 0) continue;
    children.splice(k, 1, ...b.children);
    out.push(q);
  }
  return out;
}

/**
 * Continues into `flow` the overflow of items that ended on an earlier page (FlexToken.overflow), from the top of this
 * page's content, taking no room. Returns the items whose overflow goes on further.
 */
export function continueOverflow(items: FlexLineItem[], c: ContentParams, flow: Flow, env: FlowEnv): FlexLineItem[] {
  const r = withoutOutOfFlow(env, (abs) => resumeLine(items, flow.y, c.x, c.cb, abs, env));
  flow.children.push(...r.children);
  return r.line?.filter((q) => q.token !== null) ?? [];
}
