// In: one line as the breaker chose it (LineSpec), the container's style and the layout context.
// Out: its LineFragment: horizontal placement with text-align/justify (css-text-3 §6–§7) and the line box's height and baselines (CSS 2.1 §10.8).
import type { ComputedStyle } from '../../css/computed.ts';
import type { GlyphRun } from '../../text/types.ts';
import type { BoxFragment, Fragment, InlineFragment, LineFragment, MarkerFragment, ReplacedFragment, TextFragment } from '../fragment.ts';
import { symbolGeometry } from './symbol.ts';
import { translateFragment } from '../fragment.ts';
import type { AbsItem, AtomicItem, OpenItem, TextPiece } from './item-types.ts';
import { snappedWidth } from './shape-word.ts';
import type { LineSpec, PlacedItem } from './line-breaker.ts';
import { drawsNothing, lineBaseLevel, visualSteps } from './bidi.ts';
import type { ParagraphBidi } from './paragraph-bidi.ts';
import type { InlineEdges, InlineMetrics } from './style.ts';
import { fallbackExtents, inlineMetricsOf } from './style.ts';
import type { ContainingBlock, LayoutContext } from '../context.ts';
import { relativeOffset } from '../positioned.ts';

/** What building a line needs from the paragraph's layout. */
export interface LineEnv {
  ctx: LayoutContext;
  /** The block container's style: the strut, text-align, direction. */
  root: ComputedStyle;
  /** The paragraph's bidi facts: when active, lines are placed in visual order. */
  bidi: ParagraphBidi;
  edges(item: OpenItem): InlineEdges;
  atomicFragment(item: AtomicItem): BoxFragment | ReplacedFragment;
  hyphen(piece: TextPiece): { runs: GlyphRun[]; text: string };
  /** The containing block of the inline content (relative offsets' percentages). */
  containing: ContainingBlock;
  /** Some box of the paragraph is position: relative (skips a walk when not). */
  hasRelative: boolean;
  /** The container's content box edges (px, absolute): where a block-level box would start. */
  full: { left: number; right: number };
}

/** A line built: its fragment and the static positions of the out-of-flow boxes met on it. */
export interface BuiltLine {
  line: LineFragment;
  positioned: Array<{ item: AbsItem; x: number; y: number }>;
}

interface VBox {
  style: ComputedStyle;
  m: InlineMetrics;
  frag: InlineFragment | null;       // null: the root inline box
  edges: InlineEdges | null;
  children: VChild[];
  hasText: boolean;
  shift: number;                     // baseline offset from the parent's baseline, px, down positive
  top: number; bottom: number;       // extents of the aligned subtree, relative to its baseline
  baseline: number;                  // absolute, after placement
}
type VChild =
  | { kind: 'box'; v: VBox }
  | { kind: 'text'; frag: TextFragment }
  /** An inside disc/circle/square marker: its bullet, `top` px from the baseline (symbolGeometry). */
  | { kind: 'text'; frag: MarkerFragment; top: number }
  | { kind: 'atomic'; frag: BoxFragment | ReplacedFragment; style: ComputedStyle; base: number; top: number; bottom: number; shift: number; baseline: number };

type Pending = { kind: 'box'; v: VBox } | Extract<VChild, { kind: 'atomic' }>;

const isSpace = (t: string): boolean => t === ' ' || t === '\u00a0';

/** Appends `runs` to `out`, merging runs of one face and size and widening spaces by `extra` px (justification). Returns the width added. */
function appendRuns(out: GlyphRun[], runs: readonly GlyphRun[], extra: number): number {
  let added = 0;
  for (const r of runs) {
    let last = out[out.length - 1];
    if (!last || last.face !== r.face || last.fontSize !== r.fontSize) {
      last = { face: r.face, fontSize: r.fontSize, glyphs: [], width: 0, text: '' };
      out.push(last);
    }
    const glyphs = last.glyphs;
    let width = r.width;
    if (extra === 0) {
      for (let k = 0; k < r.glyphs.length; k++) glyphs.push(r.glyphs[k]);
    } else {
      for (let k = 0; k < r.glyphs.length; k++) {
        const g = r.glyphs[k];
        if (isSpace(g.text)) { glyphs.push({ ...g, advance: g.advance + extra }); width += extra; }
        else glyphs.push(g);
      }
    }
    last.width += width;
    last.text += r.text;
    added += width;
  }
  return added;
}

