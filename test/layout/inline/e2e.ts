// In: an HTML string. Out: its pages laid out through the real stages (parse5, cascade, box tree, text, block + inline layout),
// for end-to-end inline layout tests with the bundled fonts.
import { parseHtml } from '../../../src/html/parse.ts';
import { styleDocument } from '../../../src/css/index.ts';
import { buildBoxTree } from '../../../src/box/index.ts';
import { createFontContext } from '../../../src/text/index.ts';
import { layoutDocument } from '../../../src/layout/index.ts';
import { ResourceLoader } from '../../../src/resources.ts';
import { WarningSink } from '../../../src/warnings.ts';
import { RenderLimits } from '../../../src/errors.ts';
import type { Fragment, LineFragment, PageFragment, TextFragment } from '../../../src/layout/fragment.ts';

/** Renders `html` to pages (real fonts). `baseUrl` for relative resources. */
export function layoutHtml(html: string, baseUrl?: string): { pages: PageFragment[]; warnings: WarningSink } {
  const warnings = new WarningSink();
  const loader = new ResourceLoader(baseUrl);
  const parsed = parseHtml(html);
  const styled = styleDocument(parsed, { loader, warnings });
  const tree = buildBoxTree(styled, { loader, warnings });
  const fonts = createFontContext({ loader, warnings });
  fonts.addFontFaces(styled.fontFaces);
  const pages = layoutDocument(tree, styled, { fonts, warnings, limits: new RenderLimits(20_000, 500), quirks: parsed.quirksMode });
  return { pages, warnings };
}

/** Every line fragment of the pages, in order. */
export function allLines(pages: PageFragment[]): LineFragment[] {
  const out: LineFragment[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'line') { out.push(f); return; }
    if (f.kind === 'box' || f.kind === 'inline') f.children.forEach(walk);
  };
  for (const p of pages) p.children.forEach(walk);
  return out;
}
export function lineTextsOf(l: LineFragment): string {
  const out: string[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'text') out.push((f as TextFragment).text);
    else if (f.kind === 'inline' || f.kind === 'line' || f.kind === 'box') f.children.forEach(walk);
  };
  walk(l);
  return out.join('');
}
