/**
 * TEMPORARY minimal PDF writer (see src/pipeline.ts): paragraphs of text on A4 pages.
 * In: paragraphs. Out: PDF bytes. Replaced by the display-list writer.
 */
import PDFDocument from 'pdfkit';
import { fileURLToPath } from 'node:url';

const FONT = fileURLToPath(new URL('../../fonts/LiberationSerif-Regular.ttf', import.meta.url));

export function writeMinimalPdf(paras: string[], info: { title?: string; creationDate: Date }): Promise<{ pdf: Uint8Array; pageCount: number }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 28.35, info: { ...(info.title ? { Title: info.title } : {}), CreationDate: info.creationDate, ModDate: info.creationDate } });
    const chunks: Buffer[] = [];
    let pages = 1;
    doc.on('pageAdded', () => { pages++; });
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve({ pdf: new Uint8Array(Buffer.concat(chunks)), pageCount: pages }));
    doc.on('error', reject);
    doc.font(FONT).fontSize(12);
    for (const p of paras) doc.text(p, { paragraphGap: 6 });
    doc.end();
  });
}
