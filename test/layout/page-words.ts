// In: an HTML document. Out: the words of every page of its PDF (renderPdf, then pdftotext -bbox) as "TEXT x y"
// strings (xMin, yMin in pt, 2 decimals): the form in which the *-chromium tests write Chromium 156's prints down.
import { renderPdf } from '../../src/index.ts';
import { pdftotext } from '../paint/pdf-helpers.ts';

/** Words per page as "TEXT x y" (pt), in pdftotext's reading order. */
export async function pageWords(html: string): Promise<string[][]> {
  const out = await renderPdf(html, { creationDate: new Date(0) });
  const pages: string[][] = [];
  for (const line of pdftotext(out.pdf, ['-bbox']).split('\n')) {
    if (line.includes('<page ')) pages.push([]);
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/.exec(line);
    if (m) pages[pages.length - 1]!.push(`${m[3]} ${(+m[1]!).toFixed(2)} ${(+m[2]!).toFixed(2)}`);
  }
  return pages;
}
