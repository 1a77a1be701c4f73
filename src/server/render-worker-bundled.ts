// The render worker thread of the esbuild bundle (bin/bundle.mjs builds it as render-worker.mjs next to
// cli.mjs): the job module and the engine are in the bundle, nothing is compiled at start. In/Out: as serveRenderJobs.
import * as engine from '../index.ts';
import * as jobs from './render-job.ts';
import { serveRenderJobs } from './render-worker-loop.ts';

serveRenderJobs(jobs, engine);
