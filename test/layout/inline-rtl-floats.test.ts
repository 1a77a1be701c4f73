// In: rtl containers with floats beside an in-flow block-level image and an inline-block (hand-built trees and HTML).
// Out: their x positions: against the right edge of the band left by the floats (CSS 2.1 §9.5, §10.3.3 in rtl).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, fragOf, img, layoutHtml, layoutTree } from './helpers.ts';

test('rtl: a block-level replaced element between two floats sits at the right of the band', () => {
  const fl = img(4, 4, { float: 'left', direction: 'rtl' });
  const fr = img(4, 4, { float: 'right', direction: 'rtl' });
  const b = img(4, 4, { direction: 'rtl' });
  const root = block({ direction: 'rtl' }, [fl, fr, b]);
  const { pages } = layoutTree(root, { width: 15, height: 5 });
  assert.equal(fragOf0(pages[0], b).x, 7);
  // ltr: at the left of the band.
  const l = img(4, 4);
  const root2 = block({}, [img(4, 4, { float: 'left' }), img(4, 4, { float: 'right' }), l]);
  assert.equal(fragOf0(layoutTree(root2, { width: 15, height: 5 }).pages[0], l).x, 4);
});

test('rtl: an inline-block beside two floats ends at the right float', () => {
  const r = layoutHtml(`<style>@page { size: 150px 50px; margin: 0 } body { margin: 0; font: 20px/1 monospace }</style>
    <div style="direction: rtl"><span style="float: left; width: 40px; height: 40px"></span><span style="float: right; width: 40px; height: 40px"></span>
    <span id="ib" style="display: inline-block; width: 20px; height: 20px"></span></div>`);
  assert.equal(r.byId('ib').x, 90);
});

function fragOf0(page: Parameters<typeof fragOf>[0], box: Parameters<typeof fragOf>[1]): { x: number } {
  const stack = [...page.children];
  while (stack.length) {
    const f = stack.shift()!;
    if ((f.kind === 'replaced' || f.kind === 'box') && f.box === box) return f;
    if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') stack.push(...f.children);
  }
  throw new Error('no fragment');
}

test("an over-constrained block width ignores the margin on the containing block's end side (CSS 2.1 §10.3.3)", () => {
  const r = layoutHtml(`<style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 10px/10px monospace }</style>
    <div id="a" dir="rtl" style="width: 100px">x</div>
    <div dir="rtl"><div id="b" style="width: 100px">x</div><div id="c" dir="ltr" style="width: 100px">x</div></div>`);
  assert.equal(r.byId('a').x, 0); // rtl box in an ltr containing block: at the left
  assert.equal(r.byId('b').x, 200);
  assert.equal(r.byId('c').x, 200); // ltr box in an rtl containing block: at the right
});
