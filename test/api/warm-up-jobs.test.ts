// The render thread's warm-up jobs (render-job.ts warmUpJobs): they take a request's path and render.
// In: warmUpJobs() run in-process through runRenderJob. Out: node:test results.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compiledTemplates, runRenderJob, warmUpJobs } from '../../src/server/render-job.ts';

test('the warm-up jobs are one Mustache template rendered twice with other values, through the compile cache', async () => {
  const jobs = warmUpJobs();
  assert.equal(jobs.length, 2);
  assert.equal(jobs[0]!.template, jobs[1]!.template, 'one template, so the second render reuses its compile');
  assert.notDeepEqual(jobs[0]!.view, jobs[1]!.view, 'other values, as a billing system sends');
  const before = compiledTemplates.size;
  for (const job of jobs) {
    const out = await runRenderJob(job);
    assert.equal(Buffer.from(out.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(out.pageCount, 1);
    assert.deepEqual(out.warnings, [], 'the warm-up document uses nothing the engine warns about');
  }
  assert.equal(compiledTemplates.size, before + 1, 'both renders went through one compiled template');
});
