/**
 * The cascade. In: the parsed document, the collected style rules (UA + author), presentational
 * hints and style="" attributes. Out: a `StyledDocument`: computed styles per element and
 * pseudo-element (computed by the property table), @font-face rules, @page styles, document info.
 *
 * Order of precedence, css-cascade-5 §6: origin and importance (UA normal < presentational hints <
 * author normal < author !important < UA !important), then element-attached style (style=""),
 * then cascade layers (unlayered beats layered for normal, reversed for !important), then
 * specificity, then order of appearance.
 *
 * Chromium behaviours reproduced here because they change computed values: the generic-monospace
 * font-size quirk (cascade-font.ts), -webkit-center/-webkit-right block alignment from
 * align=center and <center>, and tables resetting inherited -webkit-* alignment. Elements with the
 * same parent style and the same matched rules share one computed style object (style sharing).
 */
import { isTag, type Element } from 'domhandler';
import type { ComputedStyle } from './computed.ts';
import type { RegisteredProperty } from './values/var.ts';
import type { Declaration } from './declaration.ts';
import type { ComputeContext, PropertyTable } from './property-table.ts';
import type { FontFaceRule, PageStyle, PseudoElement, StyledDocument } from './styled.ts';
import type { WarningSink } from '../warnings.ts';
import type { ResourceLoader } from '../resources.ts';
import type { ParsedHtml } from '../html/parse.ts';
import { rootElement, sourceLine } from '../html/parse.ts';
import { documentInfo } from '../html/document-info.ts';
import { compileSelectorListFor, DEPS, selectorSupported } from './selectors.ts';
import { AncestorFilter } from './ancestor-filter.ts';
import { RuleIndex, type ContainerTest, type IndexedRule, type Match } from './rule-index.ts';
import { followKey, followKeyOf, MatchMemo, NO_ID, UNKEPT, type MatchEntry, type SiblingCursor } from './match-memo.ts';
import { collectStyles, sheetElements, type CollectedRule } from './stylesheet-collect.ts';
import { parseStyleAttribute } from './stylesheet-syntax.ts';
import { presentationalHints } from './presentational.ts';
import { quirksSheetParsed, userAgentSheet } from './ua.ts';
import { createPageStyler, pageAreaFromRules, PRINT_MEDIA_ENV, unitViewport } from './page.ts';
import { fontSizeIsAbsolute, isMonospaceOnly, monospaceQuirkSize } from './cascade-font.ts';
import { StyleMemo } from './style-memo.ts';
import { hasViewportUnit } from './values/length.ts';
import { containerTest } from './container-query.ts';
import type { ContainerSize } from './stylesheet-media.ts';

export interface StyleOptions {
  loader: ResourceLoader;
  warnings: WarningSink;
  fontMetrics?: ComputeContext['fontMetrics'];
  /**
   * Called with the document's @font-face rules as soon as they are collected, before any style is
   * computed: a font context that learns them here gives `fontMetrics` the web fonts' metrics, so ex
   * and ch units resolve against the first available font as css-values-4 §6.1.1 says (Ahem's 0.8 em
   * x-height), not against the fallback the family would otherwise get.
   */
  fontFaces?: (rules: readonly FontFaceRule[]) => void;
  /**
   * Content-box sizes (px) of the query containers, measured by a layout of this document's previous styles: rules inside
   * @container rules apply where these sizes match (css-conditional-5 §3.2); without them, none does.
   */
  containerSizes?: ReadonlyMap<Element, ContainerSize>;
  /**
   * The print shrink-to-fit factor the document is laid out at (>= 1, default 1; src/layout/print-scale.ts): viewport
   * units resolve against the page area that many times larger (css/page.ts unitViewport). Media queries do not change.
   */
  viewportScale?: number;
}

/** Precedence bands (css-cascade-5 §6.1–6.4); layer ranks are added inside the author bands. */
export const BAND = { uaNormal: 0, hints: 50, author: 100, authorImportant: 1100, uaImportant: 5000 } as const;

