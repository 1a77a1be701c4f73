/**
 * The box tree builder (CSS 2.1 §9.2, §12, §17.2.1; css-display-3 §2). In: the styled DOM
 * (StyledDocument), the render's ResourceLoader and WarningSink. Out: the BoxTree layout consumes,
 * with anonymous boxes, white space processed, generated content, counters and images resolved.
 */
import type { Element } from 'domhandler';
import type { ComputedStyle, CounterOp, Display } from '../css/computed.ts';
import { initialStyle } from '../css/initial.ts';
import type { StyledDocument } from '../css/styled.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { BlockBox, Box, BoxTree, FlexBox, GridBox, LineBreak, MarkerBox, RunningElement, TextRun } from './types.ts';
import { anonymousStyle, blockify, restyle, withWhiteSpacePre } from './anonymous.ts';
import { CounterState } from './counters.ts';
import { finishBlockContainer, finishFlexItems, makeInlineBox } from './flow.ts';
import { contentBoxes, imageBox, markerContent, type GeneratedContext } from './generated.ts';
import { isInlineLevelDisplay, isOutOfFlowStyle, isTablePartDisplay, textInfo, withInfo, type BoxInfo, type Item, type RawTablePart } from './items.ts';
import { buildReplacedOrControl, isReplacedOrControl, outerOf, textContent } from './replaced-elements.ts';
import { buildTable, fixStrayTableParts } from './table.ts';
import { rubyColumns } from './ruby.ts';

/** The render-wide state of one build. */
interface Build extends GeneratedContext {
  doc: StyledDocument;
  /** Element nesting depth of the current element (root = 1). */
  depth: number;
  /** Running elements met so far, in document order (css-gcpm-3 §2). */
  running: RunningElement[];
}

/**
 * Deepest element nesting the builder turns into boxes, as Blink's HTML parser caps its tree
 * (kMaximumHTMLParserDOMTreeDepth = 512); deeper subtrees become their text (no stack overflow).
 */
export const MAX_ELEMENT_DEPTH = 512;

/** What a parent hands to its children. */
interface Scope {
  /** Style of the parent element (text runs take it). */
  style: ComputedStyle;
  /** The parent is a flex or grid container: its in-flow children are blockified items. */
  items: boolean;
  /** The parent box is an inline box (stray table parts get an anonymous inline-table). */
  inline: boolean;
  href: string | undefined;
  /** The nearest list owner (ol/ul/menu) is `<ol reversed>`: list items count down. */
  reversed: boolean;
  /** Set only for the root element (blockified; display: contents computes to block). */
  root?: boolean;
}

/** Elements never rendered whatever their style says (no boxes, no text). */
const NOT_RENDERED = new Set(['head', 'script', 'style', 'template', 'title', 'meta', 'link', 'base', 'noscript', 'param', 'source', 'track']);
const LIST_OWNERS = new Set(['ol', 'ul', 'menu']);
const LINK_SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const INTEGER = /^[\t\n\f\r ]*([+-]?\d+)/;

function sourceLine(el: Element): number | undefined {
  return el.sourceCodeLocation?.startLine ?? undefined;
}

/** HTML "rules for parsing integers"; null when there is no number. */
function parseInteger(v: string | undefined): number | null {
  if (v === undefined) return null;
  const m = INTEGER.exec(v);
  if (!m) return null;
  const n = parseInt(m[1]!, 10);
  return Number.isFinite(n) ? n : null;
}

/** colspan: 1–1000, 0 or garbage → 1; rowspan: 0–65534, garbage → 1 (HTML §4.9.11 tables). */
function clampSpan(v: string | undefined, min: number, max: number, dflt: number): number {
  const n = parseInteger(v);
  if (n === null || n < min) return dflt;
  return Math.min(n, max);
}

/**
 * The link target of `<a href>` (item 7 of the box builder's brief): http(s), mailto, tel and
 * ftp URLs as written, '#fragment' kept, javascript:/data:/vbscript: dropped, other (relative)
 * URLs resolved through the loader (file: URL), or dropped when they cannot be resolved.
 */
