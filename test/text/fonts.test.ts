// Tests of family mapping (reference fonts.conf), unknown families and their warning, and CSS font matching
// (css-fonts-4 §5.2). In: FontSpecs. Out: assertions on the matched face keys and families.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, spec } from './helpers.ts';
import { matchFace, weightRank, needsSynthesis } from '../../src/text/matching.ts';

test('generic and alias families map as the reference fonts.conf does', () => {
  const { ctx, warnings } = context();
  const cases: Array<[string, string]> = [
    ['serif', 'Liberation Serif'], ['Times', 'Liberation Serif'], ['Times New Roman', 'Liberation Serif'],
    ['sans-serif', 'Liberation Sans'], ['Arial', 'Liberation Sans'], ['Helvetica', 'Liberation Sans'], ['Helvetica Neue', 'Liberation Sans'],
    ['monospace', 'Liberation Mono'], ['Courier', 'Liberation Mono'], ['Courier New', 'Liberation Mono'],
    ['DejaVu Sans', 'DejaVu Sans'], ['DejaVu Serif', 'DejaVu Serif'], ['DejaVu Sans Mono', 'DejaVu Sans Mono'],
    ['Liberation Sans', 'Liberation Sans'], ['Liberation Serif', 'Liberation Serif'], ['Liberation Mono', 'Liberation Mono'],
    ['system-ui', 'DejaVu Sans'],
  ];
  for (const [name, family] of cases) {
    assert.equal(ctx.match(spec(name)).family, family, name);
    assert.equal(ctx.shape('Hi', spec(name))[0].face.family, family, name);
  }
  assert.deepEqual(warnings.list, []);
});

test('family matching is case-insensitive and tolerates quotes and extra spaces', () => {
  const { ctx } = context();
  assert.equal(ctx.match(spec('ARIAL')).family, 'Liberation Sans');
  assert.equal(ctx.match(spec('helvetica  neue')).family, 'Liberation Sans');
  assert.equal(ctx.match(spec('"Courier New"')).family, 'Liberation Mono');
  assert.equal(ctx.match(spec('dejavu SANS mono')).family, 'DejaVu Sans Mono');
});

test('unknown families are skipped to the next name of the list, without a warning', () => {
  const { ctx, warnings } = context();
  assert.equal(ctx.match(spec(['Segoe UI', 'Roboto', 'sans-serif'])).family, 'Liberation Sans');
  assert.equal(ctx.match(spec(['-apple-system', 'BlinkMacSystemFont', 'monospace'])).family, 'Liberation Mono');
  assert.equal(ctx.match(spec(['cursive', 'sans-serif'])).family, 'Liberation Sans');
  assert.equal(ctx.match(spec(['nonexistent', 'Arial'])).family, 'Liberation Sans');
  assert.deepEqual(warnings.list, []);
});

test('a list with no available family gives Liberation Serif and one unknown-font warning once text is shaped', () => {
  const { ctx, warnings } = context();
  const face = ctx.match(spec(['Foo Sans', 'Bar']));
  assert.equal(face.family, 'Liberation Serif');
  assert.equal(face.weight, 400);
  ctx.metrics(spec(['Foo Sans', 'Bar'], { fontSize: 20 }));
  assert.equal(warnings.list.length, 0); // the cascade asks for metrics before @font-face rules are added
  ctx.shape('x', spec(['Foo Sans', 'Bar']));
  ctx.shape('y', spec(['Foo Sans', 'Bar'], { fontSize: 20 }));
  assert.equal(ctx.shape('z', spec(['Foo Sans', 'Bar']))[0].face.family, 'Liberation Serif');
  assert.equal(warnings.list.length, 1);
  assert.equal(warnings.list[0].code, 'unknown-font');
  assert.match(warnings.list[0].message, /Foo Sans, Bar/);
  // The next render (a new context, warm process-wide caches) warns again.
  const second = context();
  second.ctx.shape('x', spec(['Foo Sans', 'Bar']));
  assert.equal(second.warnings.list.length, 1);
});

test('an unmatched generic (cursive, fantasy, ui-serif) falls back to Liberation Serif silently', () => {
  const { ctx, warnings } = context();
  for (const g of ['cursive', 'fantasy', 'ui-serif', 'ui-monospace', 'math', 'emoji']) {
    assert.equal(ctx.match(spec(g)).family, 'Liberation Serif', g);
    assert.equal(ctx.shape('a', spec(g))[0].face.family, 'Liberation Serif', g);
  }
  assert.equal(ctx.match(spec([])).family, 'Liberation Serif');
  assert.deepEqual(warnings.list, []);
});

