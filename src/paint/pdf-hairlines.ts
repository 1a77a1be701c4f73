// In: a 'hairlines' display item (px, y down): segments and circles. Out: stroked paths in a content stream
// (butt caps, the item's width and colour), e.g. the crop and cross marks of css-page-3 §7.1.
import type { DisplayItem } from './display-list.ts';
import { ContentStream, KAPPA, num } from './pdf-content.ts';

type HairlinesItem = Extract<DisplayItem, { kind: 'hairlines' }>;

/**
 * Writes `item` as two stroked paths: the segments (each a subpath), then the circles (four Bézier
 * quarters each), apart so that a viewer's stroke adjustment treats straight marks alike whether
 * circles come with them or not. Nothing for a zero width or colour.
 */
export function drawHairlines(cs: ContentStream, item: HairlinesItem): void {
  if (!(item.width > 0) || !(item.color.a > 0) || (item.segments.length === 0 && item.circles.length === 0)) return;
  const parts: string[] = [`${num(item.width)} w 0 J`];
  if (item.segments.length) {
    for (const [x1, y1, x2, y2] of item.segments) parts.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l`);
    parts.push('S');
  }
  const circles = item.circles.filter(([, , r]) => r > 0);
  for (const [cx, cy, r] of circles) {
    const k = r * KAPPA;
    parts.push(`${num(cx + r)} ${num(cy)} m`,
      `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c`,
      `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c`,
      `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c`,
      `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c`);
  }
  if (circles.length) parts.push('S');
  cs.endText();
  cs.save();
  cs.stroke(item.color);
  cs.op(parts.join(' '));
  cs.restore();
}
