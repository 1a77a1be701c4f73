/**
 * Property test of the box tree: random nested markup with random display / float / position /
 * white-space values. In: seeded random documents through the real cascade. Out: the structural
 * invariants layout relies on, checked on every box (no crash, no stray table parts, no mixed
 * block/inline children, blocks never inside inline boxes, flex items blockified).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from './helpers.ts';
import type { Box } from '../../src/box/types.ts';

const MAX_DEPTH = Number(process.env.BOX_FUZZ_DEPTH ?? 3);
const TAGS = ['div', 'span', 'p', 'b', 'table', 'tr', 'td', 'ul', 'li', 'img', 'br', 'section', 'a', 'pre', 'ol'];
const DISPLAYS = ['block', 'inline', 'inline-block', 'list-item', 'none', 'contents', 'table', 'inline-table',
  'table-row-group', 'table-row', 'table-cell', 'table-caption', 'table-column', 'flex', 'inline-flex', 'grid'];
const EXTRA = ['float: left', 'position: absolute', 'white-space: pre', 'white-space: pre-line', 'text-transform: capitalize'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomMarkup(r: () => number, depth: number): string {
  let out = '';
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const x = r();
    if (x < 0.3 || depth > MAX_DEPTH) {
      out += ['text ', ' ', '\n  word\t', 'a  b ', ''][Math.floor(r() * 5)];
      continue;
    }
    const tag = TAGS[Math.floor(r() * TAGS.length)]!;
    let style = '';
    if (r() < 0.5) style += `display: ${DISPLAYS[Math.floor(r() * DISPLAYS.length)]};`;
    if (r() < 0.25) style += EXTRA[Math.floor(r() * EXTRA.length)] + ';';
    const attrs = (style ? ` style="${style}"` : '') + (tag === 'a' ? ' href="#x"' : '') + (tag === 'td' ? ' colspan="2"' : '');
    if (tag === 'img' || tag === 'br') { out += `<${tag}${attrs}>`; continue; }
    out += `<${tag}${attrs}>${randomMarkup(r, depth + 1)}</${tag}>`;
  }
  return out;
}

const isOut = (b: Box): boolean => (b.kind === 'block' || b.kind === 'replaced' || b.kind === 'table-wrapper' || b.kind === 'flex' || b.kind === 'grid') &&
  (b.style.float !== 'none' || b.style.position === 'absolute' || b.style.position === 'fixed');
const blockLevel = (b: Box): boolean =>
  (b.kind === 'block' || b.kind === 'table-wrapper' || b.kind === 'flex' || b.kind === 'grid' || b.kind === 'replaced') && b.outer === 'block' && !isOut(b);
const inlineLevel = (b: Box): boolean =>
  b.kind === 'text' || b.kind === 'br' || b.kind === 'inline' ||
  ((b.kind === 'block' || b.kind === 'table-wrapper' || b.kind === 'flex' || b.kind === 'grid' || b.kind === 'replaced') && b.outer === 'inline' && !isOut(b));

function check(b: Box, path: string, inLink: boolean): void {
  const here = `${path}/${b.kind}${b.element ? '<' + b.element.name + '>' : ''}`;
  assert.notEqual((b as { kind: string }).kind, 'raw-table-part', here);
  if (inLink) assert.equal(b.href, '#x', `${here} lost its link`);
  const link = inLink || (b.element?.name === 'a' && !b.anonymous);
  switch (b.kind) {
    case 'block': case 'table-cell':
      for (const c of b.children) {
        if (b.inlineContent) assert.ok(!blockLevel(c), `${here}: block-level child in inline content`);
        else assert.ok(!inlineLevel(c), `${here}: inline-level child among blocks (${c.kind})`);
        check(c, here, link && !c.anonymous);
      }
      if (b.kind === 'block' && b.marker) assert.equal(b.marker.kind, 'marker');
      break;
    case 'inline':
      for (const c of b.children) {
        assert.ok(!blockLevel(c), `${here}: block inside an inline box`);
        check(c, here, link);
      }
      break;
    case 'flex': case 'grid':
      for (const c of b.children) {
        assert.ok(c.kind !== 'text' && c.kind !== 'inline' && c.kind !== 'br', `${here}: unwrapped ${c.kind} in a flex/grid container`);
        if (c.kind === 'block' && !c.anonymous && c.outer !== 'block') assert.fail(`${here}: item not blockified`);
        check(c, here, link && !c.anonymous);
      }
      break;
    case 'table-wrapper':
      assert.equal(b.table.kind, 'table');
      for (const c of b.captions) { assert.equal(c.kind, 'block'); check(c, here, link && !c.anonymous); }
      for (const col of b.table.columns) assert.equal(col.kind, 'table-column');
      for (const g of b.table.rowGroups) {
        assert.equal(g.kind, 'table-row-group');
        for (const r of g.rows) {
          assert.equal(r.kind, 'table-row');
          for (const c of r.cells) { assert.equal(c.kind, 'table-cell'); check(c, here, link && !c.anonymous); }
        }
      }
      break;
    case 'text':
      assert.equal(typeof b.text, 'string');
      if (b.style.whiteSpace === 'normal' || b.style.whiteSpace === 'nowrap') assert.ok(!/[\n\t]|  /.test(b.text), `${here}: uncollapsed "${b.text}"`);
      assert.ok(b.text !== '' || b.pageCounter, `${here}: empty run`);
      assert.equal(b.element, undefined, `${here}: text runs have no element`);
      assert.ok(!b.text.includes('\n'), `${here}: newline left in a run (must be a space or a LineBreak)`);
      break;
    default:
      break;
  }
}

const SEEDS = Number(process.env.BOX_FUZZ_SEEDS ?? 100);

test(`random documents: structural invariants hold on every box (${SEEDS} seeded documents)`, () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = rng(seed);
    const html = `<!doctype html><html><head></head><body>${randomMarkup(r, 0)}</body></html>`;
    const { root } = build(html);
    try {
      check(root, '', false);
    } catch (e) {
      (e as Error).message += `\nseed ${seed}: ${html}`;
      throw e;
    }
  }
});
