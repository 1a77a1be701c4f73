// In: documents with running elements (position: running(), content: element()) and named strings (string-set, string()).
// Out: assertions on what each page's margin boxes hold and on the flow the running elements left (css-gcpm-3 §1, §2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { PageFragment } from '../../src/layout/fragment.ts';

/** The text laid out in margin box `name` of `page`, words joined by spaces. */
function boxText(page: PageFragment, name: string): string | null {
  const mb = page.marginBoxes.find((m) => m.name === name);
  if (!mb) return null;
  return allFragments(mb.fragment.children).filter((f) => f.kind === 'text').map((f) => (f as { text: string }).text).join(' ').replace(/\s+/g, ' ').trim();
}

test('a running element leaves the flow: the inline content around it joins into one line', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 60px; margin: 0 0 20px; @bottom-center { content: element(test) } }
    body { margin: 0; font: 10px/10px monospace } div { position: running(test) }</style><span>aa </span><div>head</div><span> aa</span>`);
  const lines = allFragments(r.pages[0].children).filter((f) => f.kind === 'line');
  assert.equal(lines.length, 1);
  assert.equal(boxText(r.pages[0], 'bottom-center'), 'head');
  const mb = r.pages[0].marginBoxes[0]!.fragment;
  assert.equal(mb.y, 40, 'in the bottom margin');
});

test('element(): each page shows the latest running element assigned on or before it; last and first-except', () => {
  const html = (which: string) => `<!doctype html><style>@page { size: 200px 60px; margin: 20px 0; @top-left { content: element(title${which}) } }
    body { margin: 0; font: 10px/10px monospace } h1 { position: running(title); font-size: 10px } p { margin: 0; break-after: page }</style>
    <h1>One</h1><h1>Uno</h1><p>a</p><p>b</p><h1>Two</h1><p>c</p>`;
  const first = layoutHtml(html(''));
  assert.equal(first.pages.length, 3);
  assert.deepEqual(first.pages.map((p) => boxText(p, 'top-left')), ['One', 'Uno', 'Two']);
  const last = layoutHtml(html(', last'));
  assert.deepEqual(last.pages.map((p) => boxText(p, 'top-left')), ['Uno', 'Uno', 'Two']);
  const except = layoutHtml(html(', first-except'));
  assert.deepEqual(except.pages.map((p) => boxText(p, 'top-left') || null), [null, 'Uno', null]);
});

test('a running table is laid out in the margin box with its own borders', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 100px; margin: 0 0 40px; @bottom-left { content: element(t); vertical-align: top } }
    body { margin: 0; font: 10px/10px monospace } table { position: running(t); border: 2px solid; border-collapse: collapse } div { break-after: page }</style>
    <table><tr><td>A</td></tr></table><div>1</div><div>2</div>`);
  assert.equal(r.pages.length, 2);
  for (const p of r.pages) {
    const mb = p.marginBoxes.find((m) => m.name === 'bottom-left');
    assert.ok(mb);
    const table = allFragments(mb.fragment.children).find((f) => f.kind === 'box' && f.box.kind === 'table');
    assert.ok(table && table.kind === 'box');
    assert.equal(table.y, 60, 'at the top of the bottom margin');
    assert.equal(boxText(p, 'bottom-left'), 'A');
  }
});

test('string-set and string(): the running header holds the current chapter title', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 60px; margin: 20px 0; @top-center { content: "Ch. " string(chapter) }
    @bottom-center { content: string(chapter, last) } }
    body { margin: 0; font: 10px/10px monospace } h2 { string-set: chapter content(text); margin: 0; font-size: 10px } p { margin: 0 }
    .b { break-before: page }</style>
    <h2>Intro</h2><p>x</p><h2 class=b>Setup</h2><p>y</p><p class=b>z</p>`);
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.pages.map((p) => boxText(p, 'top-center')), ['Ch. Intro', 'Ch. Setup', 'Ch. Setup']);
  assert.deepEqual(r.pages.map((p) => boxText(p, 'bottom-center')), ['Intro', 'Setup', 'Setup']);
});

test('counter(page) and counter(pages) inside a running element show each page its own numbers', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 60px; margin: 0 0 20px; @bottom-right { content: element(foot) } }
    body { margin: 0; font: 10px/10px monospace } footer { position: running(foot) } .n::after { content: counter(page) "/" counter(pages) }
    p { margin: 0; break-after: page }</style><footer>Page <span class=n></span></footer><p>a</p><p>b</p><p>c</p>`);
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.pages.map((p) => boxText(p, 'bottom-right')?.replace(/\s+/g, '')), ['Page1/3', 'Page2/3', 'Page3/3']);
});

test("element(name, start): a running element first on its page shows there; one after other content waits for the next page", () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 60px; margin: 20px 0; @top-left { content: element(title, start) } }
    body { margin: 0; font: 10px/10px monospace } h1 { position: running(title); font-size: 10px } p { margin: 0 } .b { break-before: page }</style>
    <h1>One</h1><p>a</p><p class=b>b</p><h1>Two</h1><p>c</p><p class=b>d</p>`);
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.pages.map((p) => boxText(p, 'top-left')), ['One', 'One', 'Two']);
});

test('string-set content(before) takes the generated ::before text of the element', () => {
  const r = layoutHtml(`<!doctype html><style>@page { size: 200px 60px; margin: 20px 0; @top-center { content: string(n) " " string(t) } }
    body { margin: 0; font: 10px/10px monospace; counter-reset: ch } h2 { counter-increment: ch; string-set: n content(before), t content(text); margin: 0; font-size: 10px }
    h2::before { content: "Chapter " counter(ch) ": " } .b { break-before: page }</style><h2>Intro</h2><h2 class=b>Setup</h2>`);
  assert.deepEqual(r.pages.map((p) => boxText(p, 'top-center')), ['Chapter 1: Intro', 'Chapter 2: Setup']);
});
