/**
 * The render pipeline, top to bottom, in plain statements. In: HTML and resolved options.
 * Out: RenderResult (PDF bytes, page count, warnings). Stages: DESIGN.md's
 * html/parse → css/cascade → box/build → layout (pages) → paint (display list → PDF).
 */
import { parseHtml, type ParsedHtml } from './html/parse.ts';
import { createFontContext, type FontFaceSets } from './text/index.ts';
import { buildBoxTree, loadImage } from './box/index.ts';
import { layoutDocument } from './layout/index.ts';
import { layoutWithContainerQueries } from './layout/container-queries.ts';
import type { StyledDocument } from './css/styled.ts';
import { documentStyler } from './document-styler.ts';
import type { ContainerSize } from './css/stylesheet-media.ts';
import type { BoxTree } from './box/types.ts';
import type { Element } from 'domhandler';
import { snapPagesForPrint } from './layout/print-snap.ts';
import { buildDisplayList, DisplayListBuilder } from './paint/build.ts';
import type { DocumentDisplayList } from './paint/display-list.ts';
import type { PageSink } from './layout/page-stream.ts';
import { writePdf } from './paint/pdf.ts';
import { RenderLimits } from './errors.ts';
import { ResourceLoader, type ResourceResolver } from './resources.ts';
import { WarningSink } from './warnings.ts';
import type { RenderOptions, RenderResult } from './render-options.ts';

export interface PipelineOptions {
  baseUrl?: string;
  resourceRoot?: string;
  resolveResource?: ResourceResolver;
  creationDate: Date;
  timeoutMs: number;
  maxPages: number;
  /**
   * The render's resource loader (a compiled template's, which shares loaded bytes between its
   * renders); default: a new ResourceLoader over baseUrl, resourceRoot and resolveResource.
   */
  loader?: ResourceLoader;
  /** A compiled template's @font-face faces and font results kept between its renders; default: the render's own. */
  fontFaceSets?: FontFaceSets;
}

/**
 * Runs every stage for one document. Author errors end up in `warnings`; limits raise
 * RenderError('TIMEOUT' | 'TOO_MANY_PAGES').
 */
export async function runPipeline(html: string, opts: PipelineOptions): Promise<RenderResult> {
  const limits = new RenderLimits(opts.timeoutMs, opts.maxPages);
  return renderParsed(parseHtml(html), opts, limits);
}

/**
 * The stages after the HTML parse, for a document parsed by the caller (a compiled template puts
 * its stylesheets back into the parsed document first). `limits` started before the parse.
 */
export async function renderParsed(parsed: ParsedHtml, opts: PipelineOptions, limits = new RenderLimits(opts.timeoutMs, opts.maxPages)): Promise<RenderResult> {
  const warnings = new WarningSink();
  const loader = opts.loader ?? new ResourceLoader(opts.baseUrl, opts.resourceRoot, opts.resolveResource);
  const fonts = createFontContext({ loader, warnings, faceSets: opts.fontFaceSets });

  // Paint takes each page while layout goes on (src/layout/page-stream.ts); its warnings follow layout's, as when painting after layout.
  let paintWarnings = new WarningSink();
  const builder = new DisplayListBuilder({ loadImage: (url) => loadImage(loader, paintWarnings, url) });
  const pageSink: PageSink = { page: (p, prev, next) => builder.page(p, prev, next), reset: () => { builder.reset(); paintWarnings = new WarningSink(); } };

  // css/cascade → box/build → layout, again while @container rules change with their containers' laid-out sizes, and
  // again at the print shrink-to-fit factor when viewport units resolve against the widened page (LayoutOptions.restyle)
  const styler = documentStyler(parsed, { loader, warnings, fonts });
  let sizes: ReadonlyMap<Element, ContainerSize> | undefined;
  const style = (viewportScale?: number): StyledDocument => {
    const sd = styler({ containerSizes: sizes, viewportScale });
    limits.check();
    return sd;
  };
  const build = (sd: StyledDocument): BoxTree => {
    const tree = buildBoxTree(sd, { loader, warnings });
    limits.check();
    return tree;
  };
  const { styled, pages } = layoutWithContainerQueries((containerSizes) => {
    sizes = containerSizes;
    return style();
  }, (sd) => {
    const laid = layoutDocument(build(sd), sd, {
      fonts, warnings, limits, quirks: parsed.quirksMode, loadImage: (url) => loadImage(loader, warnings, url), ...(sd.containerQueries ? {} : { pageSink }),
      restyle: (scale) => { const again = style(scale); return { styled: again, tree: build(again) }; },
    });
    limits.checkPages(laid.length);
    return laid;
  });
  let list: DocumentDisplayList;
  if (builder.count === pages.length) list = builder.finish(styled.info);
  else {
    // Lines and box edges on whole px, where Chromium prints them (paint only; layout stays exact).
    snapPagesForPrint(pages);
    list = buildDisplayList(pages, styled.info, { loadImage: (url) => loadImage(loader, warnings, url) });
  }
  for (const w of paintWarnings.list) warnings.add(w.code, w.message, w);
  const pdf = await writePdf(list, { creationDate: opts.creationDate, warnings, limits, fonts });
  return { pdf, pageCount: pages.length, warnings: warnings.list };
}

function envInt(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Checks the options of renderPdf or compileTemplate (`fn` names the caller in messages) and
 * fills in the defaults: creationDate now, timeoutMs RENDER_TIMEOUT_MS or 30000, maxPages
 * MAX_PAGES or 500. Throws TypeError for an option of the wrong type.
 */
export function pipelineOptions(fn: string, options: RenderOptions): PipelineOptions {
  if (options.creationDate !== undefined && !(options.creationDate instanceof Date && !isNaN(+options.creationDate))) {
    throw new TypeError(`${fn}: creationDate must be a valid Date`);
  }
  if (options.resolveResource !== undefined && typeof options.resolveResource !== 'function') {
    throw new TypeError(`${fn}: resolveResource must be a function`);
  }
  for (const k of ['timeoutMs', 'maxPages'] as const) {
    const v = options[k];
    if (v !== undefined && !(Number.isInteger(v) && v > 0)) throw new TypeError(`${fn}: ${k} must be a positive integer`);
  }
  return {
    baseUrl: options.baseUrl,
    resourceRoot: options.resourceRoot,
    resolveResource: options.resolveResource,
    creationDate: options.creationDate ?? new Date(),
    timeoutMs: options.timeoutMs ?? envInt('RENDER_TIMEOUT_MS', 30000),
    maxPages: options.maxPages ?? envInt('MAX_PAGES', 500),
  };
}
