// In: boxes sized in ex and ch units whose font-family is a web font (@font-face, a TrueType file), through the real
// stages (layoutForInspection, as the render pipeline: @font-face rules reach the font context before the cascade).
// Out: their border boxes against Chromium 156's getBoundingClientRect: ex and ch resolve against the web font's
// x-height and '0' advance (css-values-4 §6.1.1: the first available font), not against the fallback the unknown
// family name would get (the css2 reftests' Ahem cases: 6ex of 20px Ahem is 96 px, it was 55).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { layoutForInspection } from '../../src/inspect.ts';

const FONTS = pathToFileURL(new URL('../../fonts/', import.meta.url).pathname).href;
const DOC = `<!doctype html><style>@font-face{font-family:W;src:url(DejaVuSans.ttf)}@page{size:600px 400px;margin:0}body{margin:0}
div{background:#ccc;margin:0 0 4px}
#a{font:20px W;height:10ex;width:10ch}
#b{font:20px "Liberation Serif";height:10ex;width:10ch}
#c{font:20px W;border-left:1ex solid;width:5ex;height:1px}
</style><div id=a></div><div id=b></div><div id=c></div>`;

/** Chromium 156: [id, x, y, width, height] of the border box. */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['a', 0, 0, 127.234, 110], ['b', 0, 114, 100, 91.797], ['c', 0, 209.797, 66, 1],
];

test('ex and ch units of a web font resolve against its own metrics', () => {
  const r = layoutForInspection(DOC, { baseUrl: FONTS });
  const byId = new Map([...r.elements.values()].map((e) => [e.element.attribs['id'], e]));
  for (const [id, x, y, w, h] of CHROMIUM) {
    const b = byId.get(id)?.boxes[0];
    assert.ok(b, `#${id}`);
    const got = [b.x, b.y, b.width, b.height];
    [x, y, w, h].forEach((v, k) => assert.ok(Math.abs(got[k]! - v) < 0.05, `#${id}: got ${got.map((g) => +g.toFixed(3)).join(' ')}, Chromium ${x} ${y} ${w} ${h}`));
  }
});
