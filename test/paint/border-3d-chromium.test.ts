// In: tables with the HTML border and bordercolor attributes (the everyday `<table border="1" cellspacing="0">` of
// e-commerce e-mails and order pages) and boxes with inset/outset/ridge borders in currentcolor, through the real stages
// (cascade; renderPdf for the drawing).
// Out: the computed border style, colour and width of tables and cells against Chromium 156's getComputedStyle; the
// filled shapes of a 1 px outset table border around a 1 px inset cell border against the ones in Chromium 156's own
// PDF (page.pdf, qpdf --qdf); edge colours against Chromium 156's pixels. Chromium 156's UA sheet gives tables no
// 'border-color: gray' (the colour is currentcolor), bordercolor makes the borders solid, black inset/outset edges are
// #545454 and #a8a8a8, a side is mitred only at corners where it meets another colour and the other side is already
// painted (BoxBorderPainter::ComputeMiter: top and bottom are plain rectangles, left and right cut on one diagonal
// each), and a 3D style in currentcolor paints the legacy grey #eeeeee on every box but tables and cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';
import { renderPdf } from '../../src/index.ts';
import { qdf, raster } from './pdf-helpers.ts';

const ATTRS = `<!doctype html><table id=t0><tr><td id=c0>x</td></tr></table>
<table id=t1 border=1><tr><td id=c1>x</td></tr></table>
<table id=t2 border=1 bordercolor=red><tr><td id=c2>x</td></tr></table>
<table id=t3 border=0 bordercolor=blue><tr><td id=c3>x</td></tr></table>
<table id=t4 bordercolor=red><tr><td id=c4>x</td></tr></table>
<table id=t5 border=3 style="color:green"><tr><td id=c5>x</td></tr></table>`;

/** Chromium 156 getComputedStyle: border-top-style, border-top-color, border-top-width (px). */
const ATTRS_CHROMIUM: Record<string, [string, [number, number, number], number]> = {
  t0: ['none', [0, 0, 0], 0], c0: ['none', [0, 0, 0], 0],
  t1: ['outset', [0, 0, 0], 1], c1: ['inset', [0, 0, 0], 1],
  t2: ['solid', [255, 0, 0], 1], c2: ['solid', [255, 0, 0], 1],
  t3: ['none', [0, 0, 255], 0], c3: ['none', [0, 0, 0], 0],
  t4: ['none', [255, 0, 0], 0], c4: ['none', [0, 0, 0], 0],
  t5: ['outset', [0, 128, 0], 3], c5: ['inset', [0, 128, 0], 1],
};

test('table border and bordercolor attributes compute as in Chromium 156 (currentcolor, solid with a bordercolor)', () => {
  const r = layoutForInspection(ATTRS);
  for (const e of r.elements.values()) {
    const id = e.element.attribs['id'];
    if (id === undefined) continue;
    const b = e.style.borderTop;
    assert.deepEqual([b.style, [b.color.r, b.color.g, b.color.b], b.width], ATTRS_CHROMIUM[id], `#${id}`);
  }
});

const TABLE = `<html><head><style>@page{size:600px 400px;margin:0} body{margin:0}</style></head><body>
<table border=1 cellspacing=0 cellpadding=10 width="100%"><tr><td>cell</td></tr></table></body></html>`;

/** The filled shapes of Chromium 156's PDF of TABLE (px): grey level and the points of each `re` or m/l path. */
const TABLE_CHROMIUM: Array<[number, number[]]> = [
  [0.659, [0, 0, 600, 0, 600, 1, 0, 1]], [0.329, [0, 41, 600, 41, 600, 42, 0, 42]],
  [0.329, [599, 1, 599, 42, 600, 42, 600, 0]], [0.659, [0, 0, 0, 42, 1, 41, 1, 0]],
  [0.329, [1, 1, 599, 1, 599, 2, 1, 2]], [0.659, [1, 40, 599, 40, 599, 41, 1, 41]],
  [0.659, [598, 2, 598, 41, 599, 41, 599, 1]], [0.329, [1, 1, 1, 41, 2, 40, 2, 1]],
];

