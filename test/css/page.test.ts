import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePageSelectors } from '../../src/css/page.ts';
import { render } from './cascade-helpers.ts';

const first = { first: true, right: true, blank: false };
const second = { first: false, right: false, blank: false };
const third = { first: false, right: true, blank: false };

test('default page: the UA @page rule gives Chromium\'s A4 as laid out (size auto, 596 × 843 pt) with 10 mm margins as 28 pt', () => {
  const { sd } = render('<!doctype html><p>x');
  const p = sd.pageStyle(first);
  assert.ok(Math.abs(p.size.width - 596 * 4 / 3) < 1e-9 && p.size.height === 1124, `${p.size.width} × ${p.size.height}`);
  assert.ok(Math.abs((p.style.marginTop as { px: number }).px - 28 * 4 / 3) < 1e-9);
  assert.deepEqual(p.marginBoxes, {});
});

test('page selectors: :first, :left/:right, names, :blank, with css-page-3 specificity', () => {
  const { sd } = render(`<!doctype html><style>
    @page { size: letter; margin: 20px }
    @page :first { margin-top: 50px }
    @page :left { margin-left: 30px }
    @page :right { margin-left: 40px }
    @page wide { size: 100mm 50mm }
    @page wide:first { margin-top: 5px }
    @page :blank { margin-top: 1px }
    @page :first { margin-top: 60px }
  </style><p>x`);
  const m = (ctx: Parameters<typeof sd.pageStyle>[0]) => { const s = sd.pageStyle(ctx).style; return [(s.marginTop as any).px, (s.marginLeft as any).px]; };
  assert.deepEqual(sd.pageStyle(first).size, { width: 816, height: 1056 });
  assert.deepEqual(m(first), [60, 40], 'later :first wins; page 1 is a right page');
  assert.deepEqual(m(second), [20, 30]);
  assert.deepEqual(m(third), [20, 40]);
  assert.deepEqual(m({ ...second, blank: true }), [1, 30]);
  const w = sd.pageStyle({ name: 'wide', first: true, right: true, blank: false });
  assert.equal(Math.round(w.size.width), 378);
  assert.deepEqual([(w.style.marginTop as any).px], [5], 'name + :first beats :first');
  assert.equal(sd.pageStyle(first), sd.pageStyle({ ...first }), 'memoised per context');
});

test('margin boxes: only those with content; parent is the page context; UA alignment defaults', () => {
  const { sd } = render(`<!doctype html><style>
    @page { color: red; @top-center { content: "Title" } @bottom-right { content: none } @bottom-left { font-size: 10px } }
    @page :first { @top-center { content: "First" } }
  </style><p>x`);
  const p1 = sd.pageStyle(first);
  assert.deepEqual(Object.keys(p1.marginBoxes), ['top-center']);
  assert.deepEqual(p1.marginBoxes['top-center']!.content, [{ kind: 'string', value: 'First' }]);
  assert.equal(p1.marginBoxes['top-center']!.color.r, 255, 'inherits from the page context');
  assert.equal(p1.marginBoxes['top-center']!.textAlign, 'center');
  assert.deepEqual(sd.pageStyle(second).marginBoxes['top-center']!.content, [{ kind: 'string', value: 'Title' }]);
});

test('!important in @page and invalid page selectors', () => {
  const { sd, warnings } = render(`<!doctype html><style>
    @page { margin-top: 9px !important } @page :first { margin-top: 1px }
    @page :nope { margin-top: 2px }
  </style>`);
  assert.equal((sd.pageStyle(first).style.marginTop as any).px, 9);
  assert.ok(warnings.list.some((w) => w.code === 'unsupported-selector' && /:nope/.test(w.message)));
  assert.equal(parsePageSelectors('a:first:left')![0]!.spec, 1e6 + 1e3 + 1);
  assert.equal(parsePageSelectors('x y'), null);
});

// Chromium 156 figures (page.pdf, format A4, 10 mm margins, preferCSSPageSize, print emulation; which of the rules
// below printed): print media queries see the print settings' page area, 720 x 1049.3 px, whatever @page says;
// `min-width: 720px` and `width: 720px` apply, 721px does not; `min-height: 1049px` applies, 1050px and
// `height: 1049px` do not; portrait; with no @page, `margin: 0`, `size: A5; margin: 0`, `size: A3`, `size: A4 landscape`
// and `margin: 30mm` alike.
const MEDIA_RULES = `p { color: red }
  @media (min-width: 720px) { .w720 { color: green } } @media (min-width: 721px) { .w721 { color: green } }
  @media (width: 720px) { .wexact { color: green } }
  @media (min-height: 1049px) { .h1049 { color: green } } @media (min-height: 1050px) { .h1050 { color: green } }
  @media (height: 1049px) { .hexact { color: green } }
  @media (orientation: portrait) { .port { color: green } } @media (orientation: landscape) { .land { color: green } }`;
const SHOWN = ['w720', 'wexact', 'h1049', 'port'];

for (const page of ['', '@page { margin: 0 }', '@page { size: A5; margin: 0 }', '@page { size: A3 }', '@page { size: A4 landscape }', '@page { margin: 30mm }']) {
  test(`print media queries see the print settings' page area, not @page (${page || 'no @page'}; Chromium 156)`, () => {
    const classes = ['w720', 'w721', 'wexact', 'h1049', 'h1050', 'hexact', 'port', 'land'];
    const { color } = render(`<!doctype html><style>${page} ${MEDIA_RULES}</style>${classes.map((c) => `<p id=${c} class=${c}></p>`).join('')}`);
    const shown = classes.filter((c) => color(c) === '0,128,0');
    assert.deepEqual(shown, SHOWN);
  });
}

test('Bootstrap-style @media print { @page { size } } sets the page size, not the media queries (Chromium 156)', () => {
  // Chromium 156, same set-up: the page is 900 x 600 pt, `min-width: 992px` does not apply, `max-width: 721px` does.
  const { color, sd } = render(`<!doctype html><style>
    @media print { @page { size: 1200px 800px; margin: 0 } }
    #a { color: red } @media (min-width: 992px) { #a { color: blue } }
    #b { color: red } @media (max-width: 721px) { #b { color: green } }
  </style><p id=a></p><p id=b></p>`);
  assert.equal(sd.pageStyle(first).size.width, 1200);
  assert.equal(color('a'), '255,0,0');
  assert.equal(color('b'), '0,128,0');
});

test('the page context inherits from the root element (css-page-3 §6); margin boxes from the page', () => {
  const { sd } = render(`<!doctype html><style>
    :root { color: blue; --c: green }
    @page { @top-left { content: "x" } @top-right { content: "y"; color: var(--c) } }
  </style>`);
  const p = sd.pageStyle(first);
  assert.equal(p.style.color.b, 255);
  assert.equal(p.marginBoxes['top-left']!.color.b, 255);
});

