// The bounded Mustache fill: limits enforced while filling (bytes, list items, total items, clock),
// and the folded parse of long text equal to mustache.js's own. In: fillTemplate. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import Mustache from 'mustache';
import { RenderError } from '../../src/errors.ts';
import { DEFAULT_FILL_LIMITS, fillTemplate, TemplateError, TemplateSyntaxError } from '../../src/template/fill.ts';

const limits = (o: Partial<typeof DEFAULT_FILL_LIMITS> = {}) => ({ ...DEFAULT_FILL_LIMITS, ...o });
const code = (c: string) => (e: unknown) => e instanceof TemplateError && e.code === c;

test('issue 9 #1: the nested-section bomb stops at MAX_TOTAL_ITEMS at once instead of filling 140^4 items', () => {
  const items = Array.from({ length: 140 }, () => ({}));
  const t0 = performance.now();
  assert.throws(
    () => fillTemplate('{{#items}}{{#items}}{{#items}}{{#items}}x{{/items}}{{/items}}{{/items}}{{/items}}', { items }),
    (e: unknown) => code('MAX_TOTAL_ITEMS')(e) && /MAX_TOTAL_ITEMS \(100000\)/.test((e as Error).message),
  );
  // two nested sections over 20,000 items froze the event loop for ~35 s
  assert.throws(() => fillTemplate('{{#l}}{{#l}}{{/l}}{{/l}}', { l: Array.from({ length: 20000 }, () => ({})) }), code('MAX_LIST_ITEMS'));
  assert.throws(() => fillTemplate('{{#l}}{{#l}}{{/l}}{{/l}}', { l: Array.from({ length: 9000 }, () => ({})) }), code('MAX_TOTAL_ITEMS'));
  assert.ok(performance.now() - t0 < 2000, `${Math.round(performance.now() - t0)} ms`);
});

test('MAX_HTML_BYTES counts the output while it is built, and the template source before it is parsed', () => {
  const view = { big: 'y'.repeat(100_000), l: Array.from({ length: 100 }, () => ({})) };
  assert.throws(() => fillTemplate('{{#l}}{{{big}}}{{/l}}', view, limits({ maxHtmlBytes: 1_000_000 })),
    (e: unknown) => code('MAX_HTML_BYTES')(e) && /MAX_HTML_BYTES \(1000000 bytes\)/.test((e as Error).message));
  assert.equal(fillTemplate('{{#l}}{{{big}}}{{/l}}', view, limits({ maxHtmlBytes: 10_000_000 })).length, 10_000_000);
  assert.throws(() => fillTemplate('x'.repeat(2048), {}, limits({ maxHtmlBytes: 2047 })), code('MAX_HTML_BYTES'));
  // bytes, not characters: 'é' is 2 bytes in UTF-8, '😀' is 4
  assert.equal(fillTemplate('{{a}}', { a: 'é'.repeat(500) }, limits({ maxHtmlBytes: 1024 })).length, 500);
  assert.throws(() => fillTemplate('{{a}}', { a: 'é'.repeat(513) }, limits({ maxHtmlBytes: 1024 })), code('MAX_HTML_BYTES'));
  assert.throws(() => fillTemplate('{{a}}', { a: '😀'.repeat(257) }, limits({ maxHtmlBytes: 1024 })), code('MAX_HTML_BYTES'));
});

test('the fill reads the clock: past the deadline it throws RenderError TIMEOUT', () => {
  const l = Array.from({ length: 5000 }, () => ({}));
  assert.throws(() => fillTemplate('{{#l}}{{#l}}x{{/l}}{{/l}}', { l }, limits({ maxTotalItems: 1e9, maxHtmlBytes: 1e9, deadline: Date.now() + 50, timeoutMs: 50 })),
    (e: unknown) => e instanceof RenderError && e.code === 'TIMEOUT');
});

test('issue 9 #3: a 10 MB template is refused before mustache.js parses it; a 3 MB stylesheet parses in well under a second', () => {
  const t0 = performance.now();
  assert.throws(() => fillTemplate('<p>' + 'x'.repeat(10 * 1024 * 1024) + '</p>', {}), code('MAX_HTML_BYTES'));
  const css = '.a-b > .c:hover { color: #123456; margin: 0 auto }\n'.repeat(60_000);
  const out = fillTemplate(`<style>${css}</style><p>{{name}}</p>`, { name: 'Ada' });
  assert.equal(out.length, css.length + '<style></style><p>Ada</p>'.length);
  assert.ok(performance.now() - t0 < 3000, `${Math.round(performance.now() - t0)} ms (mustache.js alone: ~8 s)`);
});

test('syntax errors name their position in the original template, folded or not', () => {
  const long = 'x'.repeat(20000);
  for (const t of [`${long}{{#a}}${'y\n'.repeat(10000)}`, `${long}{{a`, `${'x\n'.repeat(20000)}{{/b}}`, '{{#a}}open']) {
    let expected = '';
    try {
      new Mustache.Writer().parse(t);
    } catch (e) {
      expected = (e as Error).message;
    }
    assert.throws(() => fillTemplate(t, {}), (e: unknown) => e instanceof TemplateSyntaxError && e.message === `template syntax error: ${expected}`);
  }
});

// Long text made of lines with tags, standalone section lines, whitespace-only lines and long runs.
const piece = fc.oneof(
  fc.constantFrom('{{#l}}', '{{/l}}', '{{^l}}', '{{a}}', '{{{a}}}', '{{& a}}', '{{! note }}', '{{ a }}', '{{#b}}', '{{/b}}'),
  fc.constantFrom('\n', '  \n', '\r\n', '   ', '\t', '{', '}', '{ }', 'é'),
  fc.string({ minLength: 0, maxLength: 80 }).map((s) => s.replace(/[{}=]/g, '')),
  fc.integer({ min: 40, max: 3000 }).map((n) => 'p'.repeat(n)),
  fc.integer({ min: 1, max: 300 }).map((n) => '  line of text\n'.repeat(n)),
);

test('folded parse ≡ mustache.js on generated templates (1,000 cases, long text forced)', () => {
  fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 60 }), fc.boolean(), (parts, balanced) => {
    let t = parts.join('');
    if (balanced) t = t.replace(/\{\{[#^/][lb]\}\}/g, '');
    t = 'z'.repeat(2100) + '\n' + t; // over the folding threshold (2,048 characters)
    const view = { a: '<A&>', l: [{ a: 1 }, { a: 2 }], b: true };
    let want: string | Error;
    try {
      want = new Mustache.Writer().render(t, view);
    } catch (e) {
      want = e as Error;
    }
    let got: string | Error;
    try {
      got = fillTemplate(t, view, limits({ maxHtmlBytes: 1e9, maxTotalItems: 1e9 }));
    } catch (e) {
      got = e as Error;
    }
    if (typeof want === 'string') assert.equal(got, want);
    else assert.ok(got instanceof TemplateSyntaxError && got.message === `template syntax error: ${want.message}`, String(got));
  }), { numRuns: 1000 });
});
