/**
 * A table row that crosses the page end when not at the top of the page, as Chromium 156 prints it: a cell whose content
 * ends on the page while its last child's block-end margin (kept inside the cell, a formatting context root) crosses the
 * page end has no break point there, so the whole row moves to the next page; content that itself crosses breaks inside.
 * In: a 300 x 300 px page, a spacer row of `h` px, then the row under test and one more row. Out: each page's text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { pdftotext } from '../paint/pdf-helpers.ts';

const doc = (h: number, cell: string): string => `<!doctype html><style>@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 15px/20px 'Liberation Sans' }
table { border-spacing: 0; width: 100% } td { padding: 12px 10px; border-bottom: 1px solid #ccc; vertical-align: top } .sp td { height: ${h}px }
dl { margin: 0 0 25px } dd { margin: 5px 0 10px 20px } p { margin: 0 0 30px }</style>
<table><tbody><tr class="sp"><td>A</td><td>filler</td></tr><tr><td>B1</td><td>${cell}</td></tr><tr><td>C</td><td>after</td></tr></tbody></table>`;
const DL = '<dl><dt>d1</dt><dd>e1</dd><dt>d2</dt><dd>e2</dd></dl>';

/** Each page's words, joined by spaces; pages joined by ' | '. */
async function pages(html: string): Promise<string> {
  const text = pdftotext((await renderPdf(html, { creationDate: new Date(0) })).pdf);
  return text.split('\f').map((p) => p.split(/\s+/).filter(Boolean).join(' ')).filter((p, i, a) => p || i < a.length - 1).join(' | ');
}

// Chromium 156 (/usr/bin/chromium, playwright-core page.pdf, preferCSSPageSize, the project's fonts/): pdftotext of each page.
const CASES: Array<[string, number, string, string]> = [
  // the dl's last line ends on page 1 (at 287, 274 or 298 px), its 25 px margin (the dd's 10 px collapsed into it) does not fit
  ['end margin across the page end', 150, DL, 'A filler | B1 d1 e1 d2 e2 C after'],
  ['end margin across the page end (140)', 140, DL, 'A filler | B1 d1 e1 d2 e2 C after'],
  ['end margin across the page end (161)', 161, DL, 'A filler | B1 d1 e1 d2 e2 C after'],
  // the last dd itself crosses the page end: the cell breaks between d2 and e2
  ['content across the page end', 164, DL, 'A filler B1 d1 e1 d2 | e2 C after'],
  ['content across the page end (170)', 170, DL, 'A filler B1 d1 e1 d2 | e2 C after'],
  // the last paragraph's margin (30 px) fits, the cell's padding does not
  ['end padding across the page end', 150, '<div>l1</div><div>l2</div><div>l3</div><div style="margin-bottom:25px">l4</div>', 'A filler | B1 l1 l2 l3 l4 C after'],
  ['a padding-bottom of the cell\'s child across the page end', 150, '<div style="padding-bottom:30px">q1<br>q2<br>q3<br>q4</div>', 'A filler | B1 q1 q2 q3 q4 C after'],
  // paragraphs with margins between them: the break goes between them (the margin before it truncated)
  ['margins between paragraphs', 150, '<p>p1</p><p>p2</p><p>p3</p><p>p4</p>', 'A filler B1 p1 p2 | p3 p4 C after'],
];

for (const [name, h, cell, chromium] of CASES) {
  test(`table row crossing the page end: ${name}, as Chromium prints it`, async () => {
    assert.equal(await pages(doc(h, cell)), chromium);
  });
}
