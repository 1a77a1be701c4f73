// In: ::before pseudo-elements whose content is url() of an image that cannot be loaded, in an inline-block and in a
// table row, through the real stages. Out: their boxes against Chromium 156's getBoundingClientRect (print emulation):
// the image is left out (CSS 2.1 §12.2), so the inline-block is 0 px wide, a text item after it stays, and the row's
// generated cell remains as an empty first column (css2 generated-content/before-after-table-whitespace-001).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from '../layout/helpers.ts';

const HTML = `<!doctype html><style>@page{size:800px 600px;margin:0}body{margin:8px}
span{display:inline-block;background:#0f0}span::before{content:url(missing-image.png)}
b{display:inline-block}b::before{content:url(missing-image.png) "x"}
table{border-spacing:0}td{padding:0}tr.g::before{content:url(missing-image.png)}</style>
<span id=a></span><b id=b></b><table id=t><tr class=g><td>Cell0</td></tr><tr><td id=c1>Cell1</td><td>Cell2</td></tr></table>`;

// Chromium 156: [id, x, y, width, height]
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['a', 8, 8, 0, 18], ['b', 8, 8, 8, 18], ['t', 8, 26, 69.344, 36], ['c1', 8, 44, 34.672, 18],
];

test('url() content of an image that cannot be loaded generates nothing; the pseudo-element box stays', () => {
  const r = layoutHtml(HTML);
  for (const [id, x, y, w, h] of CHROMIUM) {
    const f = r.byId(id);
    const got = [f.x, f.y, f.width, f.height];
    [x, y, w, h].forEach((v, k) => assert.ok(Math.abs(got[k]! - v) < 0.05, `#${id}: got ${got.map((g) => +g.toFixed(3)).join(' ')}, Chromium ${x} ${y} ${w} ${h}`));
  }
});
