/**
 * Quire's layout engine, as a library: HTML (+ CSS, fonts, images beside it) to PDF bytes.
 * In: an HTML string and options. Out: the PDF, its page count and the render's warnings.
 * Stages (src/pipeline.ts): html parse → css cascade → box tree → layout (pages) → paint.
 */
import { pipelineOptions, runPipeline } from './pipeline.ts';
import { preloadFontSteps } from './text/index.ts';
import type { RenderOptions, RenderResult } from './render-options.ts';

export type { RenderOptions, RenderResult } from './render-options.ts';
export type { RenderWarning, WarningCode } from './warnings.ts';
export type { ResourceResolver } from './resources.ts';
export { RESOLVER_BASE } from './resources.ts';
export { compileTemplate } from './template/compile.ts';
export type { CompiledTemplate, CompileOptions, TemplateRenderOptions, TemplateRenderResult } from './template/compile.ts';
export { RenderError } from './errors.ts';
export type { RenderErrorCode } from './errors.ts';

/**
 * Renders an HTML document to PDF.
 * @throws TypeError when `html` is not a string or an option has the wrong type.
 * @throws RenderError ('TIMEOUT' | 'TOO_MANY_PAGES' | 'UNRENDERABLE') when the render cannot complete.
 */
export async function renderPdf(html: string, options: RenderOptions = {}): Promise<RenderResult> {
  if (typeof html !== 'string') throw new TypeError('renderPdf: html must be a string');
  return runPipeline(html, pipelineOptions('renderPdf', options));
}

/** A small invoice-like document that goes through every stage once (tables, text, borders, a background, a page rule). */
const WARM_DOCUMENT = '<!DOCTYPE html><html><head><title>Warm-up</title><style>@page{size:A4;margin:15mm} body{font:10pt/1.4 sans-serif;color:#222} ' +
  'h1{font:bold 18pt serif;border-bottom:2px solid #369} table{width:100%;border-collapse:collapse} th,td{border:1px solid #ccc;padding:3px 6px;text-align:left} ' +
  'th{background:#eee} td.n{text-align:right} .box{display:flex;gap:8px} .box div{flex:1;padding:4px;border-radius:4px;background:#f4f8ff} ' +
  'code{font-family:monospace}</style></head><body><h1>Invoice 2026-0001</h1><div class="box"><div>Seller<br>12345 Sunny Road</div><div>Client<br><b>Jane Roe</b></div></div>' +
  '<table><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead><tbody>' +
  '<tr><td>Website design</td><td class="n">1</td><td class="n">300.00</td></tr><tr><td>Hosting <code>(1 month)</code></td><td class="n">3</td><td class="n">75.00</td></tr>' +
  '</tbody></table><p style="text-align:justify">Thank you for your business. Payment is due within 30 days; please quote the invoice number.</p><ul><li>Total: <i>375.00</i></li></ul></body></html>';

/**
 * Does the one-time work of a process ahead of the first render: parses the common bundled
 * fonts and decodes their tables (100–180 ms per face otherwise paid by the first document that
 * uses them), then renders a small document once, so the code of every stage is loaded and
 * compiled before the first real request (its synchronous stages run before this returns; the PDF
 * is discarded). Safe to call more than once; never throws.
 */
export function warmUp(): void {
  for (const step of warmUpSteps()) void step();
}

/**
 * warmUp's work as steps of some tens of ms each (one font family each, then the small document,
 * whose step resolves when its render ends), so a server can warm a thread while it is already
 * taking renders: a render that comes meanwhile runs between two steps. No step throws or rejects.
 */
export function warmUpSteps(): Array<() => void | Promise<void>> {
  return [
    ...preloadFontSteps(),
    () => runPipeline(WARM_DOCUMENT, pipelineOptions('warmUp', { creationDate: new Date(0) })).then(() => {}, () => {}),
  ];
}
