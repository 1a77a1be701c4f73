// A stored template compiled once, rendered many times: the Mustache parse, the template's large
// constant stylesheets and attribute values and its loaded resources kept. In: template source + options. Out: a handle whose render(values) gives a RenderResult.
import { parseHtml, type ParsedHtml } from '../html/parse.ts';
import { renderParsed, pipelineOptions } from '../pipeline.ts';
import { RenderLimits } from '../errors.ts';
import { ResourceLoader, type LoadResult } from '../resources.ts';
import type { RenderOptions, RenderResult } from '../render-options.ts';
import { ByteLru } from '../byte-lru.ts';
import { FontFaceSets } from '../text/index.ts';
import { compileFill, DEFAULT_FILL_LIMITS, fillCompiled, fillSites, realize, type CompiledFill, type FillLimits } from './fill.ts';
import { treeFillable, TreeFills } from './tree-fill.ts';
import { mayWriteMarkers, restore, restoreText, takeOut, type TakenOut } from './take-out.ts';

/** How a template is compiled: where its resources come from, and whether it is Mustache. */
export interface CompileOptions extends Pick<RenderOptions, 'baseUrl' | 'resourceRoot' | 'resolveResource'> {
  /** false: `html` is plain HTML and render() takes no values. Default true (Mustache, README "Templates"). */
  mustache?: boolean;
  /**
   * Most bytes of loaded resources (stylesheets, fonts, images; not data: URIs) the handle keeps
   * for its later renders (default 32 MiB). Files are read once per handle: compile again to see changed files.
   */
  resourceCacheBytes?: number;
}

/** One render of a compiled template. */
export interface TemplateRenderOptions extends Pick<RenderOptions, 'creationDate' | 'maxPages'> {
  /** Deadline in ms for fill + render together (default RENDER_TIMEOUT_MS or 30000); past it RenderError('TIMEOUT'). */
  timeoutMs?: number;
  /** Fill limits (MAX_HTML_BYTES, MAX_LIST_ITEMS, MAX_TOTAL_ITEMS); default DEFAULT_FILL_LIMITS. */
  fillLimits?: Partial<Pick<FillLimits, 'maxHtmlBytes' | 'maxListItems' | 'maxTotalItems'>>;
}

/** A compiled template: render it with values as often as needed; it never changes. */
export interface CompiledTemplate {
  /** Bytes the handle holds (its source, kept stylesheets, cached resources and kept @font-face faces; estimates), for cache accounting. */
  readonly bytes: number;
  /**
   * Fills the template with `values` (ignored for plain HTML) and renders it: the same PDF bytes
   * as fillTemplate + renderPdf of the source. Throws TemplateError (fill limits), RenderError
   * ('TIMEOUT' | 'TOO_MANY_PAGES' | 'UNRENDERABLE'), TypeError for a bad option.
   */
  render(values?: Record<string, unknown> | null, options?: TemplateRenderOptions): Promise<TemplateRenderResult>;
}

/** A compiled template's render: the engine's result, and the filled HTML on demand. */
export interface TemplateRenderResult extends RenderResult {
  /** The HTML the values made, whose lines the warnings' `line`s count (built on each call). */
  filledHtml(): string;
}

/** Longest URL (as written) whose resolution a handle keeps (SharedLoader.resolve). */
const MAX_KEPT_URL = 2048;

/**
 * A ResourceLoader whose successful non-data: loads are shared by every render of one compiled
 * template (bounded by bytes): stylesheet, font and image files are read once, and the same
 * bytes object comes back, so the stages' caches keyed by it hit. The data: URIs of the template
 * itself (`constants`: its long attribute values, taken out) are shared too, looked up as written
 * before the URL parser reads them; those the values bring are decoded per render, not kept.
 * Failures are not shared (their message names the URL as written).
 */
