// In: a padded box (a bordered card around a box with 16 px padding) whose last paragraph fits on the page but whose
// block-end margin, the padding and the border below it do not, at four heights, through renderPdf (A4, 10 mm margins).
// Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as
// test/fidelity/make-refs.mjs calls it, fonts from fonts/ through test/fidelity/fonts.conf.in). LayoutNG keeps a box's
// block-end border and padding with its end, and the last child's block-end margin before them (padding keeps them from
// collapsing): when they do not fit, it breaks before the last paragraph. We kept the room for the padding only, so a
// paragraph ending above the page end stayed there and the box overflowed the page by its margin and padding.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const doc = (spacer: number): string => "<!doctype html><html><head><style>body{margin:0;font:16px/20px 'Liberation Sans'}" +
  `.spacer{height:${spacer}px}.card{border:1px solid #999}.body{padding:16px}p{margin:0 0 16px}</style></head><body>` +
  "<div class='spacer'></div><div class='card'><div class='body'><p>P1 alpha beta gamma</p><p>P2 delta epsilon</p><p>P3 zeta eta</p></div></div></body></html>";
const P3 = ['P3 40.50 28.14', 'zeta 58.51 28.14', 'eta 84.53 28.14'];
const first = (y: string): string[] => [`P1 40.50 ${y}`, `alpha 58.51 ${y}`, `beta 91.21 ${y}`, `gamma 117.90 ${y}`];
const second = (y: string): string[] => [`P2 40.50 ${y}`, `delta 58.51 ${y}`, `epsilon 87.87 ${y}`];

/** [spacer height px, Chromium 156's words per page]: P3's border box ends 35, 25 and 10 px above the page end, then past it. */
const CASES: Array<[number, string[][]]> = [
  [915, [[...first('727.14'), ...second('754.14')], P3]],
  [925, [[...first('734.64'), ...second('761.64')], P3]],
  [940, [[...first('745.89'), ...second('772.89')], P3]],
  [955, [[...first('757.14'), ...second('784.14')], P3]],
];

for (const [spacer, pages] of CASES) {
  test(`Chromium 156 prints, the last paragraph's margin and its box's padding past the page end (spacer ${spacer} px): the paragraph moves`, async () => {
    assertPageWords(await pageWords(doc(spacer)), pages, `spacer ${spacer}`);
  });
}
