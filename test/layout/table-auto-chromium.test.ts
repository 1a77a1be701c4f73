// In: three ten-column tables of text (a 100% table with cell padding, an auto-width one with nowrap cells, one of
// bold + br + span cells) through the real stages. Out: their table and cell border boxes (px, page 718 px wide)
// compared with Chromium 156's getBoundingClientRect under print emulation (fonts as ../shared/fidelity): the column
// widths are shared as Blink does it, in LayoutUnits (1/64 px), so every cell's text wraps into the same lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { Element } from 'domhandler';

const HTML = "<!doctype html><html><head><style>@page{size:718px 1200px;margin:0} body{margin:0 19px}</style></head><body><div style='width:680px'><table id=A style='width:100%;font:11px Arial' border=1 cellspacing=0 cellpadding=4><tr><th id=Ah0>shipping elit tax</th><th id=Ah1>eiusmod elit amet</th><th id=Ah2>invoice eiusmod customer</th><th id=Ah3>amet</th><th id=Ah4>price</th><th id=Ah5>tax</th><th id=Ah6>tempor total</th><th id=Ah7>ipsum quantity</th><th id=Ah8>total invoice elit</th><th id=Ah9>number</th></tr><tr><td id=Ar0c0>price tempor</td><td id=Ar0c1>price sed</td><td id=Ar0c2>unit sit sit customer</td><td id=Ar0c3>unit</td><td id=Ar0c4>tempor</td><td id=Ar0c5>amount</td><td id=Ar0c6>price tempor price handling discount amount ipsum consectetur</td><td id=Ar0c7>amount price adipiscing</td><td id=Ar0c8>reference</td><td id=Ar0c9>invoice tax</td></tr><tr><td id=Ar1c0>price unit</td><td id=Ar1c1>description discount</td><td id=Ar1c2>eiusmod sit dolor invoice sit consectetur adipiscing discount description handling tax</td><td id=Ar1c3>account adipiscing</td><td id=Ar1c4>price account</td><td id=Ar1c5>adipiscing price</td><td id=Ar1c6>shipping invoice elit</td><td id=Ar1c7>tempor reference</td><td id=Ar1c8>ipsum</td><td id=Ar1c9>tax reference</td></tr><tr><td id=Ar2c0>eiusmod invoice customer</td><td id=Ar2c1>adipiscing</td><td id=Ar2c2>sit amount quantity sed total eiusmod customer</td><td id=Ar2c3>Lorem tax</td><td id=Ar2c4>shipping sed customer</td><td id=Ar2c5>dolor</td><td id=Ar2c6>sed do tax tempor handling item number description amount discount Lorem sit tax unit discount shipping adipiscing ipsum description handling consectetur discount handling price do</td><td id=Ar2c7>amet</td><td id=Ar2c8>elit</td><td id=Ar2c9>handling account price</td></tr><tr><td id=Ar3c0>item description sit</td><td id=Ar3c1>reference item total</td><td id=Ar3c2>sit tax eiusmod shipping customer amet number unit item amet item do account discount eiusmod amount unit elit dolor unit amet do number quantity price</td><td id=Ar3c3>tax unit</td><td id=Ar3c4>tempor</td><td id=Ar3c5>handling unit</td><td id=Ar3c6>sit tempor price Lorem customer account adipiscing elit discount account shipping handling account reference unit quantity</td><td id=Ar3c7>eiusmod ipsum</td><td id=Ar3c8>amet</td><td id=Ar3c9>tempor discount</td></tr></table></div><div style='width:680px'><table id=B style='font:11px Arial' border=1><tr><th id=Bh0>description</th><th id=Bh1>shipping Lorem</th><th id=Bh2>tempor Lorem tax</th><th id=Bh3>do</th><th id=Bh4>adipiscing dolor</th><th id=Bh5>item sed handling</th><th id=Bh6>ipsum adipiscing</th><th id=Bh7>shipping eiusmod account</th><th id=Bh8>sed adipiscing</th><th id=Bh9>handling discount amet</th></tr><tr><td id=Br0c0 nowrap>dolor</td><td id=Br0c1>account</td><td id=Br0c2>sed shipping discount consectetur shipping customer handling eiusmod Lorem amet consectetur do tax tax shipping amet tax elit eiusmod</td><td id=Br0c3>tax eiusmod</td><td id=Br0c4>tempor</td><td id=Br0c5>customer tax discount</td><td id=Br0c6>unit Lorem price amount eiusmod tax tempor account handling adipiscing description elit consectetur elit number price sit sed</td><td id=Br0c7>Lorem consectetur number</td><td id=Br0c8>sit ipsum</td><td id=Br0c9 nowrap>shipping elit invoice</td></tr><tr><td id=Br1c0 nowrap>price</td><td id=Br1c1>customer sit amet</td><td id=Br1c2>total sed consectetur price amet adipiscing item</td><td id=Br1c3>total price</td><td id=Br1c4>unit</td><td id=Br1c5>discount</td><td id=Br1c6>account amount ipsum item number customer tax</td><td id=Br1c7>consectetur sit</td><td id=Br1c8>dolor</td><td id=Br1c9 nowrap>total</td></tr><tr><td id=Br2c0 nowrap>tax invoice tax</td><td id=Br2c1>shipping tempor</td><td id=Br2c2>tempor quantity adipiscing eiusmod ipsum tax item ipsum sit handling quantity handling ipsum Lorem discount</td><td id=Br2c3>handling tax eiusmod</td><td id=Br2c4>number</td><td id=Br2c5>eiusmod dolor</td><td id=Br2c6>ipsum tax customer unit price sit reference dolor account amount unit sit description tax eiusmod consectetur invoice reference quantity discount dolor sit</td><td id=Br2c7>unit discount amet</td><td id=Br2c8>reference number number</td><td id=Br2c9 nowrap>account</td></tr><tr><td id=Br3c0 nowrap>account adipiscing</td><td id=Br3c1>reference tempor</td><td id=Br3c2>sit sit shipping elit handling account shipping</td><td id=Br3c3>invoice discount</td><td id=Br3c4>account handling</td><td id=Br3c5>account</td><td id=Br3c6>quantity consectetur</td><td id=Br3c7>customer total handling</td><td id=Br3c8>do</td><td id=Br3c9 nowrap>eiusmod</td></tr></table></div><div style='width:680px'><table id=D width=100% style='font:11px Arial'><tr><td id=Dc0><strong>amet handling</strong><br><span style='color:#666'>tempor tax Lorem item</span></td><td id=Dc1><strong>elit</strong><br><span style='color:#666'>reference description</span></td><td id=Dc2><strong>item</strong><br><span style='color:#666'>price</span></td><td id=Dc3><strong>amount</strong><br><span style='color:#666'>account</span></td><td id=Dc4><strong>consectetur sed</strong><br><span style='color:#666'>invoice number account</span></td><td id=Dc5><strong>sit number</strong><br><span style='color:#666'>customer customer quantity</span></td><td id=Dc6><strong>unit</strong><br><span style='color:#666'>description tax</span></td><td id=Dc7><strong>tempor account</strong><br><span style='color:#666'>ipsum shipping</span></td><td id=Dc8><strong>shipping</strong><br><span style='color:#666'>sed handling</span></td><td id=Dc9><strong>item</strong><br><span style='color:#666'>item tax sed tax</span></td></tr></table></div></body></html>";