const countSpaces = (s: string): number => {
  let c = 0;
  for (let i = 0; i < s.length; i++) { const ch = s.charCodeAt(i); if (ch === 32 || ch === 0xa0) c++; }
  return c;
};

/**
 * The used text-align of a line (css-text-3 §7.1–§7.2): justify falls back to text-align-last on
 * the last line and before forced breaks; start/end follow `rtl`, the line's base direction
 * (default: the container's direction; a unicode-bidi: plaintext paragraph's own otherwise).
 */
export function alignOf(root: ComputedStyle, lastOrForced: boolean, rtl = root.direction === 'rtl'): 'left' | 'right' | 'center' | 'justify' {
  let a: string = root.textAlign;
  if (lastOrForced && a === 'justify') a = root.textAlignLast === 'auto' ? 'start' : root.textAlignLast;
  else if (lastOrForced && root.textAlignLast !== 'auto') a = root.textAlignLast;
  if (a === 'start') return rtl ? 'right' : 'left';
  if (a === 'end') return rtl ? 'left' : 'right';
  return a as 'left' | 'right' | 'center' | 'justify';
}

/**
 * Builds the LineFragment of one line (CSS 2.1 §9.4.2, §10.8): places the items left to right
 * from the line's left edge (after floats, text-indent on the start side and text-align offset),
 * in visual order in a bidi paragraph (bidi.ts visualSteps: UAX #9 L1-L2), merges the pieces of
 * one text run into one TextFragment, creates the InlineFragment pieces (edges only at the box's
 * start/end, box-decoration-break: slice), then aligns everything vertically
 * (vertical-align, half-leading, strut; the quirks-mode line height quirk) and sizes the line box.
 * `isLast`: the paragraph's last line (not justified). All coordinates absolute px.
 */
export function buildLine(spec: LineSpec, env: LineEnv, isLast: boolean): BuiltLine {
  const fonts = env.ctx.fonts;
  const quirks = env.ctx.lineHeightQuirks ?? env.ctx.quirks;
  const avail = spec.right - spec.left;
  const free = avail - spec.width;
  const lineBase = env.bidi.active ? lineBaseLevel(spec, env.bidi) : env.root.direction === 'rtl' ? 1 : 0;
  const lineRtl = lineBase === 1;
  const align = alignOf(env.root, isLast || spec.forced, lineRtl);
  let offset = 0;
  let extra = 0;
  if (free > 0) {
    if (align === 'right') offset = free;
    else if (align === 'center') offset = Math.trunc(free * 32) / 64; // Blink halves a LayoutUnit: truncated to 1/64 px
    else if (align === 'justify') {
      let spaces = 0;
      for (const p of spec.items) {
        // CSS 2.1 §16.2: text under white-space pre/pre-wrap is not altered by justification.
        if (p.item.kind !== 'text' || p.collapsed || p.tabWidth !== undefined || !p.item.collapsible) continue;
        const piece = p.trimmed ?? p.item;
        spaces += countSpaces(piece.word) + (p.dropSpaces ? 0 : countSpaces(piece.spaces));
      }
      if (spaces > 0) extra = free / spaces;
    }
  } else if (free < 0 && lineRtl) {
    // Too long for the line: start-aligned, overflowing the end edge, which is the left one in rtl (css-text-3 §7.1).
    offset = free;
  }

  const rootV: VBox = {
    style: env.root, m: inlineMetricsOf(env.root, fonts), frag: null, edges: null, children: [],
    hasText: false, shift: 0, top: 0, bottom: 0, baseline: 0,
  };
  // The start edge is the right one in an rtl line: text-indent goes there, not before the content.
  const x0 = spec.left + (lineRtl ? 0 : spec.indent) + offset;
  const b: Build = {
    env, x: x0, stack: [rootV], spec, extra, penStart: x0, curText: null,
    placedAtomic: false, lineHasText: false, positioned: [], below: null,
  };
  if (env.bidi.active) {
    for (const step of visualSteps(spec, lineBase)) {
      if (step.kind === 'leaf') { if (step.p) placeLeaf(b, step.p); continue; }
      endText(b);
      if (step.kind === 'open') openBox(b, step.item, step.leftEdge);
      else closeTop(b, step.rightEdge);
    }
  } else {
    for (const o of spec.openAtStart) openBox(b, o, false);
    for (const p of spec.items) {
      const it = p.item;
      if (it.kind === 'open') { endText(b); openBox(b, it, true); continue; }
      if (it.kind !== 'close') { placeLeaf(b, p); continue; }
      endText(b);
      let at = b.stack.length - 1;
      while (at > 0 && b.stack[at].frag!.box !== it.box) at--;
      if (at === 0) continue;
      while (b.stack.length - 1 > at) closeTop(b, false);
      closeTop(b, true);
    }
  }
  endText(b);
  while (b.stack.length > 1) closeTop(b, false);
  const { positioned, below } = b;

  // ---- Vertical alignment (CSS 2.1 §10.8.1; Blink's InlineLayoutStateStack).
  const pending: Pending[] = [];
  measureBox(rootV, { quirks, fonts, pending });
  let lineTop = rootV.top === Infinity ? 0 : rootV.top;
  let lineBottom = rootV.bottom === -Infinity ? 0 : rootV.bottom;
  for (const c of pending) {
    const t = c.kind === 'box' ? c.v.top : c.top;
    const bt = c.kind === 'box' ? c.v.bottom : c.bottom;
    if (t === Infinity) continue;
    const h = bt - t;
    const va = c.kind === 'box' ? c.v.style.verticalAlign : c.style.verticalAlign;
    if (va === 'top' && lineTop + h > lineBottom) lineBottom = lineTop + h;
    if (va === 'bottom' && lineBottom - h < lineTop) lineTop = lineBottom - h;
  }
  const height = lineBottom - lineTop;
  const baseline = spec.y - lineTop;
  placeBox(rootV, baseline, { y: spec.y, height, pending: pending.length ? new Set<unknown>(pending.map(pendingKey)) : null });
  if (env.hasRelative) applyRelative(rootV, env.containing);
  if (below) for (const p of below) p.y = spec.y + height;
  const children: Fragment[] = [];
  for (const c of rootV.children) children.push(c.kind === 'box' ? c.v.frag! : c.frag);
  return {
    line: { kind: 'line', x: spec.left, y: spec.y, width: avail, height, baseline, children },
    positioned,
  };
}

