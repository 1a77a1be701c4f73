/**
 * Layout inspection: the engine's boxes per element, for comparing our layout with a browser's (tools/diverge).
 * In: an HTML string and options. Out: per element its fragments' border boxes and text fragments (CSS px from the
 * page area's top-left), its computed style and used box edges, plus the page geometry; no paint, no PDF.
 * Runs the stages of src/pipeline.ts up to layout (html parse → css cascade → box tree → layout).
 */
import type { Document, Element } from 'domhandler';
import { documentMode, parseHtml, sourceLine } from './html/parse.ts';
import type { ComputedStyle } from './css/computed.ts';
import type { StyledDocument } from './css/styled.ts';
import { documentStyler } from './document-styler.ts';
import type { ContainerSize } from './css/stylesheet-media.ts';
import { createFontContext } from './text/index.ts';
import type { FontContext } from './text/types.ts';
import { buildBoxTree, loadImage } from './box/index.ts';
import { createLayoutContext } from './layout/engine.ts';
import type { LayoutOptions } from './layout/engine.ts';
import { layoutInlineContent, inlineIntrinsicSizes } from './layout/inline/index.ts';
import { paginate, pageArea } from './layout/page.ts';
import { layoutWithContainerQueries } from './layout/container-queries.ts';
import type { LayoutSession } from './layout/page.ts';
import { overflowShrinkFactor } from './layout/print-scale.ts';
import type { Edges, Fragment, PageFragment } from './layout/fragment.ts';
import { RenderLimits } from './errors.ts';
import { ResourceLoader } from './resources.ts';
import { WarningSink } from './warnings.ts';
import type { RenderWarning } from './warnings.ts';

export interface InspectOptions {
  /** As RenderOptions.baseUrl: where relative URLs resolve (file: URL or path of the document or its folder). */
  baseUrl?: string;
  /** As RenderOptions.resourceRoot. */
  resourceRoot?: string;
  /** Deadline in ms (default 30000); past it: RenderError('TIMEOUT'). */
  timeoutMs?: number;
  /** Page cap (default 500); past it: RenderError('TOO_MANY_PAGES'). */
  maxPages?: number;
  /**
   * 'none' (default): the document is laid out as one continuous flow in the first page's page area
   * (its width, and its height for the initial containing block and the root's percentage heights),
   * with no fragmentainer bottom: what a browser shows in print emulation (`emulateMedia({ media:
   * 'print' })` with a viewport of the page area's size). Forced breaks still start a new page there;
   * the content after one is stacked below the content before it (y offset by the previous pages'
   * root fragment bottoms), so coordinates stay continuous. 'pages': the layout as printed, each
   * fragment in its own page's page-area coordinates.
   */
  fragmentation?: 'none' | 'pages';
  /**
   * Lay out at this print shrink-to-fit factor (>= 1: page areas this many times larger, as
   * src/layout/print-scale.ts) instead of the one the content asks for; for matching a browser
   * viewport of a given width. Default: the engine's own factor.
   */
  contentScale?: number;
}

/** A border box (or text fragment) in CSS px, relative to the top-left of the page area; `page` is 0-based. */
export interface InspectRect { page: number; x: number; y: number; width: number; height: number }

/** A text fragment: its rectangle (content area of its font, CSS 2.1 §10.6.1), its text and the family of its first glyph run's face. */
export interface InspectedText extends InspectRect { text: string; font: string }

/** What layout made of one element. */
export interface InspectedElement {
  element: Element;
  /** 1-based source line of the element's start tag (undefined for elements the parser implied). */
  line: number | undefined;
  /** Its computed style (a table's: its table box's, with its wrapper box's position, float, clear, offsets, margins and break-*). */
  style: ComputedStyle;
  /**
   * Border boxes of the element's fragments in document order: one per line for an inline box, per
   * page when it is split. Only the element's outermost box counts (a table's wrapper box, which holds
   * its captions, not the table box inside it), as a browser's layout object for the element.
   */
  boxes: InspectRect[];
  /** Used margin, border and padding widths (px) of the first fragment (a table's border and padding: its table box's). */
  margin: Edges; border: Edges; padding: Edges;
  /** An inline box split by block-level boxes inside it (CSS 2.1 §9.2.1.1): its pieces hold none of its block content. */
  splitByBlocks: boolean;
  /** The text fragments whose nearest element is this one (not inside a child element or a pseudo-element); white space only ones left out. */
  texts: InspectedText[];
}

