/**
 * Generated content (CSS 2.1 §12.2–12.4, css-content-3, css-lists-3 §3). In: the `content` of
 * ::before/::after/::marker, the originating element, counter state and quote depth. Out: text
 * runs and replaced boxes for the pseudo-element's box, and list marker text / images / bullets.
 */
import type { Element } from 'domhandler';
import type { ComputedStyle, ContentItem } from '../css/computed.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { Box, ImageRef, ReplacedBox, TextRun } from './types.ts';
import { anonymousStyle } from './anonymous.ts';
import { type CounterState, formatCounter, markerText } from './counters.ts';
import { loadImage } from './images.ts';
import { textInfo, withInfo, type BoxInfo } from './items.ts';

/** What content evaluation needs from the build: counters, quote nesting depth, image loading. */
export interface GeneratedContext {
  counters: CounterState;
  /** Current quote nesting depth (CSS 2.1 §12.3.2); updated by open/close-quote. */
  quoteDepth: number;
  loader: ResourceLoader;
  warnings: WarningSink;
}

/** English quotes for `quotes: auto` (css-content-3 §3.1; what browsers use for lang=en). */
const AUTO_QUOTES: readonly string[] = ['\u201C', '\u201D', '\u2018', '\u2019'];

function quotePairs(style: ComputedStyle): readonly string[] {
  return style.quotes === 'auto' ? AUTO_QUOTES : style.quotes === 'none' ? [] : style.quotes;
}

/** The open (close = false) or close quote string for nesting `depth` (the last pair repeats). */
function quoteAt(pairs: readonly string[], depth: number, close: boolean): string {
  const n = pairs.length >> 1;
  if (n === 0) return '';
  return pairs[Math.min(depth, n - 1) * 2 + (close ? 1 : 0)] ?? '';
}

/** A replaced box for an image in generated content (an anonymous inline replaced element). */
export function imageBox(image: ImageRef | null, style: ComputedStyle, info: BoxInfo, outer: 'inline' | 'block' = 'inline'): ReplacedBox {
  // An SVG image may lack intrinsic dimensions or ratio (css-images-3 §5.1): layout then uses 300×150.
  if (image?.svg) {
    const { intrinsicWidth, intrinsicHeight, intrinsicRatio } = image.svg;
    return withInfo<ReplacedBox>({ kind: 'replaced', style, outer, image, intrinsicWidth, intrinsicHeight, intrinsicRatio }, info);
  }
  return withInfo<ReplacedBox>({
    kind: 'replaced', style, outer, image,
    intrinsicWidth: image ? image.width : null, intrinsicHeight: image ? image.height : null,
    intrinsicRatio: image ? image.width / image.height : null,
  }, info);
}

/**
 * The box for a url() item of `content`: the image's replaced box, or for an image that cannot be loaded an empty
 * 0 × 0 one (CSS 2.1 §12.2 lets a UA leave it out; Chromium 156 keeps a 0 × 0 image, so the line is not empty and
 * a ::before of nothing else is 0 px wide and one line tall), not the 300 × 150 box of an <img> without a size.
 */
export function contentImageBox(image: ImageRef | null, style: ComputedStyle, info: BoxInfo): ReplacedBox {
  if (image) return imageBox(image, style, info);
  return withInfo<ReplacedBox>({ kind: 'replaced', style, outer: 'inline', image: null, intrinsicWidth: 0, intrinsicHeight: 0, intrinsicRatio: null }, info);
}

/**
 * Evaluates a `content` list (CSS 2.1 §12.2) for a pseudo-element of `el` with style `style`:
 * strings, attr(name) (the element's attribute, '' when absent), counter()/counters() in any
 * list-style-type (a counter not in scope is instantiated at 0, css-lists-3 §4.4), quotes with
 * the `quotes` property and nesting depth, url() images (anonymous inline replaced boxes).
 * counter(page) / counter(pages) become TextRuns with `pageCounter` for layout to fill.
 * Returns raw text runs (white space is processed later with the run's style) and images.
 */
export function contentBoxes(content: readonly ContentItem[], el: Element, style: ComputedStyle, info: BoxInfo, g: GeneratedContext): Box[] {
  const out: Box[] = [];
  const tinfo = textInfo(info);
  let text = '';
  const flush = (): void => {
    if (text !== '') out.push(withInfo<TextRun>({ kind: 'text', style, text }, tinfo));
    text = '';
  };
  for (const item of content) {
    switch (item.kind) {
      case 'string': text += item.value; break;
      case 'attr': text += el.attribs?.[item.name] ?? el.attribs?.[item.name.toLowerCase()] ?? ''; break;
      case 'counter': case 'counters':
        if (item.name === 'page' || item.name === 'pages') {
          flush();
          out.push(withInfo<TextRun>({ kind: 'text', style, text: '', pageCounter: { name: item.name, style: item.style } }, tinfo));
        } else if (item.kind === 'counter') {
          text += formatCounter(g.counters.value(item.name), item.style);
        } else {
          const all = g.counters.all(item.name);
          for (let i = 0; i < all.length; i++) {
            if (i > 0) text += item.separator;
            text += formatCounter(all[i]!, item.style);
          }
        }
        break;
      case 'open-quote':
        text += quoteAt(quotePairs(style), g.quoteDepth, false);
        g.quoteDepth++;
        break;
      case 'close-quote':
        if (g.quoteDepth > 0) {
          g.quoteDepth--;
          text += quoteAt(quotePairs(style), g.quoteDepth, true);
        }
        break;
      case 'no-open-quote': g.quoteDepth++; break;
      case 'no-close-quote': if (g.quoteDepth > 0) g.quoteDepth--; break;
      case 'url': {
        flush();
        const image = loadImage(g.loader, g.warnings, item.url, info.line);
        out.push(contentImageBox(image, anonymousStyle(style, 'inline'), info));
        break;
      }
    }
  }
  flush();
  return out;
}

/** A list marker's content: text (with suffix), or an image; `bullet` for disc/circle/square. */
export interface MarkerContent {
  text: string;
  image?: ImageRef;
  bullet?: 'disc' | 'circle' | 'square';
  /** Set when ::marker's `content` property gave the marker: the boxes to use (inside markers). */
  boxes?: Box[];
}

/**
 * The marker of a list item (css-lists-3 §3): ::marker's `content` when it is a list (evaluated
 * like ::before), none when 'none'; otherwise list-style-image when it loads, else the
 * list-item counter in list-style-type with its suffix ("iv. ", "• "). Null when there is no
 * marker (list-style-type none and no image, or content none).
 */
export function markerContent(el: Element, itemStyle: ComputedStyle, markerStyle: ComputedStyle, info: BoxInfo, g: GeneratedContext): MarkerContent | null {
  const content = markerStyle.content;
  if (content === 'none') return null;
  if (Array.isArray(content)) {
    const boxes = contentBoxes(content, el, markerStyle, info, g);
    let text = '';
    let image: ImageRef | undefined;
    for (const b of boxes) {
      if (b.kind === 'text') text += b.text;
      else if (b.kind === 'replaced' && b.image && !image) image = b.image;
    }
    const mc: MarkerContent = { text, boxes };
    if (image) mc.image = image;
    return mc;
  }
  const lsi = itemStyle.listStyleImage;
  if (lsi.kind === 'url') {
    const image = loadImage(g.loader, g.warnings, lsi.url, info.line);
    if (image) return { text: '', image };
  }
  const type = itemStyle.listStyleType;
  if (type === 'none') return null;
  const text = markerText(g.counters.value('list-item'), type);
  if (type === 'disc' || type === 'circle' || type === 'square') return { text, bullet: type };
  return { text };
}
