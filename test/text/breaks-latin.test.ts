// Line breaks next to accented Latin letters. In: random strings of ASCII, Latin-1/Extended letters and other scripts.
// Out: no opportunity between letters and digits when one is a Latin letter, as UAX #14 (linebreak) finds over the whole text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { breakOpportunities } from '../../src/text/index.ts';

const LineBreaker = createRequire(import.meta.url)('linebreak') as new (s: string) => { nextBreak(): { position: number } | null };
const uax14 = (s: string): Set<number> => {
  const out = new Set<number>();
  const b = new LineBreaker(s);
  for (let x = b.nextBreak(); x; x = b.nextBreak()) out.add(x.position);
  return out;
};
const isLatin = (c: number) => c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7;
const isAlnum = (c: number) => /[A-Za-z0-9]/.test(String.fromCharCode(c)) || isLatin(c);

test('letters and digits next to a Latin letter never break, as UAX #14 has it whatever surrounds them', () => {
  const unit = fc.oneof(
    fc.integer({ min: 0xc0, max: 0x24f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('a', 'Z', '0', '9', ' ', '-', '/', '!', '?', '(', ')', '"', '.', ',', '%', '$', '|', '}', '\u0301', '\u03b1', '\u4e00', '\u00ad', '\n'),
  );
  fc.assert(fc.property(fc.string({ unit, minLength: 2, maxLength: 12 }), (s) => {
    const found = new Set(breakOpportunities(s).map((b) => b.position));
    const uax = uax14(s);
    for (let i = 1; i < s.length; i++) {
      const a = s.charCodeAt(i - 1);
      const b = s.charCodeAt(i);
      if (!(isAlnum(a) && isAlnum(b) && (isLatin(a) || isLatin(b)))) continue;
      assert.equal(uax.has(i), false, `UAX #14 breaks ${JSON.stringify(s)} at ${i}`);
      assert.equal(found.has(i), false, `${JSON.stringify(s)} at ${i}`);
    }
  }), { numRuns: 3000, seed: 7 });
  // names keep their words; opportunities stay after spaces, after a hyphen before a letter, and before a CJK ideograph
  assert.deepEqual(breakOpportunities('Björk Guðmundsdóttir, Łucja Żak-Nowak Oğuz中').map((b) => b.position), [6, 22, 28, 32, 38, 42]);
});
