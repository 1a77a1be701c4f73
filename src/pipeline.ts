/**
 * The render pipeline, top to bottom, in plain statements. In: HTML and resolved options.
 * Out: RenderResult (PDF bytes, page count, warnings). Stages: DESIGN.md's
 * html/parse → css/cascade → box/build → layout (pages) → paint (display list → PDF).
 */
import { parseHtml } from './html/parse.ts';
import { styleDocument } from './css/index.ts';
import { createFontContext } from './text/index.ts';
import { buildBoxTree, loadImage } from './box/index.ts';
import { layoutDocument } from './layout/index.ts';
import { snapPagesForPrint } from './layout/print-snap.ts';
import { buildDisplayList } from './paint/build.ts';
import { writePdf } from './paint/pdf.ts';
import { RenderLimits } from './errors.ts';
import { ResourceLoader, type ResourceResolver } from './resources.ts';
import { WarningSink } from './warnings.ts';
import type { RenderResult } from './index.ts';

export interface PipelineOptions {
  baseUrl?: string;
  resourceRoot?: string;
  resolveResource?: ResourceResolver;
  creationDate: Date;
  timeoutMs: number;
  maxPages: number;
}

/**
 * Runs every stage for one document. Author errors end up in `warnings`; limits raise
 * RenderError('TIMEOUT' | 'TOO_MANY_PAGES').
 */
export async function runPipeline(html: string, opts: PipelineOptions): Promise<RenderResult> {
  const limits = new RenderLimits(opts.timeoutMs, opts.maxPages);
  const warnings = new WarningSink();
  const loader = new ResourceLoader(opts.baseUrl, opts.resourceRoot, opts.resolveResource);
  const fonts = createFontContext({ loader, warnings });

  const parsed = parseHtml(html);
  const styled = styleDocument(parsed, {
    loader,
    warnings,
    fontMetrics: (style) => {
      const m = fonts.metrics(style);
      return { xHeight: m.xHeight, chWidth: m.chWidth };
    },
  });
  fonts.addFontFaces(styled.fontFaces);
  limits.check();

  const tree = buildBoxTree(styled, { loader, warnings });
  limits.check();
  const pages = layoutDocument(tree, styled, { fonts, warnings, limits, quirks: parsed.quirksMode, loadImage: (url) => loadImage(loader, warnings, url) });
  limits.checkPages(pages.length);
  // Lines and box edges on whole px, where Chromium prints them (paint only; layout stays exact).
  snapPagesForPrint(pages);

  const list = buildDisplayList(pages, styled.info, { loadImage: (url) => loadImage(loader, warnings, url) });
  const pdf = await writePdf(list, { creationDate: opts.creationDate, warnings, limits, fonts });
  return { pdf, pageCount: pages.length, warnings: warnings.list };
}
