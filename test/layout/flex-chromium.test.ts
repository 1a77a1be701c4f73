// In: 34 flex containers as HTML through the real stages (parse → cascade → boxes → layout), each in a 600px-wide case block, text in Arial (Liberation Sans).
// Out: each container's and item's border box (x, y relative to its case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { BoxFragment, ReplacedFragment } from '../../src/layout/fragment.ts';
import type { Element } from 'domhandler';

const STYLE = "@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px } i { display: inline-block; height: 10px; vertical-align: top } .f { display: flex } .f > * { background: #ddd }";
const doc = (body: string): string => `<!doctype html><html><head><style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * [case markup, expected boxes]: [id, x, y, width, height] as Chromium 156 lays the same markup out (headless --dump-dom,
 * getBoundingClientRect relative to the case block). Covers: header space-between, signature row flex: 1, totals margin-left: auto,
 * wrapping cards with gap, columns with justify-content in a fixed height, align-items center/stretch/flex-end/baseline, order,
 * shrink with long words (min-content minimum), nested flex, inline-flex in a line, reverses, wrap-reverse, align-content,
 * justify-content space-around/evenly/center/end, indefinite columns with align-items and gap, flex shorthands, min/max freezing,
 * percentages, true centring on overflow, auto margins in both axes, overflow: hidden items (no automatic minimum), shrink-to-fit parents,
 * items with a specified width shrinking to their content's min-content size (§4.5: the content size suggestion ignores the width).
 */
const CASES: Array<[string, Array<[string, number, number, number, number]>]> = [
  ["<div class=case id=k1><div class=f id=A style=\"justify-content: space-between; align-items: flex-start\"><div id=A1 style=\"width:120px;height:40px\"></div><div id=A2 style=\"text-align:right\">ACME Corp<br>12 Long Street<br>Springfield</div></div></div>",
    [["A",0,0,600,48], ["A1",0,0,120,40], ["A2",521.266,0,78.734,48]]],
  ["<div class=case id=k2><div class=f id=B style=\"gap: 40px\"><div id=B1 style=\"flex:1;border-top:1px solid\">Signature</div><div id=B2 style=\"flex:1;border-top:1px solid\">Date and place</div></div></div>",
    [["B",0,0,600,17], ["B1",0,0,280,17], ["B2",320,0,280,17]]],
  ["<div class=case id=k3><div class=f id=C><div id=C1 style=\"margin-left:auto;width:200px\">Total due</div></div><div class=f id=C2><div id=C3>Subtotal</div><div id=C4 style=\"margin-left:auto\">1,200.00</div></div></div>",
    [["C",0,0,600,16], ["C1",400,0,200,16], ["C2",0,16,600,16], ["C3",0,16,44.047,16], ["C4",553.281,16,46.719,16]]],
  ["<div class=case id=k4><div class=f id=D style=\"flex-wrap:wrap;gap:10px 20px\"><div id=D1 style=\"flex:1 1 150px\">Card one</div><div id=D2 style=\"flex:1 1 150px\">Card two with more text</div><div id=D3 style=\"flex:1 1 150px\">Card three</div><div id=D4 style=\"flex:1 1 150px\">Card four</div></div></div>",
    [["D",0,0,600,42], ["D1",0,0,186.656,16], ["D2",206.656,0,186.672,16], ["D3",413.328,0,186.672,16], ["D4",0,26,600,16]]],
  ["<div class=case id=k5><div class=f id=E style=\"flex-direction:column;height:120px;justify-content:space-between\"><div id=E1>Top</div><div id=E2>Middle</div><div id=E3>Bottom</div></div><div class=f id=E4 style=\"flex-direction:column;height:100px;justify-content:center;align-items:center\"><div id=E5>Centred</div><div id=E6 style=\"width:50px;height:10px\"></div></div></div>",
    [["E",0,0,600,120], ["E1",0,0,600,16], ["E2",0,52,600,16], ["E3",0,104,600,16], ["E4",0,120,600,100], ["E5",278.641,157,42.703,16], ["E6",275,173,50,10]]],
  ["<div class=case id=k6><div class=f id=F style=\"align-items:center;height:60px\"><div id=F1>Small</div><div id=F2 style=\"font-size:24px;line-height:30px\">Big</div><div id=F3 style=\"align-self:stretch\">Stretch</div><div id=F4 style=\"align-self:flex-end\">End</div></div></div>",
    [["F",0,0,600,60], ["F1",0,22,30.016,16], ["F2",30.016,15,34.688,30], ["F3",64.703,0,38.016,60], ["F4",102.719,44,21.359,16]]],
  ["<div class=case id=k7><div class=f id=G style=\"align-items:baseline\"><div id=G1 style=\"padding-top:10px\">Small</div><div id=G2 style=\"font-size:24px;line-height:30px\">Big</div><div id=G3 style=\"font-size:8px;margin-top:20px\">tiny</div><div id=G4 style=\"width:30px;height:30px\"></div></div></div>",
    [["G",0,0,600,37], ["G1",0,8,30.016,26], ["G2",30.016,7,34.688,30], ["G3",64.703,20,12.453,16], ["G4",77.156,0,30,30]]],
  ["<div class=case id=k8><div class=f id=H><div id=H1 style=\"order:2\">Second</div><div id=H2 style=\"order:-1\">First</div><div id=H3>Middle</div></div></div>",
    [["H",0,0,600,16], ["H1",58.688,0,40.703,16], ["H2",0,0,23.328,16], ["H3",23.328,0,35.359,16]]],
  ["<div class=case id=k9><div class=f id=I style=\"width:300px\"><div id=I1 style=\"flex:0 1 250px\">Supercalifragilistic word</div><div id=I2 style=\"flex:0 1 250px\">short words here</div></div></div>",
    [["I",0,0,300,16], ["I1",0,0,150,16], ["I2",150,0,150,16]]],
  ["<div class=case id=k10><div class=f id=J style=\"gap:10px\"><div id=J1 class=f style=\"flex:1;flex-direction:column;gap:4px\"><div id=J2>Nested one</div><div id=J3 style=\"align-self:flex-end\">right</div></div><div id=J4 class=f style=\"flex:2;justify-content:space-around\"><div id=J5>a</div><div id=J6>b</div></div></div></div>",
    [["J",0,0,600,36], ["J1",0,0,196.672,36], ["J2",0,0,196.672,16], ["J3",173.328,20,23.344,16], ["J4",206.672,0,393.328,36], ["J5",301.656,0,6.688,36], ["J6",498.328,0,6.688,36]]],
  ["<div class=case id=k11><div id=K>Before <span class=if id=K1 style=\"display:inline-flex;gap:5px;background:#eee\"><span id=K2>In one</span><span id=K3 style=\"font-size:20px\">Two</span></span> after text</div></div>",
    [["K",0,0,600,16], ["K1",38.703,0,75.063,16], ["K2",38.703,0,33.375,16], ["K3",77.078,0,36.688,16]]],
  ["<div class=case id=k12><div class=f id=L style=\"flex-direction:row-reverse\"><div id=L1>One</div><div id=L2 style=\"width:100px\">Two</div></div><div class=f id=L3 style=\"flex-direction:column-reverse;height:80px\"><div id=L4>One</div><div id=L5>Two</div></div></div>",
    [["L",0,0,600,16], ["L1",577.313,0,22.688,16], ["L2",477.313,0,100,16], ["L3",0,16,600,80], ["L4",0,80,600,16], ["L5",0,64,600,16]]],
  ["<div class=case id=k13><div class=f id=M style=\"flex-wrap:wrap-reverse;width:300px\"><div id=M1 style=\"width:200px;height:20px\"></div><div id=M2 style=\"width:200px;height:30px\"></div></div></div>",
    [["M",0,0,300,50], ["M1",0,30,200,20], ["M2",0,0,200,30]]],
  ["<div class=case id=k14><div class=f id=N style=\"flex-wrap:wrap;height:100px;width:300px;align-content:space-between\"><div id=N1 style=\"width:200px;height:20px\"></div><div id=N2 style=\"width:200px;height:10px\"></div></div><div class=f id=N3 style=\"flex-wrap:wrap;height:100px;width:300px\"><div id=N4 style=\"width:200px;height:20px\"></div><div id=N5 style=\"width:200px\"></div></div><div class=f id=N6 style=\"flex-wrap:wrap;height:100px;width:300px;align-content:center\"><div id=N7 style=\"width:200px;height:20px\"></div><div id=N8 style=\"width:200px;height:10px\"></div></div></div>",
    [["N",0,0,300,100], ["N1",0,0,200,20], ["N2",0,90,200,10], ["N3",0,100,300,100], ["N4",0,100,200,20], ["N5",0,160,200,40], ["N6",0,200,300,100], ["N7",0,235,200,20], ["N8",0,255,200,10]]],
  ["<div class=case id=k15><div class=f id=O style=\"justify-content:space-around\"><div id=O1 style=\"width:100px;height:10px\"></div><div id=O2 style=\"width:100px;height:10px\"></div></div><div class=f id=O3 style=\"justify-content:space-evenly\"><div id=O4 style=\"width:100px;height:10px\"></div><div id=O5 style=\"width:100px;height:10px\"></div></div><div class=f id=O6 style=\"justify-content:center\"><div id=O7 style=\"width:100px;height:10px\"></div></div><div class=f id=O8 style=\"justify-content:end\"><div id=O9 style=\"width:100px;height:10px\"></div></div></div>",
    [["O",0,0,600,10], ["O1",100,0,100,10], ["O2",400,0,100,10], ["O3",0,10,600,10], ["O4",133.328,10,100,10], ["O5",366.656,10,100,10], ["O6",0,20,600,10], ["O7",250,20,100,10], ["O8",0,30,600,10], ["O9",500,30,100,10]]],
  ["<div class=case id=k16><div class=f id=P style=\"flex-direction:column;align-items:center;gap:6px\"><div id=P1>Centred column</div><div id=P2 style=\"align-self:flex-start\">start</div><div id=P3 style=\"margin:0 0 0 auto\">auto left</div></div></div>",
    [["P",0,0,600,60], ["P1",257.641,0,84.719,16], ["P2",0,22,23.344,16], ["P3",557.297,44,42.703,16]]],
  ["<div class=case id=k17><div class=f id=Q><div id=Q1 style=\"flex:none;width:100px\">none</div><div id=Q2 style=\"flex:auto\">auto grows</div><div id=Q3 style=\"flex:initial;width:100px\">initial</div><div id=Q4 style=\"flex:2 3 10%\">two</div></div></div>",
    [["Q",0,0,600,16], ["Q1",0,0,100,16], ["Q2",100,0,152.469,16], ["Q3",252.469,0,100,16], ["Q4",352.469,0,247.531,16]]],
  ["<div class=case id=k18><div class=f id=R><div id=R1 style=\"flex:1;max-width:100px\">max</div><div id=R2 style=\"flex:1;min-width:300px\">min</div><div id=R3 style=\"flex:1\">free</div></div></div>",
    [["R",0,0,600,16], ["R1",0,0,100,16], ["R2",100,0,300,16], ["R3",400,0,200,16]]],
  ["<div class=case id=k19><div class=f id=S><div id=S1 style=\"width:25%\">quarter</div><div id=S2 style=\"flex-basis:50%\">half</div></div></div>",
    [["S",0,0,600,16], ["S1",0,0,150,16], ["S2",150,0,300,16]]],
  ["<div class=case id=k20><div class=f id=T style=\"width:200px;justify-content:center\"><div id=T1 style=\"width:300px;flex-shrink:0;height:10px\"></div></div><div class=f id=T2 style=\"height:50px\"><div id=T3 style=\"margin:auto\">auto margins</div></div></div>",
    [["T",0,0,200,10], ["T1",-50,0,300,10], ["T2",0,10,600,50], ["T3",265.313,27,69.375,16]]],
  ["<div class=case id=k21><div class=f id=U style=\"width:200px\"><div id=U1>Averyveryverylongunbreakableword</div><div id=U2 style=\"overflow:hidden\">Averyveryverylongunbreakableword</div></div></div>",
    [["U",0,0,200,16], ["U1",0,0,190.547,16], ["U2",190.547,0,9.453,16]]],
  ["<div class=case id=k22><div style=\"width:auto;float:left\" id=V><div class=f id=V1 style=\"gap:10px\"><div id=V2>Shrink to fit</div><div id=V3>container</div></div></div></div>",
    [["V",0,0,119.406,16], ["V1",0,0,119.406,16], ["V2",0,0,60.031,16], ["V3",70.031,0,49.375,16]]],
  ["<div class=case id=k23 style=\"clear:both\"><div class=f id=W style=\"flex-wrap:wrap;gap:10px\"><div id=W1 style=\"width:290px;height:20px\"></div><div id=W2 style=\"width:290px;height:30px\"></div><div id=W3 style=\"width:290px\"></div></div></div>",
    [["W",0,0,600,40], ["W1",0,0,290,20], ["W2",300,0,290,30], ["W3",0,40,290,0]]],
  ["<div class=case id=k24><div class=f id=X style=\"width:300px\"><img id=X1 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg==\"><img id=X2 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg==\" style=\"flex:1\"><img id=X3 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg==\" style=\"width:80px\"></div><div class=f id=X4 style=\"width:100px;align-items:flex-start\"><img id=X5 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg==\" style=\"width:200px\"><div id=X6>text</div></div></div>",
    [["X",0,0,300,90], ["X1",0,0,40,90], ["X2",40,0,180,90], ["X3",220,0,80,90], ["X4",0,90,100,40.328], ["X5",0,90,80.656,40.328], ["X6",80.656,90,19.344,16]]],
  ["<div class=case id=k25><div class=f id=Y style=\"gap:10px;align-items:flex-start\"><div id=Y1 style=\"flex:1\"><table id=Y2 style=\"width:100%;border-collapse:collapse\"><tr><td style=\"border:1px solid\">Item</td><td style=\"border:1px solid\">12.00</td></tr></table></div><table id=Y3><tr><td>Side table cell</td></tr></table></div></div>",
    [["Y",0,0,600,22], ["Y1",0,0,509.281,20], ["Y2",0,0,509.281,20], ["Y3",519.281,0,80.719,22]]],
  ["<div class=case id=k26><div class=f id=Z style=\"flex-direction:column;width:400px;padding:10px;border:2px solid\"><div id=Z1 style=\"width:50%;padding:5px\">half</div><div id=Z2 style=\"align-self:center;margin-top:10px\">centre</div><div id=Z3 style=\"align-self:flex-end;padding:0 4px\">end</div></div></div>",
    [["Z",0,0,424,92], ["Z1",12,12,210,26], ["Z2",195.313,48,33.359,16], ["Z3",383.969,64,28.031,16]]],
  ["<div class=case id=k27><div class=f id=AA style=\"height:80px;align-items:stretch\"><div id=AB style=\"max-height:50px\">max</div><div id=AC style=\"min-height:90px\">min</div><div id=AD style=\"margin-top:auto\">bottom</div></div></div>",
    [["AA",0,0,600,80], ["AB",0,0,22.672,50], ["AC",22.672,0,19.344,90], ["AD",42.016,64,36.688,16]]],
  ["<div class=case id=k28><div class=f id=AE style=\"flex-wrap:wrap;gap:5px;width:320px\"><div id=AF style=\"flex:1 0 120px;padding:4px\">Invoice number</div><div id=AG style=\"flex:1 0 120px;padding:4px\">Due date</div><div id=AH style=\"flex:1 0 120px;padding:4px\">Amount with a long caption here</div></div></div>",
    [["AE",0,0,320,53], ["AF",0,0,157.5,24], ["AG",162.5,0,157.5,24], ["AH",0,29,320,24]]],
  ["<div class=case id=k29><div class=f id=AI style=\"align-items:flex-end;justify-content:flex-end;gap:8px\"><span id=AJ>Total:</span><strong id=AK style=\"font-size:18px\">1,234.00 EUR</strong></div></div>",
    [["AI",0,0,600,16], ["AJ",450.234,0,28.688,16], ["AK",486.922,0,113.078,16]]],
  ["<div class=case id=k30><div class=f id=BA style=\"flex-direction:column;height:60px;width:200px\"><div id=BB style=\"flex:0 1 40px\">one<br>two<br>three</div><div id=BC style=\"flex:0 1 40px\">four</div><div id=BD style=\"flex:1 1 0\">five<br>six</div></div></div>",
    [["BA",0,0,200,60], ["BB",0,0,200,48], ["BC",0,48,200,16], ["BD",0,64,200,32]]],
  ["<div class=case id=k31><div class=f id=BE style=\"flex-direction:column;height:40px;width:200px\"><div id=BF style=\"flex:1 1 0;overflow:hidden\">one<br>two<br>three</div><div id=BG style=\"flex:1 1 0\">four</div></div></div>",
    [["BE",0,0,200,40], ["BF",0,0,200,20], ["BG",0,20,200,20]]],
  ["<div class=case id=k32><div class=f id=CA style=\"flex-wrap:wrap-reverse;width:300px;align-items:flex-start\"><div id=CB style=\"width:100px;height:20px\"></div><div id=CC style=\"width:100px;height:40px\"></div><div id=CD style=\"width:100px;height:10px;align-self:start\"></div><div id=CE style=\"width:100px;height:10px;align-self:end\"></div><div id=CF style=\"width:100px;height:10px;align-self:center\"></div></div></div>",
    [["CA",0,0,300,50], ["CB",0,30,100,20], ["CC",100,10,100,40], ["CD",200,10,100,10], ["CE",0,0,100,10], ["CF",100,0,100,10]]],
  ["<div class=case id=k33><div class=f id=CG style=\"flex-direction:column-reverse;justify-content:flex-end;align-items:flex-end;gap:4px\"><div id=CH>first</div><div id=CI>second</div></div><div class=f id=CJ style=\"flex-direction:row-reverse;justify-content:space-between;width:300px\"><div id=CK>left?</div><div id=CL style=\"margin-right:auto\">auto</div><div id=CM>x</div></div></div>",
    [["CG",0,0,600,36], ["CH",580.656,20,19.344,16], ["CI",561.297,0,38.703,16], ["CJ",0,36,300,16], ["CK",277.313,36,22.688,16], ["CL",6,36,23.359,16], ["CM",0,36,6,16]]],
  ["<div class=case id=k34><div class=f id=DA style=\"width:150px;gap:4px\"><div id=DA1 style=\"width:40px\">ab</div><div id=DA2>Averyverylongunbreakableword</div></div><div class=f id=DA3 style=\"width:150px\"><div id=DA4 style=\"width:60px;padding:0 3px;border-left:2px solid\">abc def</div><div id=DA5>Averyverylongunbreakable</div></div><div class=f id=DA6 style=\"width:100px\"><div id=DA7 style=\"width:80px;min-width:0\">abcdefghijkl</div><div id=DA8 style=\"width:80px\">abcdefghijkl</div></div><div class=f id=DA9 style=\"width:100px\"><div id=DAA style=\"width:80px;max-width:70px\">abcdefghijklmnopqrstu</div><div id=DAB style=\"width:80px\">abcdefghijklmnopqrstu</div></div><div class=f id=DAC style=\"width:120px\"><div id=DAD style=\"width:80px\"><div style=\"width:60px\">inner</div></div><div id=DAE style=\"width:80px\">x</div></div></div>",
    [["DA",0,0,150,16], ["DA1",0,0,13.359,16], ["DA2",17.359,0,167.891,16], ["DA3",0,16,150,32], ["DA4",0,16,27.359,32], ["DA5",27.359,16,141.875,32], ["DA6",0,48,100,16], ["DA7",0,48,36.625,16], ["DA8",36.625,48,63.375,16], ["DA9",0,64,100,16], ["DAA",0,64,70,16], ["DAB",70,64,80,16], ["DAC",0,80,120,16], ["DAD",0,80,60,16], ["DAE",60,80,60,16]]],
];

// Laid out six cases per document (each group fits one A4 page), once.
const GROUP = 6;
const docs = new Map<number, ReturnType<typeof layoutHtml>>();
const docOf = (g: number): ReturnType<typeof layoutHtml> => {
  let r = docs.get(g);
  if (!r) { r = layoutHtml(doc(CASES.slice(g * GROUP, g * GROUP + GROUP).map((c) => c[0]).join('\n'))); docs.set(g, r); }
  return r;
};

CASES.forEach(([markup, boxes], i) => {
  const caseId = /id=(k\d+)/.exec(markup)![1];
  test(`Chromium 156 figures: #${boxes[0][0]} (${caseId})`, () => {
    const r = docOf(Math.floor(i / GROUP));
    const frags = allFragments(r.pages[0].children);
    const c = r.byId(caseId);
    for (const [id, x, y, w, h] of boxes) {
      const f = frags.find((k): k is BoxFragment | ReplacedFragment => (k.kind === 'box' || k.kind === 'replaced') && (k.box.element as Element | undefined)?.attribs?.id === id);
      assert.ok(f, `#${id} on the first page`);
      const got = [f.x - c.x, f.y - c.y, f.width, f.height];
      const want = [x, y, w, h];
      for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k] - want[k]) < 0.05, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
    }
  });
});
