// In: hand-built inline content with the fake 0.5em font. Out: assertions on line breaks, widths, alignment and heights in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, br, contentRight, img, intrinsic, lay, layoutCtx, leftFloat, lineTexts, span, style, text, texts } from './inline/helpers.ts';
import { px, pct } from '../../src/css/computed.ts';

// 16px fake font: every character 8px wide, ascent 12.8, descent 3.2, line-height normal 16px.

test('greedy breaking at spaces: line count, words per line, widths', () => {
  const r = lay(block(style(), 'aaa bbb ccc ddd e'), 60);
  assert.deepEqual(lineTexts(r), ['aaa bbb', 'ccc ddd', 'e']);
  assert.equal(r.lines.length, 3);
  assert.equal(r.height, 48);
  assert.deepEqual(r.lines.map((l) => l.y), [0, 16, 32]);
  const t = texts(r.lines[0]);
  assert.equal(t.length, 1);
  assert.equal(t[0].width, 56); // trailing space hangs: not drawn, not counted
  assert.equal(t[0].x, 0);
  assert.equal(r.lines[0].width, 60);
  assert.equal(r.lines[0].baseline, 12.8);
  assert.equal(t[0].baseline, 12.8);
  assert.equal(t[0].y, 0);
  assert.equal(t[0].height, 16);
  // runs carry exactly the text on the line
  assert.equal(t[0].runs.map((run) => run.text).join(''), 'aaa bbb');
  assert.equal(t[0].runs.reduce((s, run) => s + run.width, 0), 56);
});

test('a word exactly filling the line fits; positions offset by x/y', () => {
  const r = lay(block(style(), 'aaaa bbbb'), 72, { x: 10, y: 100 });
  assert.deepEqual(lineTexts(r), ['aaaa bbbb']);
  assert.equal(r.lines[0].x, 10);
  assert.equal(r.lines[0].y, 100);
  assert.equal(texts(r.lines[0])[0].x, 10);
});

test('text-align right, center, justify and text-align-last', () => {
  const right = lay(block(style({ textAlign: 'right' }), 'aaa bbb ccc'), 100);
  assert.deepEqual(lineTexts(right), ['aaa bbb ccc']);
  assert.equal(texts(right.lines[0])[0].x, 100 - 88);
  const center = lay(block(style({ textAlign: 'center' }), 'aaa bbb ccc'), 100);
  assert.equal(texts(center.lines[0])[0].x, 6);
  const end = lay(block(style({ textAlign: 'end' }), 'ab'), 100);
  assert.equal(texts(end.lines[0])[0].x, 84);
  const just = lay(block(style({ textAlign: 'justify' }), 'aa bb cc dd ee ff'), 70);
  assert.deepEqual(lineTexts(just), ['aa bb cc', 'dd ee ff']);
  const t0 = texts(just.lines[0])[0];
  assert.equal(t0.x, 0);
  assert.equal(t0.width, 70); // 64px of text + 2 spaces widened by 3px each: fills the line exactly
  const spaces = t0.runs.flatMap((r) => r.glyphs).filter((g) => g.text === ' ');
  assert.deepEqual(spaces.map((g) => g.advance), [11, 11]);
  const t1 = texts(just.lines[1])[0];
  assert.equal(t1.width, 64); // last line: text-align-last auto → start
  assert.equal(t1.x, 0);
  const last = lay(block(style({ textAlign: 'justify', textAlignLast: 'right' }), 'aa bb cc dd'), 70);
  assert.equal(texts(last.lines[1])[0].x, 70 - 16);
  // a line ending in a forced break is not justified
  const forced = lay(block(style({ textAlign: 'justify' }), 'aa bb', br(style()), 'cc dd ee ff gg'), 70);
  assert.equal(texts(forced.lines[0])[0].width, 40);
});

test('text-indent on the first line only, px and percentage of the containing block width', () => {
  const r = lay(block(style({ textIndent: px(16) }), 'aaa bbb ccc'), 72);
  assert.deepEqual(lineTexts(r), ['aaa bbb', 'ccc']);
  assert.equal(texts(r.lines[0])[0].x, 16);
  assert.equal(texts(r.lines[1])[0].x, 0);
  const p = lay(block(style({ textIndent: pct(50) }), 'aaa bbb ccc'), 100);
  assert.deepEqual(lineTexts(p), ['aaa', 'bbb ccc']);
  assert.equal(texts(p.lines[0])[0].x, 50);
});

test('line-height normal, number and px; half-leading puts the baseline', () => {
  const n = lay(block(style({ lineHeight: { number: 2 } }), 'aaa bbb'), 40);
  assert.equal(n.lines.length, 2);
  assert.equal(n.lines[0].height, 32);
  assert.equal(n.lines[0].baseline, 8 + 12.8);   // half-leading (32 - 16) / 2 = 8 above A
  assert.equal(n.height, 64);
  const p = lay(block(style({ lineHeight: { px: 20 } }), 'aaa'), 40);
  assert.equal(p.lines[0].height, 20);
  assert.equal(p.lines[0].baseline, 2 + 12.8);
  const t = texts(p.lines[0])[0];
  assert.equal(t.y, 2);          // content area: A + D around the baseline
  assert.equal(t.height, 16);
  const big = lay(block(style(), 'a', span(style({ fontSize: 32 }), 'B')), 100);
  // strut: 12.8 above / 3.2 below; the 32px span: 25.6 / 6.4 → line 32px, baseline at 25.6
  assert.equal(big.lines[0].height, 32);
  assert.equal(big.lines[0].baseline, 25.6);
});

