// In: table cells sized to their min-content and 100 px blocks with word-break: break-word, overflow-wrap: anywhere and
// overflow-wrap: break-word text, across inline box edges and atomic inlines. Out: their border boxes against Chromium 156's.
// css-text-3 §5.2, §5.5: word-break: break-word and overflow-wrap: anywhere make every typographic character unit a
// soft wrap opportunity that counts for min-content; overflow-wrap: break-word's do not (btcpay-receipt's address cell).
import { test } from 'node:test';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';

const HTML = `<!doctype html><html><head><style>body{margin:0;font:16px/20px "Liberation Sans"} table{border-collapse:collapse;width:1px} td{padding:0;border:1px solid} div.w{width:100px;border:1px solid}</style></head><body>
<table><tr><td id=a1 style="word-break:break-word">9f2c4a7e1b6d3850c2e8f41a</td></tr></table>
<table><tr><td id=a2 style="overflow-wrap:anywhere">9f2c4a7e1b6d3850c2e8f41a</td></tr></table>
<table><tr><td id=a3 style="overflow-wrap:break-word">9f2c4a7e1b6d3850c2e8f41a</td></tr></table>
<table><tr><td id=a4 style="word-break:break-word;white-space:nowrap">9f2c4a7e1b6d</td></tr></table>
<table><tr><td id=a5 style="word-break:break-word">W<span id=s5 style="padding-left:30px">ii</span>ii m</td></tr></table>
<table><tr><td id=a6 style="overflow-wrap:anywhere">abc defgh</td></tr></table>
<table><tr><td id=a7 style="word-break:break-word">A<b id=b7>WWW</b>i</td></tr></table>
<table><tr><td id=a8 style="word-break:break-word">x<span id=s8 style="display:inline-block;width:40px">&nbsp;</span>y</td></tr></table>
<table><tr><td id=a9 style="word-break:break-word">ab<span id=s9 style="padding-right:20px">cd</span>ef</td></tr></table>
<table style="width:auto"><tr><td id=a10 style="word-break:break-word">Destination</td><td id=a11 style="word-break:break-word">bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh</td></tr></table>
<div class=w id=d1 style="overflow-wrap:break-word">Pay <span id=d1s style="padding-left:12px">9f2c4a7e1b6d3850c2e8f41a</span> done</div>
<div class=w id=d2 style="word-break:break-word">ab <span id=d2s style="border-left:30px solid">cdefghijkl</span></div>
</body></html>`;

/** Chromium 156: [id, x, y, width, height] from getBoundingClientRect (print emulation, 721 px viewport). */
const CHROMIUM: BoxFigure[] = [
  ['a1', 0.5, 0.5, 9.91, 481],
  ['a2', 0.5, 482.5, 9.91, 481],
  ['a3', 0.5, 964.5, 203.86, 21],
  ['a4', 0.5, 986.5, 102.44, 21],
  ['a5', 0.5, 1008.5, 34.56, 61],
  ['s5', 1, 1030, 33.56, 37],
  ['a6', 0.5, 1070.5, 9.91, 161],
  ['a7', 0.5, 1232.5, 16.11, 101],
  ['b7', 1, 1254, 15.11, 57],
  ['a8', 0.5, 1334.5, 41, 61],
  ['s8', 1, 1355, 40, 20],
  ['a9', 0.5, 1396.5, 29.91, 61],
  ['s9', 1, 1398, 28.91, 37],
  ['a10', 0.5, 1458.5, 81.05, 21],
  ['a11', 81.55, 1458.5, 330.98, 21],
  ['d1', 0, 1480, 102, 82],
  ['d1s', 1, 1502, 95.64, 57],
  ['d2', 0, 1562, 102, 42],
  ['d2s', 1, 1584, 96.7, 17],
];

test('break-word and anywhere text: min-content and lines as Chromium 156 makes them', () => {
  assertBoxes(HTML, CHROMIUM);
});
