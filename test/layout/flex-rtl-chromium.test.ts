// In: flex containers in direction: rtl as HTML through the real stages (parse → cascade → boxes → layout), each in a 600px-wide case block, text in Arial (Liberation Sans).
// Out: each container's and item's border box (x, y relative to its case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes } from './helpers.ts';

const STYLE = "@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px } .f { display: flex } .f > * { background: #ddd }";
const doc = (body: string): string => `<!doctype html><html><head><style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * [case markup, expected boxes]: [id, x, y, width, height] as Chromium 156 lays the same markup out (print emulation,
 * getBoundingClientRect relative to the case block). The axes follow the writing mode (css-flexbox-1 §2.1, §5.1): a row's
 * main-start is the right edge (row-reverse: the left), justify-content start/end follow the writing mode and left/right
 * stay physical; a column's cross-start is the right edge (align-self flex-start/start/self-start, margins, wrapped lines,
 * wrap-reverse); inline-flex in an rtl line; an ltr container inside an rtl block.
 */
const CASES: Array<[string, Array<[string, number, number, number, number]>]> = [
  ["<div class=case id=r1 dir=rtl><div class=f id=A style=\"gap:10px\"><div id=A1 style=\"width:100px;margin-left:7px;margin-right:3px\">one</div><div id=A2>two words</div><div id=A3 style=\"flex:1 0 50px\">grow</div></div></div>",
    [["A",0,0,600,16], ["A1",497,0,100,16], ["A2",425.969,0,54.031,16], ["A3",0,0,415.969,16]]],
  ["<div class=case id=r2 dir=rtl><div class=f id=B style=\"justify-content:flex-start\"><div id=B1 style=\"width:50px\">a</div><div id=B2 style=\"width:60px\">b</div></div><div class=f id=B3 style=\"justify-content:flex-end\"><div id=B4 style=\"width:50px\">a</div><div id=B5 style=\"width:60px\">b</div></div><div class=f id=B6 style=\"justify-content:start\"><div id=B7 style=\"width:50px\">a</div></div><div class=f id=B8 style=\"justify-content:end\"><div id=B9 style=\"width:50px\">a</div></div><div class=f id=BA style=\"justify-content:left\"><div id=BB style=\"width:50px\">a</div></div><div class=f id=BC style=\"justify-content:right\"><div id=BD style=\"width:50px\">a</div></div><div class=f id=BE style=\"justify-content:space-between\"><div id=BF style=\"width:50px\">a</div><div id=BG style=\"width:60px\">b</div><div id=BH style=\"width:70px\">c</div></div><div class=f id=BI style=\"justify-content:center\"><div id=BJ style=\"width:50px\">a</div></div></div>",
    [["B",0,0,600,16], ["B1",550,0,50,16], ["B2",490,0,60,16], ["B3",0,16,600,16], ["B4",60,16,50,16], ["B5",0,16,60,16], ["B6",0,32,600,16], ["B7",550,32,50,16], ["B8",0,48,600,16], ["B9",0,48,50,16], ["BA",0,64,600,16], ["BB",0,64,50,16], ["BC",0,80,600,16], ["BD",550,80,50,16], ["BE",0,96,600,16], ["BF",550,96,50,16], ["BG",280,96,60,16], ["BH",0,96,70,16], ["BI",0,112,600,16], ["BJ",275,112,50,16]]],
  ["<div class=case id=r3 dir=rtl><div class=f id=C style=\"flex-direction:row-reverse;gap:5px\"><div id=C1 style=\"width:50px\">a</div><div id=C2 style=\"width:60px;margin-left:4px\">b</div></div><div class=f id=C3 style=\"flex-direction:row-reverse;justify-content:left\"><div id=C4 style=\"width:50px\">a</div></div><div class=f id=C5 style=\"flex-direction:row-reverse;justify-content:start\"><div id=C6 style=\"width:50px\">a</div></div><div class=f id=C7><div id=C8 style=\"width:50px;margin-right:auto\">auto</div><div id=C9 style=\"width:40px\">x</div></div></div>",
    [["C",0,0,600,16], ["C1",0,0,50,16], ["C2",59,0,60,16], ["C3",0,16,600,16], ["C4",0,16,50,16], ["C5",0,32,600,16], ["C6",550,32,50,16], ["C7",0,48,600,16], ["C8",40,48,50,16], ["C9",0,48,40,16]]],
  ["<div class=case id=r4 dir=rtl><div class=f id=D style=\"flex-direction:column\"><div id=D1>stretched</div><div id=D2 style=\"align-self:flex-start\">flex-start</div><div id=D3 style=\"align-self:flex-end\">flex-end</div><div id=D4 style=\"align-self:start;margin-right:6px\">start</div><div id=D5 style=\"align-self:end\">end</div><div id=D6 style=\"align-self:center;margin-left:20px\">center</div><div id=D7 style=\"width:100px;margin-left:5px\">w100</div><div id=D8 style=\"align-self:self-start\">self-start</div></div></div>",
    [["D",0,0,600,128], ["D1",0,0,600,16], ["D2",553.984,16,46.016,16], ["D3",0,32,42.703,16], ["D4",570.656,48,23.344,16], ["D5",0,64,20.031,16], ["D6",293.328,80,33.359,16], ["D7",500,96,100,16], ["D8",553.984,112,46.016,16]]],
  ["<div class=case id=r5 dir=rtl><div class=f id=E style=\"flex-direction:column;flex-wrap:wrap;height:40px;width:300px\"><div id=E1 style=\"width:80px;height:20px\"></div><div id=E2 style=\"width:60px;height:20px\"></div><div id=E3 style=\"width:70px;height:20px\"></div></div><div class=f id=E4 style=\"flex-direction:column;flex-wrap:wrap-reverse;height:40px;width:300px\"><div id=E5 style=\"width:80px;height:20px\"></div><div id=E6 style=\"width:60px;height:20px\"></div><div id=E7 style=\"width:70px;height:20px\"></div></div></div>",
    [["E",300,0,300,40], ["E1",520,0,80,20], ["E2",540,20,60,20], ["E3",375,0,70,20], ["E4",300,40,300,40], ["E5",300,40,80,20], ["E6",300,60,60,20], ["E7",455,40,70,20]]],
  ["<div class=case id=r6 dir=rtl><div id=F>قبل <span id=F1 style=\"display:inline-flex;gap:5px;background:#eee\"><span id=F2>one</span><span id=F3 style=\"font-size:20px\">Two</span></span> بعد</div><div class=f id=F4 style=\"flex-wrap:wrap;width:300px;gap:4px\"><div id=F5 style=\"width:120px\">a</div><div id=F6 style=\"width:120px\">b</div><div id=F7 style=\"width:120px\">c</div></div><div class=f id=F8 style=\"align-items:center;gap:8px;font-size:16px\"><i id=F9 style=\"display:block;width:18px;height:16px\"></i><span id=FA>Contact details</span></div><div class=f id=FB dir=ltr><div id=FC style=\"width:50px\">ltr</div></div></div>",
    [["F",0,0,600,16], ["F1",516.5,0,61.719,16], ["F2",558.188,0,20.031,16], ["F3",516.5,0,36.688,16], ["F4",300,16,300,36], ["F5",480,16,120,16], ["F6",356,16,120,16], ["F7",480,36,120,16], ["F8",0,52,600,16], ["F9",582,52,18,16], ["FA",468.156,52,105.844,16], ["FB",0,68,600,16], ["FC",0,68,50,16]]],
];

const r = layoutHtml(doc(CASES.map((c) => c[0]).join('\n')));

for (const [markup, boxes] of CASES) {
  const caseId = /id=(r\d+)/.exec(markup)![1];
  test(`Chromium 156 figures, rtl flex: #${boxes[0][0]} (${caseId})`, () => assertChromiumBoxes(r, caseId, boxes));
}
