/**
 * Stylesheet parsing. In: CSS text (a <style> element, a linked or imported file, the UA sheet).
 * Out: an immutable `ParsedSheet` tree of style rules and the at-rules we honour, with 1-based
 * source lines; identical text is parsed once (bounded LRU across renders).
 *
 * css-tree parses the top level (css-syntax-3); values stay raw text (the property table parses
 * them). CSS nesting (css-nesting-1), which css-tree 3 leaves as Raw, is read by
 * stylesheet-syntax.ts; nested selectors are resolved here (`&` → the parent, relative → `& …`).
 */
import * as csstree from 'css-tree';
import type { Declaration } from './declaration.ts';
import type { WarningCode } from '../warnings.ts';
import { LineMap, consumeBlockContents, stripComments, trimCss, type BlockItem } from './stylesheet-syntax.ts';
import { parseContainerPrelude } from './stylesheet-media.ts';

/** One margin-box rule inside @page (css-page-3 §4). */
export interface MarginRule { name: string; declarations: Declaration[]; line: number }

/** A node of a parsed stylesheet; at-rules keep their conditions for evaluation per render. */
export type SheetItem =
  | { kind: 'style'; selector: string; declarations: Declaration[]; line: number }
  | { kind: 'media'; query: string; items: SheetItem[]; line: number }
  | { kind: 'supports'; condition: string; items: SheetItem[]; line: number }
  /** @container (css-conditional-5 §3): the rules apply where the query container (the nearest named ancestor container) matches. */
  | { kind: 'container'; name: string | null; condition: string; items: SheetItem[]; line: number }
  /** `@layer a, b;` (items null) or `@layer a { … }` / anonymous `@layer { … }` (names []). */
  | { kind: 'layer'; names: string[]; items: SheetItem[] | null; line: number }
  | { kind: 'import'; href: string; media: string; layer: string | null | undefined; supports?: string; line: number }
  | { kind: 'font-face'; declarations: Declaration[]; line: number }
  /** css-properties-values-api-1 §3 @property: a registered custom property. */
  | { kind: 'property'; name: string; declarations: Declaration[]; line: number }
  | { kind: 'page'; selector: string; declarations: Declaration[]; margins: MarginRule[]; line: number };

/** A warning found while parsing; replayed into each render's WarningSink. */
export interface SheetWarning { code: WarningCode; message: string; line?: number; source?: string }

export interface ParsedSheet {
  items: SheetItem[];
  warnings: SheetWarning[];
  /** Length of the source text (for cache accounting). */
  size: number;
}

/** Where a stylesheet's text comes from: its `source` name (URL or 'style element') and first line. */
export interface SheetOrigin { source?: string; firstLine?: number }

const MARGIN_BOXES = new Set([
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner',
  'right-top', 'right-middle', 'right-bottom',
  'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left', 'bottom-left-corner',
  'left-bottom', 'left-middle', 'left-top',
]);
/** At-rules that legitimately carry nothing for print layout: dropped silently. */
const SILENT_AT_RULES = new Set(['charset', 'namespace']);
/** Deepest nesting of style rules read (css-nesting-1); deeper rules are skipped with a warning. */
const MAX_NESTING = 64;

// ---- cache -----------------------------------------------------------------------------------

const CACHE_MAX_ENTRIES = 64;
const CACHE_MAX_CHARS = 32 * 1024 * 1024;
/** text → (source, firstLine) → sheet. Keyed by the text itself so no copy of a large text is made. */
const cache = new Map<string, Map<string, ParsedSheet>>();
let cachedEntries = 0;
let cachedChars = 0;

/**
 * Parses CSS text into a ParsedSheet. Results are memoised by (text, source, firstLine) in a
 * bounded LRU (64 sheets, 32 M characters). Never throws: unparsable rules become warnings
 * ('css-parse'), unknown at-rules 'unsupported-rule' (once per at-rule name per sheet).
 */
