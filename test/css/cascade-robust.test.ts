/**
 * Odd input never crashes the cascade: broken CSS, odd attributes, hostile URLs. Every element
 * still gets a style, and what was wrong comes back as warnings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTag, type AnyNode } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';

const CASES = [
  '', 'just text', '<style>', '<style>p{color:red', '<style>/* unclosed', '<style>@media print', '<style>@media print {',
  '<style>a{b{c{d{e{f{g{color:red}}}}}}}</style><a><b>x</b></a>', '<style>@page :first { @top-center { content: "x" </style>',
  '<p style="}{;:;color:red}{">', '<style>' + 'p,'.repeat(3000) + 'p{color:red}</style><p>',
  '<style>@layer a.b.c { p { color: red } } @layer a.b, a;</style><p>', '<style>:is( { } [ ( "</style>',
  '<style>@font-face { src: url() } @font-face { font-family: a; src: url("x") format( }</style>',
  '<style>& { color: red } &.x{} .a { & & & { } }</style><p class=a>', '<style>p { --x: { a: b }; color: var(--x) }</style><p>',
  '<link rel=stylesheet href="../../../etc/passwd"><link rel=stylesheet href="file:///etc/passwd"><link rel=stylesheet href="http://x/y.css">',
  '<style>@media (min-width: calc(100px + 2em)) and (width > ) {p{}} @import url(;</style>', '<style>@charset "utf-8"; @namespace svg url(x); p{}</style>',
  '<table><font size=+99 color=#zzz face=""><td width=-5 height=abc bgcolor="" align></table>',
  '<ol type><li value=x type></ol><hr size=0 width=><img hspace=a border>', '<body text link bgcolor background>',
  '<style>p:nth-child(bad) {} p:not() {} ::before:hover{} p::after::before{} @page :nope {} @page x y {}</style><p>',
  '<style>@import "data:text/css,@import%20%22data:text/css,p%7Bcolor:red%7D%22;";</style><p>',
  '<style>' + 'a{'.repeat(5000) + 'color:red' + '}'.repeat(5000) + '</style><a>x</a>',
  '<style>' + '@media print{'.repeat(5000) + 'p{color:red}' + '}'.repeat(5000) + '</style><p>x',
  '<style>' + ':not('.repeat(3000) + 'p' + ')'.repeat(3000) + '{color:red}</style><p>x',
];

test('odd documents and stylesheets style without throwing', () => {
  for (const html of CASES) {
    const warnings = new WarningSink();
    const sd = styleDocument(parseHtml(html), { loader: new ResourceLoader(), warnings });
    sd.pageStyle({ first: true, right: true, blank: false });
    let n = 0;
    const walk = (node: AnyNode): void => {
      if (isTag(node)) {
        assert.ok(sd.styleOf(node).fontSize > 0, `a style for <${node.name}> in ${JSON.stringify(html.slice(0, 40))}`);
        sd.pseudoStyleOf(node, 'before'); sd.pseudoStyleOf(node, 'marker');
        n++;
      }
      for (const c of (node as { children?: AnyNode[] }).children ?? []) walk(c);
    };
    walk(sd.document);
    assert.ok(n >= 3, 'html, head and body at least');
  }
});

test('blocked and missing stylesheets are warnings with the <link> line', () => {
  const warnings = new WarningSink();
  styleDocument(parseHtml('<!doctype html>\n<link rel=stylesheet href="http://example.com/a.css">\n<link rel=stylesheet href="nope.css">'), { loader: new ResourceLoader('/tmp/'), warnings });
  assert.deepEqual(warnings.list.map((w) => [w.code, w.line]), [['resource-blocked', 2], ['resource-missing', 3]]);
});

test('very deep documents style without overflowing the stack', () => {
  const n = 12000;
  const html = '<!doctype html><style>div { color: red }</style>' + '<div>'.repeat(n) + 'x' + '</div>'.repeat(n);
  const sd = styleDocument(parseHtml(html), { loader: new ResourceLoader(), warnings: new WarningSink() });
  let deepest: any = sd.root;
  while (deepest.children?.some((c: any) => c.type === 'tag')) deepest = deepest.children.filter((c: any) => c.type === 'tag').at(-1);
  assert.equal(deepest.name, 'div');
  assert.equal(sd.styleOf(deepest).color.r, 255);
});