class SharedLoader extends ResourceLoader {
  /**
   * `resolved`: the template's own data: URIs as the URL parser gives them, kept by the handle (one entry per constant),
   * so a 10 KB logo is not parsed as a URL on every render.
   * `place`: the handle's loader, whose base, folder and resolver were settled at compile time (no realpath per render).
   * `urls`: other URLs as the URL parser resolved them against the same base (`from`, else the handle's base), by
   * `from` and the URL as written: a stylesheet's links and its url()s are resolved on every render (btcpay-receipt's
   * five stylesheets and their fonts: 0.6 % of its warm render); data: URIs and long URLs the values bring are not kept.
   */
  constructor(
    place: ResourceLoader, private readonly shared: ByteLru<string, LoadResult>, private readonly constants: ReadonlySet<string>,
    private readonly resolved: Map<string, string | null>, private readonly urls: ByteLru<string, string | null>,
  ) {
    super(place);
  }

  override resolve(url: string, from?: string): string | null {
    if (this.constants.has(url)) {
      // a data: URI resolves to the same URL whatever the base (WHATWG URL: an absolute URL ignores it)
      let r = this.resolved.get(url);
      if (r === undefined) this.resolved.set(url, (r = super.resolve(url, from)));
      return r;
    }
    if (url.length > MAX_KEPT_URL || url.startsWith('data:')) return super.resolve(url, from);
    const key = `${from ?? ''}\u0000${url}`;
    let r = this.urls.get(key);
    if (r === undefined) {
      r = super.resolve(url, from);
      this.urls.set(key, r, (key.length + (r ? r.length : 0)) * 2 + 64);
    }
    return r;
  }

  override load(url: string, from?: string): LoadResult {
    if (this.constants.has(url)) {
      const hit = this.shared.get(url);
      if (hit) return hit;
      const r = super.load(url, from);
      if (r.ok) this.shared.set(url, r, r.resource.data.byteLength + url.length * 2);
      return r;
    }
    const abs = this.resolve(url, from);
    if (abs === null || abs.startsWith('data:')) return super.load(url, from);
    const hit = this.shared.get(abs);
    if (hit) return hit;
    const r = super.load(url, from);
    if (r.ok) this.shared.set(abs, r, r.resource.data.byteLength + abs.length * 2);
    return r;
  }
}

/**
 * Compiles `html` (a Mustache template, or plain HTML with `mustache: false`) for many renders:
 * its Mustache tokens are parsed once; <style> texts and quoted attribute values (data: URIs) of
 * 1 KiB or more without tags are taken out of the markup (take-out.ts), so neither the fill nor
 * the HTML parser reads them again and the stylesheet parse cache (src/css/stylesheet.ts, keyed
 * by the text) finds them at once; resources loaded
 * by a render are kept (up to `resourceCacheBytes`) for the next, so are its @font-face faces with what was matched and
 * shaped with them (text/font-caches.ts FontFaceSets), and so is the parsed document of
 * the last fill, for a render whose fill gives the same text (plain HTML, the same values again). New values are put
 * into the parsed markup of the fill's shape (its sections and list lengths; tree-fill.ts), not parsed with the text,
 * where the values' places allow it. Renders give the same bytes as
 * `renderPdf(fillTemplate(html, values))`.
 * @throws TypeError for a non-string `html` or a bad option; TemplateSyntaxError for bad Mustache.
 */
