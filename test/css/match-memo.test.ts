// In: documents styled after another document with the same sheets (the rule index's kept matches warm), and the same
// documents styled with a sheet of their own (nothing kept). Out: checks that kept matches give the styles and warnings
// matching gives, for selectors that read siblings, emptiness, <option selected>, :has(); and MatchMemo's keys and bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { MatchMemo, NO_ID, UNKEPT, type SiblingCursor } from '../../src/css/match-memo.ts';
import { DEPS } from '../../src/css/selectors.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';

let unique = 0;
/** Colours of the elements with an id, and the warnings, of `body` styled with `css`. */
function colours(css: string, body: string): { colours: Record<string, string>; warnings: string[] } {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(`<!doctype html><style>${css}</style><body>${body}`), { loader: new ResourceLoader(), warnings });
  const out: Record<string, string> = {};
  const walk = (n: AnyNode): void => {
    if (isTag(n) && n.attribs['id']) { const c = sd.styleOf(n).color; out[n.attribs['id']] = `${c.r},${c.g},${c.b}`; }
    for (const c of (n as { children?: AnyNode[] }).children ?? []) walk(c);
  };
  walk(sd.document);
  return { colours: out, warnings: warnings.list.map((w) => `${w.code} ${w.message} ${w.line ?? ''}`) };
}

/** `after` styled once `before` was styled with the same sheet, against `after` styled with a sheet seen by no other document. */
function warmEqualsCold(css: string, before: string, after: string): Record<string, string> {
  colours(css, before);
  const warm = colours(css, after);
  const cold = colours(`${css}/* ${++unique} */`, after);
  assert.deepEqual(warm, cold);
  return warm.colours;
}

const RED = '255,0,0';

test('kept matches follow the previous siblings: + and ~ combinators, :first-of-type', () => {
  const css = '.x + li { color: red } h2 ~ p { color: red } b:first-of-type { color: red }';
  const c = warmEqualsCold(css, '<ul><li id=a>1<li id=b class=x>2<li id=c>3</ul><h2>h</h2><p id=p>p</p><i></i><b id=b1></b>',
    '<ul><li id=a class=x>1<li id=b>2<li id=c>3</ul><h3>h</h3><p id=p>p</p><b id=b1></b>');
  assert.equal(c['b'], RED);
  assert.notEqual(c['c'], RED);
  assert.notEqual(c['p'], RED);
  assert.equal(c['b1'], RED);
});

test('kept matches follow the siblings after: :last-child, :nth-last-child, :nth-last-of-type, :only-child', () => {
  const css = 'li:last-child { color: red } li:nth-last-child(3) { color: rgb(0, 0, 255) } i:nth-last-of-type(2) { color: red } em:only-child { color: red }';
  const c = warmEqualsCold(css, '<ul><li id=a>1<li id=b>2<li id=c>3</ul><p><i id=i1></i><b></b><i id=i2></i></p><p><em id=e></em></p>',
    '<ul><li id=a>1<li id=b>2<li id=c>3<li id=d>4</ul><p><i id=i1></i><i id=i2></i><i></i></p><p><em id=e></em><em></em></p>');
  assert.notEqual(c['c'], RED);
  assert.equal(c['d'], RED);
  assert.equal(c['b'], '0,0,255');
  assert.equal(c['i2'], RED);
  assert.notEqual(c['e'], RED);
});

test('kept matches follow :empty (white space only is empty, a comment is nothing) and option:checked', () => {
  const css = 'td:empty { color: red } option:checked { color: red }';
  const c = warmEqualsCold(css, '<table><tr><td id=a>x</td><td id=b>y</td><td id=c></td></tr></table><select><option id=o1>1<option id=o2>2</select>',
    '<table><tr><td id=a> </td><td id=b><!-- c --></td><td id=c>z</td></tr></table><select><option id=o1>1<option id=o2 selected>2</select>');
  assert.equal(c['a'], RED);
  assert.equal(c['b'], RED);
  assert.notEqual(c['c'], RED);
  assert.notEqual(c['o1'], RED);
  assert.equal(c['o2'], RED);
});

