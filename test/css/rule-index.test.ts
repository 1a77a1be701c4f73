// In: selectors filed under attribute buckets or rejected by their ancestors (src/css/rule-index.ts, ancestor-filter.ts).
// Out: checks that the cascade matches exactly what css-select matches, on a first and a second render, and warns as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { is } from 'css-select';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';

const BODY = `<body><div class="x Row" id=Top><section class="a">s</section><section class="b" data-k="1"><p class="c" title=t>p</p>
  <ul class=list><li class=a>1</li><li class="b" hidden>2</li><li class=c><span class=c>3</span></li></ul></section>
  <svg viewBox="0 0 1 1"><rect class=r width=1 height=1 /></svg><input type=button><input type=text value=v></div>
  <main><div class=row><div class=col>c</div></div><table class=table><tbody><tr><td>1</td></tr></tbody></table></main></body>`;

const SELECTORS = [
  '.a + .b .c', '.x .a + .b .c', '.a ~ .b > .list > .c', '.b .c', '.x > .b > p', 'div .c > span', '#top .c', '#Top .c', '.row .c',
  '.Row .c', 'main .row > *', '.table > :not(caption) > * > *', '[data-k] .c', '[title]', '[type="button"]', 'input[type=text]',
  '[hidden]', '[viewBox]', 'svg [width]', '[class*="co"]', '.list > :last-child', 'section:nth-child(2) li', 'ul li:not(.a)',
  '.missing .c', 'body *', ':root .c', '.b p.c[title]', '[data-k="1"] ~ svg rect', '.a ~ * .c',
];

function elements(root: AnyNode): Element[] {
  const out: Element[] = [];
  const walk = (n: AnyNode): void => { if (isTag(n)) out.push(n); for (const c of (n as { children?: AnyNode[] }).children ?? []) walk(c); };
  walk(root);
  return out;
}

test('indexed and ancestor-filtered selectors match what css-select matches, also on a later render', () => {
  for (const quirks of [false, true]) {
    for (const sel of SELECTORS) {
      const html = `${quirks ? '' : '<!doctype html>'}<style>${sel} { margin-left: 7px }</style>${BODY}`;
      for (let render = 0; render < 2; render++) {
        const sd = styleDocument(parseHtml(html), { loader: new ResourceLoader(), warnings: new WarningSink() });
        for (const el of elements(sd.root)) {
          if (el.name === 'style') continue;
          const expected = is(el, sel, { quirksMode: quirks });
          const m = sd.styleOf(el).marginLeft;
          const got = m !== 'auto' && m.px === 7;
          assert.equal(got, expected, `${sel} on <${el.name} class="${el.attribs['class'] ?? ''}"> (render ${render + 1}, quirks ${quirks})`);
        }
      }
    }
  }
});

test('an unsupported selector warns on every render, whatever bucket or ancestors it has', () => {
  for (const sel of ['[data-none]:unknown-state', '.missing .c:unknown-state', 'input[type=text]:unknown-state']) {
    for (let render = 0; render < 2; render++) {
      const warnings = new WarningSink();
      styleDocument(parseHtml(`<!doctype html><style>${sel} { color: red }</style>${BODY}`), { loader: new ResourceLoader(), warnings });
      assert.deepEqual(warnings.list.map((w) => w.code), ['unsupported-selector'], `${sel}, render ${render + 1}`);
    }
  }
});
