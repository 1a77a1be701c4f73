// Tests of FontFaceSets, a compiled template's @font-face faces kept between renders. In: font contexts sharing a
// store, rule lists (the same array or a copy), failing sources; compiled renders. Out: assertions on kept faces and results, warnings, bounds, bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { FontFaceRule } from '../../src/css/styled.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import { createFontContext, FontFaceSets } from '../../src/text/index.ts';
import { compileTemplate, renderPdf } from '../../src/index.ts';
import { fillTemplate } from '../../src/template/fill.ts';
import { spec, FONTS_BASE } from './helpers.ts';

const rule = (family: string, file: string): FontFaceRule => ({ family, sources: [{ kind: 'url', url: file, format: 'truetype' }], weight: [400, 400], style: 'normal', unicodeRange: [] });

/** A render's font context over the bundled fonts folder with `sets`, its @font-face rules added. */
function render(sets: FontFaceSets, rules: readonly FontFaceRule[]) {
  const warnings = new WarningSink();
  const ctx = createFontContext({ loader: new ResourceLoader(FONTS_BASE.href), warnings, faceSets: sets });
  ctx.addFontFaces(rules);
  return { ctx, warnings };
}

test('a render with the same rule list takes the faces and shaped text of the one before', () => {
  const sets = new FontFaceSets();
  const rules = [rule('Body', 'DejaVuSans.ttf')];
  const a = render(sets, rules);
  const runsA = a.ctx.shape('Invoice 2026', spec('Body'));
  const faceA = a.ctx.match(spec('Body'));
  assert.equal(sets.bytes > 0, true, 'the loaded font and the shaped text are counted');
  const b = render(sets, rules);
  assert.equal(b.ctx.match(spec('Body')), faceA, 'the same face object');
  assert.equal(b.ctx.shape('Invoice 2026', spec('Body')), runsA, 'the shaped text kept');
  assert.equal(b.ctx.shapingScope, a.ctx.shapingScope);
  assert.deepEqual(b.ctx.shape('Total 17', spec('Body')).map((r) => r.face), [faceA], 'new text shaped with the kept face');
  assert.deepEqual([a.warnings.list, b.warnings.list], [[], []]);
});

test('another rule list (even with equal rules) gets its own faces; a context without a store keeps nothing', () => {
  const sets = new FontFaceSets();
  const a = render(sets, [rule('Body', 'DejaVuSans.ttf')]);
  const b = render(sets, [rule('Body', 'DejaVuSans.ttf')]);
  assert.notEqual(b.ctx.match(spec('Body')), a.ctx.match(spec('Body')));
  assert.notEqual(b.ctx.shapingScope, a.ctx.shapingScope);
  const warnings = new WarningSink();
  const alone = createFontContext({ loader: new ResourceLoader(FONTS_BASE.href), warnings });
  alone.addFontFaces([rule('Body', 'DejaVuSans.ttf')]);
  assert.equal(alone.match(spec('Body')).family, 'Body');
});

test('a set whose face failed to load is not kept: every render warns', () => {
  const sets = new FontFaceSets();
  const rules = [rule('Gone', 'no-such-font.ttf'), rule('Body', 'DejaVuSans.ttf')];
  for (let i = 0; i < 3; i++) {
    const r = render(sets, rules);
    assert.equal(r.ctx.match(spec(['Gone', 'Body'])).family, 'Body', `render ${i}`);
    assert.deepEqual(r.warnings.list.map((w) => w.code), ['font-load'], `render ${i}`);
  }
  const noFamily = [{ ...rule('', 'DejaVuSans.ttf') }];
  for (let i = 0; i < 2; i++) assert.deepEqual(render(sets, noFamily).warnings.list.map((w) => w.code), ['font-load'], `no family, render ${i}`);
});

test('at most `max` rule lists are kept, the oldest out', () => {
  const sets = new FontFaceSets(2);
  const lists = [0, 1, 2].map((i) => [rule(`F${i}`, 'DejaVuSans.ttf')]);
  const faces = lists.map((l, i) => render(sets, l).ctx.match(spec(`F${i}`)));
  assert.notEqual(render(sets, lists[0]!).ctx.match(spec('F0')), faces[0], 'the first list was dropped');
  assert.equal(render(sets, lists[2]!).ctx.match(spec('F2')), faces[2]);
  assert.throws(() => new FontFaceSets(0), TypeError);
});

test('compiled renders with kept @font-face faces give the bytes of renderPdf, and the handle counts them', async () => {
  const base = fileURLToPath(FONTS_BASE);
  const html = '<!DOCTYPE html><style>@font-face { font-family: Body; src: url(DejaVuSans.ttf) format("truetype") } @font-face { font-family: Body; font-weight: 700; src: url(DejaVuSans-Bold.ttf) }'
    + ' body { font: 14px Body } b { font-weight: 700 }</style><h1>Invoice {{n}}</h1><p>Billed to <b>{{name}}</b>: {{total}} €</p>';
  const t = compileTemplate(html, { baseUrl: base });
  const values = [{ n: 1, name: 'Jane Roe', total: '10.00' }, { n: 2, name: 'Łucja Żak', total: '2,345.10' }, { n: 3, name: 'Xu Wei', total: '7.77' }];
  let before = t.bytes;
  for (const v of values) {
    const got = await t.render(v, { creationDate: new Date(0) });
    const want = await renderPdf(fillTemplate(html, v), { baseUrl: base, creationDate: new Date(0) });
    assert.equal(Buffer.compare(Buffer.from(got.pdf), Buffer.from(want.pdf)), 0, `values ${v.n}`);
    assert.deepEqual(got.warnings, want.warnings);
    assert.equal(t.bytes >= before, true);
    before = t.bytes;
  }
  assert.equal(t.bytes > 2 * (708_920 + 759_720), true, 'the two font files counted as loaded resources and again as the kept faces\' parsed fonts');
});
