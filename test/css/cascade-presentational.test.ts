import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../src/html/parse.ts';
import { presentationalHints, parseLegacyColor, legacyFontSize, parseDimension } from '../../src/css/presentational.ts';
import { render } from './cascade-helpers.ts';

function hints(html: string, id: string, quirks = false): Record<string, string> {
  const { document } = parseHtml(html);
  let found: Element | undefined, body: Element | null = null;
  const walk = (n: any): void => { if (n.type === 'tag') { if (n.attribs.id === id) found = n; if (n.name === 'body') body = n; } for (const c of n.children ?? []) walk(c); };
  walk(document);
  const out: Record<string, string> = {};
  for (const d of presentationalHints(found!, { quirks, body })) out[d.name] = d.value;
  return out;
}

test('legacy colour parsing (HTML §2.3.6)', () => {
  assert.equal(parseLegacyColor('red'), 'red');
  assert.equal(parseLegacyColor(' #ABC '), '#ABC');
  assert.equal(parseLegacyColor('FFFFFF'), '#FFFFFF');
  assert.equal(parseLegacyColor('#f0f0f0'), '#f0f0f0');
  assert.equal(parseLegacyColor('chucknorris'), '#c00000');
  assert.equal(parseLegacyColor('transparent'), null);
  assert.equal(parseLegacyColor(''), null);
});

test('legacy font sizes and dimensions', () => {
  assert.equal(legacyFontSize('1'), 'x-small');
  assert.equal(legacyFontSize('3'), 'medium');
  assert.equal(legacyFontSize('+2'), 'x-large');
  assert.equal(legacyFontSize('-1'), 'small');
  assert.equal(legacyFontSize('9'), 'xxx-large');
  assert.equal(parseDimension('600', false), '600px');
  assert.equal(parseDimension(' 50% ', false), '50%');
  assert.equal(parseDimension('0', false), null);
  assert.equal(parseDimension('abc', true), null);
});

test('table attributes: bgcolor, width, align, cellspacing, border, cellpadding on cells', () => {
  const html = `<table id=t bgcolor="#eeeeee" width=600 align=center cellspacing=0 cellpadding=5 border=1><tr id=tr valign=top align=right><td id=td bgcolor=yellow width="50%" nowrap height=20 valign=bottom>x</td></tr></table>`;
  assert.deepEqual(hints(html, 't'), {
    'background-color': '#eeeeee', width: '600px', 'margin-left': 'auto', 'margin-right': 'auto', 'border-spacing': '0px',
    'border-width': '1px', 'border-style': 'outset',
  });
  assert.deepEqual(hints(html, 'tr'), { 'vertical-align': 'top', 'text-align': '-webkit-right' });
  assert.deepEqual(hints(html, 'td'), {
    'background-color': 'yellow', 'vertical-align': 'bottom', width: '50%', height: '20px', 'white-space': 'nowrap',
    'padding-top': '5px', 'padding-right': '5px', 'padding-bottom': '5px', 'padding-left': '5px',
    'border-width': '1px', 'border-style': 'inset',
  });
  // With a bordercolor the table's and its cells' borders are solid in that colour (Chromium 156).
  const coloured = '<table id=t border=2 bordercolor=red><tr><td id=td>x</td></tr></table>';
  assert.deepEqual(hints(coloured, 't'), { 'border-width': '2px', 'border-style': 'solid', 'border-color': 'red' });
  assert.deepEqual(hints(coloured, 'td'), { 'border-width': '1px', 'border-style': 'solid', 'border-color': 'red' });
  assert.deepEqual(hints('<table id=t align=right></table>', 't'), { float: 'right' });
});

test('block align, <font>, <img>, <hr>, lists, <body>', () => {
  assert.deepEqual(hints('<div id=d align=center>x</div>', 'd'), { 'text-align': '-webkit-center' });
  assert.deepEqual(hints('<p id=p align=justify>x</p>', 'p'), { 'text-align': 'justify' });
  assert.deepEqual(hints('<font id=f color=red face="Arial, Times New Roman, sans-serif" size=+1>x</font>', 'f'),
    { color: 'red', 'font-family': 'Arial, Times New Roman, sans-serif', 'font-size': 'large' });
  assert.deepEqual(hints('<img id=i width=100 height="50%" hspace=4 vspace=2 align=left border=0>', 'i'),
    { width: '100px', height: '50%', 'margin-left': '4px', 'margin-right': '4px', 'margin-top': '2px', 'margin-bottom': '2px', float: 'left', 'border-width': '0px', 'border-style': 'solid' });
  assert.deepEqual(hints('<img id=i align=middle>', 'i'), { 'vertical-align': 'middle' });
  assert.deepEqual(hints('<hr id=h size=4 color=red width=50% noshade>', 'h'),
    { width: '50%', 'border-style': 'solid', 'border-color': 'red', 'background-color': 'red', height: '2px' });
  assert.deepEqual(hints('<ol id=o type=A start=3></ol>', 'o'), { 'list-style-type': 'upper-alpha' });
  assert.deepEqual(hints('<ol id=o type=i></ol>', 'o'), { 'list-style-type': 'lower-roman' });
  assert.deepEqual(hints('<ul id=u type=SQUARE></ul>', 'u'), { 'list-style-type': 'square' });
  assert.deepEqual(hints('<ul><li id=l type=circle></ul>', 'l'), { 'list-style-type': 'circle' });
  assert.deepEqual(hints('<body id=b bgcolor=white text=navy background="bg.png" marginwidth=0 marginheight=0>', 'b'),
    { 'background-color': 'white', color: 'navy', 'background-image': 'url("bg.png")', 'margin-top': '0px', 'margin-bottom': '0px', 'margin-left': '0px', 'margin-right': '0px' });
  assert.deepEqual(hints('<body link=red><a id=a href=x>x</a>', 'a'), { color: 'red' });
});

test('hints sit between the UA sheet and author rules (zero specificity, before all author rules)', () => {
  const { color, style } = render(`<!doctype html><style>* { } .c { color: blue }</style>
    <font id=f color=red>x</font><font id=g class=c color=red>y</font><table id=t cellspacing=7></table><body link=#00ff00><a id=a href=x>l</a>`);
  assert.equal(color('f'), '255,0,0');
  assert.equal(color('g'), '0,0,255');
  assert.equal(style('t').borderSpacingH, 7, 'beats the UA border-spacing: 2px');
  assert.equal(color('a'), '0,255,0', 'body link beats the UA link colour');
});