function linkTarget(href: string, loader: ResourceLoader): string | undefined {
  const raw = href.trim();
  if (raw === '') return undefined;
  if (raw.startsWith('#')) return raw;
  const m = LINK_SCHEME.exec(raw);
  if (m) {
    const scheme = m[1]!.toLowerCase();
    if (scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel' || scheme === 'ftp') return raw;
    if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript') return undefined;
  }
  return loader.resolve(raw) ?? undefined;
}

/** The computed style of an element, or undefined when the cascade has none for it (never throws). */
function styleOf(b: Build, el: Element): ComputedStyle | undefined {
  try {
    return b.doc.styleOf(el) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The computed style of a pseudo-element, or undefined (none, or the cascade failed on it). */
function pseudoStyleOf(b: Build, el: Element, which: 'before' | 'after' | 'marker'): ComputedStyle | undefined {
  try {
    return b.doc.pseudoStyleOf(el, which) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Number of list items owned by a list element (not inside nested lists), for `<ol reversed>`. */
function countListItems(b: Build, el: Element): number {
  let n = 0;
  for (const c of el.children) {
    if (c.type !== 'tag') continue;
    const e = c as Element;
    const d = styleOf(b, e)?.display ?? 'none';
    if (d === 'none') continue;
    if (d === 'list-item') n++;
    if (!LIST_OWNERS.has(e.name)) n += countListItems(b, e);
  }
  return n;
}

/**
 * Counter operations of an element, with what HTML adds (HTML §15.3.8 lists): `<ol start>` /
 * `<ol reversed>` / `<ul>` reset list-item, `<li value>` sets it.
 */
function counterOps(b: Build, el: Element, style: ComputedStyle): { reset: readonly CounterOp[]; set: readonly CounterOp[] } {
  let reset: readonly CounterOp[] = style.counterReset;
  let set: readonly CounterOp[] = style.counterSet;
  const name = el.name;
  if (LIST_OWNERS.has(name)) {
    const explicit = reset.find((op) => op.name === 'list-item');
    if (!explicit || (name === 'ol' && explicit.value === 0)) {
      let value = 0;
      if (name === 'ol') {
        const start = parseInteger(el.attribs.start);
        if (el.attribs.reversed !== undefined) value = (start ?? countListItems(b, el)) + 1;
        else value = (start ?? 1) - 1;
      }
      reset = [...reset.filter((op) => op.name !== 'list-item'), { name: 'list-item', value }];
    }
  } else if (name === 'li' && style.display === 'list-item') {
    const v = parseInteger(el.attribs.value);
    if (v !== null && !set.some((op) => op.name === 'list-item')) set = [...set, { name: 'list-item', value: v }];
  }
  return { reset, set };
}

/**
 * Blockified display and style for a box in scope `scope` (css-display-3 §2.7, CSS 2.1 §9.7): an absolutely
 * positioned box (position absolute or fixed) also has float: none (§9.7 step 2), so it is never laid out as a float.
 */
function effectiveStyle(computed: ComputedStyle, scope: Scope): ComputedStyle {
  const d = computed.display;
  if (d === 'contents') return scope.root ? restyle(computed, 'block', 'none') : computed;
  if (scope.items) return restyle(computed, blockify(d), 'none');
  if (computed.position === 'absolute' || computed.position === 'fixed') return restyle(computed, blockify(d), 'none');
  if (isOutOfFlowStyle(computed)) return restyle(computed, blockify(d));
  return computed;
}

/**
 * Makes the box(es) of an element or pseudo-element of display `style.display` from its raw
 * child items, pushing them onto `out` (display: contents pushes the children themselves).
 */
function makeBox(style: ComputedStyle, info: BoxInfo, items: Item[], out: Item[], marker?: MarkerBox): void {
  const d = style.display;
  switch (d) {
    case 'contents':
      for (const it of items) out.push(it);
      return;
    case 'inline': case 'ruby-text':
      out.push(makeInlineBox(style, fixStrayTableParts(items, style, true, info.href), info));
      return;
    case 'ruby':
      // An inline box holding its ruby columns (css-ruby-1 §2.1).
      out.push(makeInlineBox(style, rubyColumns(fixStrayTableParts(items, style, true, info.href), style, info.href), info));
      return;
    case 'table': case 'inline-table':
      out.push(buildTable(style, info, items));
      return;
    case 'flex': case 'inline-flex': case 'grid': case 'inline-grid': {
      const children = finishFlexItems(fixStrayTableParts(items, style, false, info.href), style, info.href);
      const kind = d === 'flex' || d === 'inline-flex' ? 'flex' : 'grid';
      out.push(withInfo<FlexBox | GridBox>({ kind, style, outer: outerOf(d), children }, info));
      return;
    }
    case 'none':
      return;
    default: {
      if (isTablePartDisplay(d)) {
        out.push({ kind: 'raw-table-part', display: d, style, info, children: items, colspan: 1, rowspan: 1, span: 1 });
        return;
      }
      // block, list-item, inline-block, flow-root and anything unknown: a block container.
      const { inlineContent, children } = finishBlockContainer(fixStrayTableParts(items, style, false, info.href), style, info.href);
      const box = withInfo<BlockBox>({ kind: 'block', style, outer: outerOf(d), inlineContent, children }, info);
      if (marker) box.marker = marker;
      out.push(box);
    }
  }
}

/** ::before / ::after (CSS 2.1 §12.1): a box of the pseudo-element's display with its content. */
function buildPseudo(b: Build, el: Element, which: 'before' | 'after', scope: Scope, line: number | undefined, out: Item[]): void {
  const computed = pseudoStyleOf(b, el, which);
  if (!computed || !Array.isArray(computed.content) || computed.display === 'none') return;
  const style = effectiveStyle(computed, scope);
  b.counters.apply(style.counterReset, style.counterIncrement, style.counterSet, 0);
  const info: BoxInfo = { element: el, pseudo: which, line, href: scope.href };
  const items: Item[] = contentBoxes(computed.content, el, style, info, b);
  const start = out.length;
  makeBox(style, info, items, out);
  if (computed.position === 'absolute' || computed.position === 'fixed') markOriginalOuter(out, start, computed.display, el, which);
}

/** The ::marker of a list item (css-lists-3 §3): outside → MarkerBox; inside → first inline child (a disc/circle/square: holding a MarkerBox, drawn as a shape). */
function buildMarker(b: Build, el: Element, style: ComputedStyle, line: number | undefined, href: string | undefined, items: Item[]): MarkerBox | undefined {
  const markerStyle = withWhiteSpacePre(pseudoStyleOf(b, el, 'marker') ?? anonymousStyle(style, 'inline'));
  const info: BoxInfo = { element: el, pseudo: 'marker', line, href };
  const mc = markerContent(el, style, markerStyle, info, b);
  if (!mc) return undefined;
  if (style.listStylePosition === 'outside') {
    const m = withInfo<MarkerBox>({ kind: 'marker', style: markerStyle, text: mc.text }, info);
    if (mc.image) m.image = mc.image;
    if (mc.bullet) m.bullet = mc.bullet;
    return m;
  }
  let children: Box[];
  if (mc.boxes) children = mc.boxes;
  else if (mc.image) children = [imageBox(mc.image, anonymousStyle(markerStyle, 'inline'), info), withInfo<TextRun>({ kind: 'text', style: markerStyle, text: ' ' }, textInfo(info))];
  else if (mc.bullet) children = [withInfo<MarkerBox>({ kind: 'marker', style: markerStyle, text: mc.text, bullet: mc.bullet }, textInfo(info))];
  else children = [withInfo<TextRun>({ kind: 'text', style: markerStyle, text: mc.text }, textInfo(info))];
  items.push(makeInlineBox(restyle(markerStyle, 'inline'), children, info));
  return undefined;
}

function buildChildren(b: Build, parent: Element, scope: Scope, out: Item[]): void {
  if (parent.name === 'details' && parent.attribs.open === undefined) {
    // A closed <details> shows only its first <summary> (HTML §15.5.4 rendering of details).
    const summary = parent.children.find((c): c is Element => c.type === 'tag' && (c as Element).name === 'summary');
    if (summary) buildElement(b, summary, scope, out);
    return;
  }
  for (const node of parent.children) {
    if (node.type === 'text') {
      const data = (node as { data: string }).data;
      if (data !== '') out.push(scope.href === undefined ? { kind: 'text', style: scope.style, text: data } : { kind: 'text', style: scope.style, text: data, href: scope.href });
    } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      buildElement(b, node as Element, scope, out);
    }
  }
}

function buildElement(b: Build, el: Element, scope: Scope, out: Item[]): void {
  const name = el.name;
  if (NOT_RENDERED.has(name)) return;
  const computed = styleOf(b, el);
  if (!computed || computed.display === 'none') return;
  if (computed.runningName) { buildRunning(b, el, name, computed, scope); return; }
  if (b.depth >= MAX_ELEMENT_DEPTH) {
    const line = sourceLine(el);
    b.warnings.add('layout', `elements nested deeper than ${MAX_ELEMENT_DEPTH} levels are rendered as plain text`, line !== undefined ? { line } : undefined);
    const text = textContent(el);
    if (text !== '') out.push(withInfo<TextRun>({ kind: 'text', style: scope.style, text }, { href: scope.href }));
    return;
  }
  b.depth++;
  const start = out.length;
  try {
    buildElementBoxes(b, el, name, computed, scope, out);
  } finally {
    b.depth--;
  }
  if (computed.position === 'absolute' || computed.position === 'fixed') markOriginalOuter(out, start, computed.display, el, undefined);
}

/**
 * A running element (css-gcpm-3 §2.1, `position: running(name)`) leaves the flow: its boxes are
 * built here (counters and generated content in document order) into one block-level box that
 * `element(name)` places in page-margin boxes, and recorded on the tree with its element.
 */
function buildRunning(b: Build, el: Element, name: string, computed: ComputedStyle, scope: Scope): void {
  if (b.depth >= MAX_ELEMENT_DEPTH) return;
  const items: Item[] = [];
  b.depth++;
  try {
    buildElementBoxes(b, el, name, computed, { ...scope, items: false, inline: false }, items);
  } finally {
    b.depth--;
  }
  const boxes = fixStrayTableParts(items, computed, false, scope.href);
  const only = boxes.length === 1 ? boxes[0]! : undefined;
  const box: Box = only && (only.kind === 'block' || only.kind === 'table-wrapper' || only.kind === 'flex' || only.kind === 'grid' || only.kind === 'replaced') && only.outer === 'block'
    ? only
    : { kind: 'block', style: anonymousStyle(computed, 'block'), outer: 'block', anonymous: true, ...finishBlockContainer(boxes, computed, scope.href) };
  b.running.push({ name: computed.runningName!, box, element: el });
}

/**
 * Records on the absolutely/fixed positioned box(es) just pushed for `el` (or its ::before/::after)
 * the outer display type of `display`, the display before blockification (see Box.originalOuter).
 */
function markOriginalOuter(out: Item[], start: number, display: Display, el: Element, pseudo: 'before' | 'after' | undefined): void {
  const outer = isInlineLevelDisplay(display) ? 'inline' : 'block';
  for (let i = start; i < out.length; i++) {
    const it = out[i] as Item & { element?: Element; pseudo?: string; originalOuter?: 'block' | 'inline'; style?: ComputedStyle };
    if (it.kind === 'raw-table-part' || it.element !== el || it.pseudo !== pseudo) continue;
    const pos = it.style?.position;
    if (pos === 'absolute' || pos === 'fixed') it.originalOuter = outer;
  }
}

function buildElementBoxes(b: Build, el: Element, name: string, computed: ComputedStyle, scope: Scope, out: Item[]): void {
  let style = effectiveStyle(computed, scope);
  const line = sourceLine(el);
  let href = scope.href;
  if (name === 'a' && el.attribs.href !== undefined) href = linkTarget(el.attribs.href, b.loader) ?? href;
  const info: BoxInfo = { element: el, line, href };
  // Replaced elements and form controls: display: contents computes to none (css-display-3 §2.5).
  if (name === 'br') {
    if (style.display !== 'contents') out.push(withInfo<LineBreak>({ kind: 'br', style }, info));
    return;
  }
  if (name === 'wbr') {
    // A line break opportunity (HTML §4.5.28): a zero width space for the line breaker.
    if (style.display !== 'contents') out.push(withInfo<TextRun>({ kind: 'text', style: scope.style, text: '\u200B' }, { href }));
    return;
  }
  if (isReplacedOrControl(el)) {
    buildReplacedOrControl(b, el, style, info, out);
    return;
  }
  if (name === 'button' && style.display === 'inline') style = restyle(style, 'inline-block');
  const d = style.display;
  let reset: readonly CounterOp[] = style.counterReset;
  let set: readonly CounterOp[] = style.counterSet;
  if (name === 'li' || LIST_OWNERS.has(name)) ({ reset, set } = counterOps(b, el, style));
  // <summary> does not count as a list item (HTML's UA sheet: counter-increment: list-item 0).
  const listItemStep = d !== 'list-item' || name === 'summary' ? 0 : scope.reversed ? -1 : 1;
  b.counters.apply(reset, style.counterIncrement, set, listItemStep);
  const childScope: Scope = d === 'contents'
    ? { style, items: scope.items, inline: scope.inline, href, reversed: scope.reversed }
    : {
        style, items: d === 'flex' || d === 'inline-flex' || d === 'grid' || d === 'inline-grid',
        inline: d === 'inline', href, reversed: scope.reversed,
      };
  if (LIST_OWNERS.has(name)) childScope.reversed = name === 'ol' && el.attribs.reversed !== undefined;
  b.counters.enter();
  const items: Item[] = [];
  const marker = d === 'list-item' ? buildMarker(b, el, style, line, href, items) : undefined;
  buildPseudo(b, el, 'before', childScope, line, items);
  buildChildren(b, el, childScope, items);
  buildPseudo(b, el, 'after', childScope, line, items);
  b.counters.leave();
  makeBox(style, info, items, out, marker);
  if (name === 'td' || name === 'th') {
    const last = out[out.length - 1];
    if (last && last.kind === 'raw-table-part' && last.info.element === el) {
      (last as RawTablePart).colspan = clampSpan(el.attribs.colspan, 1, 1000, 1);
      (last as RawTablePart).rowspan = clampSpan(el.attribs.rowspan, 0, 65534, 1);
    }
  } else if (name === 'col' || name === 'colgroup') {
    const last = out[out.length - 1];
    if (last && last.kind === 'raw-table-part' && last.info.element === el) (last as RawTablePart).span = clampSpan(el.attribs.span, 1, 1000, 1);
  }
}

/**
 * Builds the box tree of a styled document (CSS 2.1 §9.2; css-display-3 §2).
 *
 * `styled`: the cascade's output (styleOf / pseudoStyleOf per element). `ctx.loader` loads
 * images (`<img src>`, list-style-image, content: url()) with the no-network/no-escape rules;
 * `ctx.warnings` receives author errors ('resource-blocked', 'resource-missing', 'image',
 * 'layout' for inline SVG). The root element's box is blockified and returned as `root`
 * (wrapped in an anonymous block when the root is a table, flex or grid container; an empty
 * anonymous block when the root is display: none). Never throws on odd input; throws TypeError
 * when `styled` or `ctx` is not what the signature says.
 */
export function buildBoxTree(styled: StyledDocument, ctx: { loader: ResourceLoader; warnings: WarningSink }): BoxTree {
  if (!styled || typeof styled.styleOf !== 'function' || typeof styled.pseudoStyleOf !== 'function' || !styled.root) {
    throw new TypeError('buildBoxTree: expected a StyledDocument (root, styleOf, pseudoStyleOf)');
  }
  if (!ctx || !ctx.loader || typeof ctx.loader.load !== 'function' || !ctx.warnings || typeof ctx.warnings.add !== 'function') {
    throw new TypeError('buildBoxTree: expected ctx { loader: ResourceLoader, warnings: WarningSink }');
  }
  const b: Build = { doc: styled, loader: ctx.loader, warnings: ctx.warnings, counters: new CounterState(), quoteDepth: 0, depth: 0, running: [] };
  const rootEl = styled.root;
  const rootStyle = styleOf(b, rootEl) ?? { ...initialStyle(), display: 'block' };
  // The root is blockified (css-display-3 §2.7); display: contents on it computes to block (§2.5).
  const scope: Scope = { style: rootStyle, items: true, inline: false, href: undefined, reversed: false, root: true };
  const out: Item[] = [];
  buildElement(b, rootEl, scope, out);
  const boxes = fixStrayTableParts(out, rootStyle, false, undefined);
  const running = b.running.length > 0 ? { running: b.running } : {};
  if (boxes.length === 1 && boxes[0]!.kind === 'block' && boxes[0]!.outer === 'block') return { root: boxes[0] as BlockBox, ...running };
  const { inlineContent, children } = finishBlockContainer(boxes, rootStyle, undefined);
  return { root: { kind: 'block', style: anonymousStyle(rootStyle, 'block'), outer: 'block', anonymous: true, inlineContent, children }, ...running };
}
