// SVG images for the box tree. In: an SVG file's text (from <img>, url(), data: URIs) or an inline <svg> element of the HTML DOM.
// Out: an ImageRef with format 'svg' (root attributes, body, intrinsic size in px, referenced raster images) for layout and paint, or an error message.
import { createHash } from 'node:crypto';
import type { AnyNode, Element } from 'domhandler';
import type { Color, ComputedStyle } from '../css/computed.ts';
import { svgPaintText } from '../css/properties/svg-paint.ts';
import type { ImageRef, SvgSource } from './types.ts';
import { ByteLru } from '../byte-lru.ts';

/** The default object size of css-images-3 §5.2 / HTML when nothing else is known (px). */
export const DEFAULT_OBJECT_WIDTH = 300;
export const DEFAULT_OBJECT_HEIGHT = 150;

/** Deepest element nesting accepted when checking an SVG document (deeper: refused, the drawing is recursive). */
const MAX_DEPTH = 256;

/** px per unit for absolute and font-relative units (em/ex at the initial 16px font size; SVG 1.1 §7.10). */
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, q: 96 / 101.6, em: 16, ex: 8, rem: 16 };
const LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z%]*)\s*$/i;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
const SPACE = /\s+/y;

/**
 * An SVG length attribute (`<number>` or `<length>`, SVG 1.1 §4.2) in px; null for percentages,
 * `auto`, negative or unparsable values (no intrinsic dimension).
 */
export function svgLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = LENGTH.exec(value);
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  const k = UNIT_PX[unit];
  const n = Number(m[1]);
  return k !== undefined && Number.isFinite(n) && n >= 0 ? n * k : null;
}

/** The viewBox's width/height ratio, or null when the attribute is absent or invalid (SVG 1.1 §7.7). */
export function viewBoxRatio(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parts = value.trim().split(/[\s,]+/).map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [, , w, h] = parts as [number, number, number, number];
  return w > 0 && h > 0 ? w / h : null;
}

function attr(attrs: [string, string][], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [n, v] of attrs) if (n.toLowerCase() === lower) return v;
  return undefined;
}

/**
 * Intrinsic dimensions of an SVG image from its root element (css-images-3 §5.1, SVG 2 §8.2):
 * width/height in px when absolute (a percentage or absence gives none), ratio from viewBox,
 * else from both dimensions.
 */
export function intrinsicOf(rootAttrs: [string, string][]): { width: number | null; height: number | null; ratio: number | null } {
  const width = svgLength(attr(rootAttrs, 'width'));
  const height = svgLength(attr(rootAttrs, 'height'));
  let ratio = viewBoxRatio(attr(rootAttrs, 'viewBox'));
  if (ratio === null && width && height) ratio = width / height;
  return { width, height, ratio };
}

/**
 * The concrete object size for an image with these intrinsic dimensions and no specified size
 * against a default object size (css-images-3 §5.2 default sizing algorithm): missing
 * dimensions come from the ratio, else from the default size (a ratio alone: contained in it).
 */
export function concreteSize(width: number | null, height: number | null, ratio: number | null, defW = DEFAULT_OBJECT_WIDTH, defH = DEFAULT_OBJECT_HEIGHT): { width: number; height: number } {
  if (width !== null && height !== null) return { width, height };
  if (width !== null) return { width, height: ratio ? width / ratio : defH };
  if (height !== null) return { width: ratio ? height * ratio : defW, height };
  if (ratio) return defW / defH > ratio ? { width: defH * ratio, height: defH } : { width: defW, height: defW / ratio };
  return { width: defW, height: defH };
}

/**
 * Splits an SVG document into its root start tag's attributes and the rest. Skips a BOM, the XML
 * declaration, processing instructions, comments and a doctype. Null when the first element is
 * not `<svg>` (any prefix).
 */
export function splitRoot(text: string): { rootAttrs: [string, string][]; body: string } | null {
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  for (;;) {
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text.startsWith('<?', i)) { const e = text.indexOf('?>', i); if (e < 0) return null; i = e + 2; continue; }
    if (text.startsWith('<!--', i)) { const e = text.indexOf('-->', i); if (e < 0) return null; i = e + 3; continue; }
    if (text.startsWith('<!', i)) {
      // <!DOCTYPE …> with an optional internal subset [ … ].
      const b = text.indexOf('[', i), g = text.indexOf('>', i);
      if (g < 0) return null;
      if (b >= 0 && b < g) { const e = text.indexOf(']', b); const g2 = e < 0 ? -1 : text.indexOf('>', e); if (g2 < 0) return null; i = g2 + 1; }
      else i = g + 1;
      continue;
    }
    break;
  }
  const m = /^<(?:[\w.-]+:)?svg(?=[\s/>])/.exec(text.slice(i, i + 64));
  if (!m) return null;
  i += m[0].length;
  const rootAttrs: [string, string][] = [];
  for (;;) {
    SPACE.lastIndex = i;
    if (SPACE.exec(text)) i = SPACE.lastIndex;
    if (i >= n) return null;
    if (text[i] === '>') return { rootAttrs, body: text.slice(i + 1) };
    if (text.startsWith('/>', i)) return { rootAttrs, body: '' };
    ATTR.lastIndex = i;
    const a = ATTR.exec(text);
    if (!a) return null;
    rootAttrs.push([a[1]!, a[2] ?? a[3] ?? a[4] ?? '']);
    i = ATTR.lastIndex;
  }
}

