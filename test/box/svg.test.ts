// SVG parsing and sizing for the box tree (src/box/svg.ts): root attributes, intrinsic size
// (css-images-3 §5), well-formedness, <image href> collection, inline serialization.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml, forEachNode } from '../../src/html/parse.ts';
import { checkBody, concreteSize, imageHrefs, inlineSvgImage, intrinsicOf, splitRoot, svgImage, svgLength, svgTransforms, viewBoxRatio } from '../../src/box/svg.ts';
import type { ImageRef } from '../../src/box/types.ts';

const BLACK = { r: 0, g: 0, b: 0, a: 1 };
const noImages = (): ImageRef | null => null;

test('svgLength: numbers are px, absolute and font units convert, percentages and auto give none', () => {
  assert.equal(svgLength('4'), 4);
  assert.equal(svgLength(' 4px '), 4);
  assert.equal(svgLength('3pt'), 4);
  assert.equal(svgLength('1in'), 96);
  assert.ok(Math.abs(svgLength('25.4mm')! - 96) < 1e-9);
  assert.equal(svgLength('1e1'), 10);
  assert.equal(svgLength('2em'), 32);
  assert.equal(svgLength('100%'), null);
  assert.equal(svgLength('auto'), null);
  assert.equal(svgLength('-3'), null);
  assert.equal(svgLength(undefined), null);
  assert.equal(viewBoxRatio('0 0 40 20'), 2);
  assert.equal(viewBoxRatio('0,0,40,0'), null);
  assert.equal(viewBoxRatio('0 0 40'), null);
});

test('intrinsic size: width/height attributes, ratio from viewBox, else from both sizes; percentages are none', () => {
  const attrs = (s: string): [string, string][] => splitRoot(`<svg ${s}/>`)!.rootAttrs;
  assert.deepEqual(intrinsicOf(attrs('width="40" height="20"')), { width: 40, height: 20, ratio: 2 });
  assert.deepEqual(intrinsicOf(attrs('width="40" viewBox="0 0 10 10"')), { width: 40, height: null, ratio: 1 });
  assert.deepEqual(intrinsicOf(attrs('width="100%" height="50%" viewBox="0 0 30 10"')), { width: null, height: null, ratio: 3 });
  assert.deepEqual(intrinsicOf(attrs('')), { width: null, height: null, ratio: null });
});

test('concreteSize: the default sizing algorithm against 300×150 (css-images-3 §5.2)', () => {
  assert.deepEqual(concreteSize(40, 20, 2), { width: 40, height: 20 });
  assert.deepEqual(concreteSize(40, null, 2), { width: 40, height: 20 });
  assert.deepEqual(concreteSize(null, 30, 2), { width: 60, height: 30 });
  assert.deepEqual(concreteSize(40, null, null), { width: 40, height: 150 });
  assert.deepEqual(concreteSize(null, null, 4), { width: 300, height: 75 }, 'a ratio alone: contained in 300×150');
  assert.deepEqual(concreteSize(null, null, 1), { width: 150, height: 150 });
  assert.deepEqual(concreteSize(null, null, null), { width: 300, height: 150 });
  assert.deepEqual(concreteSize(null, null, null, 80, 60), { width: 80, height: 60 }, 'another default object size (backgrounds)');
});

test('splitRoot skips the prolog; attributes in every quoting; non-SVG roots refused', () => {
  const s = splitRoot('\ufeff<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x" [ <!ENTITY a "b"> ]>\n<svg xmlns="http://www.w3.org/2000/svg" width=\'4\' height=4 viewBox="0 0 4 4"><rect/></svg>');
  assert.ok(s);
  assert.deepEqual(s.rootAttrs, [['xmlns', 'http://www.w3.org/2000/svg'], ['width', '4'], ['height', '4'], ['viewBox', '0 0 4 4']]);
  assert.equal(s.body, '<rect/></svg>');
  assert.deepEqual(splitRoot('<svg:svg width="1"/>'), { rootAttrs: [['width', '1']], body: '' });
  assert.equal(splitRoot('<html><svg/></html>'), null);
  assert.equal(splitRoot('GIF89a'), null);
  assert.equal(splitRoot('<svg width="1"'), null, 'unterminated start tag');
});

