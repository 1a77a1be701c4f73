// In: multi-page documents through the real stages, laid out with a PageSink (src/layout/page-stream.ts) and without.
// Out: the streamed pagination gives every page, lets them go, stops or starts over when a later page reaches back, and
// its PDF is the same bytes as painting after layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { createFontContext } from '../../src/text/index.ts';
import { buildBoxTree } from '../../src/box/index.ts';
import { layoutDocument } from '../../src/layout/index.ts';
import { snapPagesForPrint } from '../../src/layout/print-snap.ts';
import { buildDisplayList, DisplayListBuilder } from '../../src/paint/build.ts';
import { writePdfSync } from '../../src/paint/pdf.ts';
import { RenderLimits } from '../../src/errors.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { PageFragment } from '../../src/layout/fragment.ts';

/** Sections with a paragraph and a table whose header repeats on each page; links to an anchor on a later page and to none. */
function doc(head = '', first = ''): string {
  const parts = [`<!DOCTYPE html><html><head><style>body{font:10pt/1.35 sans-serif} h2{break-after:avoid} table{width:100%;border-collapse:collapse}
    th,td{border:1px solid #999;padding:2px 6px} th{background:#eee} .rel{position:relative;top:30px;background:#cde} @page{size:A5;margin:12mm} ${head}</style></head>
    <body>${first}<p><a href="#s5">to section 5</a> <a href="#nowhere">to nothing</a></p>`];
  for (let s = 0; s < 8; s++) {
    parts.push(`<h2 id="s${s}">Section ${s}</h2><p class="${s % 3 === 1 ? 'rel' : ''}">Revenue of region ${s} rose against the previous quarter; the table lists each line.</p><table><thead><tr><th>Line</th><th>Units</th></tr></thead><tbody>`);
    for (let r = 0; r < 14; r++) parts.push(`<tr><td>Line ${r} of ${s}</td><td>${(r * 7 + s) % 90}</td></tr>`);
    parts.push('</tbody></table>');
  }
  return parts.join('') + '</body></html>';
}

interface Run { pdf: Uint8Array; pages: PageFragment[]; given: number; resets: number; streamed: boolean }

/** Lays `html` out (with a sink when `stream`) and paints it as src/pipeline.ts does. */
function render(html: string, stream: boolean): Run {
  const parsed = parseHtml(html);
  const warnings = new WarningSink();
  const loader = new ResourceLoader(undefined, undefined, undefined);
  const fonts = createFontContext({ loader, warnings });
  const styled = styleDocument(parsed, { loader, warnings, fontFaces: (r) => fonts.addFontFaces(r), fontMetrics: (s) => { const m = fonts.metrics(s); return { xHeight: m.xHeight, chWidth: m.chWidth }; } });
  const tree = buildBoxTree(styled, { loader, warnings });
  const builder = new DisplayListBuilder();
  let given = 0, resets = 0;
  const pageSink = { page: (p: PageFragment, prev: PageFragment | null, next: PageFragment | null) => { given++; builder.page(p, prev, next); }, reset: () => { resets++; builder.reset(); } };
  const pages = layoutDocument(tree, styled, { fonts, warnings, limits: new RenderLimits(60_000, 1000), quirks: false, ...(stream ? { pageSink } : {}) });
  const streamed = builder.count === pages.length;
  if (!streamed) snapPagesForPrint(pages);
  const list = streamed ? builder.finish(styled.info) : buildDisplayList(pages, styled.info);
  return { pdf: writePdfSync(list, { creationDate: new Date(0) }), pages, given, resets, streamed };
}

function same(a: Uint8Array, b: Uint8Array): void {
  assert.equal(a.length, b.length);
  assert.ok(Buffer.from(a).equals(Buffer.from(b)), 'PDF bytes differ');
}

test('a plain document goes to the sink page by page, its laid-out pages let go, the same PDF bytes', () => {
  const plain = render(doc(), false);
  const streamed = render(doc(), true);
  assert.ok(plain.pages.length >= 4, `${plain.pages.length} pages`);
  assert.equal(streamed.given, plain.pages.length);
  assert.equal(streamed.resets, 0);
  assert.ok(streamed.streamed);
  for (const p of streamed.pages) assert.equal(p.children.length, 0);
  same(streamed.pdf, plain.pdf);
});

test('a right-to-left root (its pages moved by their origin shift) streams to the same bytes', () => {
  const html = doc().replace('<html>', '<html dir="rtl">');
  const streamed = render(html, true);
  assert.ok(streamed.streamed);
  same(streamed.pdf, render(html, false).pdf);
});

test('fixed and absolutely positioned boxes: no stream', () => {
  for (const first of ['<div style="position:fixed;top:0">Header</div>', '<div style="position:absolute;top:900px">Far</div>']) {
    const r = render(doc('', first), true);
    assert.equal(r.given, 0);
    assert.equal(r.resets, 0);
    assert.ok(!r.streamed);
    same(r.pdf, render(doc('', first), false).pdf);
  }
});

test('margin boxes on the first page stop the stream before any page is let go', () => {
  const head = '@page{@bottom-center{content:counter(page) " / " counter(pages)}}';
  const r = render(doc(head), true);
  assert.equal(r.resets, 1);
  assert.ok(!r.streamed);
  assert.ok(r.pages.every((p) => p.children.length > 0));
  same(r.pdf, render(doc(head), false).pdf);
});

test('margin boxes first met on a later page: the pagination starts again without the stream', () => {
  const head = '@page chap{@top-center{content:"Chapter " counter(page)}} .chap{page:chap}';
  const html = doc(head).replace('<h2 id="s4">', '<div class="chap"><h2 id="s4">').replace('</body>', '</div></body>');
  const r = render(html, true);
  assert.ok(r.given > 0, 'pages were given before the margin boxes');
  assert.equal(r.resets, 1);
  assert.ok(!r.streamed);
  assert.ok(r.pages.every((p) => p.children.length > 0));
  assert.ok(r.pages.some((p) => p.marginBoxes.length > 0));
  same(r.pdf, render(html, false).pdf);
});

test('content wider than a later page area: the stream stops, the document is laid out shrunk to fit', () => {
  const html = doc().replace('<h2 id="s5">', '<div style="width:900px">wide</div><h2 id="s5">');
  const r = render(html, true);
  assert.equal(r.resets, 1);
  assert.ok(!r.streamed);
  assert.ok(r.pages[0]!.contentScale! > 1);
  same(r.pdf, render(html, false).pdf);
});
