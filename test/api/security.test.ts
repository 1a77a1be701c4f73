// Keys at rest, HTTPS (native TLS with a self-signed certificate, TRUST_PROXY, loopback-only HTTP).
// In: real servers on ephemeral ports. Out: node:test results.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import tls from 'node:tls';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, transportMode } from '../../src/server/serve.ts';
import { openStore } from '../../src/storage/store.ts';
import { errorShape, startHarness, type Harness } from './helpers.ts';

/**
 * What the database holds at rest: SQLite's file, WAL and shared memory (the WAL must exist while the
 * database is open), or with PostgreSQL every row of every table of the harness's schema as text.
 */
async function atRest(h: Harness): Promise<Array<{ name: string; bytes: Buffer }>> {
  if (!h.databaseUrl) {
    const files = ['quire.db', 'quire.db-wal', 'quire.db-shm'].map((f) => path.join(h.dataDir, f)).filter(existsSync);
    assert.ok(files.some((f) => f.endsWith('-wal')), 'the WAL exists while the database is open');
    return files.map((f) => ({ name: path.basename(f), bytes: readFileSync(f) }));
  }
  const c = new pg.Client({ connectionString: h.databaseUrl });
  await c.connect();
  try {
    const { rows: tables } = await c.query('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()');
    const out: Array<{ name: string; bytes: Buffer }> = [];
    for (const t of tables) {
      const { rows } = await c.query(`SELECT t::text AS r FROM "${t.tablename as string}" t`);
      out.push({ name: t.tablename as string, bytes: Buffer.from(rows.map((r) => r.r as string).join('\n')) });
    }
    assert.ok(out.find((o) => o.name === 'api_keys')!.bytes.length > 0, 'the keys table has rows');
    return out;
  } finally {
    await c.end();
  }
}

test('the database never holds a key in plain text (SQLite: the file and its WAL; PostgreSQL: every row)', async () => {
  const h = await startHarness();
  try {
    const keys: string[] = [];
    const a = await h.account();
    keys.push(a.key);
    for (let i = 0; i < 3; i++) keys.push((await h.store.createKey(a.accountId, h.clock.now())).key);
    const templateId = await h.template(a.accountId, '<p>k</p>');
    for (const k of keys) assert.equal((await h.generate(k, { templateId, variables: {} })).status, 200);
    await h.store.deleteKey(a.accountId, a.keyId);
    assert.equal((await h.generate(a.key, { templateId, variables: {} })).status, 401);
    for (const { name, bytes } of await atRest(h)) {
      for (const k of keys) {
        for (const needle of [k, k.slice(6), k.slice(6).replace(/-/g, '')]) {
          assert.equal(bytes.indexOf(Buffer.from(needle, 'utf8')), -1, `${name} holds ${needle}`);
          assert.equal(bytes.indexOf(Buffer.from(needle, 'utf16le')), -1);
        }
      }
    }
    // listings show only the last 4 characters
    const list = await h.store.listKeys(a.accountId);
    assert.equal(list.length, 3);
    for (const k of list) assert.equal(k.last4.length, 4);
    assert.ok(list.every((k) => k.lastUsedAt !== null), 'last use is recorded');
  } finally {
    await h.close();
  }
});

function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ], { stdio: 'ignore' });
  return { cert, key };
}

