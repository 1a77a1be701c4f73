// In: inline content measured with the real text stage (bundled Liberation fonts) and whole HTML documents through every stage.
// Out: assertions on line heights, break positions and the greedy-fill invariant in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFontContext } from '../../src/text/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import { block, lay, layoutCtx, lineTexts, span, style, texts } from './inline/helpers.ts';
import { allLines, layoutHtml, lineTextsOf } from './inline/e2e.ts';
import type { FontSpec } from '../../src/text/types.ts';

const fonts = createFontContext({ loader: new ResourceLoader(), warnings: new WarningSink() });
const ctx = layoutCtx(fonts);
const serif: FontSpec = { fontFamily: ['serif'], fontSize: 16, fontWeight: 400, fontStyle: 'normal' };

test('Liberation Serif 16px, line-height normal: 18px per line, baseline at 14 (Blink floors the half-leading)', () => {
  const r = lay(block(style(), 'Hello world and more words here'), 80, { ctx });
  assert.ok(r.lines.length >= 3);
  for (const l of r.lines) assert.equal(l.height, 18);
  assert.equal(r.lines[0].baseline, 14);         // ascent 14 + floor(half of (18 - 17))
  assert.equal(r.height, 18 * r.lines.length);
  const t = texts(r.lines[0])[0];
  assert.equal(t.y, 0);
  assert.equal(t.height, 17);
});

test('greedy fill with real advances: each line fits and the next word would not', () => {
  const words = 'The quick brown fox jumps over the lazy dog while the invoice total is computed and rendered to PDF'.split(' ');
  const width = 150;
  const r = lay(block(style(), words.join(' ')), width, { ctx });
  const lines = lineTexts(r);
  assert.equal(lines.join(' '), words.join(' '));
  lines.forEach((line, i) => {
    const w = fonts.measure(line, serif);
    assert.ok(w <= width + 0.01, `line ${i} "${line}" is ${w}px`);
    const t = texts(r.lines[i]);
    assert.ok(Math.abs(t.reduce((s, f) => s + f.width, 0) - w) < 0.5, `fragment width ≈ shaped width of "${line}"`);
    if (i + 1 < lines.length) {
      const next = lines[i + 1].split(' ')[0];
      assert.ok(fonts.measure(`${line} ${next}`, serif) > width, `"${next}" would have fit on line ${i}`);
    }
  });
});

test('soft hyphen with a real font: U+2010 shown at the break, nothing when unbroken', () => {
  const r = lay(block(style(), 'Extra\u00adordinary'), 60, { ctx });
  assert.deepEqual(lineTexts(r), ['Extra\u2010', 'ordinary']);
  const glyphText = texts(r.lines[0])[0].runs.flatMap((run) => run.glyphs.map((g) => g.text)).join('');
  assert.equal(glyphText, 'Extra\u2010');
  const whole = lay(block(style(), 'Extra\u00adordinary'), 400, { ctx });
  assert.deepEqual(lineTexts(whole), ['Extraordinary']);
  assert.ok(!texts(whole.lines[0])[0].runs.some((run) => run.glyphs.some((g) => g.text.includes('\u00ad'))));
});

test('bold and normal runs on one line keep one baseline and abut', () => {
  const r = lay(block(style(), 'Total: ', span(style({ fontWeight: 700 }), '$385.00')), 400, { ctx });
  const [a, b] = texts(r.lines[0]);
  assert.equal(a.baseline, b.baseline);
  assert.ok(Math.abs(a.x + a.width - b.x) < 1e-9);
  assert.equal(a.text, 'Total: ');
});

test('HTML end to end: <br><br>, text-align, sub/sup and pre through every stage', () => {
  const { pages } = layoutHtml(`<!doctype html><html><body style="margin:0;font:16px serif">
    <p style="margin:0;width:300px">one<br><br>two</p>
    <p style="margin:0;width:300px;text-align:right">right</p>
    <p style="margin:0;width:300px;text-align:center">mid</p>
    <p style="margin:0">H<sub>2</sub>O and x<sup>2</sup></p>
    <pre style="margin:0;font:16px monospace">a  b\n c</pre>
  </body></html>`);
  const lines = allLines(pages);
  const txt = lines.map(lineTextsOf);
  assert.deepEqual(txt.slice(0, 6), ['one', '', 'two', 'right', 'mid', 'H2O and x2']);
  assert.deepEqual(txt.slice(6, 8), ['a  b', ' c']);
  // the empty line between the two <br>s has the strut's height
  assert.equal(lines[1].height, 18);
  assert.equal(lines[1].y - lines[0].y, 18);
  const right = texts(lines[3])[0];
  assert.ok(Math.abs(right.x + right.width - (lines[3].x + 300)) < 0.01);
  const mid = texts(lines[4])[0];
  assert.ok(Math.abs(mid.x - lines[4].x - (300 - mid.width) / 2) < 0.01);
  const chem = texts(lines[5]);
  const sub = chem.find((t) => t.text === '2')!;
  assert.ok(sub.baseline > chem[0].baseline, 'sub is below the baseline');
  const sup = chem.filter((t) => t.text === '2')[1];
  assert.ok(sup.baseline < chem[0].baseline, 'sup is above the baseline');
});

test('an image alone in a line: 40 + 4px below the baseline in standards mode (44px), 40px in quirks mode', () => {
  const body = '<html><body style="margin:0"><div><img style="width:50px;height:40px;display:inline-block"></div><div>x</div></body></html>';
  const std = allLines(layoutHtml(`<!doctype html>${body}`).pages);
  assert.equal(std[0].height, 44);
  assert.equal(std[0].baseline - std[0].y, 40);
  assert.equal(std[1].y - std[0].y, 44);
  const quirks = allLines(layoutHtml(body).pages);
  assert.equal(quirks[0].height, 40);
  assert.equal(quirks[1].y - quirks[0].y, 40);
  assert.equal(quirks[1].height, 18);
});

test('kerning across a break opportunity ("space A") is kept, as when the whole run is shaped', () => {
  const r = lay(block(style(), '53 Avenue'), 400, { ctx });
  const t = texts(r.lines[0])[0];
  const whole = fonts.measure('53 Avenue', serif);
  assert.ok(whole < fonts.measure('53 ', serif) + fonts.measure('Avenue', serif) - 0.1, 'Liberation Serif kerns space-A');
  assert.ok(Math.abs(t.width - whole) < 0.01, `${t.width} ≈ ${whole}`);
  const glyphSum = t.runs.reduce((s, run) => s + run.glyphs.reduce((a, g) => a + g.advance, 0), 0);
  assert.ok(Math.abs(glyphSum - t.width) < 0.01);
});
