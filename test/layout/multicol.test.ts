// In: multi-column containers as HTML through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (px; the union of an element's fragments when it is split between columns) compared with Chromium 156.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, type HtmlLayout } from './helpers.ts';

const STYLE = '@page { margin: 0 } body { margin: 0; font: 12px/16px Arial }';
const doc = (body: string, style = STYLE): string => `<!doctype html><html><head><style>${style}</style></head><body>${body}</body></html>`;

/** The union of an element's box fragments on one page, [x, y, width, height] rounded to 1/1000 px. */
function rectOf(L: HtmlLayout, id: string, page = 0): number[] {
  const a = L.allById(id).filter((f) => f.page === page).map((f) => f.frag);
  assert.ok(a.length > 0, `#${id} on page ${page + 1}`);
  const x0 = Math.min(...a.map((f) => f.x)), y0 = Math.min(...a.map((f) => f.y));
  const x1 = Math.max(...a.map((f) => f.x + f.width)), y1 = Math.max(...a.map((f) => f.y + f.height));
  return [x0, y0, x1 - x0, y1 - y0].map((v) => Math.round(v * 1000) / 1000);
}

function near(actual: number[], expected: number[], what: string, tol = 0.02): void {
  assert.ok(actual.length === expected.length && actual.every((v, i) => Math.abs(v - expected[i]) <= tol), `${what}: ${JSON.stringify(actual)} vs Chromium ${JSON.stringify(expected)}`);
}

/**
 * [markup, expected rects] from Chromium 156 (headless --dump-dom, getBoundingClientRect; a split element's rect is the
 * union of its fragments). Each case starts at y = 0.
 */
