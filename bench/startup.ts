/**
 * `npm run bench:startup`: how fast a fresh service is useful. Spawns the service as a user would
 * (`npm start`, on a seeded data folder) and measures from the spawn: the "listening" line, the
 * first PDF of the README invoice (sent as soon as it listens), and all render workers ready
 * (/healthz ready_workers); the CPU the process used until its first PDF; then, in this process,
 * how long one render worker thread takes to be ready, from the TypeScript sources (tsx) and from
 * the bundle (bin/bundle.mjs). In: --runs N --workers N --via npm|node. Out: medians on stdout (--json).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { openStore } from '../src/storage/store.ts';
import { parseVariableDefs } from '../src/template/variables.ts';
import { processTree } from '../test/api/server-process.ts';

const root = path.join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' }, workers: { type: 'string', default: '2' },
    via: { type: 'string', default: 'npm' }, json: { type: 'boolean', default: false },
  },
});
/** /proc's clock ticks (USER_HZ, 100 on Linux) in ms. */
const MS_PER_TICK = 10;

/** CPU ms (user + system) used so far by `pid` and its descendants (Linux /proc). */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* ended */ }
  }
  return ticks * MS_PER_TICK;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(): Promise<{ dataDir: string; key: string; body: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-startup-'));
  const store = await openStore(dataDir);
  const now = new Date();
  const a = await store.createAccount('startup@example.com', 'enterprise', now);
  const key = (await store.createKey(a.id, now)).key;
  const ex = (f: string) => readFileSync(path.join(root, 'examples/invoice', f), 'utf8');
  const t = await store.createTemplate({ accountId: a.id, name: 'invoice', html: ex('template.html'), variables: parseVariableDefs(JSON.parse(ex('variables.json'))) }, now);
  await store.close();
  return { dataDir, key, body: JSON.stringify({ templateId: t.id, variables: JSON.parse(ex('data.json')) }) };
}

/** One start: spawn → listening → first PDF → every worker ready; then SIGTERM. */
async function oneStart(s: { dataDir: string; key: string; body: string }): Promise<{ listenMs: number; firstPdfMs: number; readyMs: number; cpuMs: number }> {
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: s.dataDir, RENDER_WORKERS: args.workers! };
  const t0 = performance.now();
  const child = args.via === 'npm'
    ? spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, ['bin/quire.mjs', 'serve'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const m = /"url":"([^"]+)"[^\n]*Quire listening/.exec(buf);
        if (m) resolve(m[1]);
      });
      void exited.then(() => reject(new Error('the server ended before listening')));
    });
    const listenMs = performance.now() - t0;
    const first = fetch(`${url}/functions/v1/generate-pdf-preview`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': s.key }, body: s.body,
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`first render: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      return [performance.now() - t0, treeCpuMs(child.pid!)];
    });
    let readyMs = NaN;
    while (Number.isNaN(readyMs)) {
      const q = (await (await fetch(`${url}/healthz`)).json()).render_queue;
      if (q.ready_workers >= Number(args.workers)) readyMs = performance.now() - t0;
      else await new Promise((r) => setTimeout(r, 10));
    }
    const [firstPdfMs, cpuMs] = await first;
    return { listenMs, firstPdfMs, readyMs, cpuMs };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** One render worker thread in this process: new Worker → its 'ready' message; wall and CPU ms. */
async function workerReady(entry: URL, workerData: unknown): Promise<{ ms: number; cpuMs: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const w = new Worker(entry, { workerData });
  await new Promise<void>((resolve, reject) => {
    w.on('message', (m: { type: string }) => { if (m.type === 'ready') resolve(); });
    w.on('error', reject);
  });
  const c = process.cpuUsage(c0);
  const out = { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
  await w.terminate();
  return out;
}

async function bundleDir(): Promise<string | null> {
  try {
    const { cachedBundle } = await import(path.join(root, 'bin/bundle.mjs'));
    return path.dirname(await cachedBundle());
  } catch {
    return null; // a checkout without bin/bundle.mjs (before the bundle existed)
  }
}

const s = await seed();
try {
  const starts = [];
  for (let i = 0; i < Number(args.runs); i++) starts.push(await oneStart(s));
  const src = { jobUrl: new URL('../src/server/render-job.ts', import.meta.url).href, engineUrl: new URL('../src/index.ts', import.meta.url).href };
  const fromSources = [];
  for (let i = 0; i < Number(args.runs); i++) fromSources.push(await workerReady(new URL('../src/server/render-worker.mjs', import.meta.url), src));
  const dir = await bundleDir();
  const fromBundle = [];
  if (dir) for (let i = 0; i < Number(args.runs); i++) fromBundle.push(await workerReady(new URL(`file://${dir}/render-worker.cjs`), {}));
  const m = (xs: Array<Record<string, number>>, k: string) => (xs.length ? Math.round(median(xs.map((x) => x[k]))) : null);
  const out = {
    via: args.via, runs: Number(args.runs), workers: Number(args.workers), load: os.loadavg().map((x) => Math.round(x * 10) / 10), cpus: os.availableParallelism(),
    listenMs: m(starts, 'listenMs'), firstPdfMs: m(starts, 'firstPdfMs'), allWorkersReadyMs: m(starts, 'readyMs'), cpuMsToFirstPdf: m(starts, 'cpuMs'),
    workerReady: { sources: { ms: m(fromSources, 'ms'), cpuMs: m(fromSources, 'cpuMs') }, bundle: dir ? { ms: m(fromBundle, 'ms'), cpuMs: m(fromBundle, 'cpuMs') } : null },
    starts: starts.map((x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, Math.round(v)]))),
  };
  if (args.json) process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  else {
    console.log(`load ${out.load.join(' ')} on ${out.cpus} CPUs; ${out.runs} runs of \`${args.via === 'npm' ? 'npm start' : 'quire serve'}\`, RENDER_WORKERS=${out.workers} (medians)`);
    console.log(`listening ${out.listenMs} ms, first PDF ${out.firstPdfMs} ms, all workers ready ${out.allWorkersReadyMs} ms, CPU until the first PDF ${out.cpuMsToFirstPdf} ms`);
    console.log(`one render worker ready: from the sources ${out.workerReady.sources.ms} ms (${out.workerReady.sources.cpuMs} ms CPU)` +
      (out.workerReady.bundle ? `, from the bundle ${out.workerReady.bundle.ms} ms (${out.workerReady.bundle.cpuMs} ms CPU)` : ''));
  }
} finally {
  rmSync(s.dataDir, { recursive: true, force: true });
}