test('checkBody: balanced tags pass (comments, CDATA, quoted ">" allowed); mismatches and unclosed roots fail', () => {
  assert.equal(checkBody('<g a="x>y"><rect/><!-- <b> --><style><![CDATA[ a > b {} ]]></style></g></svg>'), null);
  assert.match(checkBody('<g><rect></g></svg>')!, /does not match/);
  assert.match(checkBody('<g><rect/></g>')!, /not closed/);
  assert.equal(checkBody(''), null);
  assert.match(checkBody('<g>'.repeat(300) + '</g>'.repeat(300) + '</svg>')!, /nested deeper/);
});

test('imageHrefs: href and xlink:href of <image>, entities decoded, fragments and duplicates skipped', () => {
  assert.deepEqual(imageHrefs('<image href="a.png"/><image x="1" xlink:href=\'b&amp;c.png\'/><image href="a.png"/><image href="#x"/><use href="u.svg"/>'), ['a.png', 'b&c.png']);
});

test('svgImage: an ImageRef of format svg with the concrete 300×150 default size; <image> rasters loaded; color set at the root', () => {
  const asked: string[] = [];
  const png: ImageRef = { key: 'p', format: 'png', data: Buffer.alloc(0), width: 1, height: 1 };
  const img = svgImage('k', '<svg viewBox="0 0 4 1"><image href="p.png"/></svg>', { r: 255, g: 0, b: 0, a: 1 }, (h) => { asked.push(h); return png; });
  assert.ok(!('error' in img));
  assert.equal(img.format, 'svg');
  assert.deepEqual([img.width, img.height], [300, 75]);
  assert.deepEqual(asked, ['p.png']);
  assert.equal(img.svg!.images['p.png'], png);
  assert.deepEqual(img.svg!.rootAttrs.at(-1), ['color', '#ff0000']);
  const own = svgImage('k', '<svg color="blue"/>', BLACK, noImages);
  assert.ok(!('error' in own) && own.svg!.rootAttrs.filter(([n]) => n === 'color').length === 1, 'a color of its own is kept');
  const bad = svgImage('k', '<svg><g></svg>', BLACK, noImages);
  assert.ok('error' in bad && /malformed SVG/.test(bad.error));
  const notSvg = svgImage('k', 'hello', BLACK, noImages);
  assert.ok('error' in notSvg && /no <svg> root/.test(notSvg.error));
});

test('inline <svg>: serialized as XML with namespaces, SVG name case kept, text escaped; key depends on colour', () => {
  const { document } = parseHtml('<!doctype html><p><svg viewbox="0 0 2 1" width=20><lineargradient id="g"/><text>a &lt; b</text><!-- x --></svg></p>');
  let el: Element | undefined;
  forEachNode(document, (n) => { if (!el && n.type === 'tag' && (n as Element).name === 'svg') el = n as Element; return true; });
  assert.ok(el);
  const a = inlineSvgImage(el, BLACK, noImages);
  const b = inlineSvgImage(el, { r: 1, g: 2, b: 3, a: 1 }, noImages);
  assert.ok(!('error' in a) && !('error' in b));
  const text = a.data.toString('utf8');
  assert.match(text, /^<svg viewBox="0 0 2 1" width="20" xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink">/);
  assert.match(text, /<linearGradient id="g"\/><text>a &lt; b<\/text><\/svg>$/);
  assert.deepEqual([a.svg!.intrinsicWidth, a.svg!.intrinsicHeight, a.svg!.intrinsicRatio], [20, null, 2]);
  assert.notEqual(a.key, b.key);
  assert.match(a.key, /^svg:[0-9a-f]{40}$/);
});

test('svgTransforms: translateX/Y and scaleX/Y in transform attributes become SVG 1.1 functions; other text untouched', () => {
  assert.equal(svgTransforms('<rect transform="rotate(90) translateY(-7) translateX(2px)"/><text>translateX(1)</text><g transform=\'scaleX(2) scaleY(.5)\'/>'),
    '<rect transform="rotate(90) translate(0 -7) translate(2 0)"/><text>translateX(1)</text><g transform=\'scale(2 1) scale(1 .5)\'/>');
});
