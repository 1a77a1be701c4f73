// Container queries across style and layout (css-conditional-5 §3.2). In: a document's styler (given the query containers'
// sizes) and its layout. Out: the styles and pages after the query containers' sizes have settled; the sizes read from pages.
import type { Element } from 'domhandler';
import type { StyledDocument } from '../css/styled.ts';
import type { ContainerSize } from '../css/stylesheet-media.ts';
import type { Fragment, PageFragment } from './fragment.ts';

/** Style-and-layout passes at most: each settles one more level of query containers nested in ones whose rules changed their size. */
const MAX_PASSES = 4;

/**
 * Styles and lays the document out; when a style rule is inside an @container rule (styled.containerQueries), styles it
 * again with the content-box sizes its query containers got, and lays it out again, until the sizes stay the same (at most
 * MAX_PASSES layouts). A query container's inline size does not depend on its content (css-contain-2 §3.1 inline-size
 * containment), so its size is the one the next pass gives it unless rules inside @container rules change the size of
 * the container itself or of its ancestors (a container inside another's grid). A document without such rules is laid
 * out once.
 */
export function layoutWithContainerQueries<P extends PageFragment[]>(
  style: (sizes: ReadonlyMap<Element, ContainerSize> | undefined) => StyledDocument,
  layout: (styled: StyledDocument) => P,
): { styled: StyledDocument; pages: P } {
  let styled = style(undefined);
  let pages = layout(styled);
  let used: ReadonlyMap<Element, ContainerSize> | undefined;
  for (let pass = 1; styled.containerQueries === true && pass < MAX_PASSES; pass++) {
    const sizes = containerSizes(pages);
    if (sizes.size === 0 || (used !== undefined && sameSizes(sizes, used))) break;
    styled = style(sizes);
    pages = layout(styled);
    used = sizes;
  }
  return { styled, pages };
}

/**
 * The content box (px) of each query container (container-type size or inline-size) from its first fragment; the block
 * size only for `size` containers (NaN otherwise: an inline-size container answers no height query).
 */
export function containerSizes(pages: readonly PageFragment[]): Map<Element, ContainerSize> {
  const out = new Map<Element, ContainerSize>();
  const walk = (f: Fragment): void => {
    if (f.kind === 'box') {
      const type = f.style.containerType;
      const el = f.box.element;
      if (el !== undefined && type !== undefined && type !== 'normal' && !out.has(el)) {
        const w = f.width - f.border.left - f.border.right - f.padding.left - f.padding.right;
        const h = type === 'size' ? f.height - f.border.top - f.border.bottom - f.padding.top - f.padding.bottom : NaN;
        out.set(el, { width: Math.max(0, w), height: Number.isNaN(h) ? NaN : Math.max(0, h) });
      }
    }
    if ('children' in f) for (const c of f.children) walk(c);
  };
  for (const p of pages) for (const c of p.children) walk(c);
  return out;
}

function sameSizes(a: ReadonlyMap<Element, ContainerSize>, b: ReadonlyMap<Element, ContainerSize>): boolean {
  if (a.size !== b.size) return false;
  for (const [el, s] of a) {
    const t = b.get(el);
    if (t === undefined || Math.abs(t.width - s.width) > 1e-6 || !(Math.abs(t.height - s.height) <= 1e-6 || (Number.isNaN(t.height) && Number.isNaN(s.height)))) return false;
  }
  return true;
}
