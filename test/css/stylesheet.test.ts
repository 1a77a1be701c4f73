import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseStylesheet, resolveNested, parseImportPrelude, type SheetItem } from '../../src/css/stylesheet.ts';
import { matchMedia, matchSupports } from '../../src/css/stylesheet-media.ts';
import { parseStyleAttribute } from '../../src/css/stylesheet-syntax.ts';
import { parseHtml } from '../../src/html/parse.ts';
import { cascadeDocument } from '../../src/css/cascade.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import { fakeTable } from './cascade-fake-table.ts';
import { tempDir } from '../tmp.ts';

const styles = (items: SheetItem[]): Array<[string, string]> =>
  items.flatMap((i) => (i.kind === 'style' ? [[i.selector, i.declarations.map((d) => `${d.name}:${d.value}${d.important ? '!' : ''}`).join(';')] as [string, string]] : []));

test('style rules: raw values, !important, lines counted from firstLine', () => {
  const s = parseStylesheet('p { color: red ; margin: 0 auto !important }\n\n.a, .b{width:calc(100% - 2px)}', { source: 'x.css', firstLine: 10 });
  assert.deepEqual(styles(s.items), [['p', 'color:red;margin:0 auto!'], ['.a, .b', 'width:calc(100% - 2px)']]);
  const second = s.items[1] as Extract<SheetItem, { kind: 'style' }>;
  assert.equal(second.line, 12);
  assert.equal(second.declarations[0]!.line, 12);
  assert.equal(second.declarations[0]!.source, 'x.css');
});

test('relative url() in a linked stylesheet resolves against the stylesheet, not the document', () => {
  const s = parseStylesheet('.a { background: url(../img/x.png) no-repeat; list-style-image: url("b c.png") } .b { background-image: url(data:image/png;base64,AAAA), url(#f), url(/abs.png) }', { source: 'file:///docs/css/main.css' });
  assert.deepEqual(styles(s.items), [
    ['.a', 'background:url("file:///docs/img/x.png") no-repeat;list-style-image:url("file:///docs/css/b%20c.png")'],
    ['.b', 'background-image:url(data:image/png;base64,AAAA), url(#f), url("file:///abs.png")'],
  ]);
  const inline = parseStylesheet('.a { background: url(x.png) }', { source: 'style element' });
  assert.deepEqual(styles(inline.items), [['.a', 'background:url(x.png)']]);
});

test('identical text is parsed once (cache)', () => {
  const a = parseStylesheet('q { color: blue }');
  assert.equal(parseStylesheet('q { color: blue }'), a);
  assert.notEqual(parseStylesheet('q { color: blue }', { firstLine: 3 }), a);
});

test('CSS nesting: &, relative selectors, nested @media, declarations after rules', () => {
  const s = parseStylesheet(`.card { color: red;
    & .title { font-weight: bold }
    > a { color: blue }
    &:first-child { margin: 0 }
    .dark & { color: white }
    @media print { color: black; .x { y: z } }
    padding: 1px;
  }
  ul, ol { li { margin: 0 } }`);
  assert.deepEqual(styles(s.items), [
    ['.card', 'color:red'],
    ['.card .title', 'font-weight:bold'],
    ['.card > a', 'color:blue'],
    ['.card:first-child', 'margin:0'],
    ['.dark .card', 'color:white'],
    ['.card', 'padding:1px'],
    [':is(ul, ol) li', 'margin:0'],
  ]);
  const media = s.items.find((i) => i.kind === 'media') as Extract<SheetItem, { kind: 'media' }>;
  assert.equal(media.query, 'print');
  assert.deepEqual(styles(media.items), [['.card', 'color:black'], ['.card .x', 'y:z']]);
  assert.equal(resolveNested('&.b, > c', '.a'), '.a.b, .a > c');
});

