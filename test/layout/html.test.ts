// In: HTML + CSS strings through parseHtml → styleDocument → buildBoxTree → layoutDocument (real fonts).
// Out: assertions on positions and sizes in pt (1px = 0.75pt) for block layout, margins, floats, positioning, lists and pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, linesOf } from './helpers.ts';

const pt = (px: number): number => Math.round(px * 0.75 * 100) / 100;
const page = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0 } ${css}</style></head><body>${body}</body></html>`;

test('block widths in pt: auto margins centre, percentages, box-sizing', () => {
  const r = layoutHtml(page('#a { width: 50%; margin: 0 auto; height: 10px } #b { width: 100px; padding: 0 10px; box-sizing: border-box; height: 10px }', '<div id=a></div><div id=b></div>'));
  const a = r.byId('a');
  assert.deepEqual([pt(a.x), pt(a.width)], [75, 150]);
  assert.equal(pt(r.byId('b').width), 75);
});

test('margin collapsing between siblings, parent/child and through empty blocks (standards mode)', () => {
  const r = layoutHtml(page('div { height: 10px } #p { height: auto; margin-top: 10px } #c { margin-top: 30px } #e { height: 0; margin: 40px 0 }',
    '<div id=x style="margin-bottom: 20px"></div><div id=p><div id=c></div></div><div id=e></div><div id=y style="margin-top: 5px"></div>'));
  assert.equal(pt(r.byId('p').y), pt(10 + 30));
  assert.equal(pt(r.byId('c').y), pt(40));
  assert.equal(pt(r.byId('y').y), pt(40 + 10 + 40));
});

test('body margin 8px and the root in the page area (UA stylesheet)', () => {
  const r = layoutHtml('<!doctype html><html><head><style>@page { size: 400px 300px; margin: 20px }</style></head><body><div id=a style="height:10px"></div></body></html>');
  const a = r.byId('a');
  assert.deepEqual([a.x, a.y, a.width], [28, 28, 400 - 40 - 16]);
});

test('floats side by side and text beside them; clear moves below', () => {
  const r = layoutHtml(page('.l { float: left; width: 100px; height: 50px } .r { float: right; width: 80px; height: 30px }',
    '<div class=l id=l1></div><div class=r id=r1></div><p id=t style="margin:0">Text beside the floats</p><div id=c style="clear: both; height: 5px"></div>'));
  assert.deepEqual([r.byId('l1').x, r.byId('r1').x], [0, 320]);
  const lines = linesOf(r.pages[0]);
  assert.ok(lines.length >= 1);
  assert.ok(lines[0].x >= 100, 'the first line starts after the left float');
  assert.equal(r.byId('c').y, 50);
});

test('absolute and fixed positioning', () => {
  const r = layoutHtml(page('#rel { position: relative; margin: 20px; height: 100px } #abs { position: absolute; right: 10px; bottom: 10px; width: 30px; height: 20px } #fix { position: fixed; top: 0; left: 0; width: 10px; height: 10px } .tall { height: 500px }',
    '<div id=rel><div id=abs></div></div><div id=fix></div><div class=tall></div>'));
  const abs = r.byId('abs');
  assert.deepEqual([abs.x, abs.y], [400 - 20 - 10 - 30, 20 + 100 - 10 - 20]);
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.allById('fix').map((f) => f.page), [0, 1, 2]);
});

test('pages: break-before, break-inside: avoid and a tall paragraph split between lines', () => {
  const lorem = 'lorem ipsum dolor sit amet '.repeat(60);
  const r = layoutHtml(page('p { margin: 0; font: 20px/25px serif } #k { break-inside: avoid; height: 100px } #b { break-before: page; height: 10px }',
    `<div style="height: 250px"></div><div id=k></div><div id=b></div><p id=p>${lorem}</p>`));
  assert.equal(r.allById('k')[0].page, 1);
  assert.equal(r.allById('k')[0].frag.y, 0);
  assert.equal(r.allById('b')[0].page, 2);
  const ps = r.allById('p');
  assert.ok(ps.length >= 2, 'the paragraph is split');
  for (const { frag } of ps) assert.ok(frag.y + frag.height <= 300 + 0.01);
  // Every line fits its page, none is cut.
  for (const pg of r.pages) for (const l of linesOf(pg)) assert.ok(l.y + l.height <= 300 + 0.01);
});

test('outside list markers sit left of the content edge on the first baseline', () => {
  const r = layoutHtml(page('ul, ol { margin: 0; padding-left: 40px; font: 16px serif }', '<ol><li id=li>First</li></ol><ul><li id=d>Disc</li></ul>'));
  const li = r.byId('li');
  const m = li.children.find((c) => c.kind === 'marker');
  assert.ok(m && m.kind === 'marker');
  assert.ok(Math.abs(m.x + m.width - 40) < 0.01, 'text marker ends at the content edge');
  assert.equal(m.baseline, li.baseline);
  const d = r.byId('d').children.find((c) => c.kind === 'marker');
  assert.ok(d && d.kind === 'marker');
  assert.ok(d.x < 40 && d.x > 15 && d.width > 3 && d.width < 8, `disc at ${d.x} size ${d.width}`);
});

test('page-margin boxes: counter(page) and counter(pages) on every page, centred in the bottom margin', () => {
  const r = layoutHtml('<!doctype html><style>@page { size: 400px 300px; margin: 40px; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }</style><div style="height: 500px"></div>');
  assert.equal(r.pages.length, 3);
  r.pages.forEach((p, i) => {
    assert.equal(p.marginBoxes.length, 1);
    const mb = p.marginBoxes[0];
    assert.equal(mb.name, 'bottom-center');
    const line = mb.fragment.children[0];
    assert.ok(line.kind === 'line');
    const text = line.children.filter((c) => c.kind === 'text').map((c) => (c as { text: string }).text).join(' ');
    assert.equal(text.replace(/\s+/g, ' '), `Page ${i + 1} of 3`);
    // The box fills the bottom margin band (css-page-3); its line is centred in it (vertical-align: middle).
    assert.deepEqual([mb.fragment.y, mb.fragment.height], [260, 40]);
    assert.ok(Math.abs(line.y + line.height / 2 - 280) < 0.01);
  });
});
