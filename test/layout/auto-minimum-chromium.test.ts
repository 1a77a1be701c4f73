// In: flex and grid items that are or are not scroll containers, as HTML through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: each container's and item's border box (x, y relative to its case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes } from './helpers.ts';

const STYLE = `@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px } .f { display: flex; width: 200px; margin-bottom: 4px } .g { display: grid; grid-template-columns: auto auto; width: 100px; margin-bottom: 4px } svg, img { display: block }`;
const doc = (body: string): string => `<!doctype html><html><head><style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * [case markup, expected boxes]: [id, x, y, width, height] as Chromium 156 lays the same markup out (print emulation,
 * getBoundingClientRect relative to the case block). The automatic minimum size of flex items (css-flexbox-1 §4.5) and the
 * auto minimum contribution of grid items (css-grid-1 §6.6) apply only to items that are not scroll containers: an inline
 * <svg> is one (overflow: hidden in the SVG 2 user-agent style sheet), so an icon beside overflowing text shrinks below
 * its width as Chromium shrinks it; overflow: clip is not one (its content floor stays), an <img> keeps its natural size.
 * A grid item with a definite width contributes its min-content contribution whatever its overflow (§11.5 minimum contribution).
 */
const CASES: Array<[string, Array<[string, number, number, number, number]>]> = [
  [`<div class=case id=s1><div class=f id=a><svg id=a1 width=14 height=14 viewBox="0 0 24 24"><rect width=24 height=24 /></svg><span id=a2>some words that are long enough to overflow the line many times</span></div><div class=f id=b><svg id=b1 width=14 height=14><rect width=24 height=24 /></svg><span id=b2>some words that are long enough to overflow the line many times</span></div><div class=f id=c><svg id=c1 style="width:14px;height:14px" viewBox="0 0 24 24"><rect width=24 height=24 /></svg><span id=c2>some words that are long enough to overflow the line many times</span></div><div class=f id=h><svg id=h1 viewBox="0 0 24 24" style="width:14px"><rect width=24 height=24 /></svg><span id=h2>some words that are long enough to overflow the line many times</span></div><div class=f id=j style="align-items:center"><svg id=j1 width=30 height=14 viewBox="0 0 24 24"><rect width=24 height=24 /></svg><span id=j2>some words that are long enough to overflow the line many times</span></div></div>`,
    [['a', 0, 0, 200, 32], ['a1', 0, 0, 7.781, 14], ['a2', 7.781, 0, 192.219, 32], ['b', 0, 36, 200, 32], ['b1', 0, 36, 7.781, 14], ['b2', 7.781, 36, 192.219, 32], ['c', 0, 72, 200, 32], ['c1', 0, 72, 7.781, 14], ['c2', 7.781, 72, 192.219, 32], ['h', 0, 108, 200, 32], ['h1', 0, 108, 7.781, 32], ['h2', 7.781, 108, 192.219, 32], ['j', 0, 144, 200, 32], ['j1', 0, 153, 15.953, 14], ['j2', 15.953, 144, 184.047, 32]]],
  [`<div class=case id=s2><div class=f id=d><img id=d1 width=14 height=14 src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAIklEQVR4nGNoGCDAMGrxqMWjFo9aPGrxqMWjFo9aPHIsBgA127A9GFEYHQAAAABJRU5ErkJggg=="><span id=d2>some words that are long enough to overflow the line many times</span></div><div class=f id=f><svg id=f1 width=14 height=14 viewBox="0 0 24 24"><rect width=24 height=24 /></svg><span id=f2>wordswordswords</span></div><div class=f id=k><div id=k1 style="overflow:clip">Averyverylongword</div><div id=k2 style="overflow:hidden">Averyverylongword</div><div id=k3>Averyverylongword</div></div><div class=f id=l style="flex-direction:column;height:40px"><div id=l1 style="overflow:clip">one<br>two</div><div id=l2 style="overflow:hidden">one<br>two</div></div></div>`,
    [['d', 0, 0, 200, 32], ['d1', 0, 0, 14, 14], ['d2', 14, 0, 186, 32], ['f', 0, 36, 200, 16], ['f1', 0, 36, 14, 14], ['f2', 14, 36, 96.031, 16], ['k', 0, 56, 200, 16], ['k1', 0, 56, 101.828, 16], ['k2', 101.828, 56, 0, 16], ['k3', 101.828, 56, 101.828, 16], ['l', 0, 76, 200, 40], ['l1', 0, 76, 200, 32], ['l2', 0, 108, 200, 8]]],
  [`<div class=case id=s3><div class=g id=m><div id=m1 style="overflow:clip">Averyverylongunbreakableword</div><div id=m2>x</div></div><div class=g id=n><div id=n1 style="overflow:hidden">Averyverylongunbreakableword</div><div id=n2>x</div></div><div class=g id=o><svg id=o1 width=150 height=14 viewBox="0 0 24 24"><rect width=24 height=24 /></svg><div id=o2>x</div></div><div class=g id=p style="grid-template-columns: minmax(auto, 20px) 1fr"><svg id=p1 width=50 height=14><rect width=24 height=24 /></svg><div id=p2>x</div></div><div class=g id=q style="grid-template-columns: minmax(auto, 20px) 1fr"><div id=q1 style="overflow:clip;width:50px">x</div><div id=q2>x</div></div><div class=g id=r style="grid-template-columns: minmax(auto, 20px) 1fr"><div id=r1 style="overflow:hidden;width:50px;min-width:10px">x</div><div id=r2>x</div></div></div>`,
    [['m', 0, 0, 100, 16], ['m1', 0, 0, 167.891, 16], ['m2', 167.891, 0, 6, 16], ['n', 0, 20, 100, 16], ['n1', 0, 20, 94, 16], ['n2', 94, 20, 6, 16], ['o', 0, 40, 100, 16], ['o1', 0, 40, 150, 14], ['o2', 150, 40, 6, 16], ['p', 0, 60, 100, 16], ['p1', 0, 60, 50, 14], ['p2', 50, 60, 50, 16], ['q', 0, 80, 100, 16], ['q1', 0, 80, 50, 16], ['q2', 50, 80, 50, 16], ['r', 0, 100, 100, 16], ['r1', 0, 100, 50, 16], ['r2', 50, 100, 50, 16]]],
];

const r = layoutHtml(doc(CASES.map((c) => c[0]).join('\n')));

for (const [markup, boxes] of CASES) {
  const caseId = /id=(s\d+)/.exec(markup)![1];
  test(`Chromium 156 figures, automatic minimum: #${boxes[0][0]} (${caseId})`, () => assertChromiumBoxes(r, caseId, boxes));
}
