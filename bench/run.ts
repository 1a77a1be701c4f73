/**
 * `npm run bench`: renders documents warm and prints per-document median ms, pages, ms per page
 * and PDF bytes. In: bench/fixtures, the fidelity corpus (framework-CSS documents) and generated
 * documents. Out: a table on stdout (--json for machines; --filter=TEXT for some cases).
 * Machines here are noisy: compare ratios within one run (ms per page across document lengths,
 * first against second render) and prefer cpu ms (this process's CPU time) to wall time.
 * --bundled: the engine as `quire serve` runs it, an esbuild bundle (bench/bundled-engine.ts); by default the
 * sources through tsx, whose __name() wrappers around nested functions cost 5-20 % more.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as sources from '../src/index.ts';
import type { CompiledTemplate, RenderResult } from '../src/index.ts';
import { fillTemplate as sourceFill } from '../src/template/fill.ts';
import { parseVariableDefs, resolveValues } from '../src/template/variables.ts';
import { bundledEngine, type BenchEngine } from './bundled-engine.ts';
import { report } from './fixtures/report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');

interface Case {
  name: string;
  /** The document for the i-th render (warm-ups included); with `values`, the Mustache template (i ignored). */
  html: (i: number) => string;
  /** Values for the i-th render of the template `html(0)`; absent: `html` is plain HTML, the same each render. */
  values?: (i: number) => Record<string, unknown>;
  baseUrl?: string;
  runs: number;
  /** Renders before the timed ones (default 2). */
  warmUps?: number;
  /** Also report the first render of this document in the process (its stylesheets, fonts and images met for the first time). */
  first?: boolean;
}

/** A text document of about `pages` A4 pages: headings and justified paragraphs. */
function longText(pages: number): string {
  const para = 'Quire lays out this paragraph with its own engine: line boxes, UAX #14 break opportunities, ' +
    'shaped glyph runs and pages. Every word is measured with the font it is painted in, so the PDF ' +
    'matches what the author saw in the browser. ';
  const parts: string[] = ['<!DOCTYPE html><html><head><style>body{font:11pt/1.4 sans-serif} h2{margin:1em 0 .5em} p{text-align:justify}</style></head><body>'];
  for (let i = 0; i < pages * 5; i++) {
    parts.push(`<h2>Section ${i + 1}</h2><p>${para.repeat(3)}</p>`);
  }
  parts.push('</body></html>');
  return parts.join('');
}

/** An invoice-like table of `rows` rows with a repeated header (issue 4's 1,000-row benchmark). */
function bigTable(rows: number): string {
  const body: string[] = [];
  for (let i = 0; i < rows; i++) {
    body.push(`<tr><td>${i + 1}</td><td>Item number ${i + 1}, consulting hours</td><td>${(i % 7) + 1}</td><td>${((i * 37) % 500 + 10).toFixed(2)}</td></tr>`);
  }
  return `<!DOCTYPE html><html><head><style>body{font:10pt sans-serif} table{width:100%;border-collapse:collapse} th,td{border:1px solid #999;padding:3px 6px} thead th{background:#eee}</style></head><body>
<h1>Stock report</h1><table><thead><tr><th>#</th><th>Description</th><th>Qty</th><th>Amount</th></tr></thead><tbody>${body.join('')}</tbody></table></body></html>`;
}


/**
 * The README's invoice template (examples/invoice) filled with other values on every render, as
 * the service sees it: new names and amounts mean new glyphs, so the font subsets differ each time.
 */
function readmeInvoice(): Pick<Case, 'html' | 'values'> {
  const dir = path.join(root, 'examples/invoice');
  const template = readFileSync(path.join(dir, 'template.html'), 'utf8');
  const defs = parseVariableDefs(JSON.parse(readFileSync(path.join(dir, 'variables.json'), 'utf8')));
  const data = JSON.parse(readFileSync(path.join(dir, 'data.json'), 'utf8')) as Record<string, unknown>;
  const people = ['Jane Roe', 'Émile Zola', 'Kwame Nkrumah', 'Björk Guðmundsdóttir', 'Xu Wei', 'Quentin Yardley', 'Łucja Żak', 'Oğuz Çelik'];
  return {
    html: () => template,
    values: (i) => {
      const values = { ...data, invoiceNumber: `2026-${String(1000 + i * 37).padStart(4, '0')}`, clientName: people[i % people.length], clientCompany: `${people[(i + 3) % people.length]!.split(' ')[1]} & Co. ${i}`, total: ((i * 97.31) % 5000 + 10).toFixed(2) };
      const r = resolveValues(defs, values);
      if (!r.ok) throw new Error(r.message);
      return r.view;
    },
  };
}

