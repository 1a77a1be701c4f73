/**
 * `npm run bench`: renders fixture documents warm and prints median ms, pages and PDF bytes.
 * In: bench/fixtures and generated documents. Out: a table on stdout (and --json for machines).
 * Machines here are noisy: compare ratios within one run (ms per page across document lengths).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { renderPdf } from '../src/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Case { name: string; html: string; baseUrl?: string; runs: number }

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

const invoiceDir = path.join(here, 'fixtures/invoice');
const cases: Case[] = [
  { name: 'invoice (sparksuite, 1 page)', html: readFileSync(path.join(invoiceDir, 'document.html'), 'utf8'), baseUrl: invoiceDir + '/', runs: 50 },
  { name: 'text, ~1 page', html: longText(1), runs: 30 },
  { name: 'text, ~10 pages', html: longText(10), runs: 10 },
  { name: 'text, ~50 pages', html: longText(50), runs: 4 },
  { name: 'table, 1,000 rows', html: bigTable(1000), runs: 4 },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const json = process.argv.includes('--json');
const only = process.argv.find((a) => a.startsWith('--filter='))?.slice(9);
const results: Array<{ name: string; medianMs: number; cpuMs: number; pages: number; bytes: number; msPerPage: number; heapMB: number; warnings: number }> = [];
for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const opts = { baseUrl: c.baseUrl, creationDate: new Date(0), timeoutMs: 600_000, maxPages: 10_000 };
  let last = await renderPdf(c.html, opts); // warm-up: fonts parsed, caches filled
  await renderPdf(c.html, opts);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    last = await renderPdf(c.html, opts);
    const dc = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpuTimes.push((dc.user + dc.system) / 1000);
  }
  const ms = median(times);
  const cpuMs = median(cpuTimes);
  const heapMB = process.memoryUsage().heapUsed / 1048576;
  results.push({ name: c.name, medianMs: +ms.toFixed(2), cpuMs: +cpuMs.toFixed(2), pages: last.pageCount, bytes: last.pdf.length, msPerPage: +(ms / last.pageCount).toFixed(2), heapMB: +heapMB.toFixed(1), warnings: last.warnings.length });
}
if (json) {
  console.log(JSON.stringify({ node: process.version, results }, null, 1));
} else {
  console.log(`node ${process.version}; warm medians (runs after 2 warm-ups); cpu ms = this process's CPU time (user + system), steadier than wall time on a loaded machine`);
  console.log('document'.padEnd(32) + 'median ms'.padStart(10) + 'cpu ms'.padStart(9) + 'pages'.padStart(7) + 'ms/page'.padStart(9) + 'PDF bytes'.padStart(11) + 'heap MB'.padStart(9) + 'warnings'.padStart(10));
  for (const r of results) {
    console.log(r.name.padEnd(32) + r.medianMs.toFixed(2).padStart(10) + r.cpuMs.toFixed(2).padStart(9) + String(r.pages).padStart(7) + r.msPerPage.toFixed(2).padStart(9) + String(r.bytes).padStart(11) + r.heapMB.toFixed(1).padStart(9) + String(r.warnings).padStart(10));
  }
}
