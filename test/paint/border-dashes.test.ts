// In: dashed and dotted borders of boxes without radii (1 to 7 px, corners with same and other styles and colours,
// fractional positions, separated table cells, translucent colours). Out: the dots and dashes Chromium 156 draws
// (figures read from its PDF: the rectangles and circles Skia writes) and the page's pixels against Chromium's print
// of the same document (test/fixtures/paint/borders-dashed.chromium.pgm.gz: its PDF rasterised at 5 × 96 dpi without
// anti-aliasing, the centre of each 5 × 5 block kept, so 1 pixel = 1 CSS px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { renderPdf } from '../../src/index.ts';
import { borderPaintOrder, sideMitred, brokenSideStroke, dotCentres, snapBorderBox, type BrokenStroke } from '../../src/paint/pdf-border-dashes.ts';
import { pushBorderItems } from '../../src/paint/build-decor.ts';
import type { DisplayItem } from '../../src/paint/display-list.ts';
import { rgba, withPdf } from './pdf-helpers.ts';

const BLACK = rgba(0, 0, 0);

/** The painted intervals along a side, [from, to] (butt-capped dashes; thin dotted lines included), start dots first. */
function intervals(st: BrokenStroke, horizontal: boolean): Array<[number, number]> {
  const out: Array<[number, number]> = st.dots.map((d) => (horizontal ? [d.x, d.x + d.w] : [d.y, d.y + d.h]));
  const l = st.line!;
  const a = horizontal ? l.x1 : l.y1, z = horizontal ? l.x2 : l.y2;
  if (!st.dash) { out.push([a, z]); return out; }
  const [on, off] = st.dash;
  for (let p = a; p < z - 1e-9; p += on + off) out.push([p, Math.min(p + on, z)]);
  return out;
}
const round3 = (v: Array<[number, number]>): Array<[number, number]> => v.map(([p, q]) => [Math.round(p * 1000) / 1000, Math.round(q * 1000) / 1000]);

/** The display items pushBorderItems gives for one border item. */
function borderItems(item: Parameters<typeof pushBorderItems>[0]): DisplayItem[] {
  const out: DisplayItem[] = [];
  pushBorderItems(item, (it) => out.push(it));
  return out;
}

