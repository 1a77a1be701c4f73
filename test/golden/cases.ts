// The golden documents: fixture HTML in, PDFs rendered with a fixed creation date out.
// `npm run golden:update` rewrites test/golden/expected/*.pdf after an intended layout change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPdf } from '../../src/index.ts';

export const here = path.dirname(fileURLToPath(import.meta.url));

/** name → fixture file (relative to test/golden/fixtures; the invoice is the bench's, bench/fixtures/invoice). */
export const GOLDEN_CASES: Record<string, string> = {
  invoice: '../../../bench/fixtures/invoice/document.html',
  letter: 'letter.html',
  report: 'report.html',
};

export const FIXED_DATE = new Date('2026-01-02T03:04:05Z');

/** Renders one golden case as the tests and the updater both do. */
export async function renderCase(name: string): Promise<Uint8Array> {
  const file = path.join(here, 'fixtures', GOLDEN_CASES[name]!);
  const { pdf } = await renderPdf(readFileSync(file, 'utf8'), { baseUrl: path.dirname(file) + '/', creationDate: FIXED_DATE });
  return pdf;
}

export const expectedPath = (name: string): string => path.join(here, 'expected', `${name}.pdf`);
