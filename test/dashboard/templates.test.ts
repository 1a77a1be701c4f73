// Dashboard templates over HTTP: list, gallery (every starter renders with no warnings), create, rename,
// duplicate (with files), delete with confirmation (generations stay), and another account's ids → 404.
// In: the real app on a temporary SQLite file. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readGallery } from '../../src/server/dashboard/gallery.ts';
import { runRenderJob } from '../../src/server/render-job.ts';
import { sniffAssetType } from '../../src/server/dashboard/asset-types.ts';
import { resolveValues } from '../../src/template/variables.ts';
import { pdftotext, png } from '../paint/pdf-helpers.ts';
import { Client, startDashboard, type Harness } from './helpers.ts';

let h: Harness;
before(async () => {
  h = await startDashboard();
});
after(() => h.close());

test('every gallery starter has valid variables and sample data and renders with no warnings', async () => {
  const gallery = readGallery();
  assert.deepEqual(gallery.map((s) => s.slug), ['invoice', 'receipt', 'certificate', 'report']);
  for (const s of gallery) {
    const v = resolveValues(s.variables, s.sampleData);
    assert.ok(v.ok, `${s.slug}: ${!v.ok && v.message}`);
    const out = await runRenderJob({
      template: s.html, view: v.view, creationDate: new Date(0), timeoutMs: 30000, maxPages: 50,
      assets: s.assets.map((a) => ({ path: a.path, mime: sniffAssetType(a.data)!, data: a.data })),
    });
    assert.deepEqual(out.warnings, [], s.slug);
    const text = pdftotext(out.pdf);
    if (s.slug === 'invoice') assert.match(text, /INVOICE[\s\S]*Acme Corporation[\s\S]*Page 1 of 1/);
    if (s.slug === 'report') {
      assert.ok(out.pageCount >= 5, `report has ${out.pageCount} pages`);
      assert.ok(text.split('Manager').length - 1 >= 2, 'the table header repeats on the next page');
      assert.match(text, new RegExp(`${out.pageCount} ?/ ?${out.pageCount}`), 'page X / Y in the margin box');
    }
    if (s.slug === 'certificate') assert.match(text, /Certificate of Completion[\s\S]*Ada Lovelace/);
    if (s.slug === 'receipt') assert.match(text, /TOTAL GBP/);
  }
});

test('the gallery page offers every starter and a blank page; creating from a starter copies its variables, sample data and files', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const g = await c.get('/dashboard/templates/new');
  for (const name of ['Invoice', 'Receipt', 'Certificate', 'Multi-page report', 'Blank page']) assert.match(g.text, new RegExp(`Use ${name}`));
  assert.match(g.text, /data-pdf="\/dashboard\/gallery\/invoice\.pdf"/);
  assert.match(g.text, /src="\/dashboard\/static\/gallery\.js\?v=/);
  const thumb = await c.get('/dashboard/gallery/invoice.pdf');
  assert.equal(thumb.status, 200);
  assert.equal(thumb.headers.get('content-type'), 'application/pdf');
  assert.equal((await c.get('/dashboard/gallery/nope.pdf')).status, 404);
  assert.equal((await new Client(h.url).get('/dashboard/gallery/invoice.pdf')).status, 302, 'signed-in only');
  const id = await c.createTemplate('invoice', 'Acme invoice');
  const t = (await h.store.getTemplate(id))!;
  assert.equal(t.name, 'Acme invoice');
  assert.ok(t.variables.some((v) => v.name === 'items' && v.type === 'list'));
  assert.equal(t.sampleData.customerName, 'Acme Corporation');
  assert.deepEqual((await h.store.assets.list(id)).map((a) => [a.path, a.mime]), [['logo.svg', 'image/svg+xml']]);
  const blank = await c.createTemplate('blank', 'Scratch');
  assert.deepEqual((await h.store.getTemplate(blank))!.variables, [{ name: 'name', type: 'string', default: 'World' }]);
  const bad = await c.form('/dashboard/templates', { starter: 'nope', name: 'x' });
  assert.equal(bad.status, 400);
  assert.match(bad.text, /no starter/);
  const noName = await c.form('/dashboard/templates', { starter: 'blank', name: '   ' });
  assert.equal(noName.status, 400);
  assert.match(noName.text, /needs a name/);
});