/** A document of the fidelity corpus (framework CSS), or null when the folder is not there. */
function corpus(dir: string): { html: (i: number) => string; baseUrl: string } | null {
  const file = path.join(dir, 'document.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  return { html: () => html, baseUrl: dir + '/' };
}

const fixed = (html: string) => (): string => html;
const invoiceDir = path.join(here, 'fixtures/invoice');
const frameworks: Array<[string, string]> = [
  ['Bootstrap 5: btcpay-receipt', path.join(root, 'test/fidelity/cases/btcpay-receipt')],
  ['Tailwind 4: cappuccino-resume', path.join(root, 'test/fidelity/cases/cappuccino-resume-variable')],
  ['AdminLTE, 1.4 MB CSS: invoice', path.join(root, '../shared/fidelity/cases/adminlte-invoice-print')],
];
const cases: Case[] = [];
// Framework documents first, so that their first render meets their stylesheets for the first time.
for (const [name, dir] of frameworks) {
  const c = corpus(dir);
  if (c) cases.push({ name, ...c, runs: 10, warmUps: 1, first: true });
  else console.error(`bench: ${name} skipped (${dir} not found)`);
}
cases.push(
  { name: 'invoice (sparksuite, 1 page)', html: fixed(readFileSync(path.join(invoiceDir, 'document.html'), 'utf8')), baseUrl: invoiceDir + '/', runs: 50 },
  { name: 'README invoice, new values', ...readmeInvoice(), runs: 30 },
  { name: 'text, ~1 page', html: fixed(longText(1)), runs: 30 },
  { name: 'text, ~10 pages', html: fixed(longText(10)), runs: 10 },
  { name: 'text, ~50 pages', html: fixed(longText(50)), runs: 4 },
  { name: 'table, 1,000 rows', html: fixed(bigTable(1000)), runs: 4 },
  { name: 'report, ~10 pages', html: fixed(report(10)), runs: 6 },
  { name: 'report, ~100 pages', html: fixed(report(100)), runs: 3, warmUps: 1 },
  { name: 'report, ~500 pages', html: fixed(report(500)), runs: 2, warmUps: 1 },
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Result { name: string; firstMs: number | null; medianMs: number; cpuMs: number; pages: number; bytes: number; msPerPage: number; cpuMsPerPage: number; heapMB: number; warnings: number }

const json = process.argv.includes('--json');
const only = process.argv.find((a) => a.startsWith('--filter='))?.slice(9);
const uncompiled = process.argv.includes('--uncompiled');
const bundled = process.argv.includes('--bundled');
const engine: BenchEngine = bundled ? await bundledEngine(root) : { ...sources, fillTemplate: sourceFill };
const { compileTemplate, renderPdf, warmUp, fillTemplate } = engine;
const results: Result[] = [];
// The process is warmed first (bundled fonts, the user-agent sheet, module code), so that a
// framework document's first render pays for its own stylesheets and fonts only.
warmUp();
for (let i = 0; i < 3; i++) await renderPdf(longText(1) + '<table><tr><td>warm</td></tr></table>', { creationDate: new Date(0) });
for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const opts = { baseUrl: c.baseUrl, creationDate: new Date(0), timeoutMs: 600_000, maxPages: 10_000 };
  // As the service renders a stored template: compiled once (the compile counts in the first render), then
  // rendered with values; --uncompiled: fill + renderPdf each time, as before compileTemplate.
  let compiled: CompiledTemplate | null = null;
  // (uncompiled: the fill is made before the timed part, as this benchmark did before compileTemplate)
  const prepare = (i: number): (() => Promise<RenderResult>) => {
    if (uncompiled) {
      const html = c.values ? fillTemplate(c.html(i), c.values(i)) : c.html(i);
      return () => renderPdf(html, opts);
    }
    const values = c.values?.(i) ?? null;
    return () => (compiled ??= compileTemplate(c.html(0), { baseUrl: c.baseUrl, mustache: c.values !== undefined })).render(values, opts);
  };
  const render = (i: number): Promise<RenderResult> => prepare(i)();
  let n = 0;
  const t0 = performance.now();
  let last = await render(n++);
  const firstMs = performance.now() - t0;
  for (let i = 1; i < (c.warmUps ?? 2); i++) last = await render(n++);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    const run = prepare(n++);
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    last = await run();
    const dc = process.cpuUsage(c0);
    times.push(performance.now() - w0);
    cpuTimes.push((dc.user + dc.system) / 1000);
  }
  const ms = median(times);
  const cpuMs = median(cpuTimes);
  results.push({
    name: c.name, firstMs: c.first ? +firstMs.toFixed(1) : null, medianMs: +ms.toFixed(2), cpuMs: +cpuMs.toFixed(2), pages: last.pageCount, bytes: last.pdf.length,
    msPerPage: +(ms / last.pageCount).toFixed(2), cpuMsPerPage: +(cpuMs / last.pageCount).toFixed(2), heapMB: +(process.memoryUsage().heapUsed / 1048576).toFixed(1), warnings: last.warnings.length,
  });
  if (!json) process.stderr.write(`bench: ${c.name} done\n`);
}
if (json) {
  console.log(JSON.stringify({ node: process.version, bundled, results }, null, 1));
} else {
  console.log(`${bundled ? 'esbuild bundle; ' : 'sources through tsx; '}${uncompiled ? 'uncompiled (fill + renderPdf per render)' : 'compiled once (compileTemplate), then rendered'}; node ${process.version}; warm medians (timed runs after warm-ups); first = the first render of that document in this process (framework CSS: its stylesheets and fonts parsed);`);
  console.log('cpu ms = this process\'s CPU time (user + system), steadier than wall time on a loaded machine');
  const cols: Array<[string, number, (r: Result) => string]> = [
    ['document', -32, (r) => r.name], ['first ms', 10, (r) => (r.firstMs === null ? '' : r.firstMs.toFixed(1))], ['median ms', 10, (r) => r.medianMs.toFixed(2)],
    ['cpu ms', 9, (r) => r.cpuMs.toFixed(2)], ['pages', 6, (r) => String(r.pages)], ['ms/page', 9, (r) => r.msPerPage.toFixed(2)], ['cpu/page', 9, (r) => r.cpuMsPerPage.toFixed(2)],
    ['PDF bytes', 10, (r) => String(r.bytes)], ['heap MB', 8, (r) => r.heapMB.toFixed(1)], ['warnings', 9, (r) => String(r.warnings)],
  ];
  const fmt = (cells: string[]): string => cells.map((s, i) => (cols[i]![1] < 0 ? s.padEnd(-cols[i]![1]) : s.padStart(cols[i]![1]))).join('');
  console.log(fmt(cols.map((c) => c[0])));
  for (const r of results) console.log(fmt(cols.map((c) => c[2](r))));
}