export function parseStylesheet(text: string, origin: SheetOrigin = {}): ParsedSheet {
  const sub = `${origin.source ?? ''}\u0000${origin.firstLine ?? 1}`;
  let byOrigin = cache.get(text);
  const hit = byOrigin?.get(sub);
  if (hit && byOrigin) {
    cache.delete(text);
    cache.set(text, byOrigin);
    return hit;
  }
  const sheet = new SheetParser(text, origin).parse();
  if (!byOrigin) { byOrigin = new Map(); cache.set(text, byOrigin); }
  byOrigin.set(sub, sheet);
  cachedEntries++;
  cachedChars += text.length;
  while (cachedEntries > CACHE_MAX_ENTRIES || (cachedChars > CACHE_MAX_CHARS && cache.size > 1)) {
    const oldest = cache.keys().next().value as string;
    const m = cache.get(oldest)!;
    cachedEntries -= m.size;
    cachedChars -= oldest.length * m.size;
    cache.delete(oldest);
  }
  return sheet;
}

/** Empties the parse cache (tests and benchmarks of cold parses). */
export function clearStylesheetCache(): void {
  cache.clear();
  cachedEntries = 0;
  cachedChars = 0;
}

// ---- parser -----------------------------------------------------------------------------------

type CssNode = csstree.CssNode;

class SheetParser {
  private readonly warnings: SheetWarning[] = [];
  private readonly warnedAt = new Set<string>();
  private readonly source: string | undefined;
  private readonly firstLine: number;
  private lineMap: LineMap | null = null;

  /** The sheet's own URL when it is a file (relative url() values resolve against it, CSS Values §4.5.1). */
  private readonly baseUrl: string | null;

  private readonly text: string;

  constructor(text: string, origin: SheetOrigin) {
    // css-tree skips a leading U+FEFF as a byte order mark. A BOM belongs to bytes and goes when they are
    // decoded (css-syntax-3 §3.2; stylesheet-collect's sheetText); in text handed over already decoded (a
    // <style> element) it is a code point of the first selector, as in Chromium. A space keeps it.
    this.text = text.charCodeAt(0) === 0xfeff ? ' ' + text : text;
    this.source = origin.source;
    this.baseUrl = origin.source !== undefined && origin.source.startsWith('file:') ? origin.source : null;
    this.firstLine = origin.firstLine ?? 1;
  }

  parse(): ParsedSheet {
    let ast: CssNode;
    try {
      ast = csstree.parse(this.text, {
        positions: true, line: this.firstLine, parseValue: false, parseRulePrelude: false,
        parseAtrulePrelude: false, parseCustomProperty: false,
      });
    } catch (e) {
      this.warn('css-parse', `stylesheet could not be parsed: ${(e as Error).message}`, this.firstLine);
      return { items: [], warnings: this.warnings, size: this.text.length };
    }
    const items: SheetItem[] = [];
    try {
      if (ast.type === 'StyleSheet') this.topLevel(ast.children.toArray(), items, null, true);
    } catch (e) {
      // Only pathological input gets here (e.g. thousands of nested blocks): keep what was read.
      this.warn('css-parse', `stylesheet could not be read to the end: ${(e as Error).message}`, this.firstLine);
    }
    return { items, warnings: this.warnings, size: this.text.length };
  }

  private lines(): LineMap {
    return (this.lineMap ??= new LineMap(this.text, this.firstLine));
  }

  private warn(code: WarningCode, message: string, line: number | undefined): void {
    const w: SheetWarning = { code, message };
    if (line !== undefined) w.line = line;
    if (this.source !== undefined) w.source = this.source;
    this.warnings.push(w);
  }

  private warnAtRule(name: string, line: number | undefined): void {
    if (this.warnedAt.has(name)) return;
    this.warnedAt.add(name);
    this.warn('unsupported-rule', `@${name} is not supported; rule skipped`, line);
  }

  private decl(name: string, value: string, important: boolean, line: number | undefined): Declaration {
    if (this.baseUrl !== null && value.includes('url(')) value = absolutizeUrls(value, this.baseUrl);
    const d: Declaration = { name, value, important };
    if (line !== undefined) d.line = line;
    if (this.source !== undefined) d.source = this.source;
    return d;
  }