const EMPTY: Declaration[] = [];
const styleAttrCache = new Map<string, Declaration[]>();

/**
 * Cascades and computes styles for a parsed document with the given property table. Never throws
 * on author errors (they become warnings); throws TypeError when `parsed` has no root element.
 */
export function cascadeDocument(parsed: ParsedHtml, opts: StyleOptions, table: PropertyTable): StyledDocument {
  const { document, quirksMode: quirks } = parsed;
  const root = rootElement(document);
  if (!root) throw new TypeError('styleDocument: the document has no root element');
  const warnings = opts.warnings;
  const selectorOk = (s: string): boolean => selectorSupported(s, quirks);
  const uaSheets = quirks ? [userAgentSheet(), quirksSheetParsed()] : [userAgentSheet()];
  const sheets = sheetElements(document);
  const viewport = unitViewport(pageAreaFromRules(sheets, table, warnings), opts.viewportScale ?? 1);
  const collected = collectStyles(sheets, uaSheets, { loader: opts.loader, warnings, env: PRINT_MEDIA_ENV, isKnownProperty: table.isKnownProperty, selectorOk }, `${quirks ? 'q' : 's'}${tableId(table)}`);
  opts.fontFaces?.(collected.fontFaces);

  // ---- index the style rules by their rightmost compound (reused while the sheets are unchanged)
  const U = collected.unlayeredRank;
  const built = ruleIndexFor(collected.rules, quirks, table);
  const styles = new Map<Element, ComputedStyle>();
  const pseudoMatches = new Map<Element, Map<PseudoElement, Match[]>>();
  const matchesOf = ruleMatcher(built, warnings, pseudoMatches, containerTest(styles, opts.containerSizes));
  const pseudoStyles = new Map<Element, Map<PseudoElement, ComputedStyle | undefined>>();
  let body: Element | null = null;
  for (const c of root.children) if (isTag(c) && c.name === 'body') body = c;
  const hintCtx = { quirks, body };
  let rootFontSize = 16;
  let viewportUnits = built.viewportUnits || collected.pages.some((p) => mentionsViewportUnit(p.declarations) || p.margins.some((m) => mentionsViewportUnit(m.declarations)));

  const ctxFor = (parent: ComputedStyle | null): ComputeContext => {
    // Viewport units resolve against the page area the document's @page rules give (css-values-4 §6.1.2, css-page-3 §3.2).
    const ctx: ComputeContext = { parent, rootFontSize, quirks, warnings, viewport };
    if (opts.fontMetrics) ctx.fontMetrics = opts.fontMetrics;
    if (collected.registered.size) ctx.registered = collected.registered;
    return ctx;
  };

  const memo = memoFor(built, collected.registered);
  const work: Work[] = [];
  const follows = built.matches.follows;
  /** Computes one element's style; its children are queued on `work` (no recursion: deep documents are fine). */
  const visit = (w: Work): void => {
    const { el, parent, inh } = w;
    const m = matchesOf(el, w.parentId, w.cursor, w.follow);
    w.cursor.prevId = m.id;
    const hints = presentationalHints(el, hintCtx);
    const styleAttr = el.attribs['style'];
    const styleDecls = styleAttr !== undefined && styleAttr.trim() !== '' ? styleAttribute(styleAttr, sourceLine(el), warnings) : null;
    if (styleDecls && !viewportUnits) viewportUnits = hasViewportUnit(styleAttr!);
    // Style sharing: an element whose parent style and matched declaration lists equal an
    // earlier element's gets the same computed style (repeated rows, cells, list items; in a
    // later render of the same sheets, every element whose ancestors kept their styles).
    let key = el.name === 'table' ? 'T' : '';
    key += inh.abs ? 'A' : 'a';
    key += inh.legacy ?? '-';
    if (parent === null) key += `r${rootFontSize}v${viewport.width}x${viewport.height}`;
    key += m.uaKey;
    if (hints.length) key += hintKey(hints);
    key += m.authorKey;
    if (styleDecls) key += `,${declListId(styleDecls)}`;
    const ctx = ctxFor(parent);
    const entry = memo.get(parent, key, ctx) ?? memo.compute(parent, key, ctx, (c) => {
      const matched = m.rules.slice();
      if (hints.length) matched.push({ band: BAND.hints, spec: 0, order: -1, decls: hints, importantBand: 0, hasImportant: false });
      if (styleDecls) matched.push({ band: BAND.author + U + 1, spec: 0, order: 0, decls: styleDecls, importantBand: BAND.authorImportant + U + 1, hasImportant: styleDecls.some((d) => d.important) });
      return computeElement(matched, parent, inh, el.name === 'table', c, table);
    });
    if (parent === null) rootFontSize = entry.style.fontSize;
    styles.set(el, entry.style);
    queueChildren(work, follows, el, entry.style, entry.extra, m.id);
  };
  /** Styles `start` and its descendants; `kept`: their matches may be kept (not for elements outside <html>, which have no parent key). */
  const run = (start: Element, kept: boolean): void => {
    work.push({ el: start, parent: null, inh: { abs: false, legacy: null }, parentId: kept ? NO_ID : UNKEPT, cursor: { prevId: NO_ID }, follow: followKeyOf(start, follows) });
    while (work.length) visit(work.pop()!);
  };
  run(root, true);
  // Elements outside <html> (rare: parse5 puts everything inside it) still get a style.
  for (const c of document.children) if (isTag(c) && c !== root) run(c, false);
  propagateOverflowToViewport(styles, root, body);

  const styleOf = (el: Element): ComputedStyle => {
    const s = styles.get(el);
    if (!s) throw new TypeError(`styleOf: <${(el as Element | undefined)?.name ?? String(el)}> is not an element of this document`);
    return s;
  };

  const pseudoStyleOf = (el: Element, pseudo: PseudoElement): ComputedStyle | undefined => {
    const parent = styleOf(el);
    const ms = pseudoMatches.get(el)?.get(pseudo);
    // Most elements have none: nothing to compute or keep (no Map per element and render).
    if (ms === undefined && (pseudo !== 'marker' || parent.display !== 'list-item')) return undefined;
    let cached = pseudoStyles.get(el);
    if (cached?.has(pseudo)) return cached.get(pseudo);
    let result: ComputedStyle | undefined;
    if (pseudo === 'marker' ? parent.display === 'list-item' : ms !== undefined) {
      const decls = ms ? orderDeclarations(ms) : EMPTY;
      let key = `:${pseudo}`;
      if (ms) for (const m of ms) key += `,${declListId(m.decls)}`;
      const ctx = ctxFor(parent);
      const s = (memo.get(parent, key, ctx) ?? memo.compute(parent, key, ctx, (c) => ({ style: table.computeStyle(decls, c), extra: NO_INH }))).style;
      if (pseudo === 'marker' || (s.content !== 'none' && s.content !== 'normal' && s.display !== 'none')) result = s;
    }
    if (!cached) { cached = new Map(); pseudoStyles.set(el, cached); }
    cached.set(pseudo, result);
    return result;
  };

  const rootStyle = styleOf(root);
  const pageStyle: (ctx: Parameters<StyledDocument['pageStyle']>[0]) => PageStyle =
    createPageStyler(collected.pages, table, warnings, {
      rootStyle, quirks, fontMetrics: opts.fontMetrics, viewport,
      memo: { style: (parent, key, ctx, compute) => (memo.get(parent, key, ctx) ?? memo.compute(parent, key, ctx, (c) => ({ style: compute(c), extra: NO_INH }))).style, id: declListId },
    });

  return {
    document,
    root,
    quirksMode: quirks,
    styleOf,
    pseudoStyleOf,
    fontFaces: collected.fontFaces,
    pageStyle,
    info: documentInfo(root),
    containerQueries: collected.rules.some((r) => r.containers !== undefined),
    viewportUnits,
  };
}

