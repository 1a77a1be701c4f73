/**
 * PDF writer: drawing, links and destinations. In: small hand-built display lists (pages of a
 * few dozen px). Out: pixels from pdftoppm at 96 dpi (one pixel per CSS px, antialiasing off) at
 * known places; link annotations and named destinations in the uncompressed (qpdf --qdf) PDF.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writePdf } from '../../src/paint/pdf.ts';
import { strokeDash } from '../../src/paint/pdf-borders.ts';
import type { DisplayItem, Radii } from '../../src/paint/display-list.ts';
import type { ImageRef } from '../../src/box/types.ts';
import { WarningSink } from '../../src/warnings.ts';
import { png, qdf, qpdfCheck, raster, rgba } from './pdf-helpers.ts';

const DATE = new Date('2024-01-01T00:00:00Z');
const RED = rgba(255, 0, 0), GREEN = rgba(0, 255, 0), BLUE = rgba(0, 0, 255), BLACK = rgba(0, 0, 0);
const W: [number, number, number] = [255, 255, 255];

async function paint(items: DisplayItem[], size = 40, warnings?: WarningSink) {
  const pdf = await writePdf({ info: {}, pages: [{ width: size, height: size, items }] }, { creationDate: DATE, warnings });
  return { pdf, img: raster(pdf, 96) };
}

function near(actual: [number, number, number], expected: [number, number, number], tol = 3, what = ''): void {
  const ok = actual.every((v, i) => Math.abs(v - expected[i]!) <= tol);
  assert.ok(ok, `${what}: got rgb(${actual.join(',')}), expected rgb(${expected.join(',')})`);
}

const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../fixtures/paint/${name}`, import.meta.url)));
const imageRef = (key: string, data: Buffer, width: number, height: number, format: 'png' | 'jpeg' = 'png'): ImageRef => ({ key, data, width, height, format });

test('a filled rect lands on its px box', async () => {
  const { img } = await paint([{ kind: 'rect', rect: { x: 10, y: 5, w: 20, h: 10 }, color: RED }]);
  assert.equal(img.w, 40);
  near(img.px(10, 5), [255, 0, 0], 3, 'top-left inside');
  near(img.px(29, 14), [255, 0, 0], 3, 'bottom-right inside');
  near(img.px(9, 5), W, 3, 'left of it');
  near(img.px(10, 4), W, 3, 'above it');
  near(img.px(30, 14), W, 3, 'right of it');
  near(img.px(10, 15), W, 3, 'below it');
});

test('rounded rect: corners cut as ellipses', async () => {
  const r: Radii = [[10, 10], [10, 10], [10, 10], [10, 10]];
  const { img } = await paint([{ kind: 'rect', rect: { x: 0, y: 0, w: 40, h: 40 }, color: BLUE, radii: r }]);
  near(img.px(0, 0), W, 3, 'corner outside the curve');
  near(img.px(1, 1), W, 3, 'corner outside the curve');
  near(img.px(5, 5), [0, 0, 255], 3, 'inside the curve');
  near(img.px(20, 0), [0, 0, 255], 3, 'top edge middle');
});

test('solid border: each side its own colour, mitred corners', async () => {
  const { img } = await paint([{ kind: 'border', rect: { x: 5, y: 5, w: 30, h: 30 }, widths: [4, 4, 4, 4], styles: ['solid', 'solid', 'solid', 'solid'], colors: [RED, GREEN, BLUE, BLACK] }]);
  near(img.px(20, 6), [255, 0, 0], 3, 'top');
  near(img.px(33, 20), [0, 255, 0], 3, 'right');
  near(img.px(20, 33), [0, 0, 255], 3, 'bottom');
  near(img.px(6, 20), [0, 0, 0], 3, 'left');
  near(img.px(20, 20), W, 3, 'inside');
  near(img.px(4, 4), W, 3, 'outside');
  // Top-left corner: above the diagonal is top (red), below is left (black).
  near(img.px(8, 6), [255, 0, 0], 3, 'corner, top part');
  near(img.px(6, 8), [0, 0, 0], 3, 'corner, left part');
});

test('uniform border with radius is one ring', async () => {
  const r: Radii = [[12, 12], [12, 12], [12, 12], [12, 12]];
  const { img } = await paint([{ kind: 'border', rect: { x: 0, y: 0, w: 40, h: 40 }, widths: [3, 3, 3, 3], styles: ['solid', 'solid', 'solid', 'solid'], colors: [RED, RED, RED, RED], radii: r }]);
  near(img.px(20, 1), [255, 0, 0], 3, 'top middle');
  near(img.px(20, 20), W, 3, 'inside');
  near(img.px(1, 1), W, 3, 'rounded corner is outside');
  near(img.px(4, 4), [255, 0, 0], 3, 'on the curve');
});

test('double, dashed and dotted borders', async () => {
  const { img } = await paint([{ kind: 'border', rect: { x: 0, y: 0, w: 90, h: 90 }, widths: [9, 9, 9, 9], styles: ['double', 'dashed', 'dotted', 'solid'], colors: [BLACK, BLACK, BLACK, BLACK] }], 90);
  // Double: outer third, gap, inner third.
  near(img.px(45, 1), [0, 0, 0], 3, 'double outer line');
  near(img.px(45, 4), W, 3, 'double gap');
  near(img.px(45, 7), [0, 0, 0], 3, 'double inner line');
  // Dashed right side (x 81–90): some rows painted, some not, both ends painted.
  let on = 0, off = 0;
  for (let y = 10; y < 80; y++) (img.px(85, y)[0] < 128 ? on++ : off++);
  assert.ok(on > 15 && off > 10, `dashed: ${on} painted and ${off} empty rows`);
  near(img.px(85, 12), [0, 0, 0], 3, 'dash at the start');
  // Dotted bottom side: round dots, gaps between them.
  let dots = 0, prev = false;
  for (let x = 0; x < 90; x++) {
    const dark = img.px(x, 85)[0] < 128;
    if (dark && !prev) dots++;
    prev = dark;
  }
  assert.ok(dots >= 3 && dots <= 6, `dotted: ${dots} dots`);
});

test('inset, outset, groove and ridge use Chromium 156\'s shades and splits', async () => {
  const grey = rgba(160, 160, 160);
  const { img } = await paint([
    { kind: 'border', rect: { x: 0, y: 0, w: 40, h: 40 }, widths: [6, 6, 6, 6], styles: ['inset', 'inset', 'inset', 'inset'], colors: [grey, grey, grey, grey] },
    { kind: 'border', rect: { x: 40, y: 0, w: 40, h: 40 }, widths: [8, 8, 8, 8], styles: ['groove', 'groove', 'groove', 'groove'], colors: [BLACK, BLACK, BLACK, BLACK] },
    { kind: 'border', rect: { x: 0, y: 40, w: 40, h: 40 }, widths: [8, 8, 8, 8], styles: ['ridge', 'ridge', 'ridge', 'ridge'], colors: [BLACK, BLACK, BLACK, BLACK] },
    { kind: 'border', rect: { x: 40, y: 40, w: 40, h: 40 }, widths: [6, 6, 6, 6], styles: ['outset', 'outset', 'outset', 'outset'], colors: [grey, grey, grey, grey] },
  ], 80);
  // As Chromium 156 paints them (measured, Debian chromium): inset grey top/left Dark() = 160 × (0.627 − 0.33) / 0.627 → 75,
  // bottom/right Light() = 160 × (0.627 + 0.33) / 0.627 → 245.
  near(img.px(20, 2), [75, 75, 75], 2, 'inset top');
  near(img.px(2, 20), [75, 75, 75], 2, 'inset left');
  near(img.px(20, 37), [245, 245, 245], 2, 'inset bottom');
  near(img.px(37, 20), [245, 245, 245], 2, 'inset right');
  near(img.px(60, 42), [245, 245, 245], 2, 'outset top');
  near(img.px(60, 77), [75, 75, 75], 2, 'outset bottom');
  // Groove black: black is too dark for a dark edge, so its edges are one Light() step up: the dark ones #545454, the light
  // ones #a8a8a8. Outer half of the top is the dark edge, inner half the light one; bottom the other way round; ridge reversed.
  near(img.px(60, 1), [84, 84, 84], 2, 'groove top outer');
  near(img.px(60, 6), [168, 168, 168], 2, 'groove top inner');
  near(img.px(60, 38), [168, 168, 168], 2, 'groove bottom outer');
  near(img.px(60, 33), [84, 84, 84], 2, 'groove bottom inner');
  near(img.px(20, 41), [168, 168, 168], 2, 'ridge top outer');
  near(img.px(20, 46), [84, 84, 84], 2, 'ridge top inner');
});

/** An outset border's colour → [light edge (top), dark edge (bottom)] as Chromium 156 paints them (measured, 8 px borders). */
const OUTSET_CHROMIUM: Array<[[number, number, number], [number, number, number], [number, number, number]]> = [
  [[0, 0, 0], [168, 168, 168], [84, 84, 84]], [[30, 30, 30], [198, 198, 198], [114, 114, 114]],
  [[32, 32, 32], [200, 200, 200], [116, 116, 116]], [[33, 33, 33], [117, 117, 117], [0, 0, 0]],
  [[0, 0, 100], [0, 0, 255], [0, 0, 184]], [[100, 0, 100], [184, 0, 184], [15, 0, 15]],
  [[70, 0, 0], [239, 0, 0], [154, 0, 0]], [[75, 0, 0], [159, 0, 0], [0, 0, 0]],
  [[128, 128, 128], [212, 212, 212], [44, 44, 44]], [[200, 0, 0], [255, 0, 0], [116, 0, 0]],
  [[100, 150, 200], [127, 191, 255], [58, 87, 116]], [[235, 235, 235], [255, 255, 255], [151, 151, 151]],
  [[236, 236, 236], [236, 236, 236], [152, 152, 152]], [[255, 255, 255], [255, 255, 255], [171, 171, 171]],
  [[255, 255, 200], [255, 255, 200], [171, 171, 134]], [[0, 55, 0], [0, 139, 0], [0, 0, 0]],
];

