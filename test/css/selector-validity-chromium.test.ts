// In: <style> sheets whose selectors and values hold a stray U+FEFF (a byte order mark left inside a template's
// stylesheet, e.g. a BOM-led .css file pasted into <style> after some white space) or a type selector after other
// simple selectors, through the real stages (layoutForInspection: parse → cascade → boxes → layout).
// Out: computed colours and border boxes against Chromium 156 (Debian chromium, getComputedStyle and
// getBoundingClientRect): U+FEFF is an ident code point in CSS, not white space (css-syntax-3 §4.2), so
// `\uFEFF*, *::before {…}` is an invalid selector list and the whole rule is dropped (selectors-4 §3.1: a type or
// universal selector comes first in its compound); `\uFEFF p` is valid and matches nothing; in a value it makes
// the declaration invalid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';

const RULES = ['a*, #t1', '*a, #t2', '.x*, #t3', 'div *, #t4', '\uFEFF*, #t5', '\uFEFF p, #t6', '\uFEFF #t7', '\uFEFF, #t8', '#t9'];
const COLOURS = `<!doctype html><style>\n${RULES.map((r, i) => `${r} {color:rgb(${i + 1},0,0)}`).join('\n')}
#t10{color:\uFEFFred}
#t11{color:red\uFEFF}
#t12{color:blue;color:\u00A0red}
</style>${Array.from({ length: 12 }, (_, i) => `<p id=t${i + 1}>${i + 1}</p>`).join('')}`;
/** Chromium 156: getComputedStyle(p).color, red channel (green and blue 0 except #t12). */
const COLOURS_CHROMIUM: Record<string, [number, number, number]> = {
  t1: [0, 0, 0], t2: [0, 0, 0], t3: [0, 0, 0], t4: [4, 0, 0], t5: [0, 0, 0], t6: [6, 0, 0],
  t7: [0, 0, 0], t8: [8, 0, 0], t9: [9, 0, 0], t10: [0, 0, 0], t11: [0, 0, 0], t12: [0, 0, 255],
};

test('a stray U+FEFF and a type selector after other simple selectors make the selector or value invalid, as in Chromium', () => {
  const r = layoutForInspection(COLOURS);
  for (const e of r.elements.values()) {
    const id = e.element.attribs['id'];
    if (id === undefined) continue;
    const c = e.style.color;
    assert.deepEqual([c.r, c.g, c.b], COLOURS_CHROMIUM[id], `#${id}`);
  }
});

/** The box-sizing rule of Bootstrap's reboot behind a BOM, with white space before it and at the very start. */
const BOXES: Array<[html: string, width: number]> = [
  ['<!doctype html><style>\n  \uFEFF/*! reboot */*,*::before,*::after{box-sizing:border-box}</style><div id=a style="width:100px;padding:10px">x</div>', 120],
  ['<!doctype html><style>\uFEFF*,*::before,*::after{box-sizing:border-box}</style><div id=a style="width:100px;padding:10px">x</div>', 120],
  ['<!doctype html><style>\uFEFF p{color:red} div{box-sizing:border-box}</style><div id=a style="width:100px;padding:10px">x</div>', 100],
];

test('a rule whose selector begins with U+FEFF is dropped whole (Bootstrap reboot behind a BOM): content-box widths as Chromium', () => {
  for (const [html, width] of BOXES) {
    const r = layoutForInspection(html);
    const a = [...r.elements.values()].find((e) => e.element.attribs['id'] === 'a');
    assert.ok(a);
    // Chromium 156: #a at (8, 8), 38 px tall, `width` wide.
    assert.deepEqual([a.boxes[0]!.x, a.boxes[0]!.y, a.boxes[0]!.width, a.boxes[0]!.height], [8, 8, width, 38], JSON.stringify(html.slice(0, 60)));
  }
});