test('unparsable rules and unknown at-rules become warnings with lines; the rest still parses', () => {
  const s = parseStylesheet('p { color: red; bad; }\n@keyframes k { from { x: y } }\n@keyframes j {}\n}} q { color: blue }\nr{a:b}', { firstLine: 1 });
  assert.ok(s.warnings.some((w) => w.code === 'unsupported-rule' && w.line === 2 && /@keyframes/.test(w.message)));
  assert.equal(s.warnings.filter((w) => w.code === 'unsupported-rule').length, 1, 'once per at-rule name');
  assert.ok(s.warnings.some((w) => w.code === 'css-parse' && w.line === 1), 'the bad declaration');
  assert.deepEqual(styles(s.items).at(-1), ['r', 'a:b']);
});

test('@page with selectors and margin boxes; @font-face; @layer; @import preludes', () => {
  const s = parseStylesheet('@page :first { margin: 1cm; @top-center { content: "T" } }\n@font-face { font-family: "A B"; src: url(a.woff2) format("woff2") }\n@layer base, comp;\n@layer base { p { color: red } }');
  const page = s.items[0] as Extract<SheetItem, { kind: 'page' }>;
  assert.equal(page.selector, ':first');
  assert.deepEqual(page.declarations.map((d) => d.name), ['margin']);
  assert.equal(page.margins[0]!.name, 'top-center');
  assert.equal(page.margins[0]!.declarations[0]!.value, '"T"');
  assert.equal(s.items[1]!.kind, 'font-face');
  assert.deepEqual((s.items[2] as any).names, ['base', 'comp']);
  assert.deepEqual(parseImportPrelude('url("a.css") layer(x) supports(display: grid) print'), { href: 'a.css', media: 'print', layer: 'x', supports: 'display: grid' });
  assert.deepEqual(parseImportPrelude("'b.css'"), { href: 'b.css', media: '', layer: undefined });
});

test('@import is honoured only at the top, before other rules', () => {
  const s = parseStylesheet('@charset "x"; @layer a; @import "a.css"; p { color: red } @import "b.css"; @media print { @import "c.css"; }');
  assert.deepEqual(s.items.filter((i) => i.kind === 'import').map((i) => (i as any).href), ['a.css']);
  assert.equal(s.warnings.filter((w) => /@import/.test(w.message)).length, 2);
});

test('media queries: print applies, screen does not, features against the page area', () => {
  const env = { width: 718, height: 1047 };
  assert.equal(matchMedia('print', env), true);
  assert.equal(matchMedia('screen', env), false);
  assert.equal(matchMedia('only print', env), true);
  assert.equal(matchMedia('not screen', env), true);
  assert.equal(matchMedia('not print', env), false);
  assert.equal(matchMedia('screen, print', env), true);
  assert.equal(matchMedia('all and (min-width: 576px)', env), true);
  assert.equal(matchMedia('(min-width: 768px)', env), false);
  assert.equal(matchMedia('(max-width: 767.98px)', env), true);
  assert.equal(matchMedia('(width >= 600px) and (orientation: portrait)', env), true);
  assert.equal(matchMedia('(400px < width < 700px)', env), false);
  assert.equal(matchMedia('print and (prefers-color-scheme: dark)', env), false);
  assert.equal(matchMedia('(-webkit-min-device-pixel-ratio: 2)', env), false);
});

test('@supports evaluates (property: value) with the property table', () => {
  const known = (p: string) => p === 'display';
  assert.equal(matchSupports('(display: grid)', known, () => true), true);
  assert.equal(matchSupports('(-webkit-appearance: none)', known, () => true), false);
  assert.equal(matchSupports('not (frob: 1)', known, () => true), true);
  assert.equal(matchSupports('(display: grid) and (frob: 1)', known, () => true), false);
  assert.equal(matchSupports('(frob: 1) or (display: flex)', known, () => true), true);
  assert.equal(matchSupports('selector(:has(a))', known, (s) => s === ':has(a)'), true);
});

test('style attribute text', () => {
  const d = parseStyleAttribute('color: red; background: url("a;b.png") ; --x: {a}; margin:0 !important', 7);
  assert.deepEqual(d.map((x) => [x.name, x.value, x.important, x.line]), [
    ['color', 'red', false, 7], ['background', 'url("a;b.png")', false, 7], ['--x', '{a}', false, 7], ['margin', '0', true, 7],
  ]);
});