/**
 * css-overflow-3 §3.3 (CSS 2.1 §11.1.1): the root element's overflow applies to the viewport, or, when the root's is
 * visible on both axes, the body's; the element it was taken from then has a used overflow of visible on both axes
 * (`styles` is updated in place). In print the viewport is the sequence of pages, which show all content whatever its
 * overflow, so the propagated value has no effect there: Chromium 156 prints a `html, body { height: 100% } body
 * { overflow-y: scroll }` page whole, and such a body neither clips nor establishes a block formatting context.
 * `body` is the root's body child, or null (then only the root's own overflow is taken).
 */
function propagateOverflowToViewport(styles: Map<Element, ComputedStyle>, root: Element, body: Element | null): void {
  const rootStyle = styles.get(root);
  if (!rootStyle) return;
  const from = rootStyle.overflowX !== 'visible' || rootStyle.overflowY !== 'visible' ? root : body;
  const s = from ? styles.get(from) : undefined;
  if (from && s && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) styles.set(from, { ...s, overflowX: 'visible', overflowY: 'visible' });
}

/**
 * An element's computed style from its matched rules in precedence order, with Chromium's
 * adjustments (the generic-monospace font-size quirk, -webkit-center/-webkit-right alignment,
 * tables resetting legacy alignment), and the flags its children inherit.
 */
