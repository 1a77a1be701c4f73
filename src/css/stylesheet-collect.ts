/**
 * Stylesheet collection for one render. In: the DOM (<style>, <link rel=stylesheet>), parsed
 * sheets, the resource loader and the media environment. Out: the flat, ordered list of style
 * rules that apply (with cascade layer ranks), the @page rules and the @font-face rules.
 *
 * Follows css-cascade-5 §2 (@import with layer()/supports()/media), §6.4 (layer order: sub-layers
 * before their parent's own rules, unlayered last), mediaqueries-4 and css-conditional-3.
 */
import { isTag, type AnyNode, type Element } from 'domhandler';
import type { Declaration } from './declaration.ts';
import type { FontFaceRule } from './styled.ts';
import type { RegisteredProperty } from './values/var.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningCode, WarningSink } from '../warnings.ts';
import { parseStylesheet, splitList, type MarginRule, type ParsedSheet, type SheetItem } from './stylesheet.ts';
import { matchMedia, matchSupports, type MediaEnv } from './stylesheet-media.ts';
import { forEachNode, sourceLine, textContent } from '../html/parse.ts';

export type Origin = 'ua' | 'author';

/** A style rule in cascade order; `layer` is its layer's rank (higher wins for normal declarations). */
export interface CollectedRule {
  selector: string;
  /** The parsed rule this came from (stable across renders while its sheet stays cached). */
  item: object;
  declarations: Declaration[];
  origin: Origin;
  layer: number;
  order: number;
  line: number;
  source?: string;
  /** The @container rules it is inside, outermost first: each must match at its query container (css-conditional-5 §3). */
  containers?: readonly ContainerQuery[];
}

/** One @container rule's condition: the container name it asks for (null: any container) and its query text. */
export interface ContainerQuery { name: string | null; condition: string }

export interface CollectedPage {
  selector: string;
  declarations: Declaration[];
  margins: MarginRule[];
  origin: Origin;
  layer: number;
  order: number;
}

export interface CollectedStyles {
  rules: CollectedRule[];
  pages: CollectedPage[];
  fontFaces: FontFaceRule[];
  /** Custom properties registered with @property, by name (the last valid rule wins). */
  registered: Map<string, RegisteredProperty>;
  /** Rank given to unlayered author rules (the highest layer rank). */
  unlayeredRank: number;
}

export interface CollectOptions {
  loader: ResourceLoader;
  warnings: WarningSink;
  env: MediaEnv;
  isKnownProperty: (name: string) => boolean;
  selectorOk: (selector: string) => boolean;
}

class LayerNode {
  readonly children = new Map<string, LayerNode>();
  rank = 0;
  private anon = 0;
  child(name: string): LayerNode {
    let c = this.children.get(name);
    if (!c) { c = new LayerNode(); this.children.set(name, c); }
    return c;
  }
  anonymous(): LayerNode {
    return this.child(`\u0000anon${this.anon++}`);
  }
  /** Dotted names (`a.b`) declare nested layers. */
  path(dotted: string): LayerNode {
    let n: LayerNode = this;
    for (const part of dotted.split('.')) n = n.child(part.trim());
    return n;
  }
  /** Post-order ranks: a layer's sub-layers precede its own rules (css-cascade-5 §6.4.1). */
  assignRanks(next = { value: 0 }): void {
    for (const c of this.children.values()) c.assignRanks(next);
    this.rank = next.value++;
  }
}

const MAX_IMPORT_DEPTH = 16;

/**
 * What one collection read, in order, and what it gave: the sheet elements' attributes and texts,
 * every load (URL as written, base, bytes), the warnings it added. A document that reads the same
 * (a template rendered again with other values) gets the same CollectedStyles without flattening.
 */
interface Trace {
  key: string;
  uaSheets: readonly ParsedSheet[];
  elements: string[];
  loads: Array<{ href: string; from: string | undefined; url: string | null; data: Buffer | null }>;
  warnings: Array<[WarningCode, string, { line?: number; source?: string } | undefined]>;
  result: CollectedStyles;
}
/** Recent collections (most recent first); bounded. */
const traces: Trace[] = [];
const TRACES_MAX = 8;

/**
 * Collects rules from the UA sheets and every author stylesheet of `document`, in cascade order.
 * `mode` names what the callbacks of `opts` depend on (isKnownProperty, selectorOk: the quirks
 * mode); collections of documents whose sheet elements, loaded bytes, environment and mode are
 * those of a recent one return its result (do not mutate it) and replay its warnings.
 */
