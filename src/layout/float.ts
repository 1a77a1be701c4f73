/**
 * Float placement in one block formatting context (CSS 2.1 §9.5, §9.5.1 rules 1–9, §9.5.2 clear).
 * In: float boxes laid out by a callback, their anchor y. Out: placed float fragments and the space left beside them.
 */
import type { Box } from '../box/types.ts';
import type { BoxFragment, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { isAvoidBreak } from './box-model.ts';
import type { BreakToken, ContainingBlock, FloatContext, FloatContinuation, PendingAbs } from './flow.ts';

/** What `BfcFloats.mark` remembers. */
export interface FloatMark { placed: number; continuations: number; lastTop: number }

/** A placed float's margin box, absolute px. */
export interface PlacedFloat { side: 'left' | 'right'; x: number; y: number; w: number; h: number }

/**
 * Lays out a float's box with its border box's top-left at (0, 0); margins in `margin`. With
 * `split`, the float is fragmented (css-break-3 §2): its margin box top is at 0 and `room` px are
 * left on the page; `token` resumes an earlier fragment; the callee sets `split.next` to the
 * float's break token (null when it ended).
 */
export type FloatBoxLayout = (box: Box, containing: ContainingBlock, split?: FloatSplit, abs?: PendingAbs[]) => BoxFragment | ReplacedFragment;

/** Fragmentation request for one float layout (see FloatBoxLayout): `room` px left, the token to resume from, the token after it. */
export interface FloatSplit {
  room: number;
  token: BreakToken | null;
  /** False for a float's first fragment: it may be pushed whole to the next page (`pushed` set) when nothing of it fits. */
  atTop?: boolean;
  next?: BreakToken | null;
  pushed?: boolean;
}

/**
 * The float exclusions of one block formatting context. Coordinates are absolute page px.
 * `placeFloat` follows §9.5.1: a left float goes as far left and as high as it can, not higher
 * than an earlier float's top (rule 6) or the anchor (rule 4), beside earlier floats when it fits,
 * else below the lowest one in its way (rules 2, 3, 7, 8).
 */
export class BfcFloats implements FloatContext {
  readonly placed: PlacedFloat[] = [];
  /** Floats fragmented at `pageBottom`, to be continued at the top of the next page (css-break-3). */
  readonly continuations: FloatContinuation[] = [];
  private lastTop = -Infinity;
  /** Abspos boxes met inside a float laid out here, static positions relative to its border box (see `takeAbs`); made on first use (most contexts place no float). */
  private absOf: Map<BoxFragment | ReplacedFragment, PendingAbs[]> | null = null;

  /** `pageBottom` (absolute px): floats placed from block flow that cross it are fragmented; Infinity: never. */
  constructor(readonly layoutBox: FloatBoxLayout, readonly pageBottom = Infinity) {}

  /** The state to come back to with `rollback`: the floats placed and queued so far. */
  mark(): FloatMark { return { placed: this.placed.length, continuations: this.continuations.length, lastTop: this.lastTop }; }

  /** Forgets the floats placed since `mark` (they are placed again elsewhere). */
  rollback(m: FloatMark): void {
    this.placed.length = m.placed;
    this.continuations.length = m.continuations;
    this.lastTop = m.lastTop;
  }

  available(y: number, height: number, left: number, right: number): { left: number; right: number } {
    const bottom = y + Math.max(height, 0);
    for (const f of this.placed) {
      if (f.h <= 0 && f.w <= 0) continue;
      // A band [y, bottom) meets the float's margin box [f.y, f.y + f.h); a zero-height band at y meets it when inside.
      const meets = height > 0 ? f.y < bottom && f.y + f.h > y : f.y <= y && f.y + f.h > y;
      if (!meets) continue;
      if (f.side === 'left') left = Math.max(left, f.x + f.w);
      else right = Math.min(right, f.x);
    }
    return { left, right };
  }

  /**
   * Places a float (§9.5.1). With `fragment` true and a finite pageBottom, a non-replaced float
   * whose margin box crosses the page bottom is laid out again with the room left (css-break-3 §2):
   * the returned fragment ends at the page bottom and the rest is queued in `continuations`. The
   * exclusion keeps the unfragmented height (the lines beside it continue on the next page with it).
   */
  placeFloat(box: Box, y: number, containing: ContainingBlock, fragment = false): BoxFragment | ReplacedFragment {
    let frag = this.layout(box, containing);
    const side: 'left' | 'right' = box.style.float === 'right' ? 'right' : 'left';
    const w = frag.width + frag.margin.left + frag.margin.right;
    const h = frag.height + frag.margin.top + frag.margin.bottom;
    let top = Math.max(y, this.lastTop);
    const clear = box.style.clear;
    if (clear !== 'none') top = this.clearance(clear, top);
    const cbLeft = containing.x;
    const cbRight = containing.x + containing.width;
    let x = side === 'left' ? cbLeft : cbRight - w;
    // Move down past floats until the margin box fits beside them (at most one step per float).
    for (let guard = 0; guard <= this.placed.length; guard++) {
      const band = this.available(top, Math.max(h, 0.01), cbLeft, cbRight);
      const fits = band.right - band.left >= w - 0.01;
      const blocked = band.left > cbLeft || band.right < cbRight;
      if (fits || !blocked) {
        x = side === 'left' ? band.left : band.right - w;
        break;
      }
      const next = this.nextBottom(top, h);
      if (next === null) { x = side === 'left' ? band.left : band.right - w; break; }
      top = next;
    }
    this.placed.push({ side, x, y: top, w, h });
    this.lastTop = top;
    const room = this.pageBottom - top;
    if (fragment && room <= 0.01 && Number.isFinite(this.pageBottom)) {
      // Placed at or below the page bottom (below a fragmented float, or cleared past it): the next page takes it.
      this.continuations.push({ box, token: null, containing });
      return placeholder(frag);
    }
    if (fragment && box.kind !== 'replaced' && room > 0.5 && top + h > this.pageBottom + 0.01 && !isAvoidBreak(box.style.breakInside)) {
      const split: FloatSplit = { room, token: null, atTop: false };
      const part = this.layout(box, containing, split);
      if (split.pushed) {
        // Nothing of the float fits: an empty placeholder here, the whole float at the top of the next page.
        frag = placeholder(frag);
        this.continuations.push({ box, token: null, containing });
      } else if (split.next) {
        frag = part;
        this.continuations.push({ box, token: split.next, containing });
        // Its exclusion ends at the page end, as LayoutNG's: the lines laid out past it (which decide widows) have the
        // full width; on the next page the continuation excludes its own part (Chromium 156 breaks a paragraph beside it so).
        this.placed[this.placed.length - 1].h = room;
      }
    }
    translateFragment(frag, x + frag.margin.left - frag.x, top + frag.margin.top - frag.y);
    return frag;
  }

  /**
   * Places the continuation of a float fragmented on the previous page at `y` (the top of this
   * page's content): same side and width, beside floats already there; it may be fragmented again.
   */
  placeContinuation(c: FloatContinuation, y: number): BoxFragment | ReplacedFragment {
    if (c.token === null) {
      // A float moved whole from the previous page: placed by the §9.5.1 rules, its clear included.
      return this.placeFloat(c.box, y, c.containing, true);
    }
    const split: FloatSplit = { room: Number.isFinite(this.pageBottom) ? Math.max(1, this.pageBottom - y) : Infinity, token: c.token, atTop: true };
    const frag = this.layout(c.box, c.containing, split);
    const side: 'left' | 'right' = c.box.style.float === 'right' ? 'right' : 'left';
    const w = frag.width + frag.margin.left + frag.margin.right;
    const h = frag.height + frag.margin.bottom;
    const cbLeft = c.containing.x, cbRight = c.containing.x + c.containing.width;
    const band = this.available(y, Math.max(h, 0.01), cbLeft, cbRight);
    const x = side === 'left' ? band.left : band.right - w;
    this.placed.push({ side, x, y, w, h });
    this.lastTop = Math.max(this.lastTop, y);
    if (split.next) this.continuations.push({ box: c.box, token: split.next, containing: c.containing });
    translateFragment(frag, x + frag.margin.left - frag.x, y - frag.y);
    return frag;
  }

  /**
   * Fragments a float placed earlier from inline content (`frag`, in page px) when its margin box
   * crosses the page bottom (css-break-3 §2): returns the part kept on this page (laid out again
   * with the room left, at the same position) and queues the rest in `continuations`; a float
   * placed at or below the page bottom becomes an empty placeholder and moves whole. The
   * exclusion keeps the unfragmented height, as for floats placed from block flow.
   */
  splitPlaced(frag: BoxFragment | ReplacedFragment, containing: ContainingBlock): BoxFragment | ReplacedFragment {
    if (!Number.isFinite(this.pageBottom)) return frag;
    const box = frag.box;
    const top = frag.y - frag.margin.top;
    if (frag.y + frag.height + frag.margin.bottom <= this.pageBottom + 0.01) return frag;
    const room = this.pageBottom - top;
    if (room <= 0.01) {
      this.continuations.push({ box, token: null, containing });
      return placeholder(frag);
    }
    if (box.kind === 'replaced' || room <= 0.5 || isAvoidBreak(box.style.breakInside)) return frag;
    const split: FloatSplit = { room, token: null, atTop: false };
    const part = this.layout(box, containing, split);
    if (split.pushed) {
      this.continuations.push({ box, token: null, containing });
      return placeholder(frag);
    }
    if (!split.next) return frag;
    this.continuations.push({ box, token: split.next, containing });
    translateFragment(part, frag.x - part.x, frag.y - part.y);
    return part;
  }

  /**
   * The abspos boxes met inside the float whose (placed) fragment is `frag` and whose containing
   * block is outside it, with their static positions in page px; each is returned once.
   */
  takeAbs(frag: BoxFragment | ReplacedFragment): PendingAbs[] {
    const list = this.absOf?.get(frag);
    if (!list) return [];
    this.absOf!.delete(frag);
    return list.map((a) => ({ ...a, staticX: a.staticX + frag.x, staticY: a.staticY + frag.y, staticRight: a.staticRight === undefined ? undefined : a.staticRight + frag.x }));
  }

  /** Lays a float's box out at (0, 0) and keeps the abspos boxes met inside it for `takeAbs`. */
  private layout(box: Box, containing: ContainingBlock, split?: FloatSplit): BoxFragment | ReplacedFragment {
    const abs: PendingAbs[] = [];
    const f = this.layoutBox(box, containing, split, abs);
    if (abs.length > 0) (this.absOf ??= new Map()).set(f, abs);
    return f;
  }

  clearance(side: 'left' | 'right' | 'both', y: number): number {
    let out = y;
    for (const f of this.placed) {
      if (side === 'both' || f.side === side) out = Math.max(out, f.y + f.h);
    }
    return out;
  }

  /** The lowest margin-box bottom of all floats placed so far, or -Infinity (§10.6.7). */
  lowestBottom(): number {
    let b = -Infinity;
    for (const f of this.placed) b = Math.max(b, f.y + f.h);
    return b;
  }

  /** The smallest float bottom below `top` among floats overlapping [top, top + h): where the next layout opportunity starts, or null. */
  nextBottom(top: number, h: number): number | null {
    let best: number | null = null;
    for (const f of this.placed) {
      const b = f.y + f.h;
      if (b > top && f.y < top + Math.max(h, 0.01) && (best === null || b < best)) best = b;
    }
    return best;
  }
}

/**
 * The float context of a paragraph laid out again on the next page (css-break-3): floats in `skip`
 * were placed on the page before, so they get an empty fragment (listed in `skipped`) and no
 * exclusion; everything else goes to `inner`.
 */
export class SkipFloats implements FloatContext {
  readonly skipped = new Set<BoxFragment | ReplacedFragment>();
  constructor(private readonly inner: BfcFloats, private readonly skip: readonly Box[]) {}
  available(y: number, height: number, left: number, right: number): { left: number; right: number } { return this.inner.available(y, height, left, right); }
  clearance(side: 'left' | 'right' | 'both', y: number): number { return this.inner.clearance(side, y); }
  placeFloat(box: Box, y: number, containing: ContainingBlock): BoxFragment | ReplacedFragment {
    if (!this.skip.includes(box)) return this.inner.placeFloat(box, y, containing);
    const z = { top: 0, right: 0, bottom: 0, left: 0 };
    const f: BoxFragment = { kind: 'box', box, style: box.style, x: containing.x, y, width: 0, height: 0, margin: z, border: z, padding: z, children: [], startsBox: false, endsBox: false };
    this.skipped.add(f);
    return f;
  }
}

/** An empty stand-in for a float that moved to the next page (zero size, no content, neither starts nor ends the box). */
function placeholder(frag: BoxFragment | ReplacedFragment): BoxFragment | ReplacedFragment {
  const z = { top: 0, right: 0, bottom: 0, left: 0 };
  return { ...frag, width: 0, height: 0, border: z, padding: z, children: [], startsBox: false, endsBox: false } as BoxFragment | ReplacedFragment;
}
