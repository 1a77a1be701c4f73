/**
 * `npm run fidelity`: renders every fidelity case with Quire (in-process, renderPdf with the case
 * folder as baseUrl) and scores it against Chromium's PDF (cases/<name>/reference.chromium.pdf)
 * with score.ts, the method of ../shared/fidelity/score.mjs, plus baseline.ts's `base` diagnostic. In: a
 * cases folder. Out: a table (pages, words, ink, base, offset, ms per case; the means; the cases under
 * 0.80 words / 0.90 ink) or JSON.
 * A measurement run on demand, not a test. See test/fidelity/README.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderPdf, warmUp } from '../../src/index.ts';
import { scorePdf, type Score } from './score.ts';
import { scoreBaselines, type BaseScore } from './baseline.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE = `usage: npm run fidelity -- [--cases DIR] [--filter REGEX] [--json] [--out DIR] [--tol PT] [--timeout S] [--cmd 'COMMAND {in} {out}']
  --cases DIR     folder of <name>/document.html + reference.chromium.pdf (default test/fidelity/cases;
                  ../shared/fidelity/cases works too)
  --filter REGEX  only the cases whose name matches
  --json          one JSON object instead of the table
  --out DIR       keep our PDFs as DIR/<name>.pdf (default: a temp folder, removed at the end)
  --tol PT        word position tolerance (default 2)
  --timeout S     per-case render limit in seconds (default 60)
  --cmd STR       render with a shell command instead of in-process ({in}/{out}: absolute paths)`;
/** Thresholds the issue counts cases against (issue 11: no document below 0.80 words / 0.90 ink). */
const LOW_WORDS = 0.8, LOW_INK = 0.9;

interface Options { cases: string; filter: RegExp | null; json: boolean; out: string | null; tol: number; timeout: number; cmd: string | null }
interface Row { name: string; ok: boolean; error: string | null; ms: number; warnings: number; score: Score | null; base: BaseScore | null; base_error: string | null }

function usage(msg?: string): never {
  if (msg) console.error(`fidelity: ${msg}`);
  console.error(USAGE);
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const o: Options = { cases: path.join(here, 'cases'), filter: null, json: false, out: null, tol: 2, timeout: 60, cmd: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const val = () => (i + 1 < argv.length ? argv[++i]! : usage(`${a} needs a value`));
    if (a === '--cases') o.cases = path.resolve(val());
    else if (a === '--filter') { const f = val(); try { o.filter = new RegExp(f); } catch (e) { usage(`bad --filter: ${(e as Error).message}`); } }
    else if (a === '--json') o.json = true;
    else if (a === '--out') o.out = path.resolve(val());
    else if (a === '--tol') o.tol = Number(val());
    else if (a === '--timeout') o.timeout = Number(val());
    else if (a === '--cmd') o.cmd = val();
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!(o.tol >= 0)) usage('--tol must be a number >= 0');
  if (!(o.timeout > 0)) usage('--timeout must be a positive number of seconds');
  if (o.cmd && !(o.cmd.includes('{in}') && o.cmd.includes('{out}'))) usage('--cmd must contain {in} and {out}');
  if (!existsSync(o.cases) || !statSync(o.cases).isDirectory()) usage(`cases folder not found: ${o.cases}`);
  return o;
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs `cmd` in its own process group; kills the group past `timeoutMs`. Resolves with an error text or null. */
function runCommand(cmd: string, timeoutMs: number): Promise<string | null> {
  return new Promise((done) => {
    let err = '';
    const child = spawn('/bin/sh', ['-c', cmd], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => { err = (err + d).slice(-2000); });
    const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ } }, timeoutMs);
    child.on('error', (e) => { clearTimeout(timer); done(`could not start: ${e.message}`); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const last = err.trim().split('\n').pop() ?? '';
      done(code === 0 ? null : signal === 'SIGKILL' ? `timed out after ${timeoutMs / 1000} s` : `exit ${code ?? signal}${last ? `: ${last}` : ''}`);
    });
  });
}

/** Renders one case to `pdf`; ms is the render's wall time (in-process: renderPdf alone, warm). */
async function render(o: Options, dir: string, pdf: string): Promise<{ error: string | null; ms: number; warnings: number }> {
  const input = path.join(dir, 'document.html');
  const t0 = performance.now();
  if (o.cmd) {
    const error = await runCommand(o.cmd.replaceAll('{in}', shq(input)).replaceAll('{out}', shq(pdf)), o.timeout * 1000);
    return { error, ms: performance.now() - t0, warnings: 0 };
  }
  try {
    const r = await renderPdf(readFileSync(input, 'utf8'), {
      baseUrl: pathToFileURL(dir + path.sep).href, creationDate: new Date(0), timeoutMs: o.timeout * 1000,
    });
    const ms = performance.now() - t0;
    writeFileSync(pdf, r.pdf);
    return { error: null, ms, warnings: r.warnings.length };
  } catch (e) {
    return { error: `${(e as { code?: string }).code ?? (e as Error).name}: ${(e as Error).message}`, ms: performance.now() - t0, warnings: 0 };
  }
}

const mean = (xs: Array<number | null | undefined>) => {
  const v = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};
const r3 = (x: number | null) => (x == null ? null : Math.round(x * 1000) / 1000);

