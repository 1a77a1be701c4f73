// In: hand-built lines with inline boxes, images and vertical-align values (fake 0.5em font, 16px: A 12.8, D 3.2).
// Out: assertions on line box heights, baselines and fragment positions in px (CSS 2.1 §10.8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, img, lay, layoutCtx, span, style, texts } from './inline/helpers.ts';
import { px, pct } from '../../src/css/computed.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import type { InlineFragment, ReplacedFragment } from '../../src/layout/fragment.ts';

const close = (a: number, b: number, msg?: string): void => assert.ok(Math.abs(a - b) < 1e-6, `${msg ?? ''} ${a} ≈ ${b}`);

function oneSpan(va: ComputedStyle['verticalAlign'], fontSize = 16) {
  const r = lay(block(style(), 'x', span(style({ verticalAlign: va, fontSize }), 'y')), 200);
  assert.equal(r.lines.length, 1);
  const line = r.lines[0];
  const spanFrag = line.children.find((c) => c.kind === 'inline') as InlineFragment;
  const t = texts(spanFrag)[0];
  return { line, spanFrag, t, root: texts(line)[0] };
}

test('vertical-align: sub and super shift by font-size/5+1 and font-size/3+1 of the parent (Blink)', () => {
  const sub = oneSpan('sub');
  // LayoutUnit arithmetic: 16/5 → 3.1875, 16/3 → 5.328125
  close(sub.line.height, 12.8 + 3.2 + 4.1875);
  close(sub.line.baseline, 12.8);
  close(sub.t.baseline, 12.8 + 4.1875);
  const sup = oneSpan('super');
  close(sup.line.baseline, 12.8 + 6.328125);
  close(sup.t.baseline, 12.8);
  close(sup.line.height, 12.8 + 6.328125 + 3.2);
});

test('vertical-align: middle, text-top, text-bottom with a 32px child', () => {
  const mid = oneSpan('middle', 32);
  close(mid.line.height, 32);
  close(mid.line.baseline, 20);
  close(mid.t.baseline, 25.6);
  const tt = oneSpan('text-top', 32);
  close(tt.line.baseline, 12.8);
  close(tt.t.baseline, 25.6);
  close(tt.line.height, 32);
  const tb = oneSpan('text-bottom', 32);
  close(tb.line.baseline, 28.8);
  close(tb.t.baseline, 25.6);
});

test('vertical-align: top and bottom align to the line box', () => {
  const top = oneSpan('top', 32);
  close(top.line.height, 32);
  close(top.line.baseline, 12.8);
  close(top.t.baseline, 25.6);
  close(top.spanFrag.y, 0);
  const bottom = oneSpan('bottom', 32);
  close(bottom.line.height, 32);
  close(bottom.line.baseline, 28.8);
  close(bottom.t.baseline, 25.6);
});

test('vertical-align: lengths raise, percentages of the own line-height', () => {
  const l = oneSpan(px(10));
  close(l.line.height, 26);
  close(l.line.baseline, 22.8);
  close(l.t.baseline, 12.8);
  close(l.root.baseline, 22.8);
  const p = oneSpan(pct(-50));
  close(p.t.baseline, 12.8 + 8);
});

test('images sit on the baseline; quirks mode: an image alone gives a line as tall as the image', () => {
  const s = style();
  const std = lay(block(s, img(20, 30)), 100);
  close(std.lines[0].height, 33.2);
  close(std.lines[0].baseline, 30);
  const im = std.lines[0].children[0] as ReplacedFragment;
  assert.equal(im.kind, 'replaced');
  close(im.y, 0);
  close(im.x, 0);
  const quirks = lay(block(s, img(20, 30)), 100, { ctx: layoutCtx(undefined, true) });
  close(quirks.lines[0].height, 30);
  // with text the strut is back
  const withText = lay(block(s, 'a', img(20, 30)), 100, { ctx: layoutCtx(undefined, true) });
  close(withText.lines[0].height, 33.2);
  const im2 = withText.lines[0].children[1] as ReplacedFragment;
  close(im2.x, 8);
  // vertical-align: middle on an image: its midpoint at baseline - x-height/2
  const mid = lay(block(s, 'a', img(20, 30, { verticalAlign: 'middle' })), 100);
  const im3 = mid.lines[0].children[1] as ReplacedFragment;
  close(im3.y + 15, mid.lines[0].baseline - 4);
});

test('inline-block baseline: its last line box, else its bottom margin edge', () => {
  const s = style();
  const ib = { kind: 'block' as const, outer: 'inline' as const, inlineContent: true, children: [], style: style({ display: 'inline-block', width: px(40), height: px(50), marginBottom: px(5) }) };
  const r = lay(block(s, 'a', ib), 200);
  const frag = r.lines[0].children[1];
  assert.equal(frag.kind, 'box');
  close(r.lines[0].baseline, 55);     // bottom margin edge on the baseline
  close(frag.y, 0);
  close(r.lines[0].height, 55 + 3.2);
});

test('quirks mode: an empty inline box without edges does not contribute its line-height', () => {
  const s = style();
  const big = style({ fontSize: 40 });
  const q = lay(block(s, 'a', span(big), img(10, 10)), 100, { ctx: layoutCtx(undefined, true) });
  close(q.lines[0].height, 16);
  const std = lay(block(s, 'a', span(big), img(10, 10)), 100);
  close(std.lines[0].height, 40);
});

test('line-height on an inline box: its leading counts in the line box, its content area does not change', () => {
  const s = style();
  const r = lay(block(s, 'a', span(style({ lineHeight: { px: 40 } }), 'b')), 100);
  close(r.lines[0].height, 12 + 40 - 12);      // span: 12 leading above A, 12 below D → [-24.8, 15.2]
  close(r.lines[0].baseline, 24.8);
  const sp = r.lines[0].children[1] as InlineFragment;
  close(sp.y, 24.8 - 12.8);
  close(sp.height, 16);
});

test('atomic inlines: auto horizontal margins are 0 even if the atomic layout filled them; no empty text fragments', () => {
  const ctx = layoutCtx();
  const inner = ctx.layoutAtomicInline.bind(ctx);
  ctx.layoutAtomicInline = (box, av, cb) => { const f = inner(box, av, cb); f.margin = { ...f.margin, right: 280 }; return f; };
  const r = lay(block(style(), 'a ', img(20, 20, { marginRight: 'auto' }), ' b'), 300, { ctx });
  assert.equal(r.lines.length, 1);
  const kids = r.lines[0].children;
  assert.deepEqual(kids.map((k) => k.kind), ['text', 'replaced', 'text']);
  assert.equal(kids[2].x, 16 + 20);
});
