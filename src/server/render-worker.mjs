// A render worker thread run from the TypeScript sources: registers tsx, loads the job module and the
// engine by the URLs in workerData, then serves jobs (render-worker-loop.ts). In/Out: as serveRenderJobs.
// Plain .mjs because on node 20 `execArgv: ['--import', 'tsx']` does not apply to a worker's entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveRenderJobs } = await import(new URL('./render-worker-loop.ts', import.meta.url).href);
serveRenderJobs(await import(workerData.jobUrl), await import(workerData.engineUrl));
