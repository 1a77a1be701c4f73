/**
 * Tests for src/css/values: tokenizer, lengths and calc(), colours, var() substitution.
 * In: value text. Out: assertions on parsed and computed values (px, sRGB channels).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../src/css/values/tokens.ts';
import { computeLength, parseLength, parseNumber, type LengthEnv } from '../../src/css/values/length.ts';
import { CURRENT_COLOR, isCurrentRelative, parseColor, resolveCurrent } from '../../src/css/values/color.ts';
import { NAMED_COLORS } from '../../src/css/values/named-colors.ts';
import { computeCustomProperties, substituteVars } from '../../src/css/values/var.ts';

const env: LengthEnv = { em: 20, rem: 16, vw: 1000, vh: 500, metrics: () => ({ xHeight: 9, chWidth: 11 }) };
const len = (text: string, pct = true): { px: number; pct: number } | null => {
  const t = tokenize(text);
  const e = t && t.length === 1 ? parseLength(t[0], { pct }) : null;
  return e ? computeLength(e, env) : null;
};
const close = (a: number, b: number, msg?: string): void => assert.ok(Math.abs(a - b) < 1e-6, `${msg ?? ''} ${a} ≉ ${b}`);

test('tokenizer: numbers, dimensions, strings, functions, url, hash', () => {
  const t = tokenize('-1.5e1px 50% "a\\"b" url( x.png ) calc(1px + 2em) #fff, / [a b]')!;
  assert.deepEqual(t.map((n) => n.t), ['dim', 'pct', 'str', 'url', 'fn', 'hash', 'comma', 'slash', 'block']);
  assert.equal((t[0] as { v: number }).v, -15);
  assert.equal((t[2] as { v: string }).v, 'a"b');
  assert.equal((t[3] as { v: string }).v, 'x.png');
  assert.equal(tokenize('a ) b'), null);
  assert.equal(tokenize('a; b'), null);
  assert.deepEqual(tokenize('/* c */ x'), [{ t: 'ident', v: 'x', lc: 'x' }]);
  // an escaped identifier
  assert.equal((tokenize('\\41 b')![0] as { v: string }).v, 'Ab');
});

test('absolute units to px', () => {
  const cases: Array<[string, number]> = [
    ['10px', 10], ['12pt', 16], ['1pc', 16], ['1in', 96], ['2.54cm', 96], ['25.4mm', 96], ['4Q', 96 / 25.4], ['0', 0], ['1PX', 1],
  ];
  for (const [t, px] of cases) close(len(t)!.px, px, t);
});

test('relative units: em, rem, ex, ch, vw, vh, vmin, vmax, %', () => {
  close(len('2em')!.px, 40);
  close(len('2rem')!.px, 32);
  close(len('2ex')!.px, 18);
  close(len('2ch')!.px, 22);
  close(len('10vw')!.px, 100);
  close(len('10vh')!.px, 50);
  close(len('10vmin')!.px, 50);
  close(len('10vmax')!.px, 100);
  assert.deepEqual(len('50%'), { px: 0, pct: 50 });
  assert.equal(len('50%', false), null);
  assert.equal(len('10'), null, 'unitless non-zero is not a length');
  assert.equal(len('10furlongs'), null);
});

test('calc() with mixed units folds into px + pct', () => {
  assert.deepEqual(len('calc(100% - 20px)'), { px: -20, pct: 100 });
  const v = len('calc(50% + 2em - 12pt)')!;
  close(v.px, 40 - 16); close(v.pct, 50);
  close(len('calc(2 * (1in + 4px) / 4)')!.px, 50);
  close(len('calc(100%/3)')!.pct, 100 / 3);
  assert.equal(len('calc(100% -20px)'), null, 'missing operator');
  assert.equal(len('calc(1px * 2px)'), null, 'length × length');
  assert.equal(len('calc(1px + 2)'), null, 'length + number');
  assert.equal(len('calc(1px / 0)'), null);
  close(len('-webkit-calc(1em + 1px)')!.px, 21);
});

