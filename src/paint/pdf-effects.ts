// In: display-list clip paths (PathOp lists in page px) and CSS blend modes.
// Out: PDF path-construction operators with the clipping operator (ISO 32000-1 §8.5.2, §8.5.4), their bounds, and blend-mode ExtGStates (§11.3.5, §11.6.3).
import type { BlendMode } from '../css/computed.ts';
import type { PathOp, Rect } from './display-list.ts';
import { num } from './pdf-content.ts';

/** The path as m/l/c/h operators followed by `W n` (non-zero) or `W* n` (even-odd); an empty path clips everything away. */
export function clipPathOps(path: readonly PathOp[], evenodd: boolean): string {
  const parts: string[] = [];
  for (const p of path) {
    switch (p[0]) {
      case 'M': parts.push(`${num(p[1])} ${num(p[2])} m`); break;
      case 'L': parts.push(`${num(p[1])} ${num(p[2])} l`); break;
      case 'C': parts.push(`${num(p[1])} ${num(p[2])} ${num(p[3])} ${num(p[4])} ${num(p[5])} ${num(p[6])} c`); break;
      case 'Z': parts.push('h'); break;
    }
  }
  if (parts.length === 0) parts.push('0 0 m');
  parts.push(evenodd ? 'W* n' : 'W n');
  return parts.join(' ');
}

/** The bounding box of a path's points (control points included: a superset of the outline). */
export function pathBounds(path: readonly PathOp[]): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of path) {
    for (let i = 1; i + 1 < p.length; i += 2) {
      const x = p[i] as number, y = p[i + 1] as number;
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
  }
  return x0 <= x1 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: 0, h: 0 };
}

/** PDF's name of each CSS blend mode (ISO 32000-1 Tables 136 and 137; Compositing 1 §10 lists the same modes). */
const PDF_BLEND: Record<BlendMode, string> = {
  normal: 'Normal', multiply: 'Multiply', screen: 'Screen', overlay: 'Overlay', darken: 'Darken', lighten: 'Lighten',
  'color-dodge': 'ColorDodge', 'color-burn': 'ColorBurn', 'hard-light': 'HardLight', 'soft-light': 'SoftLight',
  difference: 'Difference', exclusion: 'Exclusion', hue: 'Hue', saturation: 'Saturation', color: 'Color', luminosity: 'Luminosity',
};

/** A direct ExtGState setting the blend mode (BM), named after it. */
export function blendState(mode: BlendMode): { name: string; dict: Record<string, unknown> } {
  const bm = PDF_BLEND[mode];
  return { name: `Bm${bm}`, dict: { Type: 'ExtGState', BM: bm } };
}
