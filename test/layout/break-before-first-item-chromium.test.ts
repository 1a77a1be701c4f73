// In: a bordered container whose first child cannot start in the room left at a page's foot: a column flex container, a
// grid, Bootstrap's card (a column flex container in a wrapping row's item), one with padding; a block container and a
// row flex container beside them. Out: the printed words against Chromium 156's page.pdf (pdftotext -bbox, fonts as
// test/fidelity/make-refs.mjs). A column flex container breaks before its first item and a grid before its first row, so
// their top border and padding stay on page 1 and the content starts at page 2's top; a block container and a row flex
// container move to page 2 whole, and so does a column flex container without top border or padding, with the bordered
// block it starts (css-break-3 §4.1; src/layout/flex.ts, src/layout/grid/index.ts, atContentStart in flow.ts).
import { test } from 'node:test';
import { assertPrintedLikeChromium } from './print-words.ts';

const doc = (card: string): string => '<!doctype html><html><head><style>@page{size:400px 300px;margin:20px} '
  + 'body{margin:0;font:16px/20px "Liberation Sans"} p{margin:0} .c{border:2px solid #000} .h{padding:10px 0}</style></head>'
  + `<body><div style="height:235px"></div>${card}<p>after</p></body></html>`;
const items = '<div class=h>HEAD</div><div>B1</div>';

test('a column flex container leaves its top border (and padding) on page 1, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<div class=c style="display:flex;flex-direction:column">${items}</div>`),
    'HEAD@1:22,30.52 B1@1:22,60.52 after@1:20,82.52');
  await assertPrintedLikeChromium(doc(`<div class=c style="display:flex;flex-direction:column;padding-top:3px">${items}</div>`),
    'HEAD@1:22,30.52 B1@1:22,60.52 after@1:20,82.52');
});

test('Bootstrap\'s card, a column flex container in a wrapping row\'s item, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<div style="display:flex;flex-wrap:wrap"><div style="flex:0 0 auto;width:100%"><div class=c style="display:flex;flex-direction:column">${items}</div></div></div>`),
    'HEAD@1:22,30.52 B1@1:22,60.52 after@1:20,82.52');
});

test('a grid leaves its top border on page 1, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<div class=c style="display:grid">${items}</div>`), 'HEAD@1:22,30.52 B1@1:22,60.52 after@1:20,82.52');
});

test('a block container and a row flex container move to page 2 whole, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<div class=c>${items}</div>`), 'HEAD@1:22,32.52 B1@1:22,62.52 after@1:20,84.52');
  await assertPrintedLikeChromium(doc(`<div class=c style="display:flex">${items}</div>`), 'B1@1:66.45,22.52 HEAD@1:22,32.52 after@1:20,64.52');
});

test('only a container with a top border or padding stays: a bare column flex container moves with the block it starts, as Chromium 156 prints', async () => {
  await assertPrintedLikeChromium(doc(`<div class=c><div style="display:flex;flex-direction:column">${items}</div></div>`),
    'HEAD@1:22,32.52 B1@1:22,62.52 after@1:20,84.52');
  await assertPrintedLikeChromium(doc(`<div class=c><div class=c style="display:flex;flex-direction:column">${items}</div></div>`),
    'HEAD@1:24,30.52 B1@1:24,60.52 after@1:20,84.52');
  await assertPrintedLikeChromium(doc(`<div class=c style="display:flex;flex-direction:column"><div style="display:flex;flex-direction:column">${items}</div></div>`),
    'HEAD@1:22,30.52 B1@1:22,60.52 after@1:20,82.52');
});
