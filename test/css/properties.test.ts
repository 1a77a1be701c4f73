/**
 * Tests for src/css/properties: computeStyle over declarations (longhands, inheritance,
 * CSS-wide keywords, var(), font sizes and weights, line-height, borders, warnings).
 * In: declarations. Out: assertions on ComputedStyle fields (px) and warnings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle, isKnownProperty, type ComputeContext } from '../../src/css/properties/index.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import type { Declaration } from '../../src/css/declaration.ts';
import { WarningSink } from '../../src/warnings.ts';

let line = 0;
/** Declarations from `name: value; …` text (one line number per declaration). */
export function decls(text: string): Declaration[] {
  return text.split(';').map((p) => p.trim()).filter(Boolean).map((p) => {
    const i = p.indexOf(':');
    const name = p.slice(0, i).trim();
    return { name: name.startsWith('--') ? name : name.toLowerCase(), value: p.slice(i + 1).trim(), important: false, line: ++line, source: 'test.css' };
  });
}
export function style(text: string, parent: ComputedStyle | null = null, extra: Partial<ComputeContext> = {}): ComputedStyle {
  return computeStyle(decls(text), { parent, rootFontSize: 16, quirks: false, warnings: new WarningSink(), ...extra });
}
const close = (a: number, b: number, msg = ''): void => assert.ok(Math.abs(a - b) < 1e-6, `${msg} ${a} ≉ ${b}`);

test('initial values without declarations', () => {
  const s = style('');
  assert.equal(s.display, 'inline');
  assert.equal(s.fontSize, 16);
  assert.deepEqual(s.borderTop, { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 1 } });
  assert.deepEqual(s.backgroundLayers, []);
  assert.equal(s.customProperties.size, 0);
});

test('inheritance: inherited properties copy the parent, others reset', () => {
  const p = style('color: red; font-size: 20px; margin-top: 5px; display: block; text-align: center; border-collapse: collapse');
  const c = style('', p);
  assert.deepEqual(c.color, { r: 255, g: 0, b: 0, a: 1 });
  assert.equal(c.fontSize, 20);
  assert.equal(c.textAlign, 'center');
  assert.equal(c.borderCollapse, 'collapse');
  assert.deepEqual(c.marginTop, { px: 0, pct: 0 });
  assert.equal(c.display, 'inline');
});

test('inherit / initial / unset / revert', () => {
  const p = style('margin-left: 7px; color: blue; border-top: 3px dotted red; background: url(a.png) no-repeat');
  const c = style('margin-left: inherit; color: initial; border-top-width: inherit; border-top-style: inherit', p);
  assert.deepEqual(c.marginLeft, { px: 7, pct: 0 });
  assert.deepEqual(c.color, { r: 0, g: 0, b: 0, a: 1 });
  assert.equal(c.borderTop.width, 3);
  assert.equal(c.borderTop.style, 'dotted');
  const u = style('color: unset; margin-left: unset; background-image: inherit', p);
  assert.deepEqual(u.color, { r: 0, g: 0, b: 255, a: 1 }, 'unset on an inherited property inherits');
  assert.deepEqual(u.marginLeft, { px: 0, pct: 0 }, 'unset on a non-inherited property is initial');
  assert.equal(u.backgroundLayers.length, 1);
  assert.deepEqual(u.backgroundLayers[0].image, { kind: 'url', url: 'a.png' });
  const r = style('color: revert; margin: revert', p);
  assert.deepEqual(r.color, { r: 0, g: 0, b: 255, a: 1 });
  assert.deepEqual(r.marginLeft, { px: 0, pct: 0 });
  const ua = (name: string, value: string): Declaration => ({ name, value, important: false, source: 'user agent' });
  const rv = computeStyle([ua('margin-top', '8px'), ua('display', 'block'), ...decls('margin: 0; display: flex; margin: revert; display: revert; padding: 3px; padding: revert')],
    { parent: null, rootFontSize: 16, quirks: false, warnings: new WarningSink() });
  assert.deepEqual([rv.marginTop, rv.marginLeft, rv.display, rv.paddingTop], [{ px: 8, pct: 0 }, { px: 0, pct: 0 }, 'block', { px: 0, pct: 0 }], 'revert rolls back to the UA origin');
  const m = style('margin: inherit', p);
  assert.deepEqual(m.marginLeft, { px: 7, pct: 0 }, 'shorthand with a CSS-wide keyword');
  const all = style('all: initial', p);
  assert.deepEqual(all.color, { r: 0, g: 0, b: 0, a: 1 });
});