test('min(), max(), clamp()', () => {
  close(len('min(10px, 2em)')!.px, 10);
  close(len('max(10px, 2em)')!.px, 40);
  close(len('clamp(10px, 1em, 30px)')!.px, 20);
  close(len('clamp(25px, 1em, 30px)')!.px, 25);
  close(len('calc(max(1px, 2px) + 10px)')!.px, 12);
  // percentage vs length: decided against the A4 content width (approximation)
  assert.deepEqual(len('min(100%, 500px)'), { px: 500, pct: 0 });
  assert.deepEqual(len('max(100%, 500px)'), { px: 0, pct: 100 });
});

test('numbers and number calc()', () => {
  assert.equal(parseNumber(tokenize('1.5')![0]), 1.5);
  assert.equal(parseNumber(tokenize('calc(1 + 2 * 3)')![0]), 7);
  assert.ok(Number.isNaN(parseNumber(tokenize('1px')![0])));
});

const col = (text: string) => { const t = tokenize(text); return t && t.length === 1 ? parseColor(t[0]) : null; };
const rgba = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });
const nearColor = (c: { r: number; g: number; b: number; a: number } | null, e: { r: number; g: number; b: number; a: number }, msg: string): void => {
  assert.ok(c, msg);
  for (const k of ['r', 'g', 'b', 'a'] as const) assert.ok(Math.abs(c[k] - e[k]) < 0.51, `${msg}: ${k} ${c[k]} vs ${e[k]}`);
};

test('colours: 148 named colours, transparent, currentcolor, system colour', () => {
  assert.equal(NAMED_COLORS.size, 148);
  assert.deepEqual(col('rebeccapurple'), rgba(0x66, 0x33, 0x99));
  assert.deepEqual(col('LightGoldenRodYellow'), rgba(0xfa, 0xfa, 0xd2));
  assert.deepEqual(col('transparent'), rgba(0, 0, 0, 0));
  assert.equal(col('currentColor'), CURRENT_COLOR);
  assert.deepEqual(col('Canvas'), rgba(255, 255, 255));
  assert.equal(col('notacolor'), null);
});

test('colours: hex 3/4/6/8', () => {
  assert.deepEqual(col('#f00'), rgba(255, 0, 0));
  nearColor(col('#f008'), rgba(255, 0, 0, 0x88 / 255), '#f008');
  assert.deepEqual(col('#336699'), rgba(0x33, 0x66, 0x99));
  nearColor(col('#33669980'), rgba(0x33, 0x66, 0x99, 0x80 / 255), '#rrggbbaa');
  assert.equal(col('#12345'), null);
  assert.equal(col('#ggg'), null);
});

test('colours: rgb()/rgba() comma and space syntaxes, percentages, alpha', () => {
  assert.deepEqual(col('rgb(255, 0, 10)'), rgba(255, 0, 10));
  assert.deepEqual(col('rgba(255,0,10,0.5)'), rgba(255, 0, 10, 0.5));
  assert.deepEqual(col('rgb(255 0 10 / 50%)'), rgba(255, 0, 10, 0.5));
  assert.deepEqual(col('rgba(100% 0% 0%)'), rgba(255, 0, 0));
  assert.deepEqual(col('rgb(300, -5, 0)'), rgba(255, 0, 0), 'clamped');
  assert.equal(col('rgb(255, 0%, 0)'), null, 'legacy syntax cannot mix numbers and percentages');
  assert.equal(col('rgb(255 0, 0)'), null);
  assert.equal(col('rgb(1, 2)'), null);
});

