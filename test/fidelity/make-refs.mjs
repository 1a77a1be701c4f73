#!/usr/bin/env node
// In: test/fidelity/cases/<name>/document.html (one, some or all cases). Out: cases/<name>/reference.chromium.pdf,
// Chromium's print of the document: the method of ../shared/fidelity/make-refs.mjs (its Chromium half).
// Debian's Chromium (/usr/bin/chromium) through playwright-core, fontconfig limited to the project's
// fonts/ (Liberation, DejaVu: the same files as ../shared/fonts) through fonts.conf.in; the document
// opened from its file, every request other than file: and data: blocked, then page.pdf with A4,
// 10 mm margins, preferCSSPageSize (the document's @page size and margins win) and printBackground.
// usage: node test/fidelity/make-refs.mjs [--only a,b] [--cases DIR] [--outdir DIR]
//   FONT_DIR=... overrides the font folder (default: <project>/fonts).
// Exit status 1 when a document made a network request, a failed request or a console error.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const USAGE = 'usage: node test/fidelity/make-refs.mjs [--only a,b] [--cases DIR] [--outdir DIR]\n' +
  '  without --only (and without --outdir) it rewrites the reference of EVERY case in the cases folder';
if (args.includes('--help') || args.includes('-h')) { console.log(USAGE); process.exit(0); }
// Every argument is a known option followed by its value: a stray word must not start a run over every case.
for (let i = 0; i < args.length; i += 2) {
  if (!['--only', '--cases', '--outdir'].includes(args[i]) || args[i + 1] === undefined || args[i + 1].startsWith('--')) {
    console.error(`make-refs: unexpected argument ${args[i]}\n${USAGE}`);
    process.exit(2);
  }
}
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : null; };
const only = opt('--only')?.split(',').filter(Boolean) || null;
const casesDir = resolve(opt('--cases') || join(here, 'cases'));
const outRoot = opt('--outdir') ? resolve(opt('--outdir')) : null; // default: into each case folder
const fontDir = resolve(process.env.FONT_DIR || join(here, '../../fonts'));

const names = readdirSync(casesDir).sort().filter((n) => existsSync(join(casesDir, n, 'document.html')) && (!only || only.includes(n)));
if (only) for (const n of only) if (!names.includes(n)) { console.error(`make-refs: no case ${n} in ${casesDir}`); process.exit(2); }

const work = mkdtempSync(join(tmpdir(), 'quire-fidelity-refs-'));
const fcCache = join(tmpdir(), 'quire-fidelity-fc-cache');
mkdirSync(fcCache, { recursive: true });
const fontsConf = join(work, 'fonts.conf');
writeFileSync(fontsConf, readFileSync(join(here, 'fonts.conf.in'), 'utf8').replace('@FONTDIR@', fontDir).replace('@CACHEDIR@', fcCache));
const env = { ...process.env, FONTCONFIG_FILE: fontsConf };

const browser = await chromium.launch({ env, executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
let problems = 0;
try {
  for (const name of names) {
    const dir = join(casesDir, name), doc = join(dir, 'document.html');
    const outDir = outRoot ? join(outRoot, name) : dir;
    mkdirSync(outDir, { recursive: true });
    const log = [];
    const page = await browser.newPage();
    page.on('console', (m) => { if (m.type() === 'error') log.push(`console: ${m.text()}`); });
    page.on('requestfailed', (r) => log.push(`request failed: ${r.url().slice(0, 120)} ${r.failure()?.errorText || ''}`));
    await page.route('**/*', (route) => { // nothing may come from the network
      const u = route.request().url();
      if (u.startsWith('file:') || u.startsWith('data:')) return route.continue();
      log.push(`blocked network request: ${u}`); return route.abort();
    });
    await page.goto(pathToFileURL(doc).href, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    // format/margin are the product's default page; the document's @page size and margins win.
    const pdf = await page.pdf({ format: 'A4', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' }, preferCSSPageSize: true, printBackground: true });
    writeFileSync(join(outDir, 'reference.chromium.pdf'), pdf);
    await page.close();
    problems += log.length;
    console.log(`${name.padEnd(32)} ${(pdf.length / 1024).toFixed(0).padStart(5)} KB${log.length ? '\n  ' + log.join('\n  ') : ''}`);
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(problems ? 1 : 0);
