// In: HTML with absolutely/fixed positioned boxes inside inline content, through the real stages (box tree keeps
// the outer display before blockification). Out: assertions on the abspos boxes' static positions in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Fragment, PageFragment, BoxFragment } from '../../src/layout/fragment.ts';
import { allLines, layoutHtml } from './inline/e2e.ts';

function byId(pages: PageFragment[], id: string): BoxFragment {
  let found: BoxFragment | undefined;
  const walk = (f: Fragment): void => {
    if (found) return;
    if (f.kind === 'box' && f.box.element?.attribs.id === id) { found = f; return; }
    if (f.kind === 'box' || f.kind === 'inline' || f.kind === 'line') f.children.forEach(walk);
  };
  for (const p of pages) p.children.forEach(walk);
  assert.ok(found, `#${id} laid out`);
  return found!;
}

test('static position: block-level abspos below the line, inline-level at the pen (CSS 2.1 §10.3.7, css-display-3 §2.7)', () => {
  const { pages } = layoutHtml(`<!doctype html><body style="margin:0 0 0 7px; font: 20px/30px 'Liberation Mono'">
    aa <div id=d style="position:absolute">x</div><span id=s style="position:absolute">y</span>bb
    <p id=f style="position:fixed; margin:0">z</p><b id=i style="position:absolute; display:inline-block">w</b></body>`);
  const line = allLines(pages)[0]!; // the body's line "aa bb" (the abspos boxes' own lines follow)
  const x0 = line.x; // the body's content edge: page margin + 7px
  const adv = 12; // Liberation Mono: 1229/2048 em at 20px ≈ 12.0 px per character
  const d = byId(pages, 'd'), s = byId(pages, 's'), f = byId(pages, 'f'), i = byId(pages, 'i');
  // <div>: block-level before blockification: the content edge, below the 30px line box.
  assert.equal(d.x, x0);
  assert.equal(d.y, line.y + line.height);
  // <span> (inline): after "aa " on the line.
  assert.ok(Math.abs(s.x - (x0 + 3 * adv)) < 0.5, `span x ${s.x}`);
  assert.equal(s.y, line.y);
  // <p> fixed, block-level, after "aa bb ": below the line too; an inline-block stays on it.
  assert.equal(f.x, x0);
  assert.equal(f.y, line.y + line.height);
  assert.ok(i.x > x0 + 5 * adv - 0.5, `inline-block x ${i.x}`);
  assert.equal(i.y, line.y);
});
