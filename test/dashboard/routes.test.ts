// Every dashboard route, read from the routers the app mounts (dashboardRouters), against the issue's
// checks: no session → sign-in (pages, forms) or 401 JSON (scripts); CSRF token missing or wrong → 403;
// another account's template, file or key → 404; throttled sign-in, sign-up and password change → 429.
// A route added without an entry in ROUTES fails the first test. In: the real app. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dashboardRouters } from '../../src/server/dashboard/middleware.ts';
import { hashPassword, verifyPassword } from '../../src/storage/passwords.ts';
import { png } from '../paint/pdf-helpers.ts';
import { Client, startDashboard, type Harness, type Reply } from './helpers.ts';

/** How a route's request is sent: a page (GET), a form post, the editor's JSON, an upload's raw bytes. */
type Shape = 'page' | 'form' | 'json' | 'upload';

/** Every route: its shape, and whether it answers without a session. */
const ROUTES: Record<string, { shape: Shape; pub?: true }> = {
  'GET /dashboard': { shape: 'page', pub: true },
  'GET /dashboard/static/:file': { shape: 'page', pub: true },
  'GET /dashboard/sign-in': { shape: 'page', pub: true },
  'POST /dashboard/sign-in': { shape: 'form', pub: true },
  'GET /dashboard/sign-up': { shape: 'page', pub: true },
  'POST /dashboard/sign-up': { shape: 'form', pub: true },
  'POST /dashboard/sign-out': { shape: 'form', pub: true },
  'GET /dashboard/gallery/:file': { shape: 'page' },
  'GET /dashboard/templates': { shape: 'page' },
  'GET /dashboard/templates/new': { shape: 'page' },
  'POST /dashboard/templates': { shape: 'form' },
  'POST /dashboard/templates/:id/rename': { shape: 'form' },
  'POST /dashboard/templates/:id/duplicate': { shape: 'form' },
  'GET /dashboard/templates/:id/delete': { shape: 'page' },
  'POST /dashboard/templates/:id/delete': { shape: 'form' },
  'GET /dashboard/templates/:id': { shape: 'page' },
  'POST /dashboard/templates/:id': { shape: 'json' },
  'POST /dashboard/templates/:id/preview': { shape: 'json' },
  'POST /dashboard/templates/:id/assets': { shape: 'upload' },
  'GET /dashboard/templates/:id/assets/:assetId': { shape: 'page' },
  'POST /dashboard/templates/:id/assets/:assetId/delete': { shape: 'json' },
  'GET /dashboard/keys': { shape: 'page' },
  'POST /dashboard/keys': { shape: 'form' },
  'GET /dashboard/keys/:id/delete': { shape: 'page' },
  'POST /dashboard/keys/:id/delete': { shape: 'form' },
  'GET /dashboard/usage': { shape: 'page' },
  'GET /dashboard/account': { shape: 'page' },
  'POST /dashboard/account/password': { shape: 'form' },
};

/** The routes the app mounts, as `METHOD path` (HEAD goes with GET). */
function mountedRoutes(): string[] {
  const { pub, priv } = dashboardRouters({} as never);
  const out: string[] = [];
  for (const r of [pub, priv]) {
    for (const layer of r.stack) for (const m of layer.methods) if (m !== 'HEAD') out.push(`${m} ${layer.path}`);
  }
  return out;
}

const pngBytes = png({ width: 1, height: 1, colorType: 2, pixels: [1, 2, 3] });

/** A route's path with its parameters filled from `ids`. */
function fill(path: string, ids: { template: string; asset: string; key: string }): string {
  return path
    .replace(/^\/dashboard\/keys\/:id/, `/dashboard/keys/${ids.key}`)
    .replace(':id', ids.template).replace(':assetId', ids.asset)
    .replace('/static/:file', '/static/app.js').replace('/gallery/:file', '/gallery/invoice.pdf');
}

/** Sends a route's request in its shape; `csrf` undefined: the client's own token, null: none. */
function send(c: Client, method: string, shape: Shape, path: string, csrf?: string | null): Promise<Reply> {
  const token = csrf === undefined ? c.csrf : csrf;
  if (method === 'GET') return c.get(path);
  if (shape === 'form') {
    return c.form(path, { _csrf: token, name: 'changed', starter: 'blank', label: 'x', current: 'correct horse battery', password: 'another passphrase', password2: 'another passphrase', email: 'x@example.com' });
  }
  if (shape === 'upload') {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', accept: 'application/json' };
    if (token !== null) headers['x-csrf-token'] = token;
    return c.request('POST', `${path}?path=x.png`, { body: pngBytes, headers });
  }
  return c.json(path, { html: '<p>x</p>', variables: [], sampleData: {} }, token);
}

let h: Harness;
let owner: Client;
let other: Client;
let ids: { template: string; asset: string; key: string };
before(async () => {
  h = await startDashboard();
  owner = new Client(h.url);
  const email = await owner.signUp();
  const template = await owner.createTemplate('blank', 'Owned');
  const up = await owner.upload(template, 'logo.png', pngBytes);
  assert.equal(up.status, 201);
  await owner.form('/dashboard/keys', { label: 'owned' });
  const account = (await h.store.findAccountByEmail(email))!;
  ids = { template, asset: up.json.id as string, key: (await h.store.listKeys(account.id))[0]!.id };
  await owner.get('/dashboard/templates');
  other = new Client(h.url);
  await other.signUp();
});
after(() => h.close());

test('every mounted route is in the table (and the table names no route that is gone)', () => {
  assert.deepEqual(mountedRoutes().sort(), Object.keys(ROUTES).sort());
});

