/**
 * Text decorations for the display-list builder (css-text-decor-3 §2, §3): lines from decorating boxes drawn under/over/through their descendants' text.
 * In: a text fragment and the decorating boxes above it. Out: 'line' segments, merged per line box and decorating box.
 */
import type { ComputedStyle } from '../css/computed.ts';
import type { TextFragment } from '../layout/fragment.ts';
import type { DisplayItem } from './display-list.ts';
import { decorationThickness, underlineTop } from './build-decor.ts';

/** A box whose text-decoration-line propagates to the text inside it (its colour and style are used). */
export interface Decorator { style: ComputedStyle }

/** One decoration line being built: `pos` says when it paints (under/over lines before the text, line-through after). */
export interface DecorationSegment { deco: Decorator; pos: 'under' | 'over' | 'through'; item: Extract<DisplayItem, { kind: 'line' }> }

/**
 * Adds (or extends) the decoration segments of one text fragment: for each decorating box and
 * each of its lines, a line from the fragment's left to right edge. Position and thickness come
 * from the text's primary face (post/OS2 metrics scaled by its font size): underline at the
 * font's underline position, overline at the ascent, line-through at the strikeout position;
 * text-decoration-thickness and text-underline-offset of the decorating box override them (css-text-decor-4 §4).
 * Segments of the same decorating box and kind at the same y are merged into one.
 */
export function addDecorations(f: TextFragment, decos: readonly Decorator[], segs: DecorationSegment[]): void {
  if (decos.length === 0 || f.runs.length === 0 || f.width <= 0) return;
  const run = f.runs[0];
  const face = run.face;
  const k = run.fontSize / (face.unitsPerEm || 1000);
  const x1 = f.x, x2 = f.x + f.width;
  for (const d of decos) {
    const s = d.style;
    const lines = s.textDecorationLine;
    const add = (pos: DecorationSegment['pos'], y: number, thickness: number): void => {
      const t = Math.max(1, thickness);
      const prev = segs.find((g) => g.deco === d && g.pos === pos && Math.abs(g.item.y - y) < 0.01);
      if (prev) { prev.item.x1 = Math.min(prev.item.x1, x1); prev.item.x2 = Math.max(prev.item.x2, x2); return; }
      segs.push({ deco: d, pos, item: { kind: 'line', x1, x2, y, thickness: t, color: s.textDecorationColor, style: s.textDecorationStyle } });
    };
    if (lines.underline) {
      const t = decorationThickness(s, face.underlineThickness * k);
      add('under', underlineTop(s, f.baseline, f.baseline - face.underlinePosition * k) + t / 2, t);
    }
    if (lines.overline) {
      const t = decorationThickness(s, face.underlineThickness * k);
      add('over', f.baseline - face.ascent * k + t / 2, t);
    }
    if (lines.lineThrough) {
      const t = decorationThickness(s, face.strikeoutThickness * k);
      add('through', f.baseline - face.strikeoutPosition * k + t / 2, t);
    }
  }
}