/** Every filled path of the page's content: [grey, points] with a rectangle given by its four corners. */
function fills(content: string): Array<[number, number[]]> {
  const out: Array<[number, number[]]> = [];
  let grey = 0;
  for (const line of content.split('\n')) {
    const g = /^([\d.]+) [\d.]+ [\d.]+ rg$/.exec(line);
    if (g) { grey = Math.round(Number(g[1]) * 1000) / 1000; continue; }
    const re = /^([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re f$/.exec(line);
    if (re) {
      const [x, y, w, h] = re.slice(1).map(Number) as [number, number, number, number];
      out.push([grey, [x, y, x + w, y, x + w, y + h, x, y + h]]);
      continue;
    }
    const path = /^([-\d. ml]+) h f$/.exec(line);
    if (path) out.push([grey, path[1]!.split(/ [ml] ?/).join(' ').trim().split(/\s+/).map(Number)]);
  }
  return out;
}

/** A shape as a sorted list of its points, so that the starting corner and direction do not matter. */
const key = ([grey, p]: [number, number[]]): string => {
  const pts: string[] = [];
  for (let i = 0; i < p.length; i += 2) pts.push(`${p[i]},${p[i + 1]}`);
  return `${grey} ${pts.sort().join(' ')}`;
};

test('a border="1" table draws its outset and inset 1 px borders with Chromium 156\'s shades, rectangles and mitres', async () => {
  const { pdf } = await renderPdf(TABLE);
  const ours = fills(qdf(pdf)).filter(([grey]) => grey > 0.2 && grey < 0.8).map(key).sort();
  assert.deepEqual(ours, TABLE_CHROMIUM.map(key).sort());
});

const CURRENT = `<!doctype html><html><head><style>@page{size:400px 200px;margin:0} body{margin:0}
div, table{border:8px outset;width:20px;height:20px;margin:4px;display:inline-block;vertical-align:top} td{padding:0}</style></head><body>
<div></div><div style="border-color:black"></div><div style="color:red"></div><div style="border-style:ridge"></div><div style="border-style:solid;color:gray"></div><div style="display:inline-table"></div><table style="display:inline-table;border-spacing:0"><tr><td style="border:8px inset;width:4px;height:4px"></td></tr></table></body></html>`;

/** Chromium 156, each box's [light edge (8 px box, 3 px in from the top), dark edge (3 px in from the bottom)]. */
const CURRENT_CHROMIUM: Array<[[number, number, number], [number, number, number]]> = [
  [[238, 238, 238], [154, 154, 154]], // outset, currentcolor black: the legacy grey
  [[168, 168, 168], [84, 84, 84]], // outset black given: black lifted one step
  [[238, 238, 238], [154, 154, 154]], // currentcolor red: still the grey
  [[238, 238, 238], [154, 154, 154]], // ridge: outer half of the top light, of the bottom dark
  [[128, 128, 128], [128, 128, 128]], // solid: the text colour
  [[168, 168, 168], [84, 84, 84]], // a table box: its own colour (black)
  [[168, 168, 168], [84, 84, 84]], // a table (its cell's inset border is inside)
];

test('inset/outset/groove/ridge in currentcolor paint Chromium\'s legacy #eeeeee, except on tables and cells', async () => {
  const { pdf } = await renderPdf(CURRENT);
  const img = raster(pdf, 96);
  CURRENT_CHROMIUM.forEach(([light, dark], i) => {
    const x = 4 + i * 44 + 18;
    assert.deepEqual(img.px(x, 4 + 3), light, `box ${i} light edge`);
    assert.deepEqual(img.px(x, 4 + 36 - 3 - 1), dark, `box ${i} dark edge`);
  });
});
