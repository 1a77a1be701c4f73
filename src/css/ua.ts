/**
 * The user-agent stylesheet. In: nothing. Out: the default styles of HTML elements (HTML Living
 * Standard §15 "Rendering", with the values Chromium's html.css and quirks.css use), the product's
 * default page and margin-box alignment (css-page-3 §4.2),
 * parsed once per process.
 */
import { parseStylesheet, type ParsedSheet } from './stylesheet.ts';

/**
 * HTML §15.3 (display, margins, fonts, lists, tables, phrasing) as Chromium applies it, physical ltr.
 * The default page is "A4 with 10 mm margins" as Chromium 156 prints it through Playwright's
 * `page.pdf({ format: 'A4', margin: 10mm })`: 596 × 843 pt as laid out (`size: auto`, see
 * DEFAULT_PAGE_SIZE) with 28 pt margins (10 mm = 28.35 pt, taken as 28 whole pt = 37.33 px; the page
 * area is then 720.02 × 1049.34 px, laid out 721 px wide and 1049 px high: src/layout/print-scale.ts).
 */
export const UA_CSS = `
@page { size: auto; margin: 28pt;
  @top-left-corner { text-align: right; vertical-align: middle }
  @top-left { text-align: left; vertical-align: middle }
  @top-center { text-align: center; vertical-align: middle }
  @top-right { text-align: right; vertical-align: middle }
  @top-right-corner { text-align: left; vertical-align: middle }
  @right-top { text-align: center; vertical-align: top }
  @right-middle { text-align: center; vertical-align: middle }
  @right-bottom { text-align: center; vertical-align: bottom }
  @bottom-right-corner { text-align: left; vertical-align: middle }
  @bottom-right { text-align: right; vertical-align: middle }
  @bottom-center { text-align: center; vertical-align: middle }
  @bottom-left { text-align: left; vertical-align: middle }
  @bottom-left-corner { text-align: right; vertical-align: middle }
  @left-bottom { text-align: center; vertical-align: bottom }
  @left-middle { text-align: center; vertical-align: middle }
  @left-top { text-align: center; vertical-align: top }
}
area, base, basefont, datalist, head, link, meta, noembed, noframes, noscript, param, rp, script,
style, template, title { display: none }
[hidden]:not([hidden="until-found" i]) { display: none }
html, body, address, blockquote, center, dialog, div, figure, figcaption, footer, form, header, hr,
legend, listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup,
nav, section, dir, dd, dl, dt, menu, ol, ul, fieldset, details, summary, optgroup, frameset, frame { display: block }
dialog:not([open]) { display: none }
li { display: list-item }
summary { display: list-item }
slot { display: contents }
table { display: table; border-collapse: separate; border-spacing: 2px; box-sizing: border-box; text-indent: 0 }
caption { display: table-caption; text-align: -webkit-center }
colgroup { display: table-column-group }
col { display: table-column }
thead { display: table-header-group; vertical-align: middle; border-color: inherit; break-inside: avoid }
tbody { display: table-row-group; vertical-align: middle; border-color: inherit }
tfoot { display: table-footer-group; vertical-align: middle; border-color: inherit; break-inside: avoid }
tr { display: table-row; vertical-align: inherit; border-color: inherit }
td, th { display: table-cell; vertical-align: inherit; padding: 1px }
th { font-weight: bold; text-align: -internal-center }
table > form, thead > form, tbody > form, tfoot > form, tr > form { display: none }
input, select, button, textarea, meter, progress { display: inline-block }
input, select, button, textarea { font-family: sans-serif; font-size: 13.333333px; line-height: normal; font-weight: normal; font-style: normal; letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0; text-align: start }
input[type="hidden" i] { display: none }
/* Form controls (Chromium's html.css): field and button edges, colours and alignment. Chromium's native theme paints
   the 2px inset/outset borders as a 1px #767676 line (appearance: auto); the border keeps its 2px of layout and is drawn
   in that grey. */
input { padding: 1px 2px; border: 2px inset #767676; background-color: white; color: black }
textarea { font-family: monospace; padding: 2px; border: 1px solid #767676; background-color: white; color: black; white-space: pre-wrap; overflow-wrap: break-word }
select { border: 1px solid #767676; border-radius: 0; background-color: #efefef; color: black; box-sizing: border-box; white-space: pre }
button, input[type="button" i], input[type="submit" i], input[type="reset" i] { padding: 1px 6px; border: 2px outset #767676; background-color: #efefef; color: black; text-align: center; box-sizing: border-box }
input[type="button" i], input[type="submit" i], input[type="reset" i] { white-space: pre }
/* Checkbox and radio button (html.css): no field padding, border or background; LayoutTheme sizes them 13 x 13 px
   (src/layout/controls.ts). Text fields and selects clip their text (computed overflow: clip); a textarea scrolls. */
input[type="checkbox" i] { margin: 3px 3px 3px 4px; padding: initial; border: initial; background-color: initial; box-sizing: border-box }
input[type="radio" i] { margin: 3px 3px 0 5px; padding: initial; border: initial; background-color: initial; box-sizing: border-box }
input:not([type="checkbox" i], [type="radio" i], [type="button" i], [type="submit" i], [type="reset" i], [type="image" i]), select { overflow: clip }
textarea { overflow: auto }
/* progress and meter (html.css): a bar 10em (meter 5em) wide and 1em high, a little below the baseline. */
progress { box-sizing: border-box; height: 1em; width: 10em; vertical-align: -0.2em }
meter { box-sizing: border-box; height: 1em; width: 5em; vertical-align: -0.2em }
body { margin: 8px }
p { margin-top: 1em; margin-bottom: 1em }
blockquote { margin: 1em 40px }
figure { margin: 1em 40px }
address { font-style: italic }
dl { margin-top: 1em; margin-bottom: 1em }
dd { margin-inline-start: 40px }
ul, menu, dir { list-style-type: disc; margin-top: 1em; margin-bottom: 1em; padding-inline-start: 40px }
ol { list-style-type: decimal; margin-top: 1em; margin-bottom: 1em; padding-inline-start: 40px }
ul ul, ol ul, menu ul, dir ul, ul menu, ol menu, ul dir, ol dir { list-style-type: circle }
ul ul ul, ul ol ul, ol ul ul, ol ol ul, menu ul ul, dir ul ul { list-style-type: square }
ul ul, ul ol, ol ul, ol ol, ul menu, ul dir, ol menu, ol dir, menu ul, menu ol, dir ul, dir ol { margin-top: 0; margin-bottom: 0 }
h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold }
h4 { font-size: 1em; margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold }
hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden }
pre, xmp, plaintext, listing { font-family: monospace; white-space: pre; margin-top: 1em; margin-bottom: 1em }
tt, code, kbd, samp { font-family: monospace }
b, strong { font-weight: bolder }
address, blockquote, center, dialog, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext, pre, search, xmp, bdi, output { unicode-bidi: isolate }
bdo { unicode-bidi: isolate-override }
i, cite, em, var, dfn { font-style: italic }
u, ins { text-decoration: underline }
s, strike, del { text-decoration: line-through }
abbr[title], acronym[title] { text-decoration: underline dotted }
small { font-size: smaller }
big { font-size: larger }
sub { vertical-align: sub; font-size: smaller }
sup { vertical-align: super; font-size: smaller }
mark { background-color: yellow; color: black }
center { text-align: -webkit-center }
nobr { white-space: nowrap }
a:any-link { color: #0000ee; text-decoration: underline }
q::before { content: open-quote }
q::after { content: close-quote }
fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove #efefef }
legend { padding-left: 2px; padding-right: 2px }
ruby { display: ruby }
rt { display: ruby-text; line-height: normal; font-size: 50% }
rp { display: none }
::marker { white-space: pre; text-transform: none }
iframe { border: 2px inset #767676 }
/* SVG 2 "User agent style sheet" (Chromium's svg.css): an inline <svg> is a scroll container */
svg:not(:root) { overflow: hidden }
`;

