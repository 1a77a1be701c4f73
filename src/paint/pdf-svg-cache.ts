// Process-wide cache of drawn SVG forms. In: the PDF objects one SVG drawing created (recorded while svg-to-pdfkit ran).
// Out: the same objects written again into another PDF (references renumbered), so a logo is drawn once per process, not once per render.
import type { PdfDocLike, PdfRef } from './pdf-doc.ts';
import { ByteLru } from '../byte-lru.ts';

/** One indirect object created while drawing: its final dictionary (without Length, and Filter when pdfkit compressed it) and stream chunks. */
interface RecordedObject { ref: PdfRef; data: Record<string, unknown>; chunks: (string | Uint8Array)[]; ended: boolean }

/** A recorded drawing: the form's content and resources and the objects they reference, in creation order. */
export interface SvgRecording {
  content: Buffer;
  /** `content` deflated at STREAM_LEVEL (as the document deflates streams), so a replay writes it without deflating again. */
  deflated: Buffer;
  resources: Record<string, unknown>;
  objects: RecordedObject[];
  /** Order in which the objects were ended (indexes into objects). */
  endOrder: number[];
  bytes: number;
  /** svg-to-pdfkit's warnings while drawing, repeated on each replay. */
  warnings: string[];
}

const MAX_ENTRIES = 128;
const MAX_BYTES = 16 * 1024 * 1024;
/** Recordings by the SVG text's hash: at most 128, together at most 16 MB (each at most an eighth of it). */
const cache = new ByteLru<string, SvgRecording>({ maxBytes: MAX_BYTES, maxEntries: MAX_ENTRIES });

function isRef(v: unknown): v is PdfRef {
  return typeof v === 'object' && v !== null && typeof (v as PdfRef).end === 'function' && 'data' in v && 'id' in v;
}

/**
 * Records every indirect object `doc.ref()` creates until `stop()`. Returns the recorder; the
 * document's ref() is restored by stop(). Objects keep working normally (they are written to
 * `doc` as usual); the recording only keeps copies.
 */
export function startRecording(doc: PdfDocLike): { stop(): void; objects: RecordedObject[]; endOrder: number[] } {
  const objects: RecordedObject[] = [];
  const endOrder: number[] = [];
  const d = doc as unknown as { ref: (data?: Record<string, unknown>) => PdfRef };
  const original = d.ref;
  d.ref = function (this: unknown, data?: Record<string, unknown>): PdfRef {
    const ref = original.call(doc, data);
    const rec: RecordedObject = { ref, data: {}, chunks: [], ended: false };
    const index = objects.push(rec) - 1;
    const write = ref.write.bind(ref), end = ref.end.bind(ref);
    const compress = (ref as unknown as { compress: boolean }).compress;
    ref.write = (chunk: Uint8Array | string): void => { rec.chunks.push(chunk); write(chunk); };
    ref.end = (chunk?: Uint8Array | string): void => {
      if (chunk) ref.write(chunk);
      const snapshot: Record<string, unknown> = { ...ref.data };
      delete snapshot.Length;
      if (compress) delete snapshot.Filter;
      rec.data = snapshot;
      rec.ended = true;
      endOrder.push(index);
      (ref as unknown as { write: unknown }).write = write;
      end();
    };
    return ref;
  };
  return { objects, endOrder, stop(): void { d.ref = original; } };
}

/**
 * True when everything the recording references is inside it (no object of the document made
 * before, e.g. a cached ExtGState or font), so it can be replayed into another document.
 */
export function selfContained(objects: RecordedObject[], resources: Record<string, unknown>): boolean {
  const own = new Set<PdfRef>(objects.map((o) => o.ref));
  if (objects.some((o) => !o.ended)) return false;
  let ok = true;
  const walk = (v: unknown, depth: number): void => {
    if (!ok || depth > 64) { ok = false; return; }
    if (isRef(v)) { if (!own.has(v)) ok = false; return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return; }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(resources, 0);
  for (const o of objects) walk(o.data, 0);
  return ok;
}

/** The cached recording for `key`, or undefined (a hit becomes the most recent entry). */
export function cachedRecording(key: string): SvgRecording | undefined {
  return cache.get(key);
}

/** Stores a recording (dropping the least recently used past MAX_ENTRIES / MAX_BYTES). */
export function storeRecording(key: string, rec: SvgRecording): void {
  if (rec.bytes > MAX_BYTES / 8) return;
  cache.set(key, rec, rec.bytes);
}

/** Size of a recording's stream data in bytes (for the cache bound). */
export function recordingBytes(content: Buffer, objects: RecordedObject[]): number {
  let n = content.length;
  for (const o of objects) for (const c of o.chunks) n += typeof c === 'string' ? c.length : c.byteLength;
  return n;
}

/**
 * Writes a recording's objects into `doc` (new object numbers, references mapped) and returns the
 * form's resources dictionary pointing at them.
 */
export function replay(doc: PdfDocLike, rec: SvgRecording): Record<string, unknown> {
  const map = new Map<PdfRef, PdfRef>();
  const fresh = rec.objects.map((o) => {
    const r = doc.ref({});
    map.set(o.ref, r);
    return r;
  });
  const clone = (v: unknown): unknown => {
    if (isRef(v)) return map.get(v) ?? v;
    if (Array.isArray(v)) return v.map(clone);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = clone(x);
      return out;
    }
    return v;
  };
  rec.objects.forEach((o, i) => {
    const r = fresh[i]!;
    r.data = clone(o.data) as Record<string, unknown>;
    // pdfkit decides compression when the object is made; with its data known only now, decide again.
    (r as unknown as { compress: boolean }).compress = (doc as unknown as { compress: boolean }).compress && !r.data.Filter;
  });
  for (const i of rec.endOrder) {
    const r = fresh[i]!;
    for (const c of rec.objects[i]!.chunks) r.write(c);
    r.end();
  }
  return clone(rec.resources) as Record<string, unknown>;
}