test('without a session: every page redirects to sign-in with next=, every form post to sign-in, every script call answers 401 JSON', async () => {
  const anon = new Client(h.url);
  for (const route of mountedRoutes()) {
    const { shape, pub } = ROUTES[route]!;
    if (pub) continue;
    const [method, raw] = route.split(' ') as [string, string];
    const path = fill(raw, ids);
    const r = await send(anon, method, shape, path, 'x');
    if (shape === 'page') assert.deepEqual([r.status, r.location], [302, `/dashboard/sign-in?next=${encodeURIComponent(path)}`], route);
    else if (shape === 'form') assert.deepEqual([r.status, r.location], [302, '/dashboard/sign-in?expired=1'], route);
    else assert.deepEqual([r.status, r.json], [401, { error: 'Your session has ended; sign in again', code: 'UNAUTHORIZED', status: 401 }], route);
  }
});

test('every state-changing route refuses a missing or wrong CSRF token with 403 and changes nothing', async () => {
  const anon = new Client(h.url);
  await anon.get('/dashboard/sign-in'); // the double-submit cookie of the sign-in and sign-up forms
  let checked = 0;
  for (const route of mountedRoutes()) {
    const [method, raw] = route.split(' ') as [string, string];
    if (method === 'GET') continue;
    const { shape, pub } = ROUTES[route]!;
    const c = pub && route !== 'POST /dashboard/sign-out' ? anon : owner;
    for (const token of [null, 'wrong-token']) {
      const r = await send(c, method, shape, fill(raw, ids), token);
      assert.equal(r.status, 403, `${route} with ${token ?? 'no'} token`);
      if (shape === 'form') assert.match(r.text, /expired or did not come from this site/, route);
      else assert.equal(r.json.code, 'FORBIDDEN', route);
    }
    checked++;
  }
  assert.equal(checked, Object.keys(ROUTES).filter((k) => !k.startsWith('GET ')).length);
  assert.equal((await owner.get('/dashboard/templates')).status, 200, 'still signed in');
  const t = (await h.store.getTemplate(ids.template))!;
  assert.equal(t.name, 'Owned');
  assert.equal((await h.store.listKeys(t.accountId)).length, 1);
  assert.equal((await h.store.assets.list(ids.template)).length, 1);
  assert.equal((await h.store.listTemplates(t.accountId)).length, 1);
});

test('every route that names a template, a file or a key answers 404 to another account, and changes nothing', async () => {
  await other.get('/dashboard/templates');
  let checked = 0;
  for (const route of mountedRoutes()) {
    if (!/:id|:assetId/.test(route)) continue;
    const [method, raw] = route.split(' ') as [string, string];
    const r = await send(other, method, ROUTES[route]!.shape, fill(raw, ids));
    assert.equal(r.status, 404, route);
    assert.doesNotMatch(r.text, /Owned|logo\.png/, route);
    if (ROUTES[route]!.shape === 'json' || ROUTES[route]!.shape === 'upload') assert.equal(r.json.code, 'NOT_FOUND', route);
    checked++;
  }
  assert.equal(checked, 12);
  const t = (await h.store.getTemplate(ids.template))!;
  assert.equal(t.name, 'Owned');
  assert.equal((await h.store.listKeys(t.accountId)).length, 1);
  assert.equal((await h.store.assets.list(ids.template)).length, 1);
});

test('throttling (sign-in: auth.test.ts): sign-up past SIGNUPS_PER_HOUR and a password change after 5 wrong ones answer 429 with Retry-After', async () => {
  const tight = await startDashboard({ signupsPerHour: 2 });
  try {
    await new Client(tight.url).signUp();
    await new Client(tight.url).signUp(); // the address's second sign-up this hour
    const third = new Client(tight.url);
    await third.get('/dashboard/sign-up');
    const signUp = await third.form('/dashboard/sign-up', { email: 'third@example.com', password: 'long enough pw', password2: 'long enough pw' });
    assert.equal(signUp.status, 429);
    assert.match(signUp.text, /Too many sign-ups from here/);
    assert.ok(Number(signUp.headers.get('retry-after')) > 0);
    assert.equal(await tight.store.findAccountByEmail('third@example.com'), null);

    // Wrong current passwords count as failed sign-ins of the account's email.
    const pwEmail = 'pw@example.com';
    const pwAccount = await tight.store.createAccountWithPassword(pwEmail, 'free', await hashPassword('correct horse battery'), tight.clock.now());
    const q = new Client(tight.url);
    await q.get('/dashboard/sign-in');
    assert.equal((await q.form('/dashboard/sign-in', { email: pwEmail, password: 'correct horse battery' })).status, 303);
    await q.get('/dashboard/account');
    for (let i = 0; i < 5; i++) {
      const r = await q.form('/dashboard/account/password', { current: `wrong ${i}`, password: 'another passphrase', password2: 'another passphrase' });
      assert.equal(r.status, 400);
      assert.match(r.text, /current password is wrong/);
    }
    const pw = await q.form('/dashboard/account/password', { current: 'correct horse battery', password: 'another passphrase', password2: 'another passphrase' });
    assert.equal(pw.status, 429);
    assert.match(pw.text, /Too many wrong passwords/);
    assert.ok(Number(pw.headers.get('retry-after')) > 0);
    assert.equal(await verifyPassword('correct horse battery', (await tight.store.passwordHash(pwAccount.id))!), true, 'not changed');
  } finally {
    await tight.close();
  }
});
