// In: inline boxes with edges across lines, floats beside and inside lines, out-of-flow boxes, intrinsic sizes (fake 0.5em font, 16px).
// Out: assertions on fragment positions, line widths and min/max-content sizes in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, br, intrinsic, lay, layoutCtx, leftFloat, lineTexts, span, style, texts, img } from './inline/helpers.ts';
import { px } from '../../src/css/computed.ts';
import type { BorderSide } from '../../src/css/computed.ts';
import type { Box } from '../../src/box/types.ts';
import type { InlineFragment } from '../../src/layout/fragment.ts';
import { BfcFloats } from '../../src/layout/float.ts';

const solid = (w: number): BorderSide => ({ width: w, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } });
const boxed = () => style({ paddingLeft: px(4), paddingRight: px(4), borderLeft: solid(2), borderRight: solid(2), paddingTop: px(3), borderTop: solid(1) });

test('an inline box across two lines: start edge only on the first piece, end edge only on the last', () => {
  const r = lay(block(style(), 'aa ', span(boxed(), 'bb cc dd')), 60);
  assert.deepEqual(lineTexts(r), ['aa bb', 'cc dd']);
  const a = r.lines[0].children[1] as InlineFragment;
  const b = r.lines[1].children[0] as InlineFragment;
  assert.equal(a.kind, 'inline');
  assert.equal(a.x, 24);
  assert.equal(a.width, 22);               // border 2 + padding 4 + "bb" 16; no end edge
  assert.equal(a.startsBox, true);
  assert.equal(a.endsBox, false);
  assert.equal(a.border.left, 2);
  assert.equal(a.border.right, 0);
  assert.equal(texts(a)[0].x, 30);
  assert.equal(b.x, 0);
  assert.equal(b.width, 24 + 16 + 6);      // "cc " + "dd" + padding 4 + border 2
  assert.equal(b.startsBox, false);
  assert.equal(b.endsBox, true);
  assert.equal(b.border.left, 0);
  assert.equal(b.border.right, 2);
  // vertically: content area (A + D) plus padding and border
  assert.equal(a.y, r.lines[0].baseline - 12.8 - 3 - 1);
  assert.equal(a.height, 16 + 3 + 1);
});

test('an empty inline box with padding makes a fragment and a line; without edges it makes no line', () => {
  const r = lay(block(style(), span(boxed())), 100);
  assert.equal(r.lines.length, 1);
  const f = r.lines[0].children[0] as InlineFragment;
  assert.equal(f.width, 12);
  assert.equal(f.startsBox && f.endsBox, true);
  assert.equal(lay(block(style(), span(style())), 100).lines.length, 0);
});

test('inline box margins take horizontal space', () => {
  const r = lay(block(style(), 'a', span(style({ marginLeft: px(10), marginRight: px(5) }), 'b'), 'c'), 100);
  const t = texts(r.lines[0]);
  assert.deepEqual(t.map((f) => f.x), [0, 18, 31]);
});

test('lines beside a left float are shorter and start after it', () => {
  const r = lay(block(style(), 'aaa bbb ccc ddd eee fff ggg'), 100, { floats: leftFloat(0, 0, 30, 20) });
  assert.deepEqual(lineTexts(r), ['aaa bbb', 'ccc ddd', 'eee fff ggg']);
  assert.deepEqual(r.lines.map((l) => l.x), [30, 30, 0]);
  assert.deepEqual(r.lines.map((l) => l.width), [70, 70, 100]);
  assert.equal(texts(r.lines[0])[0].x, 30);
});

test('a line that does not fit beside a float moves down to the float bottom (§9.5)', () => {
  const r = lay(block(style(), 'aaa bbb'), 100, { floats: leftFloat(0, 0, 90, 20) });
  assert.deepEqual(lineTexts(r), ['aaa bbb']);
  assert.equal(r.lines[0].y, 20);
  assert.equal(r.lines[0].x, 0);
  assert.equal(r.height, 36);
});

test('a float met in the line goes beside it when it fits, else below the line', () => {
  const fl = (w: number): Box => ({ kind: 'block', outer: 'block', inlineContent: true, children: [], style: style({ display: 'block', float: 'left', width: px(w), height: px(20) }) });
  const mk = () => {
    const ctx = layoutCtx();
    const floats = new BfcFloats((box) => ctx.layoutAtomicInline(box, 100, { x: 0, y: 0, width: 100, height: null }) as never);
    return { ctx, floats };
  };
  const a = mk();
  const r = lay(block(style(), 'aa ', fl(30), 'bb cc'), 100, a);
  assert.equal(r.floats.length, 1);
  assert.equal(r.floats[0].lineIndex, 0);
  assert.equal(r.floats[0].fragment.x, 0);
  assert.equal(r.floats[0].fragment.y, 0);
  assert.equal(r.lines[0].x, 30);
  assert.deepEqual(lineTexts(r), ['aa bb cc']);
  const b = mk();
  const r2 = lay(block(style(), 'aaaaaaaaa ', fl(30), 'bb'), 100, b);
  assert.equal(r2.floats[0].fragment.y, 16);     // did not fit beside "aaaaaaaaa bb" (96px): below the line
  assert.equal(r2.lines[0].x, 0);
});

test('absolutely positioned boxes get their static position on the line', () => {
  const abs: Box = { kind: 'block', outer: 'block', inlineContent: true, children: [], style: style({ display: 'block', position: 'absolute' }) };
  const r = lay(block(style(), 'aaa ', abs, 'bbb'), 100, { y: 10 });
  assert.equal(r.positioned.length, 1);
  assert.equal(r.positioned[0].staticX, 32);
  assert.equal(r.positioned[0].staticY, 10);
  assert.equal(r.positioned[0].lineIndex, 0);
});

