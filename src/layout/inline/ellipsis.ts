// In: a laid-out line box, the ellipsis string and the block container's style (its first available font, direction, text-align).
// Out: the line with content hidden at its end edge and the ellipsis placed after what remains (css-overflow-3 §3 text-overflow, css-overflow-4 §4.4 block-ellipsis).
import type { ComputedStyle } from '../../css/computed.ts';
import type { FontContext, GlyphRun } from '../../text/types.ts';
import type { Fragment, InlineFragment, LineFragment, TextFragment } from '../fragment.ts';
import { translateFragment } from '../fragment.ts';
import { shapeWord } from './shape-word.ts';
import { alignOf } from './line-box.ts';
import { fontSpecOf, inlineMetricsOf } from './style.ts';

const EPS = 1 / 128; // the line breaker's tolerance
/** Lines that already carry an ellipsis (never a second one). */
const done = new WeakSet<LineFragment>();

/** The string of a text-overflow / block-ellipsis value: U+2026 for ellipsis/auto, '' for clip/none. */
export function ellipsisString(v: ComputedStyle['textOverflow'] | ComputedStyle['blockEllipsis']): string {
  if (v === undefined || v === 'clip' || v === 'none') return '';
  return typeof v === 'object' ? v.text : '\u2026';
}

/**
 * text-overflow (css-overflow-3 §3): when the line's content overflows its end edge (right in
 * ltr, left in rtl), hides the characters (whole grapheme clusters) and atomic inlines at that
 * edge that do not fit beside the ellipsis, and draws the ellipsis right after what remains, in
 * the block container's style. Rendering only: nothing else moves. Returns whether it changed the line.
 */
export function applyTextOverflow(line: LineFragment, text: string, style: ComputedStyle, fonts: FontContext): boolean {
  if (text === '' || done.has(line)) return false;
  const ext = extent(line);
  if (ext === null) return false;
  const rtl = style.direction === 'rtl';
  const L = line.x, R = line.x + line.width;
  if (rtl ? ext.a >= L - EPS : ext.b <= R + EPS) return false;
  place(line, text, style, fonts, ext, true, false);
  return true;
}

/**
 * block-ellipsis (css-overflow-4 §4.4): the ellipsis goes at the end of the last line kept before
 * content is discarded (line-clamp / max-lines, continue: discard). Content at the line's end edge
 * is removed until the ellipsis fits; the line is then aligned again by text-align (as a last line).
 */
export function applyBlockEllipsis(line: LineFragment, text: string, style: ComputedStyle, fonts: FontContext): void {
  if (text === '' || done.has(line)) return;
  const ext = extent(line) ?? { a: line.x, b: line.x };
  const align = alignOf(style, true);
  const rtl = style.direction === 'rtl';
  // Content aligned to the centre or the end side moves when realigned: only its width counts.
  const moves = align === 'center' || align === (rtl ? 'left' : 'right');
  place(line, text, style, fonts, ext, false, moves);
  // Align again: the content changed width.
  const now = extent(line);
  if (now === null) return;
  const L = line.x, R = line.x + line.width;
  let shift = 0;
  if (align === 'right') shift = R - now.b;
  else if (align === 'center') shift = (L + R) / 2 - (now.a + now.b) / 2;
  else if (rtl) shift = ext.a - now.a; // left-aligned rtl: the content keeps its start
  if (Math.abs(shift) > 1e-6) for (const c of line.children) translateFragment(c, shift, 0);
}

/** Horizontal extent [a, b] of the line's content (text, atomic inlines, inline box edges), or null when empty. */
function extent(line: LineFragment): { a: number; b: number } | null {
  let a = Infinity, b = -Infinity;
  const walk = (list: Fragment[]): void => {
    for (const f of list) {
      if (f.kind === 'line' || f.kind === 'marker') continue;
      if (f.kind === 'inline') { walk(f.children); if (f.width > 0) { a = Math.min(a, f.x); b = Math.max(b, f.x + f.width); } continue; }
      a = Math.min(a, f.x);
      b = Math.max(b, f.x + f.width);
    }
  };
  walk(line.children);
  return a === Infinity ? null : { a, b };
}

/**
 * Cuts the line's content so that the ellipsis fits before the end edge (when `mustOverflow` is
 * false and everything fits already, nothing is cut; `moves`: the content is realigned after, so
 * only its width counts) and appends the ellipsis fragment.
 */
function place(line: LineFragment, text: string, style: ComputedStyle, fonts: FontContext, ext: { a: number; b: number }, mustOverflow: boolean, moves: boolean): void {
  const spec = fontSpecOf(style);
  const shaped = shapeWord(fonts, spec, text);
  const w = shaped.width;
  const rtl = style.direction === 'rtl';
  const L = line.x, R = line.x + line.width;
  const room = moves ? R - L - (ext.b - ext.a) : rtl ? ext.a - L : R - ext.b;
  const whole = !mustOverflow && w <= room + EPS;
  let at: number;
  if (whole) at = rtl ? ext.a - w : ext.b;
  else {
    const limit = rtl ? L + w : R - w;
    const kept = rtl ? cutStart(line.children, limit) : cutEnd(line.children, limit);
    line.children = kept.list;
    at = rtl ? (kept.edge ?? Math.min(ext.b, R)) - w : (kept.edge ?? Math.max(ext.a, L));
  }
  const m = inlineMetricsOf(style, fonts);
  const frag: TextFragment = {
    kind: 'text', box: { kind: 'text', text, style, anonymous: true }, style,
    x: at, y: line.baseline - m.ascent, width: w, height: m.ascent + m.descent, baseline: line.baseline,
    runs: shaped.runs.map((r) => ({ ...r, glyphs: r.glyphs.slice() })), text,
  };
  line.children.push(frag);
  done.add(line);
}