/**
 * A light well-formedness check of the body (after the root start tag): element tags balance and
 * the root closes. Returns null when well formed, else what is wrong (for the warning).
 */
export function checkBody(body: string): string | null {
  if (body === '') return null;
  const stack: string[] = ['svg'];
  const tag = /<(!--[\s\S]*?--|!\[CDATA\[[\s\S]*?\]\]|\?[\s\S]*?\?|!DOCTYPE[^>]*|\/?)([\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gy;
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) return `unterminated tag at offset ${lt}`;
    i = tag.lastIndex;
    const kind = m[1]!;
    if (kind.length > 1) continue; // comment, CDATA, processing instruction
    const name = m[2]!.replace(/^[\w.-]+:(?=svg$)/, '');
    if (!name) return `bad tag at offset ${lt}`;
    if (kind === '/') {
      const open = stack.pop();
      if (open !== name) return `closing tag </${m[2]}> does not match <${open ?? 'none'}>`;
      if (stack.length === 0) return null;
    } else if (!m[3]!.trimEnd().endsWith('/')) {
      stack.push(name);
      if (stack.length > MAX_DEPTH) return `elements nested deeper than ${MAX_DEPTH}`;
    }
  }
  return `<${stack[stack.length - 1]}> is not closed`;
}

/** Every `<image>` element's href (xlink:href or href) as written, deduplicated. */
export function imageHrefs(body: string): string[] {
  const out = new Set<string>();
  const re = /<(?:[\w.-]+:)?image\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const h = /(?:^|\s)(?:xlink:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[1]!);
    const v = h ? (h[1] ?? h[2] ?? '').replace(/\s+/g, '') : '';
    if (v && !v.startsWith('#')) out.add(decodeXmlEntities(v));
    if (out.size >= 64) break;
  }
  return [...out];
}

function decodeXmlEntities(s: string): string {
  return s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (_, d: string, x: string, nm: string) => {
    if (d) return String.fromCodePoint(Math.min(Number(d), 0x10ffff));
    if (x) return String.fromCodePoint(Math.min(parseInt(x, 16), 0x10ffff));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[nm.toLowerCase()]!;
  });
}

const TRANSFORM_ATTR = /(\stransform\s*=\s*)("[^"]*"|'[^']*')/g;
const AXIS_FUNCTION = /(translate|scale)([XY])\(\s*([^)]*?)\s*\)/g;

/**
 * Rewrites the one-axis transform functions SVG 2 takes from CSS (translateX/Y, scaleX/Y,
 * css-transforms-1 §12) in transform attributes to their SVG 1.1 two-argument forms, which the
 * drawing understands; `px` units dropped (user units).
 */
