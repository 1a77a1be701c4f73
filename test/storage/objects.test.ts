// The object store contract on both drivers (a DATA_DIR folder, a bucket on a real S3-protocol server):
// whole and ranged reads, strict keys, listings, removal; the disk driver's temporary files; the orphan sweep.
// In: temporary folders and buckets (s3rver). Out: node:test results.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, test } from 'node:test';
import { DiskObjects } from '../../src/storage/disk-objects.ts';
import type { ObjectStore } from '../../src/storage/objects.ts';
import { S3Objects } from '../../src/storage/s3-objects.ts';
import { openStore, type Store } from '../../src/storage/store.ts';
import { sweepOrphans } from '../../src/storage/sweep.ts';
import { tempDir } from '../tmp.ts';
import { createTestBucket } from './s3-server.ts';

const kinds = {
  disk: async (): Promise<ObjectStore> => new DiskObjects(tempDir('quire-obj-')),
  s3: async (): Promise<ObjectStore> => new S3Objects(await createTestBucket()),
};

const enc = (s: string) => new TextEncoder().encode(s);

for (const [kind, open] of Object.entries(kinds)) {
  describe(`object store contract: ${kind}`, () => {
    let objects: ObjectStore;
    before(async () => { objects = await open(); });
    after(() => objects.close());

    test('put, size, get, open whole and ranged, remove; missing objects are null', async () => {
      const key = `pdfs/${randomUUID()}.pdf`;
      assert.equal(await objects.put(key, enc('0123456789abcdef'), 'application/pdf'), 16);
      assert.equal(await objects.size(key), 16);
      assert.equal(Buffer.from((await objects.get(key))!).toString(), '0123456789abcdef');
      const whole = (await objects.open(key))!;
      assert.deepEqual([whole.length, whole.size, await text(whole.body)], [16, 16, '0123456789abcdef']);
      const part = (await objects.open(key, { start: 3, end: 7 }))!;
      assert.deepEqual([part.length, part.size, await text(part.body)], [5, 16, '34567']);
      const tail = (await objects.open(key, { start: 14, end: 15 }))!;
      assert.deepEqual([tail.length, await text(tail.body)], [2, 'ef']);
      await objects.put(key, enc('replaced'), 'application/pdf');
      assert.equal(await objects.size(key), 8, 'a put replaces');
      await objects.remove([key]);
      await objects.remove([key]);
      assert.equal(await objects.size(key), null);
      assert.equal(await objects.get(key), null);
      assert.equal(await objects.open(key), null);
    });

    test('only pdfs/… and assets/… keys of plain names', async () => {
      for (const bad of ['../quire.db', 'pdfs/../quire.db', 'pdfs/.tmp-x', 'other/x', 'pdfs/a/b', 'pdfs/']) {
        await assert.rejects(objects.put(bad, enc('x'), 'text/plain'), TypeError, bad);
        await assert.rejects(objects.size(bad), TypeError, bad);
      }
    });

    test('list gives every object of a folder with size and time, nothing else', async () => {
      const names = Array.from({ length: 3 }, () => randomUUID());
      for (const n of names) await objects.put(`assets/${n}`, enc(n.slice(0, 5)), 'application/octet-stream');
      await objects.put(`pdfs/${randomUUID()}.pdf`, enc('p'), 'application/pdf');
      const listed = [];
      for await (const o of objects.list('assets')) listed.push(o);
      assert.deepEqual(listed.map((o) => o.key).sort(), names.map((n) => `assets/${n}`).sort());
      for (const o of listed) {
        assert.equal(o.size, 5);
        assert.ok(Math.abs(o.modified.getTime() - Date.now()) < 120000, `modified ${o.modified.toISOString()}`);
      }
      await objects.remove(listed.map((o) => o.key));
    });

    test('ping answers', async () => {
      await objects.ping();
    });
  });
}

