import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseHtml } from '../../src/html/parse.ts';
import { compileFill, fillSites as fillSitesOrNull, fillTemplate, realize, type CompiledFill } from '../../src/template/fill.ts';
import { restoreText, takeOut } from '../../src/template/take-out.ts';
import { TreeFills, treeFillable } from '../../src/template/tree-fill.ts';
import { compileTemplate, renderPdf } from '../../src/index.ts';

/** fillSites, which gives null only past 2^24 values. */
const fillSites = (c: CompiledFill, v: Record<string, unknown>) => fillSitesOrNull(c, v)!;

const INVOICE = readFileSync(new URL('../../examples/invoice/template.html', import.meta.url), 'utf8');
const INVOICE_DATA = JSON.parse(readFileSync(new URL('../../examples/invoice/data.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** Templates with values in every kind of place: text, cells, table context, attributes, raw text, RCDATA, head, lists. */
const TEMPLATES = [
  INVOICE,
  '<!DOCTYPE html><title>{{a}} t</title><p class="x {{b}}" title=\'{{c}}\'>{{a}}<b>{{b}}</b> {{{c}}}</p>',
  '<!DOCTYPE html><table><tr><td>{{a}}</td></tr>{{b}}<tr><td>x</td></tr>{{#l}}<tr><td>{{n}}</td><td class="{{a}}">{{{n}}}</td></tr>{{/l}}</table>',
  '<html><head><style>p { color: {{b}} }</style></head><body>{{c}}<pre>{{a}}\nx</pre><textarea>{{b}}</textarea></body></html>',
  '<!DOCTYPE html><p><b><i>x</p>{{a}}<p>y{{b}}</p><select><option>{{c}}</select><svg><text>{{a}}</text></svg>',
  '<!DOCTYPE html><p>&amp; {{a}} &copy;{{b}} #{{c}}</p><a href="?q=1&amp;{{a}}">l</a>{{^l}}<p>none {{a}}</p>{{/l}}{{#l}}<li>{{n}}{{#m}}<i>{{n}}</i>{{/m}}</li>{{/l}}',
  '<!DOCTYPE html><div>{{a}}</div>\n<div>\n  {{b}}{{c}}\r{{a}}\n</div><ul>{{#l}}\n<li>{{n}}</li>\n{{/l}}</ul><xmp>{{{a}}}</xmp><noscript>{{b}}</noscript>',
];

/** Values with the characters that matter to the parser: white space, line breaks, NUL, references, quotes, marks. */
const any = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '\t', '\n', '\r', '\0', '&', ';', '#', 'amp', 'lt;', '<', '>', '"', "'", '/', '=', '`', 'É', '\u00a0', '\uF8FE', '\uF8FF', '😀', '\ud83d', '\ude00', '\f', '\uFEFF'), maxLength: 6 });
/** Mostly values without CR or NUL (which are filled as text), so that most fills are made on the tree. */
const text = fc.oneof({ arbitrary: fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '\t', '\n', '&', ';', '#', 'amp', '<', '>', '"', "'", '/', '=', 'É', '\u00a0', '\uF8FE', '😀'), maxLength: 6 }), weight: 4 }, { arbitrary: any, weight: 1 });
const item = fc.record({ n: text, m: fc.boolean() });
const view = fc.record({ a: text, b: text, c: text, l: fc.oneof(fc.array(item, { maxLength: 3 }), fc.boolean()), n: text });

/** Whether two parsed trees have the same nodes: prototypes, own properties in order, values, source lines. */
function sameTree(a: any, b: any, path = 'document'): void {
  assert.equal(Object.getPrototypeOf(a), Object.getPrototypeOf(b), `${path}: prototype`);
  assert.deepEqual(Object.keys(a), Object.keys(b), `${path}: own properties`);
  for (const k of Object.keys(a)) {
    if (k === 'parent' || k === 'prev' || k === 'next') continue;
    if (k === 'children') {
      assert.equal(a.children.length, b.children.length, `${path}: children`);
      a.children.forEach((c: any, i: number) => {
        assert.equal(c.parent, a, `${path}/${i}: parent`);
        assert.equal(c.prev, a.children[i - 1] ?? null, `${path}/${i}: prev`);
        assert.equal(c.next, a.children[i + 1] ?? null, `${path}/${i}: next`);
        sameTree(c, b.children[i], `${path}/${c.name ?? c.type}[${i}]`);
      });
    } else if (a[k] !== null && typeof a[k] === 'object') assert.deepEqual({ ...a[k] }, { ...b[k] }, `${path}: ${k}`);
    else assert.equal(a[k], b[k], `${path}: ${k}`);
  }
}

