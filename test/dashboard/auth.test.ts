// Dashboard accounts over HTTP: sign-up (open/closed), sign-in, throttling (429), sessions (cookie flags,
// rotation, sign-out, password change), CSRF and Origin checks, sign-in redirects, security headers.
// In: the real app on a temporary SQLite file. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hashPassword } from '../../src/storage/passwords.ts';
import { png } from '../paint/pdf-helpers.ts';
import { Client, startDashboard, type Harness } from './helpers.ts';

let h: Harness;
let closed: Harness;
before(async () => {
  h = await startDashboard();
  closed = await startDashboard({ signup: 'closed' });
});
after(async () => {
  await h.close();
  await closed.close();
});

test('/ leads to /dashboard, which leads to sign-in; every signed-in page redirects there with next=', async () => {
  const c = new Client(h.url);
  assert.equal((await c.get('/')).location, '/dashboard');
  assert.equal((await c.get('/dashboard')).location, '/dashboard/sign-in');
  const pages = ['/dashboard/templates', '/dashboard/templates/new', '/dashboard/keys', '/dashboard/usage', '/dashboard/account',
    '/dashboard/templates/00000000-0000-4000-8000-000000000000', '/dashboard/templates/00000000-0000-4000-8000-000000000000/delete',
    '/dashboard/keys/00000000-0000-4000-8000-000000000000/delete', '/dashboard/gallery/invoice.pdf',
    '/dashboard/templates/00000000-0000-4000-8000-000000000000/assets/00000000-0000-4000-8000-000000000001'];
  for (const p of pages) {
    const r = await c.get(p);
    assert.equal(r.status, 302, p);
    assert.equal(r.location, `/dashboard/sign-in?next=${encodeURIComponent(p)}`, p);
  }
  // Posts and the scripts' JSON endpoints: no session → sign-in (forms) or 401 JSON (scripts).
  for (const p of ['/dashboard/templates', '/dashboard/keys', '/dashboard/account/password', '/dashboard/templates/00000000-0000-4000-8000-000000000000/rename',
    '/dashboard/templates/00000000-0000-4000-8000-000000000000/duplicate', '/dashboard/templates/00000000-0000-4000-8000-000000000000/delete',
    '/dashboard/keys/00000000-0000-4000-8000-000000000000/delete']) {
    const r = await c.form(p, { _csrf: 'x' });
    assert.equal(r.status, 302, p);
    assert.equal(r.location, '/dashboard/sign-in?expired=1', p);
  }
  const id = '00000000-0000-4000-8000-000000000000';
  for (const p of [`/dashboard/templates/${id}`, `/dashboard/templates/${id}/preview`, `/dashboard/templates/${id}/assets?path=a.png`,
    `/dashboard/templates/${id}/assets/${id}/delete`]) {
    const r = await c.json(p, {}, 'x');
    assert.equal(r.status, 401, p);
    assert.deepEqual(r.json, { error: 'Your session has ended; sign in again', code: 'UNAUTHORIZED', status: 401 });
  }
  assert.equal((await c.get('/dashboard/nope')).status, 404);
});

test('sign-up: session cookie httpOnly + SameSite=Lax (no Secure over loopback HTTP), lands on the gallery; bad input answers with the reason', async () => {
  const c = new Client(h.url);
  await c.get('/dashboard/sign-up');
  const email = `new${Date.now()}@example.com`;
  const bad = async (fields: Record<string, string>, msg: RegExp) => {
    const r = await c.form('/dashboard/sign-up', fields);
    assert.equal(r.status, 400);
    assert.match(r.text, msg);
  };
  await bad({ email: 'not-an-email', password: 'long enough pw', password2: 'long enough pw' }, /valid email/);
  await bad({ email, password: 'short', password2: 'short' }, /at least 8 characters/);
  await bad({ email, password: 'long enough pw', password2: 'other long pw' }, /differ/);
  const r = await c.form('/dashboard/sign-up', { email, password: 'long enough pw', password2: 'long enough pw' });
  assert.equal(r.status, 303);
  assert.equal(r.location, '/dashboard/templates/new?welcome=1');
  const cookie = r.headers.getSetCookie().find((x) => x.startsWith('quire_session='))!;
  assert.match(cookie, /httponly/i);
  assert.match(cookie, /samesite=lax/i);
  assert.doesNotMatch(cookie, /secure/i);
  assert.match(cookie, /expires=/i);
  const a = (await h.store.findAccountByEmail(email))!;
  assert.equal(a.plan, 'free');
  assert.equal((await c.get('/dashboard/templates')).status, 200);
  const again = new Client(h.url);
  await again.get('/dashboard/sign-up');
  const dup = await again.form('/dashboard/sign-up', { email: email.toUpperCase(), password: 'long enough pw', password2: 'long enough pw' });
  assert.equal(dup.status, 400);
  assert.match(dup.text, /already exists/);
});

