/**
 * Tests for shorthand expansion and @page size in src/css/properties.
 * In: declarations. Out: assertions on the longhands' computed values (px) and page sizes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computePageSize, computeStyle } from '../../src/css/properties/index.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import type { Declaration } from '../../src/css/declaration.ts';
import { WarningSink } from '../../src/warnings.ts';

function decls(text: string): Declaration[] {
  return text.split(';').map((p) => p.trim()).filter(Boolean).map((p, i) => {
    const k = p.indexOf(':');
    return { name: p.slice(0, k).trim().toLowerCase(), value: p.slice(k + 1).trim(), important: false, line: i + 1 };
  });
}
function style(text: string, parent: ComputedStyle | null = null, warnings = new WarningSink()): ComputedStyle {
  return computeStyle(decls(text), { parent, rootFontSize: 16, quirks: false, warnings });
}
const L = (px: number, pct = 0) => ({ px, pct });
const sides = (s: ComputedStyle, p: 'margin' | 'padding') =>
  [s[`${p}Top`], s[`${p}Right`], s[`${p}Bottom`], s[`${p}Left`]];
const red = { r: 255, g: 0, b: 0, a: 1 };

test('margin and padding: 1 to 4 values', () => {
  assert.deepEqual(sides(style('margin: 1px'), 'margin'), [L(1), L(1), L(1), L(1)]);
  assert.deepEqual(sides(style('margin: 1px 2px'), 'margin'), [L(1), L(2), L(1), L(2)]);
  assert.deepEqual(sides(style('margin: 1px auto 3px'), 'margin'), [L(1), 'auto', L(3), 'auto']);
  assert.deepEqual(sides(style('margin: 1px 2px 3px 4%'), 'margin'), [L(1), L(2), L(3), L(0, 4)]);
  assert.deepEqual(sides(style('padding: 1em 0'), 'padding'), [L(16), L(0), L(16), L(0)]);
  assert.deepEqual(sides(style('margin: 5px; margin: 1px 2px 3px 4px 5px'), 'margin'), [L(5), L(5), L(5), L(5)], 'five values are invalid');
  assert.deepEqual(sides(style('padding: -1px; padding: 2px'), 'padding'), [L(2), L(2), L(2), L(2)]);
  assert.deepEqual(sides(style('margin: 9px; margin-left: 1px'), 'margin'), [L(9), L(9), L(9), L(1)], 'a later longhand overrides');
  assert.deepEqual(style('inset: 1px 2px').left, L(2));
});

test('border, border-side, border-width/style/color', () => {
  const s = style('border: 2px dashed red');
  for (const side of [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft]) assert.deepEqual(side, { width: 2, style: 'dashed', color: red });
  const t = style('border: 1px solid #000; border-top: thick double; border-right-color: red; border-style: solid dotted');
  assert.deepEqual(t.borderTop, { width: 5, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } }, 'border-top resets color to currentcolor');
  assert.equal(t.borderRight.style, 'dotted');
  assert.deepEqual(t.borderRight.color, red);
  const u = style('border-color: red green blue; border-style: solid; border-width: 1px 2px');
  assert.deepEqual([u.borderTop.color.g, u.borderRight.color.g, u.borderBottom.color.b, u.borderLeft.color.g], [0, 128, 255, 128]);
  assert.deepEqual([u.borderTop.width, u.borderRight.width, u.borderBottom.width, u.borderLeft.width], [1, 2, 1, 2]);
  assert.equal(style('border: solid solid').borderTop.width, 0, 'a repeated component is invalid');
  assert.equal(style('border: red 3px solid').borderLeft.width, 3, 'any order');
});

test('border-radius: 1–4 values and / for elliptical corners', () => {
  const s = style('border-radius: 10px 20% / 5px');
  assert.deepEqual(s.borderTopLeftRadius, { h: L(10), v: L(5) });
  assert.deepEqual(s.borderTopRightRadius, { h: L(0, 20), v: L(5) });
  assert.deepEqual(s.borderBottomRightRadius, { h: L(10), v: L(5) });
  assert.deepEqual(s.borderBottomLeftRadius, { h: L(0, 20), v: L(5) });
  const t = style('border-radius: 1px 2px 3px 4px');
  assert.deepEqual([t.borderTopLeftRadius.h, t.borderTopRightRadius.h, t.borderBottomRightRadius.h, t.borderBottomLeftRadius.h], [L(1), L(2), L(3), L(4)]);
  assert.deepEqual(style('border-top-left-radius: 1em 2em').borderTopLeftRadius, { h: L(16), v: L(32) });
});

test('background: colour, url, repeat, position with edge offsets, size, origin/clip, layers', () => {
  const s = style('background: #fff url("a.png") no-repeat right 10px top / 50% auto content-box');
  assert.deepEqual(s.backgroundColor, { r: 255, g: 255, b: 255, a: 1 });
  assert.equal(s.backgroundLayers.length, 1);
  const l = s.backgroundLayers[0];
  assert.deepEqual(l.image, { kind: 'url', url: 'a.png' });
  assert.deepEqual(l.repeat, { x: 'no-repeat', y: 'no-repeat' });
  assert.deepEqual(l.position, { x: L(-10, 100), y: L(0, 0) });
  assert.deepEqual(l.size, { w: L(0, 50), h: 'auto' });
  assert.equal(l.origin, 'content-box');
  assert.equal(l.clip, 'content-box');
  const m = style('background: url(a.png) center / cover repeat-x, url(b.png) 5px 10px no-repeat red');
  assert.equal(m.backgroundLayers.length, 2);
  assert.deepEqual(m.backgroundLayers[0].position, { x: L(0, 50), y: L(0, 50) });
  assert.equal(m.backgroundLayers[0].size, 'cover');
  assert.deepEqual(m.backgroundLayers[0].repeat, { x: 'repeat', y: 'no-repeat' });
  assert.deepEqual(m.backgroundLayers[1].position, { x: L(5), y: L(10) });
  assert.deepEqual(m.backgroundColor, red);
  assert.deepEqual(style('background: red url(a.png), blue').backgroundColor, { r: 0, g: 0, b: 0, a: 0 }, 'colour only in the final layer');
  assert.deepEqual(style('background-color: red; background: none').backgroundColor, { r: 0, g: 0, b: 0, a: 0 }, 'shorthand resets the colour');
  assert.deepEqual(style('background: url(x.png)').backgroundLayers[0].position, { x: L(0), y: L(0) });
});

test('background-* longhands: position forms, size, repeat, lists repeated to the image count', () => {
  const pos = (v: string) => style(`background-image: url(a); background-position: ${v}`).backgroundLayers[0].position;
  assert.deepEqual(pos('left'), { x: L(0), y: L(0, 50) });
  assert.deepEqual(pos('top'), { x: L(0, 50), y: L(0) });
  assert.deepEqual(pos('bottom right'), { x: L(0, 100), y: L(0, 100) });
  assert.deepEqual(pos('center 25%'), { x: L(0, 50), y: L(0, 25) });
  assert.deepEqual(pos('right 10px bottom 5%'), { x: L(-10, 100), y: L(0, 95) });
  assert.deepEqual(pos('center top 4px'), { x: L(0, 50), y: L(4) });
  assert.deepEqual(pos('bottom 2px left'), { x: L(0), y: L(-2, 100) });
  assert.deepEqual(pos('1em 2em'), { x: L(16), y: L(32) });
  assert.deepEqual(pos('left right'), { x: L(0), y: L(0) }, 'invalid: stays initial');
  const s = style('background-image: url(a), url(b), url(c); background-repeat: repeat-y, space round; background-size: contain, 10px');
  const L3 = s.backgroundLayers;
  assert.equal(L3.length, 3);
  assert.deepEqual(L3[0].repeat, { x: 'no-repeat', y: 'repeat' });
  assert.deepEqual(L3[1].repeat, { x: 'space', y: 'round' });
  assert.deepEqual(L3[2].repeat, { x: 'no-repeat', y: 'repeat' });
  assert.equal(L3[0].size, 'contain');
  assert.deepEqual(L3[1].size, { w: L(10), h: 'auto' });
  assert.equal(L3[2].size, 'contain');
  const w = new WarningSink();
  const g = style('background: linear-gradient(red, blue) #eee', null, w);
  assert.deepEqual(g.backgroundColor, { r: 0xee, g: 0xee, b: 0xee, a: 1 }, 'a gradient does not drop the colour');
  assert.equal(g.backgroundLayers.length, 1);
  assert.equal(g.backgroundLayers[0].image.kind, 'gradient', 'gradients are painted (css-images-3 §3)');
  assert.equal(w.list.length, 0);
});

test('font shorthand: style, variant, weight, size/line-height, family; resets', () => {
  const s = style('line-height: 3; font-weight: 900; font: italic small-caps bold 12px/1.5 "Helvetica Neue", Arial, sans-serif');
  assert.equal(s.fontStyle, 'italic');
  assert.equal(s.fontVariantCaps, 'small-caps');
  assert.equal(s.fontWeight, 700);
  assert.equal(s.fontSize, 12);
  assert.deepEqual(s.lineHeight, { number: 1.5 });
  assert.deepEqual(s.fontFamily, ['Helvetica Neue', 'Arial', 'sans-serif']);
  const t = style('line-height: 3; font-weight: 900; font: 20px serif');
  assert.equal(t.lineHeight, 'normal', 'omitted line-height is reset');
  assert.equal(t.fontWeight, 400);
  assert.deepEqual(style('font: 600 2em/24px Georgia', style('font-size: 10px')).lineHeight, { px: 24 });
  assert.equal(style('font: 600 2em/24px Georgia', style('font-size: 10px')).fontSize, 20);
  assert.equal(style('font: bold').fontWeight, 400, 'size and family are required');
  const w = new WarningSink();
  assert.equal(style('font: caption', null, w).fontSize, 16);
  assert.match(w.list[0].message, /system font/);
});

test('flex shorthand: 1, auto, none, 2 3 10%, basis alone', () => {
  const f = (v: string) => { const s = style(`flex: ${v}`); return [s.flexGrow, s.flexShrink, s.flexBasis]; };
  assert.deepEqual(f('1'), [1, 1, L(0, 0)]);
  assert.deepEqual(f('auto'), [1, 1, 'auto']);
  assert.deepEqual(f('none'), [0, 0, 'auto']);
  assert.deepEqual(f('2 3 10%'), [2, 3, L(0, 10)]);
  assert.deepEqual(f('30px'), [1, 1, L(30)]);
  assert.deepEqual(f('0 0 auto'), [0, 0, 'auto']);
  assert.deepEqual(f('1 30px'), [1, 1, L(30)]);
  assert.deepEqual(f('initial'), [0, 1, 'auto']);
  assert.deepEqual(f('1 2 3'), [0, 1, 'auto'], 'invalid');
  const s = style('flex-flow: column wrap; gap: 4px 2%; place-content: center space-between; align-self: last baseline; order: -1');
  assert.equal(s.flexDirection, 'column');
  assert.equal(s.flexWrap, 'wrap');
  assert.deepEqual(s.rowGap, L(4));
  assert.deepEqual(s.columnGap, L(0, 2));
  assert.equal(s.alignContent, 'center');
  assert.equal(s.justifyContent, 'space-between');
  assert.equal(s.alignSelf, 'last baseline');
  assert.equal(s.order, -1);
  assert.equal(style('justify-content: safe center').justifyContent, 'center');
  assert.equal(style('place-items: center start').alignItems, 'center');
  assert.deepEqual(style('gap: 3px').columnGap, L(3));
});

test('grid: templates with repeat/minmax/fr, areas, placement shorthands', () => {
  const s = style('grid-template-columns: [a] 100px repeat(2, 1fr minmax(10%, max-content)) auto [b]; grid-template-rows: min-content 2em');
  assert.deepEqual(s.gridTemplateColumns, [
    { kind: 'length', value: L(100) },
    { kind: 'fr', value: 1 }, { kind: 'minmax', min: { kind: 'length', value: L(0, 10) }, max: { kind: 'max-content' } },
    { kind: 'fr', value: 1 }, { kind: 'minmax', min: { kind: 'length', value: L(0, 10) }, max: { kind: 'max-content' } },
    { kind: 'auto' },
  ]);
  assert.deepEqual(s.gridTemplateRows, [{ kind: 'min-content' }, { kind: 'length', value: L(32) }]);
  const a = style('grid-template-areas: "head head" "side main"; grid-area: main');
  assert.deepEqual(a.gridTemplateAreas, [['head', 'head'], ['side', 'main']]);
  assert.deepEqual([a.gridRowStart, a.gridColumnStart, a.gridRowEnd, a.gridColumnEnd], Array(4).fill({ kind: 'area', name: 'main' }));
  assert.equal(style('grid-template-areas: "a b" "b a"').gridTemplateAreas, 'none', 'non-rectangular areas are invalid');
  const p = style('grid-row: 1 / span 2; grid-column: 2 / -1');
  assert.deepEqual([p.gridRowStart, p.gridRowEnd], [{ kind: 'line', line: 1 }, { kind: 'span', span: 2 }]);
  assert.deepEqual([p.gridColumnStart, p.gridColumnEnd], [{ kind: 'line', line: 2 }, { kind: 'line', line: -1 }]);
  assert.deepEqual(style('grid-column: 3').gridColumnEnd, { kind: 'auto' });
  const t = style('grid-template: "a a" 40px "b c" auto / 1fr 2fr');
  assert.deepEqual(t.gridTemplateAreas, [['a', 'a'], ['b', 'c']]);
  assert.deepEqual(t.gridTemplateRows, [{ kind: 'length', value: L(40) }, { kind: 'auto' }]);
  assert.deepEqual(t.gridTemplateColumns, [{ kind: 'fr', value: 1 }, { kind: 'fr', value: 2 }]);
  const u = style('grid-template: auto 1fr / 100px; grid-auto-flow: column dense; grid-auto-rows: 20px');
  assert.deepEqual(u.gridTemplateRows, [{ kind: 'auto' }, { kind: 'fr', value: 1 }]);
  assert.equal(u.gridAutoFlow, 'column dense');
  assert.deepEqual(u.gridAutoRows, [{ kind: 'length', value: L(20) }]);
  assert.equal(style('grid-auto-flow: dense').gridAutoFlow, 'row dense');
});

test('list-style, text-decoration, overflow, white-space longhands, font-variant', () => {
  const s = style('list-style: square inside url(m.png)');
  assert.deepEqual([s.listStyleType, s.listStylePosition, s.listStyleImage], ['square', 'inside', { kind: 'url', url: 'm.png' }]);
  const n = style('list-style: none');
  assert.deepEqual([n.listStyleType, n.listStyleImage], ['none', { kind: 'none' }]);
  const i = style('list-style-type: square; list-style: inside');
  assert.equal(i.listStyleType, 'disc', 'omitted type is reset');
  const d = style('text-decoration: underline overline dotted red');
  assert.deepEqual(d.textDecorationLine, { underline: true, overline: true, lineThrough: false });
  assert.equal(d.textDecorationStyle, 'dotted');
  assert.deepEqual(d.textDecorationColor, red);
  assert.deepEqual(style('text-decoration: line-through').textDecorationLine, { underline: false, overline: false, lineThrough: true });
  assert.deepEqual(style('text-decoration: underline; text-decoration: none').textDecorationLine, { underline: false, overline: false, lineThrough: false });
  assert.deepEqual(style('text-decoration-line: underline line-through').textDecorationLine, { underline: true, overline: false, lineThrough: true });
  const o = style('overflow: clip');
  assert.deepEqual([o.overflowX, o.overflowY], ['clip', 'clip']);
  assert.equal(style('white-space: pre; text-wrap-mode: wrap').whiteSpace, 'pre-wrap');
  assert.equal(style('white-space-collapse: preserve-breaks').whiteSpace, 'pre-line');
  assert.equal(style('text-wrap: nowrap').whiteSpace, 'nowrap');
  assert.equal(style('font-variant: small-caps').fontVariantCaps, 'small-caps');
});

test('@page size: keywords, orientation, lengths, invalid', () => {
  const w = new WarningSink();
  const near = (a: { width: number; height: number } | null, wd: number, ht: number, msg: string) => {
    assert.ok(a, msg);
    assert.ok(Math.abs(a.width - wd) < 0.05 && Math.abs(a.height - ht) < 0.05, `${msg}: ${a.width} × ${a.height}`);
  };
  near(computePageSize('A4', w), 793.7, 1122.5, 'A4');
  near(computePageSize('a4 landscape', w), 1122.5, 793.7, 'A4 landscape');
  // The default page (auto, an orientation alone) is A4 as Chromium lays out Playwright's 'A4': 596 × 843 pt.
  near(computePageSize('landscape', w), 1124, 794.667, 'landscape alone');
  near(computePageSize('letter', w), 816, 1056, 'letter');
  near(computePageSize('portrait legal', w), 816, 1344, 'legal');
  near(computePageSize('ledger', w), 1056, 1632, 'ledger');
  near(computePageSize('A3', w), 1122.5, 1587.4, 'A3');
  near(computePageSize('A5', w), 559.4, 793.7, 'A5');
  near(computePageSize('B5', w), 665.2, 944.9, 'B5');
  near(computePageSize('B4', w), 944.9, 1334.2, 'B4');
  near(computePageSize('100mm 50mm', w), 377.95, 188.98, 'two lengths');
  near(computePageSize('5in', w), 480, 480, 'one length: square');
  near(computePageSize('auto', w), 794.667, 1124, 'auto');
  near(computePageSize(undefined, w), 794.667, 1124, 'absent');
  assert.equal(w.list.length, 0);
  assert.equal(computePageSize('A4 A5', w), null);
  assert.equal(computePageSize('-10mm 5mm', w), null);
  assert.equal(computePageSize('10% 5mm', w), null);
  assert.equal(computePageSize('banana', w), null);
  assert.equal(w.list.length, 4);
  assert.equal(w.list[0].code, 'unsupported-value');
});

test('logical properties map to physical sides by direction', () => {
  const s = style('margin-inline: 1px 2px; padding-block: 3px 4px; border-inline-start: 2px solid red; inline-size: 50%; max-block-size: 9px; inset-inline-end: 5px');
  assert.deepEqual([s.marginLeft, s.marginRight, s.paddingTop, s.paddingBottom], [L(1), L(2), L(3), L(4)]);
  assert.deepEqual(s.borderLeft, { width: 2, style: 'solid', color: red });
  assert.equal(s.borderRight.width, 0);
  assert.deepEqual(s.width, L(0, 50));
  assert.deepEqual(s.maxHeight, L(9));
  assert.deepEqual(s.right, L(5));
  const r = style('direction: rtl; margin-inline-start: 7px; border-inline-end-width: 3px; border-inline-end-style: solid');
  assert.deepEqual(r.marginRight, L(7), 'inline-start is the right side in rtl');
  assert.equal(r.borderLeft.width, 3);
  const p = style('margin-left: 4px');
  assert.deepEqual(style('margin-inline-start: inherit', p).marginLeft, L(4));
});

test('font: 0 Ahem is a zero font-size; text-decoration sets the thickness too', () => {
  const s = style('font: 0 Ahem');
  assert.equal(s.fontSize, 0);
  assert.deepEqual(s.fontFamily, ['Ahem']);
  const w = new WarningSink();
  const t = style('text-decoration: underline blue calc(0.5em + 50%)', null, w);
  assert.deepEqual(t.textDecorationLine, { underline: true, overline: false, lineThrough: false });
  assert.deepEqual(t.textDecorationColor, { r: 0, g: 0, b: 255, a: 1 });
  assert.deepEqual(t.textDecorationThickness, { px: 8, pct: 50 });
  assert.equal(w.list.length, 0);
});

test('white-space two-value form; background-position-x/-y', () => {
  assert.equal(style('white-space: preserve nowrap').whiteSpace, 'pre');
  assert.equal(style('white-space: nowrap collapse').whiteSpace, 'nowrap');
  assert.equal(style('white-space: preserve-breaks').whiteSpace, 'pre-line');
  assert.equal(style('white-space: wrap wrap').whiteSpace, 'normal', 'invalid');
  const s = style('background-image: url(a); background-position: 1px 2px; background-position-x: right 3px; background-position-y: 25%');
  assert.deepEqual(s.backgroundLayers[0].position, { x: L(-3, 100), y: L(0, 25) });
  assert.deepEqual(style('background-image: url(a); background-position-y: bottom').backgroundLayers[0].position, { x: L(0), y: L(0, 100) });
});

test('background: a colour right after the size', () => {
  const s = style('background: url(a.png) center / cover #fff');
  assert.equal(s.backgroundLayers[0].size, 'cover');
  assert.deepEqual(s.backgroundColor, { r: 255, g: 255, b: 255, a: 1 });
  const t = style('background: url(a.png) 0 0 / 10px 20px no-repeat rgb(1, 2, 3)');
  assert.deepEqual(t.backgroundLayers[0].size, { w: L(10), h: L(20) });
  assert.deepEqual(t.backgroundColor, { r: 1, g: 2, b: 3, a: 1 });
});

test('background-clip without an image still clips the colour: the bottom layer is kept with image none (css-backgrounds-3 §3.7)', () => {
  const p = style('background: #00f padding-box');
  assert.deepEqual(p.backgroundColor, { r: 0, g: 0, b: 255, a: 1 });
  assert.equal(p.backgroundLayers.length, 1);
  assert.deepEqual(p.backgroundLayers[0].image, { kind: 'none' });
  assert.equal(p.backgroundLayers[0].clip, 'padding-box');
  assert.equal(style('background: red; background-clip: content-box').backgroundLayers[0].clip, 'content-box');
  // Several none layers: the bottom (last) one's clip counts.
  const m = style('background-image: none, none; background-clip: content-box, padding-box');
  assert.equal(m.backgroundLayers.length, 1);
  assert.equal(m.backgroundLayers[0].clip, 'padding-box');
  assert.deepEqual(style('background: #00f').backgroundLayers, [], 'border-box clip: no layer');
  assert.deepEqual(style('background: #00f border-box').backgroundLayers, []);
});