test('forced breaks: <br> ends lines, <br><br> makes an empty line of the strut height, a final <br> adds none', () => {
  const s = style();
  const r = lay(block(s, 'aa', br(s), br(s), 'bb', br(s)), 100);
  assert.deepEqual(lineTexts(r), ['aa', '', 'bb']);
  assert.deepEqual(r.lines.map((l) => l.height), [16, 16, 16]);
  assert.equal(r.height, 48);
});

test('white space: collapsible spaces at line start/end removed; pre keeps spaces and does not wrap; nowrap', () => {
  const s = style();
  const r = lay(block(s, ' aaa ', span(s, ' bbb '), ' '), 40);
  assert.deepEqual(lineTexts(r), ['aaa', 'bbb']);
  assert.equal(texts(r.lines[1])[0].x, 0);
  const pre = style({ whiteSpace: 'pre' });
  const p = lay(block(pre, '  a  b c d e f'), 40);
  assert.equal(p.lines.length, 1);
  assert.equal(lineTexts(p)[0], '  a  b c d e f');
  assert.equal(texts(p.lines[0])[0].width, 14 * 8);
  const nw = lay(block(style({ whiteSpace: 'nowrap' }), 'aaa bbb ccc'), 40);
  assert.equal(nw.lines.length, 1);
  const pw = lay(block(style({ whiteSpace: 'pre-wrap' }), 'aa   bb  cc'), 40);
  assert.deepEqual(lineTexts(pw), ['aa', 'bb', 'cc']);
  const pl = lay(block(style({ whiteSpace: 'pre-line' }), 'aa bb\ncc'.replace('\\n', '\n')), 100);
  assert.deepEqual(lineTexts(pl), ['aa bb', 'cc']);
  // only white space: no line box at all (§9.4.2)
  assert.equal(lay(block(s, '   ', span(s, ' ')), 40).lines.length, 0);
  assert.equal(lay(block(s, '   ', span(s, ' ')), 40).height, 0);
});

test('tabs in pre expand to tab-size × space stops', () => {
  const r = lay(block(style({ whiteSpace: 'pre', tabSize: 4 }), 'a\tb'.replace('\\t', '\t')), 200);
  const t = texts(r.lines[0])[0];
  assert.equal(t.width, 32 + 8); // 'a' 8 + tab to 32 + 'b' 8 = 40
  assert.equal(t.text, 'a b'); // the tab is drawn as a widened space glyph
});

test('soft hyphen: breaking there shows a hyphen; unbroken ones draw nothing', () => {
  const s = style();
  const r = lay(block(s, 'aaa bbb\u00adccc'.replace('\\u00ad', '\u00ad')), 64);
  assert.deepEqual(lineTexts(r), ['aaa bbb-', 'ccc']);
  assert.equal(texts(r.lines[0])[0].width, 64);
  const whole = lay(block(s, 'bbb\u00adccc'.replace('\\u00ad', '\u00ad')), 200);
  assert.deepEqual(lineTexts(whole), ['bbbccc']);
  assert.equal(texts(whole.lines[0])[0].width, 48);
  // the hyphen does not fit: the syllable moves down with the break before it
  const tight = lay(block(s, 'aaa bbb\u00adccc'.replace('\\u00ad', '\u00ad')), 60);
  assert.deepEqual(lineTexts(tight), ['aaa', 'bbbccc']);
});

test('overflow-wrap: break-word splits a token only when it does not fit an empty line; normal overflows', () => {
  const s = style({ overflowWrap: 'break-word' });
  const r = lay(block(s, 'ab cdefghijkl'), 40);
  assert.deepEqual(lineTexts(r), ['ab', 'cdefg', 'hijkl']);
  const n = lay(block(style(), 'ab cdefghijkl'), 40);
  assert.deepEqual(lineTexts(n), ['ab', 'cdefghijkl']);
  assert.equal(texts(n.lines[1])[0].width, 80);
  const ba = lay(block(style({ wordBreak: 'break-all' }), 'ab cdefghijkl'), 40);
  assert.deepEqual(lineTexts(ba), ['ab cd', 'efghi', 'jkl']);
  // a 1px-wide line still makes progress: one character per line
  const narrow = lay(block(s, 'abc'), 1);
  assert.deepEqual(lineTexts(narrow), ['a', 'b', 'c']);
});

test('a word across inline boxes is not broken: "a<b>b</b>c"', () => {
  const s = style();
  const r = lay(block(s, 'xx a', span(s, 'b'), 'c'), 40);
  assert.deepEqual(lineTexts(r), ['xx', 'abc']);
  const r2 = lay(block(s, 'xx ', span(s, 'abc')), 40);
  assert.deepEqual(lineTexts(r2), ['xx', 'abc']);
});

test('justify leaves pre-wrap text alone (CSS 2.1 §16.2) and justifies pre-line', () => {
  const pw = lay(block(style({ textAlign: 'justify', whiteSpace: 'pre-wrap' }), 'aa bb cc dd'), 70);
  assert.deepEqual(lineTexts(pw), ['aa bb cc', 'dd']);
  assert.equal(texts(pw.lines[0])[0].width, 64);
  const pl = lay(block(style({ textAlign: 'justify', whiteSpace: 'pre-line' }), 'aa bb cc dd'), 70);
  assert.equal(texts(pl.lines[0])[0].width, 70);
});