test('colours: hsl()/hsla() both syntaxes, hue units, hwb()', () => {
  nearColor(col('hsl(120, 100%, 50%)'), rgba(0, 255, 0), 'hsl green');
  nearColor(col('hsla(240, 100%, 50%, .25)'), rgba(0, 0, 255, 0.25), 'hsla');
  nearColor(col('hsl(0.5turn 100% 25% / 0.5)'), rgba(0, 128, 128, 0.5), 'turn');
  nearColor(col('hsl(3.14159rad 100% 50%)'), rgba(0, 255, 255), 'rad');
  nearColor(col('hsl(0, 0%, 50%)'), rgba(128, 128, 128), 'grey');
  nearColor(col('hwb(0 0% 0%)'), rgba(255, 0, 0), 'hwb red');
  nearColor(col('hwb(0 60% 60%)'), rgba(128, 128, 128), 'hwb grey');
  assert.equal(col('hsl(120, 100, 50)'), null, 'legacy hsl needs percentages');
});

test('var(): substitution, fallback, nested fallback, missing', () => {
  const vars = new Map([['--a', '10px'], ['--b', 'red']]);
  const look = (n: string) => vars.get(n);
  assert.equal(substituteVars('var(--a) var(--b)', look), '10px red');
  assert.equal(substituteVars('calc(var(--a) * 2)', look), 'calc(10px * 2)');
  assert.equal(substituteVars('var(--x, 3px)', look), '3px');
  assert.equal(substituteVars('var(--x, var(--y, blue))', look), 'blue');
  assert.equal(substituteVars('var(--x, 1px, 2px)', look), '1px, 2px');
  assert.equal(substituteVars('var(--x)', look), null);
  assert.equal(substituteVars('"var(--a)"', look), '"var(--a)"', 'not inside strings');
});

test('custom properties: var() between them, cycles invalid, initial/inherit', () => {
  const parent = new Map([['--p', 'blue']]);
  const own = new Map([['--a', 'var(--b)'], ['--b', '1px'], ['--c', 'var(--d)'], ['--d', 'var(--c, 2px)'], ['--e', 'var(--p)'], ['--p2', 'initial']]);
  const m = computeCustomProperties(own, parent);
  assert.equal(m.get('--a'), '1px');
  assert.equal(m.get('--e'), 'blue');
  assert.equal(m.has('--c'), false, 'cycle');
  assert.equal(m.has('--d'), false, 'cycle, despite its fallback');
  assert.equal(m.has('--p2'), false);
  assert.equal(m.get('--p'), 'blue');
  assert.equal(computeCustomProperties(new Map(), parent), parent, 'shared when unchanged');
  // exponential expansion is cut off
  const big = new Map<string, string>([['--l0', 'xxxxxxxxxx']]);
  for (let i = 1; i < 30; i++) big.set(`--l${i}`, `var(--l${i - 1}) var(--l${i - 1})`);
  const r = computeCustomProperties(big, new Map());
  assert.equal(r.has('--l29'), false);
});

test('calc() constants: pi, e, infinity (clamped)', () => {
  close(parseNumber(tokenize('calc(pi)')![0]), Math.PI);
  close(parseNumber(tokenize('calc(e * 2)')![0]), 2 * Math.E);
  assert.equal(len('calc(infinity * 1px)')!.px, 1e7);
});

test('parseColorText: text to sRGB, null for currentcolor and junk', async () => {
  const { parseColorText } = await import('../../src/css/values/index.ts');
  assert.deepEqual(parseColorText(' #0f0 '), rgba(0, 255, 0));
  assert.deepEqual(parseColorText('rgb(0 0 255 / 50%)'), rgba(0, 0, 255, 0.5));
  assert.equal(parseColorText('currentcolor'), null);
  assert.equal(parseColorText('red blue'), null);
});

test('huge numbers are clamped to a finite value', () => {
  assert.equal(len('1e999px')!.px, 1e7);
  assert.equal(len('-1e999px')!.px, -1e7);
});

