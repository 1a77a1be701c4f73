// A compiled template's values put into its parsed markup instead of its text. In: a fill with site marks (fill.ts
// fillSites). Out: the document parseHtml would make of the filled text, copied from the shape's parsed marks, or null.
import Mustache from 'mustache';
import { Element, Text, type AnyNode, type Document, type ParentNode } from 'domhandler';
import { probeHtml } from '../html/probe.ts';
import type { ParsedHtml } from '../html/parse.ts';
import { ByteLru } from '../byte-lru.ts';
import { SITE_CLOSE, SITE_OPEN, type SiteFill } from './fill.ts';
import { restore, type TakenOut } from './take-out.ts';

/** What a site's value must be for the shape's tree to be the parse of the filled text. */
const enum Need { Any, NonEmpty, NonBlank }

/** One value site of a shape. */
interface Site {
  /** In raw text (<style>, <xmp>, <noscript>…): the value as written, not decoded. */
  literal: boolean;
  /** In an attribute value: raw values may hold no quote. */
  attr: boolean;
  need: Need;
  /** After a CR (CR LF is one line break) or where the parser drops a line feed (right after <pre>): the value may not start with one (nor be empty after a CR). */
  noLeadingLF: boolean;
}

/** Text and site numbers, in order. */
type Parts = Array<string | number>;

/**
 * The parsed markup of one shape of a template (one text with site marks: the same sections and list lengths): its
 * document with marks, the text nodes and attribute values holding them, and what each site's value may be.
 */
interface Shape {
  /** The document's nodes in document order (the document first), the index of each one's parent (-1), and how it is copied. */
  nodes: AnyNode[];
  parents: Int32Array;
  kinds: Uint8Array;
  /** By node index: a marked text node's parts, or a marked element's marked attributes. */
  marked: Array<Parts | Map<string, Parts> | undefined>;
  /** By node index: where the node starts in the marked text (-1: no source position); by site: where its mark stands. */
  starts: Int32Array;
  siteAt: Int32Array;
  quirksMode: boolean;
  sites: Site[];
}

/** How a node is copied: as parse.ts makes text nodes and elements (own properties in that order), or property by property. */
const enum Kind { Other, Text, Element }
const TEXT_KEYS = 'parent,prev,next,startIndex,endIndex,data,type,sourceCodeLocation';
const ELEMENT_KEYS = 'parent,prev,next,startIndex,endIndex,children,name,attribs,type,namespace,x-attribsNamespace,x-attribsPrefix,sourceCodeLocation';