function computeElement(matched: Match[], parent: ComputedStyle | null, inh: Inh, isTable: boolean, ctx: ComputeContext, table: PropertyTable): { style: ComputedStyle; extra: Inh } {
  const decls = orderDeclarations(matched);
  let style = table.computeStyle(decls, ctx);
  let extra: Declaration[] | null = null;
  // Chromium's generic-monospace font-size quirk (13px instead of 16px for `monospace` alone).
  const abs = fontSizeIsAbsolute(decls, inh.abs);
  const parentMono = parent ? isMonospaceOnly(parent) : false;
  if (!abs && isMonospaceOnly(style) !== parentMono) {
    const size = monospaceQuirkSize(style.fontSize, !parentMono);
    (extra ??= []).push({ name: 'font-size', value: `${size}px`, important: false, source: 'user agent' });
  }
  // Chromium's -webkit-center/-webkit-right (align=center, <center>): a block-level child with
  // non-auto horizontal margins has its margin box centred (right-aligned). Emulated with auto
  // margins when both margins are zero; non-zero margins keep their position (approximation).
  if (inh.legacy !== null && parent !== null && legacyAligns(style)) {
    (extra ??= []).push(
      { name: 'margin-left', value: 'auto', important: false, source: 'user agent' },
      { name: 'margin-right', value: inh.legacy === 'center' ? 'auto' : '0', important: false, source: 'user agent' },
    );
  }
  let legacy = legacyAlignOf(decls, inh.legacy);
  if (legacy !== null && isTable) {
    // Blink's StyleAdjuster: tables never keep -webkit-left/center/right; they reset to start.
    (extra ??= []).push({ name: 'text-align', value: 'start', important: false, source: 'user agent' });
    legacy = null;
  }
  if (extra) style = table.computeStyle([...decls, ...extra], ctx);
  return { style, extra: { abs, legacy } };
}

interface BuiltIndex {
  index: RuleIndex;
  problems: Array<{ code: 'css-parse' | 'unsupported-selector'; message: string; where: { line?: number; source?: string } }>;
  /** The collected rules it was built from (the same array when collectStyles reused a collection). */
  rules: CollectedRule[];
  /** What the index was built from: rule identity and layer, compared on reuse. */
  items: object[];
  layers: number[];
  quirks: boolean;
  table: PropertyTable;
  /** Computed styles of the elements and pseudo-elements these rules styled (kept for later renders). */
  memo: StyleMemo<Inh>;
  /** The rules elements matched, by their place in the document (kept for later renders). */
  matches: MatchMemo;
  /** The same for documents that register custom properties (@property), per registration map. */
  registeredMemos: WeakMap<ReadonlyMap<string, RegisteredProperty>, StyleMemo<Inh>>;
  /** Whether a declaration of these rules has a viewport unit (StyledDocument.viewportUnits). */
  viewportUnits: boolean;
}

