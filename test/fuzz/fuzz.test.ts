// A bounded slice of `npm run fuzz` in the suite: 500 generated requests and 500 generated templates
// against a live server process. In: runFuzz with a fixed seed. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz } from './fuzz.ts';

test('fuzz slice: 500 malformed requests and 500 generated templates, every answer the JSON shape or a valid PDF', { timeout: 600000 }, async (t) => {
  const r = await runFuzz({ requests: 500, templates: 500, seed: 9009, concurrency: 16, env: { RENDER_TIMEOUT_MS: '3000' } });
  t.diagnostic(`requests by status ${JSON.stringify(r.requests.byStatus)}; templates by status ${JSON.stringify(r.templates.byStatus)}, ` +
    `${r.templates.pdfsChecked} PDFs checked; RSS end ${r.rssMb.end} MB, peak ${r.rssMb.peak} MB, bound ${r.rssMb.bound} MB; ${r.seconds} s`);
  assert.deepEqual(r.failures.slice(0, 10), [], `${r.failures.length} failures (seed ${r.seed}); server errors: ${r.serverErrors.join('\n')}`);
  assert.equal(r.requests.sent, 500);
  assert.equal(r.templates.sent, 500);
  assert.ok(r.templates.pdfsChecked > 100, `${r.templates.pdfsChecked} PDFs passed qpdf --check`);
  assert.ok(r.alive, 'the server answers its health check at the end');
  assert.ok(r.cleanExit, 'and stops cleanly on SIGTERM');
  assert.ok(r.rssMb.end <= r.rssMb.bound, `RSS ${r.rssMb.end} MB at the end (bound ${r.rssMb.bound} MB)`);
});
