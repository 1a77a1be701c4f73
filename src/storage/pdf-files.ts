// Generated PDFs in the object store: key pdfs/<generation_id>.pdf (DATA_DIR/pdfs/ on disk, the same key in a bucket).
// In: a generation's file name and PDF bytes. Out: the stored size, a (ranged) stream, removals.
import { pdfKey, type ByteRange, type ObjectBody, type ObjectStore } from './objects.ts';

/** `<uuid v4>.pdf`, lower-case: the only file names ever written or served. */
export const PDF_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;

function checked(fileName: string): string {
  if (!PDF_FILE_NAME.test(fileName)) throw new TypeError(`not a PDF file name: ${JSON.stringify(fileName)}`);
  return pdfKey(fileName);
}

/** The PDFs of generations; every method takes a file name matching PDF_FILE_NAME (else it rejects with TypeError). */
export class PdfFiles {
  constructor(readonly objects: ObjectStore) {}

  /**
   * Stores the PDF whole (disk: temporary file, flush, rename; S3: one PutObject), so the name never
   * points at a partial file. Returns the stored size in bytes. Rejects on I/O or S3 errors.
   */
  async write(fileName: string, bytes: Uint8Array): Promise<number> {
    return this.objects.put(checked(fileName), bytes, 'application/pdf');
  }

  /** Size in bytes of a stored PDF, or null when it does not exist (or the name is invalid). */
  async size(fileName: string): Promise<number | null> {
    return PDF_FILE_NAME.test(fileName) ? this.objects.size(pdfKey(fileName)) : null;
  }

  /** The stored PDF (or `range` of it) as a stream, or null when there is none. */
  async open(fileName: string, range?: ByteRange): Promise<ObjectBody | null> {
    return this.objects.open(checked(fileName), range);
  }

  /** Deletes stored PDFs; missing ones are not an error. */
  async remove(...fileNames: string[]): Promise<void> {
    return this.objects.remove(fileNames.map(checked));
  }
}
