/**
 * Test-only stand-in for the cascade. In: HTML, a tiny tag → display map, `style=""` with a few
 * properties, and optional per-element pseudo styles. Out: a StyledDocument for the box builder.
 */
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import type { Document, Element, AnyNode } from 'domhandler';
import { initialStyle, px, type ComputedStyle, type ContentItem, type CounterOp, type Display } from '../../src/css/computed.ts';
import type { PseudoElement, StyledDocument } from '../../src/css/styled.ts';
import { INHERITED_PROPERTIES } from '../../src/box/anonymous.ts';

const DISPLAY: Record<string, Display> = {
  html: 'block', body: 'block', div: 'block', p: 'block', h1: 'block', h2: 'block', ul: 'block', ol: 'block',
  li: 'list-item', table: 'table', thead: 'table-header-group', tbody: 'table-row-group', tfoot: 'table-footer-group',
  tr: 'table-row', td: 'table-cell', th: 'table-cell', caption: 'table-caption', col: 'table-column',
  colgroup: 'table-column-group', head: 'none', style: 'none', script: 'none', title: 'none', pre: 'block',
  section: 'block', img: 'inline', input: 'inline-block', button: 'inline-block',
};

function parseCounterOps(v: string, dflt: number): CounterOp[] {
  if (v.trim() === 'none') return [];
  const parts = v.trim().split(/\s+/);
  const out: CounterOp[] = [];
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i]!;
    const next = parts[i + 1];
    if (next !== undefined && /^-?\d+$/.test(next)) { out.push({ name, value: Number(next) }); i++; }
    else out.push({ name, value: dflt });
  }
  return out;
}

/** Parses `content` in a tiny subset: "str", attr(x), counter(n[, style]), counters(n, "sep"[, style]), open-quote, close-quote, url(x). */
export function parseContent(v: string): ComputedStyle['content'] {
  const t = v.trim();
  if (t === 'none' || t === 'normal') return t;
  const items: ContentItem[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)|counters\(\s*([\w-]+)\s*,\s*"([^"]*)"\s*(?:,\s*([\w-]+)\s*)?\)|counter\(\s*([\w-]+)\s*(?:,\s*([\w-]+)\s*)?\)|(no-open-quote|no-close-quote|open-quote|close-quote)|url\(\s*["']?([^"')]+)["']?\s*\)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    if (m[1] !== undefined) items.push({ kind: 'string', value: m[1].replace(/\\A\s?/g, '\n').replace(/\\(.)/g, '$1') });
    else if (m[2]) items.push({ kind: 'attr', name: m[2] });
    else if (m[3]) items.push({ kind: 'counters', name: m[3], separator: m[4]!, style: m[5] ?? 'decimal' });
    else if (m[6]) items.push({ kind: 'counter', name: m[6], style: m[7] ?? 'decimal' });
    else if (m[8]) items.push({ kind: m[8] as 'open-quote' });
    else if (m[9]) items.push({ kind: 'url', url: m[9] });
  }
  return items;
}

