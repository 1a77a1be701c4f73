// In: one line's placed items and its paragraph's levels (paragraph-bidi.ts; css-writing-modes-3 §2.4, UAX #9 L1–L4).
// Out: the line's content in visual order with the inline box pieces to open and close around it.
import type { FontContext, FontSpec, GlyphRun } from '../../text/types.ts';
import { hasRtlOrControls, paragraphLevels, visualOrder } from '../../text/bidi.ts';
import type { OpenItem } from './item-types.ts';
import type { LineSpec, PlacedItem } from './line-breaker.ts';
import type { ParagraphBidi } from './paragraph-bidi.ts';

/** One step of placing a line left to right: open a piece of an inline box, close the innermost one, or place a leaf. */
export type LineStep =
  | { kind: 'open'; item: OpenItem; leftEdge: boolean }
  | { kind: 'close'; rightEdge: boolean }
  /** `p` null: the place of an inline box with no content on this line (its edges still show). */
  | { kind: 'leaf'; p: PlacedItem | null };

interface Leaf { p: PlacedItem | null; chain: readonly OpenItem[]; level: number }

/** Whether a placed text piece draws nothing (collapsed, or only spaces that are dropped). */
export function drawsNothing(p: PlacedItem): boolean {
  const it = p.item;
  if (it.kind !== 'text') return false;
  if (p.collapsed) return true;
  const piece = p.trimmed ?? it;
  return piece.word === '' && p.tabWidth === undefined && !p.hyphen && (p.dropSpaces || piece.spaces === '');
}

/** A text leaf that is white space only (for UAX #9 L1): spaces, or a tab. */
function isWhiteLeaf(p: PlacedItem | null): 'space' | 'tab' | false {
  if (!p || p.item.kind !== 'text') return false;
  if (p.item.tab) return 'tab';
  const piece = p.trimmed ?? p.item;
  return /^ *$/.test(piece.word) ? 'space' : false;
}

/** The base level (0/1) of the bidi paragraph a line belongs to: its first piece's, else the container's. */
export function lineBaseLevel(spec: LineSpec, bidi: ParagraphBidi): number {
  for (const p of spec.items) if (p.item.kind === 'text' || p.item.kind === 'atomic') return p.item.base;
  return bidi.base;
}

/**
 * The line's content in visual order (UAX #9 L1–L2, css-writing-modes-3 §2.4): leaves (text
 * pieces, atomic inlines, breaks, out-of-flow places) in logical order with their levels, white
 * space at the line end and before tabs reset to the paragraph level (L1), reordered (L2); then
 * the inline box pieces each leaf sits in, opened and closed as the walk goes. A box broken by
 * reordering gets one piece per contiguous stretch; its line-left edge (margin, border, padding)
 * goes on its leftmost piece and its line-right edge on its rightmost, when the box starts or
 * ends on this line: for an ltr box the left edge is its start, for an rtl box its end.
 */
export function visualSteps(spec: LineSpec, base: number): LineStep[] {
  const leaves: Leaf[] = [];
  const chain: OpenItem[] = spec.openAtStart.slice();
  let snap: readonly OpenItem[] = chain.slice();
  let dirty = false;
  const starts = new Set<OpenItem>();
  const ends = new Set<OpenItem>();
  const covered = new Set<OpenItem>();
  let prevLevel = base;
  const leaf = (p: PlacedItem | null, level: number): void => {
    if (dirty) { snap = chain.slice(); dirty = false; }
    leaves.push({ p, chain: snap, level });
    for (const o of snap) covered.add(o);
    prevLevel = level;
  };
  for (const p of spec.items) {
    const it = p.item;
    switch (it.kind) {
      case 'open': chain.push(it); starts.add(it); dirty = true; break;
      case 'close': {
        if (!covered.has(it.open) && chain.includes(it.open)) leaf(null, prevLevel);
        const at = chain.lastIndexOf(it.open);
        if (at >= 0) chain.splice(at, 1);
        ends.add(it.open);
        dirty = true;
        break;
      }
      case 'text': if (!drawsNothing(p)) leaf(p, it.level); break;
      case 'atomic': leaf(p, it.level); break;
      case 'br': leaf(p, base); break;
      case 'abs': leaf(p, prevLevel); break;
      default: break;
    }
  }
  if (chain.some((o) => !covered.has(o))) leaf(null, prevLevel);
  // L1: white space before a tab and at the end of the line takes the paragraph level.
  let trailing = true;
  for (let k = leaves.length - 1; k >= 0; k--) {
    const w = isWhiteLeaf(leaves[k].p);
    const br = leaves[k].p?.item.kind === 'br';
    if (w === 'tab') { leaves[k].level = base; trailing = true; continue; }
    if (trailing && (w === 'space' || br || leaves[k].p === null)) { leaves[k].level = base; continue; }
    trailing = false;
  }
  const order = visualOrder(leaves.map((l) => l.level));
  const last = new Map<OpenItem, number>();
  order.forEach((li, v) => { for (const o of leaves[li].chain) last.set(o, v); });
  const ltr = (o: OpenItem): boolean => o.style.direction !== 'rtl';
  const steps: LineStep[] = [];
  const open: OpenItem[] = [];
  const seen = new Set<OpenItem>();
  const closeTo = (k: number, v: number): void => {
    while (open.length > k) {
      const o = open.pop()!;
      steps.push({ kind: 'close', rightEdge: last.get(o) === v && (ltr(o) ? ends.has(o) : starts.has(o)) });
    }
  };
  order.forEach((li, v) => {
    const c = leaves[li].chain;
    let k = 0;
    while (k < open.length && k < c.length && open[k] === c[k]) k++;
    closeTo(k, v - 1);
    for (let j = k; j < c.length; j++) {
      const o = c[j];
      steps.push({ kind: 'open', item: o, leftEdge: !seen.has(o) && (ltr(o) ? starts.has(o) : ends.has(o)) });
      seen.add(o);
      open.push(o);
    }
    steps.push({ kind: 'leaf', p: leaves[li].p });
  });
  closeTo(0, order.length - 1);
  return steps;
}

/**
 * Shapes a single-style text outside any inline formatting context (a list marker, a generated
 * string) as one bidi paragraph of base direction `dir` (UAX #9 with no embeddings): level runs
 * shaped in their direction and placed in visual order. Returns the glyph runs left to right.
 */
export function shapeBidiText(fonts: FontContext, spec: FontSpec, text: string, dir: 'ltr' | 'rtl'): GlyphRun[] {
  if (dir === 'ltr' && !hasRtlOrControls(text)) return fonts.shape(text, spec);
  const { levels } = paragraphLevels(text, dir, []);
  const runs: Array<{ start: number; end: number }> = [];
  for (let a = 0; a < text.length; ) {
    let b = a + 1;
    while (b < text.length && levels[b] === levels[a]) b++;
    runs.push({ start: a, end: b });
    a = b;
  }
  const out: GlyphRun[] = [];
  for (const k of visualOrder(runs.map((r) => levels[r.start]))) {
    const r = runs[k];
    out.push(...fonts.shape(text.slice(r.start, r.end), spec, (levels[r.start] & 1) === 1));
  }
  return out;
}
