/**
 * Quire's layout engine, as a library: HTML (+ CSS, fonts, images beside it) to PDF bytes.
 * In: an HTML string and options. Out: the PDF, its page count and the render's warnings.
 * Stages (src/pipeline.ts): html parse → css cascade → box tree → layout (pages) → paint.
 */
import { runPipeline } from './pipeline.ts';
import { preloadFonts } from './text/index.ts';
import type { RenderWarning } from './warnings.ts';
import type { ResourceResolver } from './resources.ts';

export type { RenderWarning, WarningCode } from './warnings.ts';
export type { ResourceResolver } from './resources.ts';
export { RESOLVER_BASE } from './resources.ts';
export { RenderError } from './errors.ts';
export type { RenderErrorCode } from './errors.ts';

export interface RenderOptions {
  /**
   * Where relative URLs resolve: a file: URL or filesystem path of the document or its folder.
   * Only files inside that folder are read; without a base only data: URIs load.
   */
  baseUrl?: string;
  /**
   * The folder files may be read from (path or file: URL); default and minimum: the folder of
   * `baseUrl`. For trusted local use only (the CLI's --resource-root); the service never sets it.
   */
  resourceRoot?: string;
  /**
   * Answers resources instead of the filesystem (the service's stored template assets): called
   * with each absolute URL under the base (relative URLs resolve against `baseUrl`, which may then
   * be any absolute URL ending in '/', default RESOLVER_BASE = 'asset:///'); returns
   * `{ data, mime? }` or null (a 'resource-missing' warning). Other URLs are blocked; the
   * filesystem is never read. Cannot be combined with `resourceRoot` (TypeError).
   */
  resolveResource?: ResourceResolver;
  /** CreationDate/ModDate written to the PDF; with a fixed date the output is byte-identical. Default: now. */
  creationDate?: Date;
  /** Render deadline in ms (default RENDER_TIMEOUT_MS or 30000); past it: RenderError('TIMEOUT'). */
  timeoutMs?: number;
  /** Page cap (default MAX_PAGES or 500); past it: RenderError('TOO_MANY_PAGES'). */
  maxPages?: number;
}

export interface RenderResult {
  pdf: Uint8Array;
  pageCount: number;
  warnings: RenderWarning[];
}

function envInt(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Renders an HTML document to PDF.
 * @throws TypeError when `html` is not a string or an option has the wrong type.
 * @throws RenderError ('TIMEOUT' | 'TOO_MANY_PAGES' | 'UNRENDERABLE') when the render cannot complete.
 */
export async function renderPdf(html: string, options: RenderOptions = {}): Promise<RenderResult> {
  if (typeof html !== 'string') throw new TypeError('renderPdf: html must be a string');
  if (options.creationDate !== undefined && !(options.creationDate instanceof Date && !isNaN(+options.creationDate))) {
    throw new TypeError('renderPdf: creationDate must be a valid Date');
  }
  if (options.resolveResource !== undefined && typeof options.resolveResource !== 'function') {
    throw new TypeError('renderPdf: resolveResource must be a function');
  }
  for (const k of ['timeoutMs', 'maxPages'] as const) {
    const v = options[k];
    if (v !== undefined && !(Number.isInteger(v) && v > 0)) throw new TypeError(`renderPdf: ${k} must be a positive integer`);
  }
  return runPipeline(html, {
    baseUrl: options.baseUrl,
    resourceRoot: options.resourceRoot,
    resolveResource: options.resolveResource,
    creationDate: options.creationDate ?? new Date(),
    timeoutMs: options.timeoutMs ?? envInt('RENDER_TIMEOUT_MS', 30000),
    maxPages: options.maxPages ?? envInt('MAX_PAGES', 500),
  });
}

/**
 * Does the one-time work of a process ahead of the first render: parses the common bundled
 * fonts and decodes their tables (100–180 ms per face otherwise paid by the first document that
 * uses them). Safe to call more than once.
 */
export function warmUp(): void {
  preloadFonts();
}
