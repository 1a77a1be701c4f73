/**
 * Inline content of a block container inside block layout: line boxes from the inline layout, split between pages (css-break-3 §4.4 orphans/widows).
 * In: the container, its flow state, a break token holding the lines laid out on an earlier page. Out: the lines (and floats, static positions) of this page.
 */
import type { BlockBox, TableCellBox } from '../box/types.ts';
import type { ContentParams, FlowEnv } from './context.ts';
import { translateFragment } from './fragment.ts';
import type { BfcFloats } from './float.ts';
import { SkipFloats } from './float.ts';
import type { Flow, InlineLayoutResult, InlineToken, PendingAbs } from './flow.ts';
import type { BreakerState } from './inline/line-breaker.ts';
import { NO_MARGIN, collapsed, takeMarker } from './flow.ts';
import { consumeLines, truncateLines } from './clamp.ts';
import { paddingOf } from './box-model.ts';

/**
 * Inline content of a block container (its content box and floats in `q`): line boxes from the inline layout, split
 * between pages by orphans/widows; `token` resumes it at a line laid out on an earlier page.
 */
export function layoutInlineChildren(box: BlockBox | TableCellBox, flow: Flow, q: ContentParams, token: InlineToken | null, env: FlowEnv): void {
  const top = flow.y + collapsed(flow.margin);
  let result: InlineLayoutResult;
  let start = 0;
  const laid = token?.result !== undefined ? token : null;
  const fresh = laid === null;
  const again = laid ? resumeState(laid, q.floats) : undefined;
  if (laid && again !== undefined) {
    // Floats shaped the lines laid out on the page before: the rest is laid out again beside this page's floats
    // (continuations at its top included), from the breaker state of its first line (css-break-3 §2).
    const skip = laid.skip;
    const fc = skip ? new SkipFloats(q.floats, skip) : q.floats;
    result = env.ctx.layoutInline({ container: box, x: q.x, y: top, width: q.width, floats: fc, containing: q.cb, ctx: env.ctx, resume: again });
    if (fc instanceof SkipFloats) result.floats = result.floats.filter((f) => !fc.skipped.has(f.fragment));
    result = truncateLines(result, box, env);
  } else if (laid) {
    result = laid.result!;
    start = laid.next;
    const first = result.lines[start];
    const dy = first ? top - first.y : 0;
    if (dy !== 0) {
      for (let i = start; i < result.lines.length; i++) translateFragment(result.lines[i], 0, dy);
      for (const f of result.floats) if (f.lineIndex >= start) translateFragment(f.fragment, 0, dy);
      for (const a of result.positioned) if (a.lineIndex >= start) a.staticY += dy;
    }
  } else {
    // Ruby annotations over the first line may take the margin collapsed above it and the container's padding (css-ruby-1 §4.2).
    const annotationRoom = Math.max(0, collapsed(flow.margin)) + paddingOf(box.style, q.cb.width).top;
    result = truncateLines(env.ctx.layoutInline({ container: box, x: q.x, y: top, width: q.width, floats: q.floats, containing: q.cb, ctx: env.ctx, annotationRoom }), box, env);
    if (flow.marker !== undefined && result.lines.length > 0) pushForMarker(result, takeMarker(flow, result.lines[0].baseline - result.lines[0].y));
  }
  const lines = result.lines;
  const n = lines.length;
  let end = n;
  // Floats met in this content: with some, a break here lays the rest out again on the next page.
  const floatsMet = result.floats.length > 0 || q.floats.placed.length > 0;
  let floatsOnly = false;
  if (Number.isFinite(env.pageBottom)) {
    let fit = start;
    while (fit < n && lines[fit].y + lines[fit].height <= env.pageBottom + 0.01) fit++;
    if (fit < n) {
      const orphans = Math.max(1, box.style.orphans);
      const widows = Math.max(1, box.style.widows);
      let k = Math.min(fit, n - widows);
      // Too few lines for both: the orphans are kept and the widows go, as Chromium 156 breaks them (css-break-3 §4.4 leaves it open).
      if (k - start < orphans && fit - start >= orphans) k = start + orphans;
      const atTop = q.atTop;
      // No line fits but floats do (those of the first line, at least in part, or a float continuing from this page):
      // they are the progress, and the lines go to the next page (laid out again there beside the floats).
      floatsOnly = fit === start && result.resume !== undefined && (atTop || !fresh) && lines[start].height <= (env.pageHeight ?? Infinity) + 0.01 && (q.floats.continuations.length > 0 ||
        result.floats.some((f) => f.lineIndex === start && f.fragment.y - f.fragment.margin.top < env.pageBottom - 0.5));
      if (floatsOnly) k = start;
      else if (k - start < orphans || k <= start) {
        if (!atTop) {
          if (fresh) { flow.pushed = true; flow.token = { kind: 'inline', next: 0 }; return; }
          // Continuation that cannot keep its orphans here: still place what fits (progress first).
          k = Math.max(fit, start + 1);
        } else {
          k = Math.max(fit, start + 1);
        }
      }
      end = floatsOnly ? start : Math.min(n, Math.max(k, start + 1));
      if (end < n) {
        flow.token = { kind: 'inline', next: end, result, floatsMet };
        if (floatsOnly) flow.token.skip = result.floats.filter((f) => f.lineIndex === start).map((f) => f.fragment.box);
      }
    }
  }
  for (let i = start; i < end; i++) flow.children.push(lines[i]);
  const floatEnd = floatsOnly ? start + 1 : end;
  for (const f of result.floats) {
    if (f.lineIndex < start || (f.lineIndex >= floatEnd && end !== n)) continue;
    // A float crossing the page bottom is fragmented; its rest continues at the top of the next page.
    f.fragment = q.floats.splitPlaced(f.fragment, q.cb);
    flow.children.push(f.fragment);
    for (const a of q.floats.takeAbs(f.fragment)) q.abs.push(a);
  }
  if (floatsOnly) flow.placedAny = true;
  for (const a of result.positioned) {
    if (a.lineIndex < start || (a.lineIndex >= end && end !== n)) continue;
    const pend: PendingAbs = { box: a.box, staticX: a.staticX, staticY: a.staticY };
    // rtl container: the static position is the hypothetical box's right edge (CSS 2.1 §10.3.7).
    if (box.style.direction === 'rtl') pend.staticRight = a.box.originalOuter === 'block' ? q.x + q.width : a.staticX;
    if (a.box.style.position === 'fixed') env.fixed.push(pend); else q.abs.push(pend);
  }
  if (end > start) {
    if (env.clamp) consumeLines(env.clamp, end - start, { line: lines[end - 1], style: box.style });
    flow.firstY = top;
    flow.placedAny = true;
    flow.y = lines[end - 1].y + lines[end - 1].height;
    flow.margin = NO_MARGIN;
    flow.firstBaseline = lines[start].baseline;
  }
}

/**
 * Moves a paragraph's lines, their floats and static positions down by `dy` px: a list item's outside marker taller than
 * its first line pushes the line down (Blink moves the line box; measured in Chromium 156, a float of that line moves with it).
 */
function pushForMarker(result: InlineLayoutResult, dy: number): void {
  if (dy <= 0) return;
  for (const l of result.lines) translateFragment(l, 0, dy);
  for (const f of result.floats) translateFragment(f.fragment, 0, dy);
  for (const a of result.positioned) a.staticY += dy;
  result.height += dy;
}

/** The breaker state to lay the rest of a split paragraph out again from, when floats shaped it or are on this page; else undefined (its lines are moved). */
function resumeState(t: InlineToken, floats: BfcFloats): BreakerState | undefined {
  const state = t.result?.resume?.[t.next];
  if (state === undefined) return undefined;
  return t.floatsMet || floats.placed.length > 0 ? state : undefined;
}
