// pdf_url served from the object store the harness runs on (DATA_DIR, or S3 under QUIRE_TEST_OBJECTS=s3):
// exact Content-Length, caching headers, Range (206/416), HEAD; upload before row, no row without its
// object, no object without its row. In: the real app over HTTP. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorShape, objectNames, startHarness, type Harness } from './helpers.ts';

describe('PDF downloads', () => {
  let h: Harness;
  let url: string;
  let pdf: Buffer;
  before(async () => {
    h = await startHarness();
    const { accountId, key } = await h.account();
    const templateId = await h.template(accountId, '<h1>Ranges</h1><p>{{n}}</p>', [{ name: 'n', type: 'string' }]);
    const r = await h.generate(key, { templateId, variables: { n: 'x'.repeat(200) } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    url = r.body.pdf_url;
    pdf = Buffer.from((await h.store.objects.get(`pdfs/${r.body.generation_id}.pdf`))!);
    assert.equal(pdf.length, r.body.file_size);
  });
  after(() => h.close());

  test('GET: the whole file, exact Content-Length, immutable caching, Accept-Ranges', async () => {
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('content-length'), String(pdf.length));
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(pdf));
  });

  test('HEAD: headers only, the same length', async () => {
    const res = await fetch(url, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), String(pdf.length));
    assert.equal((await res.arrayBuffer()).byteLength, 0);
  });

  test('Range: 206 with Content-Range for a range, an open range and a suffix', async () => {
    const n = pdf.length;
    for (const [header, start, end] of [['bytes=0-99', 0, 99], [`bytes=${n - 10}-`, n - 10, n - 1], ['bytes=-25', n - 25, n - 1], [`bytes=100-${n + 500}`, 100, n - 1]] as const) {
      const res = await fetch(url, { headers: { range: header } });
      assert.equal(res.status, 206, header);
      assert.equal(res.headers.get('content-range'), `bytes ${start}-${end}/${n}`, header);
      assert.equal(res.headers.get('content-length'), String(end - start + 1), header);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(pdf.subarray(start, end + 1)), header);
    }
  });

  test('Range past the end: 416 JSON with Content-Range: bytes */size; several ranges or a bad header: the whole file', async () => {
    const res = await fetch(url, { headers: { range: `bytes=${pdf.length}-` } });
    assert.equal(res.status, 416);
    assert.equal(res.headers.get('content-range'), `bytes */${pdf.length}`);
    assert.equal(errorShape(await res.json()).code, 'RANGE_NOT_SATISFIABLE');
    for (const header of ['bytes=0-9,20-29', 'bytes=abc', 'lines=1-2']) {
      const whole = await fetch(url, { headers: { range: header } });
      assert.equal(whole.status, 200, header);
      assert.equal((await whole.arrayBuffer()).byteLength, pdf.length, header);
    }
  });

  test('a file without its generation row is not served', async () => {
    const stray = '0f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.pdf';
    await h.store.pdfs.write(stray, new Uint8Array(pdf));
    try {
      const res = await fetch(`${h.url}/storage/v1/object/public/pdfs/${stray}`);
      assert.equal(res.status, 404);
      assert.equal(errorShape(await res.json()).code, 'NOT_FOUND');
    } finally {
      await h.store.pdfs.remove(stray);
    }
  });
});

describe('upload before row', () => {
  test('a failed upload: 500, no row, nothing counted, no object', async () => {
    const h = await startHarness();
    try {
      const { accountId, key } = await h.account();
      const templateId = await h.template(accountId, '<p>x</p>');
      h.store.objects.put = async () => { throw new Error('the object store is down'); };
      const r = await h.generate(key, { templateId, variables: {} });
      assert.equal(r.status, 500);
      assert.equal(errorShape(r.body).code, 'INTERNAL_ERROR');
      assert.deepEqual(await h.store.listGenerations(accountId), []);
      assert.equal(await h.store.countThisMonth(accountId, h.clock.now()), 0);
      assert.deepEqual(await objectNames(h.store, 'pdfs'), []);
    } finally {
      await h.close();
    }
  });

  test('a failed row: 500 and the uploaded object is removed', async () => {
    const h = await startHarness();
    try {
      const { accountId, key } = await h.account();
      const templateId = await h.template(accountId, '<p>x</p>');
      let uploaded = 0;
      const put = h.store.objects.put.bind(h.store.objects);
      h.store.objects.put = async (k, d, t) => { uploaded++; return put(k, d, t); };
      h.store.recordGenerationWithinQuota = async () => { throw new Error('the database went away'); };
      const r = await h.generate(key, { templateId, variables: {} });
      assert.equal(r.status, 500);
      assert.equal(uploaded, 1, 'the PDF was uploaded before the row');
      assert.deepEqual(await objectNames(h.store, 'pdfs'), [], 'and removed when the row failed');
    } finally {
      await h.close();
    }
  });
});
