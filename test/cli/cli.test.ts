// The `quire` command through a child process: account, key, template, render, --json, errors.
// In: bin/quire.mjs with a temporary --data-dir. Out: node:test results.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

const root = path.join(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/quire.mjs');
let dir: string;

function quire(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: opts.cwd ?? dir, encoding: 'buffer', env: { ...process.env, DATA_DIR: '', ...opts.env } },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr: stderr.toString() }));
  });
}
const json = (b: Buffer) => JSON.parse(b.toString());

before(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'quire-cli-')); });
after(() => rmSync(dir, { recursive: true, force: true }));

test('account, key and template commands with --json and --data-dir', async () => {
  const dd = ['--data-dir', path.join(dir, 'data'), '--json'];
  const acc = await quire(['account', 'create', '--email', 'cli@example.com', '--plan', 'starter', ...dd]);
  assert.equal(acc.code, 0, acc.stderr);
  const { id: accountId } = json(acc.stdout);
  assert.match(accountId, /^[0-9a-f-]{36}$/);
  assert.equal(json((await quire(['account', 'plan', '--account', accountId, '--plan', 'pro', ...dd])).stdout).plan, 'pro');

  const key = json((await quire(['key', 'create', '--account', accountId, ...dd])).stdout);
  assert.deepEqual(Object.keys(key), ['id', 'key']);
  assert.match(key.key, /^quire_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const list = json((await quire(['key', 'list', '--account', accountId, ...dd])).stdout);
  assert.equal(list.keys.length, 1);
  assert.equal(list.keys[0].last4, key.key.slice(-4));
  assert.ok(!JSON.stringify(list).includes(key.key));
  assert.equal((await quire(['key', 'delete', '--account', accountId, '--key-id', key.id, ...dd])).code, 0);
  assert.equal(json((await quire(['key', 'list', '--account', accountId, ...dd])).stdout).keys.length, 0);

  writeFileSync(path.join(dir, 't.html'), '<p>Hello {{name}}</p>');
  writeFileSync(path.join(dir, 'v.json'), JSON.stringify([{ name: 'name', type: 'string', default: 'you' }]));
  const tpl = await quire(['template', 'create', '--account', accountId, '--name', 'Greeting', '--html', 't.html', '--variables', 'v.json', ...dd]);
  assert.equal(tpl.code, 0, tpl.stderr);
  const { id: templateId } = json(tpl.stdout);
  const upd = await quire(['template', 'update', '--template', templateId, '--name', 'Greeting 2', ...dd]);
  assert.equal(upd.code, 0, upd.stderr);
  const tpls = json((await quire(['template', 'list', '--account', accountId, ...dd])).stdout).templates;
  assert.equal(tpls.length, 1);
  assert.equal(tpls[0].name, 'Greeting 2');
  assert.deepEqual(tpls[0].variables, [{ name: 'name', type: 'string', default: 'you' }]);

  // errors: stderr, exit 1, nothing on stdout
  writeFileSync(path.join(dir, 'bad.html'), '{{#open}}');
  const cases = [
    ['account', 'create', '--email', 'cli@example.com', ...dd],
    ['account', 'plan', '--account', accountId, '--plan', 'gold', ...dd],
    ['key', 'create', ...dd],
    ['template', 'create', '--account', accountId, '--name', 'x', '--html', 'bad.html', ...dd],
    ['frobnicate', ...dd],
  ];
  const results = await Promise.all(cases.map((args) => quire(args)));
  results.forEach((r, i) => {
    const args = cases[i];
    assert.equal(r.code, 1, args.join(' '));
    assert.equal(r.stdout.length, 0, args.join(' '));
    assert.match(r.stderr, /^quire: /);
  });
});

test('render: -o writes the file and prints nothing; without -o the PDF goes to stdout', async () => {
  const out = path.join(dir, 'out.pdf');
  const r = await quire(['render', path.join(root, 'examples/invoice/template.html'), '--data', path.join(root, 'examples/invoice/data.json'),
    '--variables', path.join(root, 'examples/invoice/variables.json'), '-o', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.length, 0);
  assert.equal(readFileSync(out).subarray(0, 5).toString(), '%PDF-');

  writeFileSync(path.join(dir, 'plain.html'), '<p>to stdout</p>');
  const s = await quire(['render', 'plain.html']);
  assert.equal(s.code, 0, s.stderr);
  assert.equal(s.stdout.subarray(0, 5).toString(), '%PDF-');

  const bad = await quire(['render', 'nope.html', '-o', out]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /cannot read HTML file/);
  writeFileSync(path.join(dir, 'd.json'), '{}');
  const missing = await quire(['render', path.join(root, 'examples/invoice/template.html'), '--data', 'd.json',
    '--variables', path.join(root, 'examples/invoice/variables.json'), '-o', out]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /Missing template variables: invoiceNumber, createdDate, dueDate/);
});

test('render: warnings on stderr (and in the --json object), render and template errors exit 1', async () => {
  writeFileSync(path.join(dir, 'warn.html'), '<style>p { frobnicate: 1 }</style><p style="color: nonsense-colour">{{who}}</p>');
  writeFileSync(path.join(dir, 'who.json'), '{"who":"Ada"}');
  const out = path.join(dir, 'warn.pdf');
  const text = await quire(['render', 'warn.html', '--data', 'who.json', '-o', out]);
  assert.equal(text.code, 0, text.stderr);
  assert.equal(text.stdout.length, 0);
  assert.match(text.stderr, /^quire: warning.*frobnicate.*\[unsupported-property\]$/m);
  const j = await quire(['render', 'warn.html', '--data', 'who.json', '-o', out, '--json']);
  assert.equal(j.code, 0, j.stderr);
  const o = json(j.stdout);
  assert.equal(o.pages, 1);
  assert.ok(o.warnings.some((w: { code: string; message: string }) => w.code === 'unsupported-property' && /frobnicate/.test(w.message)), JSON.stringify(o));
  assert.equal(j.stderr, '', 'with --json the warnings are in the JSON only');

  writeFileSync(path.join(dir, 'long.html'), Array.from({ length: 300 }, (_, i) => `<p>Paragraph ${i}</p>`).join(''));
  const pages = await quire(['render', 'long.html', '-o', out], { env: { MAX_PAGES: '1' } });
  assert.equal(pages.code, 1);
  assert.match(pages.stderr, /^quire: render failed \(TOO_MANY_PAGES\)/);
  writeFileSync(path.join(dir, 'bomb.html'), '{{#l}}{{#l}}{{#l}}x{{/l}}{{/l}}{{/l}}');
  writeFileSync(path.join(dir, 'l.json'), JSON.stringify({ l: Array.from({ length: 100 }, () => ({})) }));
  const bomb = await quire(['render', 'bomb.html', '--data', 'l.json', '-o', out]);
  assert.equal(bomb.code, 1);
  assert.match(bomb.stderr, /^quire: render failed \(MAX_TOTAL_ITEMS\).*MAX_TOTAL_ITEMS \(100000\)/);
});