export function collectStyles(sheets: readonly Element[], uaSheets: ParsedSheet[], opts: CollectOptions, mode = ''): CollectedStyles {
  const key = `${mode}\u0000${opts.env.width}\u0000${opts.env.height}\u0000${opts.loader.base ?? ''}`;
  const elements: string[] = [];
  for (const el of sheets) pushElementKey(el, elements);
  for (let i = 0; i < traces.length; i++) {
    const t = traces[i]!;
    if (!sameTrace(t, key, uaSheets, elements, opts.loader)) continue;
    traces.splice(i, 1);
    traces.unshift(t);
    for (const [code, message, where] of t.warnings) opts.warnings.add(code, message, where);
    return t.result;
  }
  const trace: Trace = { key, uaSheets, elements, loads: [], warnings: [], result: null as unknown as CollectedStyles };
  const sink = opts.warnings;
  const recording = { add: (code: WarningCode, message: string, where?: { line?: number; source?: string }) => { trace.warnings.push([code, message, where]); sink.add(code, message, where); } } as WarningSink;
  const c = new Collector({ ...opts, warnings: recording }, trace.loads);
  for (const ua of uaSheets) c.flatten(ua.items, c.uaLayer, undefined, 'ua', []);
  for (const el of sheets) c.element(el);
  c.uaLayer.assignRanks();
  c.root.assignRanks();
  const rules = c.rules.map(([r, node]) => ((r.layer = node.rank), r));
  const pages = c.pages.map(([p, node]) => ((p.layer = node.rank), p));
  trace.result = { rules, pages, fontFaces: c.fontFaces, registered: c.registered, unlayeredRank: c.root.rank };
  traces.unshift(trace);
  if (traces.length > TRACES_MAX) traces.pop();
  return trace.result;
}

/**
 * Everything Collector.element reads of a <style> or <link> element, as two strings onto `out`:
 * its attributes, then its text (not concatenated: a large sheet's text is compared as it is,
 * by identity when it is the same string).
 */
function pushElementKey(el: Element, out: string[]): void {
  const a = el.attribs;
  const head = `${el.name}\u0000${a['media'] ?? '\u0001'}\u0000${sourceLine(el) ?? ''}\u0000`;
  if (el.name === 'style') out.push(`${head}${a['type'] ?? '\u0001'}`, textContent(el));
  else out.push(`${head}${a['rel'] ?? ''}\u0000${a['href'] ?? ''}`, '');
}

/** Whether a document reads what `t` read: same mode and environment, UA sheets, sheet elements, and loads giving the same bytes. */
function sameTrace(t: Trace, key: string, uaSheets: readonly ParsedSheet[], elements: readonly string[], loader: ResourceLoader): boolean {
  if (t.key !== key || t.uaSheets.length !== uaSheets.length || t.elements.length !== elements.length) return false;
  for (let i = 0; i < uaSheets.length; i++) if (t.uaSheets[i] !== uaSheets[i]) return false;
  for (let i = 0; i < elements.length; i++) if (t.elements[i] !== elements[i]) return false;
  for (const l of t.loads) {
    const r = loader.load(l.href, l.from);
    const data = r.ok ? r.resource.data : null;
    if ((r.ok ? r.resource.url : null) !== l.url) return false;
    if (data !== l.data && (data === null || l.data === null || !data.equals(l.data))) return false;
  }
  return true;
}

/** Decoded text of loaded stylesheet bytes (a compiled template's loads give the same bytes object each render). */
const sheetTexts = new WeakMap<Buffer, string>();

function sheetText(data: Buffer): string {
  let text = sheetTexts.get(data);
  if (text === undefined) {
    text = data.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    sheetTexts.set(data, text);
  }
  return text;
}

/**
 * The <style> and <link> elements of `document` in tree order, found in one walk for both collectStyles and
 * pageAreaFromRules (page.ts). <style> inside inline <svg> applies to the whole document, as in browsers;
 * <template> content does not.
 */
export function sheetElements(document: AnyNode): Element[] {
  const out: Element[] = [];
  forEachNode(document, (k) => {
    if (!isTag(k)) return k.type === 'root';
    if (k.name === 'style' || k.name === 'link') out.push(k);
    return k.name !== 'template';
  });
  return out;
}

class Collector {
  readonly rules: Array<[CollectedRule, LayerNode]> = [];
  readonly pages: Array<[CollectedPage, LayerNode]> = [];
  readonly fontFaces: FontFaceRule[] = [];
  readonly registered = new Map<string, RegisteredProperty>();
  readonly root = new LayerNode();
  readonly uaLayer = new LayerNode();
  private order = 0;

  /** `loads`: every load made, in order, with the bytes it gave (the collection's trace). */
  constructor(private readonly opts: CollectOptions, private readonly loads: Trace['loads']) {}

  replay(sheets: ParsedSheet[]): void {
    for (const s of sheets) for (const w of s.warnings) this.opts.warnings.add(w.code, w.message, w);
  }