test('outset edges of dark, mid and near-white colours as Chromium 156 paints them', async () => {
  const items: DisplayItem[] = OUTSET_CHROMIUM.map(([c], i) => {
    const col = rgba(c[0], c[1], c[2]);
    return { kind: 'border', rect: { x: (i % 4) * 40, y: Math.floor(i / 4) * 40, w: 40, h: 40 }, widths: [8, 8, 8, 8], styles: ['outset', 'outset', 'outset', 'outset'], colors: [col, col, col, col] };
  });
  const { img } = await paint(items, 160);
  OUTSET_CHROMIUM.forEach(([c, light, dark], i) => {
    const x = (i % 4) * 40 + 20, y = Math.floor(i / 4) * 40;
    near(img.px(x, y + 3), light, 2, `rgb(${c.join(',')}) light edge`);
    near(img.px(x, y + 36), dark, 2, `rgb(${c.join(',')}) dark edge`);
  });
});

test('rounded clip and nested rect clip', async () => {
  const r: Radii = [[20, 20], [20, 20], [20, 20], [20, 20]];
  const { img } = await paint([
    { kind: 'push-clip', rect: { x: 0, y: 0, w: 40, h: 40 }, radii: r },
    { kind: 'rect', rect: { x: 0, y: 0, w: 40, h: 40 }, color: BLACK },
    { kind: 'push-clip', rect: { x: 0, y: 0, w: 20, h: 40 } },
    { kind: 'rect', rect: { x: 0, y: 0, w: 40, h: 40 }, color: RED },
    { kind: 'pop-clip' },
    { kind: 'pop-clip' },
    { kind: 'rect', rect: { x: 0, y: 38, w: 2, h: 2 }, color: GREEN },
  ]);
  near(img.px(1, 1), W, 3, 'outside the circle');
  near(img.px(10, 20), [255, 0, 0], 3, 'inner clip, left half');
  near(img.px(30, 20), [0, 0, 0], 3, 'outer clip only');
  near(img.px(39, 39), W, 3, 'outside the circle, bottom right');
  near(img.px(0, 39), [0, 255, 0], 3, 'after the pops nothing clips');
});

