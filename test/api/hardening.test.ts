// Node's own HTTP parser errors answer the JSON error shape; security headers on every response.
// In: the real server (startServer) and raw TCP requests. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/serve.ts';
import { errorShape } from './helpers.ts';

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
