// SVG images through the whole pipeline: <img>, data: URIs, inline <svg>, backgrounds, <image href>
// inside SVG, currentColor, broken files. Checked on pixels (pdftoppm -aa no, 96 dpi: 1 px = 1 CSS px) and in the PDF's objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderPdf } from '../../src/index.ts';
import { letterRows, png, qdf, raster, run, withPdf } from './pdf-helpers.ts';
import { tempDir } from '../tmp.ts';

const dir = tempDir('quire-svg-');
const base = path.join(dir, 'doc.html');
/** An 80×40 logo: a red 20×10 rectangle at (10, 5), a blue one at (40, 20). */
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40" viewBox="0 0 80 40"><rect x="10" y="5" width="20" height="10" fill="#f00"/><rect x="40" y="20" width="20" height="10" fill="blue"/></svg>';
writeFileSync(path.join(dir, 'logo.svg'), LOGO);
writeFileSync(path.join(dir, 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red">');
writeFileSync(path.join(dir, 'nosize.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5000" height="5000" fill="#00f"/></svg>');
writeFileSync(path.join(dir, 'current.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="currentColor"/></svg>');
writeFileSync(path.join(dir, 'withimage.svg'), '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image xlink:href="green.png" width="8" height="8"/><image href="https://example.com/x.png" width="1" height="1"/></svg>');

/** A 2×2 opaque RGB PNG of one colour. */
const solidPng = (r: number, g: number, b: number): Buffer => png({ width: 2, height: 2, colorType: 2, pixels: [r, g, b, r, g, b, r, g, b, r, g, b] });
writeFileSync(path.join(dir, 'green.png'), solidPng(0, 255, 0));

/** Renders `body` on a w×h px page without margins: the pixel rows as letters, the PDF, the warnings. */
async function render(w: number, h: number, body: string, css = ''): Promise<{ rows: string[]; pdf: Uint8Array; warnings: { code: string; message: string }[] }> {
  const html = `<!doctype html><style>@page { size: ${w}px ${h}px; margin: 0 } body { margin: 0; font-size: 0 } img, svg { display: block } ${css}</style>${body}`;
  const { pdf, warnings } = await renderPdf(html, { baseUrl: base, creationDate: new Date(0) });
  const img = raster(pdf);
  const rows = letterRows(img);
  return { rows, pdf, warnings };
}

/** The bounding box [x0, y0, x1, y1) in px of the pixels with letter `c`, or null. */
function bbox(rows: string[], c: string): [number, number, number, number] | null {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  rows.forEach((r, y) => { for (let x = 0; x < r.length; x++) if (r[x] === c) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1); } });
  return x1 < 0 ? null : [x0, y0, x1, y1];
}

test('an SVG logo in <img>: rectangles at their px positions and sizes, drawn as vector (a form XObject, no image XObject)', async () => {
  const { rows, pdf, warnings } = await render(100, 60, '<img src="logo.svg">');
  assert.deepEqual(warnings, []);
  assert.deepEqual(bbox(rows, 'R'), [10, 5, 30, 15]);
  assert.deepEqual(bbox(rows, 'B'), [40, 20, 60, 30]);
  const q = qdf(pdf);
  assert.match(q, /\/Subtype \/Form/);
  assert.doesNotMatch(q, /\/Subtype \/Image/);
  // The red rectangle's path, in SVG user units, is in the form's content stream.
  assert.match(q, /10 5 m\s+30 5 l\s+30 15 l\s+10 15 l/);
});

test('sizing: CSS width scales through viewBox; preserveAspectRatio meet centres, none stretches; percentages of the container', async () => {
  const wide = await render(200, 100, '<img src="logo.svg" style="width: 160px">');
  assert.deepEqual(bbox(wide.rows, 'R'), [20, 10, 60, 30], 'height from the 2:1 ratio, drawing scaled ×2');
  const meet = await render(100, 100, '<img src="logo.svg" style="width: 80px; height: 80px">');
  assert.deepEqual(bbox(meet.rows, 'R'), [10, 25, 30, 35], 'xMidYMid meet: 80×40 centred vertically in 80×80');
  const none = await render(100, 100, `<svg width="80" height="80" viewBox="0 0 80 40" preserveAspectRatio="none"><rect x="10" y="5" width="20" height="10" fill="#f00"/></svg>`);
  assert.deepEqual(bbox(none.rows, 'R'), [10, 10, 30, 30], 'none: stretched ×2 vertically');
  const pct = await render(40, 20, '<div style="height: 10px"><svg viewBox="0 0 8 8" width="100%" height="100%"><rect width="8" height="8" fill="#00f"/></svg></div>');
  assert.deepEqual(bbox(pct.rows, 'B'), [15, 0, 25, 10], 'width="100%" height="100%": 40×10, the square viewBox centred');
});

test('an SVG file without a viewBox is stretched to its box as Chromium 156 draws it; an inline <svg> without one is not scaled', async () => {
  // Chromium 156's print of the same markup: the 10×10 drawing (red quarter at the top left) fills 60×60 in <img>
  // and as a background, and 60×30 stretched (red 30×15); the inline <svg> stays 10×10, clipped to its box.
  const TEN = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='blue'/><rect width='5' height='5' fill='red'/></svg>";
  const uri = `data:image/svg+xml,${TEN}`;
  const { rows } = await render(300, 80, `<img style="position: absolute; left: 10px; top: 10px; width: 60px; height: 60px" src="${uri}">
<div style="position: absolute; left: 100px; top: 10px; width: 60px; height: 60px; background: url(&quot;${uri}&quot;) 0 0 / 60px 60px no-repeat"></div>
<img style="position: absolute; left: 200px; top: 10px; width: 60px; height: 30px" src="${uri}">
<div style="position: absolute; left: 270px; top: 10px">${TEN.replace('<svg ', '<svg style="width: 20px; height: 20px" ')}</div>`);
  assert.deepEqual([bbox(rows.map((r) => r.slice(0, 90)), 'R'), bbox(rows.map((r) => r.slice(0, 90)), 'B')], [[10, 10, 40, 40], [10, 10, 70, 70]]);
  assert.deepEqual(bbox(rows.map((r) => r.slice(90, 190)), 'R'), [10, 10, 40, 40]);
  assert.deepEqual(bbox(rows.map((r) => r.slice(190, 265)), 'R'), [10, 10, 40, 25]);
  assert.deepEqual([bbox(rows.map((r) => r.slice(265)), 'R'), bbox(rows.map((r) => r.slice(265)), 'B')], [[5, 10, 10, 15], [5, 10, 15, 20]]);
});

test('no intrinsic size: 300×150 for <img>; a background SVG fills the positioning area', async () => {
  const img = await render(320, 160, '<img src="nosize.svg"><div style="height: 4px; background: #f00"></div>');
  assert.deepEqual(bbox(img.rows, 'B'), [0, 0, 300, 150]);
  assert.deepEqual(bbox(img.rows, 'R'), [0, 150, 320, 154]);
  const bg = await render(40, 40, '<div style="width: 30px; height: 20px; margin: 5px; background: url(logo.svg) no-repeat 0 0 / 30px auto"></div><div style="width: 10px; height: 3px; background: url(nosize.svg)"></div>');
  assert.deepEqual(bbox(bg.rows, 'R'), [9, 7, 16, 11], 'logo at 30×15: red (10,5 20×10)×3/8 from (5,5) = (8.75,6.9 7.5×3.75)');
  assert.equal(bg.rows[31]!.slice(0, 11), 'BBBBBBBBBB_', 'the size-less SVG covers the 10×3 area');
});

test('data: URIs, base64 and url-encoded', async () => {
  const b64 = `data:image/svg+xml;base64,${Buffer.from(LOGO).toString('base64')}`;
  const enc = `data:image/svg+xml,${encodeURIComponent(LOGO)}`;
  const { rows, warnings } = await render(80, 80, `<img src="${b64}"><img src="${enc}">`);
  assert.deepEqual(warnings, []);
  assert.deepEqual(bbox(rows, 'R'), [10, 5, 30, 55]);
  assert.equal(rows[50]!.slice(10, 30), 'R'.repeat(20), 'the second copy 40 px lower');
});

test('currentColor: the inline <svg> element\'s CSS color; black inside an <img>', async () => {
  const { rows } = await render(8, 4, '<div style="color: lime"><svg width="4" height="4" style="float: left"><rect width="4" height="4" fill="currentColor"/></svg><img src="current.svg" style="float: left"></div>');
  assert.equal(rows[1], 'GGGGKKKK');
});

test('<image href> inside an SVG loads through the ResourceLoader: files beside it drawn, escapes blocked with a warning', async () => {
  const { rows, warnings } = await render(8, 8, '<img src="withimage.svg">');
  assert.equal(rows[4], 'GGGGGGGG');
  assert.deepEqual(warnings.map((w) => w.code), ['resource-blocked']);
});

test('a broken SVG warns and leaves an empty box of the specified size', async () => {
  const { rows, warnings } = await render(60, 60, '<img src="broken.svg" width="50" height="40"><div style="height: 5px; background: #00f"></div><svg width="10" height="10"><g></svg><div style="height: 5px; background: #f00"></div>');
  assert.deepEqual(bbox(rows, 'B'), [0, 40, 60, 45], 'the 50×40 box keeps its place');
  assert.ok(!rows.slice(0, 40).some((r) => r.includes('R')), 'nothing drawn for the broken image');
  assert.ok(warnings.some((w) => w.code === 'image' && /broken\.svg.*malformed SVG/.test(w.message)), JSON.stringify(warnings));
});

test('a drawing is recorded once per process and replayed: identical PDFs, references renumbered, gradients and opacity intact', async () => {
  const grad = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="40" height="5" fill="url(#g)"/><rect y="5" width="40" height="5" fill="#0f0" fill-opacity="0.5"/></svg>';
  const body = `<p style="height: 10px">x</p><img src="data:image/svg+xml,${encodeURIComponent(grad)}">`;
  const a = await render(40, 20, body);
  const b = await render(40, 20, body);
  assert.deepEqual(Buffer.from(a.pdf), Buffer.from(b.pdf), 'deterministic, whether drawn or replayed');
  const img = raster(b.pdf);
  const near = (x: number, y: number, c: number[]): boolean => img.px(x, y).every((v, i) => Math.abs(v - c[i]!) <= 12);
  assert.ok(near(0, 11, [255, 0, 0]) && near(39, 11, [0, 0, 255]) && near(20, 11, [128, 0, 128]), 'red to blue');
  assert.ok(near(5, 17, [128, 255, 128]), 'half-transparent green over white');
  const q = qdf(b.pdf);
  assert.match(q, /\/ShadingType 2/);
  assert.match(q, /\/ca 0\.5/);
  withPdf(b.pdf, (p) => assert.match(run('qpdf', ['--check', p]), /No syntax or stream encoding errors/));
});

test('SVG text is set in the render\'s fonts (CSS font matching, embedded), not the unembedded standard 14', async () => {
  const { pdf, warnings } = await render(200, 40, '<svg width="200" height="40"><text x="4" y="30" font-family="\'DejaVu Sans\', sans-serif" font-size="20">Acme Logo</text></svg>');
  assert.deepEqual(warnings, []);
  const fonts = withPdf(pdf, (p) => run('pdffonts', [p]));
  assert.match(fonts, /\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  assert.doesNotMatch(fonts, /Helvetica/);
  const words = withPdf(pdf, (p) => run('pdftotext', ['-bbox', p, '-']));
  const m = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Acme</.exec(words);
  assert.ok(m, words);
  assert.ok(Math.abs(Number(m[1]) - 3) < 0.5, `"Acme" starts at x = 4 px = 3 pt (${m[1]})`);
  assert.ok(Number(m[3]) > 20 && Number(m[3]) < 28, `its box ends near the baseline at 30 px = 22.5 pt (${m[3]})`);
});

test('odd SVGs render without throwing: zero sizes, empty viewBox, circular <use>, nested SVG images, deep nesting, garbage attributes', async () => {
  const odd = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><rect width="5" height="5"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0" width="NaN" height="-4"><rect width="5" height="5"/></svg>',
    // Fails inside a transparency group: the group's objects must still be closed, or pdfkit never finishes the PDF.
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g opacity="0.5"><svg viewBox="0 0 0 0" width="NaN" height="-4"><rect width="5" height="5"/></svg></g></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4"><g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g><use href="#a"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><image href="logo.svg" width="4" height="4"/><text font-family="No Such Font">x</text><path d="M 0 0 L Q z 1e400"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">' + '<g>'.repeat(200) + '<rect width="4" height="4" fill="#f00"/>' + '</g>'.repeat(200) + '</svg>',
  ];
  const body = odd.map((s) => `<img src="data:image/svg+xml,${encodeURIComponent(s)}" style="width: 10px; height: 10px">`).join('');
  const { rows, warnings } = await render(20, 70, body);
  assert.equal(rows[52]!.slice(0, 10), 'RRRRRRRRRR', 'the deeply nested rectangle is drawn (4×4 without a viewBox: stretched to 10×10 as in Chromium)');
  assert.ok(warnings.some((w) => /not drawn/.test(w.message)) && warnings.some((w) => /circular/.test(w.message)));
  assert.ok(warnings.every((w) => w.code === 'image' || w.code === 'resource-missing'), JSON.stringify(warnings));
});
