// In: a page's display list drawn in page-box coordinates and the page's bleed (px, css-page-3 §7.2).
// Out: the list of the larger sheet: the page box moved in by the bleed on every side, links and anchors with it.
import type { PageDisplayList, Rect } from './display-list.ts';

/** The page background's painting area with bleed `b` px: the page rectangle grown by `b` on every side. */
export function bleedArea(page: Rect, b: number): Rect {
  return b > 0 ? { x: page.x - b, y: page.y - b, w: page.w + 2 * b, h: page.h + 2 * b } : page;
}

const BLACK = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });

/**
 * Crop marks (css-page-3 §7.1 `marks: crop`) on a sheet of w × h px with bleed `b`: at each
 * corner, 1 px lines along the two trim edges from the sheet's edge, half the bleed long, as
 * WeasyPrint draws them. Filled rectangles centred on the lines.
 */
function cropMarks(w: number, h: number, b: number): PageDisplayList['items'] {
  const half = b / 2;
  const hLine = (x: number, y: number): Rect => ({ x, y: y - 0.5, w: half, h: 1 });
  const vLine = (x: number, y: number): Rect => ({ x: x - 0.5, y, w: 1, h: half });
  const rects = [
    hLine(0, b), hLine(w - half, b), hLine(0, h - b), hLine(w - half, h - b),
    vLine(b, 0), vLine(w - b, 0), vLine(b, h - half), vLine(w - b, h - half),
  ];
  return rects.map((rect) => ({ kind: 'rect' as const, rect, color: BLACK }));
}

/**
 * The sheet for a page with bleed `b` px (css-page-3 §7.2 "bleed"): `b` larger on every side,
 * its drawing translated by (b, b) in one transform, then the crop marks when `crop`; link
 * rectangles and anchors, which PDF places outside the content stream, are moved by hand. The
 * list itself when `b` is not > 0.
 */
export function withBleed(list: PageDisplayList, b: number, crop = false): PageDisplayList {
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
  if (crop) drawing.push(...cropMarks(w, h, b));
  return { width: w, height: h, items: [...drawing, ...annotations] };
}
