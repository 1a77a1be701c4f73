// The README's "Walk-through without the dashboard", run as written: its shell block with bash against a server
// on a port the system picks (PORT set to it), then its `quire render` line. In: README.md. Out: node:test results.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ROOT, spawnServer } from '../api/server-process.ts';
import { bash, walkThrough } from './readme.ts';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('the README walk-through works on any PORT, and the files it writes are git-ignored', { timeout: 300000 }, async () => {
  const { block, render } = walkThrough(ROOT);

  // "in a second terminal in the same folder": a folder that looks like the checkout, so the files the
  // walk-through writes land in it and not in the repository
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'quire-walk-'));
  dirs.push(cwd);
  for (const name of ['package.json', 'node_modules', 'bin', 'src', 'examples', 'fonts']) {
    symlinkSync(path.join(ROOT, name), path.join(cwd, name));
  }
  const dataDir = path.join(cwd, 'data');
  const srv = await spawnServer({ dataDir });
  try {
    const port = new URL(srv.url).port;
    assert.notEqual(port, '8080');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, DATA_DIR: '' };
    delete env.NODE_TEST_CONTEXT;
    delete env.DATABASE_URL;
    const r = await bash(block, cwd, env);
    assert.equal(r.code, 0, `the walk-through failed:\n${r.stderr}\n${r.stdout}`);
    const response = JSON.parse(readFileSync(path.join(cwd, 'response.json'), 'utf8'));
    assert.equal(response.success, true);
    assert.ok(response.pdf_url.startsWith(`http://127.0.0.1:${port}/storage/v1/object/public/pdfs/`), response.pdf_url);
    const served = execFileSync('pdftotext', [path.join(cwd, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    assert.ok(served.includes('Sunnyville, CA 12345'), 'the seller\'s address, a default of variables.json');

    rmSync(path.join(cwd, 'invoice.pdf'));
    const local = await bash(render, cwd, env);
    assert.equal(local.code, 0, local.stderr);
    execFileSync('qpdf', ['--check', path.join(cwd, 'invoice.pdf')], { stdio: 'pipe' });
    assert.ok(execFileSync('pdftotext', [path.join(cwd, 'invoice.pdf'), '-'], { encoding: 'utf8' }).includes('Sunnyville, CA 12345'),
      'quire render applies the defaults through --variables');
  } finally {
    srv.child.kill('SIGTERM');
    await srv.exited;
  }
  // what the walk-through wrote beside the checkout's own files: each one is git-ignored in the repository
  const written = readdirSync(cwd).filter((f) => !['package.json', 'node_modules', 'bin', 'src', 'examples', 'fonts'].includes(f));
  assert.deepEqual(written.sort(), ['data', 'invoice.pdf', 'response.json']);
  const ignored = execFileSync('git', ['check-ignore', '--no-index', ...written.map((f) => (f === 'data' ? 'data/' : f))], { cwd: ROOT, encoding: 'utf8' });
  assert.deepEqual(ignored.trim().split('\n').sort(), ['data/', 'invoice.pdf', 'response.json']);
});
