// The service as a real process: SIGTERM through `npm start` drains and exits with nothing left running;
// kill -9 in the middle of a burst, then a restart, leaves no temporary file and every row with its file.
// In: child processes of `npm start` / `node src/cli.ts serve` on a temporary data folder. Out: node:test results.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { openStore } from '../../src/storage/store.ts';
import { alive, processTree, spawnServer, waitForQueue } from './server-process.ts';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data folder with an account, a key and a report template that takes a while to render. */
async function seed(): Promise<{ dataDir: string; key: string; templateId: string; accountId: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-proc-'));
  dirs.push(dataDir);
  const store = await openStore(dataDir);
  try {
    const now = new Date();
    const a = await store.createAccount(`p${randomUUID()}@example.com`, 'enterprise', now);
    const key = (await store.createKey(a.id, now)).key;
    const templateId = (await store.createTemplate({
      accountId: a.id, name: 'report', variables: [{ name: 'rows', type: 'list' }],
      html: '<h1>Report</h1>{{#rows}}<p>Row {{n}}: {{text}}</p>{{/rows}}',
    }, now)).id;
    return { dataDir, key, templateId, accountId: a.id };
  } finally {
    await store.close();
  }
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i, text: 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(3) }));

function generate(url: string, key: string, templateId: string, n: number): Promise<Response> {
  return fetch(`${url}/functions/v1/generate-pdf-preview`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ templateId, variables: { rows: rows(n) } }),
  });
}

/** `npm start`, a render in flight, then `signal` to npm: the render finishes, new connections are refused, everything exits. */
async function drainsThroughNpm(signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  const { dataDir, key, templateId } = await seed();
  const srv = await spawnServer({ dataDir, via: 'npm', env: { RENDER_WORKERS: '1', SHUTDOWN_TIMEOUT_MS: '120000' } });
  const tree = processTree(srv.child.pid!);
  assert.ok(tree.length >= 2, `npm and the server: ${tree}`);
  try {
    const inFlight = generate(srv.url, key, templateId, 300);
    await waitForQueue(srv.url, (q) => q.running === 1);
    process.kill(srv.child.pid!, signal);
    const res = await inFlight;
    assert.equal(res.status, 200, 'the render in flight finished');
    const body = await res.json();
    assert.ok(existsSync(path.join(dataDir, 'pdfs', `${body.generation_id}.pdf`)));
    await assert.rejects(fetch(`${srv.url}/healthz`), 'a new connection is refused while draining or after');
    const exit = await srv.exited;
    assert.ok(exit.code === 0 || exit.signal === signal || exit.code === 128 + (signal === 'SIGINT' ? 2 : 15), `npm ended: ${JSON.stringify(exit)}`);
    for (let i = 0; i < 50 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(tree.filter(alive), [], 'npm, the shell and node are all gone');
    assert.ok(srv.logs.some((l) => l.msg === 'shutting down: draining open requests' && l.signal === signal));
    assert.ok(srv.logs.some((l) => l.msg === 'stopped'));
  } finally {
    for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL');
  }
}

test('issue 9 #7: SIGTERM to `npm start` drains the render in flight, refuses new connections, exits; no process is left', { timeout: 300000 }, () => drainsThroughNpm('SIGTERM'));

test('SIGINT (Ctrl-C) to `npm start` drains and exits the same way', { timeout: 300000 }, () => drainsThroughNpm('SIGINT'));

test('issue 9 #4: kill -9 in the middle of a burst, then a restart: no temporary file, every row with its file, every file with its row', { timeout: 300000 }, async () => {
  const { dataDir, key, templateId, accountId } = await seed();
  const pdfs = path.join(dataDir, 'pdfs');
  const env = { RENDER_WORKERS: '2', RENDER_QUEUE: '100' };
  const first = await spawnServer({ dataDir, env });
  let ok = 0;
  const burst = Array.from({ length: 24 }, (_, i) => generate(first.url, key, templateId, 20 + (i % 5) * 10)
    .then((r) => { if (r.status === 200) ok++; }, () => {}));
  while (ok < 3) await new Promise((r) => setTimeout(r, 5));
  first.child.kill('SIGKILL');
  await first.exited;
  await Promise.all(burst);

  // What a crash can leave, made certain: empty and full temporary files, a PDF without its row.
  const some = readdirSync(pdfs).find((f) => f.endsWith('.pdf'))!;
  const planted = [`.tmp-${randomUUID()}`, `.tmp-${randomUUID()}`, `${randomUUID()}.pdf`];
  writeFileSync(path.join(pdfs, planted[0]), '');
  copyFileSync(path.join(pdfs, some), path.join(pdfs, planted[1]));
  copyFileSync(path.join(pdfs, some), path.join(pdfs, planted[2]));
  writeFileSync(path.join(pdfs, 'notes.txt'), 'not ours to remove');
  const leftByCrash = readdirSync(pdfs).filter((f) => f.startsWith('.tmp-') && !planted.includes(f));

  const second = await spawnServer({ dataDir, env });
  try {
    // the sweep runs once the service listens
    const swept = (l: Record<string, unknown>) => typeof l.msg === 'string' && /file\(s\) an interrupted run left/.test(l.msg);
    for (let i = 0; i < 600 && !second.logs.some(swept); i++) await new Promise((r) => setTimeout(r, 50));
    const line = second.logs.find(swept);
    assert.ok(line, 'the sweep says what it removed');
    const removed = (line.removed as Array<{ name: string; reason: string }>).map((r) => r.name);
    for (const f of [...planted, ...leftByCrash]) assert.ok(removed.includes(f), `${f} removed and reported`);
    const files = readdirSync(pdfs);
    assert.deepEqual(files.filter((f) => f.startsWith('.tmp-')), [], 'no temporary file is left');
    assert.ok(files.includes('notes.txt'), 'other files are left alone');

    const store = await openStore(dataDir);
    try {
      const gens = await store.listGenerations(accountId);
      assert.ok(gens.length >= 3, `${gens.length} generations recorded before the kill`);
      for (const g of gens) assert.equal(statSync(path.join(pdfs, g.fileName)).size, g.bytes, `row ${g.id} has its whole file`);
      const recorded = new Set(gens.map((g) => g.fileName));
      for (const f of files.filter((x) => x.endsWith('.pdf'))) assert.ok(recorded.has(f), `file ${f} has its row`);
    } finally {
      await store.close();
    }
    const after = await generate(second.url, key, templateId, 5);
    assert.equal(after.status, 200, 'the restarted service serves');
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
});
