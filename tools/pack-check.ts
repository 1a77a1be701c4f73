/**
 * `npm run pack:check`: the package as a user gets it. `npm pack` (its prepack builds dist/), `npm install -g
 * --prefix <temp>/prefix` of the tarball, then, in a clean temporary folder holding only the installed package's
 * examples/, the README's "Walk-through without the dashboard" with `quire` for `npm run --silent quire --`
 * against that installed `quire serve` (PORT picked by the system), its `quire render` line, and checks:
 * the JSON answer, the downloaded PDF (qpdf --check, pdftotext shows the seller's address, a default of
 * variables.json), the served dashboard. Prints how long each step took. Not a test: installing the
 * dependencies takes minutes on this machine (npm's cache, better-sqlite3's native build).
 * In: --keep (leave the temporary folder). Out: lines on stdout; exit status 1 on a failed check.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bash, walkThrough } from '../test/cli/readme.ts';

const ROOT = path.join(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'quire-pack-'));
const step = (name: string, t0: number) => console.log(`${name}: ${Math.round(performance.now() - t0)} ms`);

async function main(): Promise<void> {
  let t0 = performance.now();
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  const tarball = path.join(tmp, packed);
  step(`npm pack (${(readFileSync(tarball).byteLength / 2 ** 20).toFixed(1)} MB)`, t0);

  t0 = performance.now();
  const prefix = path.join(tmp, 'prefix');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, tarball, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: tmp, stdio: 'inherit' });
  step('npm install -g', t0);
  const pkg = path.join(prefix, 'lib', 'node_modules', 'quire');
  const bin = path.join(prefix, 'bin');

  // a clean folder with what the walk-through reads (examples/), from the installed package
  const work = path.join(tmp, 'work');
  mkdirSync(work);
  cpSync(path.join(pkg, 'examples'), path.join(work, 'examples'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DATA_DIR: '' };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;

  t0 = performance.now();
  const server = spawn(path.join(bin, 'quire'), ['serve'], { cwd: work, env: { ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /"url":"([^"]+)"[^\n]*Quire listening/.exec(out);
        if (m) resolve(m[1]!);
      });
      void exited.then((code) => reject(new Error(`quire serve ended (${code}) before listening:\n${out}`)));
    });
    server.stdout!.resume();
    step('installed quire serve listening', t0);

    t0 = performance.now();
    const { block, render } = walkThrough(ROOT);
    const asInstalled = (s: string) => s.replaceAll('npm run --silent quire --', 'quire');
    const walk = await bash(asInstalled(block), work, { ...env, PORT: new URL(url).port });
    assert.equal(walk.code, 0, `the walk-through failed:\n${walk.stderr}\n${walk.stdout}`);
    const response = JSON.parse(readFileSync(path.join(work, 'response.json'), 'utf8'));
    assert.equal(response.success, true);
    assert.ok(response.pdf_url.startsWith(`${url}/storage/v1/object/public/pdfs/`), response.pdf_url);
    const text = execFileSync('pdftotext', [path.join(work, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    assert.ok(text.includes('Sunnyville, CA 12345'), 'the seller\'s address, a default of variables.json');
    step('README walk-through (account, key, template, generate, download, qpdf --check)', t0);

    t0 = performance.now();
    rmSync(path.join(work, 'invoice.pdf'));
    const local = await bash(asInstalled(render), work, env);
    assert.equal(local.code, 0, local.stderr);
    execFileSync('qpdf', ['--check', path.join(work, 'invoice.pdf')], { stdio: 'pipe' });
    step('quire render', t0);

    t0 = performance.now();
    const page = await fetch(`${url}/dashboard/sign-in`);
    assert.equal(page.status, 200);
    const script = /src="(\/dashboard\/static\/[^"]+)"/.exec(await page.text())?.[1];
    assert.ok(script, 'the sign-in page loads a script');
    assert.equal((await fetch(`${url}${script}`)).status, 200, 'the dashboard\'s browser code is built and served');
    step('dashboard sign-in page and its script', t0);
    console.log(`pack:check passed (${pkg})`);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

try {
  await main();
} finally {
  if (args.keep) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
