// In: boxes whose widths, heights, margins, paddings and offsets are fractional px, percentages and calc() of
// fractional bases, and a stack of em heights, through the real stages (parse → cascade → boxes → layout).
// Out: border boxes (x, y relative to the case block, width, height in px) compared exactly (1/1000 px) with Chromium 156's
// getBoundingClientRect in print emulation, which reports Blink's LayoutUnits (multiples of 1/64 px).
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const doc = (style: string, rows: string): string =>
  `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } .case { width: 600px } ${style}</style></head><body><div class=case id=c>\n${rows}\n</div></body></html>`;

/**
 * Lengths: Blink converts every length and percentage to a LayoutUnit by truncating towards zero to 1/64 px
 * (ValueForLength, length_functions.cc; LayoutUnit(float), layout_unit.h): 10.3px is 10.296875, 33.333% of 600 is
 * 199.984375, calc(50% - 3.3px) of 600 is 296.6875, 2.5mm is 9.4375, margin-top: -3.3px is -3.296875 (towards zero).
 * We kept them exact, so boxes sat up to 1/64 px off and their positions drifted down the page.
 */
const LENGTHS = doc('body { margin: 0; font: 16px/20px Arial }', [
  '<div id=a1 style="width:10.3px;height:10.3px"></div>',
  '<div id=a2 style="width:33.333%;height:10.7px"></div>',
  '<div id=a3 style="width:66.667%;height:0.999px"></div>',
  '<div id=a4 style="margin-left:12.345px;padding:1.1px 2.2px;height:3.33px"></div>',
  '<div id=a5 style="margin-left:7.7%;width:calc(50% - 3.3px);height:5px;padding-top:1.3%"></div>',
  '<div id=a6 style="width:200.3px"><div id=a7 style="width:33.3%;height:7.77px"></div><div id=a8 style="margin-left:17%;height:1px"></div></div>',
  '<div id=a9 style="height:1.01px"></div><div id=a10 style="height:1.02px"></div><div id=a11 style="height:1.03px"></div><div id=a12 style="height:0.3em;font-size:13.3px"></div>',
  '<div id=a13 style="height:2.5mm"></div><div id=a14 style="height:7.3pt"></div><div id=a15 style="height:1.1in"></div>',
  '<div id=a16 style="width:123.4567px"></div>',
  '<div id=a17 style="margin-top:-3.3px;height:10px"></div>',
  '<div id=a18 style="position:relative;left:3.3px;top:4.4px;width:10px;height:10px"></div>',
].join('\n'));
const LENGTHS_CHROMIUM: ChromiumBox[] = [['a1', 0, 0, 10.29688, 10.29688], ['a2', 0, 10.29688, 199.98438, 10.6875], ['a3', 0, 20.98438, 400, 0.98438], ['a4', 12.34375, 21.96875, 587.65625, 5.51563], ['a5', 46.1875, 27.48438, 296.6875, 12.79688], ['a6', 0, 40.28125, 200.29688, 8.76563], ['a7', 0, 40.28125, 66.6875, 7.76563], ['a8', 34.04688, 48.04688, 166.25, 1], ['a9', 0, 49.04688, 600, 1], ['a10', 0, 50.04688, 600, 1.01563], ['a11', 0, 51.0625, 600, 1.01563], ['a12', 0, 52.07813, 600, 3.98438], ['a13', 0, 56.0625, 600, 9.4375], ['a14', 0, 65.5, 600, 9.71875], ['a15', 0, 75.21875, 600, 105.59375], ['a16', 0, 180.8125, 123.45313, 0], ['a17', 0, 177.51563, 600, 10], ['a18', 3.29688, 191.90625, 10, 10]];

/**
 * Accumulation: twenty 0.7em blocks at 13.3px are 9.296875 px each in Blink (9.31 exact), so what follows them sits
 * 0.26 px higher than exact arithmetic puts it; with borders snapped to whole px (0.5px → 1, 1.5px → 1, 2.7px → 2)
 * and a 33.3% width (203.796875 with its borders).
 */
const STACK = doc('body { margin: 0; font: 13.3px/1.15 Arial } .r > div { height: 0.7em }', [
  '<div id=a1 style="border:0.5px solid;height:5px"></div>',
  '<div id=a2 style="border:1.5px solid;height:5px"></div>',
  '<div id=a3 style="border:2.7px solid;height:5px;width:33.3%"></div>',
  '<div id=a4 style="border-top:0.1px solid;border-bottom:3.99px solid;height:5px"></div>',
  `<div id=a5 class=r>${'<div></div>'.repeat(20)}</div>`,
  '<div id=a6 style="padding:0.5% 1.3em">x</div>',
  '<div id=a7>Line one<br>two<br>three<br>four<br>five<br>six<br>seven<br>eight</div>',
  '<div id=a8 style="font-size:11pt;line-height:14.3px">Line one<br>two<br>three<br>four<br>five</div>',
  '<div id=a9 style="height:2px"></div>',
].join('\n'));
const STACK_CHROMIUM: ChromiumBox[] = [['a1', 0, 0, 600, 7], ['a2', 0, 7, 600, 7], ['a3', 0, 14, 203.79688, 9], ['a4', 0, 23, 600, 9], ['a5', 0, 32, 600, 185.9375], ['a6', 0, 217.9375, 600, 21.28125], ['a7', 0, 239.21875, 600, 122.25], ['a8', 0, 361.46875, 600, 71.48438], ['a9', 0, 432.95313, 600, 2]];

test('Chromium 156 figures: lengths and percentages are truncated to LayoutUnits (1/64 px)', () => assertChromiumBoxes(layoutHtml(LENGTHS), 'c', LENGTHS_CHROMIUM, 0.001));
test('Chromium 156 figures: LayoutUnit heights accumulate down the page as in Blink', () => assertChromiumBoxes(layoutHtml(STACK), 'c', STACK_CHROMIUM, 0.001));
