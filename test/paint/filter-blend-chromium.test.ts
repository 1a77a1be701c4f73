// In: CSS filter colour functions on PNG and JPEG images and on elements (backgrounds, borders, text, nested filters, opacity(),
// Tailwind's `filter: var(--tw-…)` chain with empty custom properties), mix-blend-mode (separable and non-separable) and
// background-blend-mode, through renderPdf. Out: pixels (96 dpi, pdftoppm without anti-aliasing) against the same pixels of Chromium
// 156's page.pdf of this document (printBackground, preferCSSPageSize, the project's fonts), within 2 levels per channel. Before these
// properties were drawn every filtered image and box printed in its own colours and blended boxes covered their backdrop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import { raster } from './pdf-helpers.ts';

/** A 2 × 2 PNG: red, green / blue, orange. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGO4IyenscWGQc7mxIcFIgAg1AT32fFPHAAAAABJRU5ErkJggg==';
/** A 16 × 16 JPEG (jpeg-js, quality 95) of the same four colours in 8 × 8 blocks. */
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgoBAgICAgICBQMDBQoHBgcKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCv/AABEIABAAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APluv5/P9fD6Urzz/mTPhuv9vD+iD9lK/wCYc/00P//Z';

const DOC = `<!doctype html><html><head><style>@page{size:600px 400px;margin:0} body{margin:0;font:bold 20px/24px "Liberation Sans"}
img{position:absolute;width:60px;height:60px;image-rendering:pixelated} div{position:absolute}
*, ::before, ::after { --tw-blur: ; --tw-brightness: ; --tw-grayscale: ; --tw-invert: ; --tw-sepia: ; }
.grayscale { --tw-grayscale: grayscale(100%) } .filter { filter: var(--tw-blur) var(--tw-brightness) var(--tw-grayscale) var(--tw-invert) var(--tw-sepia) }
</style></head><body>
<img src="data:image/png;base64,${PNG}" style="left:10px;top:10px;filter:none">
<img src="data:image/png;base64,${PNG}" style="left:80px;top:10px;filter:grayscale(1)">
<img src="data:image/png;base64,${PNG}" style="left:150px;top:10px;filter:sepia(1)">
<img src="data:image/png;base64,${PNG}" style="left:220px;top:10px;filter:saturate(3)">
<img src="data:image/png;base64,${PNG}" style="left:290px;top:10px;filter:hue-rotate(90deg)">
<img src="data:image/png;base64,${PNG}" style="left:360px;top:10px;filter:invert(1)">
<img src="data:image/png;base64,${PNG}" style="left:430px;top:10px;filter:brightness(0.5)">
<img src="data:image/png;base64,${PNG}" style="left:500px;top:10px;filter:contrast(2)">
<img src="data:image/jpeg;base64,${JPEG}" style="left:10px;top:90px;filter:none">
<img src="data:image/jpeg;base64,${JPEG}" style="left:80px;top:90px;filter:grayscale(1)">
<img src="data:image/jpeg;base64,${JPEG}" style="left:150px;top:90px;filter:sepia(0.5) invert(0.2)">
<img src="data:image/png;base64,${PNG}" style="left:220px;top:90px;filter:grayscale(1) brightness(1.5)">
<div style="left:10px;top:170px;width:100px;height:60px;background:#c03;color:#06c;border:4px solid #0a0;filter:grayscale(1)"><span style="background:#fc0">Text</span></div>
<div style="left:130px;top:170px;width:60px;height:60px;background:#c00;filter:opacity(0.5)"></div>
<div class="grayscale filter" style="left:210px;top:170px;width:60px;height:60px;background:#c00"></div>
<div class="filter" style="left:290px;top:170px;width:60px;height:60px;background:#c00"></div>
<div style="left:370px;top:170px;width:80px;height:60px;background:#08f;filter:invert(1)"><div style="left:20px;top:20px;width:40px;height:20px;background:#f80;filter:hue-rotate(180deg)"></div></div>
<div style="left:10px;top:260px;width:560px;height:100px;background:#fd0;padding:10px 0 0 10px;box-sizing:border-box">
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#0cf;mix-blend-mode:multiply"></div>
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#0cf;mix-blend-mode:difference"></div>
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#0cf;mix-blend-mode:screen"></div>
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#c0f;mix-blend-mode:luminosity"></div>
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#c0f;mix-blend-mode:hue"></div>
<div style="position:static;float:left;margin-right:20px;width:60px;height:60px;background:#f80 linear-gradient(#0af, #0af) no-repeat 0 0 / 30px 60px;background-blend-mode:multiply"></div>
<div style="position:static;float:left;width:60px;height:60px;background:#0cf;mix-blend-mode:multiply;opacity:0.5"></div>
</div>
</body></html>`;