test('opacity 0.5 blends to grey, and a group composites overlaps once', async () => {
  const { img, pdf } = await paint([
    { kind: 'push-opacity', opacity: 0.5 },
    { kind: 'rect', rect: { x: 0, y: 0, w: 30, h: 20 }, color: BLACK },
    { kind: 'rect', rect: { x: 10, y: 10, w: 30, h: 20 }, color: BLACK },
    { kind: 'pop-opacity' },
    { kind: 'rect', rect: { x: 0, y: 35, w: 10, h: 5 }, color: rgba(0, 0, 0, 0.5) },
  ]);
  near(img.px(5, 5), [128, 128, 128], 2, 'one layer');
  near(img.px(15, 15), [128, 128, 128], 2, 'overlap: still one layer of 50%');
  near(img.px(35, 25), [128, 128, 128], 2, 'second rect');
  near(img.px(35, 5), W, 2, 'outside');
  near(img.px(5, 37), [128, 128, 128], 2, 'colour alpha');
  assert.match(qdf(pdf), /\/Group <<\s*\/CS \/DeviceRGB\s*\/S \/Transparency\s*\/Type \/Group/, 'page transparency group');
});

test('PNG with alpha drawn scaled into its rect', async () => {
  const data = png({ width: 2, height: 2, colorType: 6, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0] });
  const { img, pdf } = await paint([{ kind: 'image', rect: { x: 10, y: 10, w: 20, h: 20 }, image: imageRef('a.png', data, 2, 2) }]);
  near(img.px(12, 12), [255, 0, 0], 3, 'top-left pixel');
  near(img.px(27, 12), [0, 255, 0], 3, 'top-right pixel');
  near(img.px(12, 27), [0, 0, 255], 3, 'bottom-left pixel');
  near(img.px(27, 27), W, 3, 'transparent pixel');
  near(img.px(5, 5), W, 3, 'outside the rect');
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});

