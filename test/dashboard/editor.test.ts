// The editor's endpoints over HTTP: the page, save (with the CLI's and API's messages), the live preview
// (a PDF through the render queue, never counted, rate-limited per session, errors as messages) and
// template files (type by content, limits per file and per account). In: the real app. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { letterRows, pdftotext, png, raster } from '../paint/pdf-helpers.ts';
import { Client, startDashboard, type Harness } from './helpers.ts';

let h: Harness;
let tight: Harness;
before(async () => {
  h = await startDashboard();
  tight = await startDashboard({ previewsPerMinute: 2, assetMaxBytes: 2000, accountAssetsMaxBytes: 3000 });
});
after(async () => {
  await h.close();
  await tight.close();
});

const red = png({ width: 4, height: 4, colorType: 2, pixels: Array(16).fill([255, 0, 0]).flat() });
const body = (html: string, variables: unknown[] = [], sampleData: Record<string, unknown> = {}) => ({ html, variables, sampleData });

test('the editor page embeds the template as JSON (escaped), the curl command with this address, and loads editor.js', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Ed');
  await c.json(`/dashboard/templates/${id}`, body('<p>{{name}}</p></script><script>alert(1)</script>', [{ name: 'name', type: 'string' }], { name: '<b>' }));
  const page = await c.get(`/dashboard/templates/${id}`);
  assert.equal(page.status, 200);
  assert.match(page.text, /<script type="module" src="\/dashboard\/static\/editor\.js\?v=[0-9a-f]+"><\/script>/);
  const island = /<script type="application\/json" id="editor-data">([^<]*)<\/script>/.exec(page.text);
  assert.ok(island, 'the data island holds no raw < (so it cannot close its element)');
  const data = JSON.parse(island![1]!);
  assert.equal(data.html, '<p>{{name}}</p></script><script>alert(1)</script>');
  assert.equal(data.apiBase, h.url);
  assert.match(page.text, new RegExp(`curl -sS ${h.url}/functions/v1/generate-pdf-preview`));
  assert.match(page.text, new RegExp(`&quot;templateId&quot;:&quot;${id}&quot;`));
});

test('save: stores HTML, variables and sample data; a Mustache error or a bad variables list is refused with the reason', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Save me');
  const ok = await c.json(`/dashboard/templates/${id}`, { ...body('<h1>{{title}}</h1>', [{ name: 'title', type: 'string', default: 'Hi' }], { title: 'Yo' }), name: 'Saved name' });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.name, 'Saved name');
  assert.match(ok.json.curl, /"variables":\{"title":"Yo"\}/);
  const t = (await h.store.getTemplate(id))!;
  assert.deepEqual([t.name, t.html, t.variables, t.sampleData], ['Saved name', '<h1>{{title}}</h1>', [{ name: 'title', type: 'string', default: 'Hi' }], { title: 'Yo' }]);
  const syntax = await c.json(`/dashboard/templates/${id}`, body('<h1>x</h1>\n<p>{{#items}}</p>\n<p>end</p>'));
  assert.equal(syntax.status, 400);
  assert.equal(syntax.json.error, 'Not saved: template syntax error: Unclosed section "items" (line 2)', 'the line of the opening tag, not a character offset');
  const vars = await c.json(`/dashboard/templates/${id}`, body('<p></p>', [{ name: '1x', type: 'string' }, { name: 'd', type: 'date', default: '2026-02-30' }]));
  assert.equal(vars.status, 400);
  assert.match(vars.json.error, /invalid variables list: 0\.name: a variable name is letters/);
  const sample = await c.json(`/dashboard/templates/${id}`, body('<p></p>', [], [] as never));
  assert.equal(sample.status, 400);
  assert.equal(sample.json.error, 'Sample data must be a JSON object');
  assert.equal((await h.store.getTemplate(id))!.html, '<h1>{{title}}</h1>', 'nothing saved by the refused requests');
  const big = await c.request('POST', `/dashboard/templates/${id}`, {
    body: JSON.stringify(body('x'.repeat(h.config.maxBodyBytes + 10))),
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': c.csrf },
  });
  assert.equal(big.status, 413);
  assert.equal(big.json.code, 'PAYLOAD_TOO_LARGE');
});

