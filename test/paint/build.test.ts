// In: fragment trees laid out from hand-built boxes (fake fonts), or built by hand.
// Out: assertions on the display list: Appendix E order (z-index, floats, inline), canvas background, borders/radii, text and decorations, clips, opacity, links, anchors, markers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, para, layoutTree, P, marker, fakeFonts } from '../layout/helpers.ts';
import { buildDisplayList } from '../../src/paint/build.ts';
import type { Color } from '../../src/css/computed.ts';
import type { DisplayItem } from '../../src/paint/display-list.ts';
import type { ImageRef } from '../../src/box/types.ts';

const c = (r: number, g: number, b: number): Color => ({ r, g, b, a: 1 });
const RED = c(255, 0, 0), GREEN = c(0, 128, 0), BLUE = c(0, 0, 255), YEL = c(255, 255, 0);
const rects = (items: DisplayItem[]) => items.filter((i): i is Extract<DisplayItem, { kind: 'rect' }> => i.kind === 'rect');

function build(root: ReturnType<typeof block>, opts: Parameters<typeof layoutTree>[1] = {}, load?: (u: string) => ImageRef | null) {
  const { pages } = layoutTree(root, opts);
  return buildDisplayList(pages, { title: 't' }, { loadImage: load });
}

test('root background covers the whole page (canvas); body background propagates when the root is transparent', () => {
  const body = block({ backgroundColor: GREEN, height: P(10), marginTop: P(8) }, [], {});
  body.element = { name: 'body', attribs: {} } as never;
  const dl = build(block({}, [body]), { width: 100, height: 50 });
  const r = rects(dl.pages[0].items);
  assert.equal(r.length, 1);
  assert.deepEqual(r[0].rect, { x: 0, y: 0, w: 100, h: 50 });
  assert.deepEqual(r[0].color, GREEN);
  const dl2 = build(block({ backgroundColor: RED }, [body]), { width: 100, height: 50 });
  const r2 = rects(dl2.pages[0].items);
  assert.deepEqual(r2.map((x) => x.color), [RED, GREEN]);
  assert.deepEqual(r2[1].rect, { x: 0, y: 8, w: 100, h: 10 });
  assert.equal(dl2.info.title, 't');
});

test('painting order: negative z, blocks, floats, inline content, z auto/0 positioned, positive z', () => {
  const pos2 = block({ position: 'absolute', zIndex: 2, top: P(0), left: P(0), width: P(5), height: P(5), backgroundColor: c(2, 2, 2) });
  const pos1 = block({ position: 'absolute', zIndex: 1, top: P(0), left: P(0), width: P(5), height: P(5), backgroundColor: c(1, 1, 1) });
  const neg = block({ position: 'absolute', zIndex: -1, top: P(0), left: P(0), width: P(5), height: P(5), backgroundColor: c(9, 9, 9) });
  const rel = block({ position: 'relative', height: P(5), backgroundColor: c(7, 7, 7) });
  const flt = block({ float: 'left', width: P(5), height: P(5), backgroundColor: c(5, 5, 5) });
  const blk = block({ height: P(5), backgroundColor: c(3, 3, 3) });
  const root = block({}, [pos2, pos1, rel, neg, flt, blk]);
  const dl = build(root);
  const order = rects(dl.pages[0].items).map((r) => r.color.r);
  assert.deepEqual(order, [9, 3, 5, 7, 1, 2]);
});

test('text: glyph runs at the baseline in the text colour; underline from the decorating block under the glyphs', () => {
  const p = para('ab cd', { fontSize: 10, color: BLUE, textDecorationLine: { underline: true, overline: false, lineThrough: true }, textDecorationColor: RED });
  const dl = build(block({}, [p]));
  const items = dl.pages[0].items;
  const glyphs = items.filter((i) => i.kind === 'glyphs');
  assert.equal(glyphs.length, 2);
  const g0 = glyphs[0] as Extract<DisplayItem, { kind: 'glyphs' }>;
  assert.deepEqual([g0.x, g0.y, g0.color], [0, 8, BLUE]);
  const lines = items.filter((i): i is Extract<DisplayItem, { kind: 'line' }> => i.kind === 'line');
  assert.equal(lines.length, 2, 'one merged underline and one merged line-through');
  assert.deepEqual([lines[0].x1, lines[0].x2], [0, 25]);
  assert.ok(items.indexOf(lines[0]) < items.indexOf(g0), 'underline before the text');
  assert.ok(items.indexOf(lines[1]) > items.indexOf(glyphs[1]), 'line-through after the text');
  assert.ok(lines[0].y > 8, 'underline below the baseline');
  assert.ok(lines[1].y < 8, 'line-through above the baseline');
});

