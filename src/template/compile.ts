// A stored template compiled once, rendered many times: the Mustache parse, the template's large
// constant stylesheets and its loaded resources kept. In: template source + options. Out: a handle whose render(values) gives a RenderResult.
import { parseHtml, type ParsedHtml } from '../html/parse.ts';
import { forEachNode } from '../html/parse.ts';
import { isTag, type Element, type Text } from 'domhandler';
import { renderParsed, pipelineOptions, type PipelineOptions } from '../pipeline.ts';
import { RenderLimits } from '../errors.ts';
import { ResourceLoader, type LoadResult } from '../resources.ts';
import type { RenderOptions, RenderResult } from '../index.ts';
import { ByteLru } from './byte-lru.ts';
import { compileFill, DEFAULT_FILL_LIMITS, fillCompiled, type CompiledFill, type FillLimits } from './fill.ts';

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
  /** Bytes the handle holds (its source, kept stylesheets and cached resources), for cache accounting. */
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

/** A <style> shorter than this stays in the markup (parse5 reads it fast enough). */
const TAKE_OUT_FROM = 1024;
/** What a taken-out stylesheet's text is replaced by: this, its number, then its line breaks. */
const MARK = '/*\uF8FFquire-sheet-';
const MARKED = /\/\*\uF8FFquire-sheet-(\d+)\*\/\n*/g;
const STYLE_OPEN = /<style(?:\s[^>]*)?>/gi;
const STYLE_CLOSE = /<\/style[\s/>]/gi;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** A template's source with its large constant <style> texts taken out (marker + same line breaks). */
interface TakenOut { source: string; sheets: string[]; stands: Map<string, number> }

/**
 * Takes the text of each <style> element of at least TAKE_OUT_FROM characters without Mustache
 * tags out of `html`, leaving a marker and as many line breaks (so source lines stay where they
 * were), and returns the texts as the HTML parser would read them (CR LF and CR as LF, NUL as
 * U+FFFD: HTML §13.2.3.5, §13.2.5.3). Mustache and the HTML parser then never read them again;
 * restoreSheets() puts them back into the parsed document. Null when nothing is taken out.
 */
function takeOutSheets(html: string, mustache: boolean): TakenOut | null {
  if (html.length < TAKE_OUT_FROM || html.includes(MARK) || (mustache && html.includes('{{='))) return null;
  const parts: string[] = [];
  const sheets: string[] = [];
  const stands = new Map<string, number>();
  let pos = 0;
  STYLE_OPEN.lastIndex = 0;
  for (let open = STYLE_OPEN.exec(html); open; open = STYLE_OPEN.exec(html)) {
    const start = open.index + open[0].length;
    STYLE_CLOSE.lastIndex = start;
    const close = STYLE_CLOSE.exec(html);
    if (!close) break;
    STYLE_OPEN.lastIndex = close.index;
    const text = html.slice(start, close.index);
    if (text.length < TAKE_OUT_FROM || (mustache && text.includes('{{'))) continue;
    const marker = `${MARK}${sheets.length}*/`;
    const sheet = text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
    const breaks = countBreaks(sheet);
    parts.push(html.slice(pos, start), marker, '\n'.repeat(breaks));
    pos = close.index;
    sheets.push(sheet);
    stands.set(marker, Buffer.byteLength(text, 'utf8') - breaks);
  }
  if (sheets.length === 0) return null;
  parts.push(html.slice(pos));
  return { source: parts.join(''), sheets, stands };
}

/**
 * Puts taken-out stylesheet texts back into `parsed`: each HTML <style> whose only child is a
 * marker text gets its sheet's text. False when the filled HTML held markers elsewhere too (in a
 * comment, an attribute, an SVG <style>): then the caller renders the full source instead.
 */
