// What operators and load balancers ask: GET /healthz (each store answers), GET /readyz (false while
// draining), GET /metrics (Prometheus). In: the app's store, queue, metrics and lifecycle. Out: routes on a router.
import type Router from '@koa/router';
import type pino from 'pino';
import type { Store } from '../storage/store.ts';
import type { ServerConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { checkMetricsAccess, type Metrics } from './metrics.ts';
import type { RenderQueue } from './render-queue.ts';

/** Whether the instance is shutting down (set by the server's drain on SIGTERM). */
export interface Lifecycle { draining(): boolean }

export interface OpsDeps { store: Store; queue: RenderQueue; metrics: Metrics; config: ServerConfig; log: pino.Logger; lifecycle: Lifecycle }

/** Paths served whatever the transport (scrapers and probes reach an instance directly, not through the proxy). */
export const OPS_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

interface StoreHealth { status: 'ok' | 'error'; driver: string; ms: number }

async function probe(driver: string, ping: () => Promise<void>, log: pino.Logger, what: string): Promise<StoreHealth> {
  const t0 = performance.now();
  let status: StoreHealth['status'] = 'ok';
  try {
    await ping();
  } catch (e) {
    log.error({ err: e, store: what }, 'health check failed');
    status = 'error';
  }
  return { status, driver, ms: Math.round((performance.now() - t0) * 10) / 10 };
}

/** Both stores, probed at once. */
async function storeHealth(d: OpsDeps): Promise<{ database: StoreHealth; objects: StoreHealth }> {
  const [database, objects] = await Promise.all([
    probe(d.store.driver, () => d.store.ping(), d.log, 'database'),
    probe(d.store.objects.kind, () => d.store.objects.ping(), d.log, 'objects'),
  ]);
  return { database, objects };
}

function unhealthy(s: { database: StoreHealth; objects: StoreHealth }): ApiError | null {
  const down = [s.database.status !== 'ok' && 'Database', s.objects.status !== 'ok' && 'Object store'].filter(Boolean);
  return down.length ? new ApiError(503, 'UNAVAILABLE', `${down.join(' and ')} unavailable`, { 'Retry-After': '5' }) : null;
}

/**
 * /healthz: 200 `{ status: 'ok', stores: { database, objects }, render_queue }` (each store with its
 * driver and the ms its ping took), or 503 UNAVAILABLE naming the store that did not answer.
 * /readyz: 200 `{ status: 'ready' }`, or 503 UNAVAILABLE while draining or while a store is down.
 * /metrics: the registry's text (see checkMetricsAccess for who may read it).
 */
export function opsRoutes(router: Router, d: OpsDeps): void {
  router.get('/healthz', async (ctx) => {
    const stores = await storeHealth(d);
    const down = unhealthy(stores);
    if (down) throw down;
    ctx.body = { status: 'ok', stores, render_queue: d.queue.stats };
  });
  router.get('/readyz', async (ctx) => {
    if (d.lifecycle.draining()) throw new ApiError(503, 'UNAVAILABLE', 'The service is shutting down', { 'Retry-After': '5' });
    const down = unhealthy(await storeHealth(d));
    if (down) throw down;
    ctx.body = { status: 'ready' };
  });
  router.get('/metrics', async (ctx) => {
    checkMetricsAccess(ctx, d.config);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = d.metrics.registry.contentType;
    ctx.body = await d.metrics.registry.metrics();
  });
}