test('disk: a put leaves no temporary file; the start-up sweep removes those a crash left, and nothing else', async () => {
  const root = tempDir('quire-obj-');
  const objects = new DiskObjects(root);
  const key = `pdfs/${randomUUID()}.pdf`;
  await objects.put(key, enc('%PDF'), 'application/pdf');
  assert.deepEqual(readdirSync(path.join(root, 'pdfs')), [key.slice(5)]);
  const tmp = [`.tmp-${randomUUID()}`, `.tmp-${randomUUID()}`];
  writeFileSync(path.join(root, 'pdfs', tmp[0]!), '');
  writeFileSync(path.join(root, 'assets', tmp[1]!), 'half');
  writeFileSync(path.join(root, 'pdfs', 'notes.txt'), 'mine');
  const swept = await objects.sweepTemporary();
  assert.deepEqual(swept.map((s) => `${s.folder}/${s.name}`).sort(), [`pdfs/${tmp[0]}`, `assets/${tmp[1]}`].sort());
  assert.deepEqual(readdirSync(path.join(root, 'pdfs')).sort(), [key.slice(5), 'notes.txt'].sort());
  const listed = [];
  for await (const o of objects.list('pdfs')) listed.push(o.key);
  assert.deepEqual(listed.sort(), [key, 'pdfs/notes.txt'].sort(), 'temporary files are never listed');
  // a write in progress (modified after the instance started) is not swept
  const young = `.tmp-${randomUUID()}`;
  writeFileSync(path.join(root, 'pdfs', young), 'writing');
  const started = new Date(Date.now() - 60_000);
  assert.deepEqual(await objects.sweepTemporary(started), []);
  utimesSync(path.join(root, 'pdfs', young), new Date(started.getTime() - 1000), new Date(started.getTime() - 1000));
  assert.deepEqual((await objects.sweepTemporary(started)).map((x) => x.name), [young]);
});

for (const kind of ['disk', 's3'] as const) {
  test(`orphan sweep (${kind}): objects without a row and older than the limit go; recorded, young and foreign ones stay`, async () => {
    const dataDir = tempDir('quire-sweep-');
    const store: Store = await openStore(dataDir, null, { s3: kind === 's3' ? await createTestBucket() : undefined });
    try {
      const now = new Date();
      const a = await store.createAccount('sweep@example.com', 'pro', now);
      const t = await store.createTemplate({ accountId: a.id, name: 't', html: '<p>x</p>', variables: [] }, now);
      const recorded = randomUUID();
      await store.pdfs.write(`${recorded}.pdf`, enc('%PDF recorded'));
      await store.recordGenerationWithinQuota({ id: recorded, accountId: a.id, templateId: t.id, apiKeyId: null, fileName: `${recorded}.pdf`, bytes: 13, renderMs: 1 }, null, now);
      const asset = await store.assets.put({ templateId: t.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: enc('png') }, now);
      const orphanPdf = `${randomUUID()}.pdf`;
      const orphanAsset = randomUUID();
      await store.pdfs.write(orphanPdf, enc('%PDF orphan'));
      await store.objects.put(`assets/${orphanAsset}`, enc('bytes'), 'application/octet-stream');
      await store.objects.put('pdfs/README', enc('not ours'), 'text/plain');

      assert.deepEqual(await sweepOrphans(store, new Date(Date.now() - 3600_000)), [], 'young orphans stay (their row may be on its way)');
      const removed = await sweepOrphans(store, new Date(Date.now() + 2000));
      assert.deepEqual(removed.map((r) => `${r.folder}/${r.name}`).sort(), [`assets/${orphanAsset}`, `pdfs/${orphanPdf}`].sort());
      assert.equal(await store.pdfs.size(orphanPdf), null);
      assert.equal(await store.pdfs.size(`${recorded}.pdf`), 13);
      assert.equal(Buffer.from((await store.assets.data(asset))!).toString(), 'png');
      assert.equal(await store.objects.size('pdfs/README'), 8);
    } finally {
      await store.close();
    }
  });
}
