// In: break-before/break-after with css-break-4's `always` and `all` (alone, after a valid declaration, beside the legacy
// page-break-before: always), through renderPdf (A4, 10 mm margins). Out: the words of every page (pdftotext -bbox, pt)
// against Chromium 156's print of the same document (page.pdf as test/fidelity/make-refs.mjs calls it, fonts from fonts/
// through test/fidelity/fonts.conf.in). Chromium 156 does not parse `always` or `all` for break-before/after: the
// declaration is invalid and dropped (an earlier `page` stays), where we broke the page. WeasyPrint's report sample sets
// h2 { break-before: always }: Chromium prints its sections one after the other, we started each on a new page.
import { test } from 'node:test';
import { assertPageWords, pageWords } from '../layout/page-words.ts';

const DOC = "<!doctype html><html><head><style>body{margin:0;font:16px 'Liberation Sans'} .a{break-before:always} " +
  '.b{break-before:page;break-before:always} .c{page-break-before:always} .d{break-after:always}</style></head><body>' +
  "<div>One</div><div class='a'>Two</div><div class='b'>Three</div><div class='c'>Four</div><div class='d'>Five</div><div>Six</div>" +
  "<div style='break-before: all'>Seven</div></body></html>";

test('Chromium 156 prints break-before/after: always and all as invalid declarations (no page break)', async () => {
  assertPageWords(await pageWords(DOC), [
    ['One 27.75 27.39', 'Two 27.75 40.89'],
    ['Three 27.75 27.39'],
    ['Four 27.75 27.39', 'Five 27.75 40.89', 'Six 27.75 54.39', 'Seven 27.75 67.89'],
  ], 'always/all');
});
