/**
 * The render pipeline, top to bottom. In: HTML and resolved options. Out: RenderResult.
 * TEMPORARY: until the engine stages land, this is the honest minimal renderer allowed by the
 * service issue: the document's text, one paragraph per block, on A4 pages.
 */
import { parse } from 'parse5';
import { writeMinimalPdf } from './paint/minimal.ts';
import { RenderLimits } from './errors.ts';
import { WarningSink } from './warnings.ts';
import type { RenderResult } from './index.ts';

export interface PipelineOptions {
  baseUrl?: string;
  creationDate: Date;
  timeoutMs: number;
  maxPages: number;
}

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'br', 'table', 'section', 'header', 'footer']);

export async function runPipeline(html: string, opts: PipelineOptions): Promise<RenderResult> {
  const limits = new RenderLimits(opts.timeoutMs, opts.maxPages);
  const warnings = new WarningSink();
  const doc = parse(html);
  const paras: string[] = [];
  let cur = '';
  let title: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const walk = (node: any): void => {
    if (node.nodeName === 'title') { title = node.childNodes?.map((c: { value?: string }) => c.value ?? '').join(''); return; }
    if (node.nodeName === 'style' || node.nodeName === 'script' || node.nodeName === 'head') return;
    if (node.nodeName === '#text') cur += node.value;
    const block = BLOCKS.has(node.nodeName);
    if (block && cur.trim()) { paras.push(cur.replace(/\s+/g, ' ').trim()); cur = ''; }
    for (const c of node.childNodes ?? []) walk(c);
    if (block && cur.trim()) { paras.push(cur.replace(/\s+/g, ' ').trim()); cur = ''; }
  };
  walk(doc);
  if (cur.trim()) paras.push(cur.replace(/\s+/g, ' ').trim());
  const { pdf, pageCount } = await writeMinimalPdf(paras, { title, creationDate: opts.creationDate });
  limits.checkPages(pageCount);
  return { pdf, pageCount, warnings: warnings.list };
}