interface Cut { list: Fragment[]; edge: number | null }

/** Keeps the fragments (left to right) whose content ends at or before `limit`; a text fragment is cut between clusters. `edge`: the kept content's right edge. */
function cutEnd(list: Fragment[], limit: number): Cut {
  const out: Fragment[] = [];
  let edge: number | null = null;
  for (const f of list) {
    if (f.kind === 'text') {
      if (f.x + f.width <= limit + EPS) { out.push(f); edge = f.x + f.width; continue; }
      const t = cutText(f, limit - f.x, false);
      if (t) { out.push(t); edge = t.x + t.width; }
      break;
    }
    if (f.kind === 'inline') {
      if (f.x + f.width <= limit + EPS) { out.push(f); edge = f.x + f.width; continue; }
      if (f.x >= limit - EPS) break;
      const inner = cutEnd(f.children, limit);
      const start = f.x + f.border.left + f.padding.left;
      const end = Math.max(inner.edge ?? start, start);
      out.push({ ...f, children: inner.list, width: end - f.x, border: { ...f.border, right: 0 }, padding: { ...f.padding, right: 0 }, margin: { ...f.margin, right: 0 }, endsBox: false } as InlineFragment);
      edge = inner.edge ?? edge;
      break;
    }
    if (f.kind === 'line' || f.kind === 'marker') { out.push(f); continue; }
    // An atomic inline shows whole or not at all.
    if (f.x + f.width <= limit + EPS) { out.push(f); edge = f.x + f.width; continue; }
    break;
  }
  return { list: out, edge };
}

/** The mirror of cutEnd for rtl: keeps the fragments (right to left) starting at or after `limit`; `edge`: the kept content's left edge. */
function cutStart(list: Fragment[], limit: number): Cut {
  const out: Fragment[] = [];
  let edge: number | null = null;
  for (let i = list.length - 1; i >= 0; i--) {
    const f = list[i];
    if (f.kind === 'text') {
      if (f.x >= limit - EPS) { out.push(f); edge = f.x; continue; }
      const t = cutText(f, f.x + f.width - limit, true);
      if (t) { out.push(t); edge = t.x; }
      break;
    }
    if (f.kind === 'inline') {
      if (f.x >= limit - EPS) { out.push(f); edge = f.x; continue; }
      if (f.x + f.width <= limit + EPS) break;
      const inner = cutStart(f.children, limit);
      const end = f.x + f.width - f.border.right - f.padding.right;
      const start = Math.min(inner.edge ?? end, end);
      out.push({ ...f, children: inner.list, x: start, width: f.x + f.width - start, border: { ...f.border, left: 0 }, padding: { ...f.padding, left: 0 }, margin: { ...f.margin, left: 0 }, startsBox: false } as InlineFragment);
      edge = inner.edge ?? edge;
      break;
    }
    if (f.kind === 'line' || f.kind === 'marker') { out.push(f); continue; }
    if (f.x >= limit - EPS) { out.push(f); edge = f.x; continue; }
    break;
  }
  out.reverse();
  return { list: out, edge };
}

/**
 * The part of a text fragment that fits in `room` px from its start (or, `fromEnd`, from its
 * end), whole clusters only (a glyph with text '' belongs to the cluster before it); null when
 * no cluster fits.
 */
function cutText(f: TextFragment, room: number, fromEnd: boolean): TextFragment | null {
  const glyphs: Array<{ run: GlyphRun; i: number }> = [];
  for (const run of f.runs) for (let i = 0; i < run.glyphs.length; i++) glyphs.push({ run, i });
  const order = fromEnd ? glyphs.slice().reverse() : glyphs;
  // Clusters in visual order from the kept side.
  const clusters: Array<Array<{ run: GlyphRun; i: number }>> = [];
  if (!fromEnd) {
    for (const g of order) {
      if (g.run.glyphs[g.i].text === '' && clusters.length > 0) clusters[clusters.length - 1].push(g);
      else clusters.push([g]);
    }
  } else {
    let cur: Array<{ run: GlyphRun; i: number }> = [];
    for (const g of order) {
      cur.unshift(g);
      if (g.run.glyphs[g.i].text !== '') { clusters.push(cur); cur = []; }
    }
    if (cur.length) clusters.push(cur);
  }
  let used = 0;
  const keep = new Set<string>();
  const key = (run: GlyphRun, i: number): string => `${f.runs.indexOf(run)}:${i}`;
  for (const c of clusters) {
    const adv = c.reduce((s, g) => s + g.run.glyphs[g.i].advance, 0);
    if (used + adv > room + EPS) break;
    used += adv;
    for (const g of c) keep.add(key(g.run, g.i));
  }
  if (keep.size === 0) return null;
  const runs: GlyphRun[] = [];
  let text = '';
  for (const run of f.runs) {
    const kept = run.glyphs.filter((_, i) => keep.has(key(run, i)));
    if (kept.length === 0) continue;
    const t = kept.map((g) => g.text).join('');
    runs.push({ ...run, glyphs: kept, width: kept.reduce((s, g) => s + g.advance, 0), text: t });
    text += t;
  }
  return { ...f, runs, text, width: used, x: fromEnd ? f.x + f.width - used : f.x };
}
