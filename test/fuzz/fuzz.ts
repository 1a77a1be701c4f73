// The fuzz campaign against a live server process: generated malformed requests over raw TCP and
// generated templates through the API; every answer checked, every PDF through qpdf --check.
// In: counts, a seed, limits. Out: a FuzzReport (counts by status, failures with what reproduces them).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { loadConfig, settledRssBoundMb } from '../../src/server/config.ts';
import { openStore } from '../../src/storage/store.ts';
import { spawnServer, waitForQueue } from '../api/server-process.ts';
import { exchange, verdict } from './http.ts';
import { requestCase, type Targets } from './requests.ts';
import { templateCase, type TemplateCase } from './templates.ts';

const run = promisify(execFile);

export interface FuzzOptions {
  requests: number;
  templates: number;
  seed: number;
  /** Connections at once for the request part (templates use a quarter). */
  concurrency: number;
  /** Server RSS allowed at the end, MB; default the bound the server's configuration states (settledRssBoundMb). */
  rssBoundMb?: number;
  /** Extra server environment (RENDER_WORKERS, RENDER_TIMEOUT_MS …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Failure { part: 'request' | 'template'; index: number; label: string; why: string }

export interface FuzzReport {
  seed: number;
  requests: { sent: number; responses: number; byStatus: Record<string, number>; byReason: Record<string, number> };
  templates: { sent: number; byStatus: Record<string, number>; pdfsChecked: number };
  failures: Failure[];
  /** Stack traces the server logged for unexpected errors (500s), first few. */
  serverErrors: string[];
  rssMb: { end: number; peak: number; bound: number };
  alive: boolean;
  cleanExit: boolean;
  /** Set when the server ended before the campaign did: its exit, the end of its stderr and its last log lines. */
  serverExit?: { code: number | null; signal: string | null; stderr: string; lastLogs: unknown[] };
  seconds: number;
}

/** The server's resident set in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Runs `work` over `items` with at most `n` at once. */
async function pool<T>(items: T[], n: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  }));
}

/** "status message" of an error response (numbers and ids blanked), for the report's tally. */
function reason(r: { status: number; body: Buffer }): string {
  try {
    const b = JSON.parse(r.body.toString('utf8')) as { error?: string };
    return `${r.status} ${String(b.error ?? 'ok').replace(/[0-9a-f-]{36}|\d+/g, 'N').slice(0, 70)}`;
  } catch {
    return `${r.status} (no JSON)`;
  }
}

const INVOICE = `<h1>Invoice for {{name}}</h1><p>Due {{due}}, total {{total}}</p><table>{{#items}}<tr><td>{{label}}</td><td>{{qty}}</td></tr>{{/items}}</table>`;

