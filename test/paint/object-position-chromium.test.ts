// In: images placed by object-fit (contain, none, cover) and object-position (a keyword, a 4-value offset from the right,
// a percentage and a length, bottom in a padded and bordered box, 0 0 and right of a cover): an 8×8 red PNG and a 20×10
// red|lime SVG on a grey background, through renderPdf.
// Out: pixels (96 dpi, pdftoppm) inside and beside each image against the same pixels of Chromium 156's page.pdf
// (css-images-3 §5.6: the image is placed in the content box as a background-position places a background).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const RED = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC';
const HALVES = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'><rect width='10' height='10' fill='red'/><rect x='10' width='10' height='10' fill='lime'/></svg>";
const DOC = `<!doctype html><html><head><style>@page{size:400px 300px;margin:0} body{margin:0} img{display:block;position:absolute;width:80px;height:40px;background:#ddd}</style></head><body>
<img style="left:10px;top:10px;object-fit:contain;object-position:left" src="data:image/png;base64,${RED}">
<img style="left:110px;top:10px;object-fit:contain;object-position:right 5px top 0" src="data:image/png;base64,${RED}">
<img style="left:210px;top:10px;width:40px;height:80px;object-fit:none;object-position:25% 10px" src="data:image/png;base64,${RED}">
<img style="left:10px;top:100px;width:40px;height:80px;object-fit:contain;object-position:bottom;padding:5px;border:2px solid blue" src="data:image/png;base64,${RED}">
<img style="left:110px;top:100px;width:60px;height:60px;object-fit:cover;object-position:0 0" src="${HALVES}">
<img style="left:210px;top:100px;width:60px;height:60px;object-fit:cover;object-position:right" src="${HALVES}">
</body></html>`;

/** [x, y, Chromium 156's RGB at 96 dpi]. */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [30, 30, [255, 0, 0]], [70, 30, [221, 221, 221]], [140, 30, [221, 221, 221]], [160, 30, [255, 0, 0]], [222, 24, [255, 0, 0]], [214, 24, [221, 221, 221]],
  [222, 40, [221, 221, 221]], [37, 130, [221, 221, 221]], [37, 165, [255, 0, 0]], [140, 130, [255, 0, 0]], [240, 130, [0, 255, 0]],
];

/** We ignored object-position (with a warning) and centred every image: (30, 30) was grey, (240, 130) red. */
test('object-position places the fitted image, as Chromium 156 draws it', async () => {
  const out = await renderPdf(DOC);
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96);
  for (const [x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(x, y), rgb, `pixel (${x}, ${y})`);
});

test('object-position takes 1, 2 or 4 values: the 3-value form is invalid, as in Chromium 156', async () => {
  const out = await renderPdf('<!doctype html><img style="object-position: right 5px top" src="data:image/png;base64,' + RED + '">');
  assert.equal(out.warnings.length, 1);
  assert.match(out.warnings[0]!.message, /invalid value for 'object-position'/);
});
