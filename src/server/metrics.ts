// Prometheus metrics of one server instance (prom-client, a registry per instance, never the global one)
// and who may read them. In: events of requests, renders, quota, stores. Out: /metrics text, an access check.
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StoreObserver } from '../storage/objects.ts';
import { isLoopback, type ServerConfig } from './config.ts';
import { ApiError } from './errors.ts';

/** What the queue gauge reads at scrape time. */
export interface QueueStats { running: number; waiting: number }

/** The metrics of one instance; `registry.metrics()` is the /metrics text. */
export interface Metrics {
  readonly registry: Registry;
  /** Times database and object store operations (pass it to openStore). */
  readonly observeStore: StoreObserver;
  /** One answered HTTP request: its route template (bounded set), method and status. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One finished render of an API generation. */
  rendered(seconds: number, pages: number): void;
  /** One request refused with QUOTA_EXCEEDED. */
  quotaRejected(): void;
  /** PDFs deleted by retention. */
  expired(n: number): void;
  /** Reads the render queue at every scrape. */
  watchQueue(stats: () => QueueStats): void;
}

/** A fresh registry with the service's metrics (and Node's process metrics, prefixed quire_). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const requests = new Counter({
    name: 'quire_http_requests_total', help: 'HTTP requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const, registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'quire_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route template',
    labelNames: ['route'] as const, buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: 'quire_render_duration_seconds', help: 'Fill and render time of API generations (without the wait for a slot)',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [registry],
  });
  const pages = new Counter({ name: 'quire_pages_rendered_total', help: 'Pages of the PDFs generated through the API', registers: [registry] });
  const pdfs = new Counter({ name: 'quire_pdfs_generated_total', help: 'PDFs generated through the API (recorded generations)', registers: [registry] });
  const quota = new Counter({ name: 'quire_quota_rejections_total', help: 'Generation requests refused with QUOTA_EXCEEDED', registers: [registry] });
  const expired = new Counter({ name: 'quire_pdfs_expired_total', help: 'PDFs deleted by PDF_RETENTION_DAYS (by this instance)', registers: [registry] });
  const storeSeconds = new Histogram({
    name: 'quire_store_operation_duration_seconds', help: 'Duration of database and object store operations',
    labelNames: ['store', 'op', 'outcome'] as const, buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5], registers: [registry],
  });
  const readers: Array<() => QueueStats> = [];
  new Gauge({
    name: 'quire_render_queue_depth', help: 'Renders running and waiting for a slot now', labelNames: ['state'] as const, registers: [registry],
    collect() {
      let running = 0, waiting = 0;
      for (const r of readers) {
        const s = r();
        running += s.running;
        waiting += s.waiting;
      }
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  return {
    registry,
    observeStore: (store, op, seconds, ok) => storeSeconds.observe({ store, op, outcome: ok ? 'ok' : 'error' }, seconds),
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      requestSeconds.observe({ route }, seconds);
    },
    rendered(seconds, n) {
      renderSeconds.observe(seconds);
      pages.inc(n);
      pdfs.inc();
    },
    quotaRejected: () => quota.inc(),
    expired: (n) => expired.inc(n),
    watchQueue: (stats) => { readers.push(stats); },
  };
}

/**
 * Throws unless this request may read /metrics: with METRICS_TOKEN, `Authorization: Bearer <token>`
 * (401 otherwise); without it, only a client on a loopback address while TRUST_PROXY is off (a
 * proxy on the same host would make every client look local), else 404 as if there were no such page.
 */
export function checkMetricsAccess(ctx: Context, config: ServerConfig): void {
  if (config.metricsToken) {
    const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1]?.trim() ?? '');
    const want = Buffer.from(config.metricsToken);
    if (given.length !== want.length || !timingSafeEqual(given, want)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>', { 'WWW-Authenticate': 'Bearer' });
    }
    return;
  }
  if (config.trustProxy || !isLoopback(ctx.req.socket.remoteAddress ?? '')) throw new ApiError(404, 'NOT_FOUND', 'Not found');
}