/** Horizontal placement state while a line's items are laid left to right. */
interface Build {
  env: LineEnv;
  x: number;
  stack: VBox[];
  spec: LineSpec;
  /** Justification: px added to each collapsible space. */
  extra: number;
  /** Where the pen started (after floats, indent and alignment). */
  penStart: number;
  /** The text fragment the next piece of the same text run joins, if nothing came between. */
  curText: TextFragment | null;
  placedAtomic: boolean;
  lineHasText: boolean;
  positioned: Array<{ item: AbsItem; x: number; y: number }>;
  /** Block-level abspos boxes after in-flow content on this line: their static position is below the line box. */
  below: Array<{ item: AbsItem; x: number; y: number }> | null;
}

/**
 * Ends the text fragment being built: its width is snapped up to 1/64 px (snappedWidth, Blink's item result inline size)
 * and the pen moves past the snapped width, so what follows on the line starts where Chromium places it.
 */
function endText(b: Build): void {
  const t = b.curText;
  if (!t) return;
  const w = snappedWidth(t.width);
  b.x += w - t.width;
  t.width = w;
  b.curText = null;
}

/** Places one leaf of the line (a text piece, an atomic inline, a forced break, an out-of-flow box's place) at the pen. */
function placeLeaf(b: Build, p: PlacedItem): void {
  const it = p.item;
  const env = b.env;
  if (it.kind !== 'text' || it.symbol) endText(b);
  switch (it.kind) {
    case 'text': {
      if (drawsNothing(p)) break;
      if (it.symbol) { placeSymbol(b, it); break; }
      const piece = p.trimmed ?? it;
      const top = b.stack[b.stack.length - 1];
      let cur = b.curText;
      if (!cur || cur.box !== it.box) {
        endText(b);
        cur = { kind: 'text', box: it.box, style: it.style, x: b.x, y: 0, width: 0, height: 0, baseline: 0, runs: [], text: '' };
        b.curText = cur;
        top.children.push({ kind: 'text', frag: cur });
      }
      let w = 0;
      if (p.tabWidth !== undefined) {
        const sp = env.ctx.fonts.shape(' ', it.spec);
        const g = sp[0]?.glyphs[0];
        if (g) cur.runs.push({ face: sp[0].face, fontSize: sp[0].fontSize, glyphs: [{ ...g, advance: p.tabWidth }], width: p.tabWidth, text: ' ' });
        w = p.tabWidth;
        cur.text += ' ';
      } else {
        const ex = it.collapsible ? b.extra : 0;
        const h = p.hyphen ? env.hyphen(it) : null;
        const spaces = !p.dropSpaces && piece.spaces !== '';
        if (it.rtl) {
          // Right to left: the trailing spaces and a hyphen come before the word, visually.
          if (spaces) { w += appendRuns(cur.runs, piece.spaceRuns, ex); cur.text += piece.spaces; }
          if (h) { w += appendRuns(cur.runs, h.runs, 0); cur.text += h.text; }
          w += appendRuns(cur.runs, piece.wordRuns, ex);
          cur.text += piece.word;
        } else {
          w += appendRuns(cur.runs, piece.wordRuns, ex);
          cur.text += piece.word;
          if (spaces) { w += appendRuns(cur.runs, piece.spaceRuns, ex); cur.text += piece.spaces; }
          if (h) { w += appendRuns(cur.runs, h.runs, 0); cur.text += h.text; }
        }
      }
      cur.width += w;
      b.x += w;
      // A kept space is text of its box too (Blink's EnsureTextMetrics for every text item placed on the line).
      if (piece.word !== '' || !it.collapsible || spacesKept(p, piece)) { top.hasText = true; b.lineHasText = true; }
      break;
    }
    case 'atomic': {
      const frag = env.atomicFragment(it);
      translateFragment(frag, b.x + frag.margin.left - frag.x, -frag.y);
      const base = frag.kind === 'box' && frag.baseline !== undefined ? frag.baseline - frag.y : frag.height + frag.margin.bottom;
      b.stack[b.stack.length - 1].children.push({
        kind: 'atomic', frag, style: it.style, base,
        top: -frag.margin.top - base, bottom: frag.height + frag.margin.bottom - base, shift: 0, baseline: 0,
      });
      b.x += frag.margin.left + frag.width + frag.margin.right;
      b.placedAtomic = true;
      break;
    }
    case 'br': {
      // Blink's PlaceControlItem gives the box the strut only when nothing before the break gave it metrics.
      const top = b.stack[b.stack.length - 1];
      if (!top.children.some(hasMetrics)) top.hasText = true;
      b.lineHasText = true;
      break;
    }
    case 'abs': {
      if (it.box.originalOuter !== 'block') { b.positioned.push({ item: it, x: b.x, y: b.spec.y }); break; }
      // CSS 2.1 §10.3.7/§10.6.4, css-position-3 §3 static position: a box that would have been
      // block-level ends the line before it and starts at the container's start edge, below the
      // line box when in-flow content precedes it on the line, at the line's top otherwise.
      const sp = { item: it, x: env.full.left, y: b.spec.y };
      b.positioned.push(sp);
      if (b.lineHasText || b.placedAtomic || b.x !== b.penStart) (b.below ??= []).push(sp);
      break;
    }
    default: break;
  }
}

