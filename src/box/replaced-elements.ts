// In: an HTML replaced element or form control (img, input, svg and other embedded content, textarea, select) with its
// computed style and box info. Out: its box: a ReplacedBox (image, intrinsic size) or an inline-block showing its text.
import type { AnyNode, Element } from 'domhandler';
import type { ComputedStyle, Display } from '../css/computed.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { BlockBox, Box, ReplacedBox, TextRun } from './types.ts';
import { restyle } from './anonymous.ts';
import { brokenImageBox } from './broken-image.ts';
import { imageBox } from './generated.ts';
import { loadImage } from './images.ts';
import { inlineSvgImage } from './svg.ts';
import { isInlineLevelDisplay, withInfo, type BoxInfo, type Item } from './items.ts';
import { processInlineContent } from './whitespace.ts';

/** What building a replaced element needs of the build: the loader and warnings, and whether the document is in quirks mode. */
export interface ReplacedContext { loader: ResourceLoader; warnings: WarningSink; doc: { quirksMode: boolean; styleOf?(el: Element): ComputedStyle } }

/** Form controls: inline-block boxes with the text they show. */
const CONTROLS = new Set(['input', 'textarea', 'select', 'audio']);
/** Embedded content we do not draw: empty replaced boxes keeping their size (default 300×150, CSS 2.1 §10.3.2). */
const EMBEDDED = new Set(['iframe', 'object', 'embed', 'video', 'canvas', 'svg']);
const VIEWBOX = /^\s*[-+\d.eE]+[\s,]+[-+\d.eE]+[\s,]+([\d.eE+]+)[\s,]+([\d.eE+]+)\s*$/;
const NUMBER = /^[\t\n\f\r ]*(\d+(?:\.\d+)?)/;
const SVG_NS = 'http://www.w3.org/2000/svg';
const WS_RUN = /\s+/;

/** The concatenated text of a subtree (iterative: safe on any depth). */
export function textContent(node: AnyNode): string {
  let s = '';
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'text') s += (n as { data: string }).data;
    else if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return s;
}

export function outerOf(d: Display): 'inline' | 'block' {
  return isInlineLevelDisplay(d) ? 'inline' : 'block';
}

/**
 * `<img>` (src, or the first srcset candidate) → ReplacedBox (intrinsic size from the decoded image); an `<img>` without
 * an image → brokenImageBox (its alt text, or a box of its given size); `<input type=image>` without one → a ReplacedBox
 * whose ratio comes from its width/height attributes.
 */
function buildImage(b: ReplacedContext, el: Element, style: ComputedStyle, info: BoxInfo): Box {
  let src = el.attribs.src;
  if ((src === undefined || src.trim() === '') && el.attribs.srcset) {
    // No src: the first srcset candidate (HTML §4.8.4.3, without density selection).
    src = el.attribs.srcset.trim().split(',')[0]!.trim().split(WS_RUN)[0];
  }
  const hasSrc = src !== undefined && src.trim() !== '';
  const image = hasSrc ? loadImage(b.loader, b.warnings, src!, info.line) : null;
  if (!image && el.name === 'img') return brokenImageBox(el, style, info, outerOf(style.display), hasSrc, b.doc.quirksMode);
  const box = imageBox(image, style, info, outerOf(style.display));
  if (!image) {
    const w = NUMBER.exec(el.attribs.width ?? '');
    const h = NUMBER.exec(el.attribs.height ?? '');
    if (w && h && Number(w[1]) > 0 && Number(h[1]) > 0) box.intrinsicRatio = Number(w[1]) / Number(h[1]);
  }
  if (el.attribs.alt !== undefined) box.alt = el.attribs.alt;
  return box;
}

/**
 * `<svg>`, `<canvas>`, `<iframe>`, `<video>`, `<object>`, `<embed>`: a replaced box with no image
 * (nothing painted) whose intrinsic size comes from the width/height attributes (px numbers) and,
 * for SVG, the ratio from viewBox; layout falls back to 300×150 when unknown.
 */
