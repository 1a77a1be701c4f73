// One render job, the same in a worker thread and in-process: the Mustache fill, then the engine,
// under one deadline. In: a RenderJob. Out: the PDF, page count and warnings, or RenderError/TemplateError.
import { createHash } from 'node:crypto';
import { RenderError } from '../errors.ts';
import type { compileTemplate, renderPdf, RenderWarning } from '../index.ts';
import type { CompiledTemplate } from '../template/compile.ts';
import { ByteLru } from '../byte-lru.ts';
import { assetResolver, type JobAsset } from './template-assets.ts';
import { withLineTexts } from './warning-lines.ts';
import { checkSourceSize, DEFAULT_FILL_LIMITS, fillTemplate, TemplateError, type FillLimits } from '../template/fill.ts';

/** The fill limits a job carries (MAX_HTML_BYTES, MAX_LIST_ITEMS, MAX_TOTAL_ITEMS). */
export type JobFillLimits = Pick<FillLimits, 'maxHtmlBytes' | 'maxListItems' | 'maxTotalItems'>;

/** Everything one render needs; structured-cloneable, so it crosses to a worker thread as it is. */
export interface RenderJob {
  /** Template source: Mustache, filled with `view`; plain HTML (not filled) when `view` is null. */
  template: string;
  /** Values for the placeholders (a resolved variables view); null = `template` is plain HTML. */
  view: Record<string, unknown> | null;
  /** Written to the PDF as CreationDate/ModDate. */
  creationDate: Date;
  /** Deadline in ms for fill + render together (RENDER_TIMEOUT_MS); past it RenderError('TIMEOUT'). */
  timeoutMs: number;
  /** Page cap (MAX_PAGES); past it RenderError('TOO_MANY_PAGES'). */
  maxPages: number;
  /** Fill limits; default DEFAULT_FILL_LIMITS. */
  limits?: JobFillLimits;
  /** Folder (file: URL or path) that relative URLs resolve against; none for stored templates. */
  baseUrl?: string;
  /** Folder files may be read from (trusted local use: the CLI); the service never sets it. */
  resourceRoot?: string;
  /**
   * The template's stored files this render may name (images, fonts; DECISIONS.md "Template
   * assets"): relative URLs resolve against asset:/// and are answered from these, never from disk.
   */
  assets?: JobAsset[];
  /** Add to each warning the text of its line in the filled HTML (`lineText`, for the editor's line mapping). */
  lineTexts?: boolean;
}

export interface RenderOutput { pdf: Uint8Array; pageCount: number; warnings: RenderWarning[] }

/**
 * The engine entry points a job uses (tests substitute a stub module in worker threads): jobs go
 * through compileTemplate when the engine has it, else fillTemplate + renderPdf.
 */
export interface Engine { renderPdf: typeof renderPdf; compileTemplate?: typeof compileTemplate }