  /** Rules at the top level or inside a conditional group rule (no enclosing style rule). */
  private topLevel(nodes: CssNode[], out: SheetItem[], parentSelector: string | null, root = false): void {
    let seenOther = !root;
    for (const node of nodes) {
      const line = node.loc?.start.line;
      if (node.type === 'Rule') {
        seenOther = true;
        const prelude = node.prelude.type === 'Raw' ? node.prelude.value : csstree.generate(node.prelude);
        this.styleRule(trimCss(stripComments(prelude)), node.block, out, parentSelector, line ?? this.firstLine);
      } else if (node.type === 'Atrule') {
        const name = node.name.toLowerCase();
        if (name === 'import') {
          if (seenOther) { this.warn('css-parse', '@import is only valid at the top of a stylesheet; ignored', line); continue; }
          const imp = parseImportPrelude(this.preludeText(node));
          if (imp) out.push({ kind: 'import', ...imp, line: line ?? this.firstLine });
          else this.warn('css-parse', 'malformed @import', line);
          continue;
        }
        if (name !== 'layer' && !SILENT_AT_RULES.has(name)) seenOther = true;
        this.atRule(name, this.preludeText(node), node.block ? this.blockRange(node.block) : null, node.block, out, parentSelector, line ?? this.firstLine);
      } else if (node.type === 'Raw') {
        const t = node.value.trim();
        if (t) this.warn('css-parse', `unparsable rule "${t.slice(0, 60)}" skipped`, line);
      }
    }
  }

  private preludeText(node: csstree.Atrule): string {
    if (!node.prelude) return '';
    return trimCss(stripComments(node.prelude.type === 'Raw' ? node.prelude.value : csstree.generate(node.prelude)));
  }

  private blockRange(block: csstree.Block): [number, number] | null {
    const loc = block.loc;
    if (!loc) return null;
    // The block spans '{' … '}'; its contents are strictly inside (an unclosed block ends at EOF).
    const start = loc.start.offset + 1;
    const end = this.text[loc.end.offset - 1] === '}' ? loc.end.offset - 1 : loc.end.offset;
    return [start, Math.max(start, end)];
  }

  /** A style rule: its declarations, and nested rules when the block holds any (css-nesting-1). */
  private styleRule(prelude: string, block: csstree.Block, out: SheetItem[], parentSelector: string | null, line: number): void {
    // Outside nesting `&` is :scope, which in a document stylesheet is the root (css-nesting-1 §3).
    const selector = parentSelector === null
      ? (hasNestingSelector(prelude) ? replaceNestingSelector(prelude, () => ':root') : prelude)
      : resolveNested(prelude, parentSelector);
    if (!selector) { this.warn('css-parse', 'style rule without a selector skipped', line); return; }
    const children = block.children.toArray();
    if (children.every((c) => c.type === 'Declaration')) {
      const declarations: Declaration[] = [];
      for (const c of children) {
        if (c.type !== 'Declaration') continue;
        const v = c.value.type === 'Raw' ? c.value.value : csstree.generate(c.value);
        const name = c.property.startsWith('--') ? c.property : c.property.toLowerCase();
        declarations.push(this.decl(name, trimCss(name.startsWith('--') ? v : stripComments(v)), c.important !== false, c.loc?.start.line));
      }
      out.push({ kind: 'style', selector, declarations, line });
      return;
    }
    const range = this.blockRange(block);
    if (!range) return;
    this.nestedBlock(range[0], range[1], selector, out, line);
  }

  /** Block contents of a style rule (or of a conditional rule nested in one) whose selector is `selector`. */
  private nestedBlock(start: number, end: number, selector: string, out: SheetItem[], line: number, depth = 0): void {
    if (depth > MAX_NESTING) { this.warn('css-parse', `rules nested more than ${MAX_NESTING} deep are skipped`, line); return; }
    const items = consumeBlockContents(this.text, start, end, this.lines());
    let run: Declaration[] | null = null;
    let runLine = line;
    const flush = (): void => {
      if (run && run.length) out.push({ kind: 'style', selector, declarations: run, line: runLine });
      run = null;
    };
    for (const it of items) {
      if (it.type === 'decl') {
        if (!run) { run = []; runLine = it.line; }
        run.push(this.decl(it.name, it.value, it.important, it.line));
      } else if (it.type === 'bad') {
        this.warn('css-parse', `invalid declaration "${it.text}" skipped`, it.line);
      } else if (it.type === 'rule') {
        flush();
        const sel = resolveNested(it.prelude, selector);
        if (!sel) { this.warn('css-parse', 'nested rule without a selector skipped', it.line); continue; }
        this.nestedBlock(it.bodyStart, it.bodyEnd, sel, out, it.line, depth + 1);
      } else {
        flush();
        this.nestedAtRule(it, selector, out, depth);
      }
    }
    flush();
  }