test('under HTTPS (a TLS-terminating proxy): __Host- cookies with Secure; the site origin is https', async () => {
  const proxied = await startDashboard({}, { TRUST_PROXY: '1' });
  try {
    const c = new Client(proxied.url, { 'x-forwarded-proto': 'https' }, proxied.url.replace('http:', 'https:'));
    await c.get('/dashboard/sign-up');
    assert.ok(c.cookies.has('__Host-quire_csrf'));
    const r = await c.form('/dashboard/sign-up', { email: 'tls@example.com', password: 'long enough pw', password2: 'long enough pw' });
    assert.equal(r.status, 303);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith('__Host-quire_session='))!;
    assert.match(cookie, /; secure/i);
    assert.match(cookie, /; path=\//i);
    assert.doesNotMatch(cookie, /domain=/i);
    assert.equal((await c.get('/dashboard/templates')).status, 200);
    // The plain-http origin is another site for an https page.
    const plain = await c.form('/dashboard/keys', { label: 'x' }, { origin: proxied.url });
    assert.equal(plain.status, 403);
  } finally {
    await proxied.close();
  }
});

test('SIGNUP=closed: the sign-up page and post answer 403; operator-made accounts sign in', async () => {
  const c = new Client(closed.url);
  const page = await c.get('/dashboard/sign-up');
  assert.equal(page.status, 403);
  assert.match(page.text, /does not take new sign-ups/);
  assert.equal((await c.form('/dashboard/sign-up', { email: 'x@example.com', password: 'long enough pw', password2: 'long enough pw' })).status, 403);
  assert.equal((await closed.store.listAccounts()).length, 0);
  const signIn = await c.get('/dashboard/sign-in');
  assert.doesNotMatch(signIn.text, /Create an account/);
  const a = await closed.store.createAccount('op@example.com', 'pro', new Date());
  await closed.store.setPasswordHash(a.id, await hashPassword('operator set this'), new Date());
  const r = await c.form('/dashboard/sign-in', { email: 'op@example.com', password: 'operator set this' });
  assert.equal(r.status, 303);
  assert.equal(r.location, '/dashboard/templates');
});

test('sign-in: wrong password 401 with one message for every failure; a CLI account without password cannot sign in; next= is kept inside the dashboard', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const d = new Client(h.url);
  await d.get('/dashboard/sign-in');
  const wrong = await d.form('/dashboard/sign-in', { email, password: 'wrong password' });
  assert.equal(wrong.status, 401);
  assert.match(wrong.text, /Wrong email or password/);
  await h.store.createAccount('cli-only@example.com', 'pro', new Date());
  const noPw = await d.form('/dashboard/sign-in', { email: 'cli-only@example.com', password: 'anything at all' });
  assert.equal(noPw.status, 401);
  assert.match(noPw.text, /Wrong email or password/);
  const unknown = await d.form('/dashboard/sign-in', { email: 'nobody@example.com', password: 'anything at all' });
  assert.match(unknown.text, /Wrong email or password/);
  const ok = await d.form('/dashboard/sign-in', { email, password: 'correct horse battery', next: '/dashboard/keys' });
  assert.equal(ok.location, '/dashboard/keys');
  const e = new Client(h.url);
  await e.get('/dashboard/sign-in');
  const evil = await e.form('/dashboard/sign-in', { email, password: 'correct horse battery', next: 'https://evil.example/' });
  assert.equal(evil.location, '/dashboard/templates');
});

