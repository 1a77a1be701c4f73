// Tests of line-break opportunities. In: strings, with Chromium's breaks measured in a zero-width box.
// Out: assertions on positions (Blink's ASCII pair table, UAX #14 elsewhere, soft hyphens, hard breaks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakOpportunities } from '../../src/text/index.ts';

const positions = (t: string) => breakOpportunities(t).map((b) => b.position);

test('"Hello world-wide web": after the spaces and after the hyphen', () => {
  const t = 'Hello world-wide web';
  assert.deepEqual(breakOpportunities(t), [
    { position: 6, required: false },   // before "world"
    { position: 12, required: false },  // before "wide" (HY ÷)
    { position: 17, required: false },  // before "web"
  ]);
});

test('soft hyphens are opportunities after them', () => {
  assert.deepEqual(positions('co\u00adop\u00aderation'), [3, 6]);
  assert.deepEqual(positions('in\u00adter na\u00adtional'), [3, 7, 10]);
});

test('hard breaks are required; the end of text only counts after a newline', () => {
  assert.deepEqual(breakOpportunities('a\nb\n'), [{ position: 2, required: true }, { position: 4, required: true }]);
  assert.deepEqual(breakOpportunities('a\r\nb'), [{ position: 3, required: true }]);
  assert.deepEqual(breakOpportunities('one two'), [{ position: 4, required: false }]);
  assert.deepEqual(breakOpportunities(''), []);
  assert.deepEqual(breakOpportunities('word'), []);
});

test('no break inside numbers, before punctuation or after an opening bracket', () => {
  assert.deepEqual(positions('12.50, 3,000.00!'), [7]);
  assert.deepEqual(positions('(see) this'), [6]);
  assert.deepEqual(positions('“quoted” text'), [9]);
  assert.deepEqual(positions('$100 and $ 100'), [5, 9, 11]); // PR × NU, but LB18 breaks after any space
});

test('break opportunities match Chromium (headless, measured with a zero-width container)', () => {
  // [text, positions where Chromium starts a new line]
  const chromium: Array<[string, number[]]> = [
    ['Hello world-wide web', [6, 12, 17]], ['co\u00adop\u00aderation', [3, 6]], ['12.50, 3,000.00!', [7]],
    ['(see) this', [6]], ['\u201cquoted\u201d text', [9]], ['$100 and $ 100', [5, 9, 11]], ['e-mail: a@b.com', [2, 8]],
    ['http://example.com/a/b?c=d', [23]], ['a/b/c', []], ['self-explanatory\u2014dash', [5, 16, 17]], ['10-20 items', [3, 6]],
    ['x = y+z', [2, 4]], ['50% off', [4]], ["it's John's", [5]], ['A\u2013B', [2]], ['end. Next', [5]], ['foo_bar-baz', [8]],
    ['[a] {b}', [4]], ['\u00bfQu\u00e9? \u00a1S\u00ed!', [6]], ['\u00ab guillemets \u00bb', [2, 13]], ['a\u2014b', [1, 2]],
    ['1/2 cup', [4]], ['U.S.A.', []], ['#123-456', [5]], ['-5 to -10', [3, 6]], ['3 \u00d7 4', [2, 4]], ['item #4', [5]],
    ['tel: +1 (555) 123-4567', [5, 8, 14, 18]], ['a\u00a0b c', [4]], ['\u00fcber-cool', [5]], ['x\u200by', [2]],
    ['a?b', [2]], ['a!(b', [2]], ['--1', [1]], ['a-1', [2]],
  ];
  for (const [text, expected] of chromium) assert.deepEqual(positions(text), expected, JSON.stringify(text));
});

test("Blink's ASCII pair table: after punctuation only before ( < [ {, after '-' and '?' before letters", () => {
  assert.deepEqual(positions('a,(b'), [2]);
  assert.deepEqual(positions('a,b'), []);
  assert.deepEqual(positions('a)[b'), [2]);
  assert.deepEqual(positions('a-b'), [2]);
  assert.deepEqual(positions('a-.b'), []);
  assert.deepEqual(positions('a?1'), [2]);
  assert.deepEqual(positions('a/(b'), []);
  assert.deepEqual(positions('ab(cd'), []);
});

test('non-ASCII text and CJK', () => {
  assert.deepEqual(positions('naïve café au lait'), [6, 11, 14]);
  assert.deepEqual(positions('日本語'), [1, 2]);
  assert.deepEqual(positions('a\u00a0b c'), [4]);      // no break at a no-break space
  assert.deepEqual(positions('a\u200bb'), [2]);        // zero width space: break after it
});

test('CJK as Chromium (ICU, line-break: auto): small kana and ー may start a line, iteration marks and closing punctuation may not; a digit breaks before a wide bracket', () => {
  // Measured in Chromium 156 (test/layout/inline/cjk.test.ts): 'こっ', 'こー', 'こァ' break, 'こゝ', 'こ。', 'こ々' do not.
  assert.deepEqual(positions('こっさ'), [1, 2]);
  assert.deepEqual(positions('こーさ'), [1, 2]);
  assert.deepEqual(positions('こァさ'), [1, 2]);
  assert.deepEqual(positions('こゝさ'), [2]);
  assert.deepEqual(positions('こ。さ'), [2]);
  assert.deepEqual(positions('こ々さ'), [2]);
  assert.deepEqual(positions('「あ」い'), [3]); // never after an opening or before a closing bracket
  // LB30 (Unicode 8): (AL | HL | NU) × OP holds only for narrow brackets.
  assert.deepEqual(positions('12345（税込）'), [5, 7]);
  assert.deepEqual(positions('abc「x」'), [3]);
  assert.deepEqual(positions('12345(x)'), []);
});

test('misuse throws TypeError', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  assert.throws(() => breakOpportunities(undefined as any), TypeError);
});