test('kept matches follow the ancestors, and :has() turns the memo off', () => {
  const c = warmEqualsCold('.p .q { color: red } div:has(> b) { color: rgb(0, 0, 255) }', '<div class=p><span id=a class=q></span></div><div id=d><b>x</b></div>',
    '<div><span id=a class=q></span></div><div id=d><i>x</i></div>');
  assert.notEqual(c['a'], RED);
  assert.notEqual(c['d'], '0,0,255');
});

test('a selector css-select rejects gives its warning in every render, and does not turn the memo off', () => {
  const css = 'input:-moz-placeholder-shown { color: red } p + p { color: red }';
  colours(css, '<p id=a></p><p id=b></p><input>');
  const again = colours(css, '<p id=a>other</p><p id=b></p><input>');
  assert.ok(again.warnings.some((w) => w.includes('placeholder-shown')), JSON.stringify(again.warnings));
  assert.equal(again.colours['b'], RED);
});

function elements(html: string): Element[] {
  const out: Element[] = [];
  const walk = (n: AnyNode): void => { if (isTag(n)) out.push(n); for (const c of (n as { children?: AnyNode[] }).children ?? []) walk(c); };
  walk(parseHtml(html).document);
  return out;
}

test('MatchMemo keys name the element, its attributes and its parent, not its text', () => {
  const memo = new MatchMemo(0);
  const cursor = (): SiblingCursor => ({ prevId: NO_ID });
  const [a, b, c] = [elements('<p class=x title=t>one</p>'), elements('<p class=x title=t>two, longer</p>'), elements('<p class=x title=u>one</p>')];
  const p = (els: Element[]) => els.find((e) => e.name === 'p')!;
  assert.equal(memo.key(p(a), 5, cursor(), ''), memo.key(p(b), 5, cursor(), ''));
  assert.notEqual(memo.key(p(a), 5, cursor(), ''), memo.key(p(c), 5, cursor(), ''));
  assert.notEqual(memo.key(p(a), 5, cursor(), ''), memo.key(p(a), 6, cursor(), ''));
  assert.equal(memo.key(p(a), UNKEPT, cursor(), ''), null);
  // a long value (a data: URI) is numbered, not copied into the key; another long value gets another number
  const long = (v: string) => p(elements(`<p data-src="${v.repeat(300)}">x</p>`));
  assert.equal(memo.key(long('a'), 1, cursor(), ''), memo.key(long('a'), 1, cursor(), ''));
  assert.notEqual(memo.key(long('a'), 1, cursor(), ''), memo.key(long('b'), 1, cursor(), ''));
  assert.ok(memo.key(long('a'), 1, cursor(), '')!.length < 100);
  // the previous sibling counts only when a selector reads it
  const prev = new MatchMemo(DEPS.PREV);
  assert.notEqual(prev.key(p(a), 1, { prevId: 3 }, ''), prev.key(p(a), 1, { prevId: 4 }, ''));
  assert.equal(prev.key(p(a), 1, { prevId: UNKEPT }, ''), null);
  assert.equal(memo.key(p(a), 1, { prevId: 3 }, ''), memo.key(p(a), 1, { prevId: 4 }, ''));
  assert.equal(new MatchMemo(DEPS.UNSAFE).key(p(a), 1, cursor(), ''), null);
});

test('MatchMemo is bounded and its ids stay unique when it starts empty', () => {
  const memo = new MatchMemo(0, 4);
  const ids = new Set<number>();
  for (let i = 0; i < 10; i++) {
    const e = memo.add(`k${i}`, { rules: [], uaKey: '', authorKey: '', pseudo: undefined, problems: null });
    ids.add(e.id);
    assert.ok(memo.size.entries <= 4);
  }
  assert.equal(ids.size, 10);
  assert.equal(memo.get('k9')?.rules.length, 0);
  assert.equal(memo.get('k0'), undefined);
  assert.equal(memo.add(null, { rules: [], uaKey: '', authorKey: '', pseudo: undefined, problems: null }).id, UNKEPT);
  // long attribute values: numbered up to 256 or 4 M characters, then the memo starts empty
  const many = new MatchMemo(0);
  for (let i = 0; i < 600; i++) {
    const el = elements(`<p data-src="${String(i).padStart(300, 'x')}"></p>`).find((e) => e.name === 'p')!;
    assert.notEqual(many.key(el, 1, { prevId: NO_ID }, ''), null);
    assert.ok(many.size.longChars <= 256 * 300);
  }
});
