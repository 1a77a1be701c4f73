// The dashboard's storage: migration 2 upgrading a version-1 database in place, passwords, sessions,
// key labels, sample data, template assets, usage queries. In: temporary data dirs. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from '../../src/storage/migrations.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/storage/passwords.ts';
import { sessionDigest } from '../../src/storage/sessions.ts';
import { openStore, type Store } from '../../src/storage/store.ts';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'quire-dstore-'));
  dirs.push(d);
  return d;
}
let store: Store;
const now = new Date('2026-05-10T08:00:00Z');
before(() => {
  store = openStore(tempDir());
});
after(() => {
  store.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a version-1 database with CLI accounts upgrades in place: rows kept, keys still authenticate, no password yet', () => {
  const dir = tempDir();
  const db = new Database(path.join(dir, 'quire.db'));
  migrate(db, MIGRATIONS.slice(0, 1));
  assert.equal(db.pragma('user_version', { simple: true }), 1);
  db.close();
  // Version 1 of the store code wrote these rows (same columns as then).
  const v1 = new Database(path.join(dir, 'quire.db'));
  v1.prepare("INSERT INTO accounts VALUES ('a1', 'cli@example.com', 'pro', '2026-01-01T00:00:00.000Z')").run();
  v1.prepare("INSERT INTO templates VALUES ('t1', 'a1', 'Old', '<p>{{x}}</p>', '[]', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')").run();
  v1.prepare("INSERT INTO generations VALUES ('g1', 'a1', 't1', NULL, 'g1.pdf', 10, 5, '2026-05-01T00:00:00.000Z')").run();
  v1.close();
  const s = openStore(dir);
  try {
    assert.equal(s.db.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1]!.version);
    assert.equal(s.getAccount('a1')!.email, 'cli@example.com');
    assert.deepEqual(s.getTemplate('t1')!.sampleData, {});
    assert.equal(s.getGeneration('g1')!.pages, null);
    assert.equal(s.passwordHash('a1'), null, 'a CLI account has no password until the operator sets one');
    const k = s.createKey('a1', now);
    assert.equal(k.label, null);
    assert.deepEqual(s.authenticate(k.key, now), { keyId: k.id, accountId: 'a1' });
  } finally {
    s.close();
  }
});

test('passwords: scrypt hash with a per-user salt, verify, bounds; sign-up creates account and password together', async () => {
  const h1 = await hashPassword('correct horse');
  const h2 = await hashPassword('correct horse');
  assert.match(h1, /^scrypt\$32768\$8\$1\$/);
  assert.notEqual(h1, h2, 'fresh salt each time');
  assert.equal(await verifyPassword('correct horse', h1), true);
  assert.equal(await verifyPassword('correct horsE', h1), false);
  assert.equal(await verifyPassword('x', 'plain'), false);
  assert.equal(await verifyPassword('x', 'scrypt$3$8$1$AA$AA'), false, 'N not a power of two');
  assert.match(passwordProblem('short')!, /at least 8/);
  assert.equal(passwordProblem('long enough'), null);
  const a = store.createAccountWithPassword('Sign@Up.example', 'free', h1, now);
  assert.equal(store.findAccountByEmail('sign@up.example')!.id, a.id);
  assert.equal(store.passwordHash(a.id), h1);
  store.setPasswordHash(a.id, h2, now);
  assert.equal(store.passwordHash(a.id), h2);
  assert.throws(() => store.createAccountWithPassword('sign@up.example', 'free', h1, now), /already exists/);
  assert.throws(() => store.setPasswordHash('nope', h1, now), /no account/);
});

test('sessions: stored by digest, expire, slide, end one or all others', () => {
  const a = store.createAccount('sess@example.com', 'free', now);
  const mk = (id: string, expires: string) => store.sessions.create({
    idDigest: sessionDigest(id), accountId: a.id, csrfToken: 'c-' + id, createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(), expiresAt: expires,
  });
  mk('one', '2026-05-11T00:00:00.000Z');
  mk('two', '2026-05-12T00:00:00.000Z');
  mk('old', '2026-05-09T00:00:00.000Z');
  assert.equal(sessionDigest('one').length, 64);
  assert.equal(store.sessions.get(sessionDigest('one'), now)!.csrfToken, 'c-one');
  assert.equal(store.sessions.get(sessionDigest('old'), now), null, 'expired');
  assert.equal(store.sessions.get(sessionDigest('one'), new Date('2026-05-11T00:00:00Z')), null, 'expiry is exclusive');
  store.sessions.touch(sessionDigest('one'), now, new Date('2026-05-20T00:00:00Z'));
  assert.equal(store.sessions.get(sessionDigest('one'), new Date('2026-05-15T00:00:00Z'))!.lastSeenAt, now.toISOString());
  assert.equal(store.sessions.removeExpired(now), 1);
  assert.equal(store.sessions.removeOthers(a.id, sessionDigest('one')), 1);
  assert.equal(store.sessions.get(sessionDigest('two'), now), null);
  store.sessions.remove(sessionDigest('one'));
  assert.equal(store.sessions.get(sessionDigest('one'), now), null);
});

