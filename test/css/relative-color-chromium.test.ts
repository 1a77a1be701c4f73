// In: backgrounds in relative colour syntax (css-color-5 §4): rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() and
// color(srgb) from a named, hex, var() or oklch() origin, with the channel keywords as they are, in calc() and with `/ alpha`.
// Out: their pixels in our PDF (renderPdf, 96 dpi, pdftoppm) against the same pixels of Chromium 156's page.pdf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from '../paint/pdf-helpers.ts';

/** [background, Chromium 156's RGB at 96 dpi over white]. */
const CHROMIUM: Array<[string, [number, number, number]]> = [
  ['rgb(from red r g b / 50%)', [255, 127, 127]],
  ['rgb(from var(--brand) calc(r * 0.5) g b)', [30, 130, 246]],
  ['oklch(from var(--brand) l c h / 50%)', [157, 192, 250]],
  ['oklch(from var(--brand) calc(l - 0.2) c h)', [0, 66, 178]],
  ['hsl(from var(--brand) calc(h + 180) s l)', [246, 175, 59]],
  ['hsl(from #808080 h s calc(l + 20))', [179, 179, 179]],
  ['oklch(from var(--c) l c calc(h + 90))', [38, 169, 241]],
  ['lab(from var(--brand) l a b / alpha)', [59, 130, 246]],
  ['lch(from var(--brand) calc(l * 0.8) c h)', [0, 103, 214]],
  ['hwb(from var(--brand) h calc(w + 20) b)', [110, 162, 246]],
  ['color(from var(--brand) srgb r g b / 0.3)', [196, 217, 252]],
  ['rgb(from oklch(0.5 0.2 30) r g b)', [186, 13, 1]],
  ['oklab(from #ff8800 l a b)', [255, 136, 0]],
];
const DOC = '<!doctype html><html><head><style>@page { size: 400px 400px; margin: 0 } body { margin: 0 } div { height: 20px; width: 100px } '
  + ':root { --brand: #3b82f6; --c: oklch(0.7 0.15 150) }</style></head><body>'
  + CHROMIUM.map(([bg]) => `<div style="background: ${bg}"></div>`).join('') + '</body></html>';

/**
 * The origin colour is taken apart into the function's channel keywords (rgb 0-255, hsl degrees and 0-100, oklch L 0-1 …),
 * which the channels that follow use. We dropped every such declaration as invalid (with a warning): the backgrounds
 * were white. Within 1 of Chromium per channel (its gamut mapping of an oklch() made darker rounds one channel apart).
 */
test('relative colours, as Chromium 156 prints them', async () => {
  const out = await renderPdf(DOC);
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96);
  CHROMIUM.forEach(([bg, rgb], i) => {
    const got = img.px(50, 10 + 20 * i);
    assert.ok(got.every((v, k) => Math.abs(v - rgb[k]!) <= 1), `${bg}: ${got.join(', ')}, Chromium ${rgb.join(', ')}`);
  });
});
