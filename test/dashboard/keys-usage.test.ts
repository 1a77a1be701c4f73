// The API Keys and Usage pages over HTTP, with the API in the loop: a key generated in the dashboard
// (shown once, labelled) generates a PDF that uses a template file; Usage shows it (pages, key label,
// PDF link, per-day chart); delete → 401. In: the real app. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { pdftotext, png } from '../paint/pdf-helpers.ts';
import { Client, startDashboard, type Harness } from './helpers.ts';

let h: Harness;
before(async () => {
  h = await startDashboard();
});
after(() => h.close());

test('Generate New Key: the key is shown once with the advice, then listed as quire_… + last 4 with its label', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const r = await c.form('/dashboard/keys', { label: '  production  ' });
  assert.equal(r.status, 201);
  const key = /value="(quire_[0-9a-f-]{36})"/.exec(r.text)![1]!;
  assert.match(r.text, /shown only this once/);
  assert.match(r.text, /environment variable/);
  assert.match(r.text, /separate key per environment/);
  assert.match(r.text, /Rotate keys/);
  assert.match(r.text, /delete it at once/);
  assert.equal(r.headers.get('cache-control'), 'no-store');
  const account = (await h.store.findAccountByEmail(email))!;
  assert.deepEqual((await h.store.authenticate(key, h.clock.now()))?.accountId, account.id);
  const list = await c.get('/dashboard/keys');
  assert.doesNotMatch(list.text, new RegExp(key), 'never shown again');
  assert.match(list.text, new RegExp(`<code>quire_…${key.slice(-4)}</code>`));
  assert.match(list.text, /<td>production<\/td>/);
  assert.match(list.text, /just now/);
  const long = await c.form('/dashboard/keys', { label: 'x'.repeat(61) });
  assert.equal(long.status, 400);
});

test('a dashboard key generates a PDF that uses a template file; Usage shows it; deleting the key (after confirmation) gives 401', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const account = (await h.store.findAccountByEmail(email))!;
  const id = await c.createTemplate('blank', 'With logo');
  await c.upload(id, 'logo.png', png({ width: 2, height: 2, colorType: 2, pixels: Array(4).fill([0, 0, 255]).flat() }));
  const html = '<img src="logo.png" width="40" height="40"><h1>Hello {{name}}</h1><div style="break-before: page">2</div>';
  assert.equal((await c.json(`/dashboard/templates/${id}`, { html, variables: [{ name: 'name', type: 'string' }], sampleData: { name: 'Ada' } })).status, 200);
  const k = await c.form('/dashboard/keys', { label: 'staging' });
  const key = /value="(quire_[0-9a-f-]{36})"/.exec(k.text)![1]!;
  const gen = await h.generate(key, { templateId: id, variables: { name: 'API caller' } });
  assert.equal(gen.status, 200, JSON.stringify(gen.body));
  const file = await fetch(gen.body.pdf_url);
  const pdf = new Uint8Array(await file.arrayBuffer());
  assert.match(pdftotext(pdf), /Hello API caller/);
  assert.match(Buffer.from(pdf).toString('latin1'), /\/Subtype \/Image/, 'the logo file is drawn');
  const g = (await h.store.getGeneration(gen.body.generation_id))!;
  assert.equal(g.pages, 2);

  const usage = await c.get('/dashboard/usage');
  assert.equal(usage.status, 200);
  assert.match(usage.text, /<span id="used-count">1<\/span>/);
  assert.match(usage.text, /of 300 PDFs this month/);
  assert.match(usage.text, /resets on <time datetime="2026-04-01T00:00:00.000Z">2026-04-01 00:00 UTC<\/time>/);
  assert.match(usage.text, /<svg viewBox="0 0 720 160" role="img"/);
  assert.match(usage.text, /<title>2026-03-15: 1 PDF<\/title>/);
  assert.match(usage.text, new RegExp(`<a href="/dashboard/templates/${id}">With logo</a>`));
  assert.match(usage.text, /staging <code class="muted">quire_…/);
  assert.match(usage.text, /<td class="num">2<\/td>/, 'pages');
  assert.match(usage.text, new RegExp(`<td class="num">${g.renderMs} ms</td>`));
  assert.ok(usage.text.includes(gen.body.pdf_url), 'the PDF link');
  assert.equal(await h.store.countThisMonth(account.id, h.clock.now()), 1);
  // a PDF retention deleted keeps its row in the list, without a link
  await h.store.pdfs.remove(gen.body.pdf_url.split('/').pop());
  await h.store.markPdfsDeleted([g.id], h.clock.now());
  const expired = await c.get('/dashboard/usage');
  assert.ok(!expired.text.includes(gen.body.pdf_url), 'no link to a deleted PDF');
  assert.match(expired.text, /<span class="muted" title="Deleted after PDF_RETENTION_DAYS">expired<\/span>/);
  assert.match(expired.text, /<span id="used-count">1<\/span>/, 'it still counts');

  const keyId = (await h.store.listKeys(account.id)).find((x) => x.label === 'staging')!.id;
  const confirm = await c.get(`/dashboard/keys/${keyId}/delete`);
  assert.match(confirm.text, /refused \(401\) from the moment you delete it/);
  assert.equal((await h.generate(key, { templateId: id, variables: { name: 'x' } })).status, 200, 'the confirmation page deletes nothing');
  const del = await c.form(`/dashboard/keys/${keyId}/delete`);
  assert.equal(del.location, '/dashboard/keys?done=key-deleted');
  const after = await h.generate(key, { templateId: id, variables: { name: 'x' } });
  assert.equal(after.status, 401);
  assert.deepEqual(after.body, { error: 'Invalid API key', code: 'UNAUTHORIZED', status: 401 });
  const usage2 = await c.get('/dashboard/usage');
  assert.match(usage2.text, /deleted key/);
});

test('another account\'s key cannot be seen or deleted (404); Usage lists only the account\'s own generations', async () => {
  const owner = new Client(h.url);
  const ownerEmail = await owner.signUp();
  await owner.form('/dashboard/keys', { label: 'mine' });
  const keyId = (await h.store.listKeys((await h.store.findAccountByEmail(ownerEmail))!.id))[0]!.id;
  const other = new Client(h.url);
  await other.signUp();
  assert.equal((await other.get(`/dashboard/keys/${keyId}/delete`)).status, 404);
  assert.equal((await other.form(`/dashboard/keys/${keyId}/delete`)).status, 404);
  assert.equal((await h.store.listKeys((await h.store.findAccountByEmail(ownerEmail))!.id)).length, 1);
  const usage = await other.get('/dashboard/usage');
  assert.match(usage.text, /<span id="used-count">0<\/span>/);
  assert.match(usage.text, /No generations yet/);
});