  element(el: Element): void {
    const media = el.attribs['media'];
    if (media !== undefined && !matchMedia(media, this.opts.env)) return;
    const line = sourceLine(el);
    if (el.name === 'style') {
      const type = el.attribs['type'];
      if (type !== undefined && type.trim() !== '' && type.trim().toLowerCase() !== 'text/css') return;
      const text = textContent(el);
      // The text starts on the line of the <style> tag (its content usually begins on the next line).
      const sheet = parseStylesheet(text, { source: 'style element', firstLine: line ?? 1 });
      this.replay([sheet]);
      this.flatten(sheet.items, this.root, undefined, 'author', []);
      return;
    }
    const rel = (el.attribs['rel'] ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('stylesheet') || rel.includes('alternate')) return;
    const href = el.attribs['href'];
    if (!href) return;
    this.loadAndFlatten(href, undefined, this.root, [], line);
  }

  private loadAndFlatten(href: string, from: string | undefined, layer: LayerNode, chain: string[], line: number | undefined, source?: string): void {
    const where: { line?: number; source?: string } = {};
    if (line !== undefined) where.line = line;
    if (source !== undefined) where.source = source;
    const abs = this.opts.loader.resolve(href, from);
    if (abs && (chain.includes(abs) || chain.length >= MAX_IMPORT_DEPTH)) {
      this.opts.warnings.add('css-parse', `stylesheet "${href}" imports itself; skipped`, where);
      return;
    }
    const res = this.opts.loader.load(href, from);
    this.loads.push({ href, from, url: res.ok ? res.resource.url : null, data: res.ok ? res.resource.data : null });
    if (!res.ok) {
      this.opts.warnings.add(res.failure.reason === 'blocked' ? 'resource-blocked' : 'resource-missing', res.failure.message, where);
      return;
    }
    const text = sheetText(res.resource.data);
    const url = res.resource.url;
    const sheet = parseStylesheet(text, { source: url });
    this.replay([sheet]);
    this.flatten(sheet.items, layer, url, 'author', [...chain, url]);
  }

  flatten(items: SheetItem[], layer: LayerNode, sheetUrl: string | undefined, origin: Origin, chain: string[], containers?: readonly ContainerQuery[]): void {
    for (const it of items) {
      switch (it.kind) {
        case 'style': {
          const r: CollectedRule = { selector: it.selector, item: it, declarations: it.declarations, origin, layer: 0, order: this.order++, line: it.line };
          const src = it.declarations[0]?.source;
          if (src !== undefined) r.source = src;
          if (containers !== undefined) r.containers = containers;
          this.rules.push([r, layer]);
          break;
        }
        case 'media':
          if (matchMedia(it.query, this.opts.env)) this.flatten(it.items, layer, sheetUrl, origin, chain, containers);
          break;
        case 'supports':
          if (matchSupports(it.condition, this.opts.isKnownProperty, this.opts.selectorOk)) this.flatten(it.items, layer, sheetUrl, origin, chain, containers);
          break;
        case 'container':
          this.flatten(it.items, layer, sheetUrl, origin, chain, [...(containers ?? []), { name: it.name, condition: it.condition }]);
          break;
        case 'layer':
          if (it.items === null) for (const n of it.names) layer.path(n);
          else this.flatten(it.items, it.names.length ? layer.path(it.names[0]!) : layer.anonymous(), sheetUrl, origin, chain, containers);
          break;
        case 'import': {
          if (it.media && !matchMedia(it.media, this.opts.env)) break;
          if (it.supports !== undefined && !matchSupports(it.supports, this.opts.isKnownProperty, this.opts.selectorOk)) break;
          const target = it.layer === undefined ? layer : it.layer === null ? layer.anonymous() : layer.path(it.layer);
          this.loadAndFlatten(it.href, sheetUrl, target, chain, it.line, sheetUrl ?? 'style element');
          break;
        }
        case 'font-face': {
          const ff = fontFaceRule(it.declarations, it.line, (u) => this.opts.loader.resolve(u, sheetUrl));
          if (ff) this.fontFaces.push(ff);
          else this.opts.warnings.add('css-parse', '@font-face without font-family or src skipped', { line: it.line });
          break;
        }
        case 'property': {
          const p = propertyRule(it.name, it.declarations);
          if (p) this.registered.set(it.name, p);
          else this.opts.warnings.add('css-parse', `@property ${it.name} needs a custom property name, syntax, inherits and (unless the syntax is "*") an initial-value; rule skipped`, { line: it.line });
          break;
        }
        case 'page':
          this.pages.push([{ selector: it.selector, declarations: it.declarations, margins: it.margins, origin, layer: 0, order: this.order++ }, layer]);
          break;
      }
    }
  }
}