test('colours: lab(), lch(), oklab(), oklch() (css-color-4 §9)', () => {
  nearColor(col('lab(54.2917 80.8125 69.8851)'), rgba(255, 0, 0), 'lab red (D50)');
  nearColor(col('lab(100% 0 0)'), rgba(255, 255, 255), 'lab white');
  nearColor(col('lch(54.2917 106.839 40.8526)'), rgba(255, 0, 0), 'lch red');
  nearColor(col('oklab(0.627955 0.224863 0.125846)'), rgba(255, 0, 0), 'oklab red');
  nearColor(col('oklch(62.7955% 0.257683 29.2339 / 0.5)'), rgba(255, 0, 0, 0.5), 'oklch red');
  nearColor(col('oklch(0 0 0)'), rgba(0, 0, 0), 'oklch black');
  // Tailwind v4 blue-500
  nearColor(col('oklch(62.3% 0.214 259.815)'), rgba(0x2b, 0x7f, 0xff), 'tailwind blue-500 (clipped)');
  assert.equal(col('lab(50, 0, 0)'), null, 'no legacy comma syntax');
});

test('colours: color() and color-mix() (css-color-5)', () => {
  nearColor(col('color(srgb 1 0.5 0 / 50%)'), rgba(255, 127.5, 0, 0.5), 'color(srgb)');
  nearColor(col('color(srgb-linear 1 0.21586 0)'), rgba(255, 128, 0), 'srgb-linear');
  nearColor(col('color(display-p3 1 0 0)'), rgba(255, 0, 0), 'p3 red clipped to sRGB');
  nearColor(col('color(xyz-d65 0.4124 0.2126 0.0193)'), rgba(255, 0, 0), 'xyz');
  nearColor(col('color-mix(in srgb, red, blue)'), rgba(127.5, 0, 127.5), 'srgb 50/50');
  nearColor(col('color-mix(in srgb, red 25%, white)'), rgba(255, 191.25, 191.25), 'srgb 25/75');
  nearColor(col('color-mix(in oklab, #000 50%, transparent)'), rgba(0, 0, 0, 0.5), 'premultiplied with transparent');
  nearColor(col('color-mix(in srgb, red 30%, blue 20%)'), rgba(153, 0, 102, 0.5), 'sum below 100% scales alpha');
  nearColor(col('color-mix(in oklab, white, black)'), rgba(99, 99, 99), 'oklab midpoint grey');
  // with currentcolor: mixed once the element's colour is known (Chromium's figures: color-mix-currentcolor-chromium.test.ts)
  const withCurrent = col('color-mix(in srgb, currentcolor 25%, color-mix(in srgb, currentcolor, white))')!;
  assert.ok(isCurrentRelative(withCurrent) && !isCurrentRelative(col('color-mix(in srgb, red, blue)')!));
  nearColor(resolveCurrent(withCurrent, rgba(0, 0, 255)), rgba(95.625, 95.625, 255), 'currentcolor blue, nested');
  nearColor(resolveCurrent(withCurrent, rgba(255, 0, 0)), rgba(255, 95.625, 95.625), 'the same value, currentcolor red');
  assert.equal(col('color-mix(srgb, red, blue)'), null);
  assert.equal(col('color(rec2100 1 0 0)'), null);
});

test('deeply nested values are invalid, not a stack overflow', () => {
  assert.equal(tokenize('calc(' + '('.repeat(100000) + '1px'), null);
  assert.notEqual(tokenize('calc(((1px)))'), null);
});

test('a very long chain of custom properties does not overflow the stack', () => {
  const own = new Map<string, string>();
  for (let i = 0; i < 20000; i++) own.set(`--c${i}`, `var(--c${i + 1}, 1px)`);
  assert.doesNotThrow(() => computeCustomProperties(own, new Map()));
  const short = new Map([['--a', 'var(--b)'], ['--b', 'var(--c)'], ['--c', '2px']]);
  assert.equal(computeCustomProperties(short, new Map()).get('--a'), '2px');
});