/** [id, x, y, width, height] as Chromium lays the document out. */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['A', 19, 0, 680, 520],
  ['B', 19, 520, 680, 538],
  ['D', 19, 1058, 680, 54],
  ['Ar0c0', 20, 47, 65.969, 70],
  ['Ar0c1', 85.969, 47, 64.844, 70],
  ['Ar0c2', 150.813, 47, 92.953, 70],
  ['Ar0c3', 243.766, 47, 60.469, 70],
  ['Ar0c4', 304.234, 47, 57.656, 70],
  ['Ar0c5', 361.891, 47, 59.922, 70],
  ['Ar0c6', 421.813, 47, 98, 70],
  ['Ar0c7', 519.813, 47, 61.406, 70],
  ['Ar0c8', 581.219, 47, 57.844, 70],
  ['Ar0c9', 639.063, 47, 58.938, 70],
  ['Ar1c0', 20, 117, 65.969, 94],
  ['Ar2c0', 20, 211, 65.969, 166],
  ['Ar3c0', 20, 377, 65.969, 142],
  ['Bh0', 22, 523, 94.516, 40],
  ['Bh1', 118.516, 523, 50.875, 40],
  ['Bh2', 171.391, 523, 67, 40],
  ['Bh3', 240.391, 523, 46.203, 40],
  ['Bh4', 288.594, 523, 58.703, 40],
  ['Bh5', 349.297, 523, 50.438, 40],
  ['Bh6', 401.734, 523, 67.719, 40],
  ['Bh7', 471.453, 523, 61.688, 40],
  ['Bh8', 535.141, 523, 59.125, 40],
  ['Bh9', 596.266, 523, 99.734, 40],
  ['Br0c0', 22, 565, 94.516, 160],
  ['Br1c0', 22, 727, 94.516, 64],
  ['Br2c0', 22, 793, 94.516, 196],
  ['Br3c0', 22, 991, 94.516, 64],
  ['Dc0', 21, 1060, 81.703, 50],
  ['Dc1', 104.703, 1060, 81.328, 50],
  ['Dc2', 188.031, 1060, 25.844, 50],
  ['Dc3', 215.875, 1060, 41.734, 50],
  ['Dc4', 259.609, 1060, 92.75, 50],
  ['Dc5', 354.359, 1060, 94.672, 50],
  ['Dc6', 451.031, 1060, 64.547, 50],
  ['Dc7', 517.578, 1060, 65.453, 50],
  ['Dc8', 585.031, 1060, 56.563, 50],
  ['Dc9', 643.594, 1060, 53.406, 50],
];

test('ten auto columns of text: widths shared as Chromium does (LayoutUnits), rows wrap into the same lines', () => {
  const r = layoutHtml(HTML);
  assert.equal(r.pages.length, 1);
  const frags = allFragments(r.pages[0].children);
  for (const [id, x, y, w, h] of CHROMIUM) {
    const f = frags.find((k) => k.kind === 'box' && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f, `#${id}`);
    const got = [f.x, f.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
});
