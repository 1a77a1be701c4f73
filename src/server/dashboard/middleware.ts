// The dashboard's request handling: security headers, sessions, errors as pages or JSON, its routes.
// In: the app's store, renderer, render queue, clock, configuration. Out: one Koa middleware (loaded by index.ts).
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { ApiError, internalError, notFound } from '../errors.ts';
import { RateLimiter } from '../rate-limit.ts';
import { ClientBundle } from './bundle.ts';
import type { DashboardConfig } from './config.ts';
import type { DashboardDeps } from './index.ts';
import { sendPage, type DashCtx } from './context.ts';
import { html } from './html.ts';
import { card } from './layout.ts';
import { assetRoutes } from './routes/assets.ts';
import { accountRoutes, authRoutes } from './routes/auth.ts';
import { editorRoutes } from './routes/editor.ts';
import { keyRoutes } from './routes/keys.ts';
import { previewRoutes } from './routes/preview.ts';
import { templateRoutes } from './routes/templates.ts';
import { usageRoutes } from './routes/usage.ts';
import { checkOrigin, loadSession, type DashState } from './session.ts';
import { AuthThrottle } from './throttle.ts';

/**
 * Content-Security-Policy of every dashboard response: scripts only from this origin (no inline
 * script), styles from this origin plus the <style> elements CodeMirror adds with this request's nonce.
 */
export function csp(styleNonce: string): string {
  return [
    "default-src 'none'", "script-src 'self'", `style-src 'self' 'nonce-${styleNonce}'`, "img-src 'self' data: blob:",
    "font-src 'self'", "connect-src 'self'", "worker-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'",
  ].join('; ');
}

function wantsJson(ctx: Context): boolean {
  return ctx.state.json === true || ctx.accepts('html', 'json') === 'json';
}

/** Renders an ApiError as the JSON error shape (scripts) or as an HTML page (navigation). */
function errorResponse(ctx: Context, d: DashCtx, e: ApiError): void {
  for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
  if (wantsJson(ctx)) {
    ctx.status = e.status;
    ctx.body = e.body();
    return;
  }
  const titles: Record<number, string> = { 403: 'Not allowed', 404: 'Page not found', 413: 'Too large', 429: 'Too many requests' };
  const title = titles[e.status] ?? (e.status >= 500 ? 'Something went wrong' : 'Cannot do that');
  const st = ctx.state.dash as DashState | undefined;
  sendPage(ctx, d, {
    title, account: st?.account ?? null, csrf: st?.session?.csrfToken,
    body: card(title, html`<p>${e.message}</p><p><a class="btn" href="/dashboard">Back to the dashboard</a></p>`),
  }, e.status);
}

/**
 * The dashboard's two routers: `pub` (sign-in, sign-up, static files) and `priv` (everything else,
 * behind the signed-in check). Registering touches nothing of `d`; test/dashboard/routes.test.ts
 * lists the routes from here to check that each one is covered.
 */
export function dashboardRouters(d: DashCtx): { pub: Router; priv: Router } {
  const pub = new Router({ prefix: '/dashboard' });
  pub.get('/', (ctx) => {
    ctx.redirect((ctx.state.dash as DashState).account ? '/dashboard/templates' : '/dashboard/sign-in');
  });
  pub.get('/static/:file', async (ctx) => {
    const f = await d.bundle.file(ctx.params.file!);
    if (!f) throw notFound('File not found');
    ctx.type = f.type;
    ctx.set('Cache-Control', ctx.query.v === d.bundle.version() ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = f.gzip;
    } else ctx.body = f.body;
  });
  authRoutes(pub, d);

  const priv = new Router({ prefix: '/dashboard' });
  priv.use(async (ctx, next) => {
    if ((ctx.state.dash as DashState).account) return next();
    if (wantsJson(ctx)) throw new ApiError(401, 'UNAUTHORIZED', 'Your session has ended; sign in again');
    const back = ctx.method === 'GET' ? `?next=${encodeURIComponent(ctx.originalUrl)}` : '?expired=1';
    ctx.redirect(`/dashboard/sign-in${back}`);
  });
  templateRoutes(priv, d);
  editorRoutes(priv, d);
  previewRoutes(priv, d);
  assetRoutes(priv, d);
  keyRoutes(priv, d);
  usageRoutes(priv, d);
  accountRoutes(priv, d);

  return { pub, priv };
}

/** Builds the dashboard middleware; requests outside `/` and `/dashboard/…` pass through. */
export function createDashboard(deps: DashboardDeps, dash: DashboardConfig): Middleware {
  const d: DashCtx = {
    store: deps.store, renderer: deps.renderer, queue: deps.queue, clock: deps.clock, config: deps.config, dash, log: deps.log,
    throttle: new AuthThrottle(dash.signupsPerHour), previews: new RateLimiter(dash.previewsPerMinute), bundle: new ClientBundle(deps.log), galleryPdfs: new Map(),
  };

  const { pub, priv } = dashboardRouters(d);
  const routes = [pub.routes(), priv.routes()];
  const chain = async (ctx: Context, i: number): Promise<void> => {
    if (i < routes.length) await routes[i]!(ctx as never, () => chain(ctx, i + 1));
  };

  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/') return ctx.redirect('/dashboard');
    if (ctx.path !== '/dashboard' && !ctx.path.startsWith('/dashboard/')) return next();
    ctx.state.cspNonce = randomBytes(16).toString('base64');
    ctx.set('Content-Security-Policy', csp(ctx.state.cspNonce));
    ctx.set('X-Frame-Options', 'DENY');
    // Not no-referrer: under it browsers send `Origin: null` with same-origin form posts, which
    // checkOrigin must refuse. same-origin still sends nothing to other sites.
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    try {
      // Static files need no session (and no database read).
      if (!ctx.path.startsWith('/dashboard/static/')) {
        await loadSession(ctx, d.store, dash, d.clock.now());
        d.bundle.warm();
      }
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') checkOrigin(ctx);
      await chain(ctx, 0);
      if (ctx.body === undefined && ctx.status === 404) throw notFound('There is no such page.');
    } catch (e) {
      if (e instanceof ApiError) return errorResponse(ctx, d, e);
      d.log.error({ err: e, method: ctx.method, path: ctx.path }, 'dashboard error');
      errorResponse(ctx, d, internalError());
    }
  };
}