/** The primary font the engine uses for a style (css-fonts-4 §5.2 matching), with its metrics in px at the style's size. */
export interface UsedFont { family: string; weight: number; style: string; ascent: number; descent: number; lineGap: number }

export interface Inspection {
  document: Document;
  /** True when the document is in quirks mode (HTML §13.2.6.4.1). */
  quirks: boolean;
  /** The document mode as parse5 sets it (HTML §13.2.6.4.1); the engine lays 'limited-quirks' out as 'no-quirks'. */
  documentMode: 'no-quirks' | 'limited-quirks' | 'quirks';
  /** The first page's size and page area (px); coordinates in `elements` are relative to `pageArea`'s top-left. */
  pageSize: { width: number; height: number };
  pageArea: { x: number; y: number; width: number; height: number };
  /** Print shrink-to-fit factor (src/layout/print-scale.ts): 1, or content laid out in an area this many times larger. */
  contentScale: number;
  pageCount: number;
  /** Every element that produced at least one fragment. */
  elements: Map<Element, InspectedElement>;
  /** The computed style of any element (also of those without a box). */
  styleOf(el: Element): ComputedStyle;
  /** The primary font and its metrics for an element's computed style. */
  usedFont(style: ComputedStyle): UsedFont;
  warnings: RenderWarning[];
}

/**
 * Lays `html` out and returns, per element, its fragments' border boxes (CSS px, page-area origin).
 * Layout only: fragments are not snapped to whole px (src/layout/print-snap.ts is a paint step).
 * @throws TypeError when `html` is not a string or contentScale < 1; RenderError('TIMEOUT' | 'TOO_MANY_PAGES') past the limits.
 */
export function layoutForInspection(html: string, options: InspectOptions = {}): Inspection {
  if (typeof html !== 'string') throw new TypeError('layoutForInspection: html must be a string');
  const limits = new RenderLimits(options.timeoutMs ?? 30000, options.maxPages ?? 500);
  const warnings = new WarningSink();
  const loader = new ResourceLoader(options.baseUrl, options.resourceRoot);
  const fonts = createFontContext({ loader, warnings });
  const parsed = parseHtml(html);
  const mode = documentMode(parsed.document);
  const opts: LayoutOptions = { fonts, warnings, limits, quirks: parsed.quirksMode, lineHeightQuirks: mode !== 'no-quirks', loadImage: (url) => loadImage(loader, warnings, url) };
  const continuous = (options.fragmentation ?? 'none') === 'none';
  const forced = options.contentScale;
  if (forced !== undefined && !(forced >= 1)) throw new TypeError('layoutForInspection: contentScale must be >= 1');
  let scale = forced ?? 1;
  // As src/pipeline.ts: styled and laid out again while @container rules change with their containers' sizes, and at the
  // shrink-to-fit factor when the styles have viewport units (LayoutOptions.restyle).
  const styler = documentStyler(parsed, { loader, warnings, fonts });
  let sizes: ReadonlyMap<Element, ContainerSize> | undefined;
  const style = (viewportScale: number): StyledDocument => styler({ containerSizes: sizes, viewportScale });
  let laidStyles: StyledDocument | undefined;
  const { pages } = layoutWithContainerQueries((containerSizes) => { sizes = containerSizes; return style(forced ?? 1); }, (sd) => {
    let tree = buildBoxTree(sd, { loader, warnings });
    const session = continuous ? unfragmentedSession() : { env: null };
    const ctx = createLayoutContext(opts, { layoutInlineContent, inlineIntrinsicSizes }, session);
    // As layoutWith (src/layout/engine.ts): print shrink-to-fit lays wide content out again in a larger area.
    let laid = paginate(tree, sd, ctx, session, forced ?? 1);
    scale = forced ?? overflowShrinkFactor(laid, laid.map((p) => p.area));
    if (scale !== (forced ?? 1)) {
      session.env = null;
      if (sd.viewportUnits) { sd = style(scale); tree = buildBoxTree(sd, { loader, warnings }); }
      laid = paginate(tree, sd, ctx, session, scale);
    }
    laidStyles = sd;
    return laid;
  });
  const styled = laidStyles!;
  const first = styled.pageStyle({ first: true, right: true, blank: false, index: 0, groupIndex: 0 });
  const area = pageArea(first);
  return {
    document: parsed.document,
    quirks: parsed.quirksMode,
    documentMode: mode,
    pageSize: { ...first.size },
    pageArea: { x: area.x, y: area.y, width: area.width, height: area.rootHeight ?? area.height },
    contentScale: scale,
    pageCount: pages.length,
    elements: collectElements(pages, continuous),
    styleOf: (el) => styled.styleOf(el),
    usedFont: (style) => usedFont(fonts, style),
    warnings: warnings.list,
  };
}