test('weight and style pick the right bundled face', () => {
  const { ctx } = context();
  const m = (family: string, fontWeight: number, fontStyle: 'normal' | 'italic' | 'oblique' = 'normal') => ctx.match(spec(family, { fontWeight, fontStyle }));
  assert.equal(m('Arial', 700).key, 'bundled:LiberationSans-Bold');
  assert.equal(m('Arial', 600).key, 'bundled:LiberationSans-Bold');
  assert.equal(m('Arial', 500).key, 'bundled:LiberationSans');       // 500: ≤ desired descending → 400
  assert.equal(m('Arial', 300).key, 'bundled:LiberationSans');
  assert.equal(m('Arial', 100).key, 'bundled:LiberationSans');
  assert.equal(m('Arial', 900).key, 'bundled:LiberationSans-Bold');
  assert.equal(m('serif', 400, 'italic').key, 'bundled:LiberationSerif-Italic');
  assert.equal(m('serif', 700, 'oblique').key, 'bundled:LiberationSerif-BoldItalic');  // oblique → italic face
  assert.equal(m('DejaVu Sans', 400, 'italic').key, 'bundled:DejaVuSans-Oblique');     // italic → oblique face
  assert.equal(m('DejaVu Serif', 800, 'oblique').key, 'bundled:DejaVuSerif-BoldItalic');
  for (const f of [m('Arial', 700), m('serif', 400, 'italic'), m('DejaVu Sans', 700, 'italic')]) assert.equal(f.synthetic, undefined);
});

test('each bundled face is parsed once per process: the same object comes back', () => {
  const a = context().ctx.match(spec('Arial'));
  const b = context().ctx.match(spec('Helvetica'));
  assert.equal(a, b);
  assert.equal(a.font, b.font);
});

test('css-fonts-4 §5.2 weight order', () => {
  const faces = [100, 300, 400, 500, 600, 900].map((w) => ({ weight: [w, w] as [number, number], style: 'normal' as const, w }));
  const pick = (w: number, list = faces) => matchFace(list, w, 'normal')!.w;
  assert.equal(pick(400), 400);
  assert.equal(pick(450, faces.filter((f) => f.w !== 400)), 500);              // 400–500: up to 500 first
  assert.equal(pick(450, faces.filter((f) => f.w !== 400 && f.w !== 500)), 300); // then below, descending
  assert.equal(pick(400, [faces[5], faces[4]]), 600);                            // then above 500 ascending
  assert.equal(pick(350, faces.filter((f) => f.w !== 300)), 100);              // < 400: below descending first
  assert.equal(pick(200, [faces[2], faces[5]]), 400);                            // then above ascending
  assert.equal(pick(700, faces), 900);                                           // > 500: above ascending
  assert.equal(pick(950, faces), 900);                                           // then below descending
  assert.equal(weightRank([300, 700], 450), 0);                                  // a range containing it is exact
  assert.ok(weightRank([600, 700], 450) > weightRank([300, 400], 450));           // below before above 500
  assert.ok(weightRank([450, 500], 420) < weightRank([300, 400], 420));
});

test('style narrows before weight; synthesis is recorded when a face is missing', () => {
  const faces = [
    { weight: [400, 400] as [number, number], style: 'normal' as const, n: 'regular' },
    { weight: [700, 700] as [number, number], style: 'normal' as const, n: 'bold' },
    { weight: [300, 300] as [number, number], style: 'oblique' as const, n: 'light-oblique' },
  ];
  assert.equal(matchFace(faces, 700, 'italic')!.n, 'light-oblique');
  assert.equal(matchFace(faces, 700, 'normal')!.n, 'bold');
  assert.deepEqual(needsSynthesis(faces[0], 700, 'italic'), { bold: true, oblique: true });
  assert.deepEqual(needsSynthesis(faces[1], 700, 'italic'), { bold: false, oblique: true });
  assert.deepEqual(needsSynthesis(faces[2], 500, 'italic'), { bold: false, oblique: false });
});

test('odd specs do not crash; API misuse throws TypeError', () => {
  const { ctx } = context();
  assert.equal(ctx.match(spec('serif', { fontWeight: NaN })).weight, 400);
  assert.equal(ctx.match(spec(['', '  ', 'serif'])).family, 'Liberation Serif');
  assert.equal(ctx.measure('abc', spec('serif', { fontSize: -3 })), 0);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  assert.throws(() => ctx.match({} as any), TypeError);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  assert.throws(() => ctx.shape(42 as any, spec('serif')), TypeError);
});
