// What every dashboard route is given, and the small helpers they share (redirects, pages, ownership).
// In: the app's store, renderer, queue, clock, configs. Out: DashCtx and request helpers.
import type { Context } from 'koa';
import type pino from 'pino';
import type { Account, Store, Template } from '../../storage/store.ts';
import type { ServerConfig } from '../config.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Clock } from '../generate.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { RenderQueue } from '../render-queue.ts';
import type { Renderer } from '../renderer.ts';
import type { ClientBundle } from './bundle.ts';
import type { DashboardConfig } from './config.ts';
import type { Starter } from './gallery.ts';
import type { SafeHtml } from './html.ts';
import { page, type PageOpts } from './layout.ts';
import type { DashState } from './session.ts';
import type { AuthThrottle } from './throttle.ts';

/** The dashboard's dependencies, shared by every route. */
export interface DashCtx {
  store: Store;
  renderer: Renderer;
  queue: RenderQueue;
  clock: Clock;
  config: ServerConfig;
  dash: DashboardConfig;
  log: pino.Logger;
  throttle: AuthThrottle;
  /** Previews per session (token bucket keyed by session digest). */
  previews: RateLimiter;
  bundle: ClientBundle;
  /** The starter gallery, read on first use. */
  gallery?: Starter[];
  /** The starters rendered for the gallery's thumbnails (one per starter, kept for the process). */
  galleryPdfs: Map<string, Promise<Uint8Array>>;
}

/** The signed-in account and session of a request that passed `requireAccount`. */
export function signedIn(ctx: Context): { account: Account; csrf: string; sessionDigest: string } {
  const st = ctx.state.dash as DashState;
  return { account: st.account!, csrf: st.session!.csrfToken, sessionDigest: st.session!.idDigest };
}

/** `raw` when it is a path inside the dashboard (no other host, no scheme), else `fallback`. */
export function dashboardPath(raw: unknown, fallback = '/dashboard/templates'): string {
  const s = typeof raw === 'string' ? raw : '';
  return /^\/dashboard(\/[A-Za-z0-9/_.-]*)?(\?[A-Za-z0-9=&_.%-]*)?$/.test(s) ? s : fallback;
}

/** Answers 303 See Other (after a form post, so reloading does not post again). */
export function seeOther(ctx: Context, location: string): void {
  ctx.status = 303;
  ctx.redirect(location);
}

/** Sends a whole HTML page with `status`. */
export function sendPage(ctx: Context, d: DashCtx, opts: Omit<PageOpts, 'version' | 'nonce'>, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page({ ...opts, version: d.bundle.version(), nonce: ctx.state.cspNonce as string }).value;
}

/** Sends a signed-in page (account, CSRF token and the bundle version filled in). */
export function sendAppPage(ctx: Context, d: DashCtx, opts: Omit<PageOpts, 'version' | 'nonce' | 'account' | 'csrf'>, status = 200): void {
  const { account, csrf } = signedIn(ctx);
  sendPage(ctx, d, { ...opts, account, csrf }, status);
}

/**
 * The template `id` if it belongs to the signed-in account. Another account's template, an
 * unknown id or a malformed one are all 404, so ids of others cannot be probed.
 */
export async function ownTemplate(ctx: Context, d: DashCtx, id: string): Promise<Template> {
  const { account } = signedIn(ctx);
  const t = /^[0-9a-f-]{36}$/.test(id) ? await d.store.getTemplate(id) : null;
  if (!t || t.accountId !== account.id) throw notFound('Template not found');
  return t;
}

/** Marks the request as one of the dashboard's JSON endpoints (errors answer `{ error, code, status }`). */
export function jsonRoute(ctx: Context): void {
  ctx.state.json = true;
}

/** Messages shown after a redirect (`?done=…`), so no state is kept for a one-time notice. */
export const DONE: Record<string, string> = {
  password: 'Your password has been changed. Other sessions were signed out.',
  renamed: 'Template renamed.',
  duplicated: 'Template duplicated.',
  deleted: 'Template deleted. Its past generations and their PDFs remain.',
  'key-deleted': 'The key has been deleted; requests with it are refused from now on.',
};

/** The notice for `?done=`, if any. */
export function doneFlash(ctx: Context): { kind: 'ok'; text: string } | null {
  const k = typeof ctx.query.done === 'string' ? ctx.query.done : '';
  return DONE[k] ? { kind: 'ok', text: DONE[k]! } : null;
}

/** A 400 with a message for the user. */
export const invalid = (msg: string) => new ApiError(400, 'BAD_REQUEST', msg);

export type { SafeHtml };
