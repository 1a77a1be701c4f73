// In: page-margin boxes described along one axis (content sizes, margins, specified sizes, px), and @page documents.
// Out: their used sizes and positions (css-page-3 §5.3 margin-box dimensions), unit and through layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixedDimension, variableDimension, type AxisBox } from '../../src/layout/margin-dimension.ts';
import { layoutHtml, allFragments } from './helpers.ts';

const box = (o: Partial<AxisBox> = {}): AxisBox => ({ generated: true, inner: 'auto', marginA: 0, marginB: 0, bp: 0, minContent: 0, maxContent: 0, ...o });
const none = (): AxisBox => ({ generated: false, inner: 0, marginA: 0, marginB: 0, bp: 0, minContent: 0, maxContent: 0 });

test('variable dimension: a centre box that fits takes its max-content size, the sides shrink-to-fit beside it', () => {
  const a = box({ minContent: 10, maxContent: 30 }), b = box({ minContent: 20, maxContent: 40 }), c = box({ minContent: 5, maxContent: 10 });
  variableDimension(a, b, c, 200);
  assert.deepEqual([a.inner, b.inner, c.inner], [30, 40, 10]);
});

test('variable dimension: a centre box that does not fit gets min-content plus its share of the room', () => {
  // AC = 2 × max(outer a, outer c); room = 100 − 20 − 2×10 = 60, weights AC 2×(50−10)=80, B 40−20=20.
  const a = box({ minContent: 10, maxContent: 50 }), b = box({ minContent: 20, maxContent: 40 }), c = none();
  variableDimension(a, b, c, 100);
  assert.equal(b.inner, 20 + (60 * 20) / 100);
  assert.equal(a.inner, Math.min(Math.max(10, (100 - 32) / 2), 50));
});

test('variable dimension without a centre box: max-content when both fit, else min-content plus shares', () => {
  const a = box({ minContent: 4, maxContent: 60 }), c = box({ minContent: 2, maxContent: 20 });
  variableDimension(a, none(), c, 100);
  assert.deepEqual([a.inner, c.inner], [60, 20]);
  const a2 = box({ minContent: 4, maxContent: 60 }), c2 = box({ minContent: 2, maxContent: 20 });
  variableDimension(a2, none(), c2, 50);
  assert.deepEqual([a2.inner, c2.inner], [4 + (44 * 56) / 74, 2 + (44 * 18) / 74]);
  const a3 = box({ minContent: 4, maxContent: 60 }), c3 = box({ inner: 30 });
  variableDimension(a3, none(), c3, 50);
  assert.deepEqual([a3.inner, c3.inner], [20, 30], 'a lone auto box shrinks-to-fit beside a sized one');
});

test('fixed dimension: auto fills; over-constrained gives up the outer margin; two auto margins centre', () => {
  const fill = box({ marginA: 1, marginB: 2, bp: 3 });
  fixedDimension(fill, 20, true);
  assert.equal(fill.inner, 14);
  const over = box({ inner: 5, marginA: 1, marginB: 1 });
  fixedDimension(over, 20, true);
  assert.deepEqual([over.marginA, over.inner, over.marginB], [14, 5, 1]);
  const centred = box({ inner: 6, marginA: 'auto', marginB: 'auto' });
  fixedDimension(centred, 20, false);
  assert.deepEqual([centred.marginA, centred.marginB], [7, 7]);
});

