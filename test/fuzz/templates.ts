// Generated templates: random HTML, CSS and Mustache, deep nesting, huge values, broken markup,
// with variables and values that mostly fit. In: nothing. Out: a fast-check arbitrary of template cases.
import fc from 'fast-check';
import type { VariableDef } from '../../src/template/variables.ts';

export interface TemplateCase { html: string; variables: VariableDef[]; values: Record<string, unknown>; label: string }

const TAGS = ['div', 'p', 'span', 'b', 'i', 'a', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'thead', 'tbody',
  'section', 'header', 'footer', 'article', 'pre', 'code', 'blockquote', 'small', 'sup', 'sub', 'em', 'strong', 'label', 'fieldset',
  'legend', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'details', 'summary', 'address', 'center', 'font', 'bdi', 'bdo', 'ruby', 'rt'];
const VOID = ['br', 'hr', 'img', 'wbr', 'input', 'col'];

const PROPS: Array<[string, string[]]> = [
  ['display', ['block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid', 'table', 'table-cell', 'table-row', 'list-item', 'none', 'contents', 'flow-root', 'run-in', 'math']],
  ['position', ['static', 'relative', 'absolute', 'fixed', 'sticky']],
  ['float', ['left', 'right', 'none', 'inline-start']], ['clear', ['both', 'left', 'none']],
  ['width', ['10px', '50%', 'auto', 'min-content', 'max-content', 'fit-content', '1e9px', '-5px', 'calc(100% - 3em)', '0', '100vw']],
  ['height', ['10px', '50%', 'auto', '1e6pt', '100vh', '0']], ['min-height', ['100%', '5000px']], ['max-width', ['0', '1px', 'none']],
  ['margin', ['0', 'auto', '-1e6px', '10px 20%', '1em', '-50%']], ['padding', ['0', '5px', '10%', '1e5px']],
  ['font-size', ['0', '1px', '12pt', '500px', '1e4px', 'larger', 'smaller', '-3px', 'calc(1em + 2px)']],
  ['font-family', ['serif', 'sans-serif', 'monospace', 'Nope Sans', 'cursive']], ['font-weight', ['100', 'bold', '950', 'bolder']],
  ['line-height', ['0', '1', '200px', 'normal', '-1']], ['white-space', ['pre', 'nowrap', 'pre-wrap', 'break-spaces']],
  ['word-break', ['break-all', 'keep-all']], ['overflow-wrap', ['anywhere', 'break-word']], ['text-align', ['center', 'justify', 'right', 'start']],
  ['direction', ['rtl', 'ltr']], ['writing-mode', ['vertical-rl', 'horizontal-tb']], ['columns', ['2', '3 100px', '1000']],
  ['column-span', ['all']], ['break-before', ['page', 'column', 'avoid']], ['break-inside', ['avoid']], ['page-break-after', ['always']],
  ['orphans', ['1', '100']], ['widows', ['100']], ['border', ['1px solid red', '1e4px dotted', '0', 'thick double blue']],
  ['border-radius', ['50%', '1e6px']], ['background', ['red', 'linear-gradient(red, blue)', 'url(data:image/png;base64,AAAA)', 'repeating-radial-gradient(circle, red 0, blue 1px)']],
  ['color', ['red', '#123', 'rgb(300 -1 2)', 'currentColor', 'color-mix(in srgb, red, blue)', 'nonsense']], ['opacity', ['0.5', '-1', '2']],
  ['transform', ['rotate(45deg)', 'scale(1e6)', 'matrix(0,0,0,0,0,0)', 'skew(89.999deg)', 'translate(1e9px)']],
  ['flex', ['1', '0 0 auto', '1e9']], ['flex-wrap', ['wrap']], ['grid-template-columns', ['repeat(1000, 1fr)', '1fr 2fr', 'repeat(auto-fill, minmax(10px, 1fr))', 'subgrid']],
  ['grid-column', ['1 / -1', 'span 1000']], ['gap', ['10px', '1e5px']], ['table-layout', ['fixed']], ['border-collapse', ['collapse']],
  ['counter-increment', ['c 1e9', 'c']], ['content', ['counter(c)', '"x"', 'attr(id)', 'url(x.png)']], ['list-style', ['square inside', 'none']],
  ['z-index', ['-1', '99999']], ['letter-spacing', ['1e4px', '-1em']], ['text-indent', ['-9999px', '50%']], ['vertical-align', ['top', 'super', '1e5px']],
  ['--v', ['var(--v)', '1px']], ['width', ['var(--v)', 'var(--missing, 3px)']], ['aspect-ratio', ['16 / 9', '0 / 0']], ['hyphens', ['auto']],
  ['-webkit-line-clamp', ['2']], ['text-overflow', ['ellipsis']], ['overflow', ['hidden', 'scroll']], ['visibility', ['hidden', 'collapse']],
];

