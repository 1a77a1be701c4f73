// In: hand-made LayoutNode trees (two sides of one document). Out: checks of tools/diverge/compare.ts: pairing,
// the first divergence (a cause, not the ancestors it made taller), grouping of inherited shifts, text and presence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairTrees, firstDivergence, allDivergences, ancestry } from '../../tools/diverge/compare.ts';
import type { LayoutNode, Rect } from '../../tools/diverge/compare.ts';

const R = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });
const N = (tag: string, box: Rect | null, children: LayoutNode[] = [], extra: Partial<LayoutNode> = {}): LayoutNode =>
  ({ tag, classes: [], box, texts: [], style: {}, children, ...extra });

/** html > body > (header, table.items > tbody > 3 rows of 2 cells, footer); rows 20 px tall. */
function doc(): LayoutNode {
  const rows = [0, 1, 2].map((i) => N('tr', R(0, 40 + 20 * i, 600, 20), [N('td', R(0, 40 + 20 * i, 300, 20)), N('td', R(300, 40 + 20 * i, 300, 20))]));
  return N('html', R(0, 0, 600, 140), [N('body', R(0, 0, 600, 140), [
    N('div', R(0, 0, 600, 40), [], { id: 'header', texts: [R(0, 10, 80, 17)] }),
    N('table', R(0, 40, 600, 60), [N('tbody', R(0, 40, 600, 60), rows)], { classes: ['items'] }),
    N('footer', R(0, 100, 600, 40), [N('p', R(0, 100, 600, 20))]),
  ])]);
}
const at = (n: LayoutNode, ...idx: number[]): LayoutNode => idx.reduce((m, i) => m.children[i]!, n);
/** Moves a node and its subtree by dy. */
const shift = (n: LayoutNode, dy: number): void => { if (n.box) n.box.y += dy; for (const t of n.texts) t.y += dy; n.children.forEach((c) => shift(c, dy)); };

test('identical layouts have no divergence', () => {
  assert.equal(firstDivergence(pairTrees(doc(), doc()), 1), null);
  assert.deepEqual(allDivergences(pairTrees(doc(), doc()), 1), []);
});

test('differences within the tolerance are not divergences; past it they are', () => {
  const ours = doc();
  at(ours, 0, 2).box!.y += 0.9;
  assert.equal(firstDivergence(pairTrees(ours, doc()), 1), null);
  at(ours, 0, 2).box!.y += 0.2;
  assert.equal(firstDivergence(pairTrees(ours, doc()), 1)?.pair.path, 'html > body > footer');
});

test('a narrower cell is the first divergence, with its path, delta and ancestors', () => {
  const ours = doc();
  at(ours, 0, 1, 0, 1, 1).box!.width -= 18; // second row, second cell
  const d = firstDivergence(pairTrees(ours, doc()), 1)!;
  assert.equal(d.kind, 'box');
  assert.equal(d.pair.path, 'html > body > table.items > tbody > tr:nth-child(2) > td:nth-child(2)');
  assert.deepEqual(d.delta, { dx: 0, dy: 0, dw: -18, dh: 0 });
  assert.deepEqual(ancestry(d.pair).map((a) => a.delta?.dw), [0, 0, 0, 0, 0, -18]);
});

test('a taller row is the cause; the body and table it made taller are not, and what follows moved with it', () => {
  const ours = doc();
  const row = at(ours, 0, 1, 0, 0);
  row.box!.height += 4;
  for (const td of row.children) td.box!.height += 4;
  for (const n of [at(ours, 0, 1, 0, 1), at(ours, 0, 1, 0, 2), at(ours, 0, 2)]) shift(n, 4);
  for (const n of [ours, at(ours, 0), at(ours, 0, 1), at(ours, 0, 1, 0)]) n.box!.height += 4;
  const first = firstDivergence(pairTrees(ours, doc()), 1)!;
  // The row is taller because its cells are: the first cell is where it starts.
  assert.equal(first.pair.path, 'html > body > table.items > tbody > tr:nth-child(1) > td:nth-child(1)');
  assert.equal(first.kind, 'height');
  const groups = allDivergences(pairTrees(ours, doc()), 1);
  const paths = groups.map((g) => `${g.leader.pair.path.split(' > ').slice(-2).join(' > ')} ×${1 + g.members.length} +${g.inherited}`);
  // Cells of row 1 (one group of two); rows 2–3 moved by 4 (one group, their 4 cells inherited); the footer moved (its p inherited).
  assert.deepEqual(paths, ['tr:nth-child(1) > td:nth-child(1) ×2 +0', 'tbody > tr:nth-child(2) ×2 +4', 'body > footer ×1 +1']);
});

