// In: documents without a doctype (quirks mode) through the real stages (parse → cascade → boxes → layout).
// Out: their element boxes (x, y, width, height in px, page at 600 × 800 px with no margins) compared with Chromium 156's
// getBoundingClientRect under print emulation (Debian chromium through playwright-core, viewport 600 × 800, fonts as
// ../shared/fidelity "The reference environment"): the margin collapsing quirks (HTML §15.3.3; Blink's quirky __qem
// margins ignored at the start and end of body and table cells, also through nested blocks and empty boxes; author
// margins and non-quirky UA margins kept), body filling the viewport height, percentage heights through auto-height blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { Element } from 'domhandler';

interface Case { html: string; boxes: Array<[id: string, x: number, y: number, width: number, height: number]> }

const CASES: Record<string, Case> = {
  margins: {
    html: `<html><head><style>@page{size:600px 800px;margin:0}</style></head>
<body><p id=p1>First paragraph</p><p id=p2>Second</p>
<table id=t border=1><tr><td id=td1><p id=cp1>In cell</p><p id=cp2>Second in cell</p></td><td id=td2><h1 id=ch>Head</h1></td></tr></table>
<div id=d><p id=dp>In div</p></div><p id=last>Last</p></body></html>`,
    boxes: [
      ['p1', 8, 8, 584, 18],
      ['p2', 8, 42, 584, 18],
      ['t', 8, 76, 179.531, 68.438],
      ['td1', 11, 79, 94.641, 62.438],
      ['cp1', 13, 84.219, 90.641, 18],
      ['cp2', 13, 118.219, 90.641, 18],
      ['td2', 107.641, 79, 76.891, 62.438],
      ['ch', 109.641, 81, 72.891, 37],
      ['d', 8, 160.438, 584, 18],
      ['dp', 8, 160.438, 584, 18],
      ['last', 8, 194.438, 584, 18],
    ],
  },
  nested: {
    html: `<html><head><style>@page{size:600px 800px;margin:0} table{border-spacing:0} td{padding:0;vertical-align:top} body{border:1px solid red}</style></head>
<body id=body><div id=d1><p id=p1>Nested first</p></div><p id=p2>Second</p>
<table id=t1><tr><td id=c1><div id=cd><p id=cp>In div in cell</p></div></td>
<td id=c2><p id=ap style="margin-top:16px;margin-bottom:16px">Author</p></td>
<td id=c3><ul id=ul><li>x</ul></td>
<td id=c4><div id=e></div><p id=ep>After empty</p></td>
<td id=c5><pre id=pre>pre</pre></td>
<td id=c6><blockquote id=bq>bq</blockquote></td></tr></table>
<div id=dtc style="display:table-cell"><p id=tcp>tc</p></div>
<p id=lastp>Last</p></body></html>`,
    boxes: [
      ['body', 8, 8, 584, 784],
      ['d1', 9, 9, 582, 18],
      ['p1', 9, 9, 582, 18],
      ['p2', 9, 43, 582, 18],
      ['t1', 9, 77, 371.797, 50],
      ['c1', 9, 77, 81.313, 50],
      ['cd', 9, 77, 81.313, 18],
      ['cp', 9, 77, 81.313, 18],
      ['c2', 90.313, 77, 45.328, 50],
      ['ap', 90.313, 93, 45.328, 18],
      ['c3', 135.641, 77, 48, 50],
      ['ul', 135.641, 77, 48, 18],
      ['c4', 183.641, 77, 77.75, 50],
      ['e', 183.641, 77, 77.75, 0],
      ['ep', 183.641, 77, 77.75, 18],
      ['c5', 261.391, 77, 23.406, 50],
      ['pre', 261.391, 77, 23.406, 15],
      ['c6', 284.797, 77, 96, 50],
      ['bq', 324.797, 77, 16, 18],
      ['dtc', 9, 127, 11.547, 18],
      ['tcp', 9, 127, 11.547, 18],
      ['lastp', 9, 161, 582, 18],
    ],
  },
  percent: {
    html: `<html><head><style>@page{size:600px 800px;margin:0} div{background:#ccc}</style></head>
<body id=body><div id=h style="height:25%"></div><div id=w><div id=h2 style="height:10%"></div></div>
<div id=fixed style="height:200px"><div id=h3 style="height:50%"></div></div>
<table id=t style="height:20%" border=1><tr><td id=td>x</td></tr></table></body></html>`,
    boxes: [
      ['body', 8, 8, 584, 784],
      ['h', 8, 8, 584, 196],
      ['w', 8, 204, 584, 78.391],
      ['h2', 8, 204, 584, 78.391],
      ['fixed', 8, 282.391, 584, 200],
      ['h3', 8, 282.391, 584, 100],
      ['t', 8, 482.391, 18, 156.797],
      ['td', 11, 485.391, 12, 150.797],
    ],
  },
  email: {
    html: `<html><head><style>@page{size:600px 800px;margin:0}</style></head>
<body id=body><table id=t width="100%" height="100%" border=0 cellpadding=0 cellspacing=0><tr><td id=td align=center>Centered</td></tr></table></body></html>`,
    boxes: [
      ['body', 8, 8, 584, 784],
      ['t', 8, 8, 584, 784],
      ['td', 8, 8, 584, 784],
    ],
  },
  endQuirk: {
    html: `<html><head><style>@page{size:600px 800px;margin:0} html{height:100px} body{border:1px solid}</style></head>
<body id=body><p id=a>One</p><p id=b>Two</p><p id=c>Three</p></body></html>`,
    boxes: [
      ['body', 8, 8, 584, 88],
      ['a', 9, 9, 582, 18],
      ['b', 9, 43, 582, 18],
      ['c', 9, 77, 582, 18],
    ],
  },
  endHeading: {
    html: `<html><head><style>@page{size:600px 800px;margin:0} html{height:100px} body{border:1px solid}</style></head>
<body id=body><p id=a>One</p><p id=b>Two</p><h2 id=c>Three</h2></body></html>`,
    boxes: [
      ['body', 8, 8, 584, 120.813],
      ['a', 9, 9, 582, 18],
      ['b', 9, 43, 582, 18],
      ['c', 9, 80.906, 582, 27],
    ],
  },

};

