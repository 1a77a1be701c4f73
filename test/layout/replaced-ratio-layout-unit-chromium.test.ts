// In: boxes with aspect-ratio (a percentage or fractional width, a height, border-box), and a 37×23 px PNG sized by a width, a height, a percentage or max-width (its other size from its natural ratio), on
// lines with other inline content, through the real stages (parse → cascade → boxes → layout).
// Out: image and line-box-holding block border boxes (x, y relative to the case block, width, height in px) compared to
// 1/1000 px with Chromium 156's getBoundingClientRect in print emulation.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

/** A 37×23 px RGB PNG (one colour). */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACUAAAAXCAIAAAADThHyAAAAJklEQVR4nGNocFCgJ2IYtW/UvlH7Ru0btW/UvlH7Ru0btW9Q2QcAiczovwwez3AAAAAASUVORK5CYII=';
const ROWS = [
  `<div id=a1>text <img id=a2 src="${PNG}" style="width:33.3%"> after</div>`,
  `<div id=a3>text <img id=a4 src="${PNG}" style="height:1.3em;vertical-align:middle"> after</div>`,
  `<div id=a5><img id=a6 src="${PNG}" style="width:50.5px;display:block"></div>`,
  `<div id=a7>x<sup>2</sup> and H<sub>2</sub>O <small>small</small> <span style="font-size:17.3px">big</span></div>`,
  `<div id=a8><span id=a9 style="display:inline-block;padding:3.3px;border:1px solid">box</span> tail <span style="display:inline-block;vertical-align:middle;height:17.7px;width:5px"></span></div>`,
  `<div id=a10 style="font-family:'Liberation Serif';font-size:12.5pt;line-height:normal">serif normal <b>bold</b> <span style="font-family:'DejaVu Sans'">deja</span></div>`,
  `<ul id=a11 style="line-height:1.2"><li id=a12>one</li><li>two</li></ul>`,
  `<div id=a13 style="font-size:9.5pt">small text<br>second line</div>`,
  `<h2 id=a14>Heading two</h2><h3 id=a15>Heading three</h3><p id=a16>para</p>`,
  `<div id=a18 style="width:123.3px"><img id=a19 src="${PNG}" style="max-width:100%;width:500px"></div>`,
  `<div id=a20><img id=a21 src="${PNG}" style="height:10.7px"> <img id=a22 src="${PNG}" style="width:1.3in"></div>`,
  `<div id=a17 style="height:3px"></div>`,
];
const DOC = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 13.3px/1.4 Arial } .case { width: 600px }</style></head><body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * A replaced element's size from the other through its ratio is a LayoutUnit, truncated (Blink's MulDiv of the
 * LayoutUnit size by the natural size): 33.3% of 600 px wide (199.796875) is 124.1875 px high, not 124.1981; 1.3em at
 * 13.3px high (17.28125) is 27.796875 wide. The lines around such images were up to 1/64 px taller than Chromium's, and
 * the difference accumulated down the page.
 */
const CHROMIUM: ChromiumBox[] = [
  ['a1',  0,  0,  600,  129.79688],
  ['a2',  25.14063,  0,  199.79688,  124.1875],
  ['a3',  0,  129.79688,  600,  18.60938],
  ['a4',  25.14063,  130.64063,  27.79688,  17.28125],
  ['a5',  0,  148.40625,  600,  31.39063],
  ['a6',  0,  148.40625,  50.5,  31.39063],
  ['a7',  0,  179.79688,  600,  26.15625],
  ['a8',  0,  205.95313,  600,  27.20313],
  ['a9',  0,  205.95313,  30.04688,  27.20313],
  ['a10',  0,  233.15625,  600,  20],
  ['a11',  0,  266.45313,  600,  31.90625],
  ['a12',  40,  266.45313,  560,  15.95313],
  ['a13',  0,  311.65625,  600,  35.46875],
  ['a14',  0,  363.67188,  600,  27.92188],
  ['a15',  0,  408.14063,  600,  21.78125],
  ['a16',  0,  445.46875,  600,  18.60938],
  ['a18',  0,  477.375,  123.29688,  82.25],
  ['a19',  0,  477.375,  123.29688,  76.64063],
  ['a20',  0,  559.625,  600,  83.17188],
  ['a21',  0,  626.5,  17.1875,  10.6875],
  ['a22',  20.89063,  559.625,  124.79688,  77.5625],
  ['a17',  0,  642.79688,  600,  3],
];

test('Chromium 156 figures: image sizes from their ratio are truncated to LayoutUnits', () => assertChromiumBoxes(layoutHtml(DOC), 'c', CHROMIUM, 0.001));

/** Non-replaced boxes with aspect-ratio (css-sizing-4 §5): the derived size is truncated to 1/64 px in the same way. */
const RATIO_ROWS = [
  '<div id=a1 style="width:33.3%;aspect-ratio:16/9"></div>',
  '<div id=a2 style="width:100.3px;aspect-ratio:1.7"></div>',
  '<div id=a3 style="height:33.3px;aspect-ratio:3/7;"></div>',
  '<div id=a4 style="width:77.7px;aspect-ratio:4/3;padding:1.3px;box-sizing:border-box"></div>',
  '<div id=a5 style="display:inline-block;height:21.1px;aspect-ratio:1.37"></div>',
  '<div id=a6 style="height:3px"></div>',
];
const RATIO_DOC = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px }</style></head><body><div class=case id=c>\n${RATIO_ROWS.join('\n')}\n</div></body></html>`;
const RATIO_CHROMIUM: ChromiumBox[] = [
  ['a1',  0,  0,  199.79688,  112.375],
  ['a2',  0,  112.375,  100.29688,  58.98438],
  ['a3',  0,  171.35938,  14.26563,  33.29688],
  ['a4',  0,  204.65625,  77.6875,  58.26563],
  ['a5',  0,  262.92188,  28.89063,  21.09375],
  ['a6',  0,  289.01563,  600,  3],
];

test('Chromium 156 figures: aspect-ratio sizes are truncated to LayoutUnits', () => assertChromiumBoxes(layoutHtml(RATIO_DOC), 'c', RATIO_CHROMIUM, 0.001));
