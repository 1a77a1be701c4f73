/**
 * HTML parsing. In: an HTML string (a filled template). Out: a domhandler `Document` (the node
 * type css-select understands natively), the document's quirks mode, and source lines per node.
 *
 * Follows the HTML Living Standard §13.2 parsing algorithm through parse5 (browser-grade error
 * recovery) with the htmlparser2 tree adapter and source code location info.
 */
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import { Comment, Element, Text, isTag, type AnyNode, type Document } from 'domhandler';

/** The parsed document and its mode. */
export interface ParsedHtml {
  document: Document;
  /**
   * True when parse5 set the document to 'quirks' mode (no doctype or a legacy one, HTML §13.2.6.4.1).
   * 'limited-quirks' counts as standards mode here: it differs from it only in the line height
   * calculation quirk (quirks §3.3), which layout reads from documentMode().
   */
  quirksMode: boolean;
}

/** The document's mode (DOM §4.5 "mode"), as the parser set it from the doctype (HTML §13.2.6.4.1). */
export type DocumentMode = 'no-quirks' | 'limited-quirks' | 'quirks';

/** The mode parseHtml's parser gave `document`; 'no-quirks' for a document it did not make (or none). */
export function documentMode(document: Document | null | undefined): DocumentMode {
  const mode = (document as unknown as { 'x-mode'?: string } | null | undefined)?.['x-mode'];
  return mode === 'quirks' || mode === 'limited-quirks' ? mode : 'no-quirks';
}

/**
 * domhandler nodes made without running their constructors: the same prototype and the same own properties, in the
 * same order, as `new Text(data)`, `new Comment(data)` and `new Element(name, attribs, [])` give (Node's parent, prev,
 * next, startIndex, endIndex; then data, or children, name and attribs; then type). domhandler declares Node's five as
 * class fields, and Node 20's V8 defines class fields through a separate initializer several times slower than
 * assignments: creating the nodes was about half of the parse (test/html/parse.test.ts compares the trees).
 */
function dataNode<T>(proto: object, type: 'text' | 'comment', data: string): T {
  const n = Object.create(proto) as Record<string, unknown>;
  n.parent = null; n.prev = null; n.next = null; n.startIndex = null; n.endIndex = null;
  n.data = data;
  n.type = type;
  return n as T;
}
const textNode = (data: string): Text => dataNode<Text>(Text.prototype, 'text', data);
const commentNode = (data: string): Comment => dataNode<Comment>(Comment.prototype, 'comment', data);

/** parse5-htmlparser2-tree-adapter's createElement (attributes with their namespaces and prefixes), the Element made as above. */
function createElement(tagName: string, namespaceURI: string, attrs: ReadonlyArray<{ name: string; value: string; namespace?: string; prefix?: string }>): Element {
  const attribs = Object.create(null) as Record<string, string>;
  const attribsNamespace = Object.create(null) as Record<string, string>;
  const attribsPrefix = Object.create(null) as Record<string, string>;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    attribs[a.name] = a.value;
    attribsNamespace[a.name] = a.namespace!;
    attribsPrefix[a.name] = a.prefix!;
  }
  const n = Object.create(Element.prototype) as Record<string, unknown>;
  n.parent = null; n.prev = null; n.next = null; n.startIndex = null; n.endIndex = null;
  n.children = [];
  n.name = tagName;
  n.attribs = attribs;
  n.type = tagName === 'script' ? 'script' : tagName === 'style' ? 'style' : 'tag';
  n.namespace = namespaceURI;
  n['x-attribsNamespace'] = attribsNamespace;
  n['x-attribsPrefix'] = attribsPrefix;
  return n as unknown as Element;
}

/**
 * The htmlparser2 tree adapter, keeping of each node's source location only its start line (all the
 * stages read: sourceLine()). parse5 still tracks positions, but the nodes do not hold its location
 * objects (start and end tags, each attribute) for the whole render, and end positions are not
 * merged into them: the parse takes 15-30 % less time. Text, comment and element nodes are made by
 * textNode, commentNode and createElement above (the adapter's text insertion is repeated here to use textNode).
 * Exported for test/html/parse.test.ts.
 */
export const LINES_ONLY: typeof adapter = {
  ...adapter,
  createElement: createElement as typeof adapter.createElement,
  createCommentNode: commentNode,
  createTextNode: textNode,
  insertText(parentNode, text) {
    const last = parentNode.children[parentNode.children.length - 1];
    if (last && last.type === 'text') (last as Text).data += text;
    else adapter.appendChild(parentNode, textNode(text));
  },
  insertTextBefore(parentNode, text, referenceNode) {
    const prev = referenceNode.prev;
    if (prev && prev.type === 'text') (prev as Text).data += text;
    else adapter.insertBefore(parentNode, textNode(text), referenceNode);
  },
  setNodeSourceCodeLocation(node, location) {
    (node as { sourceCodeLocation?: { startLine: number } | null }).sourceCodeLocation = location ? { startLine: location.startLine } : location;
  },
  updateNodeSourceCodeLocation() {},
};

/**
 * Parses `html` into a domhandler Document. Never throws on malformed markup (parse5 recovers as
 * browsers do); throws TypeError when `html` is not a string.
 */
export function parseHtml(html: string): ParsedHtml {
  if (typeof html !== 'string') throw new TypeError(`parseHtml expects an HTML string, got ${typeof html}`);
  // A leading byte order mark is part of the encoding, not of the document: the Encoding standard's decode
  // removes it before the tokenizer (browsers loading a file saved with a BOM), so it neither puts the
  // document in quirks mode nor becomes text before <html>. Source lines are unchanged (it is on line 1).
  if (html.charCodeAt(0) === 0xfeff) html = html.slice(1);
  const document = parse(html, { treeAdapter: LINES_ONLY, sourceCodeLocationInfo: true }) as Document;
  return { document, quirksMode: documentMode(document) === 'quirks' };
}

/**
 * The 1-based line in the HTML source where `node` starts, or undefined for nodes the parser
 * created without a source position (implied <html>, <head>, <tbody> …).
 */
export function sourceLine(node: AnyNode): number | undefined {
  const loc = (node as { sourceCodeLocation?: { startLine?: number } | null }).sourceCodeLocation;
  return loc?.startLine ?? undefined;
}

/** The root element (`<html>`): the first element child of the document. */
export function rootElement(document: Document): Element | undefined {
  for (const c of document.children) if (isTag(c)) return c;
  return undefined;
}

/** The concatenated text of `node`'s descendant text nodes (textContent), in document order. */
export function textContent(node: AnyNode): string {
  if (node.type === 'text') return (node as { data: string }).data;
  let s = '';
  forEachNode(node, (n) => { if (n.type === 'text') s += (n as { data: string }).data; return true; });
  return s;
}

/**
 * Visits `root` and its descendants in document order (pre-order), without recursion, so very
 * deep documents cannot overflow the stack. `visit` returns false to skip a node's children.
 */
export function forEachNode(root: AnyNode, visit: (node: AnyNode) => boolean): void {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (!visit(n)) continue;
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
}