/** [x, y, Chromium 156's RGB at 96 dpi] (measured: page.pdf of DOC, pdftoppm -r 96 -aa no -aaVector no). Rows 1–2: images; 3: elements; 4: blend modes. */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [25, 25, [220, 30, 30]], [55, 25, [40, 180, 60]], [25, 55, [30, 60, 200]], [55, 55, [240, 160, 20]],
  [95, 25, [70, 70, 70]], [125, 25, [141, 141, 141]], [95, 55, [64, 64, 64]], [125, 55, [167, 167, 167]],
  [165, 25, [115, 102, 80]], [195, 25, [164, 147, 115]], [165, 55, [96, 85, 66]], [195, 55, [220, 196, 152]],
  [235, 25, [254, 1, 1]], [265, 25, [1, 254, 1]], [235, 55, [1, 53, 254]], [265, 55, [255, 146, 0]],
  [305, 25, [30, 98, 1]], [335, 25, [60, 154, 242]], [305, 55, [199, 20, 97]], [335, 55, [20, 218, 94]],
  [375, 25, [35, 224, 224]], [405, 25, [214, 75, 194]], [375, 55, [224, 194, 55]], [405, 55, [15, 95, 235]],
  [445, 25, [110, 15, 15]], [475, 25, [20, 90, 30]], [445, 55, [15, 30, 100]], [475, 55, [120, 80, 10]],
  [515, 25, [254, 1, 1]], [545, 25, [1, 232, 1]], [515, 55, [1, 1, 254]], [545, 55, [255, 193, 0]],
  [25, 105, [220, 30, 30]], [55, 105, [40, 179, 60]], [25, 135, [31, 60, 200]], [55, 135, [240, 160, 21]],
  [95, 105, [70, 70, 70]], [125, 105, [140, 140, 140]], [95, 135, [64, 64, 64]], [125, 135, [167, 167, 167]],
  [165, 105, [151, 91, 84]], [195, 105, [112, 148, 103]], [165, 135, [89, 95, 130]], [195, 135, [188, 157, 103]],
  [235, 105, [106, 106, 106]], [265, 105, [211, 211, 211]], [235, 135, [96, 96, 96]], [265, 135, [250, 250, 250]],
  [20, 180, [88, 88, 88]], [100, 220, [47, 47, 47]], [12, 200, [122, 122, 122]], [40, 195, [199, 199, 199]],
  [160, 200, [229, 128, 128]], [240, 200, [43, 43, 43]], [320, 200, [204, 0, 0]], [380, 175, [254, 119, 1]],
  [400, 200, [206, 88, 1]], [380, 225, [254, 119, 1]], [50, 300, [0, 176, 0]], [130, 300, [255, 17, 255]],
  [210, 300, [255, 249, 255]], [290, 300, [110, 95, 0]], [370, 300, [200, 200, 255]], [430, 300, [0, 90, 0]],
  [465, 300, [255, 136, 0]], [530, 300, [127, 198, 0]], [15, 300, [255, 221, 0]],
];

test('filter colour functions, mix-blend-mode and background-blend-mode as Chromium 156 prints them', async () => {
  const out = await renderPdf(DOC);
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96);
  const bad = CHROMIUM.filter(([x, y, rgb]) => img.px(x, y).some((v, i) => Math.abs(v - rgb[i]!) > 2)).map(([x, y, rgb]) => `(${x}, ${y}) ${img.px(x, y).join()} != ${rgb.join()}`);
  assert.deepEqual(bad, []);
});

function style(decl: string, warnings = new WarningSink()) {
  const [name, value] = decl.split(/:(.*)/s) as [string, string];
  return computeStyle([{ name: name.trim(), value, important: false }], { parent: null, rootFontSize: 16, quirks: false, warnings });
}

test('filter and blend-mode values: defaults, clamping, units, empty lists, url() and invalid ones', () => {
  assert.deepEqual(style('filter: grayscale() sepia(200%) saturate(250%) hue-rotate(0.5turn) invert(.3) brightness(2) contrast(50%) opacity(40%)').filter, [
    { f: 'grayscale', v: 1 }, { f: 'sepia', v: 1 }, { f: 'saturate', v: 2.5 }, { f: 'hue-rotate', v: 180 }, { f: 'invert', v: 0.3 },
    { f: 'brightness', v: 2 }, { f: 'contrast', v: 0.5 }, { f: 'opacity', v: 0.4 },
  ]);
  const wb = new WarningSink();
  assert.deepEqual(style('-webkit-filter: blur(2px) drop-shadow(1px 2px 3px red)', wb).filter, [{ f: 'blur', px: 2 }, { f: 'drop-shadow', x: 1, y: 2, blur: 3, color: { r: 255, g: 0, b: 0, a: 1 } }]);
  assert.match(wb.list[0]!.message, /blur\(\) is not drawn/);
  assert.deepEqual(style('filter:   ').filter, []);
  assert.deepEqual(style('filter: none').filter, []);
  for (const bad of ['grayscale(-1)', 'sepia(1, 2)', 'hue-rotate(10px)', 'blur(-1px)', 'foo(1)', 'grayscale(1),sepia(1)']) {
    const w = new WarningSink();
    assert.deepEqual(style(`filter: ${bad}`, w).filter, [], bad);
    assert.equal(w.list.length, 1, bad);
  }
  const w = new WarningSink();
  assert.deepEqual(style('filter: url(#f) grayscale(1)', w).filter, []);
  assert.match(w.list[0]!.message, /url\(#f\).*not drawn/);
  assert.equal(style('mix-blend-mode: color-dodge').mixBlendMode, 'color-dodge');
  assert.deepEqual(style('background-blend-mode: multiply, luminosity').backgroundBlendMode, ['multiply', 'luminosity']);
  assert.equal(style('mix-blend-mode: plus-lighter', new WarningSink()).mixBlendMode, 'normal');
});
