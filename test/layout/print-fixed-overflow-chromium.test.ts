// In: documents whose fixed-position boxes reach below the end of the flow (InvenTree's report templates: an empty
// footer at `bottom: 0; margin-bottom: -20mm`), through renderPdf. Out: the page count and the words of every page
// (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs
// calls it). Chromium paginates the document's scrollable overflow, to which a fixed box contributes where it sits
// against the first page's area: a one-page document whose footer reaches 20 mm below the area has a second page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWords } from './page-words.ts';

const A4 = "@page{size:A4;margin:2cm;margin-top:4cm}body{margin:0;font:20px/20px 'Liberation Mono'}";

test('an InvenTree-style footer 20 mm below the page area adds a page; the header copy of page 2 shows at the foot of page 1 (Chromium 156)', async () => {
  const html = `<!doctype html><style>${A4}.h{position:fixed;top:0;left:0;width:100%;margin-top:-2.5cm;height:60px}`
    + '.f{position:fixed;bottom:0;left:0;width:100%;margin-bottom:-20mm}</style><div class=h>HA<br>HB</div><div class=c>C1<br>C2</div><div class=f></div>';
  const got = await pageWords(html);
  assert.deepEqual(got, [['C1 57.00 112.01', 'C2 57.00 127.01', 'HA 57.00 713.51', 'HB 57.00 728.51'], []]);
});

/**
 * [the fixed box's style, the @page bottom margin, Chromium's page count]. A4 with 4 cm / 2 cm margins: area 895.75 px;
 * with a 20.1 mm bottom margin: 895.37 px. A box adds a page when it starts below the end of the flow (an empty box
 * 1.2 px or 10 px below, a 20 px box 22 px below), not when it starts inside the area and ends below it (a 20 px box
 * 8 px below, laravel-invoices' footer: bottom -56px, margin-bottom 48px). Not covered: a box starting within about a
 * pixel of the end, where Chromium's page count depends on fractions of its page geometry (a 20 px box at bottom -21px
 * gets a page, an empty one at bottom -1px under a 20.1 mm margin does not).
 */
const COUNTS: Array<[string, string, number]> = [
  ['bottom:0', '2cm', 1], ['bottom:-0.8px', '2cm', 1], ['bottom:-1.2px', '2cm', 2], ['bottom:-10px', '2cm', 2], ['bottom:-75.6px', '2cm', 2],
  ['bottom:-1px', '20.1mm', 1], ['bottom:-2px', '20.1mm', 2],
  ['bottom:-8px;height:20px', '2cm', 1], ['bottom:-8px;height:0', '2cm', 2], ['bottom:-20px;height:20px', '2cm', 1], ['bottom:-22px;height:20px', '2cm', 2],
  ['bottom:-56px;margin-bottom:48px;height:20px', '2cm', 1],
];
for (const [style, bottomMargin, pages] of COUNTS) {
  test(`a fixed box (${style}) against an A4 area with a ${bottomMargin} bottom margin: ${pages} page(s), as Chromium 156`, async () => {
    const html = `<!doctype html><style>${A4}@page{margin-bottom:${bottomMargin}}</style><p>one line</p>`
      + `<div style="position:fixed;left:0;width:100%;${style}"></div>`;
    assert.equal((await pageWords(html)).length, pages);
  });
}