test('key labels, template sample data, delete keeps generations', async () => {
  const a = store.createAccount('tpl2@example.com', 'pro', now);
  const k = store.createKey(a.id, now, 'production');
  assert.equal(store.listKeys(a.id)[0]!.label, 'production');
  const t = store.createTemplate({ accountId: a.id, name: 'T', html: '<p>{{x}}</p>', variables: [], sampleData: { x: 'hi' } }, now);
  assert.deepEqual(store.getTemplate(t.id)!.sampleData, { x: 'hi' });
  assert.deepEqual(store.updateTemplate(t.id, { sampleData: { x: 'yo' } }, now).sampleData, { x: 'yo' });
  store.recordGenerationWithinQuota({ id: 'gen-1', accountId: a.id, templateId: t.id, apiKeyId: k.id, fileName: 'f.pdf', bytes: 100, renderMs: 7, pages: 2 }, null, now);
  store.recordGenerationWithinQuota({ id: 'gen-2', accountId: a.id, templateId: t.id, apiKeyId: k.id, fileName: 'g.pdf', bytes: 100, renderMs: 7 }, null, new Date('2026-05-12T10:00:00Z'));
  assert.deepEqual([...store.countThisMonthByTemplate(a.id, now)], [[t.id, 2]]);
  assert.deepEqual([...store.countPerDayThisMonth(a.id, now)], [['2026-05-10', 1], ['2026-05-12', 1]]);
  const latest = store.latestGenerations(a.id, 10);
  assert.deepEqual(latest.map((g) => [g.id, g.pages, g.templateName, g.keyLabel, g.keyLast4]), [
    ['gen-2', null, 'T', 'production', k.last4], ['gen-1', 2, 'T', 'production', k.last4],
  ]);
  await store.assets.put({ templateId: t.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array([1, 2, 3]) }, now);
  await assert.rejects(store.deleteTemplate('someone-else', t.id), /has no template/);
  await store.deleteTemplate(a.id, t.id);
  assert.equal(store.getTemplate(t.id), null);
  assert.equal(store.getGeneration('gen-1')!.templateId, null, 'the generation stays, without its template');
  assert.equal(store.latestGenerations(a.id, 1)[0]!.templateName, null);
  assert.equal(store.assets.accountBytes(a.id), 0);
  assert.equal((store.db.prepare('SELECT COUNT(*) AS n FROM asset_blobs').get() as { n: number }).n, 0, 'no orphan bytes');
});

test('assets: put, replace at the same path, list, per-account bytes, template scoping, remove', async () => {
  const a = store.createAccount('assets@example.com', 'pro', now);
  const t1 = store.createTemplate({ accountId: a.id, name: 'A', html: '', variables: [] }, now);
  const t2 = store.createTemplate({ accountId: a.id, name: 'B', html: '', variables: [] }, now);
  const first = await store.assets.put({ templateId: t1.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array(10) }, now);
  const second = await store.assets.put({ templateId: t1.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array(30) }, now);
  await store.assets.put({ templateId: t2.id, accountId: a.id, path: 'fonts/brand.woff2', mime: 'font/woff2', data: new Uint8Array(5) }, now);
  assert.deepEqual(store.assets.list(t1.id).map((x) => [x.path, x.bytes]), [['logo.png', 30]]);
  assert.equal(store.assets.get(t1.id, first.id), null, 'replaced');
  assert.equal(store.assets.get(t2.id, second.id), null, 'another template');
  assert.equal((await store.assets.data(second))!.length, 30);
  assert.equal(second.sha256.length, 64);
  assert.equal(store.assets.accountBytes(a.id), 35);
  await store.assets.remove([second]);
  assert.equal(store.assets.accountBytes(a.id), 5);
  assert.equal(await store.assets.blobs.get(first.id), null);
  assert.equal(await store.assets.blobs.get(second.id), null);
});