  private nestedAtRule(it: Extract<BlockItem, { type: 'at' }>, selector: string, out: SheetItem[], depth: number): void {
    const inner: SheetItem[] = [];
    if (it.name === 'media' || it.name === 'supports' || it.name === 'container' || (it.name === 'layer' && it.hasBlock)) {
      this.nestedBlock(it.bodyStart, it.bodyEnd, selector, inner, it.line, depth + 1);
      if (it.name === 'container') this.containerRule(it.prelude, inner, out, it.line);
      else if (it.name === 'media') out.push({ kind: 'media', query: it.prelude, items: inner, line: it.line });
      else if (it.name === 'supports') out.push({ kind: 'supports', condition: it.prelude, items: inner, line: it.line });
      else out.push({ kind: 'layer', names: it.prelude ? [it.prelude] : [], items: inner, line: it.line });
    } else if (it.name === 'layer') {
      out.push({ kind: 'layer', names: splitList(it.prelude), items: null, line: it.line });
    } else if (!SILENT_AT_RULES.has(it.name)) {
      this.warnAtRule(it.name, it.line);
    }
  }

  /** An at-rule outside style rules. `range` is the block's inner text range when it has one. */
  private atRule(name: string, prelude: string, range: [number, number] | null, block: csstree.Block | null, out: SheetItem[], parentSelector: string | null, line: number): void {
    switch (name) {
      case 'media':
      case 'supports':
      case 'container':
      case 'layer': {
        if (name === 'layer' && !block) { out.push({ kind: 'layer', names: splitList(prelude), items: null, line }); return; }
        if (!block) return;
        const inner: SheetItem[] = [];
        this.topLevel(block.children.toArray(), inner, parentSelector);
        if (name === 'container') this.containerRule(prelude, inner, out, line);
        else if (name === 'media') out.push({ kind: 'media', query: prelude, items: inner, line });
        else if (name === 'supports') out.push({ kind: 'supports', condition: prelude, items: inner, line });
        else out.push({ kind: 'layer', names: prelude ? [prelude] : [], items: inner, line });
        return;
      }
      case 'font-face':
        if (range) out.push({ kind: 'font-face', declarations: this.declarationsIn(range, 'font-face'), line });
        return;
      case 'property':
        if (range) out.push({ kind: 'property', name: prelude.trim(), declarations: this.declarationsIn(range, '@property'), line });
        return;
      case 'page': {
        if (!range) return;
        const declarations: Declaration[] = [];
        const margins: MarginRule[] = [];
        for (const it of consumeBlockContents(this.text, range[0], range[1], this.lines())) {
          if (it.type === 'decl') declarations.push(this.decl(it.name, it.value, it.important, it.line));
          else if (it.type === 'at' && MARGIN_BOXES.has(it.name) && it.hasBlock) {
            margins.push({ name: it.name, declarations: this.declarationsIn([it.bodyStart, it.bodyEnd], `@${it.name}`), line: it.line });
          } else if (it.type === 'at') this.warnAtRule(it.name, it.line);
          else this.warn('css-parse', `invalid content in @page skipped`, it.line);
        }
        out.push({ kind: 'page', selector: prelude, declarations, margins, line });
        return;
      }
      default:
        if (!SILENT_AT_RULES.has(name)) this.warnAtRule(name, line);
    }
  }

  /** An @container rule: its prelude split into the container name and the query (css-conditional-5 §3.1); skipped with a warning when invalid. */
  private containerRule(prelude: string, items: SheetItem[], out: SheetItem[], line: number): void {
    const p = parseContainerPrelude(prelude);
    if (p === null) { this.warn('css-parse', `invalid @container prelude "${prelude.trim()}"; rule skipped`, line); return; }
    out.push({ kind: 'container', name: p.name, condition: p.condition, items, line });
  }

  private declarationsIn(range: [number, number], where: string): Declaration[] {
    const out: Declaration[] = [];
    for (const it of consumeBlockContents(this.text, range[0], range[1], this.lines())) {
      if (it.type === 'decl') out.push(this.decl(it.name, it.value, it.important, it.line));
      else this.warn('css-parse', `invalid content in ${where} skipped`, it.line);
    }
    return out;
  }
}

