/**
 * Box generation, anonymous block boxes, block-in-inline splitting, display none/contents,
 * flex/grid items and blockification. In: HTML through the real cascade. Out: asserted box trees.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build, bodyDump, dump } from './helpers.ts';
import { anonymousStyle } from '../../src/box/index.ts';
import { px } from '../../src/css/computed.ts';
import { initialStyle } from '../../src/css/initial.ts';
import type { BlockBox, InlineBox } from '../../src/box/types.ts';

const doc = (body: string): string => `<!doctype html><html><head></head><body>${body}</body></html>`;

test('root box is the html block; body is its only child (whitespace between dropped)', () => {
  const { root, body } = build('<!doctype html><html>\n <head></head>\n <body><p>x</p></body>\n</html>');
  assert.equal(root.element?.name, 'html');
  assert.equal(root.inlineContent, false);
  assert.deepEqual(root.children.map((c) => c.kind === 'block' && c.element?.name), ['body']);
  assert.equal(dump(body), 'B<body>[B<p>["x"]]');
});

test('inline runs among blocks are wrapped in anonymous blocks (§9.2.1.1)', () => {
  assert.equal(bodyDump(doc('<div>a <b>b</b> c<p>para</p>tail</div>')), 'B<div>[A["a " I<b>["b"] " c"] B<p>["para"] A["tail"]]');
  const { body } = build(doc('<div>a<p>p</p></div>'));
  const anon = (body.children[0] as BlockBox).children[0] as BlockBox;
  assert.equal(anon.anonymous, true);
  assert.equal(anon.inlineContent, true);
  assert.equal(anon.style.display, 'block');
});

test('whitespace-only runs between blocks generate no anonymous block', () => {
  assert.equal(bodyDump(doc('<div>\n  <p>a</p>\n  <p>b</p>\n</div>')), 'B<div>[B<p>["a"] B<p>["b"]]');
});

test('a block inside an inline splits it into first/last pieces around the block', () => {
  const { body } = build(doc('<section>x<span>a<em>b<div>blk</div>c</em>d</span>y</section>'));
  assert.equal(dump(body.children[0]!), 'B<section>[A["x" I<span>^first["a" I<em>^first["b"]]] B<div>["blk"] A[I<span>^last[I<em>^last["c"] "d"] "y"]]');
  const p = body.children[0] as BlockBox;
  const first = (p.children[0] as BlockBox).children[1] as InlineBox;
  const last = (p.children[2] as BlockBox).children[0] as InlineBox;
  assert.equal(first.element, last.element);
  assert.equal(first.style, last.style);
});

test('two blocks in one inline give a middle piece', () => {
  assert.equal(bodyDump(doc('<span>a<div>1</div>b<div>2</div>c</span>')),
    'A[I<span>^first["a"]] B<div>["1"] A[I<span>^middle["b"]] B<div>["2"] A[I<span>^last["c"]]');
});

test('display none generates no boxes (pseudo-elements neither); display contents hoists children', () => {
  assert.equal(bodyDump(doc('<p>a<span style="display:none">hidden</span>b</p>'), { pseudo: { 'span::before': 'content: "x"' } }), 'B<p>["a" "b"]');
  assert.equal(bodyDump(doc('<div style="display:contents"><p>in</p>t</div>')), 'B<p>["in"] A["t"]');
  assert.equal(bodyDump(doc('<p>a <span style="display:contents">b <i>c</i></span> d</p>')), 'B<p>["a " "b " I<i>["c"] " d"]');
});

test('inline-block is a block box with outer inline; floats and absolute boxes are blockified', () => {
  const { body } = build(doc('<p>a<span style="display:inline-block">ib</span><span style="float:left">f</span><span style="position:absolute">abs</span></p>'));
  const p = body.children[0] as BlockBox;
  assert.equal(dump(p), 'B<p>["a" IB<span>["ib"] B<span>["f"] B<span>["abs"]]');
  assert.equal(p.inlineContent, true);
  assert.equal((p.children[2] as BlockBox).style.display, 'block');
  assert.equal((p.children[2] as BlockBox).style.float, 'left');
});

test('floats among inline content stay in the inline run; a float among blocks is block-level', () => {
  assert.equal(bodyDump(doc('<div>text <span style="float:left">f</span> more<p>p</p></div>')),
    'B<div>[A["text " B<span>["f"] "more"] B<p>["p"]]');
  assert.equal(bodyDump(doc('<div>\n<span style="float:left">f</span>\n<p>p</p></div>')), 'B<div>[B<span>["f"] B<p>["p"]]');
});

test('flex and grid containers: children blockified, text wrapped in anonymous items, whitespace dropped', () => {
  const { body } = build(doc('<div style="display:flex"> text <span>s</span> <b style="float:left">f</b> </div><div style="display:grid"><i>g</i></div>'));
  assert.equal(body.children.map(dump).join(' '), 'F<div>[A["text"] B<span>["s"] B<b>["f"]] GR<div>[B<i>["g"]]');
  const flex = body.children[0] as { children: BlockBox[] };
  assert.equal(flex.children[1]!.style.display, 'block');
  assert.equal(flex.children[2]!.style.float, 'none');
  assert.equal(bodyDump(doc('<span style="display:inline-flex"><em style="display:inline-table">x</em></span>')), 'F<span>[TW<em>[T[G(body)[R[C["x"]]]]]]');
});

test('anonymousStyle inherits inherited properties, resets the others, and is cached per parent', () => {
  const parent = initialStyle();
  parent.color = { r: 255, g: 0, b: 0, a: 1 };
  parent.fontSize = 20;
  parent.whiteSpace = 'pre';
  parent.paddingLeft = px(10);
  parent.display = 'list-item';
  const a = anonymousStyle(parent, 'block');
  assert.deepEqual(a.color, parent.color);
  assert.equal(a.fontSize, 20);
  assert.equal(a.whiteSpace, 'pre');
  assert.deepEqual(a.paddingLeft, { px: 0, pct: 0 });
  assert.equal(a.display, 'block');
  assert.deepEqual(a.textDecorationColor, parent.color);
  assert.equal(anonymousStyle(parent, 'block'), a);
  assert.notEqual(anonymousStyle(parent, 'table'), a);
});

test('odd input does not crash: empty body, comments, unknown elements, root display none', () => {
  assert.equal(bodyDump(doc('<!-- c --><x-foo>t</x-foo>')), 'I<x-foo>["t"]');
  assert.equal(bodyDump(doc('')), '');
  const { root } = build('<html style="display:none"><body>x</body></html>');
  assert.equal(root.anonymous, true);
  assert.equal(root.children.length, 0);
});

test('elements nested deeper than 512 levels become text instead of overflowing the stack', () => {
  const { body, warnings } = build(doc('<div>'.repeat(600) + 'deep'));
  let b: BlockBox = body;
  let depth = 0;
  while (b.children[0]?.kind === 'block') { b = b.children[0] as BlockBox; depth++; }
  assert.equal(depth, 510); // html and body count too
  assert.equal(dump(b), 'B<div>["deep"]');
  assert.equal(warnings.list.filter((w) => w.code === 'layout').length, 1);
});

test('a closed <details> shows only its summary; an open one everything', () => {
  assert.equal(bodyDump(doc('<details>text<summary>Sum</summary><p>hidden</p></details>')).replace(/\{M"[^"]*"\([a-z-]+\)\}|\{M"[^"]*"\}/g, ''), 'B<details>[B<summary>["Sum"]]');
  assert.equal(bodyDump(doc('<details open>text<summary>Sum</summary><p>shown</p></details>')).replace(/\{M"[^"]*"\([a-z-]+\)\}|\{M"[^"]*"\}/g, ''), 'B<details>[A["text"] B<summary>["Sum"] B<p>["shown"]]');
});

test('a cascade that fails on one element loses that element only; API misuse throws TypeError', async () => {
  const { parseHtml } = await import('../../src/html/parse.ts');
  const { styleDocument } = await import('../../src/css/index.ts');
  const { buildBoxTree } = await import('../../src/box/index.ts');
  const { ResourceLoader } = await import('../../src/resources.ts');
  const { WarningSink } = await import('../../src/warnings.ts');
  const loader = new ResourceLoader();
  const warnings = new WarningSink();
  const styled = styleDocument(parseHtml(doc('<p>a<em>bad</em>b</p>')), { loader, warnings });
  const broken = { ...styled, styleOf: (el: Parameters<typeof styled.styleOf>[0]) => { if (el.name === 'em') throw new Error('boom'); return styled.styleOf(el); } };
  const { root } = buildBoxTree(broken, { loader, warnings });
  assert.equal(dump(root.children[0]!), 'B<body>[B<p>["a" "b"]]');
  assert.throws(() => buildBoxTree(null as never, { loader, warnings }), TypeError);
  assert.throws(() => buildBoxTree(styled, {} as never), TypeError);
});