const decl = fc.constantFrom(...PROPS).chain(([p, vs]) => fc.constantFrom(...vs).map((v) => `${p}: ${v}`));
const style = fc.array(decl, { maxLength: 5 }).map((ds) => ds.join('; '));
const selector = fc.oneof(
  fc.constantFrom(...TAGS, '*', 'body', 'html', '.a', '.b', '#x', 'p:first-child', 'li:nth-child(2n+1)', 'tr:nth-of-type(odd)', 'div > p', 'h1 + p', 'p ~ p',
    'a[href]', '[data-x="y"]', 'p::before', 'p::after', 'li::marker', ':root', ':not(p)', ':is(h1, h2)', ':has(> p)', 'p:empty', '::first-line', '::first-letter', 'div:hover'),
  fc.array(fc.constantFrom('div', 'p', 'span', '.a', '*'), { minLength: 2, maxLength: 12 }).map((xs) => xs.join(' ')),
);
const rule = fc.tuple(selector, style).map(([s, d]) => `${s} { ${d} }`);
const atRule = fc.constantFrom(
  '@page { size: A4; margin: 1cm }', '@page { size: 10px 10px }', '@page :first { margin-top: 5cm }', '@page { @top-center { content: "Top" } }',
  '@page { size: 1e6in }', '@media print { p { color: red } }', '@font-face { font-family: X; src: url(data:font/ttf;base64,AAAA) }',
  '@import url(x.css);', '@supports (display: grid) { div { display: grid } }', '@keyframes k { from { opacity: 0 } }', '@layer a, b;', '@container (width > 10px) { p { color: red } }',
);
const stylesheet = fc.array(fc.oneof({ weight: 4, arbitrary: rule }, { weight: 1, arbitrary: atRule }), { maxLength: 12 }).map((rs) => `<style>${rs.join('\n')}</style>`);

const words = fc.oneof(
  { weight: 6, arbitrary: fc.lorem({ maxCount: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(escapeHtml) },
  { weight: 1, arbitrary: fc.constantFrom('مرحبا بالعالم', 'שלום עולם', '日本語のテキスト', '한국어', '🧾💶✅', 'x\u0301\u0301\u0301', '\u202eevil', 'a\u00adb', 'W'.repeat(400), '&amp; &lt; &#0; &#x110000; &bogus;') },
);

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const mustache = fc.constantFrom('{{name}}', '{{{name}}}', '{{total}}', '{{due}}', '{{missing}}', '{{& name}}', '{{! a comment }}',
  '{{#items}}<li>{{label}} × {{qty}}</li>{{/items}}', '{{^items}}none{{/items}}', '{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}',
  '{{#items}}{{#items}}.{{/items}}{{/items}}', '{{name.length}}', '{{items.0.label}}', '{{constructor}}', '{{#constructor.constructor}}x{{/constructor.constructor}}');
const brokenMustache = fc.constantFrom('{{#items}}', '{{/items}}', '{{', '}}', '{{{name}}', '{{=<% %>=}}<%name%>', '{{>partial}}', '{{#a}}{{/b}}');

const attrs = fc.record({
  cls: fc.option(fc.constantFrom('a', 'b', 'a b'), { nil: undefined }), id: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }),
  style: fc.option(style, { nil: undefined }), span: fc.option(fc.constantFrom('2', '0', '1000', '-1'), { nil: undefined }),
}).map((a) => [a.cls && `class="${a.cls}"`, a.id && `id="${a.id}"`, a.style && `style="${a.style}"`, a.span && `colspan="${a.span}" rowspan="${a.span}"`].filter(Boolean).join(' '));

const IMAGES = ['data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="5" cx="5" cy="5"/></svg>',
  'data:image/png;base64,AAAA', 'http://127.0.0.1:1/x.png', 'file:///etc/passwd', '../../etc/passwd', 'logo.png', 'data:,'];

/** A random element tree `depth` levels deep at most. */
const tree: (depth: number) => fc.Arbitrary<string> = fc.memo((depth: number): fc.Arbitrary<string> => {
  const leaf = fc.oneof({ weight: 5, arbitrary: words }, { weight: 2, arbitrary: mustache },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...VOID), attrs, fc.constantFrom(...IMAGES)).map(([t, a, src]) => `<${t} ${a} src="${src}" alt="i">`) });
  if (depth <= 0) return leaf;
  const element = fc.tuple(fc.constantFrom(...TAGS), attrs, fc.array(tree(depth - 1), { maxLength: 4 }), fc.boolean())
    .map(([tag, a, kids, close]) => `<${tag}${a ? ' ' + a : ''}>${kids.join('')}${close ? `</${tag}>` : ''}`);
  return fc.oneof({ weight: 2, arbitrary: leaf }, { weight: 3, arbitrary: element });
});

