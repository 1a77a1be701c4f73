// `npm run fuzz`: the whole campaign (default 10,000 requests, 2,000 templates) against a live server.
// In: --requests N --templates N --seed S --concurrency C --rss-bound MB (default: the bound the server's configuration
// states, settledRssBoundMb). Out: a JSON report on stdout; exit 1 on any failure.
import { parseArgs } from 'node:util';
import { runFuzz } from './fuzz.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' }, templates: { type: 'string', default: '2000' },
    seed: { type: 'string' }, concurrency: { type: 'string', default: '16' }, 'rss-bound': { type: 'string' },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
process.stderr.write(`quire fuzz: seed ${seed} (repeat with --seed ${seed})\n`);
const report = await runFuzz({
  requests: Number(values.requests), templates: Number(values.templates), seed,
  concurrency: Number(values.concurrency), rssBoundMb: values['rss-bound'] !== undefined ? Number(values['rss-bound']) : undefined,
  log: (l) => process.stderr.write(`quire fuzz: ${l}\n`),
});
const ok = report.failures.length === 0 && report.alive && report.cleanExit && report.rssMb.end <= report.rssMb.bound;
process.stdout.write(JSON.stringify({ ...report, failures: report.failures.slice(0, 50), failureCount: report.failures.length, ok }, null, 2) + '\n');
process.exitCode = ok ? 0 : 1;
