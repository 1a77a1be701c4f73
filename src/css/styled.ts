/**
 * The styled document: what the css stage hands to the box stage and layout. In: the DOM from
 * src/html and every stylesheet. Out: computed values per element and pseudo-element, the
 * @font-face rules, and a function that cascades @page rules for a given page (css-page-3 §3, §4).
 */
import type { Document, Element } from 'domhandler';
import type { ComputedStyle } from './computed.ts';

export type PseudoElement = 'before' | 'after' | 'marker';

/** An @font-face rule, descriptors parsed (css-fonts-4 §4). `src` URLs are absolute (resolved). */
export interface FontFaceRule {
  family: string;
  sources: Array<{ kind: 'url'; url: string; format?: string } | { kind: 'local'; name: string }>;
  /** Weight range [min, max] (a single weight gives min = max). */
  weight: [number, number];
  /** No font-weight descriptor (or `auto`): a variable font's own wght range applies (css-fonts-4 §4.5). */
  weightAuto?: boolean;
  /** ascent-override, descent-override, line-gap-override (css-fonts-4 §4.9) as fractions of the font size; absent = normal. */
  metricOverrides?: { ascent?: number; descent?: number; lineGap?: number };
  style: 'normal' | 'italic' | 'oblique';
  /** unicode-range as [first, last] code point pairs; empty means all. */
  unicodeRange: Array<[number, number]>;
  line?: number;
}

/** Which page a page style is wanted for (css-page-3 §3.1 page selectors). */
export interface PageSelectorContext {
  /** The `page` property's value of the first box on the page, or undefined for unnamed pages. */
  name?: string;
  first: boolean;
  /** Right (recto) page when true, left (verso) when false. With ltr, page 1 is a right page. */
  right: boolean;
  blank: boolean;
  /** 0-based index of the page in the document, for `:nth()` (css-gcpm-3 §6.1); 0 when absent. */
  index?: number;
  /** 0-based index of the page within its run of pages named `name` (page group), for `:nth(An+B of name)`. */
  groupIndex?: number;
}

export type MarginBoxName =
  | 'top-left-corner' | 'top-left' | 'top-center' | 'top-right' | 'top-right-corner'
  | 'right-top' | 'right-middle' | 'right-bottom'
  | 'bottom-right-corner' | 'bottom-right' | 'bottom-center' | 'bottom-left' | 'bottom-left-corner'
  | 'left-bottom' | 'left-middle' | 'left-top';

/**
 * The cascaded page context. `size` is the used page size in px (from `size`, default A4 portrait
 * as set by the UA stylesheet's `@page { size: A4; margin: 10mm }`). `style` holds the page box's
 * margins, padding, borders and background. `marginBoxes` has an entry only for margin boxes
 * whose computed `content` is not none/normal.
 */
export interface PageStyle {
  size: { width: number; height: number };
  style: ComputedStyle;
  marginBoxes: Partial<Record<MarginBoxName, ComputedStyle>>;
  /** css-page-3 §7.2 `bleed`, px; absent when 0 (`auto` is 6pt with `marks: crop`, else 0). */
  bleed?: number;
  /** `marks: crop` (css-page-3 §7.1): crop marks are drawn in the bleed area. */
  cropMarks?: boolean;
  /** `marks: cross` (css-page-3 §7.1): registration marks are drawn in the bleed area. */
  crossMarks?: boolean;
}

export interface StyledDocument {
  document: Document;
  /** The root element (`<html>`). */
  root: Element;
  /** True when parse5 reported quirks mode (no doctype, or a legacy one). */
  quirksMode: boolean;
  /** Computed style of an element. Every element in the tree has one (display:none subtrees too). */
  styleOf(el: Element): ComputedStyle;
  /**
   * Computed style of a pseudo-element, or undefined when it generates no box
   * (::before/::after with content none/normal; ::marker only on display:list-item).
   */
  pseudoStyleOf(el: Element, pseudo: PseudoElement): ComputedStyle | undefined;
  fontFaces: FontFaceRule[];
  /** Cascades the @page rules (and margin-box rules) for one page; results are memoised. */
  pageStyle(ctx: PageSelectorContext): PageStyle;
  /** From `<title>` and `<meta name=author|description|keywords>`. */
  info: { title?: string; author?: string; subject?: string; keywords?: string };
  /** Whether a style rule is inside an @container rule: its styles then depend on the query containers' laid-out sizes. */
  containerQueries?: boolean;
  /**
   * Whether a declaration has a viewport unit (vw, vh, dvh...): its styles then depend on the print shrink-to-fit factor
   * (StyleOptions.viewportScale), so a layout that shrinks the content styles the document again at that factor.
   */
  viewportUnits?: boolean;
}
