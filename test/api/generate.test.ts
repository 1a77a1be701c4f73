// Contract tests of POST /functions/v1/generate-pdf-preview and the PDF downloads, over real HTTP.
// In: a fresh app per suite (temporary SQLite file and data dir). Out: node:test results.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { errorShape, objectNames, startHarness, type Harness } from './helpers.ts';

const INVOICE = '<h1>Invoice {{number}}</h1><p>For {{customerName}}, due {{dueDate}}.</p>';
const INVOICE_VARS = [
  { name: 'number', type: 'string' as const, default: 'N/A' },
  { name: 'customerName', type: 'string' as const },
  { name: 'dueDate', type: 'date' as const },
];

describe('generate-pdf-preview: success', () => {
  let h: Harness;
  before(async () => { h = await startHarness(); });
  after(() => h.close());

  test('200 with exactly { success, pdf_url, generation_id, file_size }, and the PDF downloads', async () => {
    const { accountId, key } = await h.account();
    const templateId = await h.template(accountId, INVOICE, INVOICE_VARS);
    const r = await h.generate(key, { templateId, variables: { customerName: 'Ada', dueDate: '2026-04-01', extra: 'ignored' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['success', 'pdf_url', 'generation_id', 'file_size']);
    assert.equal(r.body.success, true);
    assert.equal(typeof r.body.pdf_url, 'string');
    assert.match(r.body.generation_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(typeof r.body.file_size, 'number');
    assert.equal(r.body.pdf_url, `${h.url}/storage/v1/object/public/pdfs/${r.body.generation_id}.pdf`);
    assert.match(r.headers.get('content-type')!, /^application\/json/);

    const pdf = await fetch(r.body.pdf_url);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('content-length'), String(r.body.file_size));
    assert.equal(pdf.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.length, r.body.file_size);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');

    const head = await fetch(r.body.pdf_url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(r.body.file_size));
    assert.equal(head.headers.get('content-type'), 'application/pdf');
    assert.equal((await head.arrayBuffer()).byteLength, 0);

    const g = (await h.store.getGeneration(r.body.generation_id))!;
    assert.equal(g.bytes, r.body.file_size);
    assert.equal(g.templateId, templateId);
    assert.equal(g.fileName, `${r.body.generation_id}.pdf`);
    // the request log line: method, path, status, ms, generation id; never the key or values
    const line = h.logs.map((l) => JSON.parse(l)).find((l) => l.generation_id === r.body.generation_id);
    assert.ok(line, 'a log line names the generation');
    assert.equal(line.method, 'POST');
    assert.equal(line.path, '/functions/v1/generate-pdf-preview');
    assert.equal(line.status, 200);
    assert.equal(typeof line.ms, 'number');
    const all = h.logs.join('\n');
    assert.ok(!all.includes(key) && !all.includes(key.slice(6)), 'the key is never logged');
    assert.ok(!all.includes('Ada') && !all.includes('2026-04-01'), 'variable values are never logged');
  });

  test('PUBLIC_BASE_URL sets the pdf_url origin', async () => {
    const h2 = await startHarness({ env: { PUBLIC_BASE_URL: 'https://pdf.example.com/' } });
    try {
      const { accountId, key } = await h2.account();
      const r = await h2.generate(key, { templateId: await h2.template(accountId, '<p>x</p>'), variables: {} });
      assert.equal(r.status, 200);
      assert.equal(r.body.pdf_url, `https://pdf.example.com/storage/v1/object/public/pdfs/${r.body.generation_id}.pdf`);
    } finally {
      await h2.close();
    }
  });

  test('values are HTML-escaped, triple braces raw, lists repeat, booleans hide sections', async () => {
    const { accountId, key } = await h.account();
    const templateId = await h.template(accountId,
      '<p>{{who}}</p><div>{{{raw}}}</div><ul>{{#items}}<li>{{name}} {{qty}}</li>{{/items}}</ul>{{#vip}}<p>VIPLINE</p>{{/vip}}{{^vip}}<p>REGULARLINE</p>{{/vip}}',
      [{ name: 'who', type: 'string' }, { name: 'raw', type: 'string' }, { name: 'items', type: 'list' }, { name: 'vip', type: 'boolean' }]);
    const r = await h.generate(key, { templateId, variables: {
      who: '<b>Tom & Jerry</b>', raw: '<b>bold</b>', items: [{ name: 'Apple', qty: 2 }, { name: 'Pear', qty: 3 }], vip: 'false',
    } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const pdf = await h.store.objects.get(`pdfs/${r.body.generation_id}.pdf`);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf!, encoding: 'utf8' });
    assert.ok(text.includes('<b>Tom & Jerry</b>'), 'escaped markup shows as text');
    assert.ok(/(^|\s)bold(\s|$)/m.test(text) && !text.includes('<b>bold'), 'raw markup is markup');
    assert.match(text, /Apple 2[\s\S]*Pear 3/);
    assert.ok(text.includes('REGULARLINE') && !text.includes('VIPLINE'), '"false" hides the section');
  });
});

describe('generate-pdf-preview: errors, each with exactly { error, code, status }', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let templateId: string;
  const variables = { customerName: 'Ada', dueDate: '2026-04-01' };
  before(async () => {
    h = await startHarness({ env: { MAX_BODY_BYTES: '2048', MAX_PAGES: '1' } });
    ({ key, accountId } = await h.account());
    templateId = await h.template(accountId, INVOICE, INVOICE_VARS);
  });
  after(() => h.close());

  const expectError = async (p: Promise<{ status: number; body: unknown; headers: Headers }>, status: number, code: string) => {
    const r = await p;
    assert.equal(r.status, status, JSON.stringify(r.body));
    const b = errorShape(r.body);
    assert.equal(b.status, status);
    assert.equal(b.code, code);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    return { ...r, body: b };
  };

  test('401 UNAUTHORIZED: missing, malformed, unknown and deleted keys', async () => {
    await expectError(h.generate(undefined, { templateId, variables }), 401, 'UNAUTHORIZED');
    await expectError(h.generate('', { templateId, variables }), 401, 'UNAUTHORIZED');
    await expectError(h.generate('not-a-key', { templateId, variables }), 401, 'UNAUTHORIZED');
    await expectError(h.generate(key.toUpperCase(), { templateId, variables }), 401, 'UNAUTHORIZED');
    await expectError(h.generate('quire_00000000-0000-4000-8000-000000000000', { templateId, variables }), 401, 'UNAUTHORIZED');
    const other = await h.account();
    const t2 = await h.template(other.accountId, '<p>hi</p>');
    assert.equal((await h.generate(other.key, { templateId: t2, variables: {} })).status, 200);
    await h.store.deleteKey(other.accountId, other.keyId);
    await expectError(h.generate(other.key, { templateId: t2, variables: {} }), 401, 'UNAUTHORIZED');
  });

  test('400 BAD_REQUEST: body not JSON, not an object, wrong Content-Type', async () => {
    await expectError(h.generate(key, '{not json'), 400, 'BAD_REQUEST');
    await expectError(h.generate(key, '[1,2]'), 400, 'BAD_REQUEST');
    await expectError(h.generate(key, '"x"'), 400, 'BAD_REQUEST');
    await expectError(h.generate(key, 'null'), 400, 'BAD_REQUEST');
    await expectError(h.generate(key, ''), 400, 'BAD_REQUEST');
    const ct = await expectError(h.generate(key, JSON.stringify({ templateId, variables }), { 'content-type': 'text/plain' }), 400, 'BAD_REQUEST');
    assert.match(ct.body.error, /Content-Type/);
  });

  test('400 BAD_REQUEST: templateId missing, not a string, not a UUID; variables missing or not an object', async () => {
    assert.match((await expectError(h.generate(key, { variables }), 400, 'BAD_REQUEST')).body.error, /templateId is required/);
    assert.match((await expectError(h.generate(key, { templateId: 42, variables }), 400, 'BAD_REQUEST')).body.error, /templateId must be a string/);
    assert.match((await expectError(h.generate(key, { templateId: 'abc', variables }), 400, 'BAD_REQUEST')).body.error, /templateId must be a UUID/);
    assert.match((await expectError(h.generate(key, { templateId }), 400, 'BAD_REQUEST')).body.error, /variables is required/);
    assert.match((await expectError(h.generate(key, { templateId, variables: [] }), 400, 'BAD_REQUEST')).body.error, /variables must be an object/);
    assert.match((await expectError(h.generate(key, { templateId, variables: 'x' }), 400, 'BAD_REQUEST')).body.error, /variables must be an object/);
  });

  test('404 NOT_FOUND: unknown template id', async () => {
    await expectError(h.generate(key, { templateId: '6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f', variables }), 404, 'NOT_FOUND');
  });

  test('403 FORBIDDEN: another account\'s template', async () => {
    const other = await h.account();
    const r = await expectError(h.generate(other.key, { templateId, variables }), 403, 'FORBIDDEN');
    assert.notEqual(r.body.code, 'QUOTA_EXCEEDED');
  });

  test('400 BAD_REQUEST: every missing and invalid variable named in one message', async () => {
    const r = await expectError(h.generate(key, { templateId, variables: {} }), 400, 'BAD_REQUEST');
    assert.equal(r.body.error, 'Missing template variables: customerName, dueDate');
    const r2 = await expectError(h.generate(key, { templateId, variables: { customerName: 'A', dueDate: '2026-02-30' } }), 400, 'BAD_REQUEST');
    assert.match(r2.body.error, /dueDate \(must be a date in YYYY-MM-DD form\)/);
    const r3 = await expectError(h.generate(key, { templateId, variables: { dueDate: 'soon' } }), 400, 'BAD_REQUEST');
    assert.match(r3.body.error, /^Missing template variables: customerName; invalid template variables: dueDate/);
  });

  test('413 PAYLOAD_TOO_LARGE over MAX_BODY_BYTES', async () => {
    await expectError(h.generate(key, { templateId, variables: { ...variables, pad: 'x'.repeat(5000) } }), 413, 'PAYLOAD_TOO_LARGE');
  });

  test('422 RENDER_FAILED over the page limit', async () => {
    const long = await h.template(accountId, Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i}</p>`).join(''));
    const r = await expectError(h.generate(key, { templateId: long, variables: {} }), 422, 'RENDER_FAILED');
    assert.match(r.body.error, /MAX_PAGES \(1\) pages/, 'the message names the limit');
    assert.equal((await h.store.listGenerations(accountId)).filter((g) => g.templateId === long).length, 0, 'a failed render is not counted');
  });

  test('404 / 405 for other paths and methods; storage 404s', async () => {
    const get = await fetch(`${h.url}/functions/v1/generate-pdf-preview`, { headers: { 'x-api-key': key } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    errorShape(await get.json());
    const other = await fetch(`${h.url}/functions/v1/other`, { method: 'POST' });
    assert.equal(other.status, 404);
    assert.equal(errorShape(await other.json()).code, 'NOT_FOUND');
    for (const p of [
      '/storage/v1/object/public/pdfs/6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.pdf',
      '/storage/v1/object/public/pdfs/..%2Fquire.db',
      '/storage/v1/object/public/pdfs/../../quire.db',
      '/storage/v1/object/public/pdfs/6F1C1D2E-3B4A-4C5D-8E6F-7A8B9C0D1E2F.pdf',
      '/storage/v1/object/public/pdfs/',
      '/storage/v1/object/public/pdfs/x.pdf',
      '/nothing',
    ]) {
      const r = await fetch(h.url + p);
      assert.equal(r.status, 404, p);
      assert.equal(errorShape(await r.json()).code, 'NOT_FOUND');
    }
    const post = await fetch(`${h.url}/storage/v1/object/public/pdfs/6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.pdf`, { method: 'DELETE' });
    assert.equal(post.status, 405);
    errorShape(await post.json());
  });

  test('order of checks: 401 before 400 before 404 before 403 before variables', async () => {
    await expectError(h.generate('bad', '{not json'), 401, 'UNAUTHORIZED');
    await expectError(h.generate(key, { templateId: '6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f' }), 400, 'BAD_REQUEST');
    await expectError(h.generate(key, { templateId: '6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f', variables: {} }), 404, 'NOT_FOUND');
    const other = await h.account();
    await expectError(h.generate(other.key, { templateId, variables: {} }), 403, 'FORBIDDEN');
  });

  test('GET /healthz', async () => {
    const r = await fetch(`${h.url}/healthz`);
    assert.equal(r.status, 200);
    assert.equal((await r.json()).status, 'ok');
  });
});

describe('generate-pdf-preview: 429, 500, 503', () => {
  test('429 RATE_LIMITED with Retry-After when rate limiting is on', async () => {
    const h = await startHarness({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const { accountId, key } = await h.account();
      const templateId = await h.template(accountId, '<p>x</p>');
      assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200);
      assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200);
      const r = await h.generate(key, { templateId, variables: {} });
      assert.equal(r.status, 429);
      assert.equal(errorShape(r.body).code, 'RATE_LIMITED');
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
      h.clock.set('2026-03-15T12:01:00Z');
      assert.equal((await h.generate(key, { templateId, variables: {} })).status, 200, 'tokens refill with time');
    } finally {
      await h.close();
    }
  });

  test('500 INTERNAL_ERROR: details in the log, never in the body', async () => {
    const h = await startHarness({
      renderer: { render: async () => { throw new Error('secret internal detail /etc/x'); }, close: async () => {} },
    });
    try {
      const { accountId, key } = await h.account();
      const r = await h.generate(key, { templateId: await h.template(accountId, '<p>x</p>'), variables: {} });
      assert.equal(r.status, 500);
      const b = errorShape(r.body);
      assert.equal(b.code, 'INTERNAL_ERROR');
      assert.ok(!JSON.stringify(b).includes('secret'));
      assert.ok(h.logs.some((l) => l.includes('secret internal detail')), 'the error goes to the log');
      assert.deepEqual(await objectNames(h.store, 'pdfs'), []);
    } finally {
      await h.close();
    }
  });

  test('503 UNAVAILABLE with Retry-After when the render queue is full', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const { runRenderJob } = await import('../../src/server/render-job.ts');
    const h = await startHarness({
      env: { RENDER_WORKERS: '1', RENDER_QUEUE: '1' },
      renderer: { render: async (j) => { await gate; return runRenderJob(j); }, close: async () => {} },
    });
    try {
      const { accountId, key } = await h.account();
      const templateId = await h.template(accountId, '<p>x</p>');
      const running = h.generate(key, { templateId, variables: {} });
      const queueIs = async (running: number, waiting: number) => {
        for (let i = 0; i < 200; i++) {
          const q = (await (await fetch(`${h.url}/healthz`)).json()).render_queue;
          if (q.running === running && q.waiting === waiting) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('the render queue never reached the expected state');
      };
      await queueIs(1, 0);
      const waiting = h.generate(key, { templateId, variables: {} });
      await queueIs(1, 1);
      const r = await h.generate(key, { templateId, variables: {} });
      assert.equal(r.status, 503);
      assert.equal(errorShape(r.body).code, 'UNAVAILABLE');
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
      release();
      assert.equal((await running).status, 200);
      assert.equal((await waiting).status, 200);
    } finally {
      release();
      await h.close();
    }
  });
});