test('a fill made on the parsed tree is the parse of the filled text (random values, every template; taken-out and full source)', () => {
  for (const source of TEMPLATES) {
    let onTree = 0;
    let runs = 0;
    const taken = takeOut(source, true);
    const c = compileFill(taken ? taken.source : source, taken?.stands);
    const trees = new TreeFills(1 << 24);
    assert.ok(treeFillable(c.source));
    fc.assert(fc.property(view, (v) => {
      runs++;
      const f = fillSites(c, v);
      const filled = fillTemplate(source, v);
      assert.equal(taken ? restoreText(realize(f), taken) : realize(f), filled);
      const tree = trees.parse(f, taken) ?? trees.parse(f, taken); // a shape is parsed with its marks from its second fill
      if (!tree) return;
      onTree++;
      const expected = parseHtml(filled);
      assert.equal(tree.quirksMode, expected.quirksMode);
      sameTree(tree.document, expected.document);
    }), { numRuns: 150, seed: 12 });
    // most fills are made on the tree (the rest: values with NUL or CR, empty where a value is needed...)
    assert.ok(onTree > runs / 3, `${onTree} of ${runs} on the tree: ${source.slice(0, 60)}`);
  }
});

test('the README invoice is filled on its tree, and a shape that cannot be is filled as text', () => {
  const taken = takeOut(INVOICE, true)!;
  const c = compileFill(taken.source, taken.stands);
  const trees = new TreeFills(1 << 24);
  assert.equal(trees.parse(fillSites(c, INVOICE_DATA), taken), null, 'the first fill of a shape is parsed as text');
  for (const v of [INVOICE_DATA, { ...INVOICE_DATA, clientName: '' }, { ...INVOICE_DATA, items: [], paid: true }]) {
    const f = fillSites(c, v);
    const tree = trees.parse(f, taken) ?? trees.parse(f, taken);
    assert.ok(tree);
    sameTree(tree.document, parseHtml(fillTemplate(INVOICE, v)).document);
  }
  // a value in a tag name, an unquoted attribute value, in head context: the shape is refused, not guessed
  for (const src of ['<h{{a}}>x</h1>', '<p class={{a}}>x</p>', '<html>{{a}}<head></head>', '<p>&{{a}}</p>', '<p {{a}}>x</p>', '<!-- {{a}} -->', '<script>var a = "{{a}}"</script>', '<p>x <{{a}}</p>', '<title>a </titl{{a}}</title>', '<p>&#00000000000000000000000000000000000000000000{{a}}</p>',
    '<table><tr><td>x</td></tr><input type="{{a}}"></table>', '<math><annotation-xml encoding="{{a}}"><p>x</p></annotation-xml></math>',
    '<p><b class="e x">1<b class="{{a}}">2<b class="{{a}}">3<b class="e x">4</p>5']) {
    const trees = new TreeFills(1 << 20);
    const f = fillSites(compileFill(src), { a: 'e x' });
    assert.equal(trees.parse(f, null) ?? trees.parse(f, null), null, src);
  }
  // template text holding the mark characters is never filled on its tree
  assert.equal(treeFillable('<p>\uF8FE{{a}}</p>'), false);
});

test('a compiled template gives renderPdf(fillTemplate) bytes, warnings and filled HTML for new values each render', async () => {
  const compiled = compileTemplate(INVOICE);
  const opts = { creationDate: new Date(0) };
  const people = ['Émile Zola', 'Xu Wei', '', 'Łucja <Żak> & "Co"', ' Jane', 'Oğuz\nÇelik\n'];
  for (let i = 0; i < people.length; i++) {
    const v = { ...INVOICE_DATA, invoiceNumber: `2026-${i}`, clientName: people[i], total: String(i * 97.31), items: (INVOICE_DATA.items as unknown[]).slice(0, i % 4) };
    const filled = fillTemplate(INVOICE, v);
    const a = await compiled.render(v, opts);
    const b = await renderPdf(filled, opts);
    assert.equal(a.filledHtml(), filled);
    assert.deepEqual(a.warnings, b.warnings);
    assert.ok(Buffer.from(a.pdf).equals(Buffer.from(b.pdf)), `render ${i}: same PDF bytes`);
  }
});

test('the fidelity documents (real templates without values) made from their parsed shape equal their parse', () => {
  const cases = new URL('../fidelity/cases/', import.meta.url);
  let onTree = 0;
  for (const name of readdirSync(cases)) {
    const file = new URL(`${name}/document.html`, cases);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    if (html.includes('{{') || !treeFillable(html)) continue;
    const taken = takeOut(html, true);
    const f = fillSites(compileFill(taken ? taken.source : html, taken?.stands), {});
    const trees = new TreeFills(1 << 26);
    const tree = trees.parse(f, taken) ?? trees.parse(f, taken);
    if (!tree) continue;
    onTree++;
    const expected = parseHtml(html);
    assert.equal(tree.quirksMode, expected.quirksMode, name);
    sameTree(tree.document, expected.document, name);
  }
  assert.ok(onTree >= 50, `${onTree} documents`);
});