/** Starts a server on a fresh data folder, runs both parts, stops it, removes the folder. */
export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-fuzz-'));
  const failures: Failure[] = [];
  // one account sends everything: it may use both slots
  const env = { RENDER_WORKERS: '2', MAX_RENDERS_PER_ACCOUNT: '2', RENDER_TIMEOUT_MS: '5000', RENDER_QUEUE: '1000', ...o.env };
  const config = loadConfig({ ...process.env, ...env });
  const bound = o.rssBoundMb ?? settledRssBoundMb(config);
  const report: FuzzReport = {
    seed: o.seed, requests: { sent: 0, responses: 0, byStatus: {}, byReason: {} }, templates: { sent: 0, byStatus: {}, pdfsChecked: 0 },
    failures, serverErrors: [], rssMb: { end: NaN, peak: 0, bound }, alive: false, cleanExit: false, seconds: 0,
  };
  const store = await openStore(dataDir);
  const now = new Date();
  const a = await store.createAccount('fuzz-a@example.com', 'enterprise', now);
  const b = await store.createAccount('fuzz-b@example.com', 'enterprise', now);
  const defs = [{ name: 'name', type: 'string' as const }, { name: 'total', type: 'number' as const, default: '0' },
    { name: 'due', type: 'date' as const, default: '2026-01-31' }, { name: 'items', type: 'list' as const, default: [] }];
  const targets: Targets = {
    key: (await store.createKey(a.id, now)).key, otherKey: (await store.createKey(b.id, now)).key,
    templateId: (await store.createTemplate({ accountId: a.id, name: 'invoice', html: INVOICE, variables: defs }, now)).id,
    foreignTemplateId: (await store.createTemplate({ accountId: b.id, name: 'other', html: '<p>{{name}}</p>', variables: [] }, now)).id,
    maxBodyBytes: 1024 * 1024, pdfName: '',
  };
  const srv = await spawnServer({ dataDir, env, timeoutMs: 300000 });
  const pid = srv.child.pid!;
  // what the server says on stderr and how it ends, should it end before the campaign does
  let stderr = '';
  srv.child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-20000); });
  let running = true;
  const told = () => srv.logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('shutting down'));
  void srv.exited.then((e) => {
    if (!running) return;
    report.serverExit = { ...e, stderr: stderr.slice(-4000), lastLogs: srv.logs.slice(-5) };
    log(`the server ended during the campaign: ${JSON.stringify(report.serverExit)}`);
  });
  const port = Number(new URL(srv.url).port);
  const sampler = setInterval(() => { report.rssMb.peak = Math.max(report.rssMb.peak, rssMb(pid)); }, 250);
  const count = (m: Record<string, number>, k: string) => { m[k] = (m[k] ?? 0) + 1; };
  try {
    // a stored PDF for the downloads and byte ranges to aim at
    const first = await once(`${srv.url}/functions/v1/generate-pdf-preview`, { 'content-type': 'application/json', 'x-api-key': targets.key },
      JSON.stringify({ templateId: targets.templateId, variables: { name: 'fuzz', items: [{ label: 'one', qty: 1 }] } }));
    targets.pdfName = `${JSON.parse(first.body.toString('utf8')).generation_id}.pdf`;
    // 1. malformed (and some valid) requests over raw TCP
    const cases = fc.sample(requestCase(targets), { numRuns: o.requests, seed: o.seed });
    await pool(cases, o.concurrency, async (c, i) => {
      const x = await exchange(port, c.bytes, c.heads, { incomplete: c.incomplete });
      report.requests.sent++;
      if (x.responses.length === 0 && !c.incomplete) {
        failures.push({ part: 'request', index: i, label: c.label, why: `no response (${x.error ?? 'closed'}, ${x.trailing} unread bytes)` });
        return;
      }
      x.responses.forEach((r, k) => {
        report.requests.responses++;
        count(report.requests.byStatus, String(r.status));
        count(report.requests.byReason, reason(r));
        const why = verdict(r, c.heads[k] ?? false, c.paths[k]);
        if (why) failures.push({ part: 'request', index: i, label: c.label, why });
      });
      if (i % 1000 === 999) log(`requests: ${i + 1}/${cases.length}`);
    });

    // 2. generated templates through the API, every PDF checked by qpdf
    const tcases = fc.sample(templateCase(), { numRuns: o.templates, seed: o.seed });
    await pool(tcases, Math.max(2, Math.floor(o.concurrency / 4)), async (c, i) => {
      const why = await oneTemplate(srv.url, dataDir, store, a.id, targets.key, c, report);
      report.templates.sent++;
      if (why) {
        failures.push({ part: 'template', index: i, label: c.label, why });
        log(`template ${i} (${c.label}): ${why}${told() ? `; the server was told to stop: ${JSON.stringify(told())}` : ''}`);
      }
      if (i % 250 === 249) log(`templates: ${i + 1}/${tcases.length}`);
    });

    const health = await fetch(`${srv.url}/healthz`).catch(() => null);
    report.alive = health?.status === 200;
    // the bound is for a settled server: nothing running, stopped or retired threads replaced (a few seconds)
    const threads = config.renderWorkers + config.renderSpareWorkers;
    await waitForQueue(srv.url, (q) => q.running === 0 && (q as { ready_workers?: number }).ready_workers === threads, 60000).catch(() => {});
    report.rssMb.end = rssMb(pid);
  } finally {
    clearInterval(sampler);
    for (const l of srv.logs) {
      if (l.msg === 'unexpected error' && report.serverErrors.length < 10) {
        report.serverErrors.push(String((l.err as { stack?: string } | undefined)?.stack ?? JSON.stringify(l.err)));
      }
    }
    running = false;
    srv.child.kill('SIGTERM');
    const exit = await srv.exited;
    report.cleanExit = exit.code === 0;
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report.seconds = Math.round((performance.now() - t0) / 1000);
  return report;
}

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/**
 * One request on a connection of its own (GET, or POST of `body`). The template part does not
 * reuse connections: under heavy load a kept-alive connection the server closes after
 * keepAliveTimeout can meet the next request on the wire (ECONNRESET, "other side closed"), a
 * client-side race that would hide real failures; the request part tests connection handling.
 */
function once(url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: body === undefined ? 'GET' : 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One generated template: store it, generate, check the answer and the PDF. Returns what is wrong, or null. */
async function oneTemplate(url: string, dataDir: string, store: Awaited<ReturnType<typeof openStore>>, accountId: string, key: string,
  c: TemplateCase, report: FuzzReport): Promise<string | null> {
  const templateId = (await store.createTemplate({ accountId, name: 'fuzz', html: c.html, variables: c.variables }, new Date())).id;
  for (let attempt = 0; ; attempt++) {
    const request = JSON.stringify({ templateId, variables: c.values });
    let res: Answer;
    try {
      res = await once(`${url}/functions/v1/generate-pdf-preview`, { 'content-type': 'application/json', 'x-api-key': key }, request);
    } catch (e) {
      return `no response to a ${request.length}-byte request: ${(e as { code?: string }).code ?? ''} ${(e as Error).message}`;
    }
    const text = res.body.toString('utf8');
    const status = res.status;
    if (status === 503 && attempt < 20) {
      await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000));
      continue;
    }
    report.templates.byStatus[status] = (report.templates.byStatus[status] ?? 0) + 1;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return `${status} with a body that is not JSON`;
    }
    if (status === 200) {
      const file = path.join(dataDir, 'pdfs', `${body.generation_id}.pdf`);
      try {
        await run('qpdf', ['--check', file], { maxBuffer: 16 * 1024 * 1024 });
      } catch (e) {
        const err = e as { code?: number; stdout?: string };
        return `qpdf --check exit ${err.code}: ${(err.stdout ?? '').split('\n').slice(-3).join(' ')}`;
      }
      let pdf: Answer;
      try {
        pdf = await once(String(body.pdf_url));
      } catch (e) {
        return `no answer to the download of ${String(body.pdf_url)}: ${(e as { code?: string }).code ?? (e as Error).message}`;
      }
      if (pdf.status !== 200 || pdf.body.length !== body.file_size) return `download ${pdf.status}, ${pdf.body.length} bytes for file_size ${body.file_size}`;
      report.templates.pdfsChecked++;
      return null;
    }
    const keys = Object.keys(body).sort().join(',');
    if (keys !== 'code,error,status' || body.status !== status) return `${status} body ${text.slice(0, 200)}`;
    if (status === 422 || status === 400) return null;
    return `${status} ${body.code}: ${body.error}`;
  }
}
