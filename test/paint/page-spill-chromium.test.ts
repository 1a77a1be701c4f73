// In: documents whose content lies above a page's area: a negative margin after a forced break, a relatively positioned
// block moved up, an absolutely positioned block growing upward from its containing block at a page's top, a fixed box at a
// negative top. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs):
// what lies above a page's area prints at the foot of the page before it (one page-area height lower), cut at the page
// boundary, as one flow of fragmentainers (css-break-3 §4.4; src/paint/spill.ts).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from '../layout/print-words.ts';

const lines = (n: number, pre: string): string => Array.from({ length: n }, (_, i) => `<div>${pre}${i + 1}</div>`).join('');
const doc = (body: string): string => '<!doctype html><html><head><style>@page{size:400px 300px;margin:60px 20px 20px} '
  + `body{margin:0;font:16px/20px "Liberation Sans"} p{margin:0}</style></head><body>${body}</body></html>`;

test('a negative margin after a forced break: the lines above page 2 print at the foot of page 1, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<p>first</p><div style="break-before:page;margin-top:-70px">${lines(6, 'M')}</div><p>after</p>`),
    'first@0:20,60.52 M1@0:20,210.52 M2@0:20,230.52 M3@0:20,250.52 M4@0:20,270.52 M4@1:20,50.52 M5@1:20,70.52 M6@1:20,90.52 after@1:20,110.52');
});

test('a relatively positioned block moved above page 2 prints its top at the foot of page 1, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<p>first</p><div style="break-before:page;position:relative;top:-50px">${lines(5, 'R')}</div><p>after</p>`),
    'first@0:20,60.52 R1@0:20,230.52 R2@0:20,250.52 R3@0:20,270.52 R3@1:20,50.52 R4@1:20,70.52 R5@1:20,90.52 after@1:20,160.52');
});

test('an abspos block at bottom: 0 of a box at the top of page 2, and a fixed box at top: -30px, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<p>first</p><div style="break-before:page;position:relative;height:40px"><div style="position:absolute;bottom:0;left:30px">${lines(6, 'A')}</div></div><p>after</p><p style="position:fixed;top:-30px">fixed</p>`),
    'first@0:20,60.52 A1@0:50,200.52 A2@0:50,220.52 A3@0:50,240.52 fixed@0:20,250.52 A4@0:50,260.52 A5@1:50,60.52 A6@1:50,80.52 after@1:20,100.52');
});

test('an abspos block growing upward inside its page stays where it is, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`${lines(3, 'F')}<div style="position:relative;height:40px"><div style="position:absolute;bottom:0;left:100px">${lines(4, 'N')}</div></div><p>after</p>`),
    'F1@0:20,60.52 F2@0:20,80.52 F3@0:20,100.52 after@0:20,160.52 N1@0:120,80.52 N2@0:120,100.52 N3@0:120,120.52 N4@0:120,140.52');
});
