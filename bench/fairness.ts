/**
 * `npm run bench:fairness`: one account floods pathological templates at full concurrency while
 * another sends the README's invoice; the invoices' latency is measured over HTTP (autocannon)
 * against a live server process, idle first, then under the flood.
 * In: --seconds S --flood C (connections) --invoice C --timeout MS --only a,b (names of the pathological
 * templates to send; default all). Out: a table on stdout (--json for machines).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openStore } from '../src/storage/store.ts';
import { parseVariableDefs } from '../src/template/variables.ts';
import { spawnServer } from '../test/api/server-process.ts';

const root = path.join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' }, flood: { type: 'string', default: '64' }, invoice: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '30000' }, json: { type: 'boolean', default: false }, only: { type: 'string' },
  },
});
const seconds = Number(args.seconds);

/** The flooder's templates: each costs the engine (or the fill) its whole deadline or much memory. */
const PATHOLOGICAL: Array<{ name: string; html: string; values: Record<string, unknown> }> = [
  { name: 'selector bomb', html: `<style>section ${'div '.repeat(25)}span { color: red }</style>${'<div>'.repeat(300)}<span>x</span>${'</div>'.repeat(300)}`, values: {} },
  { name: 'nested sections', html: '{{#items}}{{#items}}{{#items}}{{#items}}x{{/items}}{{/items}}{{/items}}{{/items}}', values: { items: Array.from({ length: 140 }, () => ({})) } },
  { name: 'long text', html: `<p>${'lorem ipsum dolor sit amet '.repeat(60000)}</p>`, values: {} },
  { name: 'deep nesting', html: `${'<div style="padding-left:1px">'.repeat(2500)}x${'</div>'.repeat(2500)}`, values: {} },
  { name: '1,000-column table', html: `<table>${`<tr>${'<td>cell</td>'.repeat(1000)}</tr>`.repeat(40)}</table>`, values: {} },
];

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-fair-'));
  const store = await openStore(dataDir);
  const now = new Date();
  const flooder = await store.createAccount('flood@example.com', 'enterprise', now);
  const client = await store.createAccount('invoices@example.com', 'enterprise', now);
  const warmer = await store.createAccount('warm@example.com', 'enterprise', now);
  const floodKey = (await store.createKey(flooder.id, now)).key;
  const clientKey = (await store.createKey(client.id, now)).key;
  const warmKey = (await store.createKey(warmer.id, now)).key;
  const chosen = args.only ? PATHOLOGICAL.filter((p) => args.only!.split(',').includes(p.name)) : PATHOLOGICAL;
  const bombs = await Promise.all(chosen.map(async (p) => ({ ...p, id: (await store.createTemplate({ accountId: flooder.id, name: p.name, html: p.html, variables: p.name === 'nested sections' ? [{ name: 'items', type: 'list' }] : [] }, now)).id })));
  const invoiceFor = async (accountId: string) => JSON.stringify({
    templateId: (await store.createTemplate({
      accountId, name: 'invoice', html: readFileSync(path.join(root, 'examples/invoice/template.html'), 'utf8'),
      variables: parseVariableDefs(JSON.parse(readFileSync(path.join(root, 'examples/invoice/variables.json'), 'utf8'))),
    }, now)).id,
    variables: JSON.parse(readFileSync(path.join(root, 'examples/invoice/data.json'), 'utf8')),
  });
  const invoiceBody = await invoiceFor(client.id);
  const warmBody = await invoiceFor(warmer.id);
  await store.close();

  const srv = await spawnServer({ dataDir, env: { RENDER_TIMEOUT_MS: args.timeout!, RENDER_QUEUE: '1000' }, timeoutMs: 300000 });
  const pid = srv.child.pid!;
  const url = `${srv.url}/functions/v1/generate-pdf-preview`;
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 250);
  const invoices = (run: { duration: number } | { amount: number }, connections = Number(args.invoice), key = clientKey, body = invoiceBody) => autocannon({
    url, method: 'POST', connections, ...run, timeout: 120, headers: { 'content-type': 'application/json', 'x-api-key': key }, body,
  });
  try {
    // warm the threads (their first real render compiles the engine's code): the client runs at most
    // MAX_RENDERS_PER_ACCOUNT at once, a second account takes the third slot meanwhile
    await Promise.all([invoices({ amount: 30 }), invoices({ amount: 15 }, 1, warmKey, warmBody)]);
    const idle = await invoices({ duration: seconds });
    const flood = autocannon({
      url, connections: Number(args.flood), duration: seconds + 5, timeout: 120,
      requests: bombs.map((b) => ({
        method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': floodKey },
        body: JSON.stringify({ templateId: b.id, variables: b.values }),
      })),
    });
    await new Promise((r) => setTimeout(r, 3000)); // the flood holds its slots first
    const flooded = await invoices({ duration: seconds });
    const floodResult = await flood;
    const health = await (await fetch(`${srv.url}/healthz`)).json();
    const row = (name: string, r: autocannon.Result) => ({
      name, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
      p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max,
    });
    const out = {
      flooded_with: chosen.map((p) => p.name), load: os.loadavg().map((x) => Math.round(x * 10) / 10), cpus: os.availableParallelism(), seconds, renderTimeoutMs: Number(args.timeout),
      invoicesIdle: row('invoices, idle server', idle),
      invoicesFlooded: row('invoices, under the flood', flooded),
      flood: { ...row('flood (pathological)', floodResult), statusCodes: floodResult.statusCodeStats },
      p99Ratio: Math.round((flooded.latency.p99 / idle.latency.p99) * 100) / 100,
      rssMb: { peak, end: rssMb(pid) }, healthAfter: health,
    };
    if (args.json) process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    else {
      console.log(`load ${out.load.join(' ')} on ${out.cpus} CPUs, ${seconds} s per phase, RENDER_TIMEOUT_MS ${args.timeout}`);
      console.table([out.invoicesIdle, out.invoicesFlooded, out.flood]);
      console.log(`flood status codes: ${JSON.stringify(out.flood.statusCodes)}`);
      console.log(`invoice p99 under the flood / idle: ${out.p99Ratio}x; server RSS peak ${peak} MB, end ${out.rssMb.end} MB`);
    }
  } finally {
    clearInterval(sampler);
    srv.child.kill('SIGTERM');
    await srv.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