test('thin dotted sides: Chromium\'s EnforceDotsAtEndpoints start and end dots, then dots of w every 2w', () => {
  // A 50 × 30 box at (10, 10) with a 1 px dotted border: the top side is 52 px long (even), so Chromium fills
  // 10..12 and draws 1 px dots from 13: "10 10 2 1 re", "13 10 1 1 re" … "61 10 1 1 re".
  const b1 = snapBorderBox({ x: 10, y: 10, w: 52, h: 32 }, [1, 1, 1, 1]);
  const top = brokenSideStroke(b1, 0, 'dotted')!;
  const chromium1: Array<[number, number]> = [[10, 12]];
  for (let x = 13; x <= 61; x += 2) chromium1.push([x, x + 1]);
  assert.deepEqual(intervals(top, true), chromium1);
  assert.deepEqual([top.line!.y1, top.width], [10.5, 1], 'the line runs through the middle of the 1 px side');
  // An odd length (a 211 px cell bottom in invoiceplane-payment-history): plain dots from the start, one at each end.
  const b2 = snapBorderBox({ x: 416, y: 100, w: 211, h: 20 }, [0, 0, 1, 0]);
  const chromium2: Array<[number, number]> = [];
  for (let x = 416; x <= 626; x += 2) chromium2.push([x, x + 1]);
  assert.deepEqual(intervals(brokenSideStroke(b2, 2, 'dotted')!, true), chromium2);
  // 3 px: the right side of a 56 × 36 border box (length 36, 36 mod 6 = 0): grown dots at both ends
  // ("203 10 3 4 re", "203 42 3 4 re") and 3 px dots at 17, 23, 29, 35.
  const b3 = snapBorderBox({ x: 150, y: 10, w: 56, h: 36 }, [3, 3, 3, 3]);
  assert.deepEqual(intervals(brokenSideStroke(b3, 1, 'dotted')!, false), [[10, 14], [42, 46], [17, 20], [23, 26], [29, 32], [35, 38]]);
  // Its top (length 56, 56 mod 6 = 2): a start dot, the line from 155: "150 10 3 3 re", "155 10 3 3 re" … "203 10 3 3 re".
  assert.deepEqual(intervals(brokenSideStroke(b3, 0, 'dotted')!, true), [[150, 153], [155, 158], [161, 164], [167, 170], [173, 176], [179, 182], [185, 188], [191, 194], [197, 200], [203, 206]]);
  // A 1, 2 or 3 px dotted top side of every length modulo 2, 4 and 6 (left 10): Chromium's rectangles, x+width,
  // start and end dots first, as EnforceDotsAtEndpoints draws them.
  const CHROMIUM: Array<[number, number, string]> = [
    [1, 52, '10+2 13+1 15+1 17+1 19+1 21+1 23+1 25+1 27+1 29+1 31+1 33+1 35+1 37+1 39+1 41+1 43+1 45+1 47+1 49+1 51+1 53+1 55+1 57+1 59+1 61+1'],
    [1, 53, '10+1 12+1 14+1 16+1 18+1 20+1 22+1 24+1 26+1 28+1 30+1 32+1 34+1 36+1 38+1 40+1 42+1 44+1 46+1 48+1 50+1 52+1 54+1 56+1 58+1 60+1 62+1'],
    [2, 52, '10+2 60+2 13+2 17+2 21+2 25+2 29+2 33+2 37+2 41+2 45+2 49+2 53+2 57+2'],
    [2, 53, '10+2 13+2 17+2 21+2 25+2 29+2 33+2 37+2 41+2 45+2 49+2 53+2 57+2 61+2'],
    [2, 54, '10+2 14+2 18+2 22+2 26+2 30+2 34+2 38+2 42+2 46+2 50+2 54+2 58+2 62+2'],
    [2, 55, '10+2 15+2 19+2 23+2 27+2 31+2 35+2 39+2 43+2 47+2 51+2 55+2 59+2 63+2'],
    [3, 54, '10+4 60+4 17+3 23+3 29+3 35+3 41+3 47+3 53+3'],
    [3, 55, '10+3 62+3 15+3 21+3 27+3 33+3 39+3 45+3 51+3 57+3'],
    [3, 56, '10+3 15+3 21+3 27+3 33+3 39+3 45+3 51+3 57+3 63+3'],
    [3, 57, '10+3 16+3 22+3 28+3 34+3 40+3 46+3 52+3 58+3 64+3'],
    [3, 58, '10+3 17+3 23+3 29+3 35+3 41+3 47+3 53+3 59+3 65+3'],
    [3, 59, '10+3 66+3 17+3 23+3 29+3 35+3 41+3 47+3 53+3 59+3'],
  ];
  for (const [w, len, rects] of CHROMIUM) {
    const st = brokenSideStroke(snapBorderBox({ x: 10, y: 10, w: len, h: w }, [w, 0, 0, 0]), 0, 'dotted')!;
    assert.equal(intervals(st, true).map(([a, z]) => `${a}+${z - a}`).join(' '), rects, `${w} px dotted, ${len} px long`);
  }
});

test('thick dotted sides are round dots of w spaced by SelectBestDashGap, w/2 inside both ends', () => {
  // 5 px dotted, top side 60 px long at y 10: Chromium's circles are centred at y 12.5 and
  // x 222.5, 231.657, 240.813, 249.97, 259.127, 268.283, 277.44.
  const b = snapBorderBox({ x: 220, y: 10, w: 60, h: 40 }, [5, 5, 5, 5]);
  const st = brokenSideStroke(b, 0, 'dotted')!;
  assert.equal(st.cap, 1);
  const centres = dotCentres(st.line!, st.dash![1]).map(([x, y]) => [Math.round(x * 1000) / 1000, y]);
  assert.deepEqual(centres, [[222.5, 12.5], [231.657, 12.5], [240.813, 12.5], [249.97, 12.5], [259.127, 12.5], [268.283, 12.5], [277.44, 12.5]]);
});

