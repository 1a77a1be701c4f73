import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { compileSelectorList, packSpecificity, selectorSupported } from '../../src/css/selectors.ts';

const DOC = `<!doctype html><html><body>
<div id="main" class="box Big" data-x="alpha beta" lang="en-US" title="hello-world">
  <p id=p1 class="first">one</p>
  <p id=p2>two <a id=a1 href="x.html">link</a><a id=a2>anchor</a></p>
  <span id=s1>s</span>
  <p id=p3 class="last">three</p>
</div>
<ul id=list><li id=l1>1</li><li id=l2>2</li><li id=l3>3</li><li id=l4>4</li><li id=l5>5</li></ul>
<section id=sec><h2 id=h>h</h2><p id=q1>a</p><em id=e1>e</em><p id=q2>b</p><p id=q3>c</p></section>
</body></html>`;

const { document } = parseHtml(DOC);
const all: Element[] = [];
const walk = (n: AnyNode): void => { if (isTag(n)) all.push(n); for (const c of (n as any).children ?? []) walk(c); };
walk(document);

/** ids of the elements that match `selector` (pseudo-element selectors: the originating elements). */
function ids(selector: string, quirks = false): string[] {
  const list = compileSelectorList(selector, quirks);
  assert.equal(list.invalid, false, `${selector} parses`);
  return all.filter((el) => list.selectors.some((s) => s.match(el))).map((el) => el.attribs['id'] ?? el.name);
}

test('type, class, id, universal', () => {
  assert.deepEqual(ids('span'), ['s1']);
  assert.deepEqual(ids('.first'), ['p1']);
  assert.deepEqual(ids('#p2'), ['p2']);
  assert.deepEqual(ids('div.box.Big'), ['main']);
  assert.deepEqual(ids('.big'), [], 'class names are case-sensitive in standards mode');
  assert.deepEqual(ids('.big', true), ['main'], 'and case-insensitive in quirks mode');
  assert.equal(ids('*').length, all.length);
});

test('attribute operators', () => {
  assert.deepEqual(ids('[href]'), ['a1']);
  assert.deepEqual(ids('[data-x="alpha beta"]'), ['main']);
  assert.deepEqual(ids('[data-x~=beta]'), ['main']);
  assert.deepEqual(ids('[lang|=en]'), ['main']);
  assert.deepEqual(ids('[title^=hello]'), ['main']);
  assert.deepEqual(ids('[href$=".html"]'), ['a1']);
  assert.deepEqual(ids('[title*="o-w"]'), ['main']);
  assert.deepEqual(ids('[title="HELLO-WORLD" i]'), ['main']);
});

test('combinators: descendant, child, adjacent and general sibling', () => {
  assert.deepEqual(ids('div a'), ['a1', 'a2']);
  assert.deepEqual(ids('body > div'), ['main']);
  assert.deepEqual(ids('div > a'), []);
  assert.deepEqual(ids('#p1 + p'), ['p2']);
  assert.deepEqual(ids('#p1 ~ p'), ['p2', 'p3']);
  assert.deepEqual(ids('h2 + p ~ p'), ['q2', 'q3']);
});

test('structural pseudo-classes', () => {
  assert.deepEqual(ids('li:first-child'), ['l1']);
  assert.deepEqual(ids('li:last-child'), ['l5']);
  assert.deepEqual(ids('li:nth-child(2n+1)'), ['l1', 'l3', 'l5']);
  assert.deepEqual(ids('li:nth-child(even)'), ['l2', 'l4']);
  assert.deepEqual(ids('li:nth-last-child(2)'), ['l4']);
  assert.deepEqual(ids('section p:nth-of-type(2)'), ['q2']);
  assert.deepEqual(ids('section :first-of-type'), ['h', 'q1', 'e1']);
  assert.deepEqual(ids('p:not(.first):not(.last)').filter((x) => x.startsWith('p')), ['p2']);
  assert.deepEqual(ids(':root'), ['html']);
  assert.deepEqual(ids('a:link'), ['a1']);
  assert.deepEqual(ids('div:is(.box) > p:where(#p3)'), ['p3']);
  assert.deepEqual(ids('div:has(> span)'), ['main']);
});

test('::before/::after and legacy :before are pseudo-elements of their originating element', () => {
  const l = compileSelectorList('p.first::before, #p2:after, li::marker', false);
  assert.deepEqual(l.selectors.map((s) => s.pseudo), ['before', 'after', 'marker']);
  const p1 = all.find((e) => e.attribs['id'] === 'p1')!;
  assert.equal(l.selectors[0]!.match(p1), true);
  assert.equal(l.selectors[1]!.match(p1), false);
});

test('dynamic states never match; unsupported selectors are dropped with a problem', () => {
  assert.deepEqual(ids('a:hover, a:focus, p:active, a:visited'), []);
  const l = compileSelectorList('p::first-line, p, ::-webkit-scrollbar, p:frobnicate', false);
  assert.equal(l.selectors.length, 2, '`p` and `p:frobnicate` (compiled on first use) survive');
  assert.deepEqual(l.problems, ['unsupported selector ::first-line']);
  const p1 = all.find((e) => e.attribs['id'] === 'p1')!;
  assert.equal(l.selectors[0]!.match(p1), true);
  assert.equal(l.selectors[1]!.match(p1), false);
  assert.equal(l.selectors[1]!.problem, 'unsupported selector :frobnicate');
  const bad = compileSelectorList('p[', false);
  assert.equal(bad.invalid, true);
});

test('specificity (selectors-4 §17)', () => {
  const spec = (s: string): number => compileSelectorList(s, false).selectors[0]!.specificity;
  assert.equal(spec('*'), 0);
  assert.equal(spec('li'), packSpecificity([0, 0, 1]));
  assert.equal(spec('ul li.a'), packSpecificity([0, 1, 2]));
  assert.equal(spec('#x .y [z] :first-child'), packSpecificity([1, 3, 0]));
  assert.equal(spec('[id=x]'), packSpecificity([0, 1, 0]), 'an attribute selector on id is not an ID selector');
  assert.equal(spec('p::before'), packSpecificity([0, 0, 2]));
  assert.equal(spec(':not(#a, .b) p'), packSpecificity([1, 0, 1]));
  assert.equal(spec(':where(#a) p'), packSpecificity([0, 0, 1]));
  assert.equal(spec(':is(p, .c)'), packSpecificity([0, 1, 0]));
  assert.equal(spec('li:nth-child(2 of .x)'), packSpecificity([0, 2, 1]));
});

test('index keys: id over class over tag over any', () => {
  const key = (s: string) => compileSelectorList(s, false).selectors[0]!.key;
  assert.deepEqual(key('div .a#B'), { kind: 'id', value: 'b' });
  assert.deepEqual(key('div p.Note'), { kind: 'class', value: 'note' });
  assert.deepEqual(key('.a > p'), { kind: 'tag', value: 'p' });
  assert.deepEqual(key('.a > :first-child'), { kind: 'any' });
});

test('selectorSupported (for @supports selector())', () => {
  assert.equal(selectorSupported(':has(> a)', false), true);
  assert.equal(selectorSupported('a > b:nth-child(2)', false), true);
  assert.equal(selectorSupported('p:frob', false), false);
  assert.equal(selectorSupported('::-webkit-scrollbar', false), false);
  assert.equal(selectorSupported('p[', false), false);
});
