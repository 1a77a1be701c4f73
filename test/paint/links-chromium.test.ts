// In: a document with links of every kind (an inline link over two lines, a block link of two divs, an inline-block link,
// an image link, two links to one URL on one line, '#target' and '#missing', an inline-block inside an inline link, a
// block link with a wider child, one cut by an overflow: hidden parent, a float inside a link, a rotated link, a link
// across a page break), printed through renderPdf. Out: its link annotations (page, target, rect in px from the page's
// top-left) against Chromium 156's (page.pdf of the same document, read with qpdf): one per fragment of the link
// element, not one per box and line inside it (src/paint/links.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { qdf } from './pdf-helpers.ts';

/** A 40 x 40 px blue PNG. */
const BLUE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoAQMAAAC2MCouAAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAAdTAAAOpgAAA6mAAAF3CculE8AAAABlBMVEUAAP////973JksAAAAAWJLR0QB/wIt3gAAAAd0SU1FB+oLGxEZI69AYuYAAAAMSURBVAjXY2AYWQAAAPAAAde3lqIAAAAldEVYdGRhdGU6Y3JlYXRlADIwMjYtMTEtMjdUMTc6MjU6MzUrMDA6MDBno1IxAAAAJXRFWHRkYXRlOm1vZGlmeQAyMDI2LTExLTI3VDE3OjI1OjM1KzAwOjAwFv7qjQAAAABJRU5ErkJggg==';

const HTML = `<!doctype html><html><head><style>@page{size:400px 400px;margin:20px} body{margin:0;font:16px/20px "Liberation Sans"} p{margin:0 0 8px}</style></head><body>
<p>Start <a href="https://a.example/">an inline link that wraps over two lines of text here</a> end.</p>
<a href="https://b.example/" style="display:block;border:1px solid"><div>Block link line one</div><div style="padding-left:30px">second child</div></a>
<p><a href="https://c.example/" style="display:inline-block;padding:4px;border:1px solid">inline-block</a> y</p>
<p><a href="https://d.example/"><img src="${BLUE}" style="vertical-align:middle"> image</a></p>
<p><a href="https://e.example/">one</a> and <a href="https://e.example/">two</a> <a href="#target">internal</a> <a href="#missing">missing</a></p>
<p>a <a href="https://f.example/">x <span style="display:inline-block;border:1px solid">ib</span> y</a></p>
<a href="https://g.example/" style="display:block;width:100px;height:20px"><div style="width:300px;height:10px">wide child</div></a>
<div style="width:100px;overflow:hidden"><a href="https://h.example/" style="display:block;width:300px">clipped by its parent</a></div>
<p><a href="https://i.example/"><img src="${BLUE}" style="width:20px;height:10px;float:left">float</a></p>
<div style="height:10px"></div>
<p><a href="https://j.example/" style="display:inline-block;transform:rotate(90deg)">turned</a></p>
<p><a href="https://k.example/">a link that goes across the page break, a link that goes across the page break, and on</a></p>
<p id=target>Target</p>
</body></html>`;

/** Chromium 156: [page, URL or '#name', x, y, width, height] of every link annotation, px from the page's top-left. */
const CHROMIUM: Array<[number, string, number, number, number, number]> = [
  [0, 'https://a.example/', 58, 21, 317, 17], [0, 'https://a.example/', 20, 41, 32, 17],
  [0, 'https://b.example/', 20, 68, 360, 42],
  [0, 'https://c.example/', 20, 110, 90, 30],
  [0, 'https://d.example/', 20, 158, 88, 17], [0, 'https://d.example/', 20, 148, 40, 40],
  [0, 'https://e.example/', 20, 197, 27, 17], [0, 'https://e.example/', 82, 197, 25, 17], [0, '#target', 112, 197, 52, 17],
  [0, 'https://f.example/', 33, 226, 40, 17], [0, 'https://f.example/', 46, 224, 14, 22], [0, 'https://f.example/', 47, 226, 12, 17],
  [0, 'https://g.example/', 20, 254, 300, 20],
  [0, 'https://h.example/', 20, 274, 100, 20],
  [0, 'https://i.example/', 40, 295, 30, 17], [0, 'https://i.example/', 20, 294, 20, 10],
  [0, 'https://j.example/', 32.69, 319.31, 20, 45],
  [1, 'https://k.example/', 20, 21, 348, 17], [1, 'https://k.example/', 20, 41, 255, 17],
];

/** The link annotations of a PDF: [page, URI or '#name', x, y, width, height] in px from each page's top-left. */
function annotations(pdf: Uint8Array): Array<[number, string, number, number, number, number]> {
  const s = qdf(pdf);
  const objs = new Map<number, string>();
  for (const m of s.matchAll(/\n(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objs.set(Number(m[1]), m[2]!);
  const pages = [...objs.values()].find((v) => /\/Type \/Pages\b/.test(v))!;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pages)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const out: Array<[number, string, number, number, number, number]> = [];
  kids.forEach((id, page) => {
    const p = objs.get(id)!;
    const height = Number(/\/MediaBox \[\s*\S+\s+\S+\s+\S+\s+(\S+)/.exec(p)![1]);
    for (const m of (/\/Annots \[([^\]]*)\]/.exec(p)?.[1] ?? '').matchAll(/(\d+) 0 R/g)) {
      const a = objs.get(Number(m[1]))!.replace(/\s+/g, ' ');
      const target = /\/URI \(([^)]*)\)/.exec(a)?.[1] ?? `#${/\/D \(([^)]*)\)/.exec(a)?.[1]}`;
      const [x0, y0, x1, y1] = /\/Rect \[([^\]]*)\]/.exec(a)![1]!.trim().split(' ').map(Number) as [number, number, number, number];
      const px = (v: number): number => Math.round((v / 0.75) * 100) / 100;
      out.push([page, target, px(x0), px(height - y1), px(x1 - x0), px(y1 - y0)]);
    }
  });
  return out;
}

test('link annotations: one per fragment of the link element, where Chromium 156 writes them', async () => {
  const out = await renderPdf(HTML, { creationDate: new Date(0) });
  const got = annotations(out.pdf);
  const left = got.slice();
  const missing = CHROMIUM.filter(([page, url, x, y, w, h]) => {
    // Within 0.25 px: the rotated link's centre of rotation differs by 0.19 px (Chromium snaps the rect before rotating it).
    const i = left.findIndex((g) => g[0] === page && g[1] === url && [x, y, w, h].every((v, k) => Math.abs((g[k + 2] as number) - v) <= 0.25));
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
  assert.deepEqual({ missing, extra: left }, { missing: [], extra: [] });
});
