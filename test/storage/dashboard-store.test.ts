// The dashboard's storage on both drivers: passwords, sessions, key labels, sample data, template
// assets, usage queries; and SQLite's migration 2 upgrading a version-1 database in place.
// In: temporary stores. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from '../../src/storage/sqlite/migrations.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/storage/passwords.ts';
import { sessionDigest } from '../../src/storage/sessions.ts';
import { openSqliteStore, type Store } from '../../src/storage/store.ts';
import { describeEachDriver } from './drivers.ts';

const now = new Date('2026-05-10T08:00:00Z');

test('SQLite: a version-1 database with CLI accounts upgrades in place: rows kept, keys still authenticate, no password yet', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-dstore-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
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
  const s = await openSqliteStore(dir);
  try {
    assert.equal(s.db.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1]!.version);
    assert.equal((await s.getAccount('a1'))!.email, 'cli@example.com');
    assert.deepEqual((await s.getTemplate('t1'))!.sampleData, {});
    assert.equal((await s.getGeneration('g1'))!.pages, null);
    assert.equal(await s.countThisMonth('a1', now), 1, 'the month\'s generations counted from the old rows (monthly_usage)');
    assert.equal(await s.passwordHash('a1'), null, 'a CLI account has no password until the operator sets one');
    const k = await s.createKey('a1', now);
    assert.equal(k.label, null);
    assert.deepEqual(await s.authenticate(k.key, now), { keyId: k.id, accountId: 'a1' });
  } finally {
    await s.close();
  }
});


test('SQLite: asset bytes a version-2 database kept in asset_blobs move to the object store at open (DATA_DIR/assets), the table empties', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-dstore-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const db = new Database(path.join(dir, 'quire.db'));
  migrate(db, MIGRATIONS.slice(0, 2));
  const at = '2026-01-01T00:00:00.000Z';
  db.prepare("INSERT INTO accounts VALUES ('a1', 'old@example.com', 'pro', ?)").run(at);
  db.prepare("INSERT INTO templates (id, account_id, name, html, created_at, updated_at) VALUES ('t1', 'a1', 'Old', '<img src=\"logo.png\">', ?, ?)").run(at, at);
  const ids = ['6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f', '7f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f'];
  ids.forEach((id, i) => {
    db.prepare("INSERT INTO template_assets VALUES (?, 't1', 'a1', ?, 'image/png', 3, 'x', ?)").run(id, `logo${i}.png`, at);
    db.prepare('INSERT INTO asset_blobs VALUES (?, ?)').run(id, Buffer.from([i, 2, 3]));
  });
  db.close();
  const s = await openSqliteStore(dir);
  try {
    assert.equal((s.db.prepare('SELECT COUNT(*) AS n FROM asset_blobs').get() as { n: number }).n, 0);
    const assets = await s.assets.list('t1');
    assert.equal(assets.length, 2);
    for (const [i, a] of assets.entries()) assert.deepEqual([...(await s.assets.data(a))!], [i, 2, 3]);
    assert.deepEqual(readdirSync(path.join(dir, 'assets')).sort(), ids);
  } finally {
    await s.close();
  }
});