/** Elements whose text the tokenizer reads as raw text (HTML §13.2.5.3, scripting enabled, as parse5 parses): no character references. */
const RAW_TEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const QUOTED = new RegExp(`^[^=${SITE_OPEN}]*=[\\t\\n\\f\\r ]*(["'])[^]*\\1$`);
/** Mustache.escape's references (mustache.js's entityMap), decoded as the HTML parser decodes them. */
const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x2F;': '/', '&#x60;': '`', '&#x3D;': '=' };
const ESCAPED = /&(?:amp|lt|gt|quot|#39|#x2F|#x60|#x3D);/g;
const decode = (s: string): string => (s.includes('&') ? s.replace(ESCAPED, (e) => ESCAPES[e]!) : s);
/** False when mustache.js escapes otherwise than ESCAPES decodes (a changed library): then no template is filled on its tree. */
const ESCAPES_HOLD = (() => {
  const all = '&<>"\'/`=';
  return Mustache.escape(all) === Object.keys(ESCAPES).join('') && decode(Mustache.escape(all)) === all;
})();
/** Characters a value may not hold: the parser rewrites CR and NUL, and drops a byte order mark the text starts with. */
const UNSAFE = /[\r\0\uFEFF]/;
const NON_BLANK = /[^\t\n\f\r ]/;
const REF_CHAR = /[A-Za-z0-9#]/;
const TAG_CHAR = /[A-Za-z]/;

/**
 * Whether a compiled template's fills may be made on its tree (`source`: the text it fills): not when it holds site
 * mark characters itself, a <frameset> (characters in the body decide whether it is used: frameset-ok) or CDATA.
 */
export function treeFillable(source: string): boolean {
  return ESCAPES_HOLD && !source.includes(SITE_OPEN) && !source.includes(SITE_CLOSE) && !/<frameset|<!\[CDATA\[/i.test(source);
}

/** The site number a mark stands for, from its two digits (fill.ts siteMark). */
const siteOf = (s: string, i: number): number => ((s.charCodeAt(i + 1) - 0xe000) << 12) | (s.charCodeAt(i + 2) - 0xe000);

/** `s` split at its site marks; null when a mark is cut. */
function partsOf(s: string): Parts | null {
  const parts: Parts = [];
  let pos = 0;
  for (let i = s.indexOf(SITE_OPEN); i >= 0; i = s.indexOf(SITE_OPEN, pos)) {
    if (s[i + 3] !== SITE_CLOSE) return null;
    if (i > pos) parts.push(s.slice(pos, i));
    parts.push(siteOf(s, i));
    pos = i + 4;
  }
  if (pos < s.length) parts.push(s.slice(pos));
  return parts;
}

/**
 * The shape of a fill's marked text: parsed once with its marks (html/probe.ts), each mark found whole in a text node
 * or a quoted attribute value, where a value read in its place gives the tree parsing the filled text gives. Null
 * when some mark is elsewhere (a tag or attribute name, a comment, an unquoted value, after '&' or '<', in a <script>, in
 * head or table context where white space is dropped, an attribute value the parser reads, the attributes of three
 * active formatting elements of one name) or cut: that shape is filled as text.
 */
function shapeOf(f: SiteFill, taken: TakenOut | null): Shape | null {
  const text = f.text;
  const n = f.values.length;
  const siteAt = new Int32Array(n).fill(-1);
  const afterCR = new Uint8Array(n);
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0; // the parser's offsets start after a byte order mark
  for (let i = text.indexOf(SITE_OPEN); i >= 0; i = text.indexOf(SITE_OPEN, i + 1)) {
    // a mark right after a character reference's start ('&', '&#', '&am') or a tag's ('<', '</', '</titl': in raw
    // text and RCDATA the value could end the element): the value's first characters could continue it
    let j = i - 1;
    while (j >= 0 && REF_CHAR.test(text[j]!)) j--;
    if (text[j] === '&') return null;
    j = i - 1;
    while (j >= 0 && TAG_CHAR.test(text[j]!)) j--;
    if (text[j] === '<' || (text[j] === '/' && text[j - 1] === '<')) return null;
    const k = siteOf(text, i);
    if (k >= n || siteAt[k] !== -1 || (k > 0 && siteAt[k - 1]! >= i - bom)) return null; // once each, in order
    siteAt[k] = i - bom;
    afterCR[k] = text.charCodeAt(i - 1) === 0x0d ? 1 : 0;
  }
  const probed = probeHtml(text, SITE_OPEN, SITE_CLOSE);
  if (taken && !restore(probed, text, taken)) return null;
  if (probed.arkRisk || !probed.markedAttrs.every((a) => QUOTED.test(a))) return null;
  const sites: Array<Site | undefined> = new Array(n);
  const texts = new Map<Text, Parts>();
  const attrs = new Map<Element, Map<string, Parts>>();
  let ok = true;
  const place = (parts: Parts, site: (k: number) => Site | null): boolean => {
    for (const p of parts) {
      if (typeof p === 'string') continue;
      const s = p < n && sites[p] === undefined ? site(p) : null;
      if (!s) return false;
      sites[p] = s;
    }
    return true;
  };
  const stack: AnyNode[] = [probed.document];
  while (ok && stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      const t = node as Text;
      if (!t.data.includes(SITE_OPEN)) continue;
      const parts = partsOf(t.data);
      const parent = t.parent as (Element & { namespace?: string }) | null;
      const html = parent?.namespace === HTML_NS;
      const literal = html && RAW_TEXT.has(parent!.name);
      const alone = t.prev?.type !== 'text' && t.next?.type !== 'text';
      ok = !!parts && !(html && parent!.name === 'script') && place(parts, (k) => {
        const read = probed.reads.get(String.fromCharCode(0xe000 + (k >> 12), 0xe000 + (k & 0xfff)));
        if (!read || read.context === 'other') return null;
        const need = read.context === 'table' ? Need.NonBlank : read.needed || !alone ? Need.NonEmpty : Need.Any;
        return { literal, attr: false, need: afterCR[k] ? Math.max(need, Need.NonEmpty) : need, noLeadingLF: read.needed || afterCR[k] === 1 };
      });
      if (ok) texts.set(t, parts!);
      continue;
    }
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      const data = (node as { data?: string }).data ?? '';
      if (data.includes(SITE_OPEN) || ((node as { name?: string }).name ?? '').includes(SITE_OPEN)) ok = false;
      continue;
    }
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as Element;
      if (el.name.includes(SITE_OPEN)) { ok = false; break; }
      let marked: Map<string, Parts> | undefined;
      for (const name in el.attribs) {
        const v = el.attribs[name]!;
        if (name.includes(SITE_OPEN)) { ok = false; break; }
        if (!v.includes(SITE_OPEN)) continue;
        // values the parser reads: <input type=hidden> stays in a table, annotation-xml's encoding makes an HTML integration point
        if ((el.name === 'input' && name === 'type') || (el.name === 'annotation-xml' && name === 'encoding')) { ok = false; break; }
        const parts = partsOf(v);
        if (!parts || !place(parts, (k) => ({ literal: false, attr: true, need: afterCR[k] ? Need.NonEmpty : Need.Any, noLeadingLF: afterCR[k] === 1 }))) { ok = false; break; }
        (marked ??= new Map()).set(name, parts);
      }
      if (marked) attrs.set(el, marked);
    }
    const kids = (node as ParentNode).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  if (!ok) return null;
  for (let i = 0; i < n; i++) if (!sites[i]) return null;
  const nodes: AnyNode[] = [];
  const parents: number[] = [];
  const kinds: Kind[] = [];
  const marked: Shape['marked'] = [];
  const starts: number[] = [];
  const walk: Array<[AnyNode, number]> = [[probed.document, -1]];
  while (walk.length) {
    const [node, parent] = walk.pop()!;
    const i = nodes.length;
    nodes.push(node);
    parents.push(parent);
    const keys = Object.keys(node).join(',');
    const proto = Object.getPrototypeOf(node) as object;
    kinds.push(proto === Text.prototype && keys === TEXT_KEYS ? Kind.Text : proto === Element.prototype && keys === ELEMENT_KEYS ? Kind.Element : Kind.Other);
    marked.push(node.type === 'text' ? texts.get(node as Text) : attrs.get(node as Element));
    starts.push(probed.offsets.get(node) ?? -1);
    const kids = (node as ParentNode).children;
    if (kids) for (let k = kids.length - 1; k >= 0; k--) walk.push([kids[k]!, i]);
  }
  return { nodes, parents: Int32Array.from(parents), kinds: Uint8Array.from(kinds), marked, starts: Int32Array.from(starts), siteAt, quirksMode: probed.quirksMode, sites: sites as Site[] };
}

/** The values as the tree holds them (decoded, or as written in raw text), or null when one cannot stand where its site is. */
function valuesFor(shape: Shape, f: SiteFill): string[] | null {
  const out = new Array<string>(f.values.length);
  for (let i = 0; i < f.values.length; i++) {
    const v = f.values[i]!;
    const site = shape.sites[i]!;
    if (UNSAFE.test(v)) return null;
    if (f.raw[i] && (v.includes('<') || (!site.literal && (v.includes('&') || (site.attr && (v.includes('"') || v.includes("'"))))))) return null;
    if (site.need === Need.NonEmpty ? v === '' : site.need === Need.NonBlank ? !NON_BLANK.test(v) : false) return null;
    if (site.noLeadingLF && v.charCodeAt(0) === 0x0a) return null;
    out[i] = site.literal || f.raw[i] ? v : decode(v);
  }
  return out;
}

const join = (parts: Parts, values: string[]): string => {
  let s = '';
  for (const p of parts) s += typeof p === 'string' ? p : values[p]!;
  return s;
};

/** A copy of `n` with the same prototype and own properties, in the same order (the parser's node layout). */
function copy<T extends object>(n: T): T {
  const c = Object.create(Object.getPrototypeOf(n)) as Record<string, unknown>;
  for (const k of Object.keys(n)) c[k] = (n as Record<string, unknown>)[k];
  return c as T;
}

/** A text node as parse.ts's textNode makes it, with the source line of `src`. */
function textCopy(src: Text, data: string): Text {
  const n = Object.create(Text.prototype) as Record<string, unknown>;
  n.parent = null; n.prev = null; n.next = null; n.startIndex = src.startIndex; n.endIndex = src.endIndex;
  n.data = data;
  n.type = 'text';
  n.sourceCodeLocation = src.sourceCodeLocation;
  return n as unknown as Text;
}

/** An element as parse.ts's createElement makes it (no children yet), sharing the unmarked attribute objects of `src`. */
function elementCopy(src: Element, attribs: Record<string, string>): Element {
  const s = src as unknown as Record<string, unknown>;
  const n = Object.create(Element.prototype) as Record<string, unknown>;
  n.parent = null; n.prev = null; n.next = null; n.startIndex = src.startIndex; n.endIndex = src.endIndex;
  n.children = [];
  n.name = src.name;
  n.attribs = attribs;
  n.type = src.type;
  n.namespace = s.namespace;
  n['x-attribsNamespace'] = s['x-attribsNamespace'];
  n['x-attribsPrefix'] = s['x-attribsPrefix'];
  n.sourceCodeLocation = src.sourceCodeLocation;
  return n as unknown as Element;
}

/** By site, the line breaks in the values of the sites before it (one more entry: all of them); null when the values hold none. */
function lineBreaksBefore(values: string[]): Int32Array | null {
  let out: Int32Array | null = null;
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!out) {
      if (!v.includes('\n')) continue;
      out = new Int32Array(values.length + 1);
    }
    out[i] = total;
    for (let at = v.indexOf('\n'); at >= 0; at = v.indexOf('\n', at + 1)) total++;
  }
  if (out) out[values.length] = total;
  return out;
}

