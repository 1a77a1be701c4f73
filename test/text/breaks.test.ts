// UAX #14 line-break opportunities through linebreak, with the ASCII fast path and soft hyphens.
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

test('the ASCII fast path agrees with linebreak', async () => {
  const { default: LineBreaker } = await import('linebreak');
  const samples = ['The quick brown fox jumps over the lazy dog.', '  leading and  double  spaces ', 'a, b; c: d! e? f.g 1.5 2,5', 'x'];
  for (const s of samples) {
    const expected: number[] = [];
    const lb = new LineBreaker(s);
    for (let b = lb.nextBreak(); b; b = lb.nextBreak()) if (b.position < s.length) expected.push(b.position);
    assert.deepEqual(positions(s), expected, s);
  }
});

test('non-ASCII text and CJK', () => {
  assert.deepEqual(positions('naïve café au lait'), [6, 11, 14]);
  assert.deepEqual(positions('日本語'), [1, 2]);
  assert.deepEqual(positions('a\u00a0b c'), [4]);      // no break at a no-break space
  assert.deepEqual(positions('a\u200bb'), [2]);        // zero width space: break after it
});

test('misuse throws TypeError', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  assert.throws(() => breakOpportunities(undefined as any), TypeError);
});
