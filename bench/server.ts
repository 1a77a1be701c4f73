/**
 * `npm run bench:server`: the service's throughput over HTTP. Starts the real server (`quire serve`
 * as a child process, run as `npm start` runs it: bin/quire.mjs and its esbuild bundle; `--via node`: the
 * TypeScript sources through tsx; a temporary data folder, real SQLite, worker threads), creates an account, a
 * key and two templates through the store (the README's invoice, examples/invoice; a Bootstrap 5
 * receipt of the fidelity corpus with its stylesheets and fonts as template assets), warms every
 * worker, then drives POST /functions/v1/generate-pdf-preview with autocannon at 1, 8 and 64
 * concurrent clients per template. In: --seconds S (per step, default 10), --clients 1,8,64,
 * --only invoice|bootstrap, --stores sqlite-disk,postgres-s3 (default sqlite-disk: each named
 * pair of stores in turn, in the same run; postgres-s3 uses QUIRE_TEST_PG_URL or starts its own
 * PostgreSQL, and an s3rver child process: test/storage/pg-server.ts, s3-server.ts), --json, and
 * --via bundle|node, --warm S (seconds of load per template before the steps, default 10; 0: only the
 * 3 requests per worker), --values new|same (default new: each request's values differ, as a billing system's do: the
 * template's number and reference fields get the request's sequence number; same: one body for every request, which
 * the engine's per-template caches of the last fill make cheaper than real traffic), and env overrides as KEY=VALUE
 * arguments (RENDER_WORKERS=…).
 * Out: per step PDFs/s, latency p50/p95/p99 (ms), errors (non-2xx, socket errors, timeouts), the
 * server's peak RSS (MB; /proc/<pid>/status VmRSS, every thread of the process), the CPU the server
 * used per PDF (ms; /proc/<pid>/task/<tid>/stat: its main thread, where HTTP, Koa, the stores and
 * the queue run, and all its threads: render workers, V8's compiler and GC threads, libuv's pool)
 * and the load generator's own CPU per request (it shares the machine), and the 200s the
 * server's /metrics counted during the step (after its queue emptied: renders a client left behind
 * when autocannon stopped still finish and count) beside the 200s autocannon received.
 */
import type { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openStore, type S3Settings } from '../src/storage/store.ts';
import { parseVariableDefs } from '../src/template/variables.ts';
import { spawnServer, waitForQueue } from '../test/api/server-process.ts';
import { createTestSchema } from '../test/storage/pg-server.ts';
import { createTestBucket, s3Env, startS3Server } from '../test/storage/s3-server.ts';

const root = path.join(import.meta.dirname, '..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' }, clients: { type: 'string', default: '1,8,64' },
    only: { type: 'string' }, json: { type: 'boolean', default: false }, stores: { type: 'string', default: 'sqlite-disk' },
    via: { type: 'string', default: 'bundle' }, warm: { type: 'string', default: '10' }, values: { type: 'string', default: 'new' },
  },
});
const env = Object.fromEntries(positionals.map((p) => p.split('=') as [string, string]));
const seconds = Number(args.seconds);
const clientCounts = args.clients!.split(',').map(Number);
if (args.values !== 'new' && args.values !== 'same') throw new Error(`--values is new or same, not ${args.values}`);

/**
 * The values of request number `n`: with --values new, every top-level string whose name ends in Number or Reference
 * (the README invoice's invoiceNumber and paymentReference, the receipt's receiptNumber) ends in `-n`, so no two
 * requests fill the template with the same text; with --values same, `values` itself.
 */
function valuesFor(values: Record<string, unknown>, n: number): Record<string, unknown> {
  if (args.values === 'same') return values;
  const out = { ...values };
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && /(Number|Reference)$/.test(k)) out[k] = `${v}-${n}`;
  return out;
}

