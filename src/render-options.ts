// In: nothing (the shapes of the engine's public render call, src/index.ts's renderPdf).
// Out: RenderOptions (base URL, resources, creation date, limits) and RenderResult (PDF bytes, page count, warnings).
import type { RenderWarning } from './warnings.ts';
import type { ResourceResolver } from './resources.ts';

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