test('dashed sides: dashes of 3w (2w from 3 px) with the best-fitting gap from the start of the full side', () => {
  // 1 px: "10 80 m 13 80 l …", "14.9 80 m 17.9 80 l …" … "59 80 m 62 80 l" (gap 1.9).
  const b = snapBorderBox({ x: 10, y: 80, w: 52, h: 32 }, [1, 1, 1, 1]);
  const chromium: Array<[number, number]> = [];
  for (let k = 0; k < 11; k++) chromium.push([10 + 4.9 * k, 13 + 4.9 * k]);
  assert.deepEqual(round3(intervals(brokenSideStroke(b, 0, 'dashed')!, true)), round3(chromium));
  // Its left side (32 px): gap 1.8333 ("11 84.833336 m" …).
  const left = intervals(brokenSideStroke(b, 3, 'dashed')!, false);
  assert.deepEqual(round3(left.slice(0, 2)), [[80, 83], [84.833, 87.833]]);
  assert.equal(round3(left).at(-1)![1], 112);
});

test('corners: a dashed or dotted side is clipped only where Chromium mitres it', () => {
  const red = rgba(204, 0, 0), blue = rgba(0, 0, 204);
  const info = (styles: string[], colors = [BLACK, BLACK, BLACK, BLACK], widths = [4, 4, 4, 4]) => ({
    styles: styles as Array<'solid' | 'dotted' | 'dashed'>, colors, widths, visible: [true, true, true, true],
  });
  const none = new Set<number>();
  // Same style and colour all round: no clip (the sides overlap in the corners).
  assert.equal(sideMitred(info(['dotted', 'dotted', 'dotted', 'dotted']), 0, 3, none), false);
  // A solid neighbour painted later covers the corner: no clip.
  assert.equal(sideMitred(info(['dotted', 'solid', 'solid', 'solid']), 0, 1, none), false);
  // …unless it was painted before (lower alpha first): then the diagonal.
  assert.equal(sideMitred(info(['dotted', 'solid', 'solid', 'solid']), 0, 1, new Set([1])), true);
  // Another colour or another broken style: the diagonal.
  assert.equal(sideMitred(info(['dotted', 'dotted', 'dotted', 'dotted'], [red, red, red, blue]), 0, 3, none), true);
  assert.equal(sideMitred(info(['dotted', 'dashed', 'dotted', 'dotted']), 0, 1, none), true);
  // No adjacent border: nothing to mitre.
  assert.equal(sideMitred(info(['dotted', 'dotted', 'dotted', 'dotted'], undefined, [4, 0, 4, 4]), 0, 1, none), false);
  // Paint order: by alpha, then dotted/dashed/double before the solid styles, then top, bottom, right, left.
  assert.deepEqual(borderPaintOrder(['solid', 'dotted', 'solid', 'dashed'], [BLACK, BLACK, BLACK, BLACK], [true, true, true, true]), [1, 3, 0, 2]);
  assert.deepEqual(borderPaintOrder(['dotted', 'dotted', 'dotted', 'dotted'], [BLACK, rgba(0, 0, 0, 0.5), BLACK, BLACK], [true, true, true, true]), [1, 0, 2, 3]);
});

test('translucent dashed or dotted borders are painted as one opacity group (Chromium\'s transparency layer)', () => {
  const half = rgba(0, 0, 0, 0.5);
  const item: Extract<DisplayItem, { kind: 'border' }> = { kind: 'border', rect: { x: 0, y: 0, w: 50, h: 30 }, widths: [6, 6, 6, 6], styles: ['dotted', 'dotted', 'dotted', 'dotted'], colors: [half, half, half, half] };
  const out = borderItems(item);
  assert.deepEqual(out.map((i) => i.kind), ['push-opacity', 'border', 'pop-opacity']);
  assert.equal((out[0] as { opacity: number }).opacity, 0.5);
  assert.deepEqual((out[1] as typeof item).colors.map((c) => c.a), [1, 1, 1, 1]);
  assert.deepEqual(borderItems({ ...item, styles: ['solid', 'solid', 'solid', 'solid'] }).length, 1, 'solid sides do not overlap: no group');
  assert.deepEqual(borderItems({ ...item, widths: [0, 0, 6, 0] }).length, 1, 'a lone side: no group');
});

/** Page 1 of `pdf` at 5 × 96 dpi without anti-aliasing, the centre of each 5 × 5 block (grey, 1 pixel per CSS px). */
function centreSamples(pdf: Uint8Array): { w: number; h: number; px: Uint8Array } {
  return withPdf(pdf, (p, dir) => {
    execFileSync('pdftoppm', ['-r', '480', '-gray', '-aa', 'no', '-aaVector', 'no', '-f', '1', '-l', '1', '-singlefile', p, join(dir, 'img')]);
    return readPgm(readFileSync(join(dir, 'img.pgm')), 5);
  });
}
function readPgm(buf: Buffer, step = 1): { w: number; h: number; px: Uint8Array } {
  const head = buf.toString('latin1', 0, 40).split(/\s+/);
  const w = Number(head[1]), h = Number(head[2]);
  const data = buf.subarray(buf.length - w * h);
  const W = Math.floor(w / step), H = Math.floor(h / step), px = new Uint8Array(W * H);
  const o = Math.floor(step / 2);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) px[y * W + x] = data[(y * step + o) * w + x * step + o]!;
  return { w: W, h: H, px };
}