function printTable(rows: Row[], o: Options, means: Record<string, number | null>, low: { words: string[]; ink: string[] }) {
  const f3 = (x: number | null | undefined) => (x == null ? '-' : x.toFixed(3));
  const f2 = (x: number | null | undefined) => (x == null ? '-' : x.toFixed(2));
  const w = Math.max(28, ...rows.map((r) => r.name.length));
  const head = `${'case'.padEnd(w)} ${'pages'.padStart(6)} ${'words'.padStart(6)} ${'ink'.padStart(6)} ${'base'.padStart(6)} ${'offset'.padStart(7)} ${'ms'.padStart(7)}`;
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const r of rows) {
    const s = r.score;
    const pages = s ? `${s.pages_test}/${s.pages_ref}${s.page_size_match ? '' : '!'}` : '-';
    console.log(`${r.name.padEnd(w)} ${pages.padStart(6)} ${f3(s?.word_agreement ?? 0).padStart(6)} ${f3(s?.ink_overlap ?? 0).padStart(6)} ${f3(r.base?.base_agreement).padStart(6)} ${f2(s?.mean_offset_pt).padStart(7)} ${String(Math.round(r.ms)).padStart(7)}${r.error ? `  FAILED: ${r.error}` : ''}`);
  }
  console.log('-'.repeat(head.length));
  console.log(`${`mean (${rows.length} cases)`.padEnd(w)} ${''.padStart(6)} ${f3(means.word_agreement).padStart(6)} ${f3(means.ink_overlap).padStart(6)} ${f3(means.base_agreement).padStart(6)} ${f2(means.mean_offset_pt).padStart(7)} ${String(Math.round(means.ms ?? 0)).padStart(7)}`);
  console.log(`under ${LOW_WORDS.toFixed(2)} words: ${low.words.length}${low.words.length ? ` (${low.words.join(', ')})` : ''}`);
  console.log(`under ${LOW_INK.toFixed(2)} ink: ${low.ink.length}${low.ink.length ? ` (${low.ink.join(', ')})` : ''}`);
  console.log(`pages = ours/ref ('!' = first page size differs by 2 pt or more); words = share of words within ${o.tol} pt; ink = share of inked pixels (50 dpi) that agree; offset = mean word offset in pt; ms = render time${o.cmd ? ' (command wall time)' : ' (in-process, warm)'}.`);
  console.log(`base = diagnostic, not an official score: the words pairing with each word at its glyph origin (box left, baseline) instead of its pdftotext box, so font-box differences (Chromium's Type 3 fonts) drop out.`);
  const failed = rows.filter((r) => !r.ok).length;
  if (failed) console.log(`${failed} render(s) failed and score 0.`);
  if (o.out) console.log(`our PDFs: ${o.out}`);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const names = readdirSync(o.cases)
    .filter((n) => existsSync(path.join(o.cases, n, 'document.html')) && existsSync(path.join(o.cases, n, 'reference.chromium.pdf')))
    .filter((n) => !o.filter || o.filter.test(n))
    .sort();
  if (!names.length) usage(`no case in ${o.cases}${o.filter ? ` matches --filter ${o.filter.source}` : ''}`);
  const work = mkdtempSync(path.join(tmpdir(), 'quire-fidelity-'));
  const outDir = o.out ?? path.join(work, 'pdf');
  mkdirSync(outDir, { recursive: true });
  if (!o.cmd) warmUp();
  const rows: Row[] = [];
  const progress = !o.json && process.stderr.isTTY;
  try {
    for (const name of names) {
      if (progress) process.stderr.write(`rendering ${name} ...\x1b[K\r`);
      const dir = path.join(o.cases, name), pdf = path.join(outDir, `${name}.pdf`);
      rmSync(pdf, { force: true });
      const r = await render(o, dir, pdf);
      let error = r.error, score: Score | null = null, base: BaseScore | null = null, baseError: string | null = null;
      if (!error && (!existsSync(pdf) || statSync(pdf).size === 0)) error = 'no PDF written';
      if (!error) {
        const ref = path.join(dir, 'reference.chromium.pdf');
        // The diagnostic never fails a case: its error is kept apart and its column shows '-'.
        const diagnostic = scoreBaselines(ref, pdf, o.tol).catch((e: Error) => { baseError = e.message.split('\n')[0]!; return null; });
        try { [score, base] = await Promise.all([scorePdf(ref, pdf, o.tol), diagnostic]); } catch (e) { error = `scoring failed: ${(e as Error).message.split('\n')[0]}`; }
      }
      rows.push({ name, ok: !error, error, ms: Math.round(r.ms), warnings: r.warnings, score, base, base_error: baseError });
    }
  } finally {
    if (progress) process.stderr.write('\x1b[K');
    rmSync(work, { recursive: true, force: true });
  }
  const means = {
    word_agreement: r3(mean(rows.map((r) => r.score?.word_agreement ?? 0))),
    ink_overlap: r3(mean(rows.map((r) => r.score?.ink_overlap ?? 0))),
    base_agreement: r3(mean(rows.map((r) => r.base?.base_agreement ?? 0))),
    mean_offset_pt: r3(mean(rows.map((r) => r.score?.mean_offset_pt))),
    ms: Math.round(mean(rows.map((r) => r.ms)) ?? 0),
  };
  const low = {
    words: rows.filter((r) => (r.score?.word_agreement ?? 0) < LOW_WORDS).map((r) => r.name),
    ink: rows.filter((r) => (r.score?.ink_overlap ?? 0) < LOW_INK).map((r) => r.name),
  };
  if (o.json) {
    console.log(JSON.stringify({ cases_dir: o.cases, renderer: o.cmd ?? 'renderPdf (in-process)', tol: o.tol, cases: rows, means, under: { words_080: low.words, ink_090: low.ink }, failed: rows.filter((r) => !r.ok).length, pdf_dir: o.out }, null, 1));
  } else printTable(rows, o, means, low);
  process.exitCode = rows.some((r) => !r.ok) ? 1 : 0;
}

await main();