test('later declarations win; an invalid one is dropped and the earlier value stays', () => {
  const w = new WarningSink();
  const s = computeStyle(decls('width: 10px; width: 20px; height: 5px; height: banana'), { parent: null, rootFontSize: 16, quirks: false, warnings: w });
  assert.deepEqual(s.width, { px: 20, pct: 0 });
  assert.deepEqual(s.height, { px: 5, pct: 0 });
  assert.equal(w.list.length, 1);
  assert.equal(w.list[0].code, 'unsupported-value');
  assert.match(w.list[0].message, /height/);
  assert.equal(w.list[0].source, 'test.css');
  assert.equal(typeof w.list[0].line, 'number');
});

test('warnings: unknown property with line; vendor prefixes skipped; aliases honoured', () => {
  const w = new WarningSink();
  const ds: Declaration[] = [
    { name: 'frobnicate', value: '1', important: false, line: 12, source: 'a.css' },
    { name: '-webkit-font-smoothing', value: 'antialiased', important: false, line: 13 },
    { name: '-moz-osx-font-smoothing', value: 'grayscale', important: false, line: 14 },
    { name: '-webkit-box-sizing', value: 'border-box', important: false, line: 15 },
    { name: '-webkit-print-color-adjust', value: 'exact', important: false, line: 16 },
    { name: 'word-wrap', value: 'break-word', important: false, line: 17 },
    { name: 'cursor', value: 'pointer', important: false, line: 18 },
    { name: 'outline', value: '1px solid red', important: false, line: 19 },
    { name: 'outline', value: '2px solid red', important: false, line: 20 },
  ];
  const s = computeStyle(ds, { parent: null, rootFontSize: 16, quirks: false, warnings: w });
  assert.equal(s.boxSizing, 'border-box');
  assert.equal(s.overflowWrap, 'break-word');
  const props = w.list.filter((x) => x.code === 'unsupported-property');
  assert.equal(props.length, 1, JSON.stringify(w.list));
  assert.deepEqual({ line: props[0].line, source: props[0].source }, { line: 12, source: 'a.css' });
  assert.equal(s.outlineWidth, 2, 'outline is a property (css-ui-4 §3), the later declaration wins');
  assert.ok(isKnownProperty('margin') && isKnownProperty('border-top-left-radius') && isKnownProperty('--x'));
  assert.ok(isKnownProperty('-webkit-box-sizing') && isKnownProperty('word-wrap'));
  assert.ok(!isKnownProperty('frobnicate') && isKnownProperty('outline'));
});

test('font-size: keywords, relative keywords, em/% chains, rem', () => {
  const kw: Record<string, number> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };
  for (const [k, v] of Object.entries(kw)) assert.equal(style(`font-size: ${k}`).fontSize, v, k);
  const p = style('font-size: 20px');
  close(style('font-size: larger', p).fontSize, 24);
  close(style('font-size: smaller', p).fontSize, 20 / 1.2);
  const a = style('font-size: 1.5em', p);
  close(a.fontSize, 30);
  const b = style('font-size: 50%', a);
  close(b.fontSize, 15);
  const c = style('font-size: 2em; margin-top: 1em; padding-left: 1rem', b);
  close(c.fontSize, 30, 'em chain');
  assert.deepEqual(c.marginTop, { px: 30, pct: 0 }, 'em of other properties uses the element\'s own font-size');
  assert.deepEqual(c.paddingLeft, { px: 16, pct: 0 });
  close(style('font-size: 2ex', p, { fontMetrics: (s) => ({ xHeight: s.fontSize * 0.4, chWidth: s.fontSize * 0.6 }) }).fontSize, 16, 'ex of the parent font');
  assert.equal(style('font-size: -2px').fontSize, 16, 'negative is invalid');
});