test('preview: the unsaved template filled with the sample data as a PDF, with page count, render time and warnings with lines; never a generation', async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const id = await c.createTemplate('blank', 'Preview');
  const account = (await h.store.findAccountByEmail(email))!;
  const html = '<style>\np { colr: red; }\n</style>\n<h1>Hello {{who}}</h1>\n<div style="break-after: page"></div><p>two</p>';
  const r = await c.json(`/dashboard/templates/${id}/preview`, body(html, [{ name: 'who', type: 'string' }], { who: 'preview world' }));
  assert.equal(r.status, 200, r.text);
  const pdf = Buffer.from(r.json.pdf, 'base64');
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.match(pdftotext(pdf), /Hello preview world/);
  assert.equal(r.json.pageCount, 2);
  assert.ok(Number.isInteger(r.json.renderMs) && r.json.renderMs >= 0);
  assert.deepEqual(r.json.warnings.map((w: { code: string; line: number }) => [w.code, w.line]), [['unsupported-property', 2]]);
  assert.equal((await h.store.getTemplate(id))!.html.includes('preview world'), false, 'a preview saves nothing');
  // Warnings after a list that added lines point at the template's own line.
  const listed = '{{#items}}\n<p>{{n}}</p>\n{{/items}}\n<p style="colr: red">{{who}}</p>';
  const w = await c.json(`/dashboard/templates/${id}/preview`, body(listed, [{ name: 'items', type: 'list' }, { name: 'who', type: 'string' }], { items: [{ n: 1 }, { n: 2 }, { n: 3 }], who: 'x' }));
  assert.deepEqual(w.json.warnings, [{ code: 'unsupported-property', message: "unsupported property 'colr'", line: 4, source: 'style attribute' }]);
  assert.equal(await h.store.countThisMonth(account.id, h.clock.now()), 0, 'not counted');
  assert.equal(await h.store.countGenerations(), 0, 'no generation row');
});

test('preview errors are messages: the API\'s variable message, Mustache syntax, render limits', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Errors');
  const vars = [{ name: 'customerName', type: 'string' }, { name: 'dueDate', type: 'date' }, { name: 'total', type: 'number' }];
  const missing = await c.json(`/dashboard/templates/${id}/preview`, body('<p>{{customerName}}</p>', vars, { total: 'abc' }));
  assert.equal(missing.status, 400);
  assert.deepEqual(missing.json, {
    error: 'Missing template variables: customerName, dueDate; invalid template variables: total (must be a decimal number)', code: 'BAD_REQUEST', status: 400,
  });
  const syntax = await c.json(`/dashboard/templates/${id}/preview`, body('<style>\n p { color: red }\n</style>\n<p>{{#a}}</p>\n{{#b}}{{/b}}\n'));
  assert.equal(syntax.status, 422);
  assert.deepEqual(syntax.json, { error: 'template syntax error: Unclosed section "a" (line 4)', code: 'RENDER_FAILED', status: 422 });
  const pages = await c.json(`/dashboard/templates/${id}/preview`, body(`${'<div style="break-after: page">x</div>'.repeat(h.config.maxPages + 1)}`));
  assert.equal(pages.status, 422);
  assert.match(pages.json.error, /pages|MAX_PAGES/);
});