/**
 * Places an inside symbol marker: a bullet square 1 px after the start of Blink's symbol box, which
 * sits after a −1 px start margin (before a 1em end margin; mirrored when the marker is rtl).
 */
function placeSymbol(b: Build, it: TextPiece): void {
  const g = symbolGeometry(b.env.ctx.fonts.metrics(it.spec).ascent);
  const x = it.style.direction === 'rtl' ? b.x + it.wordWidth + 2 - g.width : b.x;
  const frag: MarkerFragment = { kind: 'marker', box: it.symbol!, style: it.style, x, y: 0, width: g.side, height: g.side, baseline: 0, runs: [] };
  const top = b.stack[b.stack.length - 1];
  top.children.push({ kind: 'text', frag, top: g.top });
  b.curText = null;
  top.hasText = true;
  b.lineHasText = true;
  b.x += it.wordWidth;
}

/** Opens a piece of an inline box at the current x; `starts`: the piece holds the box's start edge. */
function openBox(b: Build, item: OpenItem, starts: boolean): void {
  const e = b.env.edges(item);
  if (starts) b.x += e.marginLeft;
  const frag: InlineFragment = {
    kind: 'inline', box: item.box, style: item.style, x: b.x, y: 0, width: 0, height: 0,
    border: { top: e.borderTop, right: 0, bottom: e.borderBottom, left: starts ? e.borderLeft : 0 },
    padding: { top: e.paddingTop, right: 0, bottom: e.paddingBottom, left: starts ? e.paddingLeft : 0 },
    margin: { top: e.marginTop, right: 0, bottom: e.marginBottom, left: starts ? e.marginLeft : 0 },
    children: [], startsBox: starts && (item.box.split === undefined || item.box.split === 'first'), endsBox: false,
  };
  if (starts) b.x += e.borderLeft + e.paddingLeft;
  const v: VBox = {
    style: item.style, m: inlineMetricsOf(item.style, b.env.ctx.fonts), frag, edges: e, children: [],
    hasText: false, shift: 0, top: 0, bottom: 0, baseline: 0,
  };
  b.stack[b.stack.length - 1].children.push({ kind: 'box', v });
  b.stack.push(v);
}

