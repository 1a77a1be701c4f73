// In: :dir(ltr) and :dir(rtl) (selectors-4 §8.1) as Tailwind 4 compiles its rtl:/ltr: variants (`&:where(:dir(rtl), [dir="rtl"],
// [dir="rtl"] *)`, nested), alone and inside :is(), under dir=rtl/ltr/auto, an upper-case value, a value in the undefined
// state, <bdi>, and a value other than ltr/rtl. Out: computed colours against Chromium 156's getComputedStyle. :dir() was an
// unsupported selector, so a rule using it never matched: Tailwind 4's rtl:text-right and the like did nothing in an rtl invoice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';

const HTML = `<!doctype html><html><head><style>
p { color: black }
.a { color: red; &:where(:dir(rtl), [dir="rtl"], [dir="rtl"] *) { color: blue } }
.r:dir(rtl) { color: green }
.l:is(:dir(ltr)) { color: green }
.x:dir(foo) { color: red }
</style></head><body>
<div dir="rtl"><p id="d1" class="a">x</p><p id="d2" class="r">y</p><div dir="ltr"><p id="d3" class="r">in ltr</p><p id="d4" class="l">in ltr</p></div><p id="d5" class="l">z</p></div>
<p id="d6" class="a">z</p><p id="d7" class="l">w</p>
<div dir="auto"><p id="d8" class="r">שלום</p></div>
<div dir="auto"><p id="d9" class="l">123 ...</p></div>
<div dir="RTL"><p id="d10" class="r">upper</p></div>
<div dir="rtl"><div dir="ar"><p id="d11" class="r">invalid dir inherits</p></div></div>
<div dir="rtl"><bdi><p id="d12" class="l">bdi ltr text</p></bdi><bdi><p id="d13" class="r">מה</p></bdi></div>
<p id="d14" class="x">foo</p>
<p id="d15" class="r" dir="auto">abc <span id="d16" class="r">שלום</span></p>
<div dir="rtl"><p id="d17" class="l" dir="auto">hello</p></div>
</body></html>`;

// Chromium 156, print emulation: getComputedStyle(el).color.
const CHROMIUM: Record<string, string> = {
  d1: 'rgb(0, 0, 255)', d2: 'rgb(0, 128, 0)', d3: 'rgb(0, 0, 0)', d4: 'rgb(0, 128, 0)', d5: 'rgb(0, 0, 0)', d6: 'rgb(255, 0, 0)',
  d7: 'rgb(0, 128, 0)', d8: 'rgb(0, 128, 0)', d9: 'rgb(0, 128, 0)', d10: 'rgb(0, 128, 0)', d11: 'rgb(0, 128, 0)', d12: 'rgb(0, 128, 0)',
  d13: 'rgb(0, 128, 0)', d14: 'rgb(0, 0, 0)', d15: 'rgb(0, 0, 0)', d16: 'rgb(0, 0, 0)', d17: 'rgb(0, 128, 0)',
};

test(':dir() matches the element\'s HTML directionality as Chromium 156 does', () => {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(HTML), { loader: new ResourceLoader('file:///tmp/'), warnings });
  const ours: Record<string, string> = {};
  const walk = (n: { type: string; attribs?: Record<string, string>; children?: unknown[] }): void => {
    const id = n.type === 'tag' ? n.attribs?.id : undefined;
    if (id) { const c = sd.styleOf(n as never).color; ours[id] = `rgb(${c.r}, ${c.g}, ${c.b})`; }
    for (const c of n.children ?? []) walk(c as never);
  };
  walk(sd.document as never);
  assert.deepEqual(ours, CHROMIUM);
  assert.deepEqual(warnings.list.map((w) => w.message), []);
});
