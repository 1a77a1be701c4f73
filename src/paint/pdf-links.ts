// In: a link item's rectangle (px) and URL, or an anchor's name and position (px), and the page being written.
// Out: a Link annotation with a URI or GoTo action on the page (ISO 32000-1 §12.5.6.5), or a named destination (§12.3.2.3).
import type { Rect } from './display-list.ts';
import type { WarningSink } from '../warnings.ts';
import type { PdfDocLike, PdfPageLike } from './pdf-doc.ts';
import { PX } from './pdf-content.ts';
import { safeDecode } from './links.ts';

/** A link annotation (§12.5.6.5) over `rect` (px) on `page`: URI action, or GoTo a named destination for '#id'. Other schemes are warned about and not written. */
export function writeLink(doc: PdfDocLike, page: PdfPageLike, rect: Rect, url: string, warnings?: WarningSink): void {
  if (typeof url !== 'string' || !url || !(rect.w > 0 && rect.h > 0)) return;
  let action: Record<string, unknown>;
  if (url.startsWith('#')) {
    const name = safeDecode(url.slice(1));
    if (!name) return;
    action = { S: 'GoTo', D: new String(name) };
  } else {
    if (!/^(https?:|mailto:|tel:)/i.test(url)) {
      warnings?.add('resource-blocked', `link not written (only http, https, mailto and tel links): ${url.slice(0, 200)}`);
      return;
    }
    let ascii: string;
    try {
      ascii = url.replace(/[^\x21-\x7e]+/g, (s) => encodeURIComponent(s));
    } catch {
      return;
    }
    action = { S: 'URI', URI: new String(ascii) };
  }
  const H = page.height;
  const r = (v: number): number => Math.round(v * 1000) / 1000;
  const annot = doc.ref({
    Type: 'Annot', Subtype: 'Link', F: 4, Border: [0, 0, 0],
    Rect: [r(rect.x * PX), r(H - (rect.y + rect.h) * PX), r((rect.x + rect.w) * PX), r(H - rect.y * PX)],
    A: action,
  });
  annot.end();
  const d = page.dictionary.data;
  ((d.Annots as unknown[]) ??= []).push(annot);
}

/** A named destination (§12.3.2.3) at (x, y) px on `page`: /XYZ left top, zoom unchanged. First name wins. */
export function writeAnchor(doc: PdfDocLike, page: PdfPageLike, name: string, x: number, y: number): void {
  if (typeof name !== 'string' || !name) return;
  const dests = doc._root.data.Names.data.Dests;
  if (dests.get(name) !== undefined) return;
  const r = (v: number): number => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : 0);
  dests.add(name, [page.dictionary, 'XYZ', r(x * PX), r(page.height - y * PX), null]);
}