test('borders with radii; background clipped to the padding box with inner radii', () => {
  const side = { width: 2, style: 'solid' as const, color: RED };
  const r = { h: P(10), v: P(10) };
  const b = block({
    height: P(20), width: P(40), borderTop: side, borderRight: side, borderBottom: side, borderLeft: { ...side, style: 'dashed' },
    borderTopLeftRadius: r, borderTopRightRadius: r, borderBottomRightRadius: r, borderBottomLeftRadius: { h: P(30), v: P(30) },
    backgroundColor: GREEN,
    backgroundLayers: [{ image: { kind: 'none' }, repeat: { x: 'repeat', y: 'repeat' }, position: { x: P(0), y: P(0) }, size: { w: 'auto', h: 'auto' }, origin: 'padding-box', clip: 'padding-box' }],
  });
  const dl = build(block({}, [b]));
  const items = dl.pages[0].items;
  const bg = rects(items)[0];
  assert.deepEqual(bg.rect, { x: 2, y: 2, w: 40, h: 20 });
  const border = items.find((i): i is Extract<DisplayItem, { kind: 'border' }> => i.kind === 'border');
  assert.ok(border);
  assert.deepEqual(border.rect, { x: 0, y: 0, w: 44, h: 24 });
  assert.deepEqual(border.widths, [2, 2, 2, 2]);
  assert.deepEqual(border.styles, ['solid', 'solid', 'solid', 'dashed']);
  // Vertical radii on the left side: 10 + 30 = 40 > 24 → scaled by 24/40 = 0.6.
  assert.deepEqual(border.radii?.[0].map((v) => +v.toFixed(3)), [6, 6]);
  assert.deepEqual(border.radii?.[3].map((v) => +v.toFixed(3)), [18, 18]);
  assert.deepEqual(bg.radii?.[0].map((v) => +v.toFixed(3)), [4, 4]);
});

test('overflow hidden clips descendants to the padding box; opacity paints as a group', () => {
  const kid = block({ height: P(50), backgroundColor: RED });
  const box = block({ height: P(20), overflowX: 'hidden', overflowY: 'hidden', opacity: 0.5 }, [kid]);
  const dl = build(block({}, [box]));
  const kinds = dl.pages[0].items.map((i) => i.kind);
  // The outer clip is the page area's (every page's content is clipped to it, as Chromium prints).
  assert.deepEqual(kinds, ['push-clip', 'push-opacity', 'push-clip', 'rect', 'pop-clip', 'pop-opacity', 'pop-clip']);
  const clip = dl.pages[0].items[2] as Extract<DisplayItem, { kind: 'push-clip' }>;
  assert.deepEqual(clip.rect, { x: 0, y: 0, w: 200, h: 20 });
});

test('visibility: hidden paints nothing of the box but a visible child still paints', () => {
  const kid = block({ height: P(5), backgroundColor: RED, visibility: 'visible' });
  const box = block({ height: P(20), backgroundColor: GREEN, visibility: 'hidden' }, [kid]);
  const dl = build(block({}, [box]));
  assert.deepEqual(rects(dl.pages[0].items).map((r) => r.color), [RED]);
});

test('a block link is one annotation over its border box, not one per line inside it; ids become anchors once', () => {
  const p = para('aa bb cc', { fontSize: 10 });
  p.element = { name: 'p', attribs: { id: 'intro' } } as never;
  const link = block({ height: P(30) }, [p]);
  link.element = { name: 'a', attribs: { href: 'https://example.com/' }, parent: null } as never;
  for (const b of [link, p, p.children[0]!]) (b as { href?: string }).href = 'https://example.com/';
  const dl = build(block({}, [link]), { width: 100, height: 50 });
  const links = dl.pages[0].items.filter((i): i is Extract<DisplayItem, { kind: 'link' }> => i.kind === 'link');
  assert.deepEqual(links.map((l) => l.rect), [{ x: 0, y: 0, w: 100, h: 30 }]);
  const anchors = dl.pages[0].items.filter((i) => i.kind === 'anchor');
  assert.deepEqual(anchors, [{ kind: 'anchor', name: 'intro', x: 0, y: 0 }]);
});

