// In: documents styled twice with the same sheets (a template rendered again), the second time from computed styles kept by the rule index.
// Out: checks that a kept style is what computing it gives: same warnings, ex/ch against this render's fonts, @property registrations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import type { StyleOptions } from '../../src/css/cascade.ts';
import type { StyledDocument } from '../../src/css/styled.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';

function style(html: string, more: Partial<StyleOptions> = {}): { sd: StyledDocument; warnings: WarningSink } {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(html), { loader: new ResourceLoader(), warnings, ...more });
  return { sd, warnings };
}

function byId(sd: StyledDocument, id: string): Element {
  let found: Element | undefined;
  const walk = (n: AnyNode): void => {
    if (isTag(n) && n.attribs['id'] === id) found = n;
    for (const c of (n as { children?: AnyNode[] }).children ?? []) walk(c);
  };
  walk(sd.document);
  if (!found) throw new Error(`no #${id}`);
  return found;
}

test('a second render of the same sheets gives the same styles and the same warnings, in order', () => {
  const html = `<!doctype html><style>
    p { frobnicate: 1; color: var(--nope); margin: 1em 2em }
    p::before { content: "x"; width: bogus }
    li::marker { color: green }
  </style><body><p id=a style="zorp: 2">a</p><p id=b>b</p><ul><li id=c>c</li></ul>`;
  const first = style(html);
  const second = style(html.replace('>a<', '>another text<'));
  const pseudo = (sd: StyledDocument) => [sd.pseudoStyleOf(byId(sd, 'a'), 'before'), sd.pseudoStyleOf(byId(sd, 'c'), 'marker')];
  const firstPseudo = pseudo(first.sd);
  const secondPseudo = pseudo(second.sd);
  assert.ok(first.warnings.list.length >= 4, JSON.stringify(first.warnings.list));
  assert.deepEqual(second.warnings.list, first.warnings.list);
  for (const id of ['a', 'b', 'c']) assert.deepEqual(second.sd.styleOf(byId(second.sd, id)), first.sd.styleOf(byId(first.sd, id)));
  assert.deepEqual(secondPseudo, firstPseudo);
  assert.equal(secondPseudo[0]!.content !== 'none', true);
});

test('ex and ch follow the fonts of each render, also when the sheets are the same', () => {
  const html = '<!doctype html><style>#x { width: 2ex; height: 3ch }</style><body><div id=x>x</div>';
  for (const [xHeight, chWidth] of [[8, 9], [10, 11], [8, 9]] as const) {
    const { sd } = style(html, { fontMetrics: () => ({ xHeight, chWidth }) });
    const s = sd.styleOf(byId(sd, 'x'));
    assert.deepEqual([s.width !== 'auto' && s.width.px, s.height !== 'auto' && s.height.px], [2 * xHeight, 3 * chWidth]);
  }
});

test('the same style rules with and without an @property registration give their own styles', () => {
  const rules = '<style>#p { color: var(--c) }</style>';
  const registered = "<style>@property --c { syntax: '<color>'; inherits: false; initial-value: rgb(255, 0, 0) }</style>";
  const color = (html: string): unknown => { const { sd } = style(html); return sd.styleOf(byId(sd, 'p')).color; };
  const red = color(`<!doctype html>${rules}${registered}<body><p id=p>x</p>`);
  const plain = color(`<!doctype html>${rules}<body><p id=p>x</p>`);
  assert.notDeepEqual(red, plain);
  assert.deepEqual(color(`<!doctype html>${rules}${registered}<body><p id=p>x</p>`), red);
});