function render(html: string, dir?: string) {
  const warnings = new WarningSink();
  const loader = new ResourceLoader(dir);
  const sd = cascadeDocument(parseHtml(html), { loader, warnings }, fakeTable);
  const byId = (id: string): any => {
    const find = (n: any): any => { if (n.attribs?.id === id) return n; for (const c of n.children ?? []) { const r = find(c); if (r) return r; } return undefined; };
    return find(sd.document);
  };
  return { sd, warnings, byId, color: (id: string) => { const c = sd.styleOf(byId(id)).color; return `${c.r},${c.g},${c.b}`; } };
}

test('collection: <style media>, <link rel=stylesheet>, @import with media and recursion guard', () => {
  const dir = tempDir('quire-css-');
  mkdirSync(path.join(dir, 'css'));
  writeFileSync(path.join(dir, 'css', 'main.css'), '@import "more.css";\n@import url(screen.css) screen;\n#a { color: red }\n@font-face { font-family: F; src: url(../f.ttf) }');
  writeFileSync(path.join(dir, 'css', 'more.css'), '@import "main.css";\n#b { color: blue }');
  writeFileSync(path.join(dir, 'css', 'screen.css'), '#b { color: yellow }');
  const html = `<!doctype html><link rel=stylesheet href="css/main.css"><link rel=stylesheet href="missing.css">
<link rel=stylesheet href="https://example.com/x.css">
<style media="screen">#c { color: yellow }</style><style media="print">#c { color: green }</style>
<p id=a>a</p><p id=b>b</p><p id=c>c</p>`;
  const { color, warnings, sd } = render(html, path.join(dir, 'doc.html'));
  assert.equal(color('a'), '255,0,0');
  assert.equal(color('b'), '0,0,255');
  assert.equal(color('c'), '0,128,0');
  assert.ok(warnings.list.some((w) => w.code === 'resource-missing' && w.line === 1));
  assert.ok(warnings.list.some((w) => w.code === 'resource-blocked' && w.line === 2));
  assert.ok(warnings.list.some((w) => /imports itself/.test(w.message)));
  assert.equal(sd.fontFaces.length, 1);
  assert.equal(sd.fontFaces[0]!.family, 'F');
  assert.deepEqual(sd.fontFaces[0]!.sources, [{ kind: 'url', url: 'file://' + path.join(dir, 'f.ttf') }]);
});

test('cascade layers: unlayered beats layered; earlier layers lose; !important reverses', () => {
  const { color } = render(`<!doctype html><style>
@layer base, theme;
@layer theme { #a { color: blue } #b { color: blue !important } }
@layer base { #a { color: red } #b { color: red !important } }
#c { color: green } @layer theme { #c { color: red } }
@layer { #d { color: blue !important } } #d { color: red !important }
</style><p id=a></p><p id=b></p><p id=c></p><p id=d></p>`);
  assert.equal(color('a'), '0,0,255');
  assert.equal(color('b'), '255,0,0');
  assert.equal(color('c'), '0,128,0');
  assert.equal(color('d'), '0,0,255');
});

test('@import layer() puts the imported rules in a layer; @supports picks rules by the property table', () => {
  const dir = tempDir('quire-css-');
  writeFileSync(path.join(dir, 'base.css'), '#a { color: red } #b { color: red }');
  const html = `<!doctype html><style>@import "base.css" layer(base);
    #a { color: blue }
    @layer base { #b { color: green } }
    @supports (display: block) { #c { color: blue } }
    @supports (frobnicate: 1) { #c { color: red } }
    @supports not (frobnicate: 1) { #d { color: green } }
  </style><p id=a></p><p id=b></p><p id=c></p><p id=d></p>`;
  const { color } = render(html, path.join(dir, 'doc.html'));
  assert.equal(color('a'), '0,0,255', 'unlayered rules beat the imported layer');
  assert.equal(color('b'), '0,128,0', 'same layer: later wins');
  assert.equal(color('c'), '0,0,255');
  assert.equal(color('d'), '0,128,0');
});
