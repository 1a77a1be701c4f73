// Node's own HTTP parser errors answer the JSON error shape; security headers on every response; a 503's
// Retry-After is the wait the queue ahead really takes. In: the real server (startServer), raw TCP requests, the app. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/serve.ts';
import { runRenderJob } from '../../src/server/render-job.ts';
import { errorShape, startHarness } from './helpers.ts';

let dir: string;
let srv: RunningServer;
let port: number;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quire-hard-'));
  srv = await startServer(loadConfig({ DATA_DIR: dir, PORT: '0' }), pino({ level: 'silent' }), { workers: false });
  port = Number(new URL(srv.url).port);
});
after(async () => {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes, returns the raw reply once the server closes the connection (or after 5 s). */
export function raw(port: number, bytes: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(() => { s.destroy(); done(); }, 5000);
    s.on('data', (c) => chunks.push(c));
    s.on('close', () => { closed = true; done(); });
    s.on('error', (e) => (chunks.length ? undefined : reject(e)));
    s.end(bytes); // half-close: a request cut short meets end of stream, not a timeout
  });
}

const CASES: Array<[string, string | Buffer, number, string]> = [
  ['oversized headers', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ['unknown method', 'FROB /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'BAD_REQUEST'],
  ['broken chunked framing', 'POST /functions/v1/generate-pdf-preview HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n', 400, 'BAD_REQUEST'],
  ['Content-Length with Transfer-Encoding', 'POST /functions/v1/generate-pdf-preview HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'BAD_REQUEST'],
  ['two Content-Lengths', 'POST /functions/v1/generate-pdf-preview HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!', 400, 'BAD_REQUEST'],
  ['a control character in a header', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n', 400, 'BAD_REQUEST'],
  ['a space before the colon', 'GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n', 400, 'BAD_REQUEST'],
  ['an unknown HTTP version', 'GET /healthz HTTP/7.3\r\nHost: x\r\n\r\n', 400, 'BAD_REQUEST'],
  ['binary garbage', Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 13, 10, 13, 10]), 400, 'BAD_REQUEST'],
  ['a bare LF request line', 'GET /healthz HTTP/1.1\nHost: x\n\n\u0000', 400, 'BAD_REQUEST'],
  ['CONNECT (not a proxy)', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
  ['an HTTP/1.1 request without Host', 'GET /healthz HTTP/1.1\r\nX-A: 1\r\n\r\n', 400, 'BAD_REQUEST'],
  ['headers cut short by end of stream', 'POST /functions/v1/generate-pdf-preview HTTP/1.1\r\nHost: x\r\nContent-Ty', 400, 'BAD_REQUEST'],
];

test('issue 9 #6: parser-level errors answer the JSON error shape, with the security headers, and close', async () => {
  for (const [name, bytes, status, code] of CASES) {
    const r = await raw(port, bytes);
    assert.equal(r.status, status, `${name}: ${r.status} ${r.body}`);
    assert.match(r.headers['content-type'] ?? '', /^application\/json/, name);
    const b = errorShape(JSON.parse(r.body));
    assert.deepEqual([b.status, b.code], [status, code], name);
    assert.equal(r.headers['content-length'], String(Buffer.byteLength(r.body)), name);
    assert.equal(r.headers['x-content-type-options'], 'nosniff', name);
    assert.equal(r.headers.connection, 'close', name);
    assert.ok(r.closed, `${name}: the connection is closed`);
  }
});

test('security headers on every response: JSON answers, errors, PDFs, the health check', async () => {
  const urls: Array<[string, RequestInit?]> = [
    ['/healthz'], ['/nowhere'], ['/functions/v1/generate-pdf-preview', { method: 'POST' }],
    ['/functions/v1/generate-pdf-preview', { method: 'PUT' }], ['/storage/v1/object/public/pdfs/x.pdf'],
  ];
  for (const [p, init] of urls) {
    const r = await fetch(srv.url + p, init);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff', p);
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer', p);
    assert.equal(r.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'", p);
    assert.equal(r.headers.get('cache-control'), 'no-store', p);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/, p);
  }
});

test('security headers on the other answers too: a PDF download, its HEAD, redirects and dashboard pages', async () => {
  const h = await startHarness();
  try {
    const { accountId, key } = await h.account();
    const r = await h.generate(key, { templateId: await h.template(accountId, '<p>headers</p>'), variables: {} });
    assert.equal(r.status, 200);
    const answers: Array<[string, Response]> = [
      ['PDF', await fetch(r.body.pdf_url)], ['PDF HEAD', await fetch(r.body.pdf_url, { method: 'HEAD' })],
      ['/', await fetch(`${h.url}/`, { redirect: 'manual' })], ['/dashboard', await fetch(`${h.url}/dashboard`)],
    ];
    for (const [name, res] of answers) {
      assert.ok(res.status < 500, `${name}: ${res.status}`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', name);
      // dashboard pages: same-origin (under no-referrer a browser's same-origin form post says Origin: null,
      // which the CSRF check refuses); either sends nothing to other sites
      assert.equal(res.headers.get('referrer-policy'), name === '/dashboard' ? 'same-origin' : 'no-referrer', name);
    }
  } finally {
    await h.close();
  }
});

test('issue 9 #5: over HTTP, a 503\'s Retry-After is the time until a retry would find room (± 1 s)', { timeout: 60000 }, async () => {
  // every render takes RENDER_MS of real time; one slot, four may wait. The state is watched through
  // /healthz, which pings both stores (an S3 HeadBucket too): under load a poll can take a few hundred
  // ms, so the window of a full line (one render) must be wider than that.
  const RENDER_MS = 1500;
  const h = await startHarness({
    env: { RENDER_WORKERS: '1', RENDER_QUEUE: '4' },
    renderer: { render: async (j) => { await new Promise((r) => setTimeout(r, RENDER_MS)); return runRenderJob(j); }, close: async () => {} },
  });
  try {
    const { accountId, key } = await h.account();
    const templateId = await h.template(accountId, '<p>x</p>');
    const body = { templateId, variables: {} };
    for (let i = 0; i < 2; i++) assert.equal((await h.generate(key, body)).status, 200, 'warm-up: the queue learns the render time');
    const ends: number[] = [];
    const line = Array.from({ length: 5 }, () => h.generate(key, body).then((r) => { ends.push(performance.now()); return r.status; }));
    for (let i = 0; i < 200; i++) {
      const q = (await (await fetch(`${h.url}/healthz`)).json()).render_queue;
      if (q.running === 1 && q.waiting === 4) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const refusedAt = performance.now();
    const r = await h.generate(key, body);
    assert.equal(r.status, 503, JSON.stringify(r.body));
    assert.equal(errorShape(r.body).code, 'UNAVAILABLE');
    const retryAfter = Number(r.headers.get('retry-after'));
    assert.deepEqual(await Promise.all(line), [200, 200, 200, 200, 200]);
    // a request sent at the refusal would have had a place in the line when the first job ended,
    // and its slot when the last of the five had ended: Retry-After promises the slot
    const actual = (Math.max(...ends) - refusedAt) / 1000;
    assert.ok(actual > 2.5, `the line took ${actual.toFixed(2)} s (the test needs a long line to mean something)`);
    assert.ok(Math.abs(retryAfter - actual) <= 1, `Retry-After ${retryAfter} s, the line ahead took ${actual.toFixed(2)} s`);
  } finally {
    await h.close();
  }
});