test('through layout: the three top boxes take their content widths, left at the start, centre centred, right at the end', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 100px; margin: 20px 10px;
    @top-left { content: 'aaaa'; font: 10px/10px monospace }
    @top-center { content: 'bb'; font: 10px/10px monospace }
    @top-right { content: 'cccccc'; font: 10px/10px monospace } }</style><body>`);
  const at = (n: string) => { const m = r.pages[0].marginBoxes.find((b) => b.name === n); assert.ok(m, n); return m.fragment; };
  const l = at('top-left'), c = at('top-center'), rt = at('top-right');
  assert.equal(l.x, 10);
  assert.ok(Math.abs(c.x + c.width / 2 - 100) < 0.01, 'centre box centred on the page');
  assert.ok(Math.abs(rt.x + rt.width - 190) < 0.01, 'right box ends at the right margin');
  assert.ok(l.width < c.x - l.x + 0.01 && rt.width > c.width, 'sized by content');
  assert.deepEqual([l.y, l.height], [0, 20], 'fills the top margin');
});

test('through layout: side boxes share the page height; a page border widens the band to the border box', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 100px; margin: 20px; border: 5px solid; padding: 5px;
    @left-middle { content: 'x'; font: 10px/10px monospace }
    @bottom-center { content: 'y'; font: 10px/10px monospace; width: 100% } }</style><body>`);
  const lm = r.pages[0].marginBoxes.find((b) => b.name === 'left-middle');
  const bc = r.pages[0].marginBoxes.find((b) => b.name === 'bottom-center');
  assert.ok(lm && bc);
  assert.deepEqual([lm.fragment.x, lm.fragment.width], [0, 20]);
  assert.deepEqual([lm.fragment.y, lm.fragment.height], [20 + (60 - 10) / 2, 10], 'content-high, centred on the border box side');
  assert.deepEqual([bc.fragment.x, bc.fragment.width, bc.fragment.y], [20, 160, 80], 'width: 100% of the page border box');
});

test('through layout: a top box with a height sits against the page area; a left box with a width too', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 100px; margin: 40px 30px;
    @top-center { content: 'x'; height: 10px; font: 10px/10px monospace }
    @left-top { content: 'y'; width: 10px; font: 10px/10px monospace } }</style><body>`);
  const tc = r.pages[0].marginBoxes.find((b) => b.name === 'top-center');
  const lt = r.pages[0].marginBoxes.find((b) => b.name === 'left-top');
  assert.ok(tc && lt);
  assert.deepEqual([tc.fragment.y, tc.fragment.height], [30, 10], 'over-constrained: the outer (top) margin gives way');
  assert.deepEqual([lt.fragment.x, lt.fragment.width, lt.fragment.y], [20, 10, 40]);
});

test('content: url() in a margin box is an inline image sized by the image', async () => {
  const { parseHtml } = await import('../../src/html/parse.ts');
  const { styleDocument } = await import('../../src/css/index.ts');
  const { buildBoxTree, loadImage } = await import('../../src/box/index.ts');
  const { createFontContext } = await import('../../src/text/index.ts');
  const { layoutDocument } = await import('../../src/layout/index.ts');
  const { ResourceLoader } = await import('../../src/resources.ts');
  const { WarningSink } = await import('../../src/warnings.ts');
  const { RenderLimits } = await import('../../src/errors.ts');
  const warnings = new WarningSink();
  const loader = new ResourceLoader();
  const styled = styleDocument(parseHtml(`<!doctype html><style>@page { size: 200px 100px; margin: 30px;
    @top-right { content: "Logo " url(data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg==); font: 10px/10px monospace; vertical-align: top } }</style><body>`), { loader, warnings });
  const tree = buildBoxTree(styled, { loader, warnings });
  const fonts = createFontContext({ loader, warnings });
  const pages = layoutDocument(tree, styled, { fonts, warnings, limits: new RenderLimits(20_000, 10), quirks: false, loadImage: (url) => loadImage(loader, warnings, url) });
  const mb = pages[0]!.marginBoxes.find((m) => m.name === 'top-right');
  assert.ok(mb);
  const img = allFragments(mb.fragment.children).find((f) => f.kind === 'replaced');
  assert.ok(img && img.kind === 'replaced');
  assert.deepEqual([img.width, img.height], [40, 20]);
  assert.ok(Math.abs(img.x + img.width - 170) < 0.01, 'the right box ends at the right margin');
});

test('through layout: percentages of a margin box height refer to the page margin depth, widths and paddings to the side length', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 100px; margin: 40px 20px;
    @top-left { content: 'x'; height: 50%; width: 25%; padding-left: 10%; font: 10px/10px monospace } }</style><body>`);
  const tl = r.pages[0].marginBoxes.find((b) => b.name === 'top-left');
  assert.ok(tl);
  assert.deepEqual([tl.fragment.y, tl.fragment.height], [20, 20]);
  assert.deepEqual([tl.fragment.x, tl.fragment.width], [20, 40 + 16]);
});