test('sign-in throttling: after 5 failures for an email, 429 with Retry-After, even with the right password', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const d = new Client(h.url);
  await d.get('/dashboard/sign-in');
  for (let i = 0; i < 5; i++) assert.equal((await d.form('/dashboard/sign-in', { email, password: `wrong ${i}` })).status, 401);
  const r = await d.form('/dashboard/sign-in', { email, password: 'correct horse battery' });
  assert.equal(r.status, 429);
  assert.match(r.text, /Too many sign-in attempts/);
  assert.ok(Number(r.headers.get('retry-after')) > 0 && Number(r.headers.get('retry-after')) <= 15 * 60);
  // After the window (the app's clock), the right password works again.
  h.clock.set(new Date(h.clock.now().getTime() + 16 * 60_000).toISOString());
  assert.equal((await d.form('/dashboard/sign-in', { email, password: 'correct horse battery' })).status, 303);
});

test('sessions: a fresh id at every sign-in (the old one stops working); sign-out needs the CSRF token and ends the session', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const first = c.cookies.get('quire_session')!;
  // Signing in again from a browser that holds a session (e.g. one planted by someone else).
  const r = await c.form('/dashboard/sign-in', { _csrf: c.cookies.get('quire_csrf')!, email, password: 'correct horse battery' });
  assert.equal(r.status, 303);
  const second = c.cookies.get('quire_session')!;
  assert.notEqual(first, second);
  const stale = new Client(h.url);
  stale.cookies.set('quire_session', first);
  assert.equal((await stale.get('/dashboard/templates')).status, 302);
  await c.get('/dashboard/templates');
  assert.equal((await c.form('/dashboard/sign-out', { _csrf: 'wrong' })).status, 403);
  const out = await c.form('/dashboard/sign-out');
  assert.equal(out.location, '/dashboard/sign-in?signed_out=1');
  const replay = new Client(h.url);
  replay.cookies.set('quire_session', second);
  assert.equal((await replay.get('/dashboard/templates')).status, 302);
});

test('sessions expire after SESSION_IDLE_DAYS without a request', async () => {
  const c = new Client(h.url);
  await c.signUp();
  h.clock.set(new Date(h.clock.now().getTime() + 8 * 86_400_000).toISOString());
  assert.equal((await c.get('/dashboard/templates')).status, 302);
});

test('change password: the current one is required, other sessions end, this one gets a new id', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const other = new Client(h.url);
  await other.get('/dashboard/sign-in');
  await other.form('/dashboard/sign-in', { email, password: 'correct horse battery' });
  assert.equal((await other.get('/dashboard/templates')).status, 200);
  await c.get('/dashboard/account');
  const wrong = await c.form('/dashboard/account/password', { current: 'nope nope nope', password: 'new passphrase!', password2: 'new passphrase!' });
  assert.equal(wrong.status, 400);
  assert.match(wrong.text, /current password is wrong/);
  const before = c.cookies.get('quire_session');
  const ok = await c.form('/dashboard/account/password', { current: 'correct horse battery', password: 'new passphrase!', password2: 'new passphrase!' });
  assert.equal(ok.location, '/dashboard/account?done=password');
  assert.notEqual(c.cookies.get('quire_session'), before);
  assert.equal((await c.get('/dashboard/account?done=password')).status, 200);
  assert.equal((await other.get('/dashboard/templates')).status, 302, 'the other session ended');
  const d = new Client(h.url);
  await d.get('/dashboard/sign-in');
  assert.equal((await d.form('/dashboard/sign-in', { email, password: 'new passphrase!' })).status, 303);
});

