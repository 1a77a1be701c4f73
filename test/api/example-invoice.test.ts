// The README's example: examples/invoice (the sparksuite invoice as a template) through the endpoint.
// In: the example's template, variables and data files. Out: a PDF that qpdf accepts, with the filled values.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseVariableDefs } from '../../src/template/variables.ts';
import { startHarness } from './helpers.ts';

const dir = path.join(import.meta.dirname, '../../examples/invoice');

test('the example invoice renders through the endpoint; qpdf --check passes and pdftotext shows the values', async () => {
  const h = await startHarness();
  try {
    const { accountId, key } = await h.account();
    const templateId = await h.template(
      accountId,
      readFileSync(path.join(dir, 'template.html'), 'utf8'),
      parseVariableDefs(JSON.parse(readFileSync(path.join(dir, 'variables.json'), 'utf8'))),
    );
    const data = JSON.parse(readFileSync(path.join(dir, 'data.json'), 'utf8'));
    const r = await h.generate(key, { templateId, variables: data });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const pdf = Buffer.from(await (await fetch(r.body.pdf_url)).arrayBuffer());
    assert.equal(pdf.length, r.body.file_size);
    const file = path.join(h.dataDir, 'downloaded.pdf');
    writeFileSync(file, pdf);
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' }); // throws on a damaged PDF
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const v of ['2026-0042', '2026-11-02', '2026-12-02', 'Acme Corp.', 'Jane Roe', 'jane@acme.example',
      'Website design', '$300.00', 'Hosting (3 months)', '$75.00', 'Domain name (1 year)', '$10.00', 'Total: $385.00',
      'Sparksuite, Inc.', 'Please pay by 2026-12-02']) {
      assert.ok(text.includes(v), `the PDF text has ${v}`);
    }
    assert.ok(!text.includes('{{'), 'no placeholder is left');
  } finally {
    await h.close();
  }
});
