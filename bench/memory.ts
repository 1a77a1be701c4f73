/**
 * `npm run bench:memory`: the server's resident memory (RSS) before, during and after a burst of
 * large renders, under the recycling settings given (RENDER_RECYCLE_AFTER, RENDER_RECYCLE_HEAP_MB),
 * against a live server process. In: --burst N --settle S and env overrides as KEY=VALUE arguments.
 * Out: RSS in MB (idle, peak, after the burst settled) and the bound it must settle under
 * (settledRssBoundMb of the server's configuration) on stdout (--json for machines); exit 1 above it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, settledRssBoundMb } from '../src/server/config.ts';
import { openStore } from '../src/storage/store.ts';
import { spawnServer, waitForQueue } from '../test/api/server-process.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { burst: { type: 'string', default: '24' }, settle: { type: 'string', default: '15' }, json: { type: 'boolean', default: false } },
});
const env = Object.fromEntries(positionals.map((p) => p.split('=') as [string, string]));
const bound = settledRssBoundMb(loadConfig({ ...process.env, ...env }));

/** Large but legitimate documents: long text, a long table, a framework-sized stylesheet. */
const LARGE = [
  `<style>p{text-align:justify}</style>${'<h2>Section</h2><p>' + 'Quire lays out this paragraph with its own engine. '.repeat(40) + '</p>'.repeat(1)}`.repeat(60),
  `<table>${Array.from({ length: 1500 }, (_, i) => `<tr><td>${i}</td><td>Item ${i}</td><td>${(i * 3.7).toFixed(2)}</td></tr>`).join('')}</table>`,
  `<style>${Array.from({ length: 30000 }, (_, i) => `.c${i} > .d${i}:hover { color: #${(i % 4096).toString(16).padStart(3, '0')}; margin: ${i % 7}px }`).join('\n')}</style><p class="c1">styled</p>`,
];

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-mem-'));
const store = await openStore(dataDir);
const acc = await store.createAccount('mem@example.com', 'enterprise', new Date());
const key = (await store.createKey(acc.id, new Date())).key;
const ids: string[] = [];
for (const html of LARGE) ids.push((await store.createTemplate({ accountId: acc.id, name: 'large', html, variables: [] }, new Date())).id);
await store.close();
const srv = await spawnServer({ dataDir, env: { RENDER_QUEUE: '1000', ...env }, timeoutMs: 300000 });
const pid = srv.child.pid!;
try {
  const generate = (templateId: string) => fetch(`${srv.url}/functions/v1/generate-pdf-preview`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ templateId, variables: {} }),
  }).then((r) => r.status);
  await Promise.all(ids.map(generate)); // every kind once: the workers are warm
  await waitForQueue(srv.url, (q) => q.running === 0, 120000);
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 100);
  const t0 = performance.now();
  const statuses = await Promise.all(Array.from({ length: Number(args.burst) }, (_, i) => generate(ids[i % ids.length])));
  const burstSeconds = Math.round((performance.now() - t0) / 100) / 10;
  await waitForQueue(srv.url, (q) => q.running === 0, 300000);
  const after: number[] = [];
  for (let s = 0; s < Number(args.settle); s++) {
    await new Promise((r) => setTimeout(r, 1000));
    after.push(rssMb(pid));
  }
  clearInterval(sampler);
  const health = await (await fetch(`${srv.url}/healthz`)).json();
  const out = {
    env, burst: Number(args.burst), burstSeconds, statuses: statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}),
    rssMb: { idle, peak, settled: after[after.length - 1], min_after: Math.min(...after), bound }, renderQueue: health.render_queue,
    load: os.loadavg().map((x) => Math.round(x * 10) / 10),
  };
  if (args.json) process.stdout.write(JSON.stringify(out) + '\n');
  else {
    console.log(`${JSON.stringify(env)}: ${out.burst} large renders in ${burstSeconds} s ${JSON.stringify(out.statuses)}; RSS idle ${idle} MB, ` +
      `peak ${peak} MB, ${args.settle} s after ${out.rssMb.settled} MB (bound ${bound} MB); load ${out.load.join(' ')}`);
  }
  if (!(out.rssMb.settled <= bound)) {
    console.error(`RSS ${out.rssMb.settled} MB after the burst is above the bound of ${bound} MB`);
    process.exitCode = 1;
  }
} finally {
  srv.child.kill('SIGTERM');
  await srv.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
