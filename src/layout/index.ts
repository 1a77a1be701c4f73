/**
 * The layout stage's entry point. In: the box tree, the styled document (for @page), fonts, limits, warnings.
 * Out: one PageFragment per page (fragments in absolute CSS px per page).
 */
import type { BoxTree } from '../box/types.ts';
import type { StyledDocument } from '../css/styled.ts';
import type { PageFragment } from './fragment.ts';
import type { LayoutOptions } from './engine.ts';
import { layoutWith } from './engine.ts';
import { layoutInlineContent, inlineIntrinsicSizes } from './inline/index.ts';

export type { LayoutOptions } from './engine.ts';

/**
 * Lays out the document page by page (CSS 2.1 §9–§10, §13; css-break-3; css-page-3): the root
 * box in the page area of each page, resuming from break tokens. Fixed boxes repeat on every page.
 * Throws RenderError('TIMEOUT' | 'TOO_MANY_PAGES') past ctx.limits; TypeError on a malformed tree.
 */
export function layoutDocument(tree: BoxTree, styled: StyledDocument, ctx: LayoutOptions): PageFragment[] {
  return layoutWith(tree, styled, ctx, { layoutInlineContent, inlineIntrinsicSizes });
}
