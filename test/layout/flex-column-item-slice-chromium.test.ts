// In: a column flex container (a Bootstrap-style .card: border, one padded item) crossing the end of an A4 page (10 mm
// margins), through renderPdf. Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same
// documents (page.pdf as test/fidelity/make-refs.mjs calls it, fonts from fonts/ through test/fidelity/fonts.conf.in).
// LayoutNG fragments a column flex item at its flexed block size, which its content may grow: text that fits stays on
// the page and only what lies past its end (the last paragraph's margin, the item's block-end padding, the card's border)
// continues on the next one. We laid the item out as an auto-height block, which ended overflowing the page, and the
// container then moved to the next page whole (FOSSBilling's invoice print page: its notes card printed a page late).
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const doc = (spacer: number, lastMargin: boolean): string => "<!doctype html><html><head><style>body{margin:0;font:16px/20px 'Liberation Sans'}" +
  `.spacer{height:${spacer}px;background:#eee}.card{display:flex;flex-direction:column;border:1px solid #999}.body{flex:1 1 auto;padding:16px}` +
  `p{margin:0 0 16px}${lastMargin ? '' : 'p:last-child{margin-bottom:0}'}</style></head><body><div class="spacer"></div>` +
  '<div class="card"><div class="body"><p>P1 alpha beta gamma</p><p>P2 delta epsilon</p>' + (lastMargin ? '<p>P3 zeta eta</p>' : '') + '</div></div></body></html>';

/** [what, document, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ['the text fits, the last margin and the padding cross the page end: all text stays, nothing printed on page 2', doc(940, true),
    [['P1 40.50 745.89', 'alpha 58.51 745.89', 'beta 91.21 745.89', 'gamma 117.90 745.89', 'P2 40.50 772.89', 'delta 58.51 772.89', 'epsilon 87.87 772.89', 'P3 40.50 799.89', 'zeta 58.51 799.89', 'eta 84.53 799.89'], []]],
  ['the last paragraph does not fit: it starts page 2', doc(960, true),
    [['P1 40.50 760.89', 'alpha 58.51 760.89', 'beta 91.21 760.89', 'gamma 117.90 760.89', 'P2 40.50 787.89', 'delta 58.51 787.89', 'epsilon 87.87 787.89'], ['P3 40.50 28.14', 'zeta 58.51 28.14', 'eta 84.53 28.14']]],
  ['no margin after the last paragraph, the padding and border cross the page end: it moves to page 2', doc(970, false),
    [['P1 40.50 768.39', 'alpha 58.51 768.39', 'beta 91.21 768.39', 'gamma 117.90 768.39'], ['P2 40.50 28.14', 'delta 58.51 28.14', 'epsilon 87.87 28.14']]],
];

for (const [what, html, pages] of CASES) {
  test(`Chromium 156 prints, a column flex item crossing the page end: ${what}`, async () => {
    assertPageWords(await pageWords(html), pages, what);
  });
}