function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * This thread's compiled templates, keyed by a content hash of everything a compile depends on
 * (source, Mustache or not, base, resource root, each asset's path, type and bytes): a template
 * update, a new asset or another file makes another key, and the old version ages out. Bounded:
 * COMPILE_CACHE_MB (default 64) MiB by the handles' `bytes`, 256 templates.
 */
export const compiledTemplates = new ByteLru<string, CompiledTemplate>({
  maxBytes: envInt('COMPILE_CACHE_MB', 64) * 1024 * 1024, maxEntries: 256,
});

/**
 * The compile-cache key of a job: SHA-256 over what its compiled template depends on (an asset's
 * bytes by their SHA-256 when the job gives it: a stored asset's, hashed once at upload).
 */
function compileKey(job: RenderJob): string {
  const h = createHash('sha256');
  h.update(`${job.view === null ? 'html' : 'mustache'}\0${job.baseUrl ?? ''}\0${job.resourceRoot ?? ''}\0${job.template.length}\0`).update(job.template);
  for (const a of job.assets ?? []) {
    h.update(`\0${a.path}\0${a.mime}\0${a.data.byteLength}\0`);
    if (a.sha256) h.update(`sha256:${a.sha256}`);
    else h.update(a.data);
  }
  return h.digest('hex');
}

/**
 * The job's compiled template from this thread's cache, compiled (and kept) on a miss, and `recount`,
 * which re-weighs the cache entry after a render: a handle's `bytes` grow as its renders load
 * resources and keep the last fill's parsed document (CompiledTemplate.bytes).
 */
function compiledFor(job: RenderJob, compile: typeof compileTemplate): { template: CompiledTemplate; recount(): void } {
  const key = compileKey(job);
  const assetBytes = (job.assets ?? []).reduce((n, a) => n + a.data.byteLength, 0);
  let c = compiledTemplates.get(key);
  if (!c) {
    c = compile(job.template, {
      mustache: job.view !== null, baseUrl: job.baseUrl, resourceRoot: job.resourceRoot,
      resolveResource: job.assets ? assetResolver(job.assets) : undefined,
    });
    compiledTemplates.set(key, c, c.bytes + assetBytes);
  }
  const template = c;
  return { template, recount: () => { compiledTemplates.resize(key, template.bytes + assetBytes); } };
}

/** A 16 x 8 palette PNG with a transparent index (tRNS), as a template's logo often is. */
const WARM_LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAMAAADHqI+lAAAACVBMVEUzZpms1WH///9U5BjMAAAAA3RSTlP//wDXyg1BAAAAG0lEQVR4nGNgYGRCReh8BjQ+EyO6FoJGEKEEACM9AIQYRgwmAAAAAElFTkSuQmCC';

/**
 * A small stored-template-like invoice: escaped and raw values, a repeated section, an inverted one, a data: URI
 * logo, and text past U+058F (€, typographic quotes: the first such character builds bidi-js's class table, ~30-90 ms).
 */
const WARM_TEMPLATE = '<!DOCTYPE html><html><head><style>@page{size:A4;margin:12mm} body{font:10pt/1.4 sans-serif} ' +
  'header{display:flex;justify-content:space-between;align-items:center} img{height:24px} table{width:100%;border-collapse:collapse} ' +
  'td,th{border-bottom:1px solid #ddd;padding:4px} td.n{text-align:right} .paid{color:#2a7}</style></head><body>' +
  `<header><img src="${WARM_LOGO}" alt="logo"><h1>Invoice {{number}}</h1></header><p>{{{address}}}</p>` +
  '<table><thead><tr><th>Item</th><th>Price</th></tr></thead><tbody>{{#items}}<tr><td>{{name}}</td><td class="n">{{price}}</td></tr>{{/items}}</tbody></table>' +
  '{{#paid}}<p class="paid">Paid \u2013 thank you</p>{{/paid}}{{^paid}}<p>Due {{due}} \u201cnet 30\u201d</p>{{/paid}}</body></html>';

/**
 * The jobs a render thread runs once at start, after the engine's own warm-up (render-worker-loop.ts): one
 * template rendered twice with other values, so the path a request takes (compile cache, compileTemplate,
 * the Mustache fill of a compiled template, its second render, a data: URI image) is compiled before the
 * first request instead of by it. Their template stays in `compiledTemplates` like any other (a few KB).
 */
export function warmUpJobs(): RenderJob[] {
  const job = (n: number, paid: boolean): RenderJob => ({
    template: WARM_TEMPLATE, creationDate: new Date(0), timeoutMs: 30000, maxPages: 10,
    view: {
      number: `W-${n}`, address: 'Jane Roe<br>12 Sunny Road', due: '2026-01-31', paid,
      items: [{ name: 'Design', price: `\u20ac ${300 + n}.00` }, { name: 'Hosting', price: '\u20ac 75.00' }],
    },
  });
  return [job(1, false), job(2, true)];
}

/** A render failure the service answers with 422 RENDER_FAILED: the engine's or the template's. */
export type RenderFailure = RenderError | TemplateError;

/** True for the errors a caller's template or values can cause (422), false for bugs (500). */
export function isRenderFailure(e: unknown): e is RenderFailure {
  return e instanceof RenderError || e instanceof TemplateError;
}

/** A plain-object form of a RenderFailure, to cross a thread boundary; `revive` turns it back. */
export interface WireFailure { kind: 'render' | 'template'; code: string; message: string }

export function toWire(e: RenderFailure): WireFailure {
  return { kind: e instanceof TemplateError ? 'template' : 'render', code: e.code, message: e.message };
}

export function revive(w: WireFailure): RenderFailure {
  return w.kind === 'template'
    ? new TemplateError(w.code as TemplateError['code'], w.message)
    : new RenderError(w.code as RenderError['code'], w.message);
}

/**
 * Fills and renders `job`. The deadline starts now and covers both steps; `marginMs` ends the
 * engine's own deadline that much earlier (a worker's hard deadline is the full timeout, so a
 * render that checks its clock stops by itself and keeps its thread). A stack overflow (markup
 * or sections nested too deeply) becomes RenderError('UNRENDERABLE').
 * Throws RenderError or TemplateError; anything else is a bug.
 */
export async function runRenderJob(job: RenderJob, engine?: Engine, marginMs = 0): Promise<RenderOutput> {
  // loaded on first use: a server that renders in worker threads never loads the engine on its main thread
  const { renderPdf, compileTemplate } = engine ?? await import('../index.ts');
  const start = Date.now();
  const deadline = start + job.timeoutMs;
  try {
    if (compileTemplate) {
      const limits = { ...DEFAULT_FILL_LIMITS, ...job.limits };
      // the template's own size first, as fillTemplate checks it before parsing (a compile reads it whole)
      if (job.view !== null) checkSourceSize(job.template, limits);
      const compiled = compiledFor(job, compileTemplate);
      let out;
      try {
        out = await compiled.template.render(job.view, {
          creationDate: job.creationDate, timeoutMs: Math.max(1, job.timeoutMs - marginMs), maxPages: job.maxPages, fillLimits: limits,
        });
      } finally {
        compiled.recount();
      }
      const { pdf, pageCount, warnings } = out;
      return { pdf, pageCount, warnings: job.lineTexts ? withLineTexts(warnings, out.filledHtml()) : warnings };
    }
    const html = job.view === null
      ? job.template
      : fillTemplate(job.template, job.view, { ...DEFAULT_FILL_LIMITS, ...job.limits, deadline, timeoutMs: job.timeoutMs });
    const left = Math.max(1, deadline - marginMs - Date.now());
    const out = await renderPdf(html, {
      creationDate: job.creationDate, timeoutMs: left, maxPages: job.maxPages, baseUrl: job.baseUrl, resourceRoot: job.resourceRoot,
      resolveResource: job.assets ? assetResolver(job.assets) : undefined,
    });
    return job.lineTexts ? { ...out, warnings: withLineTexts(out.warnings, html) } : out;
  } catch (e) {
    // the engine knows no settings: the 422's message names the one that stopped the render
    if (e instanceof RenderError && e.code === 'TIMEOUT') {
      throw new RenderError('TIMEOUT', `render exceeded its time limit of ${job.timeoutMs} ms (RENDER_TIMEOUT_MS)`);
    }
    if (e instanceof RenderError && e.code === 'TOO_MANY_PAGES') {
      throw new RenderError('TOO_MANY_PAGES', `the document has more than MAX_PAGES (${job.maxPages}) pages`);
    }
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new RenderError('UNRENDERABLE', 'the document is nested too deeply to render');
    }
    throw e;
  }
}