test('PNG kinds: palette with tRNS, gray 4-bit, interlaced RGB, 16-bit gray+alpha', async () => {
  const pal = png({ width: 2, height: 1, colorType: 3, bitDepth: 2, palette: [255, 0, 0, 0, 0, 255], trns: [255, 0], pixels: [0, 1] });
  const gray = png({ width: 2, height: 1, colorType: 0, bitDepth: 4, pixels: [0, 15] });
  const rgbPixels: number[] = [];
  for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) rgbPixels.push(x < 4 ? 255 : 0, 0, y < 4 ? 255 : 0);
  const inter = png({ width: 9, height: 9, colorType: 2, pixels: rgbPixels, interlace: true });
  const g16 = png({ width: 1, height: 1, colorType: 4, bitDepth: 16, pixels: [0, 0] }); // 16-bit samples as two bytes each below
  const { img } = await paint([
    { kind: 'image', rect: { x: 0, y: 0, w: 20, h: 10 }, image: imageRef('pal', pal, 2, 1) },
    { kind: 'image', rect: { x: 0, y: 10, w: 20, h: 10 }, image: imageRef('gray', gray, 2, 1) },
    { kind: 'image', rect: { x: 20, y: 0, w: 18, h: 18 }, image: imageRef('inter', inter, 9, 9) },
    { kind: 'image', rect: { x: 0, y: 30, w: 10, h: 10 }, image: imageRef('g16', g16, 1, 1) },
  ]);
  near(img.px(4, 5), [255, 0, 0], 3, 'palette entry 0');
  near(img.px(15, 5), W, 3, 'palette entry 1 is transparent');
  near(img.px(4, 15), [0, 0, 0], 3, 'gray 0');
  near(img.px(15, 15), W, 3, 'gray 15');
  near(img.px(21, 1), [255, 0, 255], 3, 'interlaced top-left');
  near(img.px(36, 16), [0, 0, 0], 3, 'interlaced bottom-right');
  near(img.px(36, 1), [0, 0, 255], 3, 'interlaced top-right');
  near(img.px(5, 35), W, 3, '16-bit gray with alpha 0');
});