test('root rem: other properties use the root\'s own font-size', () => {
  const r = style('font-size: 2rem; margin-top: 1rem');
  assert.equal(r.fontSize, 32);
  assert.deepEqual(r.marginTop, { px: 32, pct: 0 });
});

test('font-weight: numbers, keywords, bolder/lighter per css-fonts-4 table', () => {
  assert.equal(style('font-weight: bold').fontWeight, 700);
  assert.equal(style('font-weight: normal').fontWeight, 400);
  assert.equal(style('font-weight: 650').fontWeight, 650);
  assert.equal(style('font-weight: 0').fontWeight, 400, 'out of range is invalid');
  const rows: Array<[number, number, number]> = [[50, 400, 50], [100, 400, 100], [300, 400, 100], [400, 700, 100], [500, 700, 100], [600, 900, 400], [700, 900, 400], [800, 900, 700], [900, 900, 700]];
  for (const [parent, bolder, lighter] of rows) {
    const p = style(`font-weight: ${parent}`);
    assert.equal(style('font-weight: bolder', p).fontWeight, bolder, `bolder of ${parent}`);
    assert.equal(style('font-weight: lighter', p).fontWeight, lighter, `lighter of ${parent}`);
  }
});

test('font-family: quoted and unquoted names, generic families lower-cased', () => {
  assert.deepEqual(style('font-family: "Times New Roman", Georgia Pro,  SANS-SERIF, Monospace').fontFamily, ['Times New Roman', 'Georgia Pro', 'sans-serif', 'monospace']);
  assert.deepEqual(style("font-family: 'serif'").fontFamily, ['serif']);
  assert.deepEqual(style('font-family: Arial, , serif').fontFamily, ['serif'], 'invalid list is dropped');
});

test('line-height: normal, number, length, percentage, em', () => {
  assert.equal(style('line-height: normal').lineHeight, 'normal');
  assert.deepEqual(style('line-height: 1.5').lineHeight, { number: 1.5 });
  assert.deepEqual(style('line-height: 18px').lineHeight, { px: 18 });
  assert.deepEqual(style('font-size: 20px; line-height: 150%').lineHeight, { px: 30 });
  assert.deepEqual(style('line-height: 2em; font-size: 10px').lineHeight, { px: 20 });
  const p = style('font-size: 10px; line-height: 2');
  assert.deepEqual(style('font-size: 30px', p).lineHeight, { number: 2 }, 'a number inherits as a number');
  const q = style('font-size: 10px; line-height: 200%');
  assert.deepEqual(style('font-size: 30px', q).lineHeight, { px: 20 }, 'a percentage inherits as px');
  assert.equal(style('line-height: -1').lineHeight, 'normal');
});

test('border widths: keywords, Chromium rounding, style none -> 0, currentcolor', () => {
  const s = style('border-style: solid; border-width: thin medium thick 2.7px; color: green');
  assert.deepEqual([s.borderTop.width, s.borderRight.width, s.borderBottom.width, s.borderLeft.width], [1, 3, 5, 2]);
  assert.deepEqual(s.borderTop.color, { r: 0, g: 128, b: 0, a: 1 }, 'border-color initial is currentcolor');
  assert.equal(style('border: 0.3px solid').borderTop.width, 1);
  assert.equal(style('border: 0 solid').borderTop.width, 0);
  assert.equal(style('border-width: 5px').borderTop.width, 0, 'style none');
  assert.equal(style('border: 4px hidden').borderTop.width, 0, 'style hidden');
  assert.equal(style('border-style: solid').borderTop.width, 3, 'initial medium');
  assert.equal(style('font-size: 10px; border: 0.25em solid').borderLeft.width, 2);
  assert.equal(style('border: 1px solid; border-left-style: none').borderLeft.width, 0);
});

