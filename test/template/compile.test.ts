// compileTemplate and the render worker's compile cache: the same bytes and warnings as an uncached
// render, stylesheets taken out of the markup and put back, limits, hits, updates, bounds. In: the engine. Out: node:test results.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileTemplate, renderPdf, type RenderResult } from '../../src/index.ts';
import { DEFAULT_FILL_LIMITS, fillTemplate, TemplateError } from '../../src/template/fill.ts';
import { ByteLru } from '../../src/byte-lru.ts';
import { compiledTemplates, runRenderJob, type RenderJob } from '../../src/server/render-job.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const date = new Date(Date.UTC(2026, 0, 2));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'quire-compile-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function same(a: RenderResult, b: RenderResult, what: string): void {
  assert.equal(Buffer.compare(Buffer.from(a.pdf), Buffer.from(b.pdf)), 0, `${what}: PDF bytes differ`);
  assert.deepEqual(b.warnings, a.warnings, `${what}: warnings differ`);
  assert.equal(b.pageCount, a.pageCount);
}

function pdfText(pdf: Uint8Array): string {
  const file = path.join(tmp, `t${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(file);
  }
}

/** A stylesheet of ~`rules` rules (well over the 1 KiB taken out of the markup), with a bad selector on its 3rd line. */
function bigSheet(rules: number): string {
  const out = ['\n.a { color: #123 }', 'p:nth-last-of-type(2n of .x) { color: red }', '.b { margin: 0 }'];
  for (let i = 0; i < rules; i++) out.push(`.c${i} > span { padding: ${i % 9}px; color: #${(i % 4096).toString(16).padStart(3, '0')} }`);
  return out.join('\n') + '\n';
}

const README = readFileSync(path.join(ROOT, 'examples/invoice/template.html'), 'utf8');
const README_DATA = JSON.parse(readFileSync(path.join(ROOT, 'examples/invoice/data.json'), 'utf8')) as Record<string, unknown>;

test('compiled renders give the bytes and warnings of fillTemplate + renderPdf, render after render', async () => {
  const c = compileTemplate(README);
  for (const client of ['Jane Roe', 'Émile Zola', 'Jane Roe']) {
    const values = { ...README_DATA, clientName: client };
    same(await renderPdf(fillTemplate(README, values), { creationDate: date }), await c.render(values, { creationDate: date }), client);
  }
  // a framework document with linked stylesheets and web fonts, as plain HTML
  const dir = path.join(ROOT, 'test/fidelity/cases/btcpay-receipt');
  const html = readFileSync(path.join(dir, 'document.html'), 'utf8');
  const b = compileTemplate(html, { mustache: false, baseUrl: dir + '/' });
  const plain = await renderPdf(html, { creationDate: date, baseUrl: dir + '/' });
  same(plain, await b.render(null, { creationDate: date }), 'btcpay first');
  same(plain, await b.render(null, { creationDate: date }), 'btcpay second');
});

test('a large <style> is taken out of the markup and put back: same bytes, same warning lines, Mustache around it', async () => {
  const tpl = `<!DOCTYPE html>\n<html><head><title>{{title}}</title>\n<style>${bigSheet(400)}</style>\r\n<style>\r\n${bigSheet(50).replace(/\n/g, '\r\n')}</style>\n` +
    `<style>p { colr: red }</style></head>\n<body>\n{{#rows}}<p class="a">{{name}}</p>\n{{/rows}}<p style="margin: 1px 2px 3px 4px 5px">x</p>\n</body></html>`;
  const values = { title: 'Sheets', rows: [{ name: 'one' }, { name: 'two' }] };
  const plain = await renderPdf(fillTemplate(tpl, values), { creationDate: date });
  assert.ok(plain.warnings.some((w) => w.line !== undefined && w.line > 400), 'a warning after the large sheets names its line');
  assert.ok(plain.warnings.some((w) => w.code === 'unsupported-selector' || w.code === 'css-parse'));
  const c = compileTemplate(tpl);
  same(plain, await c.render(values, { creationDate: date }), 'compiled');
  const r = await c.render(values, { creationDate: date });
  const lf = (s: string) => s.replace(/\r\n?/g, '\n');
  assert.equal(lf(r.filledHtml()), lf(fillTemplate(tpl, values)), 'filledHtml() is the fill with the sheets back');
});

test('markers that do not land in an HTML <style> (textarea, SVG, comment) fall back to the full source', async () => {
  const sheet = bigSheet(60);
  const cases = [
    `<textarea><style>${sheet}</style></textarea><p>{{x}}</p>`,
    `<svg width="10" height="10"><style>${sheet.replace('.a {', '.a &amp; {')}</style><rect width="5" height="5"/></svg><p>{{x}}</p>`,
    `<!-- <style>${sheet}</style> --><p>{{x}}</p>`,
    `<div title="<style>${sheet.replace(/"/g, '')}</style>">{{x}}</div>`,
  ];
  for (const tpl of cases) {
    same(await renderPdf(fillTemplate(tpl, { x: 'v' }), { creationDate: date }), await compileTemplate(tpl).render({ x: 'v' }, { creationDate: date }), tpl.slice(0, 30));
  }
});

test('long attribute values (data: URIs) are taken out and put back: same bytes, lines and filled HTML; odd places fall back', async () => {
  const png = readFileSync(path.join(ROOT, 'fonts/../examples/invoice/template.html'), 'utf8').match(/data:image\/png;base64,[A-Za-z0-9+/=]+/)![0];
  const tpl = `<!DOCTYPE html>\n<html><body>\n<img src="${png}" alt="{{x}}">\n{{#rows}}<p>{{name}} <img src='${png}' width=20></p>\n{{/rows}}` +
    `<div style="background: url(${png}) no-repeat; width: 10px; height: 10px"></div>\n<p style="colr: red">{{x}}</p></body></html>`;
  // a value that looks like an attribute in text: its marker lands in a text node, so the full source is rendered
  const inText = `<p>text x="${png.replace(/=/g, '')}" {{x}}</p><img src="${png}">`;
  same(await renderPdf(fillTemplate(inText, { x: 1 }), { creationDate: date }), await compileTemplate(inText).render({ x: 1 }, { creationDate: date }), 'in text');
  for (const values of [
    { x: 'v', rows: [{ name: 'one' }, { name: 'two' }] },
    { x: 'v', rows: [] },
    { x: 'a marker \uF8FFquire-attr-0\uF8FF written by a value', rows: [{ name: '\uF8FFquire-attr-1\uF8FF' }] },
  ]) {
    const plain = await renderPdf(fillTemplate(tpl, values), { creationDate: date });
    const r = await compileTemplate(tpl).render(values, { creationDate: date });
    same(plain, r, JSON.stringify(values).slice(0, 40));
    assert.equal(r.filledHtml(), fillTemplate(tpl, values), 'filledHtml() is the fill with the values back');
  }
  // a value that is a marker, where markers are put back: it stays itself
  const alt = `<img src="${png}" alt="{{x}}"><p>{{y}}</p>`;
  const marked = { x: '\uF8FFquire-attr-0\uF8FF', y: 'z' };
  same(await renderPdf(fillTemplate(alt, marked), { creationDate: date }), await compileTemplate(alt).render(marked, { creationDate: date }), 'marker value');
  const small = { ...DEFAULT_FILL_LIMITS, maxHtmlBytes: png.length + 50 };
  await assert.rejects(compileTemplate(`<img src="${png}"><img src="${png}">{{x}}`).render({ x: 1 }, { fillLimits: small }), (e) => e instanceof TemplateError && e.code === 'MAX_HTML_BYTES');
});

test('a fill that gives the same text as the last one reuses its parsed document: same bytes, warnings and filled HTML', async () => {
  const sheet = bigSheet(80);
  const templates = [
    // stylesheets taken out and put back; a warning with its line
    `<!DOCTYPE html>\n<html><head><style>${sheet}</style></head>\n<body>\n{{#rows}}<p class="a">{{name}}</p>\n{{/rows}}<p style="colr: red">{{x}}</p></body></html>`,
    // a marker in a <textarea>: the taken-out source does not restore, the full source is filled and parsed
    `<textarea><style>${sheet}</style></textarea>\n<p style="colr: red">{{x}}</p>`,
    // no variables: every fill is the same text
    `<!DOCTYPE html><style>${sheet}</style><p style="colr: red">static</p>`,
  ];
  const a = { x: 'one', rows: [{ name: 'r1' }] };
  const b = { x: 'two', rows: [{ name: 'r1' }, { name: 'r2' }] };
  for (const tpl of templates) {
    const c = compileTemplate(tpl);
    for (const values of [a, a, b, a, a]) {
      const plain = await renderPdf(fillTemplate(tpl, values), { creationDate: date });
      const r = await c.render(values, { creationDate: date });
      same(plain, r, `${tpl.slice(0, 20)} ${values.x}`);
      assert.ok(r.warnings.some((w) => w.line !== undefined), 'the warning names its line');
      assert.equal(r.filledHtml(), fillTemplate(tpl, values));
    }
  }
});

test('MAX_HTML_BYTES counts the text of taken-out stylesheets, in the source and in the filled HTML', async () => {
  const sheet = bigSheet(100); // ~4.5 KB
  const small = { ...DEFAULT_FILL_LIMITS, maxHtmlBytes: 3000 };
  const tooBig = (e: unknown) => e instanceof TemplateError && e.code === 'MAX_HTML_BYTES';
  await assert.rejects(compileTemplate(`<style>${sheet}</style>{{x}}`).render({ x: 1 }, { fillLimits: small }), tooBig);
  // a section repeats the sheet: 3 × 4.5 KB filled from a 4.6 KB source
  const tpl = `{{#rows}}<style>${sheet}</style>{{/rows}}`;
  const limits = { ...DEFAULT_FILL_LIMITS, maxHtmlBytes: Buffer.byteLength(tpl) + 100 };
  const rows = [{}, {}, {}];
  assert.throws(() => fillTemplate(tpl, { rows }, limits), tooBig);
  await assert.rejects(compileTemplate(tpl).render({ rows }, { fillLimits: limits }), tooBig);
  await compileTemplate(tpl).render({ rows: [{}] }, { fillLimits: limits });
});

test('a handle reads its files once; a new compile sees changed files', async () => {
  const dir = mkdtempSync(path.join(tmp, 'files-'));
  writeFileSync(path.join(dir, 'site.css'), 'h1 { color: #c00 }');
  const tpl = '<link rel="stylesheet" href="site.css"><h1>{{word}}</h1>';
  const c = compileTemplate(tpl, { baseUrl: dir + '/' });
  const first = await c.render({ word: 'Red' }, { creationDate: date });
  writeFileSync(path.join(dir, 'site.css'), 'h1 { color: #00c }');
  same(first, await c.render({ word: 'Red' }, { creationDate: date }), 'same handle');
  const again = await compileTemplate(tpl, { baseUrl: dir + '/' }).render({ word: 'Red' }, { creationDate: date });
  assert.notEqual(Buffer.compare(Buffer.from(first.pdf), Buffer.from(again.pdf)), 0, 'the new compile reads the new colour');
});

test('render jobs: a repeated job hits the compile cache, an updated template misses and renders its new text', async () => {
  compiledTemplates.clear();
  const job = (template: string, name: string): RenderJob => ({ template, view: { name }, creationDate: date, timeoutMs: 30000, maxPages: 10 });
  const v1 = `<style>${bigSheet(40)}</style><h1>Hello {{name}}</h1>`;
  const h0 = compiledTemplates.hits, m0 = compiledTemplates.misses;
  const a = await runRenderJob(job(v1, 'Ada'));
  const b = await runRenderJob(job(v1, 'Bob'));
  assert.equal(compiledTemplates.misses - m0, 1);
  assert.equal(compiledTemplates.hits - h0, 1);
  assert.match(pdfText(a.pdf), /Hello Ada/);
  assert.match(pdfText(b.pdf), /Hello Bob/);
  const v2 = v1.replace('Hello', 'Goodbye'); // the template was updated
  const c = await runRenderJob(job(v2, 'Ada'));
  assert.equal(compiledTemplates.misses - m0, 2);
  assert.match(pdfText(c.pdf), /Goodbye Ada/);
  // the same with assets: another file under the same path is another version
  const svg = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="${fill}"/></svg>`);
  const withAsset = (data: Uint8Array): RenderJob => ({ ...job('<img src="logo.svg">{{name}}', 'x'), assets: [{ path: 'logo.svg', mime: 'image/svg+xml', data }] });
  const red = await runRenderJob(withAsset(svg('#f00')));
  const blue = await runRenderJob(withAsset(svg('#00f')));
  assert.equal(compiledTemplates.misses - m0, 4);
  assert.notEqual(Buffer.compare(Buffer.from(red.pdf), Buffer.from(blue.pdf)), 0, 'the new logo is drawn');
  // uncompiled (a stub engine without compileTemplate) and compiled jobs agree
  const { renderPdf: rp } = await import('../../src/index.ts');
  same(await runRenderJob(job(v1, 'Ada'), { renderPdf: rp }), await runRenderJob(job(v1, 'Ada')), 'stub engine');
});

test('the compile cache stays within its bounds (bytes and entries), evicting the least recently used', async () => {
  const lru = new ByteLru<string, ReturnType<typeof compileTemplate>>({ maxBytes: 200_000, maxEntries: 3 });
  for (let i = 0; i < 10; i++) {
    const c = compileTemplate(`<style>${bigSheet(200 + i)}</style><p>{{n}} ${i}</p>`);
    await c.render({ n: i }, { creationDate: date });
    lru.set(`t${i}`, c, c.bytes);
    assert.ok(lru.bytes <= 200_000 && lru.size <= 3, `${lru.bytes} bytes, ${lru.size} entries`);
  }
  assert.ok(lru.evictions >= 7);
  assert.equal(lru.get('t9') !== undefined, true);
  assert.equal(lru.get('t0'), undefined);
  assert.equal(lru.set('huge', compileTemplate('x'), 300_000), false, 'an entry over maxBytes is not stored');
  assert.ok(compiledTemplates.bytes <= compiledTemplates.limits.maxBytes && compiledTemplates.size <= compiledTemplates.limits.maxEntries);
  assert.throws(() => new ByteLru({ maxBytes: 0, maxEntries: 1 }), TypeError);
});

test('the compile cache weighs a handle after each render: the files it loaded and the parsed document it keeps count', async () => {
  compiledTemplates.clear();
  const dir = mkdtempSync(path.join(tmp, 'weigh-'));
  const sheet = `h1 { color: #c00 }\n${'.pad { margin: 0 }\n'.repeat(5000)}`; // ~100 KB, read by the first render
  writeFileSync(path.join(dir, 'site.css'), sheet);
  const template = '<link rel="stylesheet" href="site.css"><h1>{{name}}</h1>';
  const job: RenderJob = { template, view: { name: 'Ada' }, baseUrl: dir + '/', creationDate: date, timeoutMs: 30000, maxPages: 10 };
  const before = compileTemplate(template, { baseUrl: dir + '/' }).bytes; // what a handle weighs before any render
  await runRenderJob(job);
  assert.equal(compiledTemplates.size, 1);
  assert.ok(compiledTemplates.bytes >= before + sheet.length, `held ${compiledTemplates.bytes} bytes; the handle weighed ${before} before the render and then read ${sheet.length} bytes of stylesheet`);
  // the entry is re-weighed, not added twice
  const held = compiledTemplates.bytes;
  await runRenderJob(job);
  assert.equal(compiledTemplates.size, 1);
  assert.equal(compiledTemplates.bytes, held);
  // re-weighing evicts the least recently used entries when the sum passes the bound
  const lru = new ByteLru<string, number>({ maxBytes: 100, maxEntries: 10 });
  lru.set('a', 1, 40); lru.set('b', 2, 40);
  assert.equal(lru.resize('b', 70), true);
  assert.deepEqual([lru.get('a'), lru.get('b'), lru.bytes], [undefined, 2, 70]);
  assert.equal(lru.resize('b', 101), false, 'an entry grown over maxBytes is dropped');
  assert.equal(lru.resize('c', 1), false, 'an absent key is not added');
  assert.deepEqual([lru.size, lru.bytes], [0, 0]);
});

test('a handle keeps URL resolutions per base: the same relative @import in stylesheets of two folders loads each folder\'s file, render after render', async () => {
  const dir = mkdtempSync(path.join(tmp, 'urls-'));
  for (const [sub, color] of [['a', '#f00'], ['b', '#00f']] as const) {
    execFileSync('mkdir', ['-p', path.join(dir, sub)]);
    writeFileSync(path.join(dir, sub, 'site.css'), '@import "inner.css";');
    writeFileSync(path.join(dir, sub, 'inner.css'), `.${sub} { width: 40px; height: 40px; background: ${color} }`);
  }
  const tpl = '<link rel="stylesheet" href="a/site.css"><link rel="stylesheet" href="b/site.css"><div class="a"></div><div class="b"></div><p>{{n}}</p>';
  const c = compileTemplate(tpl, { baseUrl: dir + '/' });
  for (const n of ['1', '2', '3']) {
    const plain = await renderPdf(fillTemplate(tpl, { n }), { baseUrl: dir + '/', creationDate: date });
    same(plain, await c.render({ n }, { creationDate: date }), `render ${n}`);
  }
});