/**
 * Gives `n` (copied from the shape's node starting at `start` in the marked text) the source line parsing the filled
 * text gives it: its line in the marked text plus the line breaks of the values written before it.
 */
function moveLines(n: AnyNode, shape: Shape, breaks: Int32Array, start: number): void {
  // the sites whose marks stand before `start` (marks are in site order)
  let lo = 0;
  let hi = shape.siteAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (shape.siteAt[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  const before = breaks[lo]!;
  const loc = (n as { sourceCodeLocation?: { startLine: number } | null }).sourceCodeLocation;
  if (before && loc) (n as { sourceCodeLocation?: { startLine: number } | null }).sourceCodeLocation = { startLine: loc.startLine + before };
}

/** The shape's document with `values` in its sites: new nodes throughout (renders share no node), attribute objects shared where unmarked. */
function instantiate(shape: Shape, values: string[]): Document {
  const { nodes, parents, kinds, marked } = shape;
  const breaks = lineBreaksBefore(values);
  const out = new Array<AnyNode | null>(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const src = nodes[i]!;
    const m = marked[i];
    let n: AnyNode;
    if (src.type === 'text') {
      const data = m ? join(m as Parts, values) : (src as Text).data;
      if (data === '') { out[i] = null; continue; }
      n = kinds[i] === Kind.Text ? textCopy(src as Text, data) : Object.assign(copy(src as Text), { data });
    } else {
      let attribs = (src as Element).attribs;
      if (m) {
        attribs = Object.assign(Object.create(null) as Record<string, string>, attribs);
        for (const [name, parts] of m as Map<string, Parts>) attribs[name] = join(parts, values);
      }
      if (kinds[i] === Kind.Element) n = elementCopy(src as Element, attribs);
      else {
        n = copy(src);
        if (m) (n as Element).attribs = attribs;
        if ((src as ParentNode).children) (n as ParentNode).children = [];
      }
    }
    if (breaks && shape.starts[i]! > 0) moveLines(n, shape, breaks, shape.starts[i]!);
    out[i] = n;
    const p = parents[i]!;
    if (p < 0) continue;
    const parent = out[p] as ParentNode;
    const siblings = parent.children;
    const prev = siblings.length ? siblings[siblings.length - 1]! : null;
    n.parent = parent;
    n.prev = prev;
    n.next = null;
    if (prev) prev.next = n;
    siblings.push(n);
  }
  return out[0] as Document;
}

/**
 * The shapes of one compiled template's fills, parsed with their marks from the second fill of a shape on (a template
 * whose every fill has another shape, such as list lengths that always differ, parses its texts as before), bounded by
 * bytes (an estimate: 10 bytes a character of marked text) and count; shapes no value can be filled into are kept too
 * (as null), so they are not parsed again.
 */
export class TreeFills {
  /** By marked text: its shape, null (refused) or undefined (seen once). */
  private readonly shapes: ByteLru<string, { shape: Shape | null | undefined }>;

  constructor(maxBytes: number) {
    this.shapes = new ByteLru({ maxBytes, maxEntries: 32 });
  }

  /** Bytes held, for the compile cache. */
  get bytes(): number {
    return this.shapes.bytes;
  }

  /**
   * The document parseHtml gives for realize(f) (with `taken`'s texts put back when `f` was filled from its source),
   * made from the shape's parsed marks; null the first time a shape is met, or when the shape or a value does not
   * allow it (then parse the text).
   */
  parse(f: SiteFill, taken: TakenOut | null): ParsedHtml | null {
    const entry = this.shapes.get(f.text);
    if (!entry) {
      this.shapes.set(f.text, { shape: undefined }, f.text.length * 2);
      return null;
    }
    if (entry.shape === undefined) {
      entry.shape = shapeOf(f, taken);
      this.shapes.resize(f.text, f.text.length * 10);
    }
    const shape = entry.shape;
    if (!shape) return null;
    const values = valuesFor(shape, f);
    return values ? { document: instantiate(shape, values), quirksMode: shape.quirksMode } : null;
  }
}