const mentionsViewportUnit = (decls: readonly Declaration[]): boolean => decls.some((d) => hasViewportUnit(d.value));
/** An element waiting to be styled: its parent's style and inherited extras, and what its match key needs (match-memo.ts). */
interface Work { el: Element; parent: ComputedStyle | null; inh: Inh; parentId: number; cursor: SiblingCursor; follow: string }

/**
 * Queues the element children of `el` on `work` so that they are visited next, in document order (counting the siblings
 * each has after it when the match keys need that: `follows`).
 */
function queueChildren(work: Work[], follows: MatchMemo['follows'], el: Element, style: ComputedStyle, inh: Inh, id: number): void {
  const kids = el.children;
  const cursor: SiblingCursor = { prevId: NO_ID };
  const names = follows ? new Map<string, number>() : null;
  let all = 0;
  for (let i = kids.length - 1; i >= 0; i--) {
    const c = kids[i]!;
    if (!isTag(c)) continue;
    let follow = '';
    if (names) {
      const same = names.get(c.name) ?? 0;
      follow = followKey(all++, same, follows);
      names.set(c.name, same + 1);
    }
    work.push({ el: c, parent: style, inh, parentId: id, cursor, follow });
  }
}

/**
 * Selector matching for one render (selectors-4; the matched rules in css-cascade-5 §6 order): returns `matchesOf(el,
 * parentId, cursor, follow)`, the rules `el` matches, kept under its key by an earlier element of this or an earlier
 * render, else tested now (its pseudo-elements' matches go into `pseudoMatches`) and kept. A rejected selector is reported
 * once per message and render (`unsupported-selector`), also when its element's matches are kept from an earlier render.
 */
function ruleMatcher(built: BuiltIndex, warnings: WarningSink, pseudoMatches: Map<Element, Map<PseudoElement, Match[]>>, containerOk: ContainerTest): (el: Element, parentId: number, cursor: SiblingCursor, follow: string) => MatchEntry {
  const index = built.index;
  const reported = new Set<string>();
  for (const p of built.problems) {
    if (reported.has(p.message)) continue;
    reported.add(p.message);
    warnings.add(p.code, p.message, p.where);
  }
  const reportLate = (r: IndexedRule): void => {
    reported.add(r.sel.problem!);
    const where: { line?: number; source?: string } = { line: r.rule.line };
    if (r.rule.source !== undefined) where.source = r.rule.source;
    warnings.add('unsupported-selector', r.sel.problem!, where);
  };
  /** Rules with a rejected selector met while matching the element being matched (recorded with its matches). */
  let problemsMet: IndexedRule[] | null = null;
  const onProblem = (r: IndexedRule): void => {
    (problemsMet ??= []).push(r);
    if (!reported.has(r.sel.problem!)) reportLate(r);
  };
  const matches = built.matches;
  const ancestors = new AncestorFilter();
  return (el: Element, parentId: number, cursor: SiblingCursor, follow: string): MatchEntry => {
    const key = matches.key(el, parentId, cursor, follow);
    const kept = key === null ? undefined : matches.get(key);
    if (kept) {
      if (kept.pseudo) pseudoMatches.set(el, kept.pseudo);
      if (kept.problems) for (const r of kept.problems) if (!reported.has(r.sel.problem!)) reportLate(r);
      return kept;
    }
    ancestors.enter(el);
    problemsMet = null;
    const rules = index.match(el, pseudoMatches, onProblem, ancestors, containerOk).sort(byPrecedence);
    // The style memo's key names the declaration lists in precedence order; presentational hints go between the UA's and the author's.
    let uaKey = '';
    let authorKey = '';
    for (const m of rules) {
      if (m.band < BAND.hints) uaKey += `,${declListId(m.decls)}`;
      else authorKey += `,${declListId(m.decls)}`;
    }
    return matches.add(key, { rules, uaKey, authorKey, pseudo: pseudoMatches.get(el), problems: problemsMet });
  };
}

