// Rewrites the golden PDFs from the current engine. In: test/golden/fixtures. Out: test/golden/expected/*.pdf.
import { writeFileSync } from 'node:fs';
import { GOLDEN_CASES, renderCase, expectedPath } from './cases.ts';

for (const name of Object.keys(GOLDEN_CASES)) {
  const pdf = await renderCase(name);
  writeFileSync(expectedPath(name), pdf);
  console.log(`${name}: ${pdf.length} bytes`);
}