/** Pathological shapes: deep nesting, wide tables, long words, big values, cut markup. */
const extreme = fc.oneof(
  fc.integer({ min: 50, max: 3000 }).chain((n) => fc.constantFrom('div', 'span', 'table', 'li', 'b').map((t) => `${`<${t}>`.repeat(n)}deep${`</${t}>`.repeat(n)}`)),
  fc.integer({ min: 10, max: 400 }).map((n) => `<table>${`<tr>${'<td>c</td>'.repeat(n)}</tr>`.repeat(Math.ceil(2000 / n))}</table>`),
  fc.integer({ min: 1000, max: 200000 }).map((n) => `<p>${'x'.repeat(n)}</p>`),
  fc.integer({ min: 100, max: 3000 }).map((n) => '<p>page</p><div style="break-after: page"></div>'.repeat(n)),
  fc.integer({ min: 2, max: 40 }).map((n) => `<style>${Array.from({ length: n }, (_, i) => `.c${i} .c${i + 1}`).join(', ')} { color: red }</style>${'<div class="c1"><div class="c2">'.repeat(n)}x`),
  fc.constantFrom('<', '<<<<>>>>', '<div <p>', '</p></p></div>', '<!--', '<![CDATA[', '<script>while(1){}</script>', '<svg><foreignObject><div>x', '<table><td><table><td>',
    '<math><mi>x</mi></math>', '<template><p>x</p></template>', '<iframe src="file:///etc/passwd"></iframe>', '<base href="file:///"><img src="etc/passwd">', '<link rel="stylesheet" href="http://127.0.0.1:1/x.css">'),
);

const variableSet: VariableDef[] = [
  { name: 'name', type: 'string' }, { name: 'total', type: 'number', default: '0' }, { name: 'due', type: 'date', default: '2026-01-31' },
  { name: 'flag', type: 'boolean', default: false }, { name: 'items', type: 'list', default: [] },
];

const values = fc.record({
  name: fc.oneof({ weight: 5, arbitrary: fc.string({ maxLength: 60 }) }, { weight: 1, arbitrary: fc.integer({ min: 10000, max: 300000 }).map((n) => '<b>x</b>'.repeat(n / 8)) },
    { weight: 1, arbitrary: fc.constantFrom('<script>x</script>', '{{name}}', '</style><p>', '\u0000\uffff', '<img src="file:///etc/passwd">') }),
  total: fc.oneof({ weight: 20, arbitrary: fc.integer().map(String) }, { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom('1e309', 'abc') }),
  due: fc.oneof({ weight: 20, arbitrary: fc.constant('2026-03-01') }, { weight: 1, arbitrary: fc.constant('2026-02-30') }),
  flag: fc.boolean(),
  items: fc.oneof({ weight: 5, arbitrary: fc.array(fc.record({ label: fc.string({ maxLength: 20 }), qty: fc.integer() }), { maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 12000 }).map((n) => Array.from({ length: n }, (_, i) => ({ label: `l${i}`, qty: i }))) }),
}, { requiredKeys: ['name'] });

/** A template (stylesheet, body tree, extremes, Mustache, broken bits), its variables and request values. */
export function templateCase(): fc.Arbitrary<TemplateCase> {
  return fc.record({
    sheet: fc.option(stylesheet, { nil: '', freq: 2 }),
    body: fc.array(tree(4), { minLength: 1, maxLength: 6 }),
    extreme: fc.option(extreme, { nil: '', freq: 4 }),
    broken: fc.option(brokenMustache, { nil: '', freq: 12 }),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined, freq: 8 }),
    doctype: fc.boolean(),
    values,
  }).map((c) => {
    let html = `${c.doctype ? '<!doctype html>' : ''}${c.sheet}${c.body.join('')}${c.extreme}${c.broken}`;
    if (c.cut !== undefined) html = html.slice(0, Math.floor(html.length * c.cut));
    const label = `${html.length} chars${c.extreme ? ', extreme' : ''}${c.broken ? `, broken ${c.broken}` : ''}${c.cut !== undefined ? ', cut' : ''}`;
    return { html, variables: variableSet, values: c.values, label };
  });
}
