/**
 * Link annotations as Chromium 156 prints them (Blink's FragmentPainter / ObjectPainter::AddURLRectIfNeeded, Skia's PDF).
 * In: the fragments met while a page's display list is built, with the clips and transform around each. Out: the page's
 * link rects (CSS px, page coordinates), each snapped to whole px from the page area's origin and cut to its clips.
 *
 * One annotation per fragment of the link element, not per box or line inside it: a block-level or atomic link (block,
 * inline-block, flex, table …) gets its border box united with its content's (unless it clips its overflow); an inline
 * link gets the border box of its piece on each line. Inside an inline link, each box (an image, an inline-block, a float)
 * adds its own border box and the extent of each of its line boxes. Measured in Chromium 156 (qpdf of page.pdf): a block
 * link of two divs is 1 annotation, an inline-block link 1, a wrapped inline link 1 per line, an image link 2 (the link's
 * piece of line, the image), two links to one URL on one line 2; a rect outside the page area or an overflow: hidden
 * ancestor is cut (or dropped when nothing is left).
 */
import type { Box } from '../box/types.ts';
import type { BoxFragment, Fragment, InlineFragment, LineFragment, ReplacedFragment } from '../layout/fragment.ts';
import { mapRect, type Matrix } from '../layout/transform.ts';
import type { DisplayItem, Rect } from './display-list.ts';

/** A DOM element (domhandler) as far as links need it. */
interface LinkElement { name: string; attribs: Record<string, string>; parent: unknown }

interface Collected { rect: Rect; url: string; via: LinkElement | null }

/** Where a fragment is painted: the clip rects around it (page coordinates) and the transform it is drawn through. */
export interface LinkPlace { clips: readonly Rect[]; ctm: Matrix | null }

/** The link annotations of one page, collected in painting order. */
export class PageLinks {
  private readonly found: Collected[] = [];
  /** The link elements with a piece on a line of this page (inline links): their inner boxes add rects of their own. */
  private readonly inlineLinks = new Set<LinkElement>();

  /** `origin`: the page area's top-left, from which rects are snapped to whole px (as Blink snaps layout rects). */
  constructor(private readonly origin: { x: number; y: number }) {}

  /** A box or replaced fragment: the link's own rect, or, inside an inline link, its border box and its lines' extents. */
  box(f: BoxFragment | ReplacedFragment, at: LinkPlace): void {
    const b = f.box;
    if (b.href === undefined || f.style.visibility !== 'visible') return;
    const own = ownLink(b);
    if (own) { this.add(inkRect(f), b.href, null, at); return; }
    const via = enclosingLink(b);
    if (!via) return;
    this.add(borderRect(f), b.href, via, at);
    if (f.kind === 'box') for (const c of f.children) if (c.kind === 'line') this.add(lineExtent(c), b.href, via, at);
  }

  /** A piece of an inline box on a line: an inline link's own rect there (its border box). */
  inline(f: InlineFragment, at: LinkPlace): void {
    const b = f.box;
    if (b.href === undefined || f.style.visibility !== 'visible') return;
    const own = ownLink(b);
    if (!own) return;
    this.inlineLinks.add(own);
    this.add(borderRect(f), b.href, null, at);
  }

  /** Maps every rect collected so far through a scale and translation (print shrink-to-fit: annotations are in page coordinates). */
  scale(k: number, e: number, f: number): void {
    for (const l of this.found) l.rect = { x: l.rect.x * k + e, y: l.rect.y * k + f, w: l.rect.w * k, h: l.rect.h * k };
  }

  /** The page's annotations: rects of boxes inside a link that is not inline on this page are left out. */
  rects(): Array<{ rect: Rect; url: string }> {
    return this.found.filter((l) => l.via === null || this.inlineLinks.has(l.via)).map(({ rect, url }) => ({ rect, url }));
  }

