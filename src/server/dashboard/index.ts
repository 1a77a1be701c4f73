// The web dashboard (DECISIONS.md "Dashboard") as the app mounts it: its settings are checked now, its
// code is loaded on the first request to / or /dashboard/… (so it costs nothing before listening).
// In: the app's store, renderer, render queue, clock, configuration. Out: one Koa middleware.
import type { Middleware } from 'koa';
import type pino from 'pino';
import type { Store } from '../../storage/store.ts';
import type { ServerConfig } from '../config.ts';
import type { Clock } from '../generate.ts';
import type { RenderQueue } from '../render-queue.ts';
import type { Renderer } from '../renderer.ts';
import { loadDashboardConfig, type DashboardConfig } from './config.ts';

export interface DashboardDeps {
  store: Store;
  renderer: Renderer;
  /** The app's render queue: previews share its slots and fairness with API generations. */
  queue: RenderQueue;
  clock: Clock;
  config: ServerConfig;
  log: pino.Logger;
  /** Default: loadDashboardConfig(process.env). */
  dashboard?: DashboardConfig;
}

/** True for the paths the dashboard answers: `/` (a redirect) and `/dashboard…`. */
function isDashboardPath(p: string): boolean {
  return p === '/' || p === '/dashboard' || p.startsWith('/dashboard/');
}

/**
 * The dashboard middleware. Throws ConfigError at once for bad settings (SIGNUP …); other
 * requests pass through untouched.
 */
export function dashboard(deps: DashboardDeps): Middleware {
  const dash = deps.dashboard ?? loadDashboardConfig();
  let impl: Promise<Middleware> | undefined;
  return async (ctx, next) => {
    if (!isDashboardPath(ctx.path)) return next();
    impl ??= import('./middleware.ts').then((m) => m.createDashboard(deps, dash)).catch((e: unknown) => {
      impl = undefined;
      throw e;
    });
    return (await impl)(ctx, next);
  };
}