export function svgTransforms(body: string): string {
  if (!/(?:translate|scale)[XY]\(/.test(body)) return body;
  return body.replace(TRANSFORM_ATTR, (_, pre: string, value: string) => pre + value.replace(AXIS_FUNCTION, (_m, f: string, axis: string, arg: string) => {
    const a = arg.replace(/px$/i, '');
    const other = f === 'translate' ? '0' : '1';
    return axis === 'X' ? `${f}(${a} ${other})` : `${f}(${other} ${a})`;
  }));
}

/** `#rrggbb` of a colour (alpha dropped), for the root's `color` presentation attribute. */
function hexColor(c: Color): string {
  const h = (v: number): string => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

/**
 * Builds an SVG ImageRef from a document's text. `key` identifies it for paint (its form XObject
 * is made once per key and size). `color` is what `currentColor` resolves to at the root when the
 * document does not set `color` itself (black for images, the element's CSS color for inline
 * SVG). `loadRaster(href)` loads an `<image href>` (as written) through the render's loader, or
 * null (it warns). Returns the image, or `{ error }` when the text is not a well-formed SVG
 * document. Never throws.
 */
export function svgImage(key: string, text: string, color: Color, loadRaster: (href: string) => ImageRef | null): ImageRef | { error: string } {
  const split = splitRoot(text);
  if (!split) return { error: 'not an SVG document (no <svg> root element)' };
  const bad = checkBody(split.body);
  if (bad) return { error: `malformed SVG: ${bad}` };
  const rootAttrs = split.rootAttrs;
  if (attr(rootAttrs, 'color') === undefined) rootAttrs.push(['color', hexColor(color)]);
  const images: Record<string, ImageRef> = {};
  for (const href of imageHrefs(split.body)) {
    const img = loadRaster(href);
    if (img && img.format !== 'svg') images[href] = img;
  }
  const { width, height, ratio } = intrinsicOf(rootAttrs);
  const svg: SvgSource = { rootAttrs, body: svgTransforms(split.body), intrinsicWidth: width, intrinsicHeight: height, intrinsicRatio: ratio, images };
  const size = concreteSize(width, height, ratio);
  return { key, format: 'svg', data: Buffer.from(text, 'utf8'), width: size.width, height: size.height, svg };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
function escapeText(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Upper bound on a serialized inline SVG (characters); larger ones are refused with a warning. */
const MAX_INLINE_CHARS = 8 * 1024 * 1024;

/** Most elements outside an inline `<svg>` copied into it for its references. */
const MAX_EXTERNAL = 256;

/**
 * A parsed document's elements by id, the first in tree order (as getElementById), built on first use per document root.
 * A WeakMap keyed by the root: an entry lives as long as its document.
 */
const idMaps = new WeakMap<AnyNode, Map<string, Element>>();

function elementsById(root: AnyNode): Map<string, Element> {
  let m = idMaps.get(root);
  if (m) return m;
  m = new Map();
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const kids = (n as unknown as { children?: AnyNode[] }).children;
    if (n.type === 'tag' || n.type === 'script' || n.type === 'style') {
      const id = (n as Element).attribs['id'];
      if (id && !m.has(id)) m.set(id, n as Element);
    }
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  idMaps.set(root, m);
  return m;
}

const contains = (a: AnyNode, b: AnyNode): boolean => { for (let n: AnyNode | null = b; n; n = n.parent) if (n === a) return true; return false; };

/**
 * The SVG elements outside `el` that its `href`/`xlink:href="#id"` references point at (a `<use>` of a `<symbol>` in a
 * hidden sprite `<svg>` elsewhere in the page), transitively, in the order met (SVG 2 §5.6: a use element may reference
 * any element of its document, and Chromium 156 draws such sprites). Not `url(#id)` paint servers, clips and masks:
 * Chromium draws those only when the `<svg>` defining them is rendered (one in a display: none sprite paints nothing),
 * which the DOM alone does not tell. At most MAX_EXTERNAL.
 */
function externalRefs(el: Element): Element[] {
  const inside = new Set<string>();
  const wanted: string[] = [];
  const scan = (n: AnyNode): void => {
    if (n.type !== 'tag') return;
    const e = n as Element;
    for (const [name, v] of Object.entries(e.attribs)) {
      if (name === 'id') inside.add(v);
      else if ((name === 'href' || name === 'xlink:href') && v.startsWith('#')) wanted.push(v.slice(1));
    }
    for (const c of e.children) scan(c);
  };
  scan(el);
  if (wanted.length === 0) return [];
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  const byId = elementsById(root);
  const out: Element[] = [];
  for (let i = 0; i < wanted.length && out.length < MAX_EXTERNAL; i++) {
    const id = wanted[i]!;
    if (inside.has(id)) continue;
    inside.add(id);
    const target = byId.get(id);
    if (!target || target.namespace !== SVG_NS || contains(el, target) || contains(target, el)) continue;
    out.push(target);
    scan(target);
  }
  return out;
}

/**
 * Serializes an inline `<svg>` element of the HTML DOM (parse5 has already fixed the case of SVG
 * names such as viewBox and linearGradient) as an XML document: elements, attributes, text and
 * CDATA; comments dropped; the SVG and xlink namespaces declared on the root; the elements of the
 * document outside it that it references (externalRefs) copied into a trailing `<defs>`; with `styleOf`, each element's
 * paint declarations from page CSS (cssPaint) appended to its style attribute. Null when
 * it is deeper than the drawing accepts or larger than MAX_INLINE_CHARS.
 */
export function serializeInlineSvg(el: Element, styleOf?: (el: Element) => ComputedStyle | undefined): string | null {
  const parts: string[] = [];
  let size = 0;
  let ok = true;
  const extra = externalRefs(el);
  const walk = (node: AnyNode, depth: number, root: boolean, parent?: ComputedStyle): void => {
    if (!ok) return;
    if (node.type === 'text' || node.type === 'cdata') {
      const t = node.type === 'text' ? (node as unknown as { data: string }).data : textOf(node);
      size += t.length;
      parts.push(escapeText(t));
    } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      if (depth > MAX_DEPTH) { ok = false; return; }
      const e = node as Element;
      let open = '<' + e.name;
      const attribs = e.attribs;
      const style = styleOf?.(e);
      const css = style ? cssPaint(e, style, parent, root) : '';
      for (const name of Object.keys(attribs)) {
        if (root && (name === 'xmlns' || name === 'xmlns:xlink')) continue;
        if (css && name === 'style') continue;
        open += ` ${name}="${escapeAttr(attribs[name]!)}"`;
      }
      if (css) open += ` style="${escapeAttr(attribs['style'] ? `${attribs['style']};${css}` : css)}"`;
      if (root) open += ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`;
      size += open.length;
      if (size > MAX_INLINE_CHARS) { ok = false; return; }
      const defs = root && extra.length > 0;
      if (e.children.length === 0 && !defs) { parts.push(open + '/>'); return; }
      parts.push(open + '>');
      for (const c of e.children) walk(c, depth + 1, false, style);
      if (defs) {
        parts.push('<defs>');
        for (const x of extra) walk(x, depth + 2, false, x.parent && x.parent.type === 'tag' ? styleOf?.(x.parent as Element) : undefined);
        parts.push('</defs>');
      }
      parts.push(`</${e.name}>`);
    }
  };
  walk(el, 1, true);
  return ok && size <= MAX_INLINE_CHARS ? parts.join('') : null;
}

/**
 * The declarations page CSS gives an SVG element that its drawing must follow (the CSS cascade applies to SVG elements
 * in HTML; SVG 2 §6.7: presentation attributes are author declarations of specificity 0, so any author rule or inline
 * style overrides them): its fill, stroke, stroke-width, fill-opacity, stroke-opacity (currentcolor as its own CSS
 * color), opacity when set below 1 (not on the root: the replaced box paints that), and `color` where it differs from
 * the parent's and no color attribute says it (so currentColor inside follows the CSS color). '' when none.
 */
function cssPaint(e: Element, style: ComputedStyle, parent: ComputedStyle | undefined, root: boolean): string {
  const out: string[] = [];
  const paint = style.svgPaint;
  if (paint) for (const [k, v] of Object.entries(paint)) if (v !== undefined) out.push(`${k}:${svgPaintText(v, style.color)}`);
  if (!root && style.opacity < 1) out.push(`opacity:${style.opacity}`);
  if (!root && parent && e.attribs['color'] === undefined) {
    const c = style.color, p = parent.color;
    if (c.r !== p.r || c.g !== p.g || c.b !== p.b || c.a !== p.a) out.push(`color:${svgPaintText(c, c)}`);
  }
  return out.join(';');
}

function textOf(node: AnyNode): string {
  const kids = (node as unknown as { children?: AnyNode[] }).children ?? [];
  return kids.map((k) => (k.type === 'text' ? (k as unknown as { data: string }).data : '')).join('');
}

/**
 * Inline SVGs already built, by colour and serialization (a template's icons, the same on every render). The ImageRef
 * is a function of those two when the drawing loads no raster image (no `<image href>`, so nothing is loaded or warned
 * through the render's loader): it is built once per process and shared, never changed after. Bounded by bytes.
 */
const BUILT = new ByteLru<string, ImageRef | { error: string }>({ maxBytes: 16 * 1024 * 1024, maxEntries: 1024 });

/**
 * An inline `<svg>` element as an ImageRef (key: SHA-1 of its serialization and colour), with
 * `currentColor` at the root = the element's CSS `color`; `styleOf` (the cascade's styles) adds what page CSS declares
 * on its elements (fill, stroke …, see cssPaint). `<image href>` inside resolves against
 * the document base through `loadRaster`. Returns `{ error }` when it cannot be drawn. The result
 * may be shared with other renders (BUILT): do not mutate it.
 */
export function inlineSvgImage(el: Element, color: Color, loadRaster: (href: string) => ImageRef | null, styleOf?: (el: Element) => ComputedStyle | undefined): ImageRef | { error: string } {
  if (el.namespace !== undefined && el.namespace !== SVG_NS) return { error: 'not an SVG element' };
  const text = serializeInlineSvg(el, styleOf);
  if (text === null) return { error: `inline SVG nested deeper than ${MAX_DEPTH} elements or larger than ${MAX_INLINE_CHARS} characters` };
  const hex = hexColor(color);
  const built = BUILT.get(hex + text);
  if (built) return built;
  const key = 'svg:' + createHash('sha1').update(text).update(hex).digest('hex');
  let loads = 0;
  const img = svgImage(key, text, color, (href) => { loads++; return loadRaster(href); });
  if ('svg' in img && img.svg) img.svg.inline = true;
  // the key, the source bytes and the body: about 6 bytes a character
  if (loads === 0) BUILT.set(hex + text, img, (hex.length + text.length) * 6);
  return img;
}