test('JPEG drawn into its rect; EXIF orientation applied', async () => {
  const jpg = fixture('python.jpg'); // 16×16 baseline JPEG: the Python logo (blue top-left snake, yellow bottom-right)
  const { img } = await paint([{ kind: 'image', rect: { x: 8, y: 8, w: 32, h: 32 }, image: imageRef('p.jpg', jpg, 16, 16, 'jpeg') }], 48);
  near(img.px(4, 4), W, 3, 'outside the image');
  const blue = img.px(8 + 6 * 2 + 1, 8 + 6 * 2 + 1), yellow = img.px(8 + 12 * 2 + 1, 8 + 10 * 2 + 1);
  assert.ok(blue[2] > blue[0] + 40, `stored (6,6) is blue: ${blue}`);
  assert.ok(yellow[0] > 180 && yellow[1] > 140 && yellow[2] < 120, `stored (12,10) is yellow: ${yellow}`);
  // Orientation 6 (rotate 90° clockwise): stored (x, y) shows at (15 − y, x).
  const exif = Buffer.from([0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
  const rotated = Buffer.concat([jpg.subarray(0, 2), exif, jpg.subarray(2)]);
  const r2 = await paint([{ kind: 'image', rect: { x: 8, y: 8, w: 32, h: 32 }, image: imageRef('r.jpg', rotated, 16, 16, 'jpeg') }], 48);
  let same = 0;
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) {
    const a = r2.img.px(8 + (15 - y) * 2 + 1, 8 + x * 2 + 1), b = img.px(8 + x * 2 + 1, 8 + y * 2 + 1);
    if (a.every((v, i) => Math.abs(v - b[i]!) <= 40)) same++;
  }
  assert.ok(same >= 200, `rotated image matches the stored one turned 90° clockwise at ${same}/256 pixels`);
});

test('a broken image warns and draws nothing; the rest still paints', async () => {
  const sink = new WarningSink();
  const { img } = await paint([
    { kind: 'image', rect: { x: 0, y: 0, w: 20, h: 20 }, image: imageRef('bad.png', Buffer.from('\x89PNG\r\n\x1a\nnot really'), 2, 2) },
    { kind: 'rect', rect: { x: 20, y: 20, w: 20, h: 20 }, color: RED },
  ], 40, sink);
  near(img.px(5, 5), W, 3, 'nothing drawn');
  near(img.px(30, 30), [255, 0, 0], 3, 'later items drawn');
  assert.equal(sink.list.length, 1);
  assert.equal(sink.list[0]!.code, 'image');
});

test('image tiles: placements for a few tiles, a pattern for many', async () => {
  const data = png({ width: 2, height: 2, colorType: 2, pixels: [255, 0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0] });
  const ref = imageRef('t.png', data, 2, 2);
  // 16 tiles of 20 px (placements) and 400 tiles of 4 px (a tiling pattern), grid through (6, 6):
  // each tile is red|blue over blue|red.
  // (poppler renders 4 px pattern cells badly at 96 dpi, so that case is checked at 192 dpi.)
  for (const tile of [20, 4]) {
    const pdf = await writePdf({ info: {}, pages: [{ width: 80, height: 80, items: [{ kind: 'image-tiles', area: { x: 0, y: 0, w: 80, h: 80 }, image: ref, originX: 6, originY: 6, tileW: tile, tileH: tile, repeatX: true, repeatY: true }] }] }, { creationDate: DATE });
    const s = tile === 4 ? 2 : 1;
    const r = raster(pdf, 96 * s);
    const img = { px: (x: number, y: number) => r.px(Math.floor(x * s), Math.floor(y * s)) };
    const q = tile / 4;
    for (const [i, j] of [[0, 0], [1, 0], [0, 1], [3, 2]] as const) {
      const x = 6 + i * tile, y = 6 + j * tile;
      near(img.px(Math.floor(x + q), Math.floor(y + q)), [255, 0, 0], 3, `tile ${tile} (${i},${j}) top-left`);
      near(img.px(Math.floor(x + 3 * q), Math.floor(y + q)), [0, 0, 255], 3, `tile ${tile} (${i},${j}) top-right`);
    }
    near(img.px(1, 1), [255, 0, 0], 3, `tile ${tile}: the tile before the origin is painted too`);
  }
  const { img } = await paint([{ kind: 'image-tiles', area: { x: 0, y: 0, w: 40, h: 40 }, image: ref, originX: 10, originY: 10, tileW: 10, tileH: 10, repeatX: true, repeatY: false }]);
  near(img.px(2, 12), [255, 0, 0], 3, 'repeat-x row, tile before the origin');
  near(img.px(7, 12), [0, 0, 255], 3, 'repeat-x row, its right half');
  near(img.px(12, 25), W, 3, 'no second row');
  near(img.px(12, 5), W, 3, 'no row above');
});

test('decoration lines: solid, double, dotted, dashed, wavy', async () => {
  const { img, pdf } = await paint([
    { kind: 'line', x1: 0, x2: 40, y: 3, thickness: 2, color: RED, style: 'solid' },
    { kind: 'line', x1: 0, x2: 40, y: 10, thickness: 2, color: BLACK, style: 'double' },
    { kind: 'line', x1: 0, x2: 40, y: 20, thickness: 2, color: BLACK, style: 'dashed' },
    { kind: 'line', x1: 0, x2: 40, y: 33, thickness: 1, color: BLUE, style: 'wavy' },
  ]);
  near(img.px(20, 2), [255, 0, 0], 3, 'solid line');
  // Bands 9–11 and 12–14: Chromium's second line is thickness + 1 px lower (checked at 192 dpi).
  const hi = raster(pdf, 192);
  near(hi.px(40, 19), [0, 0, 0], 3, 'double: first');
  near(hi.px(40, 23), W, 3, 'double: gap');
  near(hi.px(40, 26), [0, 0, 0], 3, 'double: second');
  let on = 0;
  for (let x = 0; x < 40; x++) if (img.px(x, 20)[0] < 128) on++;
  assert.ok(on > 15 && on < 35, `dashed: ${on} of 40 px painted`);
  const wavyRows = new Set<number>();
  for (let x = 0; x < 40; x++) for (let y = 28; y < 39; y++) if (img.px(x, y)[2] > 200 && img.px(x, y)[0] < 100) wavyRows.add(y);
  assert.ok(wavyRows.size >= 3, `wavy spans ${wavyRows.size} rows`);
});

test('URI links with their pt rects; internal links go to named destinations', async () => {
  const sink = new WarningSink();
  const pdf = await writePdf({ info: {}, pages: [
    { width: 800, height: 1000, items: [
      { kind: 'link', rect: { x: 100, y: 200, w: 80, h: 20 }, url: 'https://example.com/a?b=1&c=2' },
      { kind: 'link', rect: { x: 10, y: 10, w: 40, h: 16 }, url: 'mailto:ada@example.com' },
      { kind: 'link', rect: { x: 10, y: 40, w: 40, h: 16 }, url: '#total' },
      { kind: 'link', rect: { x: 10, y: 70, w: 40, h: 16 }, url: 'javascript:alert(1)' },
      { kind: 'link', rect: { x: 10, y: 90, w: 40, h: 16 }, url: 'https://example.com/café' },
    ] },
    { width: 800, height: 1000, items: [{ kind: 'anchor', name: 'total', x: 40, y: 400 }, { kind: 'anchor', name: 'total', x: 0, y: 0 }] },
  ] }, { creationDate: DATE, warnings: sink });
  const q = qdf(pdf);
  assert.match(q, /\/URI \(https:\/\/example\.com\/a\?b=1&c=2\)/);
  assert.match(q, /\/URI \(mailto:ada@example\.com\)/);
  assert.match(q, /\/URI \(https:\/\/example\.com\/caf%C3%A9\)/);
  assert.doesNotMatch(q, /javascript/);
  assert.equal(sink.list.filter((w) => w.code === 'resource-blocked').length, 1);
  // 100,200 80×20 px on a 1000 px (750 pt) page → [75 585 135 600] pt.
  const rects = [...q.matchAll(/\/Rect \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => m.slice(1, 5).map(Number));
  assert.deepEqual(rects[0], [75, 585, 135, 600]);
  assert.equal(rects.length, 4);
  assert.match(q, /\/S \/GoTo/);
  assert.match(q, /\/D \(total\)/);
  // The destination: page 2, /XYZ 30 450 (pt, y up); the first anchor of a name wins.
  const dest = /\/Names \[\s*\(total\)\s*\[\s*(\d+) 0 R\s*\/XYZ\s+([\d.]+)\s+([\d.]+)\s+null\s*\]/.exec(q);
  assert.ok(dest, 'a named destination "total"');
  assert.equal(+dest[2]!, 30);
  assert.equal(+dest[3]!, 450);
  const page2 = [...q.matchAll(/%% Page 2\n%% Original object ID: \d+ 0\n(\d+) 0 obj/g)];
  assert.equal(page2[0]?.[1], dest[1]);
  assert.match(qpdfCheck(pdf), /No syntax or stream encoding errors/);
});

test('dash patterns follow Chromium (stroke_data.cc)', () => {
  const d1 = strokeDash(100, 1, 'dashed')!;
  assert.equal(d1.cap, 0);
  assert.equal(d1.dash[0], 3);
  assert.ok(Math.abs(d1.dash[1] - 40 / 19) < 1e-9, `gap ${d1.dash[1]}`); // 20 dashes of 3 px
  assert.deepEqual(strokeDash(100, 4, 'dashed'), { dash: [8, 3.5], cap: 0 }, '9 dashes of 8 px (gap 3.5 is closer to 4 than 8 dashes\' 5.14)');
  assert.equal(strokeDash(5, 1, 'dashed'), null, 'two dashes do not fit: solid');
  assert.deepEqual(strokeDash(7, 1, 'dashed'), { dash: [3 * 7 / 8, 2 * 7 / 8], cap: 0 }, 'two dashes scaled to fit');
  assert.deepEqual(strokeDash(100, 2, 'dotted'), { dash: [2, 2], cap: 0 }, 'thin dots are squares');
  assert.deepEqual(strokeDash(100, 4, 'dotted'), { dash: [0, 7.99], cap: 1 }, 'thick dots are round, 13 of them');
});

test('an image after a translucent fill is drawn opaque (ca does not leak, ISO 32000-1 §11.6.4.4)', async () => {
  const data = png({ width: 1, height: 1, colorType: 2, pixels: [255, 0, 0] });
  const ref = imageRef('red.png', data, 1, 1);
  const { img } = await paint([
    { kind: 'rect', rect: { x: 0, y: 0, w: 10, h: 10 }, color: rgba(0, 0, 255, 0.1) },
    { kind: 'image', rect: { x: 10, y: 10, w: 10, h: 10 }, image: ref },
    { kind: 'rect', rect: { x: 0, y: 30, w: 10, h: 10 }, color: rgba(0, 0, 255, 0.1) },
    { kind: 'image-tiles', area: { x: 20, y: 20, w: 20, h: 20 }, image: ref, originX: 20, originY: 20, tileW: 5, tileH: 5, repeatX: true, repeatY: true },
    { kind: 'rect', rect: { x: 30, y: 0, w: 10, h: 10 }, color: rgba(0, 0, 255, 0.1) },
  ]);
  near(img.px(5, 5), [230, 230, 255], 3, 'the translucent rect');
  near(img.px(15, 15), [255, 0, 0], 3, 'image after it: opaque red');
  near(img.px(30, 30), [255, 0, 0], 3, 'tiles after a translucent rect: opaque red');
  near(img.px(35, 5), [230, 230, 255], 3, 'a later translucent rect keeps its alpha');
});
