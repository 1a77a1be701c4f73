// In: HTML with floats taller than the room left on the page: in inline content, and in nested block formatting contexts.
// Out: assertions on the float fragments and the lines after them, page by page (css-break-3 §2; CSS 2.1 §9.5 line boxes beside floats).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { LineFragment, PageFragment } from '../../src/layout/fragment.ts';

const PAGE = `<!doctype html><style>@page { size: 200px 100px; margin: 10px 0 }
  body { margin: 0; font: 20px/20px 'Liberation Mono'; orphans: 1; widows: 1 } p { margin: 0 }</style>`;
const FLOAT = '1<br>2<br>3<br>4';

/** The lines of a page outside floats (the in-flow text), as [y, x]. */
function flowLines(page: PageFragment): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const walk = (list: typeof page.children, inFloat: boolean): void => {
    for (const f of list) {
      if (f.kind === 'line') { if (!inFloat) out.push([f.y, f.x]); continue; }
      if (f.kind === 'box') walk(f.children, inFloat || f.style.float !== 'none');
    }
  };
  walk(page.children, false);
  return out;
}

test('a float in inline content is fragmented; the line after it follows the continuation on the next page', () => {
  const r = layoutHtml(`${PAGE}<div id=f style="float:right; width:100%">${FLOAT}<br>5</div>text`);
  // Page area y 10..90: 4 float lines there, the 5th at the top of page 2; "text" cannot sit beside it (full width).
  assert.deepEqual(r.allById('f').map((p) => [p.page, p.frag.y, p.frag.height, p.frag.endsBox]), [[0, 10, 80, false], [1, 10, 20, true]]);
  assert.deepEqual(flowLines(r.pages[0]), []);
  assert.deepEqual(flowLines(r.pages[1]), [[30, 0]]);
});

test('a float in a nested formatting context is fragmented inside it; the lines after it move below its continuation', () => {
  const r = layoutHtml(`${PAGE}<section id=s style="overflow:hidden">aa <div id=f style="float:left; width:100%">${FLOAT}</div> cc<br>dd<br>ee</section>`);
  // "aa cc" 10..30 (the full-width float cannot join it); the float from 30: 3 lines on page 1, 1 on page 2;
  // then "dd" and "ee" below the continuation, at 30 and 50.
  assert.deepEqual(r.allById('f').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 30, 60], [1, 10, 20]]);
  assert.deepEqual(flowLines(r.pages[0]), [[10, 0]]);
  assert.deepEqual(flowLines(r.pages[1]), [[30, 0], [50, 0]]);
  assert.equal(r.pages.length, 2);
  // The continuation is the section's (its formatting context's) child on page 2.
  const s2 = r.allById('s').find((p) => p.page === 1)!.frag;
  assert.ok(s2.children.some((c) => c.kind === 'box' && c.box === r.byId('f').box));
});

test('block-level floats in a nested formatting context continue on the next page and clear follows them', () => {
  const r = layoutHtml(`${PAGE}<div style="overflow:hidden"><p>x</p><div id=f style="float:left; width:50px">${FLOAT}<br>5</div>
    <p id=c style="clear:left">after</p></div>`);
  assert.deepEqual(r.allById('f').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 30, 60], [1, 10, 40]]);
  assert.deepEqual(r.allById('c').map((p) => [p.page, p.frag.y]), [[1, 50]]);
});

test('floats inside a clipping box with a definite height (monolithic) are not fragmented', () => {
  const r = layoutHtml(`${PAGE}<div style="overflow:hidden; height:60px"><div id=f style="float:left; width:50px">${FLOAT}<br>5</div></div>`);
  assert.deepEqual(r.allById('f').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 10, 100]]);
});

test('a line that only fits below floats placed at its start moves below them (CSS 2.1 §9.5)', () => {
  const r = layoutHtml(`${PAGE}<div style="width:100px"><span><i id=f style="float:left; display:block; width:100px; height:20px"></i>word</span></div>`);
  const lines = allFragments(r.pages[0].children).filter((f): f is LineFragment => f.kind === 'line');
  assert.equal(lines.length, 1);
  assert.equal(lines[0].y, 30, 'the line starts below the 20px float');
  assert.equal(r.byId('f').y, 10);
});

test('an abspos box inside a float, positioned against a box outside it, is laid out (static position inside the placed float)', () => {
  const r = layoutHtml(`${PAGE}<p>text <span style="float:right; width:100px">y<b id=b style="position:absolute; display:block; width:20px; height:20px"></b></span> more</p>
    <div style="float:left; width:50px"><p>x</p><div id=a style="position:absolute; width:10px; height:10px"></div></div>`);
  const b = r.byId('b'), a = r.byId('a');
  assert.deepEqual([b.x, b.y], [100, 30], 'below the float\'s first line, at its content edge');
  // " more" does not fit beside the right float placed on the first line: it takes a second line, and the left float
  // follows the paragraph (Chromium 156: #a at 60 px in the page area, 70 with the 10 px page margin).
  assert.deepEqual([a.x, a.y], [0, 70], 'after the left float\'s paragraph');
});
