// Two instances, one state (issue 13): two real Quire processes on one PostgreSQL database and one S3
// bucket (s3rver). 200 concurrent requests spread over both for an account with 50 generations left give
// exactly 50 PDFs (50 objects, 50 rows) and 150 QUOTA_EXCEEDED; a PDF made through one downloads through
// the other; a key deleted in one's dashboard is refused by the other at once.
// In: a PostgreSQL installation (else a visible skip), s3rver, child processes. Out: node:test results.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { openStore, type S3Settings, type Store } from '../../src/storage/store.ts';
import { Client } from '../dashboard/helpers.ts';
import { postgresSkip } from '../storage/drivers.ts';
import { createTestSchema } from '../storage/pg-server.ts';
import { createTestBucket, s3Env } from '../storage/s3-server.ts';
import { tempDir } from '../tmp.ts';
import { spawnServer, type ServerProcess } from './server-process.ts';

async function objectKeys(store: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.objects.list('pdfs')) out.push(o.key.slice('pdfs/'.length));
  return out.sort();
}

describe('two Quire processes on one PostgreSQL and one S3 bucket', { skip: postgresSkip() }, () => {
  let schema: { url: string; drop(): Promise<void> };
  let s3: S3Settings;
  let store: Store;
  const servers: ServerProcess[] = [];

  before(async () => {
    schema = await createTestSchema();
    s3 = await createTestBucket();
    store = await openStore(tempDir('quire-two-seed-'), schema.url, { s3 });
    const env = { DATABASE_URL: schema.url, ...s3Env(s3), RENDER_WORKERS: '2', RENDER_QUEUE: '300' };
    // each its own DATA_DIR: nothing is shared but the database and the bucket
    servers.push(...await Promise.all([1, 2].map(() => spawnServer({ dataDir: tempDir('quire-two-'), env, timeoutMs: 240000 }))));
  }, { timeout: 300000 });

  after(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await store?.close();
    await schema?.drop();
  });

  test('200 requests over both, 50 left: exactly 50 PDFs (50 objects, 50 rows), 150 QUOTA_EXCEEDED; downloads and key deletion cross over', { timeout: 600000 }, async (t) => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    // an account made through instance one's dashboard (free plan: 300 a month), 250 generations already this month
    const dash = new Client(one.url);
    const email = await dash.signUp();
    const account = (await store.findAccountByEmail(email))!;
    const key = await store.createKey(account.id, new Date(), 'production');
    const template = await store.createTemplate({
      accountId: account.id, name: 'Invoice', html: '<h1>Invoice {{n}}</h1><p>Two instances, one state.</p>', variables: [{ name: 'n', type: 'number' }],
    }, new Date());
    for (let i = 0; i < 250; i++) {
      const id = randomUUID();
      await store.recordGenerationWithinQuota({ id, accountId: account.id, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 1, renderMs: 0 }, null, new Date());
    }

    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 200 }, async (_, i) => {
      const via = i % 2 ? two : one;
      const res = await fetch(`${via.url}/functions/v1/generate-pdf-preview`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key },
        body: JSON.stringify({ templateId: template.id, variables: { n: i } }),
      });
      return { via: i % 2, status: res.status, body: await res.json() };
    }));
    const ms = performance.now() - t0;
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 403);
    assert.equal(ok.length, 50, JSON.stringify(results.map((r) => r.status)));
    assert.equal(refused.length, 150);
    for (const r of refused) assert.deepEqual(Object.keys(r.body).sort(), ['code', 'error', 'status']);
    for (const r of refused) assert.equal(r.body.code, 'QUOTA_EXCEEDED');
    assert.ok(ok.some((r) => r.via === 0) && ok.some((r) => r.via === 1), 'both instances generated');

    const rows = (await store.listGenerations(account.id)).filter((g) => g.templateId === template.id);
    assert.equal(rows.length, 50, '50 rows');
    assert.equal(await store.countThisMonth(account.id, new Date()), 300);
    assert.deepEqual(await objectKeys(store), rows.map((g) => g.fileName).sort(), '50 objects, one per row, none without');
    for (const r of ok) assert.equal(rows.find((g) => g.id === r.body.generation_id)!.bytes, r.body.file_size);

    // a PDF made through one instance downloads through the other (and the other way round)
    for (const made of [ok.find((r) => r.via === 0)!, ok.find((r) => r.via === 1)!]) {
      const other = made.via === 0 ? two : one;
      const res = await fetch(`${other.url}${new URL(made.body.pdf_url).pathname}`);
      assert.equal(res.status, 200);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.length, made.body.file_size);
      assert.equal(res.headers.get('content-length'), String(made.body.file_size));
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    }

    // a key deleted in instance one's dashboard is refused by instance two at once
    await dash.get(`/dashboard/keys/${key.id}/delete`);
    const del = await dash.form(`/dashboard/keys/${key.id}/delete`);
    assert.equal(del.status, 303, del.text.slice(0, 300));
    const refusedNow = await fetch(`${two.url}/functions/v1/generate-pdf-preview`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key },
      body: JSON.stringify({ templateId: template.id, variables: { n: 1 } }),
    });
    assert.equal(refusedNow.status, 401);
    assert.equal((await refusedNow.json()).code, 'UNAUTHORIZED');
    t.diagnostic(`200 requests over two processes took ${ms.toFixed(0)} ms`);
  });
});