/** Applies `prop: value; …` (a handful of properties) to a style. */
export function applyDeclarations(s: ComputedStyle, decls: string): void {
  for (const decl of decls.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim();
    const value = decl.slice(i + 1).trim();
    switch (prop) {
      case 'display': s.display = value as Display; break;
      case 'white-space': s.whiteSpace = value as ComputedStyle['whiteSpace']; break;
      case 'text-transform': s.textTransform = value as ComputedStyle['textTransform']; break;
      case 'float': s.float = value as ComputedStyle['float']; break;
      case 'position': s.position = value as ComputedStyle['position']; break;
      case 'list-style-type': s.listStyleType = value.startsWith('"') ? '"' + value.slice(1, -1) : value; break;
      case 'list-style-position': s.listStylePosition = value as 'inside' | 'outside'; break;
      case 'list-style-image': s.listStyleImage = value === 'none' ? { kind: 'none' } : { kind: 'url', url: value.replace(/^url\(["']?|["']?\)$/g, '') }; break;
      case 'counter-reset': s.counterReset = parseCounterOps(value, 0); break;
      case 'counter-increment': s.counterIncrement = parseCounterOps(value, 1); break;
      case 'counter-set': s.counterSet = parseCounterOps(value, 0); break;
      case 'content': s.content = parseContent(value); break;
      case 'quotes': s.quotes = value === 'auto' || value === 'none' ? value : (value.match(/"[^"]*"/g) ?? []).map((q) => q.slice(1, -1)); break;
      case 'width': s.width = px(parseFloat(value)); break;
      case 'height': s.height = px(parseFloat(value)); break;
      case 'padding-left': s.paddingLeft = px(parseFloat(value)); break;
      case 'border-left-width': s.borderLeft = { ...s.borderLeft, width: parseFloat(value), style: 'solid' }; break;
      default: throw new Error(`fake cascade: unsupported property ${prop}`);
    }
  }
}

export interface FakeOptions {
  /** Extra declarations per element, by a selector-ish key: tag name, '#id' or '.class'. */
  rules?: Record<string, string>;
  /** Pseudo-element declarations, keyed like `rules` plus '::before' / '::after' / '::marker', e.g. 'p::before'. */
  pseudo?: Record<string, string>;
}

function keysOf(el: Element): string[] {
  const keys = [el.name];
  if (el.attribs.id) keys.push('#' + el.attribs.id);
  for (const c of (el.attribs.class ?? '').split(/\s+/)) if (c) keys.push('.' + c);
  return keys;
}

function inherit(parent: ComputedStyle | undefined): ComputedStyle {
  const s = initialStyle();
  if (parent) {
    const t = s as unknown as Record<string, unknown>;
    const p = parent as unknown as Record<string, unknown>;
    for (const k of INHERITED_PROPERTIES) t[k] = p[k];
  }
  return s;
}

/** Builds a StyledDocument from HTML with the fake cascade (source locations on). */
export function fakeStyled(html: string, opts: FakeOptions = {}): StyledDocument {
  const document = parse(html, { treeAdapter: adapter, sourceCodeLocationInfo: true }) as unknown as Document;
  const styles = new Map<Element, ComputedStyle>();
  const pseudos = new Map<Element, Partial<Record<PseudoElement, ComputedStyle>>>();
  let root: Element | undefined;
  const walk = (node: AnyNode, parent: ComputedStyle | undefined): void => {
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') {
      if ('children' in node) for (const c of node.children) walk(c, parent);
      return;
    }
    const el = node as Element;
    root ??= el;
    const s = inherit(parent);
    s.display = DISPLAY[el.name] ?? 'inline';
    if (el.name === 'pre') s.whiteSpace = 'pre';
    if (el.name === 'ol') s.listStyleType = 'decimal';
    for (const k of keysOf(el)) if (opts.rules?.[k]) applyDeclarations(s, opts.rules[k]!);
    if (el.attribs.style) applyDeclarations(s, el.attribs.style);
    styles.set(el, s);
    for (const p of ['before', 'after', 'marker'] as PseudoElement[]) {
      let ps: ComputedStyle | undefined;
      for (const k of keysOf(el)) {
        const d = opts.pseudo?.[`${k}::${p}`];
        if (d) { ps ??= inherit(s); applyDeclarations(ps, d); }
      }
      if (p === 'marker' && s.display === 'list-item') ps ??= inherit(s);
      if (ps && p !== 'marker' && !Array.isArray(ps.content)) ps = undefined;
      if (ps) {
        const m = pseudos.get(el) ?? {};
        m[p] = ps;
        pseudos.set(el, m);
      }
    }
    for (const c of el.children) walk(c, s);
  };
  walk(document, undefined);
  if (!root) throw new Error('no root');
  return {
    document, root, quirksMode: false,
    styleOf: (el) => styles.get(el) ?? initialStyle(),
    pseudoStyleOf: (el, p) => pseudos.get(el)?.[p],
    fontFaces: [],
    pageStyle: () => { throw new Error('not in the fake'); },
    info: {},
  };
}