/**
 * An @property rule's descriptors (css-properties-values-api-1 §3.1): the rule is valid with a
 * custom property name, `syntax`, `inherits` (true | false) and, unless the syntax is the
 * universal "*", an `initial-value`. The syntax is not otherwise checked: values are used as
 * written, as for unregistered custom properties. Null when invalid.
 */
export function propertyRule(name: string, decls: Declaration[]): RegisteredProperty | null {
  if (!/^--[^\s]+$/.test(name)) return null;
  let syntax: string | undefined, inherits: boolean | undefined, initial: string | undefined;
  for (const d of decls) {
    const v = d.value.trim();
    if (d.name === 'syntax') syntax = unquote(v).trim();
    else if (d.name === 'inherits') inherits = v === 'true' ? true : v === 'false' ? false : undefined;
    else if (d.name === 'initial-value') initial = v;
  }
  if (syntax === undefined || inherits === undefined) return null;
  if (initial === undefined && syntax !== '*') return null;
  return initial === undefined ? { inherits } : { inherits, initial };
}

/** Removes one level of CSS string quotes and backslash escapes. */
export function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return t;
}

/**
 * An @font-face rule's descriptors (css-fonts-4 §4): font-family, src (url() with format(),
 * local()), font-weight (keyword, number, range or auto), ascent/descent/line-gap-override, font-style, unicode-range. URLs resolved by
 * `resolve`. Returns null without font-family or a usable src.
 */
export function fontFaceRule(decls: Declaration[], line: number, resolve: (url: string) => string | null): FontFaceRule | null {
  let family: string | undefined;
  const sources: FontFaceRule['sources'] = [];
  let weight: [number, number] = [400, 400];
  let weightAuto = true;
  const overrides: NonNullable<FontFaceRule['metricOverrides']> = {};
  let style: FontFaceRule['style'] = 'normal';
  const unicodeRange: Array<[number, number]> = [];
  for (const d of decls) {
    const v = d.value.trim();
    switch (d.name) {
      case 'font-family': family = unquote(v).replace(/\s+/g, ' ').trim(); break;
      case 'src':
        sources.length = 0;
        for (const part of splitList(v)) {
          const u = /^url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)\s*(?:format\(\s*["']?([^"')]*)["']?\s*\))?/i.exec(part);
          if (u) {
            const abs = resolve((u[1] ?? u[2] ?? u[3] ?? '').trim());
            if (abs) { const s: { kind: 'url'; url: string; format?: string } = { kind: 'url', url: abs }; if (u[4]) s.format = u[4].toLowerCase(); sources.push(s); }
            continue;
          }
          const l = /^local\(\s*(.*?)\s*\)$/i.exec(part);
          if (l) sources.push({ kind: 'local', name: unquote(l[1]!) });
        }
        break;
      case 'font-weight': {
        const nums = v.split(/\s+/).map((x) => (x === 'normal' ? 400 : x === 'bold' ? 700 : Number(x)));
        if (nums.length && nums.every((n) => Number.isFinite(n) && n >= 1 && n <= 1000)) {
          weight = [nums[0]!, nums[1] ?? nums[0]!];
          weightAuto = false;
        } else if (v.toLowerCase() === 'auto') weightAuto = true;
        break;
      }
      case 'ascent-override': case 'descent-override': case 'line-gap-override': {
        const m = /^(\d*\.?\d+)%$/.exec(v);
        const key = d.name === 'ascent-override' ? 'ascent' : d.name === 'descent-override' ? 'descent' : 'lineGap';
        if (m) overrides[key] = Number(m[1]) / 100;
        else if (v.toLowerCase() === 'normal') delete overrides[key];
        break;
      }
      case 'font-style': {
        const k = v.split(/\s+/)[0]!.toLowerCase();
        if (k === 'italic' || k === 'oblique' || k === 'normal') style = k;
        break;
      }
      case 'unicode-range':
        for (const r of splitList(v)) {
          const m = /^u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?$/i.exec(r.trim());
          if (!m) continue;
          if (m[1]!.includes('?')) unicodeRange.push([parseInt(m[1]!.replace(/\?/g, '0'), 16), parseInt(m[1]!.replace(/\?/g, 'f'), 16)]);
          else unicodeRange.push([parseInt(m[1]!, 16), parseInt(m[2] ?? m[1]!, 16)]);
        }
        break;
    }
  }
  if (!family || sources.length === 0) return null;
  const rule: FontFaceRule = { family, sources, weight, weightAuto, style, unicodeRange, line };
  if (Object.keys(overrides).length) rule.metricOverrides = overrides;
  return rule;
}
