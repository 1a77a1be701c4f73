/**
 * The slice of pdfkit the writer uses: its object store (indirect objects and their
 * serialisation, Info, file ID) and page objects. In: document info and a creation date. Out: a
 * PDFDocument whose objects are collected and laid out by pdf-file.ts (object streams, a
 * cross-reference stream), synchronously.
 *
 * pdfkit is used as the PDF container only: content streams, fonts and images are written by
 * src/paint/pdf*.ts, never through pdfkit's text()/image() (they re-shape and re-measure).
 * pdfkit's file ID is an MD5 of the Info values and CreationDate, and stream compression is
 * zlib's deterministic deflate, so identical input and date give identical bytes.
 */
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { layoutFile, type WrittenObject } from './pdf-file.ts';

/**
 * zlib levels. Page content streams grow with the document, so they take level 3: on the
 * 22-page 1,000-row table, 0.2 ms a page against 0.5 ms at level 6, for 6% more bytes (85 vs
 * 80 KB). Everything else (font programs, ToUnicode maps, forms, object and cross-reference
 * streams) is small and written once per document: level 6. Decoded images are deflated at
 * level 9 once per process (pdf-images.ts caches them).
 */
export const CONTENT_LEVEL = 3;
export const STREAM_LEVEL = 6;

/**
 * Streams pdfkit would deflate that are shorter than this are written as they are (no /Filter): zlib's 6 bytes of
 * header and checksum and the 21 of '/Filter /FlateDecode' outweigh what deflate saves on a few operators. In both
 * fidelity corpora 99 of the 171 such streams (opacity groups' and clips' form XObjects) were 6 to 61 bytes, each
 * deflated to at most 2 bytes less (6 to 14, 60 to 62 bytes); the next shortest was 426 (176 deflated). Each deflate
 * costs a zlib stream set up and torn down, 20-40 µs: btcpay-receipt's four opacity groups deflated 138 bytes to 135.
 */
const STORED_MAX = 128;

/** A pdfkit indirect object (PDFReference): `data` is its dictionary, `end()` writes it. */
export interface PdfRef {
  data: Record<string, unknown>;
  write(chunk: Uint8Array | string): void;
  end(chunk?: Uint8Array | string): void;
  /**
   * Ends the object with `data` as its stream, already encoded (its dictionary names the filter):
   * the bytes are kept as given, not copied through pdfkit's buffer; the object's text is the same
   * as `end(data)` writes. An object pdfkit would deflate is ended with `end(data)`.
   */
  endStream(data: Uint8Array): void;
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

interface Collected {
  /** By object number − 1; undefined until the object is ended. */
  objects: Array<WrittenObject | undefined>;
  /** The chunks pdfkit writes for the object being finalized. */
  pending: Array<Uint8Array | string>;
  /** The encoded stream of the object being ended by endStream. */
  stream: Uint8Array | null;
  out: Uint8Array | null;
}

/**
 * PDFDocument whose objects are collected instead of streamed out: pdfkit serialises each object
 * as usual (PDFObject.convert), but what it writes comes here (`_write` while an object is being
 * finalized, `_refEnd` when it is done) and `_finalize` hands the objects to pdf-file.ts, which
 * lays the file out with object streams and a cross-reference stream.
 */
interface PdfkitInternals {
  ref(data?: Record<string, unknown>): PdfRef;
  _refEnd(ref: PdfRef): void;
}
const Base = PDFDocument as unknown as new (options: Record<string, unknown>) => PdfkitInternals;
class CollectingDocument extends Base {
  declare _quire?: Collected;
  declare _info: PdfRef & { id: number };
  declare _root: PdfRef & { id: number; data: Record<string, unknown> };
  declare _id: Uint8Array;

  private collected(): Collected {
    return (this._quire ??= { objects: [], pending: [], stream: null, out: null });
  }

  /** Every stream pdfkit would deflate is deflated here, at STREAM_LEVEL, unless shorter than STORED_MAX bytes (then written as it is). */
  ref(data?: Record<string, unknown>): PdfRef {
    const ref = super.ref(data) as PdfRef & { compress: boolean; buffer: Uint8Array[]; finalize(): void };
    const finalize = ref.finalize;
    const c = this.collected();
    ref.finalize = function (this: typeof ref): void {
      c.pending = [];
      if (this.compress && this.buffer.length) {
        const raw = Buffer.concat(this.buffer);
        this.compress = false;
        if (raw.length < STORED_MAX) {
          this.buffer = [raw];
          delete this.data.Filter; // pdfkit's write() named it
        } else {
          this.buffer = [deflateSync(raw, { level: STREAM_LEVEL })];
          this.data.Filter = 'FlateDecode';
        }
      }
      finalize.call(this);
    };
    (ref as PdfRef).endStream = function (this: typeof ref, data: Uint8Array): void {
      if (this.compress || this.buffer.length) { this.end(data); return; }
      if (this.data.Length == null) this.data.Length = 0; // where write() puts it: last, unless the dictionary has it
      this.data.Length = data.length;
      c.stream = data;
      this.end();
    };
    return ref;
  }

  /** pdfkit's output: the chunks of the object being finalized (the header and pdfkit's own xref are not used). */
  _write(data: Uint8Array | string): void {
    this.collected().pending.push(data);
  }

  /** An object is finalized: pdfkit wrote `N 0 obj`, its text, optionally `stream` data `endstream`, and `endobj`. */
  _refEnd(ref: PdfRef & { id: number }): void {
    const c = this.collected();
    const parts = c.pending;
    c.pending = [];
    const [head, text, , stream] = parts;
    if (head !== `${ref.id} 0 obj` || typeof text !== 'string' || !(parts.length === 3 || (parts.length === 6 && stream instanceof Uint8Array && !c.stream))) {
      throw new Error(`unexpected object layout from pdfkit for object ${ref.id}`);
    }
    c.objects[ref.id - 1] = { text, stream: parts.length === 6 ? (stream as Uint8Array) : c.stream };
    c.stream = null;
    super._refEnd(ref);
  }

  push(): boolean {
    return true; // nothing goes through the Readable stream
  }

  /**
   * Called by pdfkit once every object is ended. Info's values, which pdfkit writes as one
   * object each, are put inline; an empty name tree of destinations is left out of the catalog
   * (pdf-file.ts then drops what nothing refers to: those, and pdfkit's empty outline root).
   */
  _finalize(): void {
    const c = this.collected();
    const get = (id: number): WrittenObject => {
      const o = c.objects[id - 1];
      if (!o) throw new Error(`PDF object ${id} was never written`);
      return o;
    };
    const info = get(this._info.id);
    info.text = info.text.replace(/^\/(\w+) (\d+) 0 R$/gm, (_m, key: string, id: string) => `/${key} ${get(Number(id)).text}`);
    const names = this._root.data.Names as (PdfRef & { id: number; data: { Dests: { _items: Record<string, unknown> } } }) | undefined;
    if (names && Object.keys(names.data.Dests._items).length === 0) {
      const root = get(this._root.id);
      root.text = root.text.replace(`\n/Names ${names.id} 0 R`, '');
    }
    c.out = layoutFile(c.objects, this._root.id, this._info.id, this._id, STREAM_LEVEL);
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
      const out = (doc as CollectingDocument)._quire?.out;
      if (!out) throw new Error('pdfkit did not finish the document synchronously (an object was left open)');
      return out;
    },
  };
}