test('an element without a box on our side is reported as missing; a zero-area one is not', () => {
  const ours = doc();
  at(ours, 0, 2, 0).box = null;
  assert.equal(firstDivergence(pairTrees(ours, doc()), 1)?.kind, 'missing-ours');
  const theirs = doc();
  at(theirs, 0, 2, 0).box = R(0, 100, 0, 0);
  assert.equal(firstDivergence(pairTrees(ours, theirs), 1), null);
});

test('text placed lower inside an unchanged box is a text divergence', () => {
  const ours = doc();
  at(ours, 0, 0).texts[0]!.y += 4.5;
  const d = firstDivergence(pairTrees(ours, doc()), 1)!;
  assert.equal(d.kind, 'text');
  assert.equal(d.pair.path, 'html > body > div#header');
  assert.equal(d.text!.ours.y - d.text!.theirs.y, 4.5);
});

test('an element only one side has is paired around (longest common subsequence), not shifting its siblings\' pairs', () => {
  const theirs = doc();
  at(theirs, 0).children.splice(1, 0, N('script', null));
  at(theirs, 0).children.splice(2, 0, N('aside', R(0, 40, 10, 10)));
  const root = pairTrees(doc(), theirs);
  const body = root.children[0]!;
  assert.deepEqual(body.children.map((p) => `${p.ours?.tag ?? '-'}/${p.theirs?.tag ?? '-'}`), ['div/div', '-/script', '-/aside', 'table/table', 'footer/footer']);
  assert.equal(firstDivergence(root, 1)?.kind, 'unpaired');
});

test('the same divergence in every row is one group, whatever lies between', () => {
  const ours = doc();
  for (const r of [0, 1, 2]) {
    const [a, b] = at(ours, 0, 1, 0, r).children;
    a!.box!.width -= 2; b!.box!.x -= 2; b!.box!.width += 2;
  }
  const groups = allDivergences(pairTrees(ours, doc()), 1);
  assert.deepEqual(groups.map((g) => [g.pattern.split(' > ').slice(-2).join(' > '), g.leader.delta!.dx, 1 + g.members.length]),
    [['tr:nth-child(*) > td:nth-child(*)', 0, 3], ['tr:nth-child(*) > td:nth-child(*)', -2, 3]]);
});

test('a full-width child that changed exactly as its parent did is counted under it', () => {
  const ours = doc();
  const table = at(ours, 0, 1);
  const widen = (n: LayoutNode): void => { if (n.box) { n.box.x -= 16; n.box.width += 32; } n.children.forEach(widen); };
  widen(table);
  const groups = allDivergences(pairTrees(ours, doc()), 1);
  // The table leads; tbody, the rows and the first cells changed exactly as it did; the second cells moved by 16 and grew by 32 too.
  assert.equal(groups[0]!.leader.pair.path, 'html > body > table.items');
  assert.equal(groups.length, 1);
  assert.equal(groups[0]!.inherited, 10);
});

test('a taller cell carries its text\'s line counts', () => {
  const ours = doc();
  const cell = at(ours, 0, 1, 0, 0, 0);
  cell.texts = [R(0, 42, 200, 17), R(0, 59, 100, 17)];
  cell.box!.height += 17;
  const theirs = doc();
  at(theirs, 0, 1, 0, 0, 0).texts = [R(0, 42, 290, 17)];
  const d = firstDivergence(pairTrees(ours, theirs), 1)!;
  assert.equal(d.kind, 'height');
  assert.deepEqual([d.text!.oursLines, d.text!.theirsLines], [2, 1]);
});