test('a block-level abspos box after content on the line starts below the line box at the content edge (CSS 2.1 §10.3.7, §10.6.4)', () => {
  const abs = (originalOuter: 'block' | 'inline'): Box => ({ kind: 'block', outer: 'block', inlineContent: true, children: [], originalOuter, style: style({ display: 'block', position: 'absolute' }) });
  // "aaa " then a block-level box: below the 16px line, at x = the container's left edge (5).
  let r = lay(block(style(), 'aaa ', abs('block'), 'bbb'), 100, { x: 5, y: 10 });
  assert.deepEqual(lineTexts(r), ['aaa bbb'], 'in-flow content is not split by it');
  assert.deepEqual([r.positioned[0].staticX, r.positioned[0].staticY, r.positioned[0].lineIndex], [5, 26, 0]);
  // Originally inline-level: at the pen position on the line.
  r = lay(block(style(), 'aaa ', abs('inline'), 'bbb'), 100, { x: 5, y: 10 });
  assert.deepEqual([r.positioned[0].staticX, r.positioned[0].staticY], [37, 10]);
  // Block-level at the start of a line (nothing before it on that line): the line's top.
  r = lay(block(style(), abs('block'), 'aaa'), 100, { x: 5, y: 10 });
  assert.deepEqual([r.positioned[0].staticX, r.positioned[0].staticY], [5, 10]);
  // On the second line: below the second line; text-align does not move a block-level box.
  r = lay(block(style({ textAlign: 'center' }), 'aaaa bbbb ', abs('block')), 40, { y: 0 });
  assert.deepEqual(lineTexts(r), ['aaaa', 'bbbb']);
  assert.deepEqual([r.positioned[0].staticX, r.positioned[0].staticY, r.positioned[0].lineIndex], [0, 32, 1]);
  // A tall line (a 40px image) pushes it further down.
  r = lay(block(style(), img(10, 40), abs('block')), 100);
  assert.equal(r.positioned[0].staticY, r.lines[0].height);
  assert.ok(r.lines[0].height >= 40);
});

test('intrinsic sizes: min = widest unbreakable run, max = widest forced line', () => {
  assert.deepEqual(intrinsic(block(style(), 'aaa bb c')), { min: 24, max: 64 });
  const s = style();
  assert.deepEqual(intrinsic(block(s, 'aaaa bb', br(s), 'c')), { min: 32, max: 56 });
  // inline box edges count; "x<span>yy</span>" is one word
  assert.deepEqual(intrinsic(block(s, 'x', span(boxed(), 'yy'), ' z')), { min: 8 + 12 + 16, max: 8 + 12 + 16 + 16 });
  // overflow-wrap: anywhere lets min-content break between characters; break-word does not
  assert.deepEqual(intrinsic(block(style({ overflowWrap: 'anywhere' }), 'abcdef gh')), { min: 8, max: 72 });
  assert.deepEqual(intrinsic(block(style({ overflowWrap: 'break-word' }), 'abcdef gh')), { min: 48, max: 72 });
  // atomic inlines
  assert.deepEqual(intrinsic(block(s, 'ab ', img(50, 10), ' c')), { min: 50, max: 16 + 8 + 50 + 8 + 8 });
  // text-indent adds to the first line
  assert.deepEqual(intrinsic(block(style({ textIndent: px(10) }), 'aa b')), { min: 26, max: 42 });
});

test('position: relative moves an inline box piece and its text, and an atomic inline, after alignment', () => {
  const rel = style({ position: 'relative', top: px(5), left: px(3) });
  const r = lay(block(style(), 'a', span(rel, 'b'), img(10, 10, { position: 'relative', top: px(-2), left: px(0) })), 100);
  const sp = r.lines[0].children[1] as InlineFragment;
  assert.equal(sp.x, 8 + 3);
  assert.equal(sp.y, 5);
  assert.equal(texts(sp)[0].x, 11);
  assert.equal(texts(sp)[0].baseline, 12.8 + 5);
  const im = r.lines[0].children[2];
  assert.equal(im.kind, 'replaced');
  assert.equal((im as { y: number }).y, 12.8 - 10 - 2);
});

test('an inline box split by a block: only the first piece has the start edge, only the last the end edge', () => {
  const s = boxed();
  const first = { ...span(s, 'aa'), split: 'first' as const };
  const last = { ...span(s, 'bb'), split: 'last' as const };
  const a = lay(block(style(), first), 100).lines[0].children[0] as InlineFragment;
  const b = lay(block(style(), last), 100).lines[0].children[0] as InlineFragment;
  assert.deepEqual([a.startsBox, a.endsBox, a.width], [true, false, 6 + 16]);
  assert.deepEqual([b.startsBox, b.endsBox, b.width, b.x], [false, true, 16 + 6, 0]);
});

test('a line taller than the strut is fitted again beside a float lower down', () => {
  // float occupies [20, 60) vertically, 50px wide; the 40px image line starting at y=0 overlaps it
  const r = lay(block(style(), 'aaaa ', img(40, 40), ' bbbb'), 100, { floats: leftFloat(0, 20, 50, 40) });
  assert.equal(r.lines[0].x, 50);
  assert.ok(r.lines.every((l) => l.x === 50 || l.y >= 60));
});

test('<br> with clear moves the next line below the floats', () => {
  const r = lay(block(style(), 'aa', { kind: 'br', style: style({ clear: 'both' }) }, 'bb'), 100, { floats: leftFloat(0, 0, 30, 50) });
  assert.deepEqual(lineTexts(r), ['aa', 'bb']);
  assert.equal(r.lines[1].y, 50);
  assert.equal(r.lines[1].x, 0);
  assert.equal(r.height, 66);
});