function buildEmbedded(el: Element, style: ComputedStyle, info: BoxInfo): ReplacedBox {
  const box = imageBox(null, style, info, outerOf(style.display));
  const w = NUMBER.exec(el.attribs.width ?? '');
  const h = NUMBER.exec(el.attribs.height ?? '');
  const pctW = (el.attribs.width ?? '').includes('%');
  const pctH = (el.attribs.height ?? '').includes('%');
  if (w && !pctW) box.intrinsicWidth = Number(w[1]);
  if (h && !pctH) box.intrinsicHeight = Number(h[1]);
  const vb = el.attribs.viewBox ?? el.attribs.viewbox;
  const m = vb !== undefined ? VIEWBOX.exec(vb) : null;
  if (m && Number(m[1]) > 0 && Number(m[2]) > 0) box.intrinsicRatio = Number(m[1]) / Number(m[2]);
  else if (box.intrinsicWidth && box.intrinsicHeight) box.intrinsicRatio = box.intrinsicWidth / box.intrinsicHeight;
  return box;
}

/** The text a form control shows (value, placeholder, selected option…), or '' for none. */
function controlText(el: Element): string {
  switch (el.name) {
    case 'textarea': return textContent(el);
    case 'select': {
      let first: Element | undefined;
      let selected: Element | undefined;
      const walk = (n: AnyNode): void => {
        if (selected || n.type !== 'tag' && !('children' in n)) return;
        if (n.type === 'tag' && (n as Element).name === 'option') {
          const o = n as Element;
          first ??= o;
          if (o.attribs.selected !== undefined) selected = o;
          return;
        }
        if ('children' in n) for (const c of n.children) walk(c);
      };
      for (const c of el.children) walk(c);
      const o = selected ?? first;
      return o ? (o.attribs.label ?? textContent(o)).trim() : '';
    }
    case 'input': {
      const type = (el.attribs.type ?? 'text').toLowerCase();
      switch (type) {
        case 'hidden': case 'checkbox': case 'radio': case 'file': case 'color': case 'range': case 'image': return '';
        case 'submit': return el.attribs.value ?? 'Submit';
        case 'reset': return el.attribs.value ?? 'Reset';
        case 'button': return el.attribs.value ?? '';
        default: return el.attribs.value ?? el.attribs.placeholder ?? '';
      }
    }
    default: return '';
  }
}

/** Form controls: an atomic inline-block (or block) box with the text they show, or empty. */
function buildControl(style: ComputedStyle, info: BoxInfo, text: string, out: Item[]): void {
  const s = restyle(style, isInlineLevelDisplay(style.display) ? 'inline-block' : 'block');
  const children = text === '' ? [] : processInlineContent([withInfo<TextRun>({ kind: 'text', style: s, text }, { href: info.href })]);
  out.push(withInfo<BlockBox>({ kind: 'block', style: s, outer: outerOf(s.display), inlineContent: children.length > 0, children }, info));
}

/** An `<img>`, `<input type=image>`, embedded content (svg, canvas, iframe, video, object, embed, any SVG element) or a form control. */
export function isReplacedOrControl(el: Element): boolean {
  const name = el.name;
  return name === 'img' || EMBEDDED.has(name) || el.namespace === SVG_NS || CONTROLS.has(name);
}

/**
 * The box of an element isReplacedOrControl accepts, pushed onto `out`: replaced elements and form controls compute
 * display: contents to none (css-display-3 §2.5); a hidden input has no box.
 */
export function buildReplacedOrControl(b: ReplacedContext, el: Element, style: ComputedStyle, info: BoxInfo, out: Item[]): void {
  const name = el.name;
  if (style.display === 'contents') return;
  if (name === 'img' || (name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'image')) {
    out.push(buildImage(b, el, style, info));
    return;
  }
  if (EMBEDDED.has(name) || el.namespace === SVG_NS) {
    if (name === 'svg') {
      // Inline SVG: drawn as an SVG image (src/box/svg.ts), currentColor = this element's color.
      const line = info.line;
      const svg = inlineSvgImage(el, style.color, (href) => loadImage(b.loader, b.warnings, href, line), (e) => { try { return b.doc.styleOf?.(e); } catch { return undefined; } });
      if (!('error' in svg)) { out.push(imageBox(svg, style, info, outerOf(style.display))); return; }
      b.warnings.add('image', `inline SVG not drawn: ${svg.error}`, line !== undefined ? { line } : undefined);
    }
    out.push(buildEmbedded(el, style, info));
    return;
  }
  if (name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'hidden') return;
  buildControl(style, info, controlText(el), out);
}
