// In: text in a variable web font (Source Sans 3, wght 200–900, WOFF2: the cappuccino-resume-variable corpus case's) at
// weights between its masters, and single glyphs at 100px.
// Out: widths against Chromium 156 (getBoundingClientRect of a span, print emulation, only the project's fonts as
// test/fidelity/make-refs.mjs gives them): a varied advance is whole font units, as HarfBuzz's hmtx rounds the HVAR delta.
import { test } from 'node:test';
import type { FontFaceRule } from '../../src/css/styled.ts';
import { context, spec, near } from './helpers.ts';

const CASE = new URL('../fidelity/cases/cappuccino-resume-variable/', import.meta.url);
const TEXT = 'The quick brown fox jumps over the lazy dog 0123456789 Experience Education';

/** [font-weight, font-size px, text, Chromium 156's span width px (LayoutUnit: the width rounded up to 1/64 px)]. */
const WIDTHS: Array<[number, number, string, number]> = [
  [200, 16, TEXT, 501.796875], [300, 16, TEXT, 508.34375], [400, 16, TEXT, 525.390625], [500, 16, TEXT, 532.8125],
  [600, 16, TEXT, 540.375], [700, 16, TEXT, 554.59375], [900, 16, TEXT, 565.859375],
  // H at wght 400: fontkit's HVAR advance 651.79 units, HarfBuzz's 652 (65.2 px); a at 300: 490.998 → 491.
  [400, 100, 'H', 65.203125], [700, 100, 'H', 67.40625], [300, 100, 'a', 49.109375],
];

test('a variable font\'s advances are whole font units at every instance, as Chromium 156 (HarfBuzz) measures them', () => {
  const { ctx, warnings } = context(CASE);
  const rule: FontFaceRule = { family: 'S3', sources: [{ kind: 'url', url: 'fonts/source-sans-3-latin-wght-normal.woff2', format: 'woff2' }], weight: [200, 900], style: 'normal', unicodeRange: [] };
  ctx.addFontFaces([rule]);
  // Chromium's width is the text's rounded up to 1/64 px; 1/64 px more for its 16.16 glyph positions and varied kerning
  // (wght 700: 554.578 px here). Before whole units, wght 300 came out 0.14 px short over this line.
  for (const [w, size, text, width] of WIDTHS) near(ctx.measure(text, spec('S3', { fontWeight: w, fontSize: size })), width - 1 / 128, 3 / 128 + 1e-6, `wght ${w} ${size}px ${text.slice(0, 12)}`);
  if (warnings.list.length) throw new Error(JSON.stringify(warnings.list));
});