// ---- helpers ------------------------------------------------------------------------------------

const URL_TOKEN = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi;

/**
 * Rewrites relative url() references in a value to absolute URLs against `base` (a stylesheet's
 * file: URL), so later stages that resolve against the document still find the right file.
 * Absolute URLs, data: URIs and fragment-only references are left alone.
 */
export function absolutizeUrls(value: string, base: string): string {
  return value.replace(URL_TOKEN, (whole, dq: string | undefined, sq: string | undefined, bare: string | undefined) => {
    const target = (dq ?? sq ?? bare ?? '').trim();
    if (target === '' || target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return whole;
    try {
      return `url("${new URL(target, base).href.replace(/["\\]/g, '\\$&')}")`;
    } catch {
      return whole;
    }
  });
}

/** Splits a comma-separated list at top level (not inside (), [] or strings). */
export function splitList(s: string): string[] {
  const out: string[] = [];
  let depth = 0, quote = '', start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quote) { if (ch === '\\') i++; else if (ch === quote) quote = ''; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '\\') i++;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) { out.push(trimCss(s.slice(start, i))); start = i + 1; }
  }
  out.push(trimCss(s.slice(start)));
  return out.filter((x) => x.length > 0);
}

/**
 * Resolves a nested rule's selector list against its parent's (css-nesting-1 §2–3): `&` stands for
 * the parent; a selector without `&` is relative to it (`> a` → `& > a`, `a` → `& a`). A parent
 * that is a list becomes `:is(parent)`, whose specificity is the list's maximum, as specified.
 */
export function resolveNested(child: string, parent: string): string {
  const parents = splitList(parent);
  const single = parents.length === 1;
  const wrapped = single ? parents[0]! : `:is(${parent})`;
  const parts = splitList(child).map((part) => {
    if (!hasNestingSelector(part)) return `${wrapped} ${part}`;
    // Textual substitution is exact for a single compound parent, or when `&` leads the selector.
    return replaceNestingSelector(part, (offset) => (single && (offset === 0 || !/[\s>+~]/.test(parents[0]!)) ? parents[0]! : `:is(${parent})`));
  });
  return parts.join(', ');
}

/** True when `sel` has a `&` outside strings and attribute selectors. */
export function hasNestingSelector(sel: string): boolean {
  return sel.includes('&') && replaceNestingSelector(sel, () => '\u0000').includes('\u0000');
}

/** Replaces each `&` outside strings and [attribute] selectors with `by(offset)`. */
export function replaceNestingSelector(sel: string, by: (offset: number) => string): string {
  let out = '';
  let quote = '';
  let bracket = 0;
  for (let i = 0; i < sel.length; i++) {
    const ch = sel[i]!;
    if (ch === '\\') { out += sel.slice(i, i + 2); i++; continue; }
    if (quote) { if (ch === quote) quote = ''; out += ch; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') bracket++;
    else if (ch === ']') bracket--;
    else if (ch === '&' && bracket === 0) { out += by(i); continue; }
    out += ch;
  }
  return out;
}

/** Parses an @import prelude: url or string, then optional layer, supports(), media list. */
export function parseImportPrelude(prelude: string): { href: string; media: string; layer: string | null | undefined; supports?: string } | null {
  let rest = prelude.trim();
  let href: string;
  let m = /^url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/i.exec(rest);
  if (m) href = m[1] ?? m[2] ?? m[3] ?? '';
  else {
    m = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/.exec(rest);
    if (!m) return null;
    href = m[1] ?? m[2] ?? '';
  }
  rest = rest.slice(m[0].length).trim();
  let layer: string | null | undefined;
  const lm = /^layer(?:\(\s*([^)]*?)\s*\)|(?![\w-]))/i.exec(rest);
  if (lm) { layer = lm[1] ? lm[1] : null; rest = rest.slice(lm[0].length).trim(); }
  let supports: string | undefined;
  if (/^supports\(/i.test(rest)) {
    let depth = 0, i = 0;
    for (; i < rest.length; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && --depth === 0) break;
    }
    supports = rest.slice('supports('.length, i).trim();
    rest = rest.slice(i + 1).trim();
  }
  const out: { href: string; media: string; layer: string | null | undefined; supports?: string } = { href, media: rest, layer };
  if (supports !== undefined) out.supports = supports;
  return out;
}
