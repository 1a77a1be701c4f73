// In: block containers with max-lines / line-clamp / continue: discard, the line boxes laid out inside them, the flow state.
// Out: the clamp threaded through block layout: lines past the limit and everything after them discarded, the block ellipsis placed (css-overflow-4 §4).
import type { Box, BlockBox, TableCellBox } from '../box/types.ts';
import type { ComputedStyle } from '../css/computed.ts';
import type { FontContext } from '../text/types.ts';
import type { Fragment, LineFragment } from './fragment.ts';
import type { FlowEnv } from './context.ts';
import type { BreakToken, Flow, InlineLayoutResult, LineClamp } from './flow.ts';
import { applyBlockEllipsis, applyTextOverflow, ellipsisString } from './inline/ellipsis.ts';
import { isAbsolute } from './box-model.ts';

/**
 * The flow environment for a block container's children: a new clamp when the box has
 * max-lines (chained to the enclosing one unless the box is an independent formatting context),
 * none inside other independent formatting contexts, else the enclosing clamp; and the box's
 * style when it clips with a text-overflow other than clip (its anonymous block children's lines
 * are truncated by it, as Blink does). `env` itself when nothing changes.
 */
export function childFlowEnv(box: Box, independent: boolean, token: BreakToken | null, env: FlowEnv): FlowEnv {
  const s = box.style;
  const max = s.maxLines;
  const outer = env.clamp ?? null;
  const truncating = box.anonymous === true ? env.overflowStyle ?? null
    : s.overflowX !== 'visible' && s.textOverflow !== undefined && s.textOverflow !== 'clip' ? s : null;
  const newClamp = typeof max === 'number';
  if (!newClamp && !(independent && outer !== null) && truncating === (env.overflowStyle ?? null)) return env;
  const next: FlowEnv = { ...env, overflowStyle: truncating };
  if (newClamp) {
    const used = token?.clampUsed ?? 0;
    next.clamp = { remaining: Math.max(0, max - used), used, parent: independent ? null : outer, pending: null };
  } else if (independent) next.clamp = null;
  return next;
}

/** The clamp a box created for its children (null when it created none): its count goes into the box's break token. */
export function ownClamp(box: Box, childEnv: FlowEnv): LineClamp | null {
  return typeof box.style.maxLines === 'number' ? childEnv.clamp ?? null : null;
}

/** Line boxes the chain still allows (Infinity without a clamp). */
export function linesAllowed(c: LineClamp | null | undefined): number {
  let n = Infinity;
  for (let k = c ?? null; k !== null; k = k.parent) n = Math.min(n, k.remaining);
  return n;
}

/**
 * Counts `n` line boxes placed on this page against every clamp of the chain; one that runs out
 * remembers `last` (the last line placed and its container's style) for its block ellipsis.
 */
export function consumeLines(c: LineClamp, n: number, last: { line: LineFragment; style: ComputedStyle }): void {
  for (let k: LineClamp | null = c; k !== null; k = k.parent) {
    const before = k.remaining;
    k.remaining = Math.max(0, k.remaining - n);
    k.used += n;
    if (before > 0 && k.remaining === 0) k.pending = last;
  }
}

/**
 * Clamps a paragraph's freshly laid-out lines to what the chain allows: drops the rest (and the
 * floats and positioned boxes anchored on dropped lines) and puts the block ellipsis of the
 * line's container (`style.blockEllipsis`) on the last kept line. Lines are counted when placed
 * (consumeLines). Returns the result to place (the input itself when nothing is dropped).
 */
export function clampLines(result: InlineLayoutResult, style: ComputedStyle, env: FlowEnv): InlineLayoutResult {
  const c = env.clamp;
  if (!c || result.lines.length === 0) return result;
  const allowed = linesAllowed(c);
  if (allowed >= result.lines.length) return result;
  const keep = Math.max(0, allowed);
  if (keep === 0) discardAfterClamp(env);
  const lines = result.lines.slice(0, keep);
  if (keep > 0) applyBlockEllipsis(lines[keep - 1], ellipsisString(style.blockEllipsis), style, env.ctx.fonts);
  return {
    ...result,
    lines,
    floats: result.floats.filter((f) => f.lineIndex < keep),
    positioned: result.positioned.filter((a) => a.lineIndex < keep),
    height: keep > 0 ? lines[keep - 1].y + lines[keep - 1].height - lines[0].y : 0,
  };
}

/**
 * A paragraph's freshly laid-out lines truncated: clamped by line-clamp / max-lines (css-overflow-4
 * §4.2), then text-overflow on the lines left when the container clips (css-overflow-3 §3; an
 * anonymous block's lines by its parent's text-overflow).
 */
export function truncateLines(result: InlineLayoutResult, box: BlockBox | TableCellBox, env: FlowEnv): InlineLayoutResult {
  const style = box.style;
  const r = env.clamp ? clampLines(result, style, env) : result;
  const from = box.anonymous === true && env.overflowStyle ? env.overflowStyle : style;
  const overflow = from.overflowX !== 'visible' ? ellipsisString(from.textOverflow) : '';
  if (overflow !== '') for (const line of r.lines) applyTextOverflow(line, overflow, style, env.ctx.fonts);
  return r;
}

/**
 * In a block flow whose clamp ran out: whether `child` is discarded (css-overflow-4 §4.2: the
 * content after the clamp point is not rendered and takes no space). Discarding content shows
 * the pending block ellipsis on the last kept line.
 */
export function discardAfterClamp(env: FlowEnv): boolean {
  let k = env.clamp ?? null;
  while (k !== null && k.remaining > 0) k = k.parent;
  if (k === null) return false;
  if (k.pending) {
    applyBlockEllipsis(k.pending.line, ellipsisString(k.pending.style.blockEllipsis), k.pending.style, env.ctx.fonts);
    k.pending = null;
  }
  return true;
}

/**
 * continue: discard (css-overflow-4 §4.1): a box whose content breaks at the page bottom keeps
 * what is placed and discards the rest (no continuation), with the block ellipsis on its last
 * line box. Called after the box's children were laid out on this page.
 */
export function discardContinuation(flow: Flow, fonts: FontContext): void {
  flow.token = null;
  const last = lastLine(flow.children, null);
  if (last) applyBlockEllipsis(last.line, ellipsisString(last.style.blockEllipsis), last.style, fonts);
}

/** The last in-flow line box of a fragment list, with the style of the block container holding it. */
function lastLine(list: Fragment[], style: ComputedStyle | null): { line: LineFragment; style: ComputedStyle } | null {
  for (let i = list.length - 1; i >= 0; i--) {
    const f = list[i];
    if (f.kind === 'line' && style) return { line: f, style };
    if (f.kind !== 'box' || f.style.float !== 'none' || isAbsolute(f.box)) continue;
    const r = lastLine(f.children, f.style);
    if (r) return r;
  }
  return null;
}
