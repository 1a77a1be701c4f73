// In: boxes whose width is min-content, max-content, fit-content or -webkit-fit-content, in block flow (auto margins,
// max-width), as flex and grid items and containers, inside a float and an inline-block, through the real stages
// (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } '
  + '.b { border: 2px solid; padding: 3px 5px }';
const ROWS = [
  '<div id=a1 class=b style="width:fit-content">Fit content words</div>',
  '<div id=a2 class=b style="width:fit-content;margin:0 auto">Centred by auto margins</div>',
  '<div id=a3 class=b style="width:min-content">Min content words</div>',
  '<div id=a4 class=b style="width:max-content;margin-left:auto">Max content pushed right</div>',
  '<div id=a5 class=b style="width:fit-content">Long text that is wider than the case and must wrap at the available width, as fit-content clamps the max-content size by the stretch size of the containing block here</div>',
  '<div id=a6 class=b style="width:-webkit-fit-content;margin-left:40px">Prefixed fit</div>',
  '<div id=a7 class=b style="width:fit-content;max-width:80px">Clamped by max-width</div>',
  '<div id=a8 style="display:flex;flex-direction:column"><div id=a9 class=b style="width:fit-content">Column item not stretched</div><div id=a10 class=b>Stretched item</div></div>',
  '<div id=a11 style="display:flex;width:fit-content;gap:10px" class=b><span id=a12>One</span><span id=a13>Two</span></div>',
  '<div id=a14 style="display:grid;grid-template-columns:300px 300px"><div id=a15 class=b style="width:fit-content">Grid fit</div><div id=a16 class=b style="width:max-content">Grid max content</div></div>',
  '<div id=a17 style="float:left;width:200px" class=b><div id=a18 class=b style="width:max-content">Max content wider than its float parent</div></div><div style="clear:both"></div>',
  '<div id=a19 style="display:inline-block" class=b><div id=a20 class=b style="width:min-content">Min content inside shrink</div><div id=a21 class=b>Sibling text</div></div>',
];
const DOC = `<!doctype html><html><head><style>${STYLE}</style></head><body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * width: min-content | max-content | fit-content (css-sizing-3 §3.1, §5; Blink's -webkit-fit-content is fit-content):
 * a block box is as wide as its content (fit-content: min(max-content, max(min-content, the available width)), a5 wraps
 * at 600), then its margins are solved as for a specified width (a2 centred by auto margins, a4 pushed right);
 * max-width still clamps (a7); a column flex item with such a width is not stretched (a9); a flex container (a11), grid
 * items (a15, a16) and a child wider than its float (a18) size the same way; min-content/max-content are also the box's
 * contributions to its parent's shrink-to-fit width (a19 is as wide as a20's min-content and a21's text).
 * We treated every keyword as auto with a warning: all these boxes were as wide as their containing block
 * (Tailwind's `w-fit mx-auto` footer of a résumé was not centred).
 */
const CHROMIUM: ChromiumBox[] = [['a1', 0, 0, 135.828, 30], ['a2', 205.391, 30, 189.203, 30], ['a3', 0, 60, 66.484, 70], ['a4', 406.328, 130, 193.672, 30], ['a5', 0, 160, 600, 70], ['a6', 40, 230, 89.594, 30], ['a7', 0, 260, 94, 70], ['a8', 0, 330, 600, 60], ['a9', 0, 330, 200.75, 30], ['a10', 0, 360, 600, 30], ['a11', 0, 390, 83.594, 30], ['a12', 7, 395, 30.25, 20], ['a13', 47.25, 395, 29.344, 20], ['a14', 0, 420, 600, 30], ['a15', 0, 420, 61.125, 30], ['a16', 300, 420, 135.828, 30], ['a17', 0, 450, 214, 40], ['a18', 7, 455, 284.375, 30], ['a19', 0, 490, 106.266, 130], ['a20', 7, 495, 66.484, 90], ['a21', 7, 585, 92.266, 30]];

test('Chromium 156 figures, width: min-content, max-content and fit-content', () => assertChromiumBoxes(layoutHtml(DOC), 'c', CHROMIUM, 0.02));
