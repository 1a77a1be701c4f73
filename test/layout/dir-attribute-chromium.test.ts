// In: documents whose dir attributes carry values other than ltr/rtl/auto (a locale code such as dir="ar", an empty value, padded
// or upper-case values), through the real stages (parse → cascade → boxes → layout), text in Arial (Liberation Sans).
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const STYLE = '@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .case { width: 600px; margin-bottom: 20px } '
  + 'table { width: 300px; border-spacing: 0 } td { padding: 0 } .ib { display: inline-block; width: 50px; height: 10px }';
const doc = (htmlDir: string | null, bodyDir: string | null, body: string): string =>
  `<!doctype html><html${htmlDir === null ? '' : ` dir="${htmlDir}"`}><head><style>${STYLE}</style></head>`
  + `<body${bodyDir === null ? '' : ` dir="${bodyDir}"`}>${body}</body></html>`;
const TABLE = '<div class=case id=c><table id=T><tr><td id=T1 style="width:100px">one</td><td id=T2>two</td></tr></table>'
  + '<div id=D><span class=ib id=D1></span><span class=ib id=D2></span></div></div>';
const LTR_TABLE: ChromiumBox[] = [['T', 0, 0, 300, 16], ['T1', 0, 0, 100, 16], ['T2', 100, 0, 200, 16], ['D', 0, 16, 600, 16], ['D1', 0, 18, 50, 10], ['D2', 50, 18, 50, 10]];

/**
 * [html dir, body dir, body markup, Chromium 156's boxes]. Chromium (HTMLElement::CollectStyleForPresentationAttribute) takes
 * a dir value as written, compared without case and without trimming: "ltr", "rtl" set direction, "auto" takes it from the
 * first strong character; any other value (a locale code, "", " rtl ", "auto ") maps to nothing, so the element inherits its
 * parent's direction and is not isolated, except on <body>, where it sets direction: ltr. So a Krayin CRM quote with
 * <html dir="rtl"> and <body dir="ar"> prints its tables left to right, as here.
 */
const CASES: Array<[string, string | null, string | null, string, ChromiumBox[]]> = [
  ['body dir="ar" under html dir="rtl"', 'rtl', 'ar', TABLE, LTR_TABLE],
  ['body dir="" under html dir="rtl"', 'rtl', '', TABLE, LTR_TABLE],
  ['body dir=" rtl " (padded, invalid) under html dir="rtl"', 'rtl', ' rtl ', TABLE, LTR_TABLE],
  ['div dir values in an ltr body', null, null,
    '<div class=case id=c><div id=A dir=" rtl "><span class=ib id=A1></span></div><div id=B dir=RTL><span class=ib id=B1></span></div>'
    + '<div id=C dir=foo><span class=ib id=C1></span></div><div id=E dir="auto "><span class=ib id=E1></span>عربي</div>'
    + '<div id=F dir=Auto><span class=ib id=F1></span>عربي</div><div dir=rtl><div id=G dir=""><span class=ib id=G1></span></div>'
    + '<p id=H dir=ltr-x style="margin:0"><span class=ib id=H1></span></p></div></div>',
    [['A', 0, 0, 600, 16], ['A1', 0, 2, 50, 10], ['B', 0, 16, 600, 16], ['B1', 550, 18, 50, 10], ['C', 0, 32, 600, 16], ['C1', 0, 34, 50, 10],
      ['E', 0, 48, 600, 16], ['E1', 0, 50, 50, 10], ['F', 0, 64, 600, 16], ['F1', 550, 66, 50, 10], ['G', 0, 80, 600, 16], ['G1', 550, 82, 50, 10],
      ['H', 0, 96, 600, 16], ['H1', 550, 98, 50, 10]]],
];

for (const [name, htmlDir, bodyDir, body, boxes] of CASES) {
  test(`Chromium 156 figures, dir attribute: ${name}`, () => assertChromiumBoxes(layoutHtml(doc(htmlDir, bodyDir, body)), 'c', boxes));
}