test('currentcolor in colour properties follows the element\'s color', () => {
  const s = style('color: #00f; background-color: currentColor; text-decoration-color: currentcolor; border: 1px solid currentcolor');
  const blue = { r: 0, g: 0, b: 255, a: 1 };
  assert.deepEqual(s.backgroundColor, blue);
  assert.deepEqual(s.textDecorationColor, blue);
  assert.deepEqual(s.borderBottom.color, blue);
  const p = style('color: red');
  assert.deepEqual(style('color: currentcolor', p).color, { r: 255, g: 0, b: 0, a: 1 }, 'color: currentcolor is inherit');
  assert.deepEqual(style('', p).textDecorationColor, { r: 255, g: 0, b: 0, a: 1 });
});

test('var(): substitution in properties, fallback, undefined -> unset, inheritance of custom properties', () => {
  const w = new WarningSink();
  const ctx = { parent: null, rootFontSize: 16, quirks: false, warnings: w };
  const p = computeStyle(decls('--gap: 12px; --brand: #f00; --Case: 1px; color: red'), ctx);
  assert.equal(p.customProperties.get('--Case'), '1px', 'custom property names keep their case');
  const c = computeStyle(decls('margin: var(--gap) 0; color: var(--brand); padding-top: var(--nope, 3px); width: var(--nope); border-top: var(--gap) solid var(--brand)'), { ...ctx, parent: p });
  assert.equal(c.customProperties, p.customProperties, 'the parent map is shared when unchanged');
  assert.deepEqual(c.marginTop, { px: 12, pct: 0 });
  assert.deepEqual(c.marginRight, { px: 0, pct: 0 });
  assert.deepEqual(c.color, { r: 255, g: 0, b: 0, a: 1 });
  assert.deepEqual(c.paddingTop, { px: 3, pct: 0 });
  assert.equal(c.width, 'auto');
  assert.equal(c.borderTop.width, 12);
  assert.ok(w.list.some((x) => x.code === 'unsupported-value' && /var\(\)/.test(x.message)));
  // invalid at computed-value time -> unset (not the earlier declaration)
  const d = computeStyle(decls('color: blue; color: var(--missing)'), { ...ctx, parent: p });
  assert.deepEqual(d.color, { r: 255, g: 0, b: 0, a: 1 }, 'unset inherits');
  const e = computeStyle(decls('--bad: banana; margin-left: 5px; margin-left: var(--bad); padding: 2px; padding: var(--bad)'), { ...ctx, parent: p });
  assert.deepEqual(e.marginLeft, { px: 0, pct: 0 }, 'invalid after substitution: unset, not the earlier value');
  assert.deepEqual(e.paddingTop, { px: 0, pct: 0 }, 'same for a shorthand');
  const cyc = computeStyle(decls('--a: var(--b); --b: var(--a); --c: 5px; margin-left: var(--a, 9px)'), ctx);
  assert.equal(cyc.customProperties.has('--a'), false);
  assert.deepEqual(cyc.marginLeft, { px: 9, pct: 0 }, 'cyclic variable uses the fallback');
});

test('display: single keywords, flow-root, two-value syntax', () => {
  const d = (v: string) => style(`display: ${v}`).display;
  assert.equal(d('flow-root'), 'block');
  assert.equal(d('inline flow-root'), 'inline-block');
  assert.equal(d('block flex'), 'flex');
  assert.equal(d('inline flex'), 'inline-flex');
  assert.equal(d('inline table'), 'inline-table');
  assert.equal(d('block list-item'), 'list-item');
  assert.equal(d('table-cell'), 'table-cell');
  assert.equal(d('-webkit-box'), 'flex');
  assert.equal(d('inline block'), 'inline', 'invalid: stays initial');
});

