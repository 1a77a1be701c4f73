// renderPdf's resolveResource option: stored assets answered by the caller, never the filesystem.
// In: HTML naming images and fonts by relative URL, a resolver over an in-memory map. Out: node:test results.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderPdf } from '../../src/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { letterRows, png, qdf, raster, pdftotext } from '../paint/pdf-helpers.ts';

const red = png({ width: 2, height: 2, colorType: 2, pixels: Array(4).fill([255, 0, 0]).flat() });

function resolverOf(files: Record<string, Uint8Array>, asked: string[] = []) {
  return (url: string) => {
    asked.push(url);
    const p = decodeURIComponent(new URL(url).pathname.slice(1));
    return files[p] ? { data: files[p] } : null;
  };
}

test('relative URLs resolve against asset:/// and are answered by the resolver; the filesystem is never read', () => {
  const asked: string[] = [];
  const l = new ResourceLoader(undefined, undefined, resolverOf({ 'img/logo.png': red }, asked));
  const ok = l.load('img/logo.png');
  assert.ok(ok.ok && ok.resource.mime === 'image/png' && ok.resource.data.length === red.length);
  const up = l.load('../../etc/passwd');
  assert.ok(!up.ok && up.failure.reason === 'missing', 'dot segments stay under the base');
  const reasons = ['file:///etc/passwd', 'https://example.com/a.png', '/proc/self/environ'].map((url) => {
    const r = l.load(url);
    return r.ok ? 'loaded' : r.failure.reason;
  });
  assert.deepEqual(reasons, ['blocked', 'blocked', 'missing']);
  assert.ok(asked.every((u) => u.startsWith('asset:///')), asked.join(' '));
  assert.deepEqual(asked, ['asset:///img/logo.png', 'asset:///etc/passwd', 'asset:///proc/self/environ']);
});

test('a resolver that throws or answers null is a missing resource; a resolver excludes a resource root', () => {
  const l = new ResourceLoader(undefined, undefined, () => {
    throw new Error('store down');
  });
  const r = l.load('a.png');
  assert.ok(!r.ok && r.failure.reason === 'missing' && /store down/.test(r.failure.message));
  assert.throws(() => new ResourceLoader(undefined, '/tmp', () => null), TypeError);
  assert.throws(() => new ResourceLoader('not a url', undefined, () => null), TypeError);
});

test('renderPdf draws an image and uses a font served by the resolver, with no warnings', async () => {
  const font = readFileSync(new URL('../fixtures/fonts/barlowcondensed-regular.otf', import.meta.url));
  const html = `<!doctype html><style>@page { size: 40px 40px; margin: 0 }
    @font-face { font-family: Brand; src: url(fonts/brand.otf) }
    body { margin: 0 } p { font: 8px Brand; margin: 0; position: absolute; top: 20px }
    img { display: block; width: 20px; height: 20px }</style>
    <img src="logo.png"><p>Quire</p>`;
  const r = await renderPdf(html, {
    creationDate: new Date(0), resolveResource: resolverOf({ 'logo.png': red, 'fonts/brand.otf': font }),
  });
  assert.deepEqual(r.warnings, []);
  const rows = letterRows(raster(r.pdf, 96));
  assert.equal(rows[5]!.slice(0, 20), 'R'.repeat(20));
  assert.match(pdftotext(r.pdf), /Quire/);
  const fonts = qdf(r.pdf); // font dictionaries sit in compressed object streams
  assert.match(fonts, /BarlowCondensed/);
});

test('renderPdf with a resolver warns for a missing asset and for a file: URL, and rejects a non-function', async () => {
  const r = await renderPdf('<img src="nope.png"><img src="file:///etc/hosts">', { resolveResource: () => null });
  assert.deepEqual(r.warnings.map((w) => w.code).sort(), ['resource-blocked', 'resource-missing']);
  await assert.rejects(renderPdf('<p>x', { resolveResource: 'x' as never }), TypeError);
});
