// `quire account password`: the operator sets a dashboard password for an account made by the CLI.
// In: the real CLI in a child process, a temporary data dir. Out: node:test results.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { verifyPassword } from '../../src/storage/passwords.ts';
import { sessionDigest } from '../../src/storage/sessions.ts';
import { openStore } from '../../src/storage/store.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-clipw-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[], input = '') => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--data-dir', dir, ...args], {
  input, encoding: 'utf8', cwd: new URL('../../', import.meta.url).pathname,
});

test('sets a password read from stdin, ends the account\'s sessions, refuses short passwords and unknown accounts', async () => {
  const id = cli(['account', 'create', '--email', 'ops@example.com']).stdout.trim();
  let store = await openStore(dir);
  await store.sessions.create({
    idDigest: sessionDigest('s'), accountId: id, csrfToken: 'c', createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: '2026-01-01T00:00:00.000Z', expiresAt: '2999-01-01T00:00:00.000Z',
  });
  await store.close();
  const ok = cli(['account', 'password', '--email', 'OPS@example.com', '--json'], 'a long passphrase\nignored\n');
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), { id, email: 'ops@example.com', sessions_ended: 1 });
  store = await openStore(dir);
  try {
    assert.equal(await verifyPassword('a long passphrase', (await store.passwordHash(id))!), true);
  } finally {
    await store.close();
  }
  const short = cli(['account', 'password', '--account', id], 'short\n');
  assert.equal(short.status, 1);
  assert.match(short.stderr, /at least 8 characters/);
  const unknown = cli(['account', 'password', '--email', 'nobody@example.com'], 'a long passphrase\n');
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /no account nobody@example.com/);
});