const DOC = `<!doctype html><html><head><style>
@page { size: 480px 304px; margin: 0 } body { margin: 0 }
div { position: absolute; width: 50px; height: 30px; box-sizing: content-box }
</style></head><body>
<div style="left:10px;top:10px;border:1px dotted #000"></div>
<div style="left:80px;top:10px;border:2px dotted #000"></div>
<div style="left:150px;top:10px;border:3px dotted #000"></div>
<div style="left:220px;top:10px;border:5px dotted #000"></div>
<div style="left:300px;top:10px;width:51px;height:29px;border:1px dotted #000"></div>
<div style="left:370px;top:10px;width:53px;height:33px;border:3px dotted #000"></div>
<div style="left:10px;top:70px;border:1px dashed #000"></div>
<div style="left:80px;top:70px;border:2px dashed #000"></div>
<div style="left:150px;top:70px;border:3px dashed #000"></div>
<div style="left:220px;top:70px;border:5px dashed #000"></div>
<div style="left:300px;top:70px;width:9px;height:4px;border:2px dashed #000"></div>
<div style="left:340px;top:70px;width:61px;height:27px;border:2px dotted #000"></div>
<div style="left:10px;top:130px;border:4px solid #000;border-top:4px dotted #000"></div>
<div style="left:80px;top:130px;border:4px dotted #c00;border-left-color:#00c;border-right:4px dashed #c00"></div>
<div style="left:150px;top:130px;border:3px dotted #000;border-bottom:6px solid #080"></div>
<div style="left:220px;top:130px;border-bottom:1px dotted #000;border-left:8px solid #000"></div>
<div style="left:300px;top:130px;border:6px dotted rgba(0,0,0,0.5)"></div>
<div style="left:10.4px;top:190.6px;width:60.3px;height:20.2px;border:1px dotted #000"></div>
<div style="left:90.5px;top:190.5px;width:60px;height:20px;border:2px dashed #000;border-left:2px dotted #000"></div>
<div style="left:170px;top:190px;border:7px dotted #000;border-bottom:4px dashed #000"></div>
<table style="position:absolute;left:250px;top:190px;border-spacing:2px;font-size:1px"><tr><td style="width:60px;height:10px;border-bottom:1px dotted #000"></td><td style="width:73px;height:10px;border-bottom:thin dotted #000"></td></tr>
<tr><td style="width:60px;height:10px;border-bottom:1px dotted #000"></td><td style="width:73px;height:10px;border-bottom:thin dotted #000"></td></tr></table>
<div style="left:10px;top:250px;width:400px;height:0;border-top:2px dotted #000"></div>
<div style="left:10px;top:270px;width:0;height:20px;border-left:1px dotted #000"></div>
</body></html>
`;

test('a page of dashed and dotted borders has Chromium 156\'s pixels', async () => {
  const out = await renderPdf(DOC, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  const ours = centreSamples(out.pdf);
  const ref = readPgm(zlib.gunzipSync(readFileSync(new URL('../fixtures/paint/borders-dashed.chromium.pgm.gz', import.meta.url))));
  assert.deepEqual([ours.w, ours.h], [ref.w, ref.h]);
  let inked = 0, differ = 0;
  for (let i = 0; i < ref.px.length; i++) {
    if (ref.px[i]! >= 250 && ours.px[i]! >= 250) continue;
    inked++;
    if (Math.abs(ref.px[i]! - ours.px[i]!) > 48) differ++;
  }
  // 12 of 6527 inked pixels differ (dash ends at x.4–x.6 px, where the rasteriser's sample falls on the edge); the
  // stroke-everything-from-the-corner drawing before this gave 1469.
  assert.ok(inked > 6000, `${inked} inked pixels`);
  assert.ok(differ <= 25, `${differ} of ${inked} pixels differ from Chromium's`);
});
