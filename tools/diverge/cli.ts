/**
 * `npm run diverge -- document.html… [--tol 1] [--all] [--max 50] [--focus PATH-END] [--no-pages] [--json] [--fonts-conf FILE]`: where our layout first parts from Chromium's.
 * In: HTML files (one Chromium serves them all). Out: the reports on stdout (text, or JSON: one object, an array for several
 * files); exit 0 when every layout agrees, 1 when one diverges, 2 on bad usage or failure.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diverge, UsageError } from './index.ts';
import { ChromiumReference } from './chromium.ts';
import { formatText } from './report.ts';

const USAGE = 'usage: npm run diverge -- document.html… [--tol PX] [--all] [--max N] [--focus PATH-END] [--no-pages] [--json] [--fonts-conf FILE]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { tol: { type: 'string' }, all: { type: 'boolean' }, focus: { type: 'string' }, 'no-pages': { type: 'boolean' }, max: { type: 'string' }, json: { type: 'boolean' }, 'fonts-conf': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) { process.stdout.write(`${USAGE}\n`); return 0; }
  const tol = values.tol === undefined ? 1 : Number(values.tol);
  const max = values.max === undefined ? 50 : Number(values.max);
  if (positionals.length === 0 || !(tol >= 0) || !(Number.isInteger(max) && max > 0)) { process.stderr.write(`${USAGE}\n`); return 2; }
  const missing = positionals.find((f) => !existsSync(f));
  if (missing) { process.stderr.write(`diverge: no such file: ${missing}\n`); return 2; }
  const reference = await ChromiumReference.launch(values['fonts-conf']);
  try {
    const results = [];
    for (const file of positionals) {
      const result = await diverge(file, { tol, all: values.all ?? false, max, reference, pages: !values['no-pages'], ...(values.focus ? { focus: values.focus } : {}) });
      if (!values.json) process.stdout.write(formatText(result) + (positionals.length > 1 ? '\n' : ''));
      results.push(result);
    }
    if (values.json) process.stdout.write(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
    return results.some((r) => r.first) ? 1 : 0;
  } finally {
    await reference.close();
  }
}

main().then((code) => { process.exitCode = code; }, (e: unknown) => {
  process.stderr.write(`diverge: ${e instanceof UsageError ? e.message : e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 2;
});
