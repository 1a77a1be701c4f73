// The Koa application factory (no listen): routes, JSON errors, HTTPS rule, request log, metrics.
// In: an injected Store, Renderer, Clock, ServerConfig, logger and metrics. Out: a Koa app (use app.callback()).
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import pino from 'pino';
import type { Store } from '../storage/store.ts';
import { servesHttps, type ServerConfig } from './config.ts';
import { ApiError, internalError, methodNotAllowed, notFound } from './errors.ts';
import { generatePdf, type Clock } from './generate.ts';
import { securityHeaders } from './http-hardening.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { OPS_PATHS, opsRoutes, type Lifecycle } from './ops-routes.ts';
import { PDF_ROUTE, servePdf } from './pdf-route.ts';
import { renderQueueFor } from './render-queue.ts';
import { QuotaGate } from './quota-gate.ts';
import { RateLimiter } from './rate-limit.ts';
import type { Renderer } from './renderer.ts';
import { dashboard } from './dashboard/index.ts';
import type { DashboardConfig } from './dashboard/config.ts';

export type { Clock } from './generate.ts';

export interface AppDeps {
  /** Open store (database + PDF folder); the caller opens and closes it. */
  store: Store;
  /** The engine (inProcessRenderer() or workerPoolRenderer(…)); the caller closes it. */
  renderer: Renderer;
  /** Current time; default the system clock. */
  clock?: Clock;
  config: ServerConfig;
  /** Request and error log; default silent. */
  logger?: pino.Logger;
  /** The dashboard's settings (SIGNUP, asset limits …); default from process.env. */
  dashboard?: DashboardConfig;
  /** This instance's metrics (give the same to openStore's `observe` to time the stores); default a fresh registry. */
  metrics?: Metrics;
  /** Whether the server is draining (/readyz answers 503 then); default never. */
  lifecycle?: Lifecycle;
}

const GENERATE_ROUTE = '/functions/v1/generate-pdf-preview';
const systemClock: Clock = { now: () => new Date() };

function sendError(ctx: Context, e: ApiError): void {
  ctx.status = e.status;
  for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
  ctx.body = e.body();
}

/**
 * Builds the service: POST /functions/v1/generate-pdf-preview, GET/HEAD
 * /storage/v1/object/public/pdfs/<uuid>.pdf, GET /healthz, /readyz, /metrics, the dashboard;
 * everything else a JSON 404/405.
 * Every error body is exactly { error, code, status }; unexpected errors are logged and
 * answered 500 INTERNAL_ERROR without details.
 */
export function createApp(deps: AppDeps): Koa {
  const { store, renderer, config } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.logger ?? pino({ level: 'silent' });
  const queue = renderQueueFor(renderer, config);
  const quota = new QuotaGate();
  const rateLimiter = config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute) : null;
  const metrics = deps.metrics ?? createMetrics();
  metrics.watchQueue(() => queue.stats);

  const app = new Koa({ proxy: config.trustProxy });
  app.silent = true;
  app.use(securityHeaders(servesHttps(config)));

  // Request log + error boundary: one line per request, never the key or variable values.
  app.use(async (ctx, next) => {
    const t0 = performance.now();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound();
    } catch (e) {
      if (e instanceof ApiError) sendError(ctx, e);
      else {
        log.error({ err: e, method: ctx.method, path: ctx.path }, 'unexpected error');
        sendError(ctx, internalError());
      }
    }
    const ms = performance.now() - t0;
    metrics.request((ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched', ctx.method, ctx.status, ms / 1000);
    const line: Record<string, unknown> = {
      method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10,
    };
    if (ctx.state.generationId) line.generation_id = ctx.state.generationId;
    if (ctx.state.keyId) line.key_id = ctx.state.keyId;
    if (ctx.state.renderMs !== undefined) line.render_ms = ctx.state.renderMs;
    log.info(line, 'request');
  });

  // HTTPS: behind a trusted proxy, refuse what did not arrive over HTTPS (native TLS is always HTTPS).
  app.use(async (ctx, next) => {
    if (config.trustProxy && ctx.protocol !== 'https' && !OPS_PATHS.has(ctx.path)) {
      throw new ApiError(400, 'BAD_REQUEST', 'HTTPS required');
    }
    await next();
  });

  // The web dashboard at /dashboard (and / leading there); previews share the render queue.
  app.use(dashboard({ store, renderer, queue, clock, config, log, dashboard: deps.dashboard }));

  const router = new Router();

  router.post(GENERATE_ROUTE, async (ctx) => {
    ctx.body = await generatePdf(ctx, { store, renderer, clock, config, queue, quota, rateLimiter, metrics });
  });
  router.all(GENERATE_ROUTE, () => {
    throw methodNotAllowed('POST');
  });

  router.get(PDF_ROUTE, (ctx) => servePdf(ctx, { store, clock, retentionDays: config.pdfRetentionDays }));
  router.all(PDF_ROUTE, () => {
    throw methodNotAllowed('GET, HEAD');
  });

  opsRoutes(router, { store, queue, metrics, config, log, lifecycle: deps.lifecycle ?? { draining: () => false } });

  app.use(router.routes());
  return app;
}
