/**
 * The cascade with the real property table (src/css/index.ts → properties/index.ts): UA defaults,
 * presentational hints and @page as the rest of the engine sees them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';

function render(html: string, base?: string) {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(html), { loader: new ResourceLoader(base), warnings });
  const find = (id: string): any => { const walk = (n: any): any => { if (n.attribs?.id === id || (n.type === 'tag' && n.name === id)) return n; for (const c of n.children ?? []) { const r = walk(c); if (r) return r; } }; return walk(sd.document); };
  return { sd, warnings, find, style: (id: string): ComputedStyle => sd.styleOf(find(id)) };
}

test('UA defaults with the real property table', () => {
  const { style, warnings } = render(`<!doctype html><h1 id=h1>x</h1><h6 id=h6>y</h6><p id=p>p</p><pre id=pre>p</pre><hr id=hr>
    <table id=t><tr><th id=th>h</th><td id=td>d</td></tr></table><a id=a href=x>l</a><mark id=m>m</mark><sub id=sub>s</sub>
    <small id=sm>s</small><blockquote id=bq>q</blockquote><dl><dd id=dd>d</dd></dl><em id=em>e</em><s id=s>s</s>`);
  assert.equal(style('h1').fontSize, 32);
  assert.equal(style('h1').fontWeight, 700);
  assert.equal((style('h1').marginTop as { px: number }).px, 21.44);
  assert.ok(Math.abs((style('h6').marginTop as { px: number }).px - 16 * 0.67 * 2.33) < 0.01);
  assert.deepEqual(style('body').marginLeft, { px: 8, pct: 0 });
  assert.deepEqual(style('p').marginBottom, { px: 16, pct: 0 });
  assert.equal(style('pre').fontSize, 13);
  assert.deepEqual(style('pre').fontFamily, ['monospace']);
  assert.equal(style('pre').whiteSpace, 'pre');
  assert.deepEqual(style('hr').borderTop, { width: 1, style: 'inset', color: { r: 128, g: 128, b: 128, a: 1 } });
  assert.equal(style('hr').marginLeft, 'auto');
  assert.equal(style('t').borderSpacingH, 2);
  assert.equal(style('t').boxSizing, 'border-box');
  assert.deepEqual(style('td').paddingTop, { px: 1, pct: 0 });
  assert.equal(style('td').verticalAlign, 'middle', 'inherited from tbody through tr');
  assert.equal(style('th').textAlign, 'center');
  assert.deepEqual(style('a').color, { r: 0, g: 0, b: 238, a: 1 });
  assert.equal(style('a').textDecorationLine.underline, true);
  assert.deepEqual(style('m').backgroundColor, { r: 255, g: 255, b: 0, a: 1 });
  assert.equal(style('sub').verticalAlign, 'sub');
  assert.ok(Math.abs(style('sm').fontSize - 16 / 1.2) < 0.01);
  assert.deepEqual(style('bq').marginLeft, { px: 40, pct: 0 });
  assert.deepEqual(style('dd').marginLeft, { px: 40, pct: 0 });
  assert.equal(style('em').fontStyle, 'italic');
  assert.equal(style('s').textDecorationLine.lineThrough, true);
  assert.deepEqual(warnings.list, [], 'the UA sheet itself never warns');
});

test('no UA rule warns, whatever the element (standards and quirks)', () => {
  const body = `<fieldset><legend>l</legend><input><input type=hidden><textarea>t</textarea><button>b</button><select><option>o</select></fieldset>
    <details><summary>s</summary>d</details><abbr title=t>a</abbr><ruby>r<rt>t</rt></ruby><iframe></iframe><q>q</q><ol><li>i</ol>
    <img align=left><nobr>n</nobr><center>c</center><table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</th></tr></thead><tfoot></tfoot></table>
    <form>f</form><dialog>d</dialog><mark>m</mark><big>b</big><tt>t</tt><kbd>k</kbd><samp>s</samp><var>v</var><dfn>d</dfn><cite>c</cite><ins>i</ins><del>d</del><strike>s</strike><u>u</u>`;
  for (const html of [`<!doctype html>${body}`, body]) {
    const { sd, warnings } = render(html);
    const walk = (n: any): void => { if (n.type === 'tag') { sd.styleOf(n); sd.pseudoStyleOf(n, 'before'); sd.pseudoStyleOf(n, 'after'); sd.pseudoStyleOf(n, 'marker'); } for (const c of n.children ?? []) walk(c); };
    walk(sd.document);
    assert.deepEqual(warnings.list, []);
  }
});

test('presentational hints through the real table', () => {
  const { style } = render(`<!doctype html><table id=t border=2 cellpadding=4 cellspacing=0 width=80% bgcolor=EEEEEE><tr><td id=td align=right valign=top>x</td></tr></table>
    <font id=f size=5 color=red face="Courier New">f</font><img id=img width=120 height=60 align=right>`);
  assert.deepEqual(style('t').width, { px: 0, pct: 80 });
  assert.deepEqual(style('t').backgroundColor, { r: 238, g: 238, b: 238, a: 1 });
  assert.equal(style('t').borderSpacingH, 0);
  // Chromium 156: currentcolor (its UA sheet gives tables no border-color: gray).
  assert.deepEqual(style('t').borderLeft, { width: 2, style: 'outset', color: { r: 0, g: 0, b: 0, a: 1 } });
  assert.deepEqual(style('td').paddingLeft, { px: 4, pct: 0 });
  assert.equal(style('td').borderTop.style, 'inset');
  assert.equal(style('td').verticalAlign, 'top');
  assert.equal(style('f').fontSize, 24);
  assert.deepEqual(style('f').fontFamily, ['Courier New']);
  assert.deepEqual(style('img').width, { px: 120, pct: 0 });
  assert.equal(style('img').float, 'right');
});

test('@page size and margin boxes with the real table', () => {
  const { sd } = render(`<!doctype html><style>@page { size: letter landscape; margin: 1in; @bottom-center { content: "Page " counter(page) } }</style>`);
  const p = sd.pageStyle({ first: true, right: true, blank: false });
  assert.deepEqual(p.size, { width: 1056, height: 816 });
  assert.deepEqual(p.style.marginTop, { px: 96, pct: 0 });
  assert.deepEqual(p.marginBoxes['bottom-center']!.content, [{ kind: 'string', value: 'Page ' }, { kind: 'counter', name: 'page', style: 'decimal' }]);
  assert.equal(p.marginBoxes['bottom-center']!.textAlign, 'center');
});

test('custom properties on :root reach @page margin boxes (the page context inherits from the root)', () => {
  const { sd, warnings } = render(`<!doctype html><style>:root { --green: #1ee494 } @page { @bottom-left { color: var(--green); content: "x" } }</style>`);
  assert.deepEqual(sd.pageStyle({ first: true, right: true, blank: false }).marginBoxes['bottom-left']!.color, { r: 30, g: 228, b: 148, a: 1 });
  assert.deepEqual(warnings.list, []);
});

test('warnings from author CSS carry HTML source lines', () => {
  const { warnings } = render(`<!doctype html>
<html><head>
<style>
p {
  frobnicate: 1;
}
@keyframes x { }
</style></head><body><p style="zorp: 2">x</p></body></html>`);
  const byCode = (c: string) => warnings.list.filter((w) => w.code === c).map((w) => w.line);
  assert.deepEqual(byCode('unsupported-property').sort(), [5, 8]);
  assert.deepEqual(byCode('unsupported-rule'), [7]);
});

test('speed: sparksuite invoice styles in a few ms warm', () => {
  const file = '/work/shared/fidelity/cases/sparksuite-invoice/document.html';
  let html: string;
  try { html = readFileSync(file, 'utf8'); } catch { return; }
  const parsed = parseHtml(html);
  for (let i = 0; i < 10; i++) styleDocument(parsed, { loader: new ResourceLoader(file), warnings: new WarningSink() });
  const start = process.cpuUsage();
  const N = 30;
  for (let i = 0; i < N; i++) styleDocument(parsed, { loader: new ResourceLoader(file), warnings: new WarningSink() });
  const u = process.cpuUsage(start);
  const ms = (u.user + u.system) / 1000 / N;
  assert.ok(ms < 10, `styleDocument took ${ms.toFixed(2)} ms of CPU per render`);
});

test('legacy centring: <center>, align=center and td align=center centre block children (Chromium -webkit-center)', () => {
  const { style } = render(`<!doctype html><center><table id=t1><tr><td>x</td></tr></table></center>
    <table><tr><td align=center><table id=t2 width=300><tr><td>y</td></tr></table><div id=d1 style="width: 50px">z</div>
    <div id=d2 style="width: 50px; margin-left: 10px">m</div><p id=p>text</p></td></tr></table>
    <div align=right><div id=r style="width: 20px">r</div></div><div align=center><div style="text-align: left"><table id=t3><tr><td>n</td></tr></table></div></div>
    <table><tr><td align=center><table width=100%><tr><td><p id=inner>p</p></td><td id=ctd align=center>c</td></tr></table></td></tr></table>`);
  assert.equal(style('t1').marginLeft, 'auto');
  assert.equal(style('t1').marginRight, 'auto');
  assert.equal(style('t1').textAlign, 'start', 'tables reset -webkit-center to start (Blink StyleAdjuster)');
  assert.equal(style('t2').marginLeft, 'auto');
  assert.equal(style('d1').marginRight, 'auto');
  assert.deepEqual(style('d2').marginLeft, { px: 10, pct: 0 }, 'non-zero margins are kept');
  assert.deepEqual(style('p').marginLeft, { px: 0, pct: 0 }, 'width:auto blocks are not touched');
  assert.equal(style('r').marginLeft, 'auto');
  assert.deepEqual(style('r').marginRight, { px: 0, pct: 0 });
  assert.deepEqual(style('t3').marginLeft, { px: 0, pct: 0 }, 'an explicit text-align stops the legacy alignment');
  assert.equal(style('inner').textAlign, 'start', 'text inside a table in a centred cell is not centred');
  assert.equal(style('ctd').textAlign, 'center', 'but a cell with its own align=center is');
});
