// In: images with rounded corners: 'border-radius: 50%' (an avatar disc), a 20px radius with padding and a border
// (object-fit: cover), an elliptical '50% / 20px' radius with object-fit: contain; an 8×8 red PNG, through renderPdf.
// Out: pixels (96 dpi, pdftoppm) against the same pixels of Chromium 156's page.pdf of this document: replaced content is
// clipped to the content edge's curve (css-backgrounds-3 §5.3, the outer radii less the border and padding), as Chromium
// draws it. We drew the whole square image: the corners at (12, 12), (121, 21) and (212, 12) were red.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const RED = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC';
const DOC = `<!doctype html><html><head><style>@page{size:300px 200px;margin:0} body{margin:0} img{display:block;position:absolute}</style></head><body>
<img style="left:10px;top:10px;width:80px;height:80px;border-radius:50%" src="data:image/png;base64,${RED}">
<img style="left:110px;top:10px;width:80px;height:80px;border-radius:20px;padding:5px;border:5px solid #00f;object-fit:cover" src="data:image/png;base64,${RED}">
<img style="left:210px;top:10px;width:80px;height:40px;border-radius:50%/20px;object-fit:contain" src="data:image/png;base64,${RED}">
</body></html>`;

/** [x, y, Chromium 156's RGB at 96 dpi]. */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [12, 12, [255, 255, 255]], [50, 50, [255, 0, 0]], [15, 50, [255, 0, 0]], [121, 21, [255, 255, 255]], [125, 25, [255, 0, 0]],
  [160, 60, [255, 0, 0]], [113, 13, [255, 255, 255]], [212, 12, [255, 255, 255]], [250, 30, [255, 0, 0]], [289, 49, [255, 255, 255]], [250, 48, [255, 0, 0]],
];

test('images are clipped to their content edge curve, as Chromium 156 draws them', async () => {
  const img = raster((await renderPdf(DOC)).pdf, 96);
  for (const [x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(x, y), rgb, `pixel (${x}, ${y})`);
});