function restoreSheets(parsed: ParsedHtml, filled: string, sheets: readonly string[]): boolean {
  let marks = 0;
  for (let i = filled.indexOf(MARK); i >= 0; i = filled.indexOf(MARK, i + MARK.length)) marks++;
  let restored = 0;
  forEachNode(parsed.document, (n) => {
    if (!isTag(n)) return n.type === 'root';
    if (n.name === 'style' && (n as Element & { namespace?: string }).namespace === HTML_NS && n.children.length === 1 && n.children[0]!.type === 'text') {
      const t = n.children[0] as Text;
      if (t.data.startsWith(MARK)) {
        const k = Number(t.data.slice(MARK.length, t.data.indexOf('*/', MARK.length)));
        const sheet = sheets[k];
        if (sheet === undefined || t.data !== `${MARK}${k}*/${'\n'.repeat(countBreaks(sheet))}`) return false;
        t.data = sheet;
        restored++;
      }
      return false;
    }
    return true;
  });
  return restored === marks;
}

function countBreaks(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * A ResourceLoader whose successful non-data: loads are shared by every render of one compiled
 * template (bounded by bytes): stylesheet, font and image files are read once, and the same
 * bytes object comes back, so the stages' caches keyed by it hit. Failures are not shared (their
 * message names the URL as written).
 */
class SharedLoader extends ResourceLoader {
  constructor(opts: PipelineOptions, private readonly shared: ByteLru<string, LoadResult>) {
    super(opts.baseUrl, opts.resourceRoot, opts.resolveResource);
  }

  override load(url: string, from?: string): LoadResult {
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
 * its Mustache tokens are parsed once; <style> texts of 1 KiB or more without tags are taken out
 * of the markup, so neither the fill nor the HTML parser reads them again and the stylesheet
 * parse cache (src/css/stylesheet.ts, keyed by the text) finds them at once; resources loaded
 * by a render are kept (up to `resourceCacheBytes`) for the next. Renders give the same bytes as
 * `renderPdf(fillTemplate(html, values))`.
 * @throws TypeError for a non-string `html` or a bad option; TemplateSyntaxError for bad Mustache.
 */
export function compileTemplate(html: string, options: CompileOptions = {}): CompiledTemplate {
  if (typeof html !== 'string') throw new TypeError('compileTemplate: html must be a string');
  const base = pipelineOptions('compileTemplate', options);
  // The loader's constructor checks the base, root and resolver now, not at the first render.
  void new ResourceLoader(base.baseUrl, base.resourceRoot, base.resolveResource);
  const mustache = options.mustache !== false;
  const cacheBytes = options.resourceCacheBytes ?? 32 * 1024 * 1024;
  const resources = new ByteLru<string, LoadResult>({ maxBytes: cacheBytes, maxEntries: 512 });
  const sourceBytes = Buffer.byteLength(html, 'utf8');
  const taken = takeOutSheets(html, mustache);
  const fill: CompiledFill | null = mustache ? compileFill(taken ? taken.source : html, taken?.stands, sourceBytes) : null;
  /** The whole source, for a fill whose markers did not all land in <style> elements (compiled on first need). */
  let full: CompiledFill | null = null;

  const fillWith = (c: CompiledFill | null, src: string, values: Record<string, unknown>, limits: FillLimits): string =>
    c ? fillCompiled(c, values, limits) : src;

  return {
    get bytes() {
      return html.length * 2 + (taken ? taken.source.length * 2 : 0) + resources.bytes;
    },
    async render(values = {}, options = {}) {
      const opts = pipelineOptions('render', { ...base, ...options });
      const limits = new RenderLimits(opts.timeoutMs, opts.maxPages);
      const fillLimits: FillLimits = { ...DEFAULT_FILL_LIMITS, ...options.fillLimits, deadline: limits.deadline, timeoutMs: opts.timeoutMs };
      const view = values ?? {};
      let filled = fillWith(fill, taken ? taken.source : html, view, fillLimits);
      let parsed = parseHtml(filled);
      if (taken && !restoreSheets(parsed, filled, taken.sheets)) {
        full ??= mustache ? compileFill(html, undefined, sourceBytes) : null;
        filled = fillWith(full, html, view, fillLimits);
        parsed = parseHtml(filled);
      }
      const out = await renderParsed(parsed, { ...opts, loader: new SharedLoader(opts, resources) }, limits);
      const text = filled;
      const filledHtml = taken && text.includes(MARK)
        ? () => text.replace(MARKED, (_, k: string) => taken.sheets[Number(k)]!)
        : () => text;
      return { ...out, filledHtml };
    },
  };
}