test('the list shows name, id, variables, last change and this month\'s generations; rename and duplicate (with files) work', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const id = await c.createTemplate('invoice', 'First');
  const account = (await h.store.findAccountByEmail(email))!;
  await h.store.recordGenerationWithinQuota({ id: crypto.randomUUID(), accountId: account.id, templateId: id, apiKeyId: null, fileName: 'x.pdf', bytes: 1, renderMs: 1 }, null, h.clock.now());
  const list = await c.get('/dashboard/templates');
  assert.match(list.text, new RegExp(`href="/dashboard/templates/${id}">First</a>`));
  assert.match(list.text, new RegExp(id));
  assert.match(list.text, /<span class="chip">invoiceNumber<\/span>/);
  assert.match(list.text, /<span class="chip more" title="currency, items, [^"]*, paid">\+8 more<\/span>/, 'the first 8 of 16 variables, then the rest in a title');
  assert.match(list.text, /just now/);
  assert.match(list.text, /<td class="num">1<\/td>/);
  const ren = await c.form(`/dashboard/templates/${id}/rename`, { name: '  Renamed <b>invoice</b> ', back: '/dashboard/templates' });
  assert.equal(ren.location, '/dashboard/templates?done=renamed');
  assert.equal((await h.store.getTemplate(id))!.name, 'Renamed <b>invoice</b>');
  const after = await c.get('/dashboard/templates?done=renamed');
  assert.match(after.text, /Renamed &lt;b&gt;invoice&lt;\/b&gt;/, 'names are escaped');
  assert.match(after.text, /Template renamed/);
  const dup = await c.form(`/dashboard/templates/${id}/duplicate`);
  assert.equal(dup.location, '/dashboard/templates?done=duplicated');
  const copy = (await h.store.listTemplates(account.id)).find((t) => t.name === 'Copy of Renamed <b>invoice</b>')!;
  assert.equal(copy.html, (await h.store.getTemplate(id))!.html);
  assert.deepEqual((await h.store.assets.list(copy.id)).map((a) => a.path), ['logo.svg']);
});

test('delete asks first, then deletes the template and its files; its generations stay', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const id = await c.createTemplate('invoice', 'Doomed');
  const account = (await h.store.findAccountByEmail(email))!;
  const genId = crypto.randomUUID();
  await h.store.recordGenerationWithinQuota({ id: genId, accountId: account.id, templateId: id, apiKeyId: null, fileName: 'x.pdf', bytes: 1, renderMs: 1 }, null, h.clock.now());
  const confirm = await c.get(`/dashboard/templates/${id}/delete`);
  assert.equal(confirm.status, 200);
  assert.match(confirm.text, /Delete “Doomed”\?/);
  assert.match(confirm.text, /past generations \(1 this month\) and their PDFs remain/);
  assert.ok(await h.store.getTemplate(id), 'nothing deleted by the confirmation page');
  const r = await c.form(`/dashboard/templates/${id}/delete`);
  assert.equal(r.location, '/dashboard/templates?done=deleted');
  assert.equal(await h.store.getTemplate(id), null);
  assert.deepEqual(await h.store.assets.list(id), []);
  assert.equal((await h.store.getGeneration(genId))!.templateId, null);
  assert.equal((await c.get(`/dashboard/templates/${id}`)).status, 404);
});

test('another account\'s template and its files are 404 on every route; so are unknown and malformed ids', async () => {
  const owner = new Client(h.url);
  await owner.signUp();
  const id = await owner.createTemplate('invoice', 'Private');
  const up = await owner.upload(id, 'logo.png', png({ width: 1, height: 1, colorType: 2, pixels: [1, 2, 3] }));
  assert.equal(up.status, 201);
  const assetId = up.json.id as string;
  const other = new Client(h.url);
  await other.signUp();
  await other.get('/dashboard/templates');
  const gets = [`/dashboard/templates/${id}`, `/dashboard/templates/${id}/delete`, `/dashboard/templates/${id}/assets/${assetId}`,
    '/dashboard/templates/00000000-0000-4000-8000-000000000000', '/dashboard/templates/not-a-uuid'];
  for (const p of gets) {
    const r = await other.get(p);
    assert.equal(r.status, 404, p);
    assert.doesNotMatch(r.text, /Private/, p);
  }
  const forms = [`/dashboard/templates/${id}/rename`, `/dashboard/templates/${id}/duplicate`, `/dashboard/templates/${id}/delete`];
  for (const p of forms) assert.equal((await other.form(p, { name: 'stolen', back: '/dashboard/templates' })).status, 404, p);
  for (const p of [`/dashboard/templates/${id}`, `/dashboard/templates/${id}/preview`, `/dashboard/templates/${id}/assets/${assetId}/delete`]) {
    const r = await other.json(p, { html: 'x', variables: [], sampleData: {} });
    assert.equal(r.status, 404, p);
    assert.deepEqual(r.json, { error: 'Template not found', code: 'NOT_FOUND', status: 404 });
  }
  assert.equal((await other.upload(id, 'x.png', png({ width: 1, height: 1, colorType: 2, pixels: [1, 2, 3] }))).status, 404);
  // The owner's asset of another template id of theirs is 404 too (asset ids are scoped by template).
  const second = await owner.createTemplate('blank', 'Second');
  assert.equal((await owner.get(`/dashboard/templates/${second}/assets/${assetId}`)).status, 404);
  const t = (await h.store.getTemplate(id))!;
  assert.equal(t.name, 'Private');
  assert.equal((await h.store.assets.list(id)).length, 2);
});