/**
 * A LayoutSession whose flow environments have no fragmentainer bottom: paginate (src/layout/page.ts)
 * publishes each page's FlowEnv on `session.env` before laying the root out in it, and this setter turns
 * that env into the unfragmented one ("Infinity when not fragmenting", FlowEnv.pageBottom), keeping the
 * initial containing block's height. (A `fragmentation` option of layoutDocument would make this
 * hook unnecessary.)
 */
function unfragmentedSession(): LayoutSession {
  let current: LayoutSession['env'] = null;
  return {
    get env() { return current; },
    set env(env: LayoutSession['env']) {
      if (env) { env.pageBottom = Infinity; env.pageHeight = undefined; }
      current = env;
    },
  };
}

function usedFont(fonts: FontContext, style: ComputedStyle): UsedFont {
  const spec = { fontFamily: style.fontFamily, fontSize: style.fontSize, fontWeight: style.fontWeight, fontStyle: style.fontStyle };
  const face = fonts.match(spec);
  const m = fonts.metrics(spec);
  return { family: face.family, weight: face.weight, style: face.style, ascent: m.ascent, descent: m.descent, lineGap: m.lineGap };
}

/**
 * Walks the fragment tree of every page and groups fragments by element. With `continuous`, the
 * pages that forced breaks made are stacked: page k's content is moved down by the bottoms of the
 * root fragments of pages 0…k−1, and fixed boxes (repeated on every page) count on the first page only.
 */
function collectElements(pages: PageFragment[], continuous: boolean): Map<Element, InspectedElement> {
  const out = new Map<Element, InspectedElement>();
  let offset = 0;
  for (const page of pages) {
    const ox = -page.area.x, oy = -page.area.y + (continuous ? offset : 0);
    const pageIndex = continuous ? 0 : page.index;
    const visit = (f: Fragment, owner: Element | null): void => {
      if (f.kind === 'text') {
        if (owner && f.text.trim() !== '') {
          const font = f.runs[0]?.face.family ?? '';
          out.get(owner)?.texts.push({ page: pageIndex, x: f.x + ox, y: f.y + oy, width: f.width, height: f.height, text: f.text, font });
        }
        return;
      }
      if (f.kind === 'line') { for (const c of f.children) visit(c, owner); return; }
      if (f.kind === 'marker') return;
      if (f.box.pseudo) { if (f.kind !== 'replaced') for (const c of f.children) visit(c, null); return; }
      const el = f.box.element;
      let inner = owner;
      if (el && el !== owner) {
        inner = el;
        let rec = out.get(el);
        if (!rec) {
          rec = { element: el, line: sourceLine(el), style: f.style, boxes: [], margin: { ...f.margin }, border: { ...f.border }, padding: { ...f.padding }, splitByBlocks: false, texts: [] };
          out.set(el, rec);
        }
        rec.boxes.push({ page: pageIndex, x: f.x + ox, y: f.y + oy, width: f.width, height: f.height });
        if (f.kind === 'inline' && f.box.split) rec.splitByBlocks = true;
      } else if (el && f.box.kind === 'table') {
        // The table box inside its wrapper: the table's own computed values and edges, but for those the wrapper box
        // takes (css-tables-3 §2.1: position, float, clear, offsets, margins, break-*).
        const rec = out.get(el)!;
        if (rec.boxes.length === 1) {
          const w = rec.style;
          rec.style = {
            ...f.style, position: w.position, float: w.float, clear: w.clear, top: w.top, right: w.right, bottom: w.bottom, left: w.left,
            marginTop: w.marginTop, marginRight: w.marginRight, marginBottom: w.marginBottom, marginLeft: w.marginLeft,
            breakBefore: w.breakBefore, breakAfter: w.breakAfter, breakInside: w.breakInside,
          };
          rec.border = { ...f.border };
          rec.padding = { ...f.padding };
        }
      }
      if (f.kind !== 'replaced') for (const c of f.children) visit(c, inner);
    };
    for (const f of page.children) {
      if (continuous && page.index > 0 && f.kind !== 'line' && f.kind !== 'text' && f.kind !== 'marker' && f.style.position === 'fixed') continue;
      visit(f, null);
    }
    const root = page.children[0];
    if (continuous && root) offset += root.y + root.height - page.area.y;
  }
  return out;
}
