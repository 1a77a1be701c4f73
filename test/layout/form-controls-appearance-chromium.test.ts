// In: form controls with `appearance: none` (css-ui-4 §5.2) as Bootstrap 5 styles them (.form-select, .form-check-input) and
// bare, through the real stages (layoutForInspection) and renderPdf. Out: border boxes (px) against Chromium 156's
// getBoundingClientRect in print emulation (600 x 800 viewport, the project's fonts through test/fidelity/fonts.conf.in), and
// pixels (96 dpi) against its page.pdf. With appearance: none Blink's LayoutTheme neither sizes nor draws a checkbox or radio
// (a 16 px box with the page's border and background; none given: 0 x 0), and a select keeps its menu-list width (the widest
// option, rounded up) without the theme's 20 px of inner padding and its arrow, one line of the line-height high.
// Before (ba66204) the cascade dropped `appearance`: the Bootstrap select was 33 px high where Chromium gives 38 and carried our
// arrow beside its own; the checkboxes were the native 13 x 13 glyph whatever the page said; a bare select was 89 px wide.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from '../paint/pdf-helpers.ts';
import { assertInspectedBoxes } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px 'Liberation Serif'}
.fs{display:block;width:100%;padding:6px 36px 6px 12px;font-size:16px;font-family:'Liberation Sans';line-height:1.5;border:1px solid #dee2e6;border-radius:6px;appearance:none;background-color:#fff}
.ck{width:16px;height:16px;margin-top:4px;vertical-align:top;border:1px solid #000;appearance:none;background-color:#fff}
</style></head><body>
<div id=a><select id=a1 class=fs><option>Open this select menu</option><option>Two</option></select></div>
<div id=b><input type=checkbox id=b1 class=ck><input type=radio id=b2 class=ck style="border-radius:50%"><input type=checkbox id=b3 style="-webkit-appearance:none"><input type=checkbox id=b4 style="appearance:none;width:20px;height:10px;background:red"></div>
<div id=c><select id=c1 style="appearance:none"><option>One</option><option selected>Twenty two</option></select><select id=c2 style="-webkit-appearance:none;padding:0 8px"><option>x</option></select><input id=c3 style="appearance:none"><input id=c4 style="appearance:none;border:1px solid #ccc;padding:4px"></div>
</body></html>`;

test('Chromium 156 figures: checkbox, radio and select with appearance: none are sized by the page, not the theme', () => assertInspectedBoxes(DOC, [
  ['a', 0, 0, 600, 38], ['a1', 0, 0, 600, 38],
  ['b', 0, 38, 600, 23], ['b1', 4, 42, 16, 16], ['b2', 28, 42, 16, 16], ['b3', 51, 51, 0, 0], ['b4', 58, 41, 20, 10],
  ['c', 0, 61, 600, 25], ['c1', 0, 65, 69, 17], ['c2', 69, 65, 25, 17], ['c3', 94, 63, 185, 21], ['c4', 279, 61, 187, 25],
]));

test('Chromium 156 pixels: appearance: none draws the page\'s border and background, no native glyph or arrow', async () => {
  const img = raster((await renderPdf(DOC)).pdf, 96);
  // [what, x, y, Chromium's RGB]: measured in its page.pdf rasterised by pdftoppm at 96 dpi.
  const CHROMIUM: Array<[string, number, number, number[]]> = [
    ['checkbox border', 4, 42, [0, 0, 0]], ['checkbox inside', 12, 50, [255, 255, 255]], ['checkbox right border', 19, 50, [0, 0, 0]],
    ['red checkbox', 60, 45, [255, 0, 0]], ['red checkbox middle', 68, 46, [255, 0, 0]], ['red checkbox end', 76, 49, [255, 0, 0]],
    ['bare select background', 50, 75, [239, 239, 239]],
  ];
  for (const [what, x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(x, y), rgb, `${what} (${x}, ${y})`);
  // No arrow in the Bootstrap select: Chromium's row through its middle is white from the text's end to the border.
  for (let x = 400; x < 598; x++) assert.deepEqual(img.px(x, 19), [255, 255, 255], `select row at x ${x}`);
});