/**
 * The style memo of `built` for documents with these @property registrations (their initial
 * values and inheritance change computed styles; the same collection gives the same map).
 */
function memoFor(built: BuiltIndex, registered: ReadonlyMap<string, RegisteredProperty>): StyleMemo<Inh> {
  if (registered.size === 0) return built.memo;
  let m = built.registeredMemos.get(registered);
  if (!m) built.registeredMemos.set(registered, (m = new StyleMemo<Inh>()));
  return m;
}

/** Indexes of recent renders (a template re-rendered with new variables keeps its sheets). */
const indexCache: BuiltIndex[] = [];
const INDEX_CACHE_MAX = 8;
const tableIds = new WeakMap<PropertyTable, number>();
/** A process-wide number for a property table (collections depend on its isKnownProperty). */
function tableId(table: PropertyTable): number {
  let id = tableIds.get(table);
  if (id === undefined) { id = declListId({}); tableIds.set(table, id); }
  return id;
}
/** UA declarations filtered to the properties a table knows, per table. */
const uaFilteredByTable = new WeakMap<PropertyTable, WeakMap<Declaration[], Declaration[]>>();

/**
 * The rule index for `rules`: reused when the same parsed rules in the same layers were indexed
 * before (same mode and table), else built and remembered (bounded, 8 entries).
 */
function ruleIndexFor(rules: CollectedRule[], quirks: boolean, table: PropertyTable): BuiltIndex {
  outer: for (let i = 0; i < indexCache.length; i++) {
    const c = indexCache[i]!;
    if (c.quirks !== quirks || c.table !== table || c.items.length !== rules.length) continue;
    if (c.rules === rules) return c; // the same collection (collectStyles reused it)
    for (let j = 0; j < rules.length; j++) if (c.items[j] !== rules[j]!.item || c.layers[j] !== rules[j]!.layer) continue outer;
    indexCache.splice(i, 1);
    indexCache.unshift(c);
    return c;
  }
  const built: BuiltIndex = { index: new RuleIndex(), problems: [], rules, items: rules.map((r) => r.item), layers: rules.map((r) => r.layer), quirks, table, memo: new StyleMemo<Inh>(), matches: new MatchMemo(DEPS.UNSAFE), registeredMemos: new WeakMap(), viewportUnits: rules.some((r) => mentionsViewportUnit(r.declarations)) };
  let uaFiltered = uaFilteredByTable.get(table);
  if (!uaFiltered) { uaFiltered = new WeakMap(); uaFilteredByTable.set(table, uaFiltered); }
  let U = 0;
  for (const r of rules) if (r.origin === 'author' && r.layer > U) U = r.layer;
  for (const rule of rules) {
    const compiled = compileSelectorListFor(rule.item, rule.selector, quirks);
    for (const p of compiled.problems) {
      const where: { line?: number; source?: string } = { line: rule.line };
      if (rule.source !== undefined) where.source = rule.source;
      built.problems.push({ code: compiled.invalid ? 'css-parse' : 'unsupported-selector', message: p, where });
    }
    if (compiled.selectors.length === 0) continue;
    const ua = rule.origin === 'ua';
    let decls = rule.declarations;
    if (ua) {
      let f = uaFiltered.get(decls);
      if (!f) { f = decls.filter((d) => table.isKnownProperty(d.name)); uaFiltered.set(decls, f); }
      decls = f;
    }
    const hasImportant = decls.some((d) => d.important);
    const band = ua ? BAND.uaNormal : BAND.author + rule.layer;
    const importantBand = ua ? BAND.uaImportant : BAND.authorImportant + (U - rule.layer);
    const r = decls === rule.declarations ? rule : { ...rule, declarations: decls };
    for (const sel of compiled.selectors) built.index.add({ sel, rule: r, band, importantBand, hasImportant });
  }
  built.matches = new MatchMemo(built.index.deps);
  indexCache.unshift(built);
  if (indexCache.length > INDEX_CACHE_MAX) indexCache.pop();
  return built;
}