const CASES: Array<[string, string, Array<[string, number, number, number, number]>]> = [
  ['3 balanced columns of blocks with heights (a box with a height is sliced between columns)',
    '<div id=M style="width:400px;columns:3;column-gap:20px"><div id=a style="height:30px"></div><div id=b style="height:20px"></div><div id=c style="height:40px"></div><div id=d style="height:10px"></div><div id=e style="height:30px"></div><div id=f style="height:20px"></div><div id=g style="height:30px"></div></div>',
    [['M', 0, 0, 400, 60], ['a', 0, 0, 120, 30], ['b', 0, 30, 120, 20], ['c', 0, 0, 260, 60], ['d', 140, 30, 120, 10], ['e', 140, 0, 260, 60], ['f', 280, 10, 120, 20], ['g', 280, 30, 120, 30]]],
  ['column-width: the used count and width (§3.4), paragraphs with margins split by lines',
    '<div id=N style="width:400px;column-width:100px;column-gap:10px"><p id=p1 style="margin:10px 0">Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega</p><p id=p2 style="margin:10px 0">Second paragraph</p></div>',
    [['N', 0, 0, 400, 58], ['p1', 0, 0, 400, 58], ['p2', 273.333, 42, 126.667, 16]]],
  ['column-span: all splits the content into two column sets',
    '<div id=S style="width:300px;columns:2;column-gap:0"><div id=s1 style="height:40px"></div><h2 id=sp style="column-span:all;margin:8px 0;font-size:14px">Spanner</h2><div id=s2 style="height:30px"></div><div id=s3 style="height:30px"></div></div>',
    [['S', 0, 0, 300, 82], ['s1', 0, 0, 300, 20], ['sp', 0, 28, 300, 16], ['s2', 0, 52, 150, 30], ['s3', 150, 52, 150, 30]]],
  ['break-before: column',
    '<div id=B style="width:300px;columns:3;column-gap:10px"><div id=b1 style="height:20px"></div><div id=b2 style="height:20px;break-before:column"></div><div id=b3 style="height:50px"></div></div>',
    [['B', 0, 0, 300, 35], ['b1', 0, 0, 93.333, 20], ['b2', 103.333, 0, 93.333, 20], ['b3', 103.333, 0, 196.667, 35]]],
  ['column-fill: auto in a fixed height fills the columns in turn',
    '<div id=F style="width:300px;columns:3;column-gap:10px;column-fill:auto;height:50px"><div id=f1 style="height:30px"></div><div id=f2 style="height:30px"></div><div id=f3 style="height:30px"></div></div>',
    [['F', 0, 0, 300, 50], ['f1', 0, 0, 93.333, 30], ['f2', 0, 0, 196.667, 50], ['f3', 103.333, 10, 93.333, 30]]],
  ['a multicol flex item is as wide as its columns at max-content (column-gap normal = 1em)',
    '<div style="display:flex"><div id=FI><div id=FM style="columns:4"><div id=x1>FLIGHT</div><div id=x2>DL31</div><div id=x3>GATE</div><div id=x4>29</div></div></div></div>',
    [['FI', 0, 0, 206.688, 16], ['x1', 0, 0, 42.672, 16], ['x2', 54.672, 0, 42.672, 16], ['x3', 109.344, 0, 42.672, 16], ['x4', 164.016, 0, 42.672, 16]]],
  ['margins: kept inside the flow, truncated at a break, kept before a forced break',
    '<div id=A style="width:200px;columns:2"><div id=a1 style="height:30px;margin-bottom:10px"></div><div id=a2 style="height:10px"></div></div>' +
    '<div id=C style="width:200px;columns:2"><div id=c1 style="height:30px;margin-bottom:10px"></div><div id=c2 style="height:10px;break-before:column"></div></div>' +
    '<div id=D style="width:200px;columns:2"><div id=d1 style="height:20px;margin-bottom:10px"></div><div id=d2 style="height:20px;margin-top:10px"></div></div>',
    [['A', 0, 0, 200, 25], ['a1', 0, 0, 200, 25], ['a2', 106, 15, 94, 10], ['C', 0, 25, 200, 40], ['c2', 106, 25, 94, 10], ['D', 0, 65, 200, 25], ['d2', 106, 65, 94, 20]]],
  ['column-count with column-width (the smaller count wins); a float split between columns; a table split by rows',
    '<div id=W style="width:300px;column-width:150px;column-count:5;column-gap:0"><div id=w1 style="height:20px"></div><div id=w2 style="height:20px"></div></div>' +
    '<div id=FL style="width:300px;columns:2;column-gap:20px"><div id=fl1 style="float:left;width:50px;height:30px"></div><div id=fl2 style="height:40px"></div></div>' +
    '<div id=T style="width:300px;columns:2;column-gap:20px"><table style="border-spacing:0"><tr><td style="height:20px">a</td></tr><tr><td style="height:20px">b</td></tr><tr><td style="height:20px">c</td></tr><tr><td style="height:20px">d</td></tr></table></div>',
    [['W', 0, 0, 300, 20], ['w2', 150, 0, 150, 20], ['FL', 0, 20, 300, 20], ['fl1', 0, 20, 210, 20], ['T', 0, 40, 300, 44]]],
  ['break-inside: avoid; a fixed height overflows into more columns (§8.2)',
    '<div id=AV style="width:300px;columns:2;column-gap:20px"><div id=av1 style="height:30px"></div><div id=av2 style="height:40px;break-inside:avoid"></div><div id=av3 style="height:10px"></div></div>' +
    '<div id=H style="width:300px;columns:2;column-gap:20px;height:30px"><div id=h1 style="height:20px"></div><div id=h2 style="height:20px"></div><div id=h3 style="height:20px"></div><div id=h4 style="height:20px"></div></div>',
    [['AV', 0, 0, 300, 50], ['av2', 160, 0, 140, 40], ['av3', 160, 40, 140, 10], ['H', 0, 50, 300, 30], ['h3', 160, 60, 140, 20], ['h4', 320, 50, 140, 20]]],
  ['orphans/widows keep two short lines together; an inline-block multicol; widows: 1',
    '<div id=IC style="columns:2;column-gap:8px;border:1px solid;width:200px"><span>Alpha</span> <span>beta gamma</span></div>' +
    '<div id=IB style="display:inline-block;columns:2;column-gap:8px;border:1px solid">Alpha beta gamma</div>' +
    '<div id=IE style="columns:3;column-gap:8px;width:300px;orphans:1;widows:1"><p id=ie1 style="margin:0">Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu</p></div>',
    [['IC', 0, 0, 202, 34], ['IB', 0, 34, 211.469, 18], ['IE', 0, 52, 300, 32]]],
  ['min-content and max-content: count × the widths of the content (or column-width) and the gaps (shrink-to-fit floats)',
    '<div style="width:10px"><div id=FM style="float:left;columns:3;column-gap:10px">Alpha beta</div></div><div style="clear:both"></div>' +
    '<div style="width:10px"><div id=FW style="float:left;column-width:50px;column-gap:10px">Alpha beta</div></div><div style="clear:both"></div>' +
    '<div style="width:500px"><div id=FX style="float:left;column-width:50px;column-gap:10px">Alpha beta</div></div><div style="clear:both"></div>' +
    '<div style="width:500px"><div id=FY style="float:left;column-width:50px;column-count:3;column-gap:10px">Alpha beta</div></div>',
    [['FM', 0, 0, 112.109, 32], ['FW', 0, 32, 30.703, 32], ['FX', 0, 64, 57.391, 16], ['FY', 0, 80, 192.172, 16]]],
  ['an absolutely positioned box in the second column: its static position moves with the column',
    '<div id=P style="position:relative;width:300px;columns:2;column-gap:20px"><div style="height:20px"></div><div style="height:20px"></div><div id=ab style="position:absolute;width:10px;height:10px"></div><div style="height:20px"></div></div>',
    [['P', 0, 0, 300, 30], ['ab', 160, 10, 10, 10]]],
  ['break-inside: avoid-column, break-after: column, break-before: avoid after lines, break-after: avoid after a heading',
    '<div id=X style="width:300px;columns:3;column-gap:0"><div id=x1 style="height:30px"></div><div id=x2 style="height:40px;break-inside:avoid-column"></div><div id=x3 style="height:20px;break-after:column"></div><div id=x4 style="height:10px"></div></div>' +
    '<div id=Y style="width:300px;columns:2;column-gap:0"><p id=y1 style="margin:0">one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty</p><div id=y2 style="height:20px;break-before:avoid"></div></div>' +
    '<div id=Z style="width:300px;columns:2;column-gap:0"><h3 id=z1 style="margin:0;break-after:avoid">Heading</h3><div id=z2 style="height:40px"></div><div id=z3 style="height:20px"></div></div>',
    [['X', 0, 0, 300, 60], ['x2', 100, 0, 100, 40], ['x3', 100, 40, 100, 20], ['x4', 200, 0, 100, 10], ['Y', 0, 60, 300, 52], ['y2', 150, 92, 150, 20], ['Z', 0, 112, 300, 38], ['z3', 150, 130, 150, 20]]],
  ['a spanner nested in a section cuts the section in two sliced pieces around it',
    '<div id=NS style="width:300px;columns:2;column-gap:20px"><section id=sec style="border:2px solid;padding:3px"><div id=n1 style="height:40px"></div><h2 id=nsp style="column-span:all;margin:5px 0;font-size:14px">Spanner</h2><div id=n2 style="height:40px"></div></section><div id=n3 style="height:20px"></div></div>',
    [['NS', 0, 0, 300, 81], ['sec', 0, 0, 300, 81], ['n1', 5, 0, 290, 22.5], ['nsp', 0, 27.5, 300, 16], ['n2', 5, 48.5, 290, 32.5], ['n3', 160, 61, 140, 20]]],
  ['table cells are multicol containers too (fixed and auto widths); grid and flex containers ignore columns',
    '<table style="border-spacing:0"><tr><td id=TD style="columns:2;column-gap:10px;width:200px;padding:0"><div id=t1 style="height:20px"></div><div id=t2 style="height:20px"></div></td></tr></table>' +
    '<table style="border-spacing:0"><tr><td id=TA style="columns:2;column-gap:10px;padding:0">Alpha beta gamma</td></tr></table>' +
    '<div id=GR style="display:grid;columns:2;width:300px"><div style="height:20px"></div><div style="height:20px"></div></div>',
    [['TD', 0, 0, 200, 20], ['t1', 0, 0, 95, 20], ['t2', 105, 0, 95, 20], ['TA', 0, 20, 211.469, 16], ['GR', 0, 36, 300, 40]]],
  ['three lines with orphans 2 and widows 2 split 2/1: the orphans are kept, the widows go',
    '<div id=OW style="columns:2;column-gap:0;width:200px">text <div id=ow1 style="display:inline-block;width:50px;height:30px"></div> more text here and here</div>',
    [['OW', 0, 0, 200, 50], ['ow1', 22.688, 0, 50, 30]]],
];