/** Closes the innermost open piece; `ends`: it holds the box's end edge. */
function closeTop(b: Build, ends: boolean): void {
  const v = b.stack.pop()!;
  const f = v.frag!;
  const e = v.edges!;
  if (ends) {
    b.x += e.paddingRight + e.borderRight;
    f.border.right = e.borderRight;
    f.padding.right = e.paddingRight;
    f.margin.right = e.marginRight;
    f.endsBox = f.box.split === undefined || f.box.split === 'last';
  }
  f.width = b.x - f.x;
  if (ends) b.x += e.marginRight;
}

/** Under the line height quirk, only inline-direction borders and padding keep a box without text from being empty (Blink's IsInlineBoxStartEmpty/EndEmpty: not margins, not top/bottom). */
const hasEdges = (e: InlineEdges): boolean => e.borderLeft + e.borderRight + e.paddingLeft + e.paddingRight !== 0;

/** Whether a placed child gives its box metrics under the line height quirk: text, an atomic inline, or an inline box with text or edges at some depth. */
const hasMetrics = (c: VChild): boolean =>
  c.kind !== 'box' || c.v.hasText || hasEdges(c.v.edges!) || c.v.children.some(hasMetrics);

/** Whether a text piece's trailing spaces are placed (not dropped at the line end). */
const spacesKept = (p: PlacedItem, piece: { spaces: string }): boolean => !p.dropSpaces && piece.spaces !== '';

const pendingKey = (c: Pending): unknown => (c.kind === 'box' ? c.v : c);

interface MeasureCtx { quirks: boolean; fonts: LayoutContext['fonts']; pending: Pending[] }

/**
 * Computes the extents of an inline box's aligned subtree relative to its baseline (its own
 * A + half-leading above, D + half-leading below, CSS 2.1 §10.8.1, unioned with its children
 * shifted by their vertical-align) and each child's baseline shift. 'top'/'bottom' children go to
 * `pending`. Quirks and limited-quirks mode: boxes without text or inline-direction borders and
 * padding contribute nothing (quirks §3.3), and the root (the strut) only with text of its own: text
 * inside an inline box on the line does not give the root the strut (Blink's InlineBoxState metrics).
 * The lines of a list item itself (not of blocks inside it) keep the strut, as Chromium 156 lays them out.
 */
function measureBox(v: VBox, mc: MeasureCtx): void {
  const contributes = !mc.quirks || v.hasText || (v.frag !== null ? hasEdges(v.edges!) : v.style.display === 'list-item');
  let top = contributes ? -(v.m.ascent + v.m.leadingTop) : Infinity;
  let bottom = contributes ? v.m.descent + v.m.leadingBottom : -Infinity;
  for (const c of v.children) {
    if (c.kind === 'text') {
      const fb = contributes ? fallbackExtents(v.style, c.frag.runs, mc.fonts) : null;
      if (fb) { top = Math.min(top, fb.top); bottom = Math.max(bottom, fb.bottom); }
      continue;
    }
    let ct: number, cb: number, va: ComputedStyle['verticalAlign'], lh: number;
    if (c.kind === 'box') { measureBox(c.v, mc); ct = c.v.top; cb = c.v.bottom; va = c.v.style.verticalAlign; lh = c.v.m.lineHeight; }
    else { ct = c.top; cb = c.bottom; va = c.style.verticalAlign; lh = typeof va === 'object' && va.pct !== 0 ? inlineMetricsOf(c.style, mc.fonts).lineHeight : 0; }
    if (va === 'top' || va === 'bottom') { mc.pending.push(c); continue; }
    if (ct === Infinity) { ct = 0; cb = 0; }
    const shift = baselineShift(va, v.m, ct, cb, lh);
    if (c.kind === 'box') c.v.shift = shift; else c.shift = shift;
    if (c.kind === 'box' && c.v.top === Infinity) continue;
    top = Math.min(top, shift + ct);
    bottom = Math.max(bottom, shift + cb);
  }
  v.top = top;
  v.bottom = bottom;
}

