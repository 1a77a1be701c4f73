// Browser side, the starter gallery: each card's thumbnail is the starter's first page, rendered by the
// engine (GET /dashboard/gallery/<slug>.pdf) and drawn with pdf.js. In: .gallery-thumb[data-pdf]. Out: canvases.
import { drawThumbnail, usePdfWorker } from './preview.ts';

const script = document.querySelector<HTMLScriptElement>('script[src*="/gallery.js"]')!;
const src = new URL(script.src);
usePdfWorker(`${src.pathname.replace(/gallery\.js$/, 'pdf.worker.mjs')}${src.search}`);

for (const thumb of document.querySelectorAll<HTMLElement>('.gallery-thumb[data-pdf]')) {
  // One after another: they share the account's render slots with the editor's previews.
  await drawThumbnail(thumb.dataset.pdf!, thumb, thumb.clientWidth).catch(() => {
    /* the CSS sketch stays */
  });
}
