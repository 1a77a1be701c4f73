// In: boxes whose min-width, max-width, min-height or max-height is min-content, max-content or fit-content (and Blink's
// -webkit- forms), in block flow, floats, inline-blocks, absolutely positioned, flex and grid items, tables and images, through
// the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect
// in print emulation.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } '
  + '.b { border: 2px solid; padding: 3px 5px }';
const doc = (rows: string[]): string => `<!doctype html><html><head><style>${STYLE}</style></head><body><div class=case id=c>\n${rows.join('\n')}\n</div></body></html>`;

const WIDTHS = [
  '<div id=a1 class=b style="width:50px;min-width:max-content">Min width max content</div>',
  '<div id=a2 class=b style="max-width:fit-content">Max width fit content</div>',
  '<div id=a3 class=b style="max-width:max-content;margin:0 auto">Centred max-w-max</div>',
  '<div id=a4 class=b style="width:10px;min-width:min-content">Min content words</div>',
  '<div id=a5 class=b style="max-width:min-content">Max width min content</div>',
  '<div id=a6 class=b style="max-width:-webkit-fit-content">Prefixed max</div>',
  '<div id=a7 class=b style="min-width:-webkit-min-content;width:0">Prefixed min</div>',
  '<div id=a8 style="display:flex;width:200px"><div id=a9 class=b style="min-width:max-content">Flex item that will not shrink</div><div id=a10 class=b style="min-width:0">Other item shrinks</div></div>',
  '<div id=a11 style="display:flex;width:200px"><div id=a12 class=b style="min-width:min-content;flex:1 1 0">Aaaa bbbbbbbbbbbbbbb</div><div id=a13 class=b style="flex:none;width:150px">X</div></div>',
  '<div id=a14 class=b style="float:left;max-width:min-content">Float with max min</div><div style="clear:both"></div>',
  '<div id=a15 class=b style="float:left;width:30px;min-width:fit-content">Float min fit</div><div style="clear:both"></div>',
  '<div id=a16 style="display:inline-block" class=b><div id=a17 class=b style="min-width:max-content;width:20px">Minimum max content</div></div>',
  '<div id=a18 style="position:relative;height:40px"><div id=a19 class=b style="position:absolute;left:0;width:10px;min-width:max-content">Abs min max</div></div>',
  '<div id=a20 style="display:grid;grid-template-columns:300px 300px"><div id=a21 class=b style="max-width:fit-content">Grid max fit</div><div id=a22 class=b style="min-width:max-content;width:10px">Grid min max</div></div>',
  '<div id=a23 class=b style="width:100px;height:10px;min-height:max-content">Min height max content in a narrow box</div>',
  '<div id=a24 class=b style="height:100px;max-height:min-content">Max height min content</div>',
  '<div id=a25 class=b style="height:100px;max-height:fit-content">Max height fit</div>',
];
/**
 * min-width and max-width keywords (css-sizing-3 §3.2) are the box's min-content, max-content or fit-content width: a block's
 * width is clamped by them (a1 no narrower than its text on one line, a2 shrinks to fit, a3 centred by auto margins as
 * Tailwind's `max-w-max mx-auto`, a4/a5 min-content, a6/a7 the -webkit- forms); a row flex item's min-width: max-content
 * keeps it from shrinking (a9, Tailwind's `min-w-max`) and min-content is its minimum (a12); floats (a14, a15), an
 * inline-block's shrink-to-fit contribution (a16 from a17), an absolutely positioned box (a19) and grid items (a21, a22) are
 * clamped the same way; min-height and max-height keywords are the content height, which a specified height grows or
 * shrinks to (a23-a25). We treated every keyword as auto/none with a warning: a1 was 64 px wide, Chromium 173.188.
 */