describeEachDriver('dashboard storage', (get) => {
  let store: Store;
  before(() => {
    store = get();
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
    const a = await store.createAccountWithPassword('Sign@Up.example', 'free', h1, now);
    assert.equal((await store.findAccountByEmail('sign@up.example'))!.id, a.id);
    assert.equal(await store.passwordHash(a.id), h1);
    await store.setPasswordHash(a.id, h2, now);
    assert.equal(await store.passwordHash(a.id), h2);
    await assert.rejects(store.createAccountWithPassword('sign@up.example', 'free', h1, now), /already exists/);
    await assert.rejects(store.setPasswordHash('nope', h1, now), /no account/);
  });

  test('sessions: stored by digest, expire, slide, end one or all others', async () => {
    const a = await store.createAccount('sess@example.com', 'free', now);
    const mk = (id: string, expires: string) => store.sessions.create({
      idDigest: sessionDigest(id), accountId: a.id, csrfToken: 'c-' + id, createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(), expiresAt: expires,
    });
    await mk('one', '2026-05-11T00:00:00.000Z');
    await mk('two', '2026-05-12T00:00:00.000Z');
    await mk('old', '2026-05-09T00:00:00.000Z');
    assert.equal(sessionDigest('one').length, 64);
    assert.equal((await store.sessions.get(sessionDigest('one'), now))!.csrfToken, 'c-one');
    assert.equal(await store.sessions.get(sessionDigest('old'), now), null, 'expired');
    assert.equal(await store.sessions.get(sessionDigest('one'), new Date('2026-05-11T00:00:00Z')), null, 'expiry is exclusive');
    await store.sessions.touch(sessionDigest('one'), now, new Date('2026-05-20T00:00:00Z'));
    assert.equal((await store.sessions.get(sessionDigest('one'), new Date('2026-05-15T00:00:00Z')))!.lastSeenAt, now.toISOString());
    assert.equal(await store.sessions.removeExpired(now), 1);
    assert.equal(await store.sessions.removeOthers(a.id, sessionDigest('one')), 1);
    assert.equal(await store.sessions.get(sessionDigest('two'), now), null);
    await store.sessions.remove(sessionDigest('one'));
    assert.equal(await store.sessions.get(sessionDigest('one'), now), null);
  });

  test('key labels, template sample data, delete keeps generations', async () => {
    const a = await store.createAccount('tpl2@example.com', 'pro', now);
    const k = await store.createKey(a.id, now, 'production');
    assert.equal((await store.listKeys(a.id))[0]!.label, 'production');
    const t = await store.createTemplate({ accountId: a.id, name: 'T', html: '<p>{{x}}</p>', variables: [], sampleData: { x: 'hi' } }, now);
    assert.deepEqual((await store.getTemplate(t.id))!.sampleData, { x: 'hi' });
    assert.deepEqual((await store.updateTemplate(t.id, { sampleData: { x: 'yo' } }, now)).sampleData, { x: 'yo' });
    await store.recordGenerationWithinQuota({ id: 'gen-1', accountId: a.id, templateId: t.id, apiKeyId: k.id, fileName: 'f.pdf', bytes: 100, renderMs: 7, pages: 2 }, null, now);
    await store.recordGenerationWithinQuota({ id: 'gen-2', accountId: a.id, templateId: t.id, apiKeyId: k.id, fileName: 'g.pdf', bytes: 100, renderMs: 7 }, null, new Date('2026-05-12T10:00:00Z'));
    assert.deepEqual([...await store.countThisMonthByTemplate(a.id, now)], [[t.id, 2]]);
    assert.deepEqual([...await store.countPerDayThisMonth(a.id, now)], [['2026-05-10', 1], ['2026-05-12', 1]]);
    const latest = await store.latestGenerations(a.id, 10);
    assert.deepEqual(latest.map((g) => [g.id, g.pages, g.templateName, g.keyLabel, g.keyLast4]), [
      ['gen-2', null, 'T', 'production', k.last4], ['gen-1', 2, 'T', 'production', k.last4],
    ]);
    const asset = await store.assets.put({ templateId: t.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array([1, 2, 3]) }, now);
    await assert.rejects(store.deleteTemplate('someone-else', t.id), /has no template/);
    await store.deleteTemplate(a.id, t.id);
    assert.equal(await store.getTemplate(t.id), null);
    assert.equal((await store.getGeneration('gen-1'))!.templateId, null, 'the generation stays, without its template');
    assert.equal((await store.latestGenerations(a.id, 1))[0]!.templateName, null);
    assert.equal(await store.assets.accountBytes(a.id), 0);
    assert.equal(await store.assets.blobs.get(asset.id), null, 'no orphan bytes');
  });

  test('assets: put, replace at the same path, list, per-account bytes, template scoping, remove', async () => {
    const a = await store.createAccount('assets@example.com', 'pro', now);
    const t1 = await store.createTemplate({ accountId: a.id, name: 'A', html: '', variables: [] }, now);
    const t2 = await store.createTemplate({ accountId: a.id, name: 'B', html: '', variables: [] }, now);
    const first = await store.assets.put({ templateId: t1.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array(10) }, now);
    const second = await store.assets.put({ templateId: t1.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: new Uint8Array(30) }, now);
    await store.assets.put({ templateId: t2.id, accountId: a.id, path: 'fonts/brand.woff2', mime: 'font/woff2', data: new Uint8Array(5) }, now);
    assert.deepEqual((await store.assets.list(t1.id)).map((x) => [x.path, x.bytes]), [['logo.png', 30]]);
    assert.equal(await store.assets.get(t1.id, first.id), null, 'replaced');
    assert.equal(await store.assets.get(t2.id, second.id), null, 'another template');
    assert.equal((await store.assets.data(second))!.length, 30);
    assert.equal(second.sha256.length, 64);
    assert.equal(await store.assets.accountBytes(a.id), 35);
    await store.assets.remove([second]);
    assert.equal(await store.assets.accountBytes(a.id), 5);
    assert.equal(await store.assets.blobs.get(first.id), null);
    assert.equal(await store.assets.blobs.get(second.id), null);
  });
});
