// In: two small documents on disk, one Chromium 156 (/usr/bin/chromium) with the pinned fonts. Out: checks of the whole
// divergence tool (tools/diverge): a document both engines lay out alike has no divergence; one whose box a script changes
// (Chromium runs it, our engine does not) is found with its path, source line, delta, styles and fonts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diverge, UsageError } from '../../tools/diverge/index.ts';
import { ChromiumReference } from '../../tools/diverge/chromium.ts';
import { formatText } from '../../tools/diverge/report.ts';

let dir = '';
let reference: ChromiumReference;
const before0 = new Set(readdirSync(tmpdir()));

const page = (body: string): string => `<!doctype html>
<style>@page { size: 500px 400px; margin: 20px } body { margin: 8px; font: 16px/20px sans-serif } div { height: 30px }</style>
<body>
<div id="a">Fixed blocks</div>
<div id="b" style="width: 200px">middle</div>
<div id="c"><span>after</span></div>
${body}
</body>`;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'diverge-test-'));
  writeFileSync(path.join(dir, 'same.html'), page(''));
  writeFileSync(path.join(dir, 'script.html'), page(`<script>document.getElementById('b').style.width = '150px'; document.getElementById('b').style.height = '40px';</script>`));
  // 12 blocks of 30 px on 360 px page areas: two pages; a script makes Chromium (only) break before the 6th.
  const tall = (script: string): string => page(`${Array.from({ length: 12 }, (_, i) => `<div id="r${i}">Row ${i}</div>`).join('\n')}${script}`);
  writeFileSync(path.join(dir, 'pages.html'), tall(''));
  // Content 600 px wide on a 460 px page area: both sides shrink to fit (600 / 460); a width query turns at the wider viewport.
  writeFileSync(path.join(dir, 'wide.html'), page('<div id="w" style="width: 600px">wide</div><style>@media (max-width: 500px) { #a { color: red } }</style>'));
  writeFileSync(path.join(dir, 'break.html'), tall(`<script>document.getElementById('r5').style.breakBefore = 'page';</script>`));
  reference = await ChromiumReference.launch();
});

after(async () => {
  await reference?.close();
  rmSync(dir, { recursive: true, force: true });
  // The reference's fontconfig folder is gone too.
  assert.deepEqual(readdirSync(tmpdir()).filter((n) => n.startsWith('quire-diverge-') && !before0.has(n)), []);
});

test('fixed-size blocks: no divergence, at the page area width', async () => {
  const r = await diverge(path.join(dir, 'same.html'), { reference, all: true });
  assert.deepEqual(r.viewport, { width: 460, height: 360 });
  assert.equal(r.first, null);
  assert.deepEqual(r.groups, []);
  assert.ok(r.compared >= 6, `compared ${r.compared}`);
});

test('a box Chromium sees 50 px narrower and 10 px taller is the first divergence; what follows moved with it', async () => {
  const r = await diverge(path.join(dir, 'script.html'), { reference, all: true });
  const f = r.first!;
  assert.equal(f.kind, 'box');
  assert.equal(f.path, 'html > body > div#b');
  assert.equal(f.line, 5);
  assert.deepEqual(f.delta, { dx: 0, dy: 0, dw: 50, dh: -10 });
  assert.deepEqual(f.styles.filter((s) => s.differs).map((s) => s.property), ['width', 'height']);
  assert.deepEqual(f.ancestors.map((a) => a.path), ['html', 'body']);
  // Chromium drew the text with the pinned sans-serif (fonts.conf: Liberation Sans), as we do.
  assert.deepEqual(f.fonts!.chromium.map((p) => [p.familyName, p.glyphCount]), [['Liberation Sans', 6]]);
  assert.equal(f.fonts!.ours!.family, 'Liberation Sans');
  assert.deepEqual(r.groups!.map((g) => [g.path.split(' > ').pop(), g.kind, g.delta?.dy ?? null, g.inherited]), [['div#b', 'box', 0, 0], ['div#c', 'box', -10, 1]]);
  const inC = await diverge(path.join(dir, 'script.html'), { reference, focus: 'div#c', pages: false });
  assert.equal(inC.focus, 'html > body > div#c');
  assert.equal(inC.first!.path, 'html > body > div#c');
  const inSpan = await diverge(path.join(dir, 'script.html'), { reference, focus: 'div#c > span', pages: false });
  assert.equal(inSpan.focus, 'html > body > div#c > span');
  await assert.rejects(diverge(path.join(dir, 'script.html'), { reference, focus: 'table', pages: false }), UsageError);
  const text = formatText(r);
  assert.match(text, /first divergence \(border box differs\): html > body > div#b {3}\(line 5\)/);
  assert.match(text, /≠ width +150px +200px/);
});

test('page breaks: the same pages when the layouts agree; a break only Chromium makes is found at its element', async () => {
  const same = await diverge(path.join(dir, 'pages.html'), { reference });
  assert.equal(same.first, null);
  assert.equal(same.pages!.ours, 2);
  assert.equal(same.pages!.chromium, 2);
  assert.ok(Math.abs(same.pages!.chromiumBreaks[1]! - same.pages!.oursBreaks[1]!) <= 3, `${same.pages!.chromiumBreaks} vs ${same.pages!.oursBreaks}`);
  assert.equal(same.pages!.first, null);
  const moved = await diverge(path.join(dir, 'break.html'), { reference });
  assert.equal(moved.first, null); // a forced break does nothing to the continuous flow
  const f = moved.pages!.first!;
  assert.equal(f.path, 'html > body > div#r5');
  assert.deepEqual([f.chromium.page, f.ours.page], [1, 0]);
  assert.deepEqual(f.styles.filter((s) => s.differs).map((s) => [s.property, s.chromium, s.ours]), [['break-before', 'page', 'auto']]);
});

test('shrink-to-fit: both sides at the same wider width; a width media query that the wider viewport turns is named', async () => {
  const r = await diverge(path.join(dir, 'wide.html'), { reference, pages: false });
  assert.ok(Math.abs(r.contentScale.chromium - 608 / 460) < 0.01, `Chromium ${r.contentScale.chromium}`);
  assert.ok(Math.abs(r.contentScale.ours - r.contentScale.chromium) < 0.01, `ours ${r.contentScale.ours}`);
  assert.deepEqual(r.viewport, { width: Math.round(460 * r.contentScale.chromium), height: Math.round(360 * r.contentScale.chromium) });
  assert.equal(r.first, null);
  assert.deepEqual(r.mediaChanged, ['(max-width: 500px)']);
});
