// The render worker thread of the esbuild bundle (bin/bundle.mjs builds it as render-worker.bundle.cjs, loaded by
// render-worker.cjs): the job module and the engine are in the bundle, nothing is compiled at start. In/Out: as serveRenderJobs.
import * as engine from '../index.ts';
import { saveCodeCache } from './bundled.ts';
import * as jobs from './render-job.ts';
import { serveRenderJobs } from './render-worker-loop.ts';

// once warm, the bytecode of the render path goes into the bundle's code cache (when there is none yet)
serveRenderJobs(jobs, engine, saveCodeCache);