export function compileTemplate(html: string, options: CompileOptions = {}): CompiledTemplate {
  if (typeof html !== 'string') throw new TypeError('compileTemplate: html must be a string');
  const base = pipelineOptions('compileTemplate', options);
  // The loader's constructor checks the base, root and resolver now, not at the first render; each render's loader starts from it.
  const place = new ResourceLoader(base.baseUrl, base.resourceRoot, base.resolveResource);
  const mustache = options.mustache !== false;
  const cacheBytes = options.resourceCacheBytes ?? 32 * 1024 * 1024;
  const resources = new ByteLru<string, LoadResult>({ maxBytes: cacheBytes, maxEntries: 512 });
  const sourceBytes = Buffer.byteLength(html, 'utf8');
  const taken = takeOut(html, mustache);
  const constantUris = new Set(taken ? taken.attrs.filter((a) => a.startsWith('data:')) : []);
  const resolvedUris = new Map<string, string | null>();
  /** Other URLs resolved by the renders (SharedLoader.resolve): at most 1,024, 1 MiB. */
  const resolvedUrls = new ByteLru<string, string | null>({ maxBytes: 1024 * 1024, maxEntries: 1024 });
  /** The @font-face faces and font results of the template's renders, for the next (text/font-caches.ts). */
  const faceSets = new FontFaceSets();
  const resolvedBytes = (): number => {
    let n = 0;
    for (const r of resolvedUris.values()) n += r ? r.length * 2 : 0;
    return n;
  };
  const fill: CompiledFill | null = mustache ? compileFill(taken ? taken.source : html, taken?.stands, sourceBytes) : null;
  /** The whole source's fill, for values that may write markers and fills whose markers did not all land where taken (compiled on first need). */
  let full: CompiledFill | null = taken ? null : fill;
  const fullFill = (): CompiledFill | null => (full ??= mustache ? compileFill(html, undefined, sourceBytes) : null);

  const fillWith = (c: CompiledFill | null, src: string, values: Record<string, unknown>, limits: FillLimits): string =>
    c ? fillCompiled(c, values, limits) : src;
  /**
   * The parsed document of the last fill (its taken-out texts put back), for a next fill that gives the same text: plain
   * HTML, a Mustache template without variables, the same values again. No stage changes a parsed document, so renders
   * share it. One entry; `taken` tells which source the text was filled from.
   */
  let last: { filled: string; taken: boolean; parsed: ParsedHtml } | null = null;
  const parse = (filled: string, use: TakenOut | null): ParsedHtml | null => {
    if (last && last.filled === filled && last.taken === (use !== null)) return last.parsed;
    const parsed = parseHtml(filled);
    if (use && !restore(parsed, filled, use)) return null;
    last = { filled, taken: use !== null, parsed };
    return parsed;
  };

  /** The shapes of this template's fills, parsed with their values' sites marked; whether its source allows them. */
  const trees = mustache ? new TreeFills(Math.max(1024 * 1024, Math.min(16 * 1024 * 1024, sourceBytes * 64))) : null;
  const treeable = treeFillable(html); // the taken-out texts included

  return {
    get bytes() {
      // the kept parsed document: about 8 bytes of nodes per character of markup (an estimate)
      return html.length * 2 + (taken ? taken.source.length * 2 : 0) + resources.bytes + (last ? last.filled.length * 8 : 0) + (trees ? trees.bytes : 0) + resolvedBytes() + resolvedUrls.bytes + faceSets.bytes;
    },
    async render(values = {}, options = {}) {
      const opts = pipelineOptions('render', { ...base, ...options });
      const limits = new RenderLimits(opts.timeoutMs, opts.maxPages);
      const fillLimits: FillLimits = { ...DEFAULT_FILL_LIMITS, ...options.fillLimits, deadline: limits.deadline, timeoutMs: opts.timeoutMs };
      const view = values ?? {};
      // Values that could write a marker themselves (or functions: lambdas) are filled into the full source, as text.
      const markers = mustache && mayWriteMarkers(view);
      const use = taken && !markers ? taken : null;
      let filled: string;
      let parsed: ParsedHtml | null = null;
      const sites = trees && !markers && treeable ? fillSites(use ? fill! : fullFill()!, view, fillLimits) : null;
      if (sites) {
        // the values put into the parsed markup of this fill's shape (tree-fill.ts); its text as fillCompiled makes it
        filled = realize(sites);
        if (last && last.filled === filled && last.taken === (use !== null)) parsed = last.parsed;
        else if ((parsed = trees!.parse(sites, use))) last = { filled, taken: use !== null, parsed };
      } else filled = use ? fillWith(fill, use.source, view, fillLimits) : fillWith(fullFill(), html, view, fillLimits);
      parsed ??= parse(filled, use);
      if (!parsed) {
        filled = fillWith(fullFill(), html, view, fillLimits);
        parsed = parse(filled, null)!;
      }
      const out = await renderParsed(parsed, { ...opts, loader: new SharedLoader(place, resources, constantUris, resolvedUris, resolvedUrls), fontFaceSets: faceSets }, limits);
      const text = filled;
      const filledHtml = use ? () => restoreText(text, use) : () => text;
      return { ...out, filledHtml };
    },
  };
}
