// In: SVG path data (SVG 2 §9.3 path data grammar: M L H V C S Q T A Z, absolute and relative, parsed by svgpath), and offsets.
// Out: the same outline as PathOp lists of moves, lines and cubic Béziers only (arcs and quadratics converted).
import SvgPath from 'svgpath';
import type { PathOp } from './display-list.ts';

/**
 * Parses SVG path data into PathOps translated by (ox, oy) (css-shapes-1 §3.1.6 path(): coordinates in px from the
 * reference box's origin). The grammar (SVG 2 §9.3.9: commands, implicit repeats, arc flags without separators) is
 * svgpath's; this turns its segments into moves, lines and cubics. Stops at the first error, keeping what came before
 * (SVG 2 §9.5.4 error handling); data that does not start with a moveto gives [].
 */
export function parsePathData(d: string, ox: number, oy: number): PathOp[] {
  const out: PathOp[] = [];
  let x = 0, y = 0, sx = 0, sy = 0;
  let cx = 0, cy = 0; // the last control point (for S and T)
  let prev = '';
  // Segments in source order, one per command (implicit repeats split): the letter, then the arguments.
  const segments = (new SvgPath(d) as unknown as { segments: Array<[string, ...number[]]> }).segments;
  for (const seg of segments) {
    const cmd = seg[0], lc = cmd.toLowerCase();
    const a = seg as unknown as readonly number[]; // a[1..]: the arguments
    const rel = cmd !== cmd.toUpperCase();
    const bx = rel ? x : 0, by = rel ? y : 0;
    switch (lc) {
      case 'm': x = bx + a[1]!; y = by + a[2]!; sx = x; sy = y; out.push(['M', x + ox, y + oy]); break;
      case 'l': x = bx + a[1]!; y = by + a[2]!; out.push(['L', x + ox, y + oy]); break;
      case 'h': x = bx + a[1]!; out.push(['L', x + ox, y + oy]); break;
      case 'v': y = by + a[1]!; out.push(['L', x + ox, y + oy]); break;
      case 'c': case 's': {
        const k = lc === 'c' ? 3 : 1;
        let x1: number, y1: number;
        if (lc === 'c') { x1 = bx + a[1]!; y1 = by + a[2]!; }
        else if (prev === 'c' || prev === 's') { x1 = 2 * x - cx; y1 = 2 * y - cy; } else { x1 = x; y1 = y; }
        cx = bx + a[k]!; cy = by + a[k + 1]!; x = bx + a[k + 2]!; y = by + a[k + 3]!;
        out.push(['C', x1 + ox, y1 + oy, cx + ox, cy + oy, x + ox, y + oy]);
        break;
      }
      case 'q': case 't': {
        const k = lc === 'q' ? 3 : 1;
        let qx: number, qy: number;
        if (lc === 'q') { qx = bx + a[1]!; qy = by + a[2]!; }
        else if (prev === 'q' || prev === 't') { qx = 2 * x - cx; qy = 2 * y - cy; } else { qx = x; qy = y; }
        const ex = bx + a[k]!, ey = by + a[k + 1]!;
        out.push(['C', x + (2 / 3) * (qx - x) + ox, y + (2 / 3) * (qy - y) + oy, ex + (2 / 3) * (qx - ex) + ox, ey + (2 / 3) * (qy - ey) + oy, ex + ox, ey + oy]);
        cx = qx; cy = qy; x = ex; y = ey;
        break;
      }
      case 'a': {
        const ex = bx + a[6]!, ey = by + a[7]!;
        for (const c of arcToCubics(x, y, a[1]!, a[2]!, a[3]!, a[4] !== 0, a[5] !== 0, ex, ey)) {
          out.push(['C', c[0] + ox, c[1] + oy, c[2] + ox, c[3] + oy, c[4] + ox, c[5] + oy]);
        }
        x = ex; y = ey;
        break;
      }
      case 'z': out.push(['Z']); x = sx; y = sy; break;
      default: return out; // svgpath's 'R' (Raphaël's Catmull-Rom) is not SVG path data: an error
    }
    prev = lc;
  }
  return out;
}

/** An elliptical arc as cubic Béziers (SVG 2 Appendix B.2.4 endpoint to centre parameterisation), ≤ 90° each. */
function arcToCubics(x1: number, y1: number, rx: number, ry: number, phiDeg: number, large: boolean, sweep: boolean, x2: number, y2: number): number[][] {
  if (x1 === x2 && y1 === y2) return [];
  rx = Math.abs(rx); ry = Math.abs(ry);
  if (rx === 0 || ry === 0) return [[x1, y1, x2, y2, x2, y2]];
  const phi = (phiDeg * Math.PI) / 180, cos = Math.cos(phi), sin = Math.sin(phi);
  const dx = (x1 - x2) / 2, dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy, yp = -sin * dx + cos * dy;
  const lam = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lam > 1) { rx *= Math.sqrt(lam); ry *= Math.sqrt(lam); }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  let co = Math.sqrt(Math.max(0, num / (rx * rx * yp * yp + ry * ry * xp * xp)));
  if (large === sweep) co = -co;
  const cxp = (co * rx * yp) / ry, cyp = (-co * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2, cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const ang = (ux: number, uy: number, vx: number, vy: number): number => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t1 = ang(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = ang((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const segs = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2)));
  const step = dt / segs, k = (4 / 3) * Math.tan(step / 4);
  const pt = (t: number): [number, number] => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const der = (t: number): [number, number] => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: number[][] = [];
  for (let s = 0; s < segs; s++) {
    const a = t1 + s * step, b = a + step;
    const [ax, ay] = pt(a), [bx2, by2] = pt(b), [dax, day] = der(a), [dbx, dby] = der(b);
    out.push([ax + k * dax, ay + k * day, bx2 - k * dbx, by2 - k * dby, bx2, by2]);
  }
  return out;
}
