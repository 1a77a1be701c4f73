import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml, rootElement, sourceLine, textContent } from '../../src/html/parse.ts';

const find = (node: any, name: string): Element | undefined => {
  for (const c of node.children ?? []) {
    if (c.name === name) return c;
    const r = find(c, name);
    if (r) return r;
  }
  return undefined;
};

test('parseHtml builds a domhandler tree with implied html/head/body', () => {
  const { document } = parseHtml('<p class=a>Hello <b>world</b>');
  const root = rootElement(document)!;
  assert.equal(root.name, 'html');
  assert.deepEqual(root.children.filter((c) => c.type === 'tag').map((c) => (c as Element).name), ['head', 'body']);
  const p = find(document, 'p')!;
  assert.equal(p.attribs['class'], 'a');
  assert.equal(textContent(p), 'Hello world');
});

test('quirks mode: no doctype and legacy doctypes are quirks; html5 and limited-quirks are not', () => {
  assert.equal(parseHtml('<p>x').quirksMode, true);
  assert.equal(parseHtml('<!DOCTYPE html><p>x').quirksMode, false);
  assert.equal(parseHtml('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p>x').quirksMode, true);
  // XHTML 1.0 Transitional with a system id is limited-quirks: treated as standards.
  assert.equal(parseHtml('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x').quirksMode, false);
});

test('sourceLine gives the 1-based line of an element, undefined for implied ones', () => {
  const { document } = parseHtml('<!doctype html>\n<html>\n<body>\n\n<div>\n<span>x</span></div>');
  assert.equal(sourceLine(find(document, 'div')!), 5);
  assert.equal(sourceLine(find(document, 'span')!), 6);
  assert.equal(sourceLine(find(document, 'head')!), undefined);
});

test('broken markup recovers as browsers do and never throws', () => {
  const { document } = parseHtml('<table><tr><td>a<td>b</table><p><div>x</p></div><<>>');
  const tbody = find(document, 'tbody');
  assert.ok(tbody, 'tbody is implied');
  assert.equal(tbody!.children.length, 1);
  assert.throws(() => parseHtml(42 as unknown as string), TypeError);
});

test('a leading byte order mark is dropped as the decoder does: no quirks mode, no text before <html> (Chromium 156: CSS1Compat, body starts with the <p>)', () => {
  const { document, quirksMode } = parseHtml('\uFEFF<!DOCTYPE html>\n<html><body><p id=p>x</p></body></html>');
  assert.equal(quirksMode, false);
  const body = (rootElement(document)!.children as Element[]).find((c) => c.name === 'body')!;
  assert.equal((body.children[0] as Element).name, 'p');
  assert.equal(textContent(body), 'x');
  assert.equal(sourceLine(body.children[0]!), 2);
});

test('the parser makes the nodes domhandler would: same prototypes, own properties in order, values and tree', async () => {
  const { parse } = await import('parse5');
  const { adapter } = await import('parse5-htmlparser2-tree-adapter');
  const { LINES_ONLY } = await import('../../src/html/parse.ts');
  const html = `<!DOCTYPE html><html lang="en"><head><title>T &amp; x</title><style>p{color:red}</style><script>if (a < b) {}</script></head>
<body><!-- a comment --><p class="x" data-v='1'>text <b>bold <i>both</b> italic</i> &lt;tail&gt;</p>
<table>stray text<tr><td>cell</td></tr> more<!--c--></table><template><span>t</span></template>
<svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#s"/><foreignObject><p>f</p></foreignObject></svg>
<math><mi>x</mi></math><select><option>o</select><pre>
pre</pre><textarea>
t</textarea></body></html>`;
  // the stock adapter's nodes with LINES_ONLY's source locations (start lines only)
  const stockNodes = { ...adapter, setNodeSourceCodeLocation: LINES_ONLY.setNodeSourceCodeLocation, updateNodeSourceCodeLocation: LINES_ONLY.updateNodeSourceCodeLocation };
  const stock = parse(html, { treeAdapter: stockNodes, sourceCodeLocationInfo: true }) as unknown as Node;
  const ours = parse(html, { treeAdapter: LINES_ONLY, sourceCodeLocationInfo: true }) as unknown as Node;
  type Node = Record<string, unknown> & { children?: Node[] };
  const shape = (n: Node, out: string[]): void => {
    const props = Object.keys(n).map((k) => {
      const v = n[k];
      if (k === 'parent' || k === 'prev' || k === 'next') return `${k}=${v === null ? 'null' : (v as Node).type}`;
      if (k === 'children') return `children=${(v as Node[]).length}`;
      if (k === 'sourceCodeLocation') return `line=${(v as { startLine: number } | null)?.startLine}`;
      return `${k}=${JSON.stringify(v && typeof v === 'object' ? Object.entries(v) : v)}`;
    });
    out.push(`${Object.getPrototypeOf(n).constructor.name} ${props.join(' ')}`);
    for (const c of n.children ?? []) shape(c, out);
  };
  const a: string[] = [], b: string[] = [];
  shape(stock, a);
  shape(ours, b);
  assert.ok(a.length > 40);
  assert.deepEqual(b, a);
});
