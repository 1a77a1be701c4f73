// In: <img> elements without an image (a missing file, a refused https: URL, no src) with and without alt text and sizes,
// in standards and quirks mode, through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } p { margin: 0 0 4px } '
  + '.m { display: inline-block; width: 2px; height: 2px }';
/** One paragraph per case: 'a', the image, a 2 × 2 marker (its x is where the image's box ends), ' b'. */
const ROWS = [
  "<p id=p1>a <img src=\"missing.png\" alt=\"Logo text\"><span class=m id=m1></span> b</p>",
  "<p id=p2>a <img src=\"missing.png\" alt=\"Logo text\" width=100 height=50><span class=m id=m2></span> b</p>",
  "<p id=p3>a <img src=\"missing.png\" alt=\"profile-pic\" style=\"width:52px;height:52px\"><span class=m id=m3></span> b</p>",
  "<p id=p4>a <img src=\"missing.png\" alt=\"\" width=100 height=50><span class=m id=m4></span> b</p>",
  "<p id=p5>a <img src=\"missing.png\" alt=\"\" width=100><span class=m id=m5></span> b</p>",
  "<p id=p6>a <img src=\"missing.png\"><span class=m id=m6></span> b</p>",
  "<p id=p7>a <img src=\"missing.png\" width=100 height=50><span class=m id=m7></span> b</p>",
  "<p id=p8>a <img src=\"missing.png\" width=100><span class=m id=m8></span> b</p>",
  "<p id=p9>a <img id=i9 src=\"missing.png\" alt=\"Logo\" style=\"display:block\"><span class=m id=m9></span> b</p>",
  "<p id=p10>a <img id=i10 src=\"missing.png\" alt=\"Logo\" style=\"display:block;width:200px;height:30px\"><span class=m id=m10></span> b</p>",
  "<p id=p11>a <img id=i11 src=\"missing.png\" alt=\"Logo\" style=\"display:inline-block;width:200px;height:30px\"><span class=m id=m11></span> b</p>",
  "<p id=p12>a <img src=\"missing.png\" alt=\"A very long alternative text that will need to wrap across more than one line in this paragraph of six hundred px\"><span class=m id=m12></span> b</p>",
  "<p id=p13>a <img src=\"missing.png\" alt=\"Logo\" style=\"padding:5px;border:1px solid red;margin:3px\"><span class=m id=m13></span> b</p>",
  "<p id=p14>a <img id=i14 src=\"https://example.com/x.png\" alt=\"Remote\" style=\"float:right\"><span class=m id=m14></span> b</p>",
  "<p id=p15 style=\"font-size:30px;line-height:40px\">a <img src=\"missing.png\" alt=\"Logo\" style=\"max-width:100%;height:auto\"><span class=m id=m15></span> b</p>",
  "<p id=p16>a <img src=\"missing.png\" alt=\" \"><span class=m id=m16></span> b</p>",
  "<p id=p17>a <img alt=\"Logo\"><span class=m id=m17></span> b</p>",
  "<p id=p18>a <img><span class=m id=m18></span> b</p>",
];
const doc = (doctype: boolean): string => `${doctype ? '<!doctype html>' : ''}<html><head><style>${STYLE}</style></head><body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * Chromium 156 (HTMLImageFallbackHelper) lays out an <img> that has no image as: a box of its width and height when both
 * are given and it has no non-empty alt, or in quirks mode (one of them alone standing for both: p5, p8 100 × 100); nothing
 * for alt="" or without src and alt (p5, p18 in standards mode); otherwise its alt text after a 16 px icon floated left, in
 * an inline-block of auto size when the <img> is inline (p1-p3: width and height ignored; p13: padding, border and margin
 * kept; p12: wraps as an atomic inline), in a block of its own size when display: block (i9, i10), float (i14) or
 * inline-block (i11); an image without alt shows the 16 px icon alone (p6, p8, p16). We laid every one out as a
 * 300 × 150 box or the given size, with nothing printed.
 */
const STANDARDS: ChromiumBox[] = [['p1', 0, 0, 600, 20], ['m1', 95.172, 13, 2, 2], ['p2', 0, 24, 600, 20], ['m2', 95.172, 37, 2, 2], ['p3', 0, 48, 600, 20], ['m3', 98.703, 61, 2, 2], ['p4', 0, 72, 600, 55], ['m4', 113.344, 120, 2, 2], ['p5', 0, 131, 600, 20], ['m5', 13.344, 144, 2, 2], ['p6', 0, 155, 600, 21], ['m6', 29.344, 169, 2, 2], ['p7', 0, 180, 600, 55], ['m7', 113.344, 228, 2, 2], ['p8', 0, 239, 600, 21], ['m8', 29.344, 253, 2, 2], ['p9', 0, 264, 600, 60], ['i9', 0, 284, 600, 20], ['m9', 0, 317, 2, 2], ['p10', 0, 328, 600, 70], ['i10', 0, 348, 200, 30], ['m10', 0, 391, 2, 2], ['p11', 0, 402, 600, 30], ['i11', 13.344, 402, 200, 30], ['m11', 213.344, 415, 2, 2], ['p12', 0, 436, 600, 80], ['m12', 0, 509, 2, 2], ['p13', 0, 520, 600, 38], ['m13', 82.938, 542, 2, 2], ['p14', 0, 562, 600, 20], ['i14', 527.969, 562, 72.031, 20], ['m14', 13.344, 575, 2, 2], ['p15', 0, 586, 600, 40], ['m15', 107.781, 614, 2, 2], ['p16', 0, 630, 600, 21], ['m16', 29.344, 644, 2, 2], ['p17', 0, 655, 600, 20], ['m17', 64.938, 668, 2, 2], ['p18', 0, 679, 600, 20], ['m18', 13.344, 692, 2, 2]];
const QUIRKS: ChromiumBox[] = [['p1', 0, 0, 600, 20], ['m1', 95.172, 13, 2, 2], ['p2', 0, 24, 600, 55], ['m2', 113.344, 72, 2, 2], ['p3', 0, 83, 600, 57], ['m3', 65.344, 133, 2, 2], ['p4', 0, 144, 600, 55], ['m4', 113.344, 192, 2, 2], ['p5', 0, 203, 600, 105], ['m5', 113.344, 301, 2, 2], ['p6', 0, 312, 600, 21], ['m6', 29.344, 326, 2, 2], ['p7', 0, 337, 600, 55], ['m7', 113.344, 385, 2, 2], ['p8', 0, 396, 600, 105], ['m8', 113.344, 494, 2, 2], ['p9', 0, 505, 600, 60], ['i9', 0, 525, 600, 20], ['m9', 0, 558, 2, 2], ['p10', 0, 569, 600, 70], ['i10', 0, 589, 200, 30], ['m10', 0, 632, 2, 2], ['p11', 0, 643, 600, 35], ['i11', 13.344, 643, 200, 30], ['m11', 213.344, 671, 2, 2], ['p12', 0, 682, 600, 80], ['m12', 0, 755, 2, 2], ['p13', 0, 766, 600, 38], ['m13', 82.938, 788, 2, 2], ['p14', 0, 808, 600, 20], ['i14', 527.969, 808, 72.031, 20], ['m14', 13.344, 821, 2, 2], ['p15', 0, 832, 600, 40], ['m15', 107.781, 860, 2, 2], ['p16', 0, 876, 600, 21], ['m16', 29.344, 890, 2, 2], ['p17', 0, 901, 600, 20], ['m17', 64.938, 914, 2, 2], ['p18', 0, 925, 600, 20], ['m18', 13.344, 938, 2, 2]];

test('Chromium 156 figures, <img> without an image, standards mode', () => assertChromiumBoxes(layoutHtml(doc(true)), 'c', STANDARDS));
test('Chromium 156 figures, <img> without an image, quirks mode', () => assertChromiumBoxes(layoutHtml(doc(false)), 'c', QUIRKS));