const WIDTHS_CHROMIUM: ChromiumBox[] = [["a1",0,0,173.188,30],["a2",0,30,159.844,30],["a3",220.984,60,158.031,30],["a4",0,90,66.484,70],["a5",0,160,66.484,90],["a6",0,250,107.375,30],["a7",0,280,72.703,50],["a8",0,330,200,70],["a9",0,330,210.516,70],["a10",210.516,330,14,70],["a11",0,400,200,50],["a12",0,400,147.484,50],["a13",147.484,400,164,50],["a14",0,450,49.578,90],["a15",0,540,96.688,30],["a16",0,570,184.5,40],["a17",7,575,170.5,30],["a18",0,610,600,40],["a19",0,610,106.469,30],["a20",0,650,600,30],["a21",0,650,95.797,30],["a22",300,650,109.125,30],["a23",0,680,114,90],["a24",0,770,600,30],["a25",0,800,600,30]];
test('Chromium 156 figures, min-width, max-width, min-height and max-height keywords', () => assertChromiumBoxes(layoutHtml(doc(WIDTHS)), 'c', WIDTHS_CHROMIUM, 0.02));

const MORE = [
  '<div style="width:200px"><table id=a1 style="width:100%;min-width:max-content;border-spacing:0"><tr><td id=a2>Long cell text here</td><td>Another long cell text</td></tr></table></div>',
  '<div style="width:300px"><table id=a3 style="max-width:min-content;border-spacing:0"><tr><td>Wide words in a table</td></tr></table></div>',
  '<table style="border-spacing:0;width:400px"><tr><td id=a4 style="min-width:max-content;padding:0">Cell min max content</td><td id=a5 style="padding:0">b</td></tr></table>',
  '<div id=a6 class=b style="height:max-content">Height max content</div>',
  '<div id=a7 class=b style="box-sizing:border-box;width:10px;min-width:max-content">Border box min</div>',
  '<div id=a8 style="display:inline-block;max-width:min-content" class=b>Inline block max min</div>',
  '<img id=a9 style="width:10px;min-width:max-content;height:20px" src="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\' width=\'50\' height=\'20\'/>">',
  '<div style="display:flex;flex-direction:column;width:300px"><div id=a10 class=b style="max-width:min-content">Column item max min</div><div id=a11 class=b style="width:min-content">Column width min</div></div>',
  '<div id=a12 class=b style="float:left;width:min-content">Float width min content</div><div style="clear:both"></div>',
  '<div style="position:relative;height:60px"><div id=a13 class=b style="position:absolute;right:0;width:max-content">Abs width max content</div></div>',
  '<div id=a14 class=b style="display:flex;min-width:max-content;width:100px"><span>One two three four</span></div>',
  '<div id=a15 class=b style="display:grid;max-width:min-content"><span>One two three</span></div>',
  '<div style="display:flex;width:300px;flex-direction:column"><div id=a16 class=b style="height:10px;min-height:min-content">Column item min-height min-content text wraps here maybe</div></div>',
  '<div id=a17 class=b style="min-width:fit-content;width:10px;padding:3px 20px;box-sizing:border-box">Fit pad</div>',
];
/**
 * The same keywords on tables (a1 at least its max-content, a3 at most its min-content), a table cell (a4), a block with
 * height: max-content (auto, a6), border-box sizing (a7), an inline-block (a8), an image (a9: its natural width), column flex
 * items (a10 max-width, a16 min-height), width keywords on a column flex item (a11), a float (a12) and an absolutely
 * positioned box (a13), a flex container (a14) and a grid container (a15).
 */
const MORE_CHROMIUM: ChromiumBox[] = [["a1",0,0,284.172,22],["a2",0,0,132.75,22],["a3",0,22,44.672,82],["a4",0,104,377.484,20],["a5",377.484,104,22.516,20],["a6",0,124,600,30],["a7",0,154,122.5,30],["a8",0,184,52.25,90],["a9",56.703,244,50,20],["a10",0,274,69.141,90],["a11",0,364,69.141,70],["a12",0,434,66.484,90],["a13",425.031,524,174.969,30],["a14",0,584,146.516,30],["a15",0,614,50.469,70],["a16",0,684,300,50],["a17",0,734,92.922,30]];
test('Chromium 156 figures, keywords on tables, images, column flex items, floats and abspos boxes', () => assertChromiumBoxes(layoutHtml(doc(MORE)), 'c', MORE_CHROMIUM, 0.02));