/** Asserts each element's first-page fragment where Chromium put it (absolute page px), within `tol` px. */
function assertBoxes(name: string, c: Case, tol = 0.05): void {
  const r = layoutHtml(c.html);
  const frags = allFragments(r.pages[0].children);
  for (const [id, x, y, w, h] of c.boxes) {
    const f = frags.find((k) => (k.kind === 'box' || k.kind === 'replaced') && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f, `${name}: #${id} on the first page`);
    const got = [f.x, f.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < tol, `${name}: #${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
}

test('quirks mode: quirky UA margins are ignored at the top of body and table cells and at the bottom of cells (p), headings keep their bottom margin', () => {
  assertBoxes('margins', CASES.margins!);
});

test('quirks mode: the margin quirk reaches through nested blocks and empty boxes, display: table-cell, pre/ul/blockquote; author margins stay; body fills the page height', () => {
  assertBoxes('nested', CASES.nested!);
});

test('quirks mode: percentage heights resolve through auto-height blocks against body, which fills the page (25% of 784 px)', () => {
  assertBoxes('percent', CASES.percent!);
  assertBoxes('email', CASES.email!);
});

test('quirks mode: the last quirky margin does not count at the end of body; a heading\'s bottom margin does', () => {
  assertBoxes('endQuirk', CASES.endQuirk!);
  assertBoxes('endHeading', CASES.endHeading!);
});

test('standards mode keeps every margin (the same document with a doctype)', () => {
  const r = layoutHtml('<!doctype html>' + CASES.margins!.html);
  const p1 = allFragments(r.pages[0].children).find((k) => k.kind === 'box' && (k.box.element as Element | undefined)?.attribs?.id === 'p1');
  // Chromium 156: p1 at y 16 (body margin 8 collapsed with the paragraph's 16).
  assert.equal(p1?.y, 16);
});
