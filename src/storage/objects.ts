// The object store: where PDF bytes and template asset bytes live (a local folder by default, an
// S3-compatible bucket with S3_BUCKET). In: keys and bytes. Out: sizes, byte ranges as streams, listings.
import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (RFC 9110 §14.1.2), already checked against the object's size. */
export interface ByteRange { start: number; end: number }

/** An object opened for reading: its body (the whole object, or `range` of it) and its full size. */
export interface ObjectBody {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** Bytes of the whole object. */
  size: number;
}

/** One listed object. */
export interface ObjectEntry { key: string; size: number; modified: Date }

/**
 * Objects by key. Keys are `<folder>/<name>`: folder `pdfs` or `assets`, name of letters, digits,
 * `.`, `_` and `-` not starting with a dot (see OBJECT_KEY); any other key is a TypeError.
 * Writes are all-or-nothing: a reader sees the whole object or none.
 */
export interface ObjectStore {
  /** 'disk' (DATA_DIR) or 's3' (S3_BUCKET). */
  readonly kind: 'disk' | 's3';
  /** Where the objects are, for logs: a folder path or `s3://bucket/prefix`. */
  readonly location: string;
  /** Stores `data` under `key` (replacing any), resolves to the stored size in bytes. */
  put(key: string, data: Uint8Array, contentType: string): Promise<number>;
  /** The whole object in memory, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object (or `range` of it) as a stream, or null when there is none. */
  open(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  /** Deletes objects; missing ones are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object under `folder` (`pdfs` or `assets`), in no particular order; temporary files are not objects. */
  list(folder: ObjectFolder): AsyncIterable<ObjectEntry>;
  /** Rejects when the store cannot answer (the health check). */
  ping(): Promise<void>;
  /** Releases connections; further calls may reject. */
  close(): Promise<void>;
}

export type ObjectFolder = 'pdfs' | 'assets';

/** The only keys the object stores accept. */
export const OBJECT_KEY = /^(pdfs|assets)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws TypeError unless `key` matches OBJECT_KEY. */
export function checkKey(key: string): string {
  if (!OBJECT_KEY.test(key)) throw new TypeError(`not an object key: ${JSON.stringify(key)}`);
  return key;
}

/** The key of a PDF file name (`<generation_id>.pdf`). */
export const pdfKey = (fileName: string): string => checkKey(`pdfs/${fileName}`);
/** The key of an asset's bytes (by asset id). */
export const assetKey = (assetId: string): string => checkKey(`assets/${assetId}`);

/** What an ObjectStore operation reports to an observer (metrics): its name, seconds taken, success. */
export type StoreObserver = (store: 'database' | 'objects', op: string, seconds: number, ok: boolean) => void;

const TIMED_OBJECT_OPS = ['put', 'get', 'size', 'open', 'remove', 'ping'] as const;

/** `objects` with every operation (but list and close) timed into `observe`. */
export function observedObjects(objects: ObjectStore, observe: StoreObserver): ObjectStore {
  const timed = Object.create(objects) as ObjectStore;
  for (const op of TIMED_OBJECT_OPS) {
    const f = (objects[op] as (...a: unknown[]) => Promise<unknown>).bind(objects);
    (timed as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => timeCall('objects', op, observe, () => f(...args));
  }
  return timed;
}

/** Runs `f` and reports its duration to `observe` (ok or not); returns or rethrows its outcome. */
export async function timeCall<T>(store: 'database' | 'objects', op: string, observe: StoreObserver, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    const out = await f();
    observe(store, op, (performance.now() - t0) / 1000, true);
    return out;
  } catch (e) {
    observe(store, op, (performance.now() - t0) / 1000, false);
    throw e;
  }
}
