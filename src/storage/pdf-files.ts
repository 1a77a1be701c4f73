// PDF files on local disk: DATA_DIR/pdfs/<generation_id>.pdf, written to a temporary file and renamed.
// In: a generation id and PDF bytes. Out: the stored file's size, its path, a read stream, or a start-up sweep.
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { lstat, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** `<uuid v4>.pdf`, lower-case: the only file names ever written or served. */
export const PDF_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;

/** Temporary files of `write()`: `.tmp-<uuid>`. */
const TMP_FILE_NAME = /^\.tmp-[0-9a-f-]{36}$/;

/** A file the start-up sweep removed, and why. */
export interface SweptFile { name: string; bytes: number; reason: 'temporary' | 'unrecorded' }

/** The folder of generated PDFs; every method takes a file name matching PDF_FILE_NAME. */
export class PdfFiles {
  /** Creates `dir` if needed. */
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Absolute path of `fileName`. Throws TypeError when the name does not match PDF_FILE_NAME. */
  pathOf(fileName: string): string {
    if (!PDF_FILE_NAME.test(fileName)) throw new TypeError(`not a PDF file name: ${JSON.stringify(fileName)}`);
    return path.join(this.dir, fileName);
  }

  /**
   * Writes `bytes` to a temporary file in the same folder, flushes it to disk and renames it to
   * `fileName`, so the name never points at a partial file. Returns the stored size in bytes.
   * Throws on I/O errors (the temporary file is removed).
   */
  async write(fileName: string, bytes: Uint8Array): Promise<number> {
    const target = this.pathOf(fileName);
    const tmp = path.join(this.dir, `.tmp-${randomUUID()}`);
    const fh = await open(tmp, 'wx', 0o644);
    try {
      await fh.writeFile(bytes);
      await fh.datasync();
    } catch (e) {
      await fh.close().catch(() => {});
      await unlink(tmp).catch(() => {});
      throw e;
    }
    await fh.close();
    try {
      await rename(tmp, target);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
    return (await stat(target)).size;
  }

  /** Size in bytes of a stored file, or null when it does not exist (or the name is invalid). */
  async size(fileName: string): Promise<number | null> {
    if (!PDF_FILE_NAME.test(fileName)) return null;
    try {
      const st = await stat(this.pathOf(fileName));
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  }

  /** A read stream of a stored file (check `size()` first). */
  stream(fileName: string): ReadStream {
    return createReadStream(this.pathOf(fileName));
  }

  /** Deletes a stored file; missing files are not an error. */
  async remove(fileName: string): Promise<void> {
    await unlink(this.pathOf(fileName)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  /**
   * Removes what a crash can leave behind (DECISIONS.md "PDF files"): temporary files of an
   * interrupted write, and PDFs that were renamed into place but whose generation was never
   * recorded (`isRecorded(fileName)` false; they would never be served or counted). Run it at
   * start, before serving, while no write is in flight: the folder belongs to one running
   * service. Other files are left alone. Returns what it removed.
   */
  async sweep(isRecorded: (fileName: string) => boolean | Promise<boolean>): Promise<SweptFile[]> {
    const removed: SweptFile[] = [];
    for await (const entry of await opendir(this.dir)) {
      const name = entry.name;
      const reason = TMP_FILE_NAME.test(name) ? 'temporary' : PDF_FILE_NAME.test(name) && !(await isRecorded(name)) ? 'unrecorded' : null;
      if (!reason) continue;
      const file = path.join(this.dir, name);
      try {
        const st = await lstat(file);
        if (!st.isFile()) continue;
        await unlink(file);
        removed.push({ name, bytes: st.size, reason });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    return removed;
  }
}
