// In: text cut by clips, through renderPdf: nowrap lines in overflow: hidden boxes, a second line below a clipping box's
// height, a transformed inline block moved half out of its clipping box.
// Out: the PDF's words (pdftotext -bbox) against Chromium 156's print of the same document: a glyph whose ink is wholly
// outside the clip is not written (Skia's PDF device leaves it out), so extracted, searched and copied text is what
// shows: "Alpha Beta Ga", not the whole sentence; the clipped-away second line is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { words } from './pdf-helpers.ts';

const DOC = "<!doctype html><html><head><style>@page{size:400px 300px;margin:20px} body{margin:0;font:16px \"Liberation Sans\"}\n.b{width:100px;overflow:hidden;white-space:nowrap;border:1px solid;margin-bottom:6px}\n.h{height:18px;overflow:hidden;width:300px;margin-bottom:6px}</style></head><body>\n<div class=b>Alpha Beta Gamma Delta</div>\n<div class=b style=\"text-overflow:clip\">Overflowing1234567890</div>\n<div class=h>First line of text here<br>Second hidden line</div>\n<div style=\"white-space:nowrap\">Wide line running past the page edge on the right side ok</div>\n<div style=\"width:80px;overflow:hidden\"><span style=\"display:inline-block;transform:translateX(60px);white-space:nowrap\">Moved text</span></div>\n</body></html>\n";

/** Chromium 156: [text, xMin, yMin] (pt) of every word of its PDF. */
const CHROMIUM: Array<[string, number, number]> = [
  ['Alpha', 15.67, 15.34], ['Beta', 45.93, 15.34], ['Ga', 70.86, 15.34], ['Overflowing12', 15.67, 32.69],
  ['First', 15.0, 49.37], ['line', 38.71, 49.37], ['of', 58.3, 49.37], ['text', 70.16, 49.37],
  ['here', 90.33, 49.37], ['Wide', 15.0, 65.38], ['line', 42.28, 65.38], ['running', 61.87, 65.38],
  ['past', 100.44, 65.38], ['the', 123.58, 65.38], ['page', 141.38, 65.38], ['edge', 168.1, 65.38],
  ['on', 194.81, 65.38], ['the', 209.65, 65.38], ['right', 227.45, 65.38], ['side', 251.18, 65.38],
  ['ok', 273.73, 65.38], ['Mo', 55.03, 77.39],
];

test('glyphs wholly outside the clip are left out of the PDF, as in Chromium\'s', async () => {
  const { pdf } = await renderPdf(DOC);
  const ours = words(pdf);
  assert.deepEqual(ours.map((w) => w.text), CHROMIUM.map((w) => w[0]));
  ours.forEach((w, i) => {
    const [text, x, y] = CHROMIUM[i]!;
    assert.ok(Math.abs(w.xMin - x) < 1 && Math.abs(w.yMin - y) < 1, `${text}: ours (${w.xMin}, ${w.yMin}), Chromium (${x}, ${y})`);
  });
});