/**
 * Chromium's quirks.css. Its `color: -internal-quirk-inherit` on tables behaves as inheritance in
 * Chromium's output (measured on the weasyprint-invoice fidelity case), so colour is not reset.
 * Then the UA margins that Chromium's html.css gives in quirky ems (`__qem`, LengthPct.quirk): the
 * same values as above, marked so that layout ignores them at the edges of body and table cells.
 */
export const QUIRKS_CSS = `
p, pre, xmp, plaintext, listing { margin-top: 1__qem; margin-bottom: 1__qem }
blockquote, h3, dl, ul, menu, dir, ol { margin-top: 1__qem }
h1 { margin-top: 0.67__qem } h2 { margin-top: 0.83__qem } h4 { margin-top: 1.33__qem } h5 { margin-top: 1.67__qem } h6 { margin-top: 2.33__qem }
img[align="left" i] { margin-right: 3px }
img[align="right" i] { margin-left: 3px }
table { white-space: normal; line-height: normal; font-weight: normal; font-size: medium; font-variant: normal; font-style: normal; text-align: start }
input:not([type="image" i]), textarea { box-sizing: border-box }
form { margin-bottom: 1em }
`;

let uaSheet: ParsedSheet | undefined;
let quirksSheet: ParsedSheet | undefined;

/** The parsed UA sheet (parsed on first use, then reused for every render). */
export function userAgentSheet(): ParsedSheet {
  return (uaSheet ??= parseStylesheet(UA_CSS, { source: 'user agent' }));
}

/** The parsed quirks-mode additions to the UA sheet. */
export function quirksSheetParsed(): ParsedSheet {
  return (quirksSheet ??= parseStylesheet(QUIRKS_CSS, { source: 'user agent' }));
}
