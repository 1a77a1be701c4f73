// In: hand-made line fragments (glyph runs with multi-glyph clusters) and the fake 0.5em font of the inline tests.
// Out: applyTextOverflow / applyBlockEllipsis cut whole clusters only and place the ellipsis after what remains (px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyBlockEllipsis, applyTextOverflow } from '../../src/layout/inline/ellipsis.ts';
import { fakeFonts, style } from './inline/helpers.ts';
import type { LineFragment, TextFragment } from '../../src/layout/fragment.ts';
import type { FontFace } from '../../src/text/types.ts';

const face = { key: 'f' } as FontFace;
/** A line of one text fragment: each entry is a glyph [text, advance]; '' continues the previous cluster. */
function line(glyphs: Array<[string, number]>, width: number): LineFragment {
  const st = style({ fontSize: 16 });
  const w = glyphs.reduce((s, g) => s + g[1], 0);
  const t: TextFragment = {
    kind: 'text', box: { kind: 'text', text: '', style: st }, style: st, x: 0, y: 0, width: w, height: 16, baseline: 12.8,
    runs: [{ face, fontSize: 16, width: w, text: glyphs.map((g) => g[0]).join(''), glyphs: glyphs.map(([text, advance], id) => ({ id, advance, dx: 0, dy: 0, text })) }],
    text: glyphs.map((g) => g[0]).join(''),
  };
  return { kind: 'line', x: 0, y: 0, width, height: 16, baseline: 12.8, children: [t] };
}
const textOf = (l: LineFragment): string[] => l.children.map((c) => (c as TextFragment).text);

test('text-overflow keeps a base glyph and its mark together', () => {
  // "ab" + "c" with a zero-width mark glyph + "d": 8px each; the line is 24px, the ellipsis 8px.
  const l = line([['a', 8], ['b', 8], ['c\u0301', 8], ['', 0], ['d', 8]], 24);
  assert.equal(applyTextOverflow(l, '\u2026', style({ fontSize: 16 }), fakeFonts()), true);
  assert.deepEqual(textOf(l), ['ab', '\u2026']);
  const l2 = line([['a', 8], ['b', 4], ['c\u0301', 4], ['', 0], ['d', 16]], 24);
  applyTextOverflow(l2, '\u2026', style({ fontSize: 16 }), fakeFonts());
  assert.deepEqual(textOf(l2), ['abc\u0301', '\u2026']);
  assert.equal((l2.children[0] as TextFragment).runs[0].glyphs.length, 4); // the mark glyph stays
  assert.equal((l2.children[1] as TextFragment).x, 16);
});

test('a line that fits is not touched by text-overflow; block ellipsis appends and never twice', () => {
  const l = line([['a', 8], ['b', 8]], 40);
  assert.equal(applyTextOverflow(l, '\u2026', style({ fontSize: 16 }), fakeFonts()), false);
  applyBlockEllipsis(l, '\u2026', style({ fontSize: 16 }), fakeFonts());
  applyBlockEllipsis(l, '\u2026', style({ fontSize: 16 }), fakeFonts());
  assert.deepEqual(textOf(l), ['ab', '\u2026']);
  assert.equal((l.children[1] as TextFragment).x, 16);
});
