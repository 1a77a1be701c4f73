import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ResourceLoader } from '../../src/resources.ts';
import { tempDir } from '../tmp.ts';

const top = tempDir('quire-res-');
const docDir = path.join(top, 'doc');
mkdirSync(path.join(docDir, 'img'), { recursive: true });
writeFileSync(path.join(docDir, 'img', 'a.png'), 'PNGDATA');
writeFileSync(path.join(top, 'secret.txt'), 'SECRET');
symlinkSync(path.join(top, 'secret.txt'), path.join(docDir, 'link.txt'));

test('relative files inside the document folder load, with a MIME type from the extension', () => {
  const l = new ResourceLoader(path.join(docDir, 'index.html'));
  const r = l.load('img/a.png');
  assert.equal(r.ok, true);
  if (r.ok) {
    assert.equal(r.resource.data.toString(), 'PNGDATA');
    assert.equal(r.resource.mime, 'image/png');
  }
});

test('paths outside the folder, symlinks out of it and network URLs are refused as blocked', () => {
  const l = new ResourceLoader(pathToFileURL(docDir + '/').href);
  for (const url of ['../secret.txt', 'link.txt', pathToFileURL(path.join(top, 'secret.txt')).href, 'https://example.com/a.png', 'ftp://x/y']) {
    const r = l.load(url);
    assert.equal(r.ok, false, url);
    if (!r.ok) assert.equal(r.failure.reason, 'blocked', url);
  }
  const missing = l.load('img/nope.png');
  assert.equal(missing.ok, false);
  if (!missing.ok) assert.equal(missing.failure.reason, 'missing');
});

test('data: URIs decode (base64 and percent-encoded) without a base', () => {
  const l = new ResourceLoader();
  const a = l.load('data:text/plain;base64,SGVsbG8=');
  const b = l.load('data:text/css,p%20%7Bcolor%3Ared%7D');
  assert.ok(a.ok && a.resource.data.toString() === 'Hello' && a.resource.mime === 'text/plain');
  assert.ok(b.ok && b.resource.data.toString() === 'p {color:red}' && b.resource.mime === 'text/css');
  const rel = l.load('img/a.png');
  assert.ok(!rel.ok && rel.failure.reason === 'blocked');
});

test('a resource root widens the readable folder, and must contain the document', () => {
  const l = new ResourceLoader(docDir + '/', top);
  const r = l.load('../secret.txt');
  assert.ok(r.ok && r.resource.data.toString() === 'SECRET');
  assert.throws(() => new ResourceLoader(top + '/', docDir), TypeError);
});