/** Moves relatively positioned inline boxes and atomic inlines by their offsets (CSS 2.1 §9.4.3), after alignment. */
function applyRelative(v: VBox, cb: ContainingBlock): void {
  for (const c of v.children) {
    if (c.kind === 'text') continue;
    const st = c.kind === 'box' ? c.v.style : c.style;
    if (c.kind === 'box') applyRelative(c.v, cb);
    const rel = st.position === 'relative' ? relativeOffset(st, cb) : null;
    if (rel) translateFragment(c.kind === 'box' ? c.v.frag! : c.frag, rel.dx, rel.dy);
  }
}

interface PlaceCtx { y: number; height: number; pending: Set<unknown> | null }

/** Sets absolute baselines and y of a box's subtree, top-down; 'top'/'bottom' subtrees align to the line box. */
function placeBox(v: VBox, base: number, pc: PlaceCtx): void {
  v.baseline = base;
  if (v.frag) {
    const e = v.edges!;
    v.frag.y = base - v.m.ascent - e.paddingTop - e.borderTop;
    v.frag.height = v.m.ascent + v.m.descent + e.paddingTop + e.paddingBottom + e.borderTop + e.borderBottom;
  }
  for (const c of v.children) {
    if (c.kind === 'text') {
      c.frag.baseline = base;
      if ('top' in c) c.frag.y = base + c.top;
      else {
        c.frag.y = base - v.m.ascent;
        c.frag.height = v.m.ascent + v.m.descent;
      }
      if (v.frag) v.frag.children.push(c.frag);
      continue;
    }
    let childBase: number;
    if (pc.pending && pc.pending.has(pendingKey(c))) {
      const t = c.kind === 'box' ? c.v.top : c.top;
      const bt = c.kind === 'box' ? c.v.bottom : c.bottom;
      const va = c.kind === 'box' ? c.v.style.verticalAlign : c.style.verticalAlign;
      childBase = va === 'top' ? pc.y - (t === Infinity ? 0 : t) : pc.y + pc.height - (bt === -Infinity ? 0 : bt);
    } else childBase = base + (c.kind === 'box' ? c.v.shift : c.shift);
    if (c.kind === 'box') {
      placeBox(c.v, childBase, pc);
      if (v.frag) v.frag.children.push(c.v.frag!);
    } else {
      c.baseline = childBase;
      translateFragment(c.frag, 0, childBase - c.base - c.frag.y);
      if (v.frag) v.frag.children.push(c.frag);
    }
  }
}

/** Truncates to Blink's LayoutUnit (1/64 px), as its integer divisions of a fixed-point font size do. */
const trunc64 = (v: number): number => Math.trunc(v * 64) / 64;

/**
 * The baseline shift of a child (px, down positive) from its parent's baseline for
 * vertical-align (CSS 2.1 §10.8.1), with Blink's figures: sub = parent font-size / 5 + 1,
 * super = −(parent font-size / 3 + 1); middle puts the child's midpoint at the parent's
 * baseline − x-height / 2; text-top/text-bottom align with the parent's font ascent/descent;
 * lengths raise, percentages of the child's own line-height. `ct`/`cb`: the child's extents.
 */
export function baselineShift(
  va: ComputedStyle['verticalAlign'], parent: InlineMetrics, ct: number, cb: number, childLineHeight: number,
): number {
  if (typeof va === 'object') return -(va.px + (va.pct * childLineHeight) / 100);
  switch (va) {
    case 'sub': return trunc64(parent.fontSize / 5) + 1;
    case 'super': return -(trunc64(parent.fontSize / 3) + 1);
    case 'text-top': return -parent.ascent - ct;
    case 'text-bottom': return parent.descent - cb;
    case 'middle': return -Math.round((parent.xHeight / 2) * 64) / 64 - (ct + cb) / 2;
    default: return 0;
  }
}