test('keyword properties and simple values', () => {
  const s = style('position: absolute; float: right; clear: both; z-index: -3; opacity: 50%; visibility: hidden; overflow: hidden auto; box-sizing: border-box; object-fit: cover; text-transform: uppercase; white-space: pre-wrap; word-break: break-all; hyphens: auto; direction: rtl; tab-size: 4; orphans: 3; widows: 4; page: cover; table-layout: fixed; empty-cells: hide; caption-side: bottom; letter-spacing: normal; word-spacing: 0.5em');
  assert.equal(s.position, 'absolute');
  assert.equal(s.float, 'right');
  assert.equal(s.clear, 'both');
  assert.equal(s.zIndex, -3);
  assert.equal(s.opacity, 0.5);
  assert.equal(s.visibility, 'hidden');
  assert.equal(s.overflowX, 'hidden');
  assert.equal(s.overflowY, 'auto');
  assert.equal(s.boxSizing, 'border-box');
  assert.equal(s.objectFit, 'cover');
  assert.equal(s.textTransform, 'uppercase');
  assert.equal(s.whiteSpace, 'pre-wrap');
  assert.equal(s.wordBreak, 'break-all');
  assert.equal(s.hyphens, 'auto');
  assert.equal(s.direction, 'rtl');
  assert.equal(s.tabSize, 4);
  assert.equal(s.orphans, 3);
  assert.equal(s.widows, 4);
  assert.equal(s.page, 'cover');
  assert.equal(s.tableLayout, 'fixed');
  assert.equal(s.emptyCells, 'hide');
  assert.equal(s.captionSide, 'bottom');
  assert.equal(s.letterSpacing, 0);
  assert.equal(s.wordSpacing, 8);
  assert.equal(style('opacity: 1.7').opacity, 1);
  assert.equal(style('z-index: 1.5').zIndex, 'auto');
});

test('text-align: keywords, -webkit-center, match-parent', () => {
  assert.equal(style('text-align: -webkit-center').textAlign, 'center');
  assert.equal(style('text-align: justify').textAlign, 'justify');
  const rtl = style('direction: rtl; text-align: start');
  assert.equal(style('text-align: match-parent', rtl).textAlign, 'right');
  assert.equal(style('text-align-last: justify').textAlignLast, 'justify');
});

test('vertical-align, text-indent, sizes and percentages', () => {
  assert.equal(style('vertical-align: super').verticalAlign, 'super');
  assert.deepEqual(style('vertical-align: -2px').verticalAlign, { px: -2, pct: 0 });
  assert.deepEqual(style('vertical-align: 50%').verticalAlign, { px: 0, pct: 50 });
  assert.deepEqual(style('text-indent: 2em').textIndent, { px: 32, pct: 0 });
  assert.deepEqual(style('text-indent: 10%').textIndent, { px: 0, pct: 10 });
  assert.deepEqual(style('width: calc(100% - 2em); max-width: none; min-height: 3pt').width, { px: -32, pct: 100 });
  assert.equal(style('max-width: none').maxWidth, 'none');
  assert.deepEqual(style('min-height: 3pt').minHeight, { px: 4, pct: 0 });
  assert.equal(style('width: -5px').width, 'auto', 'negative width is invalid');
  assert.equal(style('width: fit-content').width, 'auto');
  assert.deepEqual(style('margin-left: -10%').marginLeft, { px: 0, pct: -10 });
  close((style('width: 10vw').width as { px: number }).px, (210 - 20) * 96 / 25.4 * 0.1, 'vw against the A4 page area');
  assert.deepEqual(style('width: 10vw', null, { viewport: { width: 500, height: 800 } }).width, { px: 50, pct: 0 });
});

test('quirks mode: unitless lengths only for the quirky properties', () => {
  const q = { quirks: true };
  assert.deepEqual(style('width: 100; margin-top: 5; font-size: 12', null, q).width, { px: 100, pct: 0 });
  assert.deepEqual(style('margin-top: 5', null, q).marginTop, { px: 5, pct: 0 });
  assert.equal(style('font-size: 12', null, q).fontSize, 12);
  assert.deepEqual(style('line-height: 3', null, q).lineHeight, { number: 3 }, 'line-height is a number, not a quirky length');
  assert.equal(style('width: 100').width, 'auto', 'standards mode rejects unitless');
  assert.equal(style('flex-basis: 100', null, q).flexBasis, 'auto', 'flex-basis is not quirky');
  assert.deepEqual(style('color: ff0000', null, q).color, { r: 255, g: 0, b: 0, a: 1 }, 'hashless hex colour quirk');
});