test('previews are rate-limited per session (429 with Retry-After); another session has its own allowance', async () => {
  const c = new Client(tight.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Fast');
  const send = (cl: Client) => cl.json(`/dashboard/templates/${id}/preview`, body('<p>x</p>'));
  assert.equal((await send(c)).status, 200);
  assert.equal((await send(c)).status, 200);
  const third = await send(c);
  assert.equal(third.status, 429);
  assert.equal(third.json.code, 'RATE_LIMITED');
  assert.ok(Number(third.headers.get('retry-after')) >= 1);
});

test('files: upload by content type, replace at the same path, serve with a sandbox CSP, delete; used by the preview', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Files');
  const up = await c.upload(id, 'img/logo.png', red);
  assert.equal(up.status, 201);
  assert.deepEqual({ ...up.json, id: undefined }, { id: undefined, path: 'img/logo.png', mime: 'image/png', bytes: red.length, replaced: false });
  const again = await c.upload(id, 'img/logo.png', red);
  assert.equal(again.status, 200);
  assert.equal(again.json.replaced, true);
  const file = await c.get(`/dashboard/templates/${id}/assets/${again.json.id}`);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'image/png');
  assert.match(file.headers.get('content-security-policy')!, /sandbox/);
  const html = '<style>@page{size:20px 20px;margin:0}body{margin:0}img{display:block;width:20px;height:20px}</style><img src="img/logo.png">';
  const r = await c.json(`/dashboard/templates/${id}/preview`, body(html));
  assert.deepEqual(r.json.warnings, []);
  assert.equal(letterRows(raster(Buffer.from(r.json.pdf, 'base64'), 96))[10]!.slice(2, 18), 'R'.repeat(16));
  const del = await c.json(`/dashboard/templates/${id}/assets/${again.json.id}/delete`, {});
  assert.equal(del.status, 200);
  const gone = await c.json(`/dashboard/templates/${id}/preview`, body(html));
  assert.deepEqual(gone.json.warnings.map((w: { code: string }) => w.code), ['resource-missing']);
});

test('files of a wrong type, a misleading name or a bad path are refused at upload with a message', async () => {
  const c = new Client(h.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Bad files');
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['logo.png', Buffer.from('<html>not an image</html>'), /is not a PNG, JPEG, GIF, SVG, TTF, OTF, WOFF or WOFF2 file \(checked by its content\)/],
    ['logo.jpg', red, /holds a PNG image; its name must end in \.png/],
    ['doc.pdf', Buffer.from('%PDF-1.7'), /is not a PNG/],
    ['../escape.png', red, /is not a usable relative path/],
    ['.hidden.png', red, /is not a usable relative path/],
    ['a b.png', red, /is not a usable relative path/],
    ['empty.png', new Uint8Array(0), /The file is empty/],
  ];
  for (const [path, bytes, msg] of cases) {
    const r = await c.upload(id, path, bytes);
    assert.equal(r.status, 400, path);
    assert.equal(r.json.code, 'BAD_REQUEST', path);
    assert.match(r.json.error, msg, path);
  }
  const svg = await c.upload(id, 'seal.svg', Buffer.from('<?xml version="1.0"?>\n<!-- seal -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'));
  assert.equal(svg.json.mime, 'image/svg+xml');
  const font = await c.upload(id, 'fonts/brand.woff2', Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(40)]));
  assert.equal(font.json.mime, 'font/woff2');
  assert.deepEqual((await h.store.assets.list(id)).map((a) => a.path), ['fonts/brand.woff2', 'seal.svg']);
});

test('files over the per-file or the per-account limit are refused with 413 and a message', async () => {
  const c = new Client(tight.url);
  await c.signUp();
  const id = await c.createTemplate('blank', 'Limits');
  const big = Buffer.concat([red, Buffer.alloc(2100)]);
  const r = await c.upload(id, 'big.png', big);
  assert.equal(r.status, 413);
  assert.deepEqual(r.json, { error: 'The file is larger than the limit of 2.0 KB per file.', code: 'PAYLOAD_TOO_LARGE', status: 413 });
  const chunk = Buffer.concat([red, Buffer.alloc(1400)]);
  assert.equal((await c.upload(id, 'a.png', chunk)).status, 201);
  assert.equal((await c.upload(id, 'b.png', chunk)).status, 201);
  const over = await c.upload(id, 'c.png', chunk);
  assert.equal(over.status, 413);
  assert.match(over.json.error, /Your account's files would take 4\.\d KB, over its limit of 2\.9 KB/);
  assert.equal((await c.upload(id, 'a.png', chunk)).status, 200, 'replacing a file counts only the difference');
  const dup = await c.form(`/dashboard/templates/${id}/duplicate`);
  assert.equal(dup.status, 400);
  assert.match(dup.text, /pass your account&#39;s limit for files/);
});
