// The object store on local disk (the default): DATA_DIR/pdfs/<generation_id>.pdf and DATA_DIR/assets/<id>,
// each written to a temporary file, flushed and renamed. In: keys and bytes. Out: sizes, read streams, listings.
import { randomUUID } from 'node:crypto';
import { close, createReadStream, fdatasync, mkdirSync, open as openFd, rename, write } from 'node:fs';
import { lstat, open, opendir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type ByteRange, type ObjectBody, type ObjectEntry, type ObjectFolder, type ObjectStore } from './objects.ts';

/** Temporary files of `put()`: `.tmp-<uuid>`. */
const TMP_FILE_NAME = /^\.tmp-[0-9a-f-]{36}$/;
const FOLDERS: readonly ObjectFolder[] = ['pdfs', 'assets'];

/** A temporary file the start-up sweep removed. */
export interface SweptTemporary { folder: ObjectFolder; name: string; bytes: number }

const missing = (e: unknown): boolean => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Creates `tmp` (it must not exist), writes all of `data`, flushes it (fdatasync), closes it and
 * renames it to `target`. Rejects with the first error, the descriptor closed; `tmp` may be left.
 */
function writeDurably(tmp: string, target: string, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    openFd(tmp, 'wx', 0o644, (err, fd) => {
      if (err) return reject(err);
      const closeWith = (e: Error | null) => close(fd, (ce) => {
        if (e || ce) reject(e ?? ce);
        else rename(tmp, target, (re) => (re ? reject(re) : resolve()));
      });
      const from = (offset: number): void => {
        if (offset >= data.byteLength) {
          fdatasync(fd, closeWith);
          return;
        }
        write(fd, data, offset, data.byteLength - offset, null, (we, n) => (we ? closeWith(we) : from(offset + n)));
      };
      from(0);
    });
  });
}

/** Objects as files under `root` (one folder per key folder, created here). */
export class DiskObjects implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly location: string;

  constructor(readonly root: string) {
    for (const f of FOLDERS) mkdirSync(path.join(root, f), { recursive: true });
    this.location = root;
  }

  /** Absolute path of a key. Throws TypeError for a key outside OBJECT_KEY. */
  pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  /**
   * Writes to `.tmp-<uuid>` in the key's folder, flushes it to disk and renames it to the key, so
   * the name never points at a partial file; resolves to the bytes written (all of `data`: the file
   * was new). On an I/O error the temporary file is removed. Through node:fs's callbacks, one
   * promise for the whole write (a FileHandle and a promise per step cost the service's main
   * thread about a fifth more per stored PDF, and a stat after the rename another round trip).
   */
  async put(key: string, data: Uint8Array, _contentType?: string): Promise<number> {
    const target = this.pathOf(key);
    const tmp = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
    try {
      await writeDurably(tmp, target, data);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
    return data.byteLength;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const file = this.pathOf(key);
    try {
      const fh = await open(file, 'r');
      try {
        return await fh.readFile();
      } finally {
        await fh.close();
      }
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const st = await stat(this.pathOf(key));
      return st.isFile() ? st.size : null;
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  /** Opens the file first (so a file removed meanwhile still streams whole), then streams `range` of it. */
  async open(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    let fh;
    try {
      fh = await open(this.pathOf(key), 'r');
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    const st = await fh.stat();
    if (!st.isFile()) {
      await fh.close();
      return null;
    }
    const start = range?.start ?? 0;
    const end = range ? Math.min(range.end, st.size - 1) : st.size - 1;
    const body = createReadStream('', { fd: fh, start, end: Math.max(start, end), autoClose: true });
    return { body, length: Math.max(0, end - start + 1), size: st.size };
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await unlink(this.pathOf(key)).catch((e) => { if (!missing(e)) throw e; });
  }

  async *list(folder: ObjectFolder): AsyncIterable<ObjectEntry> {
    const dir = path.join(this.root, folder);
    for await (const entry of await opendir(dir)) {
      const key = `${folder}/${entry.name}`;
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      try {
        const st = await lstat(path.join(dir, entry.name));
        yield { key, size: st.size, modified: st.mtime };
      } catch (e) {
        if (!missing(e)) throw e;
      }
    }
  }

  /**
   * Removes the temporary files an interrupted `put()` left (DECISIONS.md "PDF files"): those last
   * modified before `olderThan` (the start of this instance, to which the folder belongs: younger
   * ones are its own writes in progress; default: all). Returns what it removed.
   */
  async sweepTemporary(olderThan = new Date(8.64e15)): Promise<SweptTemporary[]> {
    const removed: SweptTemporary[] = [];
    for (const folder of FOLDERS) {
      const dir = path.join(this.root, folder);
      for await (const entry of await opendir(dir)) {
        if (!TMP_FILE_NAME.test(entry.name)) continue;
        const file = path.join(dir, entry.name);
        try {
          const st = await lstat(file);
          if (!st.isFile() || st.mtime >= olderThan) continue;
          await unlink(file);
          removed.push({ folder, name: entry.name, bytes: st.size });
        } catch (e) {
          if (!missing(e)) throw e;
        }
      }
    }
    return removed;
  }

  async ping(): Promise<void> {
    await stat(path.join(this.root, 'pdfs'));
  }

  async close(): Promise<void> {}
}
