// Orphan objects and PDF retention: objects whose row was never written (a crash between the upload
// and the row), and PDFs older than PDF_RETENTION_DAYS. In: a Store and times. Out: what was removed.
import { PDF_FILE_NAME } from './pdf-files.ts';
import type { ObjectEntry, ObjectFolder } from './objects.ts';
import type { Store } from './repository.ts';

/** An object the sweep removed, and why. */
export interface SweptObject { folder: ObjectFolder; name: string; bytes: number; reason: 'unrecorded' }

/** Asset ids are random UUIDs. */
const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BATCH = 500;

/**
 * Removes PDFs without a generation row and asset bytes without an asset row, among the objects
 * last modified before `olderThan` (younger ones may belong to an upload whose row is still being
 * written, by this instance or another). Objects whose names Quire never writes are left alone.
 * Lists the whole store: run it at start (disk, before serving: `olderThan` = now) or rarely
 * (S3: `olderThan` an hour back, by the holder of the maintenance lock). Returns what it removed.
 */
export async function sweepOrphans(store: Store, olderThan: Date): Promise<SweptObject[]> {
  const removed: SweptObject[] = [];
  const folders: Array<{ folder: ObjectFolder; id: (name: string) => string | null; existing: (ids: string[]) => Promise<Set<string>> }> = [
    { folder: 'pdfs', id: (n) => (PDF_FILE_NAME.test(n) ? n.slice(0, -'.pdf'.length) : null), existing: (ids) => store.existingGenerations(ids) },
    { folder: 'assets', id: (n) => (ASSET_ID.test(n) ? n : null), existing: (ids) => store.assets.existing(ids) },
  ];
  for (const f of folders) {
    let batch: Array<{ entry: ObjectEntry; id: string }> = [];
    const flush = async () => {
      const known = await f.existing(batch.map((b) => b.id));
      const gone = batch.filter((b) => !known.has(b.id));
      batch = [];
      if (gone.length === 0) return;
      await store.objects.remove(gone.map((g) => g.entry.key));
      for (const g of gone) removed.push({ folder: f.folder, name: g.entry.key.slice(f.folder.length + 1), bytes: g.entry.size, reason: 'unrecorded' });
    };
    for await (const entry of store.objects.list(f.folder)) {
      const id = f.id(entry.key.slice(f.folder.length + 1));
      if (id === null || entry.modified >= olderThan) continue;
      batch.push({ entry, id });
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
  }
  return removed;
}

/**
 * Deletes the PDFs of generations created before `now` − `days` (from the object store first, then
 * the rows are marked `pdf_deleted_at`; a crash in between deletes again, harmlessly), `batch` at a
 * time, until none is left. The rows stay for the usage history. Call it inside
 * `store.exclusively()`, so no two instances delete the same thing. Returns the number deleted.
 */
export async function expirePdfs(store: Store, now: Date, days: number, batch = 500): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let deleted = 0;
  for (;;) {
    const due = await store.pdfsToExpire(before, batch);
    if (due.length === 0) return deleted;
    await store.pdfs.remove(...due.map((d) => d.fileName));
    deleted += await store.markPdfsDeleted(due.map((d) => d.id), now);
  }
}