test('content, quotes, counters, list-style-type', () => {
  const s = style('content: "a" attr(data-X) counter(item) counters(sec, ".", upper-roman) open-quote no-close-quote url(i.png)');
  assert.deepEqual(s.content, [
    { kind: 'string', value: 'a' }, { kind: 'attr', name: 'data-x' }, { kind: 'counter', name: 'item', style: 'decimal' },
    { kind: 'counters', name: 'sec', separator: '.', style: 'upper-roman' }, { kind: 'open-quote' }, { kind: 'no-close-quote' },
    { kind: 'url', url: 'i.png' },
  ]);
  assert.equal(style('content: none').content, 'none');
  assert.equal(style('content: normal').content, 'normal');
  assert.deepEqual(style('quotes: "«" "»" "‹" "›"').quotes, ['«', '»', '‹', '›']);
  assert.equal(style('quotes: "a"').quotes, 'auto', 'odd count is invalid');
  assert.deepEqual(style('counter-reset: a b 3').counterReset, [{ name: 'a', value: 0 }, { name: 'b', value: 3 }]);
  assert.deepEqual(style('counter-increment: a -2 b').counterIncrement, [{ name: 'a', value: -2 }, { name: 'b', value: 1 }]);
  assert.deepEqual(style('counter-set: x').counterSet, [{ name: 'x', value: 0 }]);
  assert.deepEqual(style('counter-reset: none').counterReset, []);
  assert.equal(style('list-style-type: lower-latin').listStyleType, 'lower-alpha');
  assert.equal(style('list-style-type: upper-roman').listStyleType, 'upper-roman');
  assert.equal(style('list-style-type: "→ "').listStyleType, '"→ ');
  const w = new WarningSink();
  assert.equal(style('list-style-type: georgian').listStyleType, 'georgian');
  const a = computeStyle(decls('list-style-type: hebrew'), { parent: null, rootFontSize: 16, quirks: false, warnings: w });
  assert.equal(a.listStyleType, 'decimal');
  assert.equal(w.list[0]?.code, 'unsupported-value');
});

test('breaks: break-*, legacy page-break-*', () => {
  const s = style('page-break-before: always; page-break-after: avoid; page-break-inside: avoid');
  assert.equal(s.breakBefore, 'page');
  assert.equal(s.breakAfter, 'avoid');
  assert.equal(s.breakInside, 'avoid');
  const t = style('break-before: left; break-after: page; break-inside: avoid-page');
  assert.deepEqual([t.breakBefore, t.breakAfter, t.breakInside], ['left', 'page', 'avoid-page']);
});

test('tables: border-spacing one or two lengths', () => {
  const s = style('border-spacing: 2px 1em');
  assert.deepEqual([s.borderSpacingH, s.borderSpacingV], [2, 16]);
  const t = style('border-spacing: 3pt');
  assert.deepEqual([t.borderSpacingH, t.borderSpacingV], [4, 4]);
  const c = style('', style('border-spacing: 5px'));
  assert.equal(c.borderSpacingV, 5, 'inherited');
});

test('computeStyle never throws on odd input; API misuse throws TypeError', () => {
  const odd = ['', ')', '}', '"unterminated', 'url(', 'calc(', 'calc(((((', '#', '!important', '\\', 'var(', 'var(--', 'rgb(', '1e400px', '--', 'a'.repeat(10000)];
  const names = ['width', 'color', 'margin', 'border', 'background', 'font', 'content', 'grid-template', 'flex', 'display', 'font-family', 'transform'];
  for (const n of names) for (const v of odd) assert.doesNotThrow(() => style(`${n}: ${v}`), `${n}: ${v}`);
  assert.throws(() => computeStyle([], null as unknown as ComputeContext), TypeError);
});

test('inheritedStyle equals computeStyle with no declarations', async () => {
  const { inheritedStyle } = await import('../../src/css/properties/index.ts');
  const p = style('color: red; font-size: 20px; margin: 3px; border: 1px solid; --v: 1; background: blue');
  assert.deepEqual(inheritedStyle(p), style('', p));
  assert.throws(() => inheritedStyle(null as unknown as ComputedStyle), TypeError);
});
