// In: documents whose absolutely positioned box starts above the top of page 2's area and reaches into it (bottom: 0 in a
// box at that page's top, a negative top), with lines, a line with an inline-block, and a bordered block at the boundary.
// Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as test/fidelity/make-refs.mjs): the box is
// fragmented at the page top like any flow (css-break-3 §4.4): what ends above it prints at the foot of page 1, the line
// box or block crossing it moves to the top of page 2's area, the rest follows; its first line stays in page 1's part (src/layout/positioned.ts).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const lines = (n: number, pre: string): string => Array.from({ length: n }, (_, i) => `<div>${pre}${i + 1}</div>`).join('');
const doc = (body: string): string => '<!doctype html><html><head><style>@page{size:400px 300px;margin:60px 20px 20px} '
  + `body{margin:0;font:16px/20px "Liberation Sans"} p{margin:0}</style></head><body>${body}</body></html>`;
const atTop = (h: number, style: string, content: string): string =>
  doc(`<p>first</p><div style="break-before:page;position:relative;height:${h}px"><div style="position:absolute;left:30px;${style}">${content}</div></div><p>after</p>`);

test('the line box crossing page 2\'s top moves down to it, the lines above stay at the foot of page 1, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(atTop(50, 'bottom:0', lines(6, 'A')),
    'first@0:20,60.52 A1@0:50,210.52 A2@0:50,230.52 A3@0:50,250.52 A4@1:50,60.52 A5@1:50,80.52 A6@1:50,100.52 after@1:20,110.52');
  await assertPrintedLikeChromium(atTop(50, 'bottom:0', 'X1<br>X2<br>X3<br>X4<br>X5<br>X6'),
    'first@0:20,60.52 X1@0:50,210.52 X2@0:50,230.52 X3@0:50,250.52 X4@1:50,60.52 X5@1:50,80.52 X6@1:50,100.52 after@1:20,110.52');
});

test('a box with a known negative top, and one with a border and padding, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(atTop(50, 'top:-75px', lines(6, 'E')),
    'first@0:20,60.52 E1@0:50,205.52 E2@0:50,225.52 E3@0:50,245.52 E4@1:50,60.52 E5@1:50,80.52 E6@1:50,100.52 after@1:20,110.52');
  await assertPrintedLikeChromium(atTop(50, 'bottom:0;border:2px solid;padding:3px', lines(6, 'D')),
    'first@0:20,60.52 D1@0:55,205.52 D2@0:55,225.52 D3@0:55,245.52 after@1:20,110.52 D4@1:55,60.52 D5@1:55,80.52 D6@1:55,100.52');
});

test('orphans and widows give way as in Chromium 156: one line or orphans - 1 lines stay above, widows are kept', async () => {
  await assertPrintedLikeChromium(atTop(50, 'bottom:0', 'G1<br>G2<br>G3<br>G4'),
    'first@0:20,60.52 G1@0:50,250.52 G2@1:50,60.52 G3@1:50,80.52 G4@1:50,100.52 after@1:20,110.52');
  await assertPrintedLikeChromium(atTop(50, 'bottom:0;orphans:3', 'H1<br>H2<br>H3<br>H4<br>H5'),
    'first@0:20,60.52 H1@0:50,230.52 H2@0:50,250.52 H3@1:50,60.52 H4@1:50,80.52 H5@1:50,100.52 after@1:20,110.52');
  await assertPrintedLikeChromium(atTop(10, 'bottom:0', 'K1<br>K2<br>K3<br>K4'),
    'first@0:20,60.52 K1@0:50,210.52 K2@0:50,230.52 K3@1:50,60.52 after@1:20,70.52 K4@1:50,80.52');
});

test('a line with an inline-block and a bordered block crossing page 2\'s top move down to it, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(atTop(30, 'bottom:0', 'M1<br>M2<div style="display:inline-block;width:50px;height:40px;border:1px solid">M3</div><br>M4'),
    'first@0:20,60.52 M1@0:50,228.52 M2M3@1:50,61.52 after@1:20,90.52 M4@1:50,102.52');
  await assertPrintedLikeChromium(atTop(30, 'bottom:0', '<div>N1</div><div style="border:2px solid;padding:4px">N2<br>N3</div><div>N4</div>'),
    'first@0:20,60.52 N1@0:50,218.52 N2@1:56,66.52 after@1:20,90.52 N3@1:56,86.52 N4@1:50,112.52');
});

test('a first line across the top stays in page 1\'s part (printed on both pages), the next starts at page 2\'s top; a box inside page 1 is whole, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(atTop(50, 'bottom:0', lines(3, 'B')),
    'first@0:20,60.52 B1@0:50,270.52 B1@1:50,50.52 B2@1:50,60.52 B3@1:50,80.52 after@1:20,110.52');
  await assertPrintedLikeChromium(doc(`<p>first</p><div style="height:120px"></div><div style="position:relative;height:50px"><div style="position:absolute;bottom:0;left:30px">${lines(6, 'J')}</div></div><p>after</p>`),
    'first@0:20,60.52 J1@0:50,130.52 J2@0:50,150.52 J3@0:50,170.52 J4@0:50,190.52 J5@0:50,210.52 J6@0:50,230.52 after@0:20,250.52');
});