const STRETCH = [
  '<div style="display:flex;flex-direction:column;width:300px"><div id=a1 class=b style="max-width:100px">Column item max</div><div id=a2 class=b style="min-width:400px">Column min</div></div>',
];
/**
 * A stretched column flex item is clamped by its min-width and max-width (css-align-3 §6.1): a1 114 px wide, a2 414; we
 * stretched both to the container's 300 px.
 */
const STRETCH_CHROMIUM: ChromiumBox[] = [["a1",0,0,114,50],["a2",0,50,414,30]];
test('Chromium 156 figures, stretched column flex items and min/max-width', () => assertChromiumBoxes(layoutHtml(doc(STRETCH)), 'c', STRETCH_CHROMIUM, 0.02));

const TABLES = [
  '<table id=a1 style="min-width:100%"><tr><td>a</td><td>b</td></tr></table>',
  '<table id=a2 style="min-width:300px;border:2px solid;padding:4px"><tr><td>a</td><td>b</td></tr></table>',
  '<table id=a3 style="max-width:100px;width:100%"><tr><td>a</td><td>b</td></tr></table>',
  '<table id=a4 style="max-width:50px"><tr><td>Wide words here</td></tr></table>',
  '<div style="width:200px"><table id=a5 style="min-width:max-content"><tr><td>Long cell text here</td><td>Another long cell text</td></tr></table></div>',
  '<div style="width:200px"><table id=a6 style="width:100%;min-width:max-content"><tr><td>Long cell text here</td><td>Another long cell text</td></tr></table></div>',
  '<div style="width:300px"><table id=a7 style="max-width:min-content;border-spacing:0"><tr><td>Wide words in a table</td></tr></table></div>',
  '<div style="width:300px"><table id=a8 style="width:100%;max-width:fit-content;border-spacing:0"><tr><td>Fit words</td></tr></table></div>',
];
/**
 * A table's min-width and max-width clamp its width (CSS 2.1 §10.4, border-box as its width), never below its min-content:
 * Tailwind's `min-w-full` table is as wide as its container (a1 600 px; we made it 27.8, its content), min-width: 300px on a
 * bordered table (a2), max-width over a percentage width (a3), below its min-content (a4 stays at it), keywords (a5-a8).
 */
const TABLES_CHROMIUM: ChromiumBox[] = [["a1",0,0,600,26],["a2",0,26,300,38],["a3",0,64,100,26],["a4",0,90,50,66],["a5",0,156,290.172,26],["a6",0,182,290.172,26],["a7",0,208,44.672,82],["a8",0,290,66.906,22]];
test('Chromium 156 figures, table min-width and max-width', () => assertChromiumBoxes(layoutHtml(doc(TABLES)), 'c', TABLES_CHROMIUM, 0.02));

const TABLES2 = [
  '<div id=a1 style="display:inline-block" class=b><table style="min-width:300px;border-spacing:0"><tr><td>x</td></tr></table></div>',
  '<div id=a2 style="float:left" class=b><table style="max-width:min-content;border-spacing:0"><tr><td>Some words</td></tr></table></div><div style="clear:both"></div>',
  '<div id=a3 style="display:flex;width:400px"><table id=a4 style="min-width:max-content;border-spacing:0;flex:0 1 50px"><tr><td>Flex table words</td></tr></table></div>',
  '<img id=a5 style="height:40px;max-width:min-content;width:300px" src="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\' width=\'50\' height=\'20\'/>">',
];
/**
 * A table's min-width and max-width in its intrinsic contributions (a1 an inline-block around a min-width: 300px table,
 * a2 a float around a max-width: min-content one), a table flex item's min-width: max-content (a4) and an image whose
 * max-width: min-content is its width from its height and ratio (a5: 100 px).
 */
const TABLES2_CHROMIUM: ChromiumBox[] = [["a1",58.672,0,314,32],["a2",0,0,58.672,52],["a3",0,52,400,22],["a4",0,52,118.5,22],["a5",0,74,100,40]];
test('Chromium 156 figures, table contributions and image keywords', () => assertChromiumBoxes(layoutHtml(doc(TABLES2)), 'c', TABLES2_CHROMIUM, 0.02));