test('disc marker: a filled circle left of the content edge; decimal marker: glyphs ending at the content edge', () => {
  const li = para('item', { fontSize: 20, display: 'list-item', listStyleType: 'disc', marginLeft: P(40) }, { marker: marker('•', { fontSize: 20 }) });
  const li2 = para('item', { fontSize: 20, display: 'list-item', listStyleType: 'decimal', marginLeft: P(40) }, { marker: marker('1. ', { fontSize: 20 }) });
  const dl = build(block({}, [li, li2]));
  const items = dl.pages[0].items;
  const disc = rects(items)[0];
  // ascent 16 → ⌊32/3⌋ = 10; side ⌊11/2⌋ = 5; start = 40 − 18 = 22, x = 23; y = 0 + ⌊3·6/2⌋ = 9.
  assert.deepEqual(disc.rect, { x: 23, y: 9, w: 5, h: 5 });
  assert.ok(disc.radii);
  const glyphs = items.filter((i): i is Extract<DisplayItem, { kind: 'glyphs' }> => i.kind === 'glyphs');
  const m = glyphs.find((g) => g.run.text === '1. ');
  assert.ok(m);
  assert.equal(m.x + m.run.width, 40);
  assert.equal(m.y, 20 + 16);
  void fakeFonts;
});

test('background image: no-repeat image at its position; repeat gives image-tiles over the clip box', () => {
  const img: ImageRef = { key: 'k', format: 'png', data: Buffer.alloc(0), width: 10, height: 5 };
  const layer = (repeat: 'no-repeat' | 'repeat') => ({ image: { kind: 'url' as const, url: 'a.png' }, repeat: { x: repeat, y: repeat }, position: { x: { px: 0, pct: 100 }, y: P(2) }, size: { w: 'auto' as const, h: 'auto' as const }, origin: 'padding-box' as const, clip: 'border-box' as const });
  const a = block({ height: P(20), width: P(50), backgroundLayers: [layer('no-repeat')] });
  const b = block({ height: P(20), width: P(50), backgroundLayers: [layer('repeat')] });
  const dl = build(block({}, [a, b]), {}, (u) => (u === 'a.png' ? img : null));
  const items = dl.pages[0].items;
  const im = items.find((i): i is Extract<DisplayItem, { kind: 'image' }> => i.kind === 'image');
  assert.deepEqual(im?.rect, { x: 40, y: 2, w: 10, h: 5 });
  const tiles = items.find((i): i is Extract<DisplayItem, { kind: 'image-tiles' }> => i.kind === 'image-tiles');
  assert.deepEqual([tiles?.area, tiles?.originX, tiles?.originY, tiles?.repeatX], [{ x: 0, y: 20, w: 50, h: 20 }, 40, 22, true]);
  void YEL;
});

test('page-margin boxes paint after the page content; body overflow hidden clips to the page area (viewport)', () => {
  const body = block({ overflowX: 'hidden', overflowY: 'hidden', height: P(5) }, [block({ height: P(50), backgroundColor: RED })]);
  body.element = { name: 'body', attribs: {} } as never;
  const dl = build(block({}, [body]), { width: 100, height: 50, margin: 10 });
  const kinds = dl.pages[0].items.map((i) => i.kind);
  assert.deepEqual(kinds, ['push-clip', 'rect', 'pop-clip']);
  const clip = dl.pages[0].items[0] as Extract<DisplayItem, { kind: 'push-clip' }>;
  assert.deepEqual(clip.rect, { x: 10, y: 10, w: 80, h: 30 });
});

test('the canvas background covers the page area, not the page margins, as Chromium prints it', () => {
  const body = block({ height: P(10) });
  body.element = { name: 'body', attribs: {} } as never;
  const dl = build(block({ backgroundColor: GREEN }, [body]), { width: 100, height: 50, margin: 10 });
  const r = rects(dl.pages[0].items);
  assert.equal(r.length, 1);
  assert.deepEqual(r[0].rect, { x: 10, y: 10, w: 80, h: 30 });
});

