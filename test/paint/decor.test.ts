/**
 * Box decorations end to end: box-shadow, outline, clip: rect(), text-decoration thickness/offset, currentcolor inheritance.
 * In: small HTML documents on pages of a few px (no margins). Out: pixels (pdftoppm -aa no, 96 dpi: 1 px = 1 CSS px) and display items.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { buildDisplayList } from '../../src/paint/build.ts';
import type { DisplayItem } from '../../src/paint/display-list.ts';
import { blurBands } from '../../src/paint/pdf-shadow.ts';
import { block, layoutTree, para, P } from '../layout/helpers.ts';
import { letterRows, qdf, raster } from './pdf-helpers.ts';

/** Renders `css` + `body` on a w×h px page without margins; rows of letters (LETTERS; ? for others). */
async function pixels(w: number, h: number, css: string, body = '<div></div>'): Promise<string[]> {
  const html = `<style>@page { size: ${w}px ${h}px; margin: 0 } body { margin: 0 } ${css}</style>${body}`;
  const img = raster((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  const rows = letterRows(img);
  return rows;
}

test('outer box-shadow: offset, painted below the background, never inside a transparent box', async () => {
  assert.deepEqual(await pixels(8, 8, 'div { margin: 1px; width: 4px; height: 4px; background: blue; box-shadow: 2px 2px red }'), [
    '________', '_BBBB___', '_BBBB___', '_BBBBRR_', '_BBBBRR_', '___RRRR_', '___RRRR_', '________',
  ]);
  assert.deepEqual(await pixels(8, 8, 'div { margin: 1px; width: 4px; height: 4px; box-shadow: 2px 2px red }'), [
    '________', '________', '________', '_____RR_', '_____RR_', '___RRRR_', '___RRRR_', '________',
  ]);
});

test('box-shadow spread (positive and negative), several shadows with the first on top', async () => {
  assert.deepEqual(await pixels(8, 8, 'div { margin: 2px; width: 2px; height: 2px; background: blue; box-shadow: 0 0 0 1px red }'), [
    '________', '_RRRR___', '_RBBR___', '_RBBR___', '_RRRR___', '________', '________', '________',
  ]);
  assert.deepEqual(await pixels(8, 8, 'div { margin: 1px; width: 4px; height: 4px; background: blue; box-shadow: 2px 2px 0 -1px red }'), [
    '________', '_BBBB___', '_BBBB___', '_BBBB___', '_BBBBR__', '____RR__', '________', '________',
  ]);
  assert.deepEqual(await pixels(8, 8, 'div { margin: 1px; width: 4px; height: 4px; background: blue; box-shadow: 1px 1px red, 2px 2px lime }'), [
    '________', '_BBBB___', '_BBBBR__', '_BBBBRG_', '_BBBBRG_', '__RRRRG_', '___GGGG_', '________',
  ]);
});

test('inset box-shadow: inside the padding box, above the background, below the border; spread shrinks the hole', async () => {
  assert.deepEqual(await pixels(8, 8, 'div { width: 4px; height: 4px; border: 1px solid lime; background: blue; box-shadow: inset 2px 1px red }'), [
    'GGGGGG__', 'GRRRRG__', 'GRRBBG__', 'GRRBBG__', 'GRRBBG__', 'GGGGGG__', '________', '________',
  ]);
  assert.deepEqual(await pixels(8, 8, 'div { width: 6px; height: 6px; background: blue; box-shadow: inset 0 0 0 2px red }'), [
    'RRRRRR__', 'RRRRRR__', 'RRBBRR__', 'RRBBRR__', 'RRRRRR__', 'RRRRRR__', '________', '________',
  ]);
  // an inset shadow whose hole vanishes fills the padding box
  assert.deepEqual(await pixels(4, 4, 'div { width: 2px; height: 2px; background: blue; box-shadow: inset 0 0 0 5px red }'), [
    'RR__', 'RR__', '____', '____',
  ]);
});

test('blurred shadow: Gaussian bands (σ = blur/2), half the alpha on the edge, few drawing operations', async () => {
  const bands = blurBands(10, 1);
  assert.ok(bands.length >= 3 && bands.length <= 16, `${bands.length} bands`);
  // composite alpha at distance d outside the edge: product over the bands that cover d
  const at = (d: number): number => 1 - bands.filter((b) => b.edge >= d).reduce((p, b) => p * (1 - b.alpha), 1);
  assert.ok(Math.abs(at(-0.5) - 0.5) < 0.15 && Math.abs(at(0.5) - 0.5) < 0.15, `edge ${at(-0.5)} ${at(0.5)}`);
  assert.ok(at(-11) > 0.999 && at(11) === 0, 'full inside, nothing past the blur');
  assert.ok(at(-6) > 0.8 && at(6) < 0.2);
  for (let d = -10; d < 10; d += 0.5) assert.ok(at(d) >= at(d + 0.5), 'monotonic');
  const html = '<style>@page { size: 60px; margin: 0 } body { margin: 0 } div { margin: 20px; width: 20px; height: 20px; box-shadow: 0 0 10px black }</style><div></div>';
  const pdf = (await renderPdf(html, { creationDate: new Date(0) })).pdf;
  const img = raster(pdf);
  const grey = (x: number): number => img.px(x, 30)[0];
  assert.ok(grey(12) > 225, `far out: ${grey(12)}`);
  assert.ok(grey(19) > 70 && grey(19) < 185, `at the edge: ${grey(19)}`);
  assert.equal(grey(30), 255, 'the box itself stays clear');
  const stream = qdf(pdf);
  assert.ok((stream.match(/ f\n/g) ?? []).length <= 16, 'at most 16 fills');
});

test('box-shadow follows border-radius; outline follows it too, outside the border edge', async () => {
  const html = '<style>@page { size: 40px; margin: 0 } body { margin: 0 } div { margin: 10px; width: 20px; height: 20px; border-radius: 10px; box-shadow: 0 0 0 4px red }</style><div></div>';
  const img = raster((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  assert.deepEqual(img.px(20, 7), [255, 0, 0], 'the spread shadow above the middle');
  assert.deepEqual(img.px(8, 8), [255, 255, 255], 'rounded: nothing at the corner');
  assert.deepEqual(img.px(20, 20), [255, 255, 255], 'clear inside');
  const html2 = '<style>@page { size: 40px; margin: 0 } body { margin: 0 } div { margin: 10px; width: 20px; height: 20px; border-radius: 10px; outline: 2px solid blue }</style><div></div>';
  const img2 = raster((await renderPdf(html2, { creationDate: new Date(0) })).pdf);
  assert.deepEqual(img2.px(20, 8), [0, 0, 255], 'the outline above the middle');
  assert.deepEqual(img2.px(31, 20), [0, 0, 255], 'the outline right of the middle');
  assert.deepEqual(img2.px(8, 8), [255, 255, 255], 'rounded outline: nothing at the corner');
});

test('outline: outside the border, offset, no effect on layout, painted above the next block (Appendix E step 10)', async () => {
  assert.deepEqual(await pixels(10, 7, 'div { border: 1px solid red; outline: 1px solid blue; height: 1px; margin: 2px; width: 4px }'), [
    '__________', '_BBBBBBBB_', '_BRRRRRRB_', '_BR____RB_', '_BRRRRRRB_', '_BBBBBBBB_', '__________',
  ]);
  assert.deepEqual(await pixels(12, 9, 'div { border: 1px solid red; outline: 1px solid blue; outline-offset: 1px; height: 1px; margin: 3px; width: 4px }'), [
    '____________', '_BBBBBBBBBB_', '_B________B_', '_B_RRRRRR_B_', '_B_R____R_B_', '_B_RRRRRR_B_', '_B________B_', '_BBBBBBBBBB_', '____________',
  ]);
  // the outline of the first block covers the top of the second one's background; the second starts right below the first
  assert.deepEqual(await pixels(6, 6, '.a { height: 2px; outline: 1px solid blue } .b { height: 2px; background: red }', '<div class="a"></div><div class="b"></div>'), [
    '______', '______', 'BBBBBB', 'RRRRRR', '______', '______',
  ]);
});

test('outline-color: inherit after currentcolor gives the own colour (test_current_color_3); background: inherit too (test_current_color_1)', async () => {
  assert.deepEqual(await pixels(2, 2, 'html { color: red; outline-color: currentColor } body { color: lime; outline: 1px solid; outline-color: inherit; margin: 1px }', ''), ['GG', 'GG']);
  assert.deepEqual(await pixels(2, 2, 'html, body { height: 100% } html { color: red; background: currentColor } body { color: lime; background: inherit }', ''), ['GG', 'GG']);
});

test('clip: rect() on an absolutely positioned box: auto sides are the border box edges; ignored when not positioned', async () => {
  const css = (clip: string, pos = 'absolute') => `div { position: ${pos}; top: 0; left: 0; width: 6px; height: 6px; background: blue; clip: ${clip} }`;
  assert.deepEqual(await pixels(8, 8, css('rect(1px, 4px, 3px, auto)')), [
    '________', 'BBBB____', 'BBBB____', '________', '________', '________', '________', '________',
  ]);
  assert.deepEqual(await pixels(8, 8, css('rect(auto 5px auto 2px)')), [
    '__BBB___', '__BBB___', '__BBB___', '__BBB___', '__BBB___', '__BBB___', '________', '________',
  ]);
  // the clip also cuts the shadow and the children
  assert.deepEqual(await pixels(8, 8, `${css('rect(0, 7px, 7px, 0)')} div { box-shadow: 2px 2px red } p { margin: 0; height: 8px; width: 8px; background: lime }`, '<div><p></p></div>'), [
    'GGGGGGG_', 'GGGGGGG_', 'GGGGGGG_', 'GGGGGGG_', 'GGGGGGG_', 'GGGGGGG_', 'GGGGGGG_', '________',
  ]);
  assert.deepEqual((await pixels(8, 8, css('rect(1px, 4px, 3px, auto)', 'relative')))[5], 'BBBBBB__');
  // right edge left of the left edge: nothing shows (as in browsers)
  assert.deepEqual(new Set((await pixels(8, 8, css('rect(0, 1px, 5px, 4px)'))).join('')), new Set(['_']));
});

test('text-decoration-thickness and text-underline-offset move and widen the underline (display list)', () => {
  const deco = { underline: true, overline: false, lineThrough: false };
  const lineOf = (o: Parameters<typeof para>[1]) => {
    const dl = buildDisplayList(layoutTree(block({}, [para('ab', { fontSize: 20, textDecorationLine: deco, ...o })])).pages, {});
    return dl.pages[0].items.find((i): i is Extract<DisplayItem, { kind: 'line' }> => i.kind === 'line')!;
  };
  // fake font: baseline at 16 px (ascent 0.8em), underline at 0.1em below it, 0.05em thick; `auto` thickness and
  // offset are Chromium's, not the font's (underline-auto-chromium.test.ts): floor(20 / 10) = 2 px thick, its top
  // max(1, ceil(2 / 2)) = 1 px below the baseline, so its centre line at 16 + 1 + 1
  const auto = lineOf({});
  assert.deepEqual([auto.y, auto.thickness], [16 + 1 + 1, 2]);
  const thick = lineOf({ textDecorationThickness: P(4), textUnderlineOffset: P(3) });
  assert.deepEqual([thick.y, thick.thickness], [16 + 3 + 2, 4]);
  const pct = lineOf({ textDecorationThickness: { px: 0, pct: 10 }, textUnderlineOffset: { px: 1, pct: 25 } });
  assert.deepEqual([pct.y, pct.thickness], [16 + 6 + 1, 2]);
  assert.equal(lineOf({ textDecorationThickness: 'from-font' }).thickness, 1);
});

/** A 4×4 SVG of 16 one-pixel squares (corners R, G, B, K; edges Y/M/C; middle navy and green). */
const BORDER_SVG = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4" viewBox="0 0 4 4">'
  + [['#f00', '#ff0', '#f0f', '#0f0'], ['#f0f', '#000080', '#008000', '#0ff'], ['#ff0', '#008000', '#000080', '#ff0'], ['#00f', '#ff0', '#0ff', '#000']]
    .flatMap((row, y) => row.map((c, x) => `<rect fill="${c}" x="${x}" y="${y}" width="1" height="1"/>`)).join('') + '</svg>');

test('border-image: nine slices stretched into the border, fill, width, outset, the shorthand; no image keeps the border', async () => {
  const css = (extra: string) => `div { border: 1px solid black; border-image-source: url("${BORDER_SVG}"); border-image-slice: 25%; height: 4px; margin: 1px; width: 6px; ${extra} }`;
  assert.deepEqual(await pixels(10, 8, css('')), [
    '__________', '_RYYYMMMG_', '_M______C_', '_M______C_', '_Y______Y_', '_Y______Y_', '_BYYYCCCK_', '__________',
  ]);
  assert.deepEqual((await pixels(10, 8, css('border-image-slice: 1 fill')))[2], '_MbbbgggC_');
  assert.deepEqual(await pixels(10, 8, css('border-image-width: 2')), [
    '__________', '_RRYYMMGG_', '_RRYYMMGG_', '_MM____CC_', '_YY____YY_', '_BBYYCCKK_', '_BBYYCCKK_', '__________',
  ]);
  assert.deepEqual((await pixels(12, 10, css('border-image-outset: 2px; margin: 3px; height: 2px; width: 4px')))[1], '_RYYYYMMMMG_');
  // the shorthand; a source that cannot be loaded draws the border styles
  assert.deepEqual((await pixels(10, 8, `div { border: 1px solid black; border-image: url("${BORDER_SVG}") 25% / 2; height: 4px; margin: 1px; width: 6px }`))[1], '_RRYYMMGG_');
  assert.deepEqual((await pixels(10, 8, 'div { border: 1px solid black; border-image: url(missing.png) 25%; height: 4px; margin: 1px; width: 6px }'))[1], '_KKKKKKKK_');
});

test('border-image from a gradient: sized as the border image area, sliced and stretched with it', async () => {
  const html = '<style>@page { size: 10px 8px; margin: 0 } body { margin: 0 } div { border: 1px solid black; height: 4px; margin: 1px; width: 6px;'
    + ' border-image: linear-gradient(to bottom, red, red 50%, blue 50%, blue) 25% / 2 }</style><div></div>';
  const img = raster((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  // poppler blends a hard stop over a pixel or so on short shading axes: read the dominant channel
  const rows: string[] = [];
  for (let y = 0; y < img.h; y++) {
    let row = '';
    for (let x = 0; x < img.w; x++) { const [r, g, b] = img.px(x, y); row += g > 200 ? '_' : r > b ? 'R' : 'B'; }
    rows.push(row);
  }
  assert.deepEqual(rows, ['__________', '_RRRRRRRR_', '_RRRRRRRR_', '_RR____RR_', '_BB____BB_', '_BBBBBBBB_', '_BBBBBBBB_', '__________']);
});
