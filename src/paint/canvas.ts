// In: a page's fragments (its page box, its topmost box fragment).
// Out: where the canvas background paints (canvasArea, px) and whose background it is (canvasSource).
import type { BoxFragment, Fragment, PageFragment } from '../layout/fragment.ts';
import type { pageBorderBox } from '../layout/page-box.ts';
import type { Rect } from './display-list.ts';

/**
 * Whose background paints the canvas (CSS 2.1 §14.2): `src` is the root element's box, or body's when the root's
 * background is transparent with no image; `root` the root element's box. A root that is a table has its element's
 * background on the table box inside the wrapper (§17.4): that one is the root's, as Chromium 156 prints it (an html
 * with 'display: table; background: yellow' fills the page area yellow). `top` is the page's topmost box fragment,
 * `page` all of its fragments: an absolutely positioned root table, or body, is laid out out of flow, among them (an
 * html with 'position: absolute; display: table; background: yellow', or a transparent table html with an absolute
 * body: Chromium 156 fills the page area yellow and leaves the box itself unpainted).
 */
export function canvasSource(top: BoxFragment, page: readonly Fragment[] = []): { root: BoxFragment; src: BoxFragment } {
  // The root element's box: a root table's wrapper stands in an anonymous block of its own (out of flow: beside it).
  let wrapper = top;
  if (!top.box.element && !top.children.some((c) => c.kind === 'box') && top.box.kind === 'block') {
    const own = top.box.children;
    wrapper = page.find((f): f is BoxFragment => f.kind === 'box' && (own as readonly unknown[]).includes(f.box)) ?? top;
  }
  while (!wrapper.box.element && wrapper.children.length === 1 && wrapper.children[0]!.kind === 'box') wrapper = wrapper.children[0] as BoxFragment;
  const table = wrapper.box.kind === 'table-wrapper' ? wrapper.box.table : null;
  const root = (table && wrapper.children.find((c): c is BoxFragment => c.kind === 'box' && c.box === table)) || top;
  const s = root.style;
  if (s.backgroundColor.a === 0 && !s.backgroundLayers.some((l) => l.image.kind !== 'none')) {
    const body = root.children.find((c): c is BoxFragment => c.kind === 'box' && c.box.element?.name === 'body') ?? outOfFlowBody(root, page);
    if (body) return { root, src: body };
  }
  return { root, src: root };
}

/** The root element's body child when it was laid out out of flow (absolute or fixed): among the page's fragments. */
function outOfFlowBody(root: BoxFragment, page: readonly Fragment[]): BoxFragment | undefined {
  const el = root.box.element;
  return page.find((f): f is BoxFragment => f.kind === 'box' && f.box.element?.name === 'body' && el !== undefined && f.box.element.parent === el);
}

/**
 * Where the canvas background paints on a page: the page area, never the page margins, as Chromium 156 prints
 * (css-page-3 #painting keeps it off the margins too, which show the @page background): one fill of the page area,
 * its corner at the page area's whole-px origin and its size rounded to whole px (A4 with 10 mm margins: 720 × 1049
 * px at (37, 37); @page margin 20mm: 644 × 973 at (76, 76)), whatever the colour; the paper stays white around it.
 */
export function canvasArea(page: PageFragment, pb: ReturnType<typeof pageBorderBox>): Rect {
  const { x, y } = page.area;
  const right = pb.x + pb.width - pb.border.right - pb.padding.right, bottom = pb.y + pb.height - pb.border.bottom - pb.padding.bottom;
  return { x, y, w: Math.max(0, Math.round(right - x)), h: Math.max(0, Math.round(bottom - y)) };
}