/** autocannon's request list: one POST whose body is made per request by valuesFor, numbered across the run. */
function requestsFor(templateId: string, values: Record<string, unknown>): autocannon.Request[] {
  let n = 0;
  return [{
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ templateId, variables: valuesFor(values, ++n) }) }),
  }];
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** CPU ms used so far by each thread of `pid` (Linux /proc: utime + stime, in clock ticks of 10 ms). */
function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch { /* ended */ }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * 10);
    } catch { /* ended meanwhile */ }
  }
  return out;
}

/**
 * Every thread's CPU ms as last seen (threads that ended, such as recycled render workers, keep
 * their last reading): `sample()` reads /proc again, `since(before)` is the CPU used since a copy.
 */
class ThreadCpu {
  readonly seen = new Map<number, number>();
  constructor(private readonly pid: number) {}
  sample(): Map<number, number> {
    for (const [tid, ms] of threadCpuMs(this.pid)) this.seen.set(tid, ms);
    return new Map(this.seen);
  }
  /** CPU ms since `before` (a `sample()`): the main thread (tid = pid) and all threads. */
  since(before: Map<number, number>): { main: number; all: number } {
    this.sample();
    let all = 0;
    for (const [tid, ms] of this.seen) all += ms - (before.get(tid) ?? 0);
    return { main: (this.seen.get(this.pid) ?? 0) - (before.get(this.pid) ?? 0), all };
  }
}

/** A template to drive: its stored source, variables, assets and one request's values. */
interface BenchTemplate {
  name: string;
  html: string;
  variables: ReturnType<typeof parseVariableDefs>;
  assets: Array<{ path: string; mime: string; data: Uint8Array }>;
  values: Record<string, unknown>;
}

function readmeInvoice(): BenchTemplate {
  const dir = path.join(root, 'examples/invoice');
  return {
    name: 'README invoice',
    html: readFileSync(path.join(dir, 'template.html'), 'utf8'),
    variables: parseVariableDefs(JSON.parse(readFileSync(path.join(dir, 'variables.json'), 'utf8'))),
    assets: [],
    values: JSON.parse(readFileSync(path.join(dir, 'data.json'), 'utf8')),
  };
}

/**
 * The fidelity corpus's btcpay-receipt (Bootstrap 5, 4 linked stylesheets, 3 web fonts) as a stored
 * template: its stylesheets become assets at the same paths; the @font-face sheet is written into the
 * template (as a user of the dashboard would), since the service sends a render only the assets its
 * template or values name, and a linked sheet's font URLs are not among them. Two values are variables.
 */
