// In: elements with dir=auto whose first strong character lies in a span with an invalid dir value, after a bdi, script, style
// or a hidden textarea, in an input's value, in a table cell; an <input type=tel> in an rtl block; neutral and empty content.
// Out: border boxes (x, y relative to the case block, width, height in px) and computed `direction` compared with Chromium
// 156's getBoundingClientRect and getComputedStyle in print emulation: HTML §3.2.6.4 auto directionality as Chromium applies
// it (src/css/presentational.ts autoDirection, dirHints).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'domhandler';
import { layoutHtml, allFragments } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px } p,div.r { margin: 0; width: 600px } .ib { display: inline-block; width: 50px; height: 10px } input,textarea { font: 12px Arial; width: 200px; padding: 0; border: 0; margin:0; display:block; height: 16px } td { padding: 0 } table { border-spacing: 0; width: 600px }';
const MARKUP = [
  '<p id=A dir=auto><span class=ib id=A1></span><span dir=foo>שלום</span> hello</p>',
  '<p id=B dir=auto><span class=ib id=B1></span><span dir="">שלום</span> hello</p>',
  '<p id=C dir=auto><span class=ib id=C1></span><span dir=ltr>שלום</span> שלום</p>',
  '<p id=D dir=auto><span class=ib id=D1></span><bdi>שלום</bdi> hello</p>',
  '<div dir=rtl><p id=E dir=auto><span class=ib id=E1></span>123 !</p></div>',
  '<p id=F dir=auto><span class=ib id=F1></span><script>var x = \'a\';</script>שלום</p>',
  '<p id=G dir=auto><span class=ib id=G1></span><span style="display:none">hello</span>שלום</p>',
  '<p id=H dir=auto><span class=ib id=H1></span><img alt="hello">שלום</p>',
  '<input id=I dir=auto value="שלום abc">',
  '<input id=J dir=auto value="abc שלום">',
  '<input id=K dir=auto placeholder="שלום">',
  '<div dir=rtl><input id=L type=tel value="123"></div>',
  '<textarea id=M dir=auto>שלום</textarea>',
  '<table><tr><td id=N dir=auto><span class=ib id=N1></span>مرحبا</td></tr></table>',
  '<p id=O><bdi id=O1>שלום</bdi><span class=ib id=O2></span></p>',
  '<div dir=rtl><p id=P dir=auto><span class=ib id=P1></span></p></div>',
  '<p id=Q dir=auto><span class=ib id=Q1></span><textarea style="display:none">hello</textarea>שלום</p>',
  '<p id=R dir=auto><span class=ib id=R1></span><style>a{}</style>1 שלום</p>',
  '<div dir=rtl><input id=S dir=auto value="123"></div>',
  '<div dir=rtl><input id=T value="abc"></div>',
  '<div dir=rtl><input id=U dir=auto></div>',
].join('\n');

/** Chromium 156's figures: [id, x, y, width, height, computed direction]. */
const CHROMIUM: Array<[string, number, number, number, number, 'ltr' | 'rtl']> = [
  ['A', 0, 0, 600, 16, 'rtl'],
  ['A1', 550, 2, 50, 10, 'rtl'],
  ['B', 0, 16, 600, 16, 'rtl'],
  ['B1', 550, 18, 50, 10, 'rtl'],
  ['C', 0, 32, 600, 16, 'rtl'],
  ['C1', 550, 34, 50, 10, 'rtl'],
  ['D', 0, 48, 600, 16, 'ltr'],
  ['D1', 0, 50, 50, 10, 'ltr'],
  ['E', 0, 64, 600, 16, 'ltr'],
  ['E1', 0, 66, 50, 10, 'ltr'],
  ['F', 0, 80, 600, 16, 'rtl'],
  ['F1', 550, 82, 50, 10, 'rtl'],
  ['G', 0, 96, 600, 16, 'ltr'],
  ['G1', 0, 98, 50, 10, 'ltr'],
  ['H', 0, 112, 600, 16, 'rtl'],
  ['H1', 550, 114, 50, 10, 'rtl'],
  ['I', 0, 128, 200, 16, 'rtl'],
  ['J', 0, 144, 200, 16, 'ltr'],
  ['K', 0, 160, 200, 16, 'ltr'],
  ['L', 400, 176, 200, 16, 'ltr'],
  ['M', 0, 192, 200, 16, 'rtl'],
  ['N', 0, 208, 600, 16, 'rtl'],
  ['N1', 550, 210, 50, 10, 'rtl'],
  ['O', 0, 224, 600, 16, 'ltr'],
  ['O1', 0, 225, 26.375, 14, 'rtl'],
  ['O2', 26.375, 226, 50, 10, 'ltr'],
  ['P', 0, 240, 600, 16, 'ltr'],
  ['P1', 0, 242, 50, 10, 'ltr'],
  ['Q', 0, 256, 600, 16, 'rtl'],
  ['Q1', 550, 258, 50, 10, 'rtl'],
  ['R', 0, 272, 600, 16, 'rtl'],
  ['R1', 550, 274, 50, 10, 'rtl'],
  ['S', 400, 288, 200, 16, 'ltr'],
  ['T', 400, 304, 200, 16, 'rtl'],
  ['U', 400, 320, 200, 16, 'ltr'],
];

test('dir=auto as Chromium 156 resolves it: boxes and computed direction of 21 cases', () => {
  const r = layoutHtml(`<!doctype html><html><head><style>${STYLE}</style></head><body><div class=case id=c>${MARKUP}</div></body></html>`);
  const c = r.byId('c');
  const frags = allFragments(r.pages[0].children);
  for (const [id, x, y, w, h, dir] of CHROMIUM) {
    const f = frags.find((k) => (k.kind === 'box' || k.kind === 'replaced' || k.kind === 'inline') && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f && (f.kind === 'box' || f.kind === 'replaced' || f.kind === 'inline'), `#${id} on the first page`);
    const got = [f.x - c.x, f.y - c.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
    assert.equal(f.box.style.direction, dir, `#${id}: direction`);
  }
});