test('a box split across pages has no corner radii at its break edges (box-decoration-break: slice)', () => {
  const r = { h: P(8), v: P(8) };
  const tall = block({
    height: P(150), backgroundColor: BLUE,
    borderTop: { width: 2, style: 'solid', color: RED }, borderBottom: { width: 2, style: 'solid', color: RED },
    borderTopLeftRadius: r, borderTopRightRadius: r, borderBottomRightRadius: r, borderBottomLeftRadius: r,
  });
  const dl = build(block({}, [tall]), { width: 100, height: 100 });
  assert.equal(dl.pages.length, 2);
  const radiiOn = (i: number) => {
    const bg = rects(dl.pages[i].items).find((x) => x.color === BLUE);
    const border = dl.pages[i].items.find((x) => x.kind === 'border');
    return { bg: bg?.radii?.map((k) => k[0]), border: border && border.kind === 'border' ? border.radii?.map((k) => k[0]) : undefined };
  };
  // Page 1: rounded top corners only; page 2: rounded bottom corners only.
  assert.deepEqual(radiiOn(0).border, [8, 8, 0, 0]);
  assert.deepEqual(radiiOn(1).border, [0, 0, 8, 8]);
  assert.deepEqual(radiiOn(0).bg?.slice(2), [0, 0]);
  assert.deepEqual(radiiOn(1).bg?.slice(0, 2), [0, 0]);
});

test('background-repeat: space spreads whole tiles to the edges; one tile that fits is placed by background-position', () => {
  const img: ImageRef = { key: 'k', format: 'png', data: Buffer.alloc(0), width: 30, height: 10 };
  type Rep = 'space' | 'repeat' | 'no-repeat';
  const layer = (x: Rep, y: Rep) => ({ image: { kind: 'url' as const, url: 'a.png' }, repeat: { x, y }, position: { x: P(0), y: P(0) }, size: { w: 'auto' as const, h: 'auto' as const }, origin: 'padding-box' as const, clip: 'border-box' as const });
  const load = (u: string) => (u === 'a.png' ? img : null);
  // 100×40: 3 tiles across (gaps of 5 px: x 0, 35, 70), 4 rows without gaps (y 0, 10, 20, 30).
  const dl = build(block({}, [block({ height: P(40), width: P(100), backgroundLayers: [layer('space', 'space')] })]), {}, load);
  const ims = dl.pages[0].items.filter((i): i is Extract<DisplayItem, { kind: 'image' }> => i.kind === 'image');
  assert.deepEqual([...new Set(ims.map((i) => i.rect.x))], [0, 35, 70]);
  assert.deepEqual([...new Set(ims.map((i) => i.rect.y))], [0, 10, 20, 30]);
  assert.equal(ims.length, 12);
  assert.equal(dl.pages[0].items.filter((i) => i.kind === 'push-clip').length, 2, 'the page area, the tiles');
  // repeat × space: one repeating row per spaced y (45 px high: 4 rows, gap 5/3).
  const dl2 = build(block({}, [block({ height: P(45), width: P(100), backgroundLayers: [layer('repeat', 'space')] })]), {}, load);
  const rows = dl2.pages[0].items.filter((i): i is Extract<DisplayItem, { kind: 'image-tiles' }> => i.kind === 'image-tiles');
  assert.deepEqual(rows.map((r) => [+r.originY.toFixed(3), r.repeatX, r.repeatY]), [[0, true, false], [11.667, true, false], [23.333, true, false], [35, true, false]]);
  // 50×15: a single tile fits across and down: placed once at the position, no repetition.
  const dl3 = build(block({}, [block({ height: P(15), width: P(50), backgroundLayers: [layer('space', 'space')] })]), {}, load);
  const one = dl3.pages[0].items.filter((i) => i.kind === 'image' || i.kind === 'image-tiles');
  assert.equal(one.length, 1);
  assert.deepEqual(one[0].kind === 'image' ? one[0].rect : null, { x: 0, y: 0, w: 30, h: 10 });
});
