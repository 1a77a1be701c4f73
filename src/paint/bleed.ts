// In: a page's display list drawn in page-box coordinates and the page's bleed (px, css-page-3 §7.2).
// Out: the list of the larger sheet: the page box moved in by the bleed on every side, links and anchors with it.
import type { PageDisplayList, Rect } from './display-list.ts';

/** The page background's painting area with bleed `b` px: the page rectangle grown by `b` on every side. */
export function bleedArea(page: Rect, b: number): Rect {
  return b > 0 ? { x: page.x - b, y: page.y - b, w: page.w + 2 * b, h: page.h + 2 * b } : page;
}

const BLACK = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });

/** Which printer's marks a page asks for (css-page-3 §7.1 `marks`). */
export interface PrintMarks { crop: boolean; cross: boolean }

/**
 * The printer's marks (css-page-3 §7.1; their design is the UA's) on a sheet of w × h px with
 * bleed `b`, stroked 1 px wide in black:
 * - crop: at each corner, lines along the two trim edges from the sheet's edge, half the bleed
 *   long (as WeasyPrint draws them);
 * - cross: a registration mark at the middle of each side, centred in the bleed: a circle of
 *   diameter `b` with a cross of arms `b` long through its centre.
 */
function printMarks(w: number, h: number, b: number, marks: PrintMarks): PageDisplayList['items'] {
  const half = b / 2;
  const segments: Array<[number, number, number, number]> = [];
  const circles: Array<[number, number, number]> = [];
  if (marks.crop) {
    segments.push(
      [0, b, half, b], [w - half, b, w, b], [0, h - b, half, h - b], [w - half, h - b, w, h - b],
      [b, 0, b, half], [w - b, 0, w - b, half], [b, h - half, b, h], [w - b, h - half, w - b, h],
    );
  }
  if (marks.cross) {
    for (const [cx, cy] of [[w / 2, half], [w / 2, h - half], [half, h / 2], [w - half, h / 2]] as const) {
      circles.push([cx, cy, half]);
      segments.push([cx - half, cy, cx + half, cy], [cx, cy - half, cx, cy + half]);
    }
  }
  return segments.length ? [{ kind: 'hairlines', segments, circles, width: 1, color: BLACK }] : [];
}

/**
 * The sheet for a page with bleed `b` px (css-page-3 §7.2 "bleed"): `b` larger on every side,
 * its drawing translated by (b, b) in one transform, then the printer's marks `marks` asks for;
 * link rectangles and anchors, which PDF places outside the content stream, are moved by hand.
 * The list itself when `b` is not > 0.
 */
export function withBleed(list: PageDisplayList, b: number, marks: PrintMarks = { crop: false, cross: false }): PageDisplayList {
  if (!(b > 0)) return list;
  const drawing: PageDisplayList['items'] = [{ kind: 'push-transform', matrix: [1, 0, 0, 1, b, b] }];
  const annotations: PageDisplayList['items'] = [];
  for (const it of list.items) {
    if (it.kind === 'link') annotations.push({ ...it, rect: { ...it.rect, x: it.rect.x + b, y: it.rect.y + b } });
    else if (it.kind === 'anchor') annotations.push({ ...it, x: it.x + b, y: it.y + b });
    else drawing.push(it);
  }
  drawing.push({ kind: 'pop-transform' });
  const w = list.width + 2 * b, h = list.height + 2 * b;
  drawing.push(...printMarks(w, h, b, marks));
  return { width: w, height: h, items: [...drawing, ...annotations] };
}
