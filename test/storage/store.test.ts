// The SQLite store: pragmas and migrations, accounts and plans, key digests, templates, month bounds, PDF files.
// In: a temporary data dir. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { MIGRATIONS } from '../../src/storage/migrations.ts';
import { monthBounds, openStore, type Store } from '../../src/storage/store.ts';

let dir: string;
let store: Store;
const now = new Date('2026-05-10T08:00:00Z');
before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quire-store-'));
  store = openStore(dir);
});
after(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('WAL, busy_timeout, foreign keys and the latest migration; reopening applies nothing twice', () => {
  assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(store.db.pragma('busy_timeout', { simple: true }), 5000);
  assert.equal(store.db.pragma('foreign_keys', { simple: true }), 1);
  assert.equal(store.db.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1].version);
  const again = openStore(dir);
  assert.equal(again.db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  again.close();
});

test('accounts: plans, unique e-mail, plan changes', () => {
  const a = store.createAccount('Owner@Example.com', 'starter', now);
  assert.equal(store.getAccount(a.id)!.plan, 'starter');
  assert.throws(() => store.createAccount('owner@example.com', 'pro', now), /already exists/);
  assert.throws(() => store.createAccount('nope', 'pro', now), /invalid email/);
  assert.throws(() => store.createAccount('x@y.z', 'gold' as never, now), /unknown plan/);
  assert.equal(store.setPlan(a.id, 'scale').plan, 'scale');
  assert.throws(() => store.setPlan('missing', 'pro'), /no account/);
});

test('keys: quire_<uuid v4>, digest at rest, last 4, authenticate, delete', () => {
  const a = store.createAccount('keys@example.com', 'pro', now);
  const k = store.createKey(a.id, now);
  assert.match(k.key, /^quire_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(k.last4, k.key.slice(-4));
  assert.deepEqual(store.authenticate(k.key, now), { keyId: k.id, accountId: a.id });
  assert.equal(store.listKeys(a.id)[0].lastUsedAt, now.toISOString());
  assert.equal(store.authenticate(k.key + ' ', now), null);
  assert.equal(store.authenticate('quire_' + k.key.slice(6).toUpperCase(), now), null);
  store.deleteKey(a.id, k.id);
  assert.equal(store.authenticate(k.key, now), null);
  assert.throws(() => store.deleteKey(a.id, k.id), /no key/);
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  assert.equal(readFileSync(path.join(dir, 'quire.db')).indexOf(k.key.slice(6)), -1);
});

test('templates: create, update, list per account', () => {
  const a = store.createAccount('tpl@example.com', 'pro', now);
  const t = store.createTemplate({ accountId: a.id, name: 'Invoice', html: '<p>{{x}}</p>', variables: [{ name: 'x', type: 'string' }] }, now);
  const later = new Date('2026-05-11T00:00:00Z');
  const u = store.updateTemplate(t.id, { name: 'Invoice v2' }, later);
  assert.equal(u.name, 'Invoice v2');
  assert.equal(u.html, '<p>{{x}}</p>');
  assert.equal(store.getTemplate(t.id)!.updatedAt, later.toISOString());
  assert.deepEqual(store.listTemplates(a.id).map((x) => x.id), [t.id]);
  assert.throws(() => store.updateTemplate('missing', {}, now), /no template/);
});

test('month bounds are UTC calendar months', () => {
  assert.deepEqual(monthBounds(new Date('2026-12-31T23:59:59.999Z')), { start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
  assert.deepEqual(monthBounds(new Date('2026-03-01T00:00:00.000Z')), { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' });
});

test('PDF files: temp + rename, size, strict names, remove', async () => {
  const name = '6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.pdf';
  assert.equal(await store.pdfs.write(name, new TextEncoder().encode('%PDF-1.7 test')), 13);
  assert.equal(await store.pdfs.size(name), 13);
  assert.deepEqual(readdirSync(store.pdfs.dir), [name], 'no temporary file is left');
  assert.equal(await store.pdfs.size('../quire.db'), null);
  assert.throws(() => store.pdfs.pathOf('../quire.db'), TypeError);
  await store.pdfs.remove(name);
  assert.equal(await store.pdfs.size(name), null);
  await store.pdfs.remove(name);
});