function httpsRequest(url: string, ca: Buffer, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = https.request(url, { method: opts.method ?? 'GET', headers: opts.headers, ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

test('native HTTPS from TLS_CERT_FILE/TLS_KEY_FILE with a self-signed certificate; HSTS on every answer, parser errors included', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-tls-'));
  const { cert, key } = selfSigned(dir);
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', TLS_CERT_FILE: cert, TLS_KEY_FILE: key, RENDER_WORKERS: '1',
  });
  const logs: string[] = [];
  const log = pino({}, { write: (s: string) => void logs.push(s) });
  const srv = await startServer(config, log, { workers: false });
  try {
    assert.match(srv.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(logs.some((l) => l.includes('HTTPS (native TLS)')));
    const store = await openStore(config.dataDir, config.databaseUrl);
    const acc = await store.createAccount('tls@example.com', 'pro', new Date());
    const apiKey = (await store.createKey(acc.id, new Date())).key;
    const templateId = (await store.createTemplate({ accountId: acc.id, name: 't', html: '<p>over TLS</p>', variables: [] }, new Date())).id;
    await store.close();
    const ca = readFileSync(cert);
    const url = srv.url.replace('127.0.0.1', 'localhost');
    const r = await httpsRequest(`${url}/functions/v1/generate-pdf-preview`, ca, {
      method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ templateId, variables: {} }),
    });
    assert.equal(r.status, 200, r.body.toString());
    assert.equal(r.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', 'HSTS under TLS');
    const body = JSON.parse(r.body.toString());
    assert.ok(body.pdf_url.startsWith('https://localhost:'));
    const pdf = await httpsRequest(body.pdf_url, ca);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    assert.equal(pdf.body.length, body.file_size);
    assert.equal(pdf.body.subarray(0, 4).toString(), '%PDF');
    // HSTS on every answer under TLS: a 404, and a JSON reply to what Node's HTTP parser refused
    const missing = await httpsRequest(`${url}/nowhere`, ca);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', 'HSTS on a 404');
    const refused = await new Promise<string>((resolve, reject) => {
      const s = tls.connect({ host: '127.0.0.1', port: Number(new URL(srv.url).port), servername: 'localhost', ca }, () => s.write('FROB / HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      const chunks: Buffer[] = [];
      s.on('data', (c) => chunks.push(c));
      s.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      s.on('error', reject);
    });
    const [head, json] = refused.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 400 /);
    assert.match(head, /\r\nStrict-Transport-Security: max-age=31536000; includeSubDomains\r\n/i, 'HSTS on a parser-level error');
    assert.match(head, /\r\nX-Content-Type-Options: nosniff\r\n/i);
    assert.deepEqual(errorShape(JSON.parse(json)), { error: 'Malformed request: unknown method', code: 'BAD_REQUEST', status: 400 });
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('TRUST_PROXY: X-Forwarded-Proto must say https, and pdf_url follows the forwarded origin', async () => {
  const h = await startHarness({ env: { TRUST_PROXY: '1' } });
  try {
    const { accountId, key } = await h.account();
    const templateId = await h.template(accountId, '<p>proxy</p>');
    const plain = await h.generate(key, { templateId, variables: {} });
    assert.equal(plain.status, 400);
    assert.deepEqual(errorShape(plain.body), { error: 'HTTPS required', code: 'BAD_REQUEST', status: 400 });
    const viaProxy = await h.generate(key, { templateId, variables: {} }, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pdf.example.org' });
    assert.equal(viaProxy.status, 200);
    assert.ok(viaProxy.body.pdf_url.startsWith('https://pdf.example.org/storage/v1/object/public/pdfs/'));
    assert.ok(viaProxy.headers.get('strict-transport-security'), 'HSTS behind a TLS-terminating proxy');
    assert.equal((await fetch(`${h.url}/healthz`)).status, 200, 'health checks need no proxy header');
  } finally {
    await h.close();
  }
});

test('plain HTTP only on a loopback HOST; otherwise the server refuses to start', () => {
  const base = { DATA_DIR: os.tmpdir() };
  assert.equal(transportMode(loadConfig({ ...base, HOST: '127.0.0.1' })), 'loopback');
  assert.equal(transportMode(loadConfig({ ...base, HOST: '::1' })), 'loopback');
  assert.equal(transportMode(loadConfig({ ...base, HOST: 'localhost' })), 'loopback');
  assert.throws(() => transportMode(loadConfig({ ...base, HOST: '0.0.0.0' })), /refusing plain HTTP/);
  assert.throws(() => transportMode(loadConfig({ ...base, HOST: '192.168.1.5' })), /refusing plain HTTP/);
  assert.equal(transportMode(loadConfig({ ...base, HOST: '0.0.0.0', TRUST_PROXY: '1' })), 'proxy');
  assert.equal(transportMode(loadConfig({ ...base, HOST: '0.0.0.0', TLS_CERT_FILE: 'c', TLS_KEY_FILE: 'k' })), 'tls');
  assert.throws(() => loadConfig({ TLS_CERT_FILE: 'c' }), /together/);
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
});

test('the start-up log says when it serves plain HTTP on loopback', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-lo-'));
  const logs: string[] = [];
  const srv = await startServer(loadConfig({ DATA_DIR: dir, PORT: '0' }), pino({}, { write: (s: string) => void logs.push(s) }), { workers: false });
  try {
    assert.ok(logs.some((l) => l.includes('plain HTTP on a loopback address only')));
    const r = await fetch(`${srv.url}/healthz`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('strict-transport-security'), null, 'no HSTS pinned on a loopback development server');
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
