// The store contract on both drivers (accounts and plans, key digests, templates, quota, PDF files),
// and what only SQLite has (pragmas, migrations, bytes at rest). In: temporary stores. Out: node:test results.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.ts';
import { monthBounds, openSqliteStore, type SqliteStore, type Store } from '../../src/storage/store.ts';
import { describeEachDriver, drivers, type OpenedStore } from './drivers.ts';

const now = new Date('2026-05-10T08:00:00Z');

test('month bounds are UTC calendar months', () => {
  assert.deepEqual(monthBounds(new Date('2026-12-31T23:59:59.999Z')), { start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
  assert.deepEqual(monthBounds(new Date('2026-03-01T00:00:00.000Z')), { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' });
});

describe('SQLite only', () => {
  let opened: OpenedStore;
  let store: SqliteStore;
  before(async () => {
    opened = await drivers()[0]!.open();
    store = opened.store as SqliteStore;
  });
  after(() => opened.close());

  test('WAL, busy_timeout, foreign keys and the latest migration; reopening applies nothing twice', async () => {
    assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(store.db.pragma('busy_timeout', { simple: true }), 5000);
    assert.equal(store.db.pragma('foreign_keys', { simple: true }), 1);
    assert.equal(store.db.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1]!.version);
    const again = await openSqliteStore(opened.dataDir);
    assert.equal(again.db.pragma('user_version', { simple: true }), MIGRATIONS.length);
    await again.close();
  });

  test('only the digest of a key is at rest', async () => {
    const a = await store.createAccount('rest@example.com', 'pro', now);
    const k = await store.createKey(a.id, now);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    assert.equal(readFileSync(path.join(opened.dataDir, 'quire.db')).indexOf(k.key.slice(6)), -1);
  });
});

describeEachDriver('store contract', (get) => {
  let store: Store;
  before(() => {
    store = get();
  });

  test('accounts: plans, unique e-mail, plan changes', async () => {
    const a = await store.createAccount('Owner@Example.com', 'starter', now);
    assert.equal((await store.getAccount(a.id))!.plan, 'starter');
    await assert.rejects(store.createAccount('owner@example.com', 'pro', now), /already exists/);
    await assert.rejects(store.createAccount('nope', 'pro', now), /invalid email/);
    await assert.rejects(store.createAccount('x@y.z', 'gold' as never, now), /unknown plan/);
    assert.equal((await store.setPlan(a.id, 'scale')).plan, 'scale');
    await assert.rejects(store.setPlan('missing', 'pro'), /no account/);
  });

  test('keys: quire_<uuid v4>, digest at rest, last 4, authenticate, delete', async () => {
    const a = await store.createAccount('keys@example.com', 'pro', now);
    const k = await store.createKey(a.id, now);
    assert.match(k.key, /^quire_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(k.last4, k.key.slice(-4));
    assert.deepEqual(await store.authenticate(k.key, now), { keyId: k.id, accountId: a.id });
    assert.equal((await store.listKeys(a.id))[0].lastUsedAt, now.toISOString());
    // the last use is written at most once a minute (KEY_USE_RESOLUTION_MS): not again 59 s later, again after 61 s
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    assert.ok(await store.authenticate(k.key, later(59)));
    assert.equal((await store.listKeys(a.id))[0].lastUsedAt, now.toISOString());
    assert.ok(await store.authenticate(k.key, later(61)));
    assert.equal((await store.listKeys(a.id))[0].lastUsedAt, later(61).toISOString());
    assert.equal(await store.authenticate(k.key + ' ', now), null);
    assert.equal(await store.authenticate('quire_' + k.key.slice(6).toUpperCase(), now), null);
    await store.deleteKey(a.id, k.id);
    assert.equal(await store.authenticate(k.key, now), null);
    await assert.rejects(store.deleteKey(a.id, k.id), /no key/);
  });

  test('templates: create, update, list per account', async () => {
    const a = await store.createAccount('tpl@example.com', 'pro', now);
    const t = await store.createTemplate({ accountId: a.id, name: 'Invoice', html: '<p>{{x}}</p>', variables: [{ name: 'x', type: 'string' }] }, now);
    const later = new Date('2026-05-11T00:00:00Z');
    const u = await store.updateTemplate(t.id, { name: 'Invoice v2' }, later);
    assert.equal(u.name, 'Invoice v2');
    assert.equal(u.html, '<p>{{x}}</p>');
    assert.equal((await store.getTemplate(t.id))!.updatedAt, later.toISOString());
    assert.deepEqual((await store.listTemplates(a.id)).map((x) => x.id), [t.id]);
    await assert.rejects(store.updateTemplate('missing', {}, now), /no template/);
  });

  test('quota: 200 concurrent recordings for an account with 50 left this month record exactly 50', async () => {
    const a = await store.createAccount('race@example.com', 'pro', now);
    const gen = (i: number) => ({ id: `race-${i}-${Math.random()}`, accountId: a.id, templateId: null, apiKeyId: null, fileName: 'f.pdf', bytes: 1, renderMs: 0 });
    for (let i = 0; i < 10; i++) assert.ok(await store.recordGenerationWithinQuota(gen(i), null, now));
    // last month's rows do not count
    await store.recordGenerationWithinQuota(gen(-1), null, new Date('2026-04-30T23:59:59.999Z'));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => store.recordGenerationWithinQuota(gen(1000 + i), 60, now)));
    assert.equal(results.filter((r) => r !== null).length, 50);
    assert.equal(await store.countThisMonth(a.id, now), 60);
    assert.equal((await store.listGenerations(a.id)).length, 61);
    await assert.rejects(store.recordGenerationWithinQuota({ ...gen(0), accountId: 'missing' }, 5, now));
  });

  test('PDF files: temp + rename, size, strict names, remove', async () => {
    const name = '6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.pdf';
    assert.equal(await store.pdfs.write(name, new TextEncoder().encode('%PDF-1.7 test')), 13);
    assert.equal(await store.pdfs.size(name), 13);
    const listed: string[] = [];
    for await (const o of store.objects.list('pdfs')) listed.push(o.key);
    assert.deepEqual(listed, [`pdfs/${name}`], 'no temporary file is left');
    assert.equal(await store.pdfs.size('../quire.db'), null);
    await assert.rejects(store.pdfs.write('../quire.db', new Uint8Array(1)), TypeError);
    await store.pdfs.remove(name);
    assert.equal(await store.pdfs.size(name), null);
    await store.pdfs.remove(name);
  });
});