  private add(r: Rect, url: string, via: LinkElement | null, at: LinkPlace): void {
    if (!(r.w > 0 && r.h > 0)) return;
    const x0 = this.origin.x + Math.round(r.x - this.origin.x), y0 = this.origin.y + Math.round(r.y - this.origin.y);
    let rect: Rect = { x: x0, y: y0, w: this.origin.x + Math.round(r.x + r.w - this.origin.x) - x0, h: this.origin.y + Math.round(r.y + r.h - this.origin.y) - y0 };
    if (at.ctm) rect = mapRect(at.ctm, rect);
    for (const c of at.clips) {
      rect = intersect(rect, c);
      if (!(rect.w > 0 && rect.h > 0)) return;
    }
    this.found.push({ rect, url, via });
  }
}

/** The `<a href>` element whose principal box `b` is (not a pseudo-element's or an anonymous box, not the table inside a table wrapper). */
function ownLink(b: Box): LinkElement | null {
  const el = b.element as LinkElement | undefined;
  if (!el || b.pseudo || b.anonymous || b.kind === 'table' || el.name !== 'a' || el.attribs.href === undefined) return null;
  return el;
}

/** The nearest `<a href>` around a box's element (the element itself for its ::before, ::after or ::marker). */
function enclosingLink(b: Box): LinkElement | null {
  const el = b.element as LinkElement | undefined;
  if (!el) return null;
  for (let n: unknown = b.pseudo ? el : el.parent; n && typeof n === 'object' && 'name' in n; n = (n as LinkElement).parent) {
    const e = n as LinkElement;
    if (e.name === 'a' && e.attribs.href !== undefined) return e;
  }
  return null;
}

const borderRect = (f: { x: number; y: number; width: number; height: number }): Rect => ({ x: f.x, y: f.y, w: f.width, h: f.height });

/** A block-level or atomic link's rect: its border box with its in-flow content's (Blink's kIncludeBlockInkOverflow), unless it clips. */
function inkRect(f: BoxFragment | ReplacedFragment): Rect {
  let r = borderRect(f);
  if (f.kind !== 'box' || f.style.overflowX !== 'visible' || f.style.overflowY !== 'visible') return r;
  for (const c of f.children) {
    const cr = childInk(c);
    if (cr) r = union(r, cr);
  }
  return r;
}

function childInk(c: Fragment): Rect | null {
  if (c.kind === 'line') return c.children.length > 0 ? lineExtent(c) : null;
  if ((c.kind === 'box' || c.kind === 'replaced') && c.style.position !== 'absolute' && c.style.position !== 'fixed') return inkRect(c);
  return null;
}

/** What a line box holds: the union of its text, inline pieces and atomic boxes. */
function lineExtent(l: LineFragment): Rect {
  let r: Rect | null = null;
  for (const c of l.children) {
    if (c.kind !== 'text' && c.kind !== 'inline' && c.kind !== 'box' && c.kind !== 'replaced') continue;
    const cr = borderRect(c);
    r = r ? union(r, cr) : cr;
  }
  return r ?? { x: l.x, y: l.y, w: 0, h: 0 };
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  return { x, y, w: Math.min(a.x + a.w, b.x + b.w) - x, h: Math.min(a.y + a.h, b.y + b.h) - y };
}

/**
 * Maps the anchors among items[from..] and every link collected so far through `m` (a scale and
 * translation): annotations and destinations are in page coordinates, outside any transform.
 */
export function scaleAnnotations(items: DisplayItem[], from: number, links: PageLinks, m: readonly number[]): void {
  const [k, , , , e, f] = m as [number, number, number, number, number, number];
  for (let i = from; i < items.length; i++) {
    const it = items[i]!;
    if (it.kind === 'anchor') items[i] = { ...it, x: it.x * k + e, y: it.y * k + f };
  }
  links.scale(k, e, f);
}

/** A '#name' link's name, percent-decoded when it decodes. */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
