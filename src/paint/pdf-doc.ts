/**
 * The slice of pdfkit the writer uses: its object store (indirect objects, deflate, xref,
 * trailer, Info, file ID) and page objects. In: document info and a creation date. Out: a
 * PDFDocument whose output bytes are collected synchronously.
 *
 * pdfkit is used as the PDF container only: content streams, fonts and images are written by
 * src/paint/pdf*.ts, never through pdfkit's text()/image() (they re-shape and re-measure).
 * pdfkit's file ID is an MD5 of the Info values and CreationDate, and stream compression is
 * zlib's deterministic deflate, so identical input and date give identical bytes.
 */
import PDFDocument from 'pdfkit';

/** A pdfkit indirect object (PDFReference): `data` is its dictionary, `end()` writes it. */
export interface PdfRef {
  data: Record<string, unknown>;
  write(chunk: Uint8Array | string): void;
  end(chunk?: Uint8Array | string): void;
  toString(): string;
}

/** A pdfkit page (PDFPage): its dictionary, resources and content stream objects, sizes in pt. */
export interface PdfPageLike {
  width: number;
  height: number;
  dictionary: PdfRef;
  resources: PdfRef;
  content: PdfRef;
}

/** A name tree (pdfkit PDFNameTree). */
interface NameTree { add(key: string, value: unknown): void; get(key: string): unknown; _compareKeys(a: string, b: string): number }

/** The pdfkit PDFDocument members the writer relies on. */
export interface PdfDocLike {
  ref(data?: Record<string, unknown>): PdfRef;
  addPage(options: { size: [number, number]; margin: number }): unknown;
  page: PdfPageLike;
  end(): void;
  _root: { data: { Names: { data: { Dests: NameTree } } } };
}

interface Collected { chunks: Uint8Array[]; ended: boolean }

/**
 * PDFDocument whose output goes to an array instead of the Readable stream: pdfkit writes
 * everything through `this.push()`, including the header written by its constructor (hence
 * the lazy field).
 */
const Base = PDFDocument as unknown as new (options: Record<string, unknown>) => object;
class CollectingDocument extends Base {
  declare _quireOut?: Collected;
  push(chunk: Uint8Array | null): boolean {
    const out = (this._quireOut ??= { chunks: [], ended: false });
    if (chunk === null) out.ended = true;
    else out.chunks.push(chunk);
    return true;
  }
}

/** Metadata for the Info dictionary (ISO 32000-1 §14.3.3). */
export interface PdfInfo {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creationDate: Date;
}

/**
 * Creates a pdfkit document with no page, no default font and PDF version 1.7, with the
 * Info fields Producer/Creator "Quire", CreationDate = ModDate = `info.creationDate`.
 * `finish()` ends the document and returns its bytes (synchronous: output is captured
 * from pdfkit's internal push() instead of going through the Readable stream machinery).
 */
export function createPdfDoc(info: PdfInfo): { doc: PdfDocLike; finish(): Uint8Array } {
  const infoDict: Record<string, unknown> = { Producer: 'Quire', Creator: 'Quire', CreationDate: info.creationDate, ModDate: info.creationDate };
  // Text strings only (a stray non-string value would be written as a number or a dictionary).
  if (info.title) infoDict.Title = String(info.title);
  if (info.author) infoDict.Author = String(info.author);
  if (info.subject) infoDict.Subject = String(info.subject);
  if (info.keywords) infoDict.Keywords = String(info.keywords);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const doc: any = new CollectingDocument({ autoFirstPage: false, font: null, pdfVersion: '1.7', compress: true, info: infoDict });
  // No XMP packet: pdfkit writes Info values into it unescaped (a '&' in a title would make it
  // invalid XML) and as latin-1; the Info dictionary carries the same fields.
  doc.endMetadata = (): void => {};
  // Name trees must be sorted by the keys' bytes (§7.9.6), not by the locale.
  doc._root.data.Names.data.Dests._compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return {
    doc: doc as PdfDocLike,
    finish(): Uint8Array {
      doc.end();
      const out = doc._quireOut as Collected;
      if (!out.ended) throw new Error('pdfkit did not finish the document synchronously (an object was left open)');
      return Buffer.concat(out.chunks);
    },
  };
}
