// Template assets in a render job: which stored files a job carries, the resolver over them, and a
// render that draws one (in-process runRenderJob, as a worker runs it). In: a temporary store. Out: node:test results.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createHash } from 'node:crypto';
import { compiledTemplates, runRenderJob, type RenderJob } from '../../src/server/render-job.ts';
import { assetResolver, assetsForRender } from '../../src/server/template-assets.ts';
import type { Store } from '../../src/storage/store.ts';
import { openTestStore, type TestStore } from '../api/helpers.ts';
import { letterRows, png, raster } from '../paint/pdf-helpers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-tassets-'));
let opened: TestStore;
let store: Store;
before(async () => {
  opened = await openTestStore(dir);
  store = opened.store;
});
after(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});
const now = new Date('2026-05-01T00:00:00Z');
const blue = png({ width: 1, height: 1, colorType: 2, pixels: [0, 0, 255] });

test('a job carries the assets the template or the values name (and what a carried SVG names), nothing else', async () => {
  const a = await store.createAccount('ta@example.com', 'pro', now);
  const t = await store.createTemplate({ accountId: a.id, name: 'T', html: '', variables: [] }, now);
  const put = (p: string, mime: string, data: Uint8Array) => store.assets.put({ templateId: t.id, accountId: a.id, path: p, mime, data }, now);
  await put('logo.png', 'image/png', blue);
  await put('fonts/brand.woff2', 'font/woff2', new Uint8Array([1]));
  await put('seal.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="inner.png"/></svg>'));
  await put('inner.png', 'image/png', blue);
  await put('unused.png', 'image/png', blue);
  const paths = async (texts: string[]) => (await assetsForRender(store, t.id, texts)).map((x) => x.path).sort();
  assert.deepEqual(await paths(['<img src="logo.png">']), ['logo.png']);
  assert.deepEqual(await paths(['<img src="{{img}}">', JSON.stringify({ img: 'seal.svg' })]), ['inner.png', 'seal.svg']);
  assert.deepEqual(await paths(['@font-face { src: url(fonts/brand.woff2) }']), ['fonts/brand.woff2']);
  assert.deepEqual(await paths(['<p>nothing</p>']), []);
});

test('the resolver answers asset:/// URLs by path (percent-decoded, query ignored) and nothing else', () => {
  const r = assetResolver([{ path: 'img/my logo.png', mime: 'image/png', data: blue }]);
  assert.equal(r('asset:///img/my%20logo.png?v=2#x')?.mime, 'image/png');
  assert.equal(r('asset:///img/other.png'), null);
  assert.equal(r('asset:///%E0%A4%A'), null, 'a malformed escape is not found, not thrown');
});

test('runRenderJob draws an asset the filled template names', async () => {
  const out = await runRenderJob({
    template: '<style>@page{size:10px 10px;margin:0}body{margin:0}img{display:block;width:10px;height:10px}</style><img src="{{logo}}">',
    view: { logo: 'logo.png' }, creationDate: now, timeoutMs: 10000, maxPages: 5,
    assets: [{ path: 'logo.png', mime: 'image/png', data: blue }],
  });
  assert.deepEqual(out.warnings, []);
  assert.equal(letterRows(raster(out.pdf, 96))[4]!.slice(2, 8), 'BBBBBB');
});

test('stored asset bytes are read once, and a job carries their SHA-256, by which the compile cache knows them', async () => {
  const a = await store.createAccount('ta-once@example.com', 'pro', now);
  const t = await store.createTemplate({ accountId: a.id, name: 'T', html: '', variables: [] }, now);
  const asset = await store.assets.put({ templateId: t.id, accountId: a.id, path: 'logo.png', mime: 'image/png', data: blue }, now);
  const read = store.assets.data.bind(store.assets);
  let reads = 0;
  store.assets.data = (x) => { reads++; return read(x); };
  try {
    const first = await assetsForRender(store, t.id, ['<img src="logo.png">']);
    const second = await assetsForRender(store, t.id, ['<img src="logo.png">']);
    assert.equal(reads, 1, 'the second render of the template reads no file');
    assert.deepEqual(Buffer.from(second[0]!.data), Buffer.from(blue));
    assert.equal(first[0]!.sha256, asset.sha256);
    assert.equal(asset.sha256, createHash('sha256').update(blue).digest('hex'));
  } finally {
    store.assets.data = read;
  }
  // the compile cache keys a job's asset by its SHA-256 when given: the same file in another bytes object hits, another file misses
  const job = (sha256: string | undefined, data: Uint8Array): RenderJob => ({
    template: '<img src="logo.png">{{n}}', view: { n: 1 }, creationDate: now, timeoutMs: 30000, maxPages: 5,
    assets: [{ path: 'logo.png', mime: 'image/png', data, sha256 }],
  });
  const h0 = compiledTemplates.hits, m0 = compiledTemplates.misses;
  await runRenderJob(job(asset.sha256, blue));
  await runRenderJob(job(asset.sha256, new Uint8Array(blue)));
  assert.deepEqual([compiledTemplates.misses - m0, compiledTemplates.hits - h0], [1, 1]);
  const red = png({ width: 1, height: 1, colorType: 2, pixels: [255, 0, 0] });
  await runRenderJob(job(createHash('sha256').update(red).digest('hex'), red));
  assert.equal(compiledTemplates.misses - m0, 2);
});
