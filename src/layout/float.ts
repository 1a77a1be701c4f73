/**
 * Float placement in one block formatting context (CSS 2.1 §9.5, §9.5.1 rules 1–9, §9.5.2 clear).
 * In: float boxes laid out by a callback, their anchor y. Out: placed float fragments and the space left beside them.
 */
import type { Box } from '../box/types.ts';
import type { ContainingBlock, FloatContext } from './context.ts';
import type { BoxFragment, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';

/** A placed float's margin box, absolute px. */
export interface PlacedFloat { side: 'left' | 'right'; x: number; y: number; w: number; h: number }

/** Lays out a float's box with its border box's top-left at (0, 0); margins in `margin`. */
export type FloatBoxLayout = (box: Box, containing: ContainingBlock) => BoxFragment | ReplacedFragment;

/**
 * The float exclusions of one block formatting context. Coordinates are absolute page px.
 * `placeFloat` follows §9.5.1: a left float goes as far left and as high as it can, not higher
 * than an earlier float's top (rule 6) or the anchor (rule 4), beside earlier floats when it fits,
 * else below the lowest one in its way (rules 2, 3, 7, 8).
 */
export class BfcFloats implements FloatContext {
  readonly placed: PlacedFloat[] = [];
  private lastTop = -Infinity;

  constructor(readonly layoutBox: FloatBoxLayout) {}

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

  placeFloat(box: Box, y: number, containing: ContainingBlock): BoxFragment | ReplacedFragment {
    const frag = this.layoutBox(box, containing);
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
    translateFragment(frag, x + frag.margin.left - frag.x, top + frag.margin.top - frag.y);
    return frag;
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

  /** The smallest float bottom below `top` among floats overlapping [top, top + h). */
  private nextBottom(top: number, h: number): number | null {
    let best: number | null = null;
    for (const f of this.placed) {
      const b = f.y + f.h;
      if (b > top && f.y < top + Math.max(h, 0.01) && (best === null || b < best)) best = b;
    }
    return best;
  }
}