test('CSRF: missing or wrong tokens and foreign origins are refused with 403 on every state-changing route', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate();
  const forms = ['/dashboard/templates', `/dashboard/templates/${id}/rename`, `/dashboard/templates/${id}/duplicate`,
    `/dashboard/templates/${id}/delete`, '/dashboard/keys', '/dashboard/account/password', '/dashboard/sign-out'];
  for (const p of forms) {
    for (const token of [null, 'wrong-token']) {
      const r = await c.form(p, { _csrf: token, name: 'x', starter: 'blank' });
      assert.equal(r.status, 403, `${p} ${token}`);
      assert.match(r.text, /expired or did not come from this site/);
    }
  }
  // the delete forms of a key and the JSON delete of a file, with real ids
  assert.equal((await c.form('/dashboard/keys', { label: 'csrf' })).status, 201);
  const keyId = /\/dashboard\/keys\/([0-9a-f-]{36})\/delete/.exec((await c.get('/dashboard/keys')).text)![1]!;
  const up = await c.upload(id, 'logo.png', png({ width: 1, height: 1, colorType: 2, pixels: [1, 2, 3] }));
  assert.equal(up.status, 201);
  for (const token of [null, 'wrong-token']) {
    const r = await c.form(`/dashboard/keys/${keyId}/delete`, { _csrf: token });
    assert.equal(r.status, 403, `key delete ${token}`);
  }
  for (const p of [`/dashboard/templates/${id}`, `/dashboard/templates/${id}/preview`, `/dashboard/templates/${id}/assets/${up.json.id as string}/delete`]) {
    for (const token of [null, 'wrong-token']) {
      const r = await c.json(p, { html: '', variables: [], sampleData: {} }, token);
      assert.equal(r.status, 403, `${p} ${token}`);
      assert.equal(r.json.code, 'FORBIDDEN');
    }
  }
  assert.equal((await c.upload(id, 'a.png', new Uint8Array([1]), null)).status, 403);
  const foreign = await c.form('/dashboard/templates', { starter: 'blank', name: 'x' }, { origin: 'https://evil.example' });
  assert.equal(foreign.status, 403);
  // Sign-in and sign-up forms carry a double-submit token.
  const anon = new Client(h.url);
  assert.equal((await anon.form('/dashboard/sign-in', { email: 'a@b.c', password: 'whatever1' })).status, 403);
  await anon.get('/dashboard/sign-in');
  assert.equal((await anon.form('/dashboard/sign-in', { _csrf: 'forged', email: 'a@b.c', password: 'whatever1' })).status, 403);
  const newcomer = new Client(h.url);
  const form = { email: 'csrf@example.com', password: 'correct horse battery', password2: 'correct horse battery' };
  assert.equal((await newcomer.form('/dashboard/sign-up', form)).status, 403);
  await newcomer.get('/dashboard/sign-up');
  assert.equal((await newcomer.form('/dashboard/sign-up', { ...form, _csrf: 'forged' })).status, 403);
  assert.equal(await h.store.findAccountByEmail('csrf@example.com'), null);
  // Nothing was changed by the refused requests.
  const t = (await h.store.getTemplate(id))!;
  assert.equal(t.name, 'My template');
  assert.equal((await h.store.listKeys(t.accountId)).length, 1);
  assert.equal((await h.store.assets.list(id)).length, 1);
});

test('pages carry a CSP without inline script, no framing, no caching; the bundle is served with immutable caching and gzip', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const r = await c.get('/dashboard/templates');
  const csp = r.headers.get('content-security-policy')!;
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(r.headers.get('cache-control'), 'no-store');
  assert.doesNotMatch(r.text, /<script(?![^>]*\bsrc=)(?![^>]*application\/json)/, 'no inline script element');
  const v = /app\.js\?v=([0-9a-f]+)/.exec(r.text)![1];
  const js = await fetch(`${h.url}/dashboard/static/app.js?v=${v}`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(js.status, 200);
  assert.match(js.headers.get('content-type')!, /javascript/);
  assert.equal(js.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(js.headers.get('content-encoding'), 'gzip');
  for (const f of ['editor.js', 'app.css', 'pdf.worker.mjs']) assert.equal((await fetch(`${h.url}/dashboard/static/${f}?v=${v}`)).status, 200, f);
  assert.equal((await fetch(`${h.url}/dashboard/static/nope.js`)).status, 404);
});