/** Per element: font size is an absolute length (monospace quirk); inherited -webkit-* alignment. */
interface Inh { abs: boolean; legacy: LegacyAlign }
/** The Inh stored with a pseudo-element's style (it has no children). */
const NO_INH: Inh = { abs: false, legacy: null };

const byPrecedence = (a: Match, b: Match): number => a.band - b.band || a.spec - b.spec || a.order - b.order;
const declIds = new WeakMap<object, number>();
let nextDeclId = 1;
/** A process-wide id for a declaration list (rule bodies and style attributes are cached objects). */
function declListId(list: object): number {
  let id = declIds.get(list);
  if (id === undefined) { id = nextDeclId++; declIds.set(list, id); }
  return id;
}
/** Presentational hints are made per element: key them by content. */
function hintKey(hints: Declaration[]): string {
  let k = ',h';
  for (const d of hints) k += `${d.name}:${d.value};`;
  return k;
}

/**
 * Flattens matched rules into one declaration list in ascending precedence: normal declarations
 * by (band, specificity, order), then !important ones by (important band, specificity, order).
 */
export function orderDeclarations(matched: Match[]): Declaration[] {
  if (matched.length === 0) return EMPTY;
  matched.sort(byPrecedence);
  const out: Declaration[] = [];
  let anyImportant = false;
  for (const m of matched) {
    if (!m.hasImportant) { for (const d of m.decls) out.push(d); continue; }
    anyImportant = true;
    for (const d of m.decls) if (!d.important) out.push(d);
  }
  if (!anyImportant) return out;
  const imp = matched.filter((m) => m.hasImportant);
  imp.sort((a, b) => a.importantBand - b.importantBand || a.spec - b.spec || a.order - b.order);
  for (const m of imp) for (const d of m.decls) if (d.important) out.push(d);
  return out;
}

function styleAttribute(text: string, line: number | undefined, warnings: WarningSink): Declaration[] {
  const key = `${line ?? ''}\u0000${text}`;
  const hit = styleAttrCache.get(key);
  if (hit) return hit;
  const bad: string[] = [];
  const decls = parseStyleAttribute(text, line, (t) => bad.push(t));
  for (const b of bad) {
    const where: { line?: number; source?: string } = { source: 'style attribute' };
    if (line !== undefined) where.line = line;
    warnings.add('css-parse', `invalid declaration "${b}" in style attribute skipped`, where);
  }
  if (bad.length === 0) {
    if (styleAttrCache.size > 5000) styleAttrCache.clear();
    styleAttrCache.set(key, decls);
  }
  return decls;
}

type LegacyAlign = 'center' | 'right' | null;

/** The inherited legacy alignment after this element's declarations: the winning text-align decides. */
function legacyAlignOf(decls: readonly Declaration[], parent: LegacyAlign): LegacyAlign {
  for (let i = decls.length - 1; i >= 0; i--) {
    const d = decls[i]!;
    if (d.name !== 'text-align') continue;
    const v = d.value.trim().toLowerCase();
    if (v === 'inherit' || v === 'unset') return parent;
    return v === '-webkit-center' ? 'center' : v === '-webkit-right' ? 'right' : null;
  }
  return parent;
}

/** A block-level box in normal flow whose horizontal margins are both zero. */
function legacyAligns(s: ComputedStyle): boolean {
  const d = s.display;
  if (d !== 'block' && d !== 'table' && d !== 'list-item' && d !== 'flex' && d !== 'grid') return false;
  if (s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed') return false;
  const l = s.marginLeft, r = s.marginRight;
  if (l === 'auto' || r === 'auto' || l.px !== 0 || l.pct !== 0 || r.px !== 0 || r.pct !== 0) return false;
  // A block with width auto fills its line anyway; a table shrinks to fit, so it moves.
  return s.width !== 'auto' || d === 'table';
}