for (const [name, markup, expected] of CASES) {
  test(`multicol vs Chromium: ${name}`, () => {
    const L = layoutHtml(doc(markup));
    for (const [id, ...rect] of expected) near(rectOf(L, id), rect, `#${id}`, 0.05);
  });
}

test('multicol across pages: each page gets its own row of columns, the last one balanced (Chromium 156)', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `<div id=L${i + 1}>L${i + 1}</div>`).join('');
  const L = layoutHtml(doc(`<div style="height:20px">Head</div><div id=M style="columns:2;column-gap:20px;column-rule:2px solid red">${lines}</div><div id=After>After</div>`,
    '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 12px/16px Arial }'));
  assert.equal(L.pages.length, 2);
  // Page 1: two full columns of 11 lines from y = 20; page 2: 4 + 4 lines, then After below them.
  near(rectOf(L, 'L1', 0).slice(0, 2), [0, 20], 'L1');
  near(rectOf(L, 'L11', 0).slice(0, 2), [0, 180], 'L11');
  near(rectOf(L, 'L12', 0).slice(0, 2), [160, 20], 'L12');
  near(rectOf(L, 'L22', 0).slice(0, 2), [160, 180], 'L22');
  near(rectOf(L, 'L23', 1).slice(0, 2), [0, 0], 'L23');
  near(rectOf(L, 'L26', 1).slice(0, 2), [0, 48], 'L26');
  near(rectOf(L, 'L27', 1).slice(0, 2), [160, 0], 'L27');
  near(rectOf(L, 'After', 1).slice(0, 2), [0, 64], 'After');
  near(rectOf(L, 'M', 0), [0, 20, 300, 180], 'container on page 1');
  near(rectOf(L, 'M', 1), [0, 0, 300, 64], 'container on page 2');
});

