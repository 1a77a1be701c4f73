// In: @page rules with css-gcpm-3 `:nth(An+B [of name])` selectors, cascaded through the real stylesheet code.
// Out: assertions on which pages they match and on their specificity (css-page-3 §4.2, :nth counted like :first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAnB, parsePageSelectors } from '../../src/css/page.ts';
import { render } from './cascade-helpers.ts';
import { layoutHtml } from '../layout/helpers.ts';

const ctx = (index: number, extra: { name?: string; groupIndex?: number } = {}) => ({ first: index === 0, right: index % 2 === 0, blank: false, index, ...extra });

test('An+B microsyntax: odd, even, integers, signs and spaces', () => {
  assert.deepEqual(parseAnB('odd'), { a: 2, b: 1 });
  assert.deepEqual(parseAnB(' EVEN '), { a: 2, b: 0 });
  assert.deepEqual(parseAnB('3'), { a: 0, b: 3 });
  assert.deepEqual(parseAnB('-n+3'), { a: -1, b: 3 });
  assert.deepEqual(parseAnB('2n - 1'), { a: 2, b: -1 });
  assert.deepEqual(parseAnB('+n'), { a: 1, b: 0 });
  assert.equal(parseAnB('2x+1'), null);
  assert.equal(parseAnB(''), null);
});

test(':nth(An+B) matches page numbers A·n+B with n >= 0', () => {
  const pages = (sel: string): string => {
    const { sd } = render(`<!doctype html><style>@page { size: 10px } @page ${sel} { margin-top: 3px }</style><p>x`);
    let out = '';
    for (let i = 0; i < 10; i++) out += (sd.pageStyle(ctx(i)).style.marginTop as { px: number }).px === 3 ? 'R' : '_';
    return out;
  };
  assert.equal(pages(':nth(2n)'), '_R_R_R_R_R');
  assert.equal(pages(':nth(odd)'), 'R_R_R_R_R_');
  assert.equal(pages(':nth(2n+3)'), '__R_R_R_R_');
  assert.equal(pages(':nth(n-1)'), 'RRRRRRRRRR');
  assert.equal(pages(':nth(-n+3)'), 'RRR_______');
  assert.equal(pages(':nth(-2n+3)'), 'R_R_______');
  assert.equal(pages(':nth(-n-3)'), '__________');
  assert.equal(pages(':nth(3)'), '__R_______');
  assert.equal(pages(':nth(0n+0)'), '__________');
});

test(':nth(An+B of name) counts pages of that named group; :nth has the specificity of :first', () => {
  const { sd } = render(`<!doctype html><style>
    @page { size: 10px }
    @page :nth(1) { margin-top: 1px }
    @page :first { margin-top: 2px }
    @page :nth(2 of chapter) { margin-top: 5px }
    @page :right { margin-top: 9px }
  </style><p>x`);
  const top = (c: ReturnType<typeof ctx>): number => (sd.pageStyle(c).style.marginTop as { px: number }).px;
  assert.equal(top(ctx(0)), 2, ':first and :nth(1) tie, the later wins; both beat :right');
  assert.equal(top(ctx(4, { name: 'chapter', groupIndex: 1 })), 5, 'second page of the chapter group');
  assert.equal(top(ctx(4, { name: 'chapter', groupIndex: 0 })), 9);
  assert.equal(top(ctx(4, { name: 'other', groupIndex: 1 })), 9);
  assert.equal(parsePageSelectors(':nth(foo)'), null, 'invalid An+B drops the rule');
  assert.equal(parsePageSelectors(':first(2)'), null);
});

test(':nth() through pagination: every second page of the laid-out document gets the red background', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 20px; margin: 0 } @page :nth(2n) { background: red } p { margin: 0; break-after: page }</style>${'<p></p>'.repeat(4)}`);
  assert.equal(r.pages.length, 4);
  assert.deepEqual(r.pages.map((p) => p.style.backgroundColor.a > 0 ? 'R' : '_').join(''), '_R_R');
});

test(':nth(1 of chapter) matches the first page of each element named chapter, not the following ones', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 40px; margin: 0 } @page :nth(1 of chapter) { background: red }
    body { margin: 0 } section { page: chapter; break-before: page } p { margin: 0; height: 40px }</style>
    <section><p></p><p></p></section><section><p></p></section><div><p></p></div>`);
  assert.equal(r.pages.length, 4);
  assert.deepEqual(r.pages.map((p) => p.style.backgroundColor.a > 0 ? 'R' : '_').join(''), 'R_R_');
});
