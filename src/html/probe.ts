// HTML parsing that tells how marked text was read. In: HTML holding marks (runs of private-use characters opened by
// a given character, template/fill.ts's site marks). Out: parseHtml's document, and per mark the tree-construction context its characters met.
import { Parser, InsertionMode, type Token } from 'parse5';
import type { Htmlparser2TreeAdapterMap } from 'parse5-htmlparser2-tree-adapter';
import { LINES_ONLY, documentMode, type ParsedHtml } from './parse.ts';

/**
 * Where a mark's characters were inserted (HTML §13.2.6.4): 'text' where any characters are inserted as they come,
 * white space or not (in body, in cell, in caption, in select, text, foreign content); 'table' in table text
 * (§13.2.6.4.10: the run is foster parented when it holds anything but white space); 'other' where white space is
 * dropped or characters move the parser on (initial, before <html>, in head, after head, after body, column group,
 * template, frameset).
 */
export type MarkContext = 'text' | 'table' | 'other';

/** How the characters of one mark were read. */
export interface MarkRead {
  context: MarkContext;
  /**
   * The character token holding the mark reopened formatting elements (§13.2.4.3 "reconstruct the active formatting
   * elements"), or came right after a <pre>, <listing> or <textarea> start tag (whose next line feed is dropped):
   * without these characters the tree would differ.
   */
  needed: boolean;
}

/** A parse of marked HTML. */
export interface ProbedHtml extends ParsedHtml {
  /** By mark (the characters after the opening one, up to its close), how it was read; marks cut in two are absent. */
  reads: Map<string, MarkRead>;
  /** Source text of every attribute (name, '=', value) in whose source a mark stands. */
  markedAttrs: string[];
  /** The UTF-16 offset in the HTML where each node with a source position starts. */
  offsets: Map<object, number>;
  /**
   * Three or more formatting elements of one tag name were active at once (after the last marker), one of them with
   * a mark in an attribute: which of them the parser forgets (§13.2.4.3, the Noah's Ark clause: same name and
   * attributes) depends on the values.
   */
  arkRisk: boolean;
}

/** parse5's EntryType.Element (a formatting element entry; markers are 0). */
const ELEMENT_ENTRY = 1;
const TEXT_MODES = new Set<InsertionMode>([InsertionMode.IN_BODY, InsertionMode.IN_CELL, InsertionMode.IN_CAPTION, InsertionMode.IN_SELECT, InsertionMode.IN_SELECT_IN_TABLE, InsertionMode.TEXT]);
const TABLE_MODES = new Set<InsertionMode>([InsertionMode.IN_TABLE, InsertionMode.IN_TABLE_BODY, InsertionMode.IN_ROW, InsertionMode.IN_TABLE_TEXT]);

type Loc = { startLine: number; startOffset: number; attrs?: Record<string, { startOffset: number; endOffset: number }> } | null | undefined;

/** parse5's parser, noting for each character token that holds a mark the insertion mode and what the token did. */
class ProbeParser extends Parser<Htmlparser2TreeAdapterMap> {
  readonly reads = new Map<string, MarkRead>();
  arkRisk = false;
  private inMark = false;
  private reopened = false;

  constructor(private readonly open: string, private readonly close: string, treeAdapter: typeof LINES_ONLY) {
    super({ treeAdapter, sourceCodeLocationInfo: true });
  }

  override onCharacter(token: Token.CharacterToken): void {
    const chars = token.chars;
    if (!chars.includes(this.open)) return super.onCharacter(token);
    const context: MarkContext = this.tokenizer.inForeignNode || TEXT_MODES.has(this.insertionMode) ? 'text' : TABLE_MODES.has(this.insertionMode) ? 'table' : 'other';
    const skip = this.skipNextNewLine;
    this.inMark = true;
    this.reopened = false;
    super.onCharacter(token);
    this.inMark = false;
    for (let i = chars.indexOf(this.open); i >= 0; i = chars.indexOf(this.open, i + 1)) {
      const end = chars.indexOf(this.close, i + 1);
      if (end < 0) break;
      this.reads.set(chars.slice(i + 1, end), { context, needed: skip || this.reopened });
    }
  }

  override _processStartTag(token: Token.TagToken): void {
    super._processStartTag(token);
    if (this.arkRisk) return;
    const counts = new Map<string, number>();
    let marked = new Set<string>();
    for (let e = this.activeFormattingElements.newest; e && e.type === ELEMENT_ENTRY; e = e.older) {
      const name = e.token.tagName;
      counts.set(name, (counts.get(name) ?? 0) + 1);
      if (e.token.attrs.some((a) => a.value.includes(this.open))) (marked = new Set(marked)).add(name);
    }
    for (const name of marked) if (counts.get(name)! >= 3) this.arkRisk = true;
  }

  override _reconstructActiveFormattingElements(): void {
    const top = this.openElements.stackTop;
    super._reconstructActiveFormattingElements();
    if (this.inMark && this.openElements.stackTop !== top) this.reopened = true;
  }
}

/**
 * Parses `html` as parseHtml does (the same document, nodes and source lines) and reports how each mark (`open`,
 * characters, `close`; `open` never stands elsewhere) was read when it stood in character data, and the source of
 * the attributes marks stand in, and where each node starts. Throws TypeError for a non-string.
 */
export function probeHtml(html: string, open: string, close: string): ProbedHtml {
  if (typeof html !== 'string') throw new TypeError(`probeHtml expects an HTML string, got ${typeof html}`);
  if (html.charCodeAt(0) === 0xfeff) html = html.slice(1);
  const markedAttrs: string[] = [];
  const offsets = new Map<object, number>();
  const setLocation = LINES_ONLY.setNodeSourceCodeLocation;
  const parser = new ProbeParser(open, close, {
    ...LINES_ONLY,
    setNodeSourceCodeLocation(node, location) {
      if (location) offsets.set(node, (location as NonNullable<Loc>).startOffset);
      const attrs = (location as Loc)?.attrs;
      if (attrs) {
        for (const k in attrs) {
          const a = attrs[k]!;
          const src = html.slice(a.startOffset, a.endOffset);
          if (src.includes(open)) markedAttrs.push(src);
        }
      }
      setLocation(node, location);
    },
  });
  parser.tokenizer.write(html, true);
  const document = parser.document;
  return { document, quirksMode: documentMode(document) === 'quirks', reads: parser.reads, markedAttrs, offsets, arkRisk: parser.arkRisk };
}