function bootstrapReceipt(): BenchTemplate {
  const dir = path.join(root, 'test/fidelity/cases/btcpay-receipt');
  const sheets = ['main/bootstrap/bootstrap.css', 'main/layout.css', 'main/site.css', 'main/themes/default.css'];
  const fontCss = readFileSync(path.join(dir, 'main/fonts/OpenSans.css'), 'utf8').replace(/url\((['"]?)(?:\.\.\/)+fonts\//g, 'url($1fonts/');
  let html = readFileSync(path.join(dir, 'document.html'), 'utf8')
    .replace(/<link href="main\/fonts\/OpenSans.css" rel="stylesheet" \/>/, `<style>\n${fontCss}\n</style>`);
  // Two placeholders, so each request is a fill of a stored template (the values change nothing else).
  html = html.replace('</body>', '<p class="text-muted small">Receipt {{receiptNumber}} for {{customer}}</p>\n</body>');
  const fonts = ['open-sans-v17-latin-ext_latin-regular.woff2', 'open-sans-v17-latin-ext_latin-600.woff2', 'open-sans-v17-latin-ext_latin-700.woff2'];
  return {
    name: 'Bootstrap 5 receipt',
    html,
    variables: parseVariableDefs([{ name: 'receiptNumber', type: 'string' }, { name: 'customer', type: 'string' }]),
    assets: [
      ...sheets.map((p) => ({ path: p, mime: 'text/css', data: readFileSync(path.join(dir, p)) })),
      ...fonts.map((f) => ({ path: `fonts/${f}`, mime: 'font/woff2', data: readFileSync(path.join(dir, 'fonts', f)) })),
    ],
    values: { receiptNumber: 'R-2026-0042', customer: 'Jane Roe' },
  };
}

interface Row {
  stores: string; template: string; clients: number; metrics200: number; received200: number; pdfsPerSecond: number; requests: number;
  p50: number; p95: number; p99: number; max: number; non2xx: number; errors: number; timeouts: number; peakRssMb: number;
  /** Server CPU ms per PDF received: main thread, all threads; the load generator's (this process) per request. */
  cpuMsPerPdf: { main: number; all: number; client: number };
}

/** The 200s of the generate route the server's /metrics has counted so far. */
async function metered200(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^quire_http_requests_total\{route="\/functions\/v1\/generate-pdf-preview",method="POST",status="200"\} (\d+)$/m.exec(text);
  return m ? Number(m[1]) : 0;
}

/** The stores a run uses: SQLite + DATA_DIR, or a fresh PostgreSQL schema + a fresh bucket. */
async function storesFor(name: string): Promise<{ databaseUrl?: string; s3?: S3Settings; env: Record<string, string>; done(): Promise<void> }> {
  if (name === 'sqlite-disk') return { env: {}, done: async () => {} };
  if (name !== 'postgres-s3') throw new Error(`--stores: unknown ${name} (sqlite-disk, postgres-s3)`);
  const schema = await createTestSchema();
  const s3server = process.env.QUIRE_TEST_S3_ENDPOINT ? null : await startS3Server();
  if (s3server) process.env.QUIRE_TEST_S3_ENDPOINT = s3server.endpoint;
  const s3 = await createTestBucket();
  return {
    databaseUrl: schema.url, s3, env: { DATABASE_URL: schema.url, ...s3Env(s3) },
    async done() {
      await schema.drop();
      if (s3server) {
        delete process.env.QUIRE_TEST_S3_ENDPOINT;
        await s3server.stop();
      }
    },
  };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const listen: Record<string, number> = {};
  for (const name of args.stores!.split(',')) {
    const stores = await storesFor(name);
    try {
      listen[name] = await runStores(name, stores, rows);
    } finally {
      await stores.done();
    }
  }
  const out = { node: process.version, cpus: os.availableParallelism(), load: os.loadavg().map((x) => Math.round(x * 10) / 10), seconds, env, listenMs: listen, rows };
  if (args.json) process.stdout.write(JSON.stringify(out, null, 1) + '\n');
  else {
    console.log(`node ${out.node} on ${out.cpus} CPUs, load ${out.load.join(' ')} at the end; ${seconds} s per step; values ${args.values} per request; server listening after ${JSON.stringify(out.listenMs)} ms; env ${JSON.stringify(env)}`);
    console.table(rows.map((r) => ({
      stores: r.stores, template: r.template, clients: r.clients, 'PDFs/s': r.pdfsPerSecond, 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, 'max ms': r.max,
      errors: r.non2xx + r.errors + r.timeouts, 'peak RSS MB': r.peakRssMb, 'CPU ms/PDF main': r.cpuMsPerPdf.main,
      'CPU ms/PDF all': r.cpuMsPerPdf.all, 'client CPU ms/req': r.cpuMsPerPdf.client, '200s received': r.received200, '200s /metrics': r.metrics200,
    })));
  }
}

/** Seeds the stores, starts the server on them, drives every step; resolves to the ms until it listened. */
async function runStores(name: string, stores: Awaited<ReturnType<typeof storesFor>>, rows: Row[]): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-server-'));
  const templates = [readmeInvoice(), bootstrapReceipt()].filter((t) => !args.only || t.name.toLowerCase().includes(args.only.toLowerCase()));
  const store = await openStore(dataDir, stores.databaseUrl, { s3: stores.s3 });
  const now = new Date();
  // `await` on every store call: the calls stay right when the store becomes asynchronous.
  const account = await store.createAccount('bench@example.com', 'enterprise', now);
  const key = (await store.createKey(account.id, now)).key;
  const ids: string[] = [];
  for (const t of templates) {
    const tpl = await store.createTemplate({ accountId: account.id, name: t.name, html: t.html, variables: t.variables }, now);
    for (const a of t.assets) await store.assets.put({ templateId: tpl.id, accountId: account.id, ...a }, now);
    ids.push(tpl.id);
  }
  await store.close();

  const bootMs = performance.now();
  const srv = await spawnServer({
    dataDir, timeoutMs: 300000, via: args.via === 'node' ? 'node' : 'bundle',
    env: { ...stores.env, ...env },
  });
  const listenMs = performance.now() - bootMs;
  const pid = srv.child.pid!;
  let peak = rssMb(pid);
  const threads = new ThreadCpu(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    threads.sample();
  }, 100);
  const url = `${srv.url}/functions/v1/generate-pdf-preview`;
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  try {
    // Each template in turn: warm every worker thread with it (module code, fonts, stylesheets) and check the
    // answers, then --warm seconds of load (V8 optimises a render's code over its first few hundred renders),
    // then its steps; so a template's steps hold in memory what it and the templates before it left.
    const workers = Number(env.RENDER_WORKERS ?? os.availableParallelism());
    for (let i = 0; i < templates.length; i++) {
      const t = templates[i]!;
      const body = JSON.stringify({ templateId: ids[i], variables: t.values });
      const warm = await Promise.all(Array.from({ length: workers * 3 }, () => fetch(url, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }))));
      const bad = warm.find((w) => w.status !== 200);
      if (bad) throw new Error(`${t.name}: the warm-up request answered ${bad.status}: ${bad.text}`);
      if (Number(args.warm) > 0) {
        await autocannon({ url, method: 'POST', headers, body, requests: requestsFor(ids[i]!, t.values), connections: Math.max(...clientCounts), duration: Number(args.warm), timeout: 120 });
        await waitForQueue(srv.url, (q) => q.running === 0 && q.waiting === 0, 300000);
      }
      for (const clients of clientCounts) {
        peak = rssMb(pid);
        const metered = await metered200(srv.url);
        const cpu0 = threads.sample();
        const client0 = process.cpuUsage();
        const run = autocannon({ url, method: 'POST', headers, body, requests: requestsFor(ids[i]!, t.values), connections: clients, duration: seconds, timeout: 120 });
        // every response's time (ms), for exact percentiles (autocannon's histogram has no p95)
        const times: number[] = [];
        (run as unknown as EventEmitter).on('response', (_c: unknown, _status: number, _bytes: number, ms: number) => { times.push(ms); });
        const r = await run;
        const client = process.cpuUsage(client0);
        times.sort((a, b) => a - b);
        // renders still running or waiting when autocannon stopped finish now, and count in this step
        await waitForQueue(srv.url, (q) => q.running === 0 && q.waiting === 0, 300000);
        const cpu = threads.since(cpu0);
        const made = (await metered200(srv.url)) - metered; // the PDFs the server made in the step, the CPU's denominator
        const perPdf = (ms: number) => Math.round((ms / Math.max(1, made)) * 100) / 100;
        rows.push({
          stores: name, template: t.name, clients, metrics200: made, received200: r.statusCodeStats['200']?.count ?? 0, pdfsPerSecond: Math.round((r.statusCodeStats['200']?.count ?? 0) / r.duration * 10) / 10, requests: r.requests.total,
          p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.round(times[times.length - 1] ?? NaN),
          non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, peakRssMb: peak,
          cpuMsPerPdf: { main: perPdf(cpu.main), all: perPdf(cpu.all), client: Math.round(((client.user + client.system) / 1000 / Math.max(1, r.requests.total)) * 100) / 100 },
        });
        if (!args.json) process.stderr.write(`bench:server: ${name}: ${t.name} at ${clients} clients done (load ${os.loadavg()[0]!.toFixed(1)})\n`);
      }
    }
    return Math.round(listenMs);
  } finally {
    clearInterval(sampler);
    srv.child.kill('SIGTERM');
    await srv.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The nearest-rank `p`th percentile of ascending `sorted` (ms, whole), NaN when empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

await main();
