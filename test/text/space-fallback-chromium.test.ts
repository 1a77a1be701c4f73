// In: space characters the primary font lacks (Liberation Mono, the bundled monospace, has no U+2002, U+2008, U+2009,
// U+202F or U+3000: French number formatting puts U+202F between thousands), next to a font that has them.
// Out: span boxes against Chromium 156's getBoundingClientRect (print emulation, only the project's fonts as
// test/fidelity/make-refs.mjs gives them).
import { test } from 'node:test';
import { assertBoxes, type BoxFigure } from '../layout/inline/inspect-boxes.ts';

const DOC = `<!doctype html><html><body style="margin:0"><div style="font: 20px monospace; width:600px">
<div><span id=a1>1\u202F234,00</span></div>
<div><span id=a2>1\u2008234</span></div>
<div><span id=a3>a\u2002b\u2009c</span></div>
<div><span id=a4>ab</span></div>
<div><span id=a5>a\u3000b</span></div>
<div style="font-family: 'Liberation Sans'"><span id=a6>a\u2008b</span></div>
</div></body></html>`;

/**
 * Chromium 156, [id, x, y, width, height] px. A space the primary font lacks falls back like any other character
 * (css-fonts-4 §5.4: DejaVu's narrow no-break space 6 px, punctuation space 12 px, en space 10 px, thin space 4 px
 * at 20 px; a CJK font's 1 em ideographic space, whose taller metrics grow that line box); Liberation Sans has
 * U+2008 and keeps it.
 */
const CHROMIUM: BoxFigure[] = [
  ['a1', 0, 0, 90.016, 23],
  ['a2', 0, 23, 60.016, 23],
  ['a3', 0, 46, 50.016, 23],
  ['a4', 0, 69, 24.016, 23],
  ['a5', 0, 96, 44.016, 23],
  ['a6', 0, 119, 27.813, 22],
];

test('a space character the primary font lacks comes from a fallback font, as other characters do (Chromium 156)', () => {
  assertBoxes(DOC, CHROMIUM, 0.05);
});
