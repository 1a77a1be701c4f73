// In: boxes whose border has one colour, one width and one solid or double style on all four sides (and one whose
// top width differs), square and rounded, through renderPdf.
// Out: the stroked rectangles of our PDF against the ones Chromium 156 writes into its own PDF (page.pdf, qpdf --qdf:
// `x y w h re S` with the line width of the graphics state's /LW), and pixels of both at 50 dpi (pdftoppm, the fidelity
// ink score's resolution). Chromium draws such a border as one stroked rectangle per stripe on the stripe's centre
// line (a double border: two stripes of (width + 1) / 3 px; double below 3px is solid); where the widths differ it
// fills the sides. Rounded, Blink strokes the ring of each stripe where every corner is square or circular with the
// inner radius the outer one less the stripe (GraphicsContext::FillDRRect, IsSimpleDRRect) and fills it otherwise.
// A 1px stripe filled is a light grey at 50 dpi where Chromium's stroke is the full colour:
// now-lms's "Clásico" certificate (4px double border round the page) scored 0.688 ink for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { qdf, raster } from './pdf-helpers.ts';

const DOC = `<!doctype html><html><head><style>@page{size:400px 600px;margin:0} body{margin:0} div{position:absolute;width:200px;height:100px}
#a{left:20px;top:20px;border:4px double #8b4513} #b{left:20px;top:150px;border:6px double red} #c{left:20px;top:280px;border:1px solid blue}
#d{left:20px;top:400px;border:4px solid green;border-top-width:2px} #e{left:20.3px;top:520.6px;width:100px;height:40px;border:3px double black}
#f{left:250px;top:20px;width:100px;height:60px;border:2px double rgba(0,0,255,.5)}</style></head>
<body><div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div></body></html>`;

/**
 * Chromium 156's strokes for DOC (px, y down): stroke colour (r g b), line width, rectangle. #d (top 2px, others 4px)
 * has none: Chromium fills it (one even-odd path). #e is at a fractional position: its box snapped to whole px first.
 */
const CHROMIUM: Array<[string, number, [number, number, number, number]]> = [
  ['0.545 0.271 0.075', 1, [20.5, 20.5, 207, 107]], ['0.545 0.271 0.075', 1, [23.5, 23.5, 201, 101]],
  ['1 0 0', 2, [21, 151, 210, 110]], ['1 0 0', 2, [25, 155, 202, 102]],
  ['0 0 1', 1, [20.5, 280.5, 201, 101]],
  ['0 0 0', 1, [20.5, 521.5, 105, 45]], ['0 0 0', 1, [22.5, 523.5, 101, 41]],
  ['0 0 1', 2, [251, 21, 102, 62]],
];

/** Every `re S` of the content with the stroke colour (three decimals) and line width in force. */
function strokes(content: string): Array<[string, number, [number, number, number, number]]> {
  const out: Array<[string, number, [number, number, number, number]]> = [];
  let color = '0 0 0', width = 1;
  for (const line of content.split('\n')) {
    const c = /^([\d.]+) ([\d.]+) ([\d.]+) RG$/.exec(line);
    if (c) { color = c.slice(1).map((v) => String(Math.round(Number(v) * 1000) / 1000)).join(' '); continue; }
    const s = /^(?:([\d.]+) w )?([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re S$/.exec(line);
    if (!s) continue;
    if (s[1] !== undefined) width = Number(s[1]);
    out.push([color, width, s.slice(2).map(Number) as [number, number, number, number]]);
  }
  return out;
}

test('a border of one colour, width and solid/double style all round is stroked stripe by stripe, as Chromium 156 writes it', async () => {
  const { pdf } = await renderPdf(DOC);
  assert.deepEqual(strokes(qdf(pdf)), CHROMIUM);
});

test('at 50 dpi a uniform 4px double border prints two full-colour stripes, as Chromium 156\'s does', async () => {
  const { pdf } = await renderPdf(DOC);
  const img = raster(pdf, 50, 1, true);
  // Chromium 156's PDF through the same pdftoppm call: row 36 crosses #a's left border (stripes at device x 10 and 12),
  // row 180 #c's 1px solid left border (x 10).
  const hex = (p: [number, number, number]): string => p.map((v) => v.toString(16).padStart(2, '0')).join('');
  assert.deepEqual([9, 10, 11, 12, 13].map((x) => hex(img.px(x, 36))), ['ffffff', '8b4513', 'ffffff', '8b4513', 'ffffff']);
  assert.deepEqual([9, 10, 11].map((x) => hex(img.px(x, 180))), ['ffffff', '0000ff', 'ffffff']);
});

const ROUNDED = `<!doctype html><html><head><style>@page{size:400px 600px;margin:0} body{margin:0} div{position:absolute;width:200px;height:100px}
#g{left:20px;top:20px;border:4px solid red;border-radius:10px} #h{left:20px;top:150px;border:1px solid blue;border-radius:4px}
#i{left:20px;top:280px;border:4px double green;border-radius:10px} #j{left:20px;top:410px;border:4px solid black;border-radius:2px}
#k{left:250px;top:20px;width:100px;border:1px solid purple;border-radius:20px/10px} #l{left:250px;top:150px;width:100px;border:4px solid teal;border-radius:10px 0 0 0}</style></head>
<body><div id=g></div><div id=h></div><div id=i></div><div id=j></div><div id=k></div><div id=l></div></body></html>`;

/**
 * Chromium 156's painted border paths for ROUNDED, in order: the operator, the line width of a stroke (its /LW), the
 * bounding box of the path's points [x0, y0, x1, y1] (px). #j (radius 2px < 4px: the inner corner square) and #k
 * (elliptical corners) are filled; the others stroked on the stripe's centre line.
 */
const ROUNDED_CHROMIUM: Array<[string, number | null, [number, number, number, number]]> = [
  ['S', 4, [22, 22, 226, 126]], ['S', 1, [20.5, 150.5, 221.5, 251.5]],
  ['S', 1, [20.5, 280.5, 227.5, 387.5]], ['S', 1, [23.5, 283.5, 224.5, 384.5]],
  ['f*', null, [20, 410, 228, 518]], ['f*', null, [250, 20, 352, 122]],
  ['S', 4, [252, 152, 356, 256]],
];

/** Every stroked or even-odd filled path of the content (one line each): operator, line width of a stroke, points' bounding box. */
function paths(content: string): Array<[string, number | null, [number, number, number, number]]> {
  const out: Array<[string, number | null, [number, number, number, number]]> = [];
  for (const line of content.split('\n')) {
    const m = /^(?:([\d.]+) w )?(.* [ml] .*) (S|f\*)$/.exec(line) ?? /^(?:([\d.]+) w )?(.* re) (S|f\*)$/.exec(line);
    if (!m) continue;
    // A rectangle `x y w h re` as its two corners; then every number pair of the path is a point.
    const corners = m[2]!.replace(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re/g, (_, x, y, w, h) => `${x} ${y} ${+x + +w} ${+y + +h}`);
    const pts = corners.replace(/ [a-z]+/g, ' ').trim().split(/\s+/).map(Number);
    const xs = pts.filter((_, i) => i % 2 === 0), ys = pts.filter((_, i) => i % 2 === 1);
    out.push([m[3]!, m[3] === 'S' ? Number(m[1]) : null, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]]);
  }
  return out;
}

test('a rounded uniform border is stroked where Blink strokes its ring (square or circular corners, inner = outer - stripe) and filled elsewhere', async () => {
  const { pdf } = await renderPdf(ROUNDED);
  assert.deepEqual(paths(qdf(pdf)), ROUNDED_CHROMIUM);
});