test('a spanner and a forced column break in a paged multicol; the trailing margin before the break counts (Chromium 156)', () => {
  const ps = Array.from({ length: 8 }, (_, i) => `<p id=P${i + 1} style="margin:0 0 4px">P${i + 1} some words here to wrap</p>`).join('');
  const L = layoutHtml(doc(`<div style="columns:3;column-gap:10px"><h3 id=T style="column-span:all;margin:0 0 6px">Title</h3>${ps}<div id=Forced style="break-before:column">Forced</div></div><div id=After>After</div>`,
    '@page { size: 300px 200px; margin: 10px } body { margin: 0; font: 12px/16px Arial }'));
  assert.equal(L.pages.length, 2, 'the set is 144px tall, so After (16px) goes to page 2');
  near(rectOf(L, 'P1').slice(0, 2), [10, 32], 'P1');
  near(rectOf(L, 'P4').slice(0, 2), [10, 140], 'P4');
  near(rectOf(L, 'P5').slice(0, 2), [106.667, 32], 'P5');
  near(rectOf(L, 'Forced').slice(0, 2), [203.333, 32], 'Forced');
  near(rectOf(L, 'After', 1).slice(0, 2), [10, 10], 'After');
});

test('break-before: page inside a multicol container is ignored, as Chromium 156 does (no page or column break)', () => {
  const ls = Array.from({ length: 8 }, (_, i) => `<div id=L${i + 1}>L${i + 1}</div>`).join('');
  const ms = Array.from({ length: 4 }, (_, i) => `<div>M${i + 1}</div>`).join('');
  const L = layoutHtml(doc(`<div style="columns:2;column-gap:20px">${ls}<div id=N1 style="break-before:page">N1</div>${ms}</div><div id=After>After</div>`,
    '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 12px/16px Arial }'));
  assert.equal(L.pages.length, 1);
  near(rectOf(L, 'L8').slice(0, 2), [160, 0], 'L8');
  near(rectOf(L, 'N1').slice(0, 2), [160, 16], 'N1');
  near(rectOf(L, 'After').slice(0, 2), [0, 112], 'After');
});

test('a paragraph continued from the previous page is balanced over two columns without lines overlapping (Chromium 156)', () => {
  const words = Array.from({ length: 199 }, (_, i) => `w${i + 1}`).join(' ');
  const L = layoutHtml(doc(`<div style="columns:2;column-gap:20px"><p id=P style="margin:0">${words}</p></div><div id=After>After</div>`,
    '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 12px/16px Arial }'));
  assert.equal(L.pages.length, 2);
  // Page 2: 11 lines in the first column, 10 in the second (the trial layouts of the balancer must not move the lines the
  // final layout places), then After below the taller column.
  near(rectOf(L, 'P', 1), [0, 0, 300, 176], 'P on page 2');
  near(rectOf(L, 'After', 1).slice(0, 2), [0, 176], 'After');
  const lines = L.allById('P').filter((f) => f.page === 1).flatMap((f) => f.frag.children);
  assert.deepEqual(lines.map((l) => `${l.x},${l.y}`).length, new Set(lines.map((l) => `${l.x},${l.y}`)).size, 'no two lines at the same place');
  assert.equal(lines.length, 21);
});

test('on pages too, a 3-line paragraph with 2 lines of room keeps 2 lines and sends 1 on (Chromium 156)', () => {
  const L = layoutHtml(doc('<div style="height:168px"></div><p id=P style="margin:0;width:100px">aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll</p><div id=After>After</div>',
    '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 12px/16px Arial }'));
  assert.equal(L.pages.length, 2);
  near(rectOf(L, 'P', 0), [0, 168, 100, 32], 'P on page 1');
  near(rectOf(L, 'P', 1), [0, 0, 100, 16], 'P on page 2');
  near(rectOf(L, 'After', 1).slice(0, 2), [0, 16], 'After');
});
