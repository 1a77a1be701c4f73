// In: grid containers using repeat(auto-fill|auto-fit), fit-content(), justify-items/-self, place-* and named lines, laid out through the real stages.
// Out: each grid's and item's border box (x, y relative to its 600px case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes } from './helpers.ts';

const STYLE = `@page { size: A4; margin: 10mm } body { margin: 0; font-size: 0; line-height: 0 } .case { width: 600px; margin-bottom: 20px } i { display: inline-block; height: 10px; vertical-align: top } .g { display: grid } .g > * { background: #ccc }`;
const doc = (body: string): string => `<!doctype html><html><head><style>${STYLE}</style></head><body>${body}</body></html>`;

/** [case markup, expected boxes]: [id, x, y, width, height] as Chromium 156 lays the same markup out (headless, relative to the case block). */
const CASES: Array<[string, Array<[string, number, number, number, number]>]> = [
  // repeat(auto-fill, 100px) with gaps: 5 columns, the 6th item wraps
  [`<div class=case id=a1><div class=g id=R1 style="grid-template-columns: repeat(auto-fill, 100px); gap: 10px; grid-auto-rows: 10px"><div id=R1a></div><div id=R1b></div><div id=R1c></div><div id=R1d></div><div id=R1e></div><div id=R1f></div></div></div>`,
    [['R1', 0, 0, 600, 30], ['R1a', 0, 0, 100, 10], ['R1b', 110, 0, 100, 10], ['R1c', 220, 0, 100, 10], ['R1d', 330, 0, 100, 10], ['R1e', 440, 0, 100, 10], ['R1f', 0, 20, 100, 10]]],
  // repeat(auto-fit, 100px): empty repeated tracks collapse (space-between spreads the 2 left)
  [`<div class=case id=a2><div class=g id=R2 style="grid-template-columns: repeat(auto-fit, 100px); gap: 10px; grid-auto-rows: 10px; justify-content: space-between"><div id=R2a></div><div id=R2b></div></div></div>`,
    [['R2', 0, 0, 600, 10], ['R2a', 0, 0, 100, 10], ['R2b', 500, 0, 100, 10]]],
  // repeat(auto-fill, minmax(120px, 1fr)): 5 repetitions share the width
  [`<div class=case id=a3><div class=g id=R3 style="grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); grid-auto-rows: 10px"><div id=R3a></div><div id=R3b></div><div id=R3c></div><div id=R3d></div><div id=R3e></div></div></div>`,
    [['R3', 0, 0, 600, 10], ['R3a', 0, 0, 120, 10], ['R3b', 120, 0, 120, 10], ['R3c', 240, 0, 120, 10], ['R3d', 360, 0, 120, 10], ['R3e', 480, 0, 120, 10]]],
  // auto-fit between fixed tracks: 2 of 4 repetitions used, the fr tracks take the collapsed space
  [`<div class=case id=a4><div class=g id=R4 style="grid-template-columns: 50px repeat(auto-fit, minmax(100px, 1fr)) 50px; gap: 5px; grid-auto-rows: 10px"><div id=R4a></div><div id=R4b></div><div id=R4c></div></div></div>`,
    [['R4', 0, 0, 600, 10], ['R4a', 0, 0, 50, 10], ['R4b', 55, 0, 242.5, 10], ['R4c', 302.5, 0, 242.5, 10]]],
  // fit-content(): clamped at the limit, or the max-content when smaller
  [`<div class=case id=a5><div class=g id=R5 style="grid-template-columns: fit-content(100px) fit-content(300px) 1fr"><div id=R5a><i style="width:60px"></i> <i style="width:80px"></i></div><div id=R5b><i style="width:50px"></i> <i style="width:70px"></i></div><div id=R5c><i style="width:10px"></i></div></div></div>`,
    [['R5', 0, 0, 600, 20], ['R5a', 0, 0, 100, 20], ['R5b', 100, 0, 120, 20], ['R5c', 220, 0, 380, 20]]],
  // justify-items / justify-self: center, end, start, stretch, right with a width, left with a margin
  [`<div class=case id=a6><div class=g id=R6 style="grid-template-columns: 200px 200px 200px; grid-auto-rows: 10px; justify-items: center"><div id=R6a><i style="width:50px"></i></div><div id=R6b style="justify-self: end"><i style="width:60px"></i></div><div id=R6c style="justify-self: start"><i style="width:70px"></i></div><div id=R6d style="justify-self: stretch"><i style="width:70px"></i></div><div id=R6e style="width: 100px; justify-self: right"></div><div id=R6f style="justify-self: left; margin-left: 10px"><i style="width:20px"></i></div></div></div>`,
    [['R6', 0, 0, 600, 20], ['R6a', 75, 0, 50, 10], ['R6b', 340, 0, 60, 10], ['R6c', 400, 0, 70, 10], ['R6d', 0, 10, 200, 10], ['R6e', 300, 10, 100, 10], ['R6f', 410, 10, 20, 10]]],
  // place-items / place-self
  [`<div class=case id=a7><div class=g id=R7 style="grid-template-columns: 300px 300px; grid-auto-rows: 20px; place-items: end center"><div id=R7a><i style="width:50px"></i></div><div id=R7b style="place-self: start end"><i style="width:40px"></i></div></div></div>`,
    [['R7', 0, 0, 600, 20], ['R7a', 125, 10, 50, 10], ['R7b', 560, 0, 40, 10]]],
  // named lines: [full-start] … with grid-column: main, full-start / main-end, full (implicit -start/-end)
  [`<div class=case id=a8><div class=g id=R8 style="grid-template-columns: [full-start] 100px [main-start] 1fr [main-end] 100px [full-end]; grid-auto-rows: 10px"><div id=R8a style="grid-column: main"></div><div id=R8b style="grid-column: full-start / main-end"></div><div id=R8c style="grid-column: main-start / full-end"></div><div id=R8d style="grid-column: full"></div></div></div>`,
    [['R8', 0, 0, 600, 40], ['R8a', 100, 0, 400, 10], ['R8b', 0, 10, 500, 10], ['R8c', 100, 20, 500, 10], ['R8d', 0, 30, 600, 10]]],
  // repeated line names: a 2 / b 2, a / b -1, b
  [`<div class=case id=a9><div class=g id=R9 style="grid-template-columns: [a] 50px [b] 50px [a] 50px [b] 50px; grid-auto-rows: 10px"><div id=R9a style="grid-column: a 2 / b 2"></div><div id=R9b style="grid-column: a / b -1"></div><div id=R9c style="grid-column: b"></div></div></div>`,
    [['R9', 0, 0, 600, 30], ['R9a', 100, 0, 50, 10], ['R9b', 0, 10, 150, 10], ['R9c', 50, 20, 50, 10]]],
  // auto-fill with a line name in the repeat
  [`<div class=case id=a10><div class=g id=R10 style="grid-template-columns: repeat(auto-fill, [c] 100px); grid-auto-rows: 10px; gap: 20px"><div id=R10a style="grid-column: c 3"></div><div id=R10b style="grid-column: c -1 / span 1"></div></div></div>`,
    [['R10', 0, 0, 600, 10], ['R10a', 240, 0, 100, 10], ['R10b', 480, 0, 100, 10]]],
  // auto-fill under max-width, shrink-to-fit (float)
  [`<div class=case id=a11><div class=g id=R11 style="grid-template-columns: repeat(auto-fill, 100px); max-width: 350px; float: left; grid-auto-rows: 10px"><div id=R11a></div><div id=R11b style="grid-column: -2"></div></div></div>`,
    [['R11', 0, 0, 300, 10], ['R11a', 0, 0, 100, 10], ['R11b', 200, 0, 100, 10]]],
];

const r = layoutHtml(doc(CASES.map((c) => c[0]).join('\n')));

for (const [markup, boxes] of CASES) {
  const caseId = /id=(a\d+)/.exec(markup)![1];
  test(`Chromium 156 figures: #${boxes[0][0]} (${caseId})`, () => {
    assertChromiumBoxes(r, caseId, boxes);
  });
}
