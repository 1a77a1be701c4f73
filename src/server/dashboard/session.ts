// Dashboard sessions and CSRF (OWASP Session Management and CSRF Prevention cheat sheets).
// In: a Koa context (cookies, headers) and the store. Out: the signed-in account, new/ended sessions, CSRF checks.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { sessionDigest, type Session } from '../../storage/sessions.ts';
import type { Account, Store } from '../../storage/store.ts';
import { ApiError } from '../errors.ts';
import type { DashboardConfig } from './config.ts';

const DAY = 86_400_000;
/** Activity is written back at most this often per session (a write per request is not needed). */
const TOUCH_EVERY_MS = 5 * 60_000;

/** What a dashboard request knows about its user (ctx.state.dash). */
export interface DashState {
  session: Session | null;
  account: Account | null;
}

/** Cookie names: `__Host-` prefixed under HTTPS (Secure, Path=/, no Domain), plain on loopback HTTP. */
function cookieName(ctx: Context, base: 'session' | 'csrf'): string {
  return ctx.secure ? `__Host-quire_${base}` : `quire_${base}`;
}

function setCookie(ctx: Context, name: string, value: string | null, expires?: Date): void {
  ctx.cookies.set(name, value, {
    httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', overwrite: true, expires, signed: false,
  });
}

/** A random token: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time string equality (false for different lengths). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Reads the session cookie and loads the unexpired session and its account into ctx.state.dash.
 * Slides the idle expiry (never past SESSION_MAX_DAYS after sign-in), writing at most every 5 min.
 */
export async function loadSession(ctx: Context, store: Store, cfg: DashboardConfig, now: Date): Promise<DashState> {
  const state: DashState = { session: null, account: null };
  ctx.state.dash = state;
  const id = ctx.cookies.get(cookieName(ctx, 'session'));
  if (!id || id.length > 100) return state;
  const digest = sessionDigest(id);
  const s = await store.sessions.get(digest, now);
  if (!s) return state;
  const account = await store.getAccount(s.accountId);
  if (!account) return state;
  if (now.getTime() - Date.parse(s.lastSeenAt) > TOUCH_EVERY_MS) {
    const hardEnd = Date.parse(s.createdAt) + cfg.sessionMaxDays * DAY;
    const expires = new Date(Math.min(hardEnd, now.getTime() + cfg.sessionIdleDays * DAY));
    await store.sessions.touch(digest, now, expires);
    s.lastSeenAt = now.toISOString();
    s.expiresAt = expires.toISOString();
    setCookie(ctx, cookieName(ctx, 'session'), id, expires);
  }
  state.session = s;
  state.account = account;
  return state;
}

/**
 * Signs `account` in: ends the request's old session if any (rotation: a fresh id at every
 * sign-in, so a planted id is useless), stores a new one with its own CSRF token, sets the cookie.
 */
export async function startSession(ctx: Context, store: Store, cfg: DashboardConfig, account: Account, now: Date): Promise<Session> {
  const old = ctx.cookies.get(cookieName(ctx, 'session'));
  if (old && old.length <= 100) await store.sessions.remove(sessionDigest(old));
  await store.sessions.removeExpired(now);
  const id = randomToken();
  const expires = new Date(now.getTime() + cfg.sessionIdleDays * DAY);
  const s = await store.sessions.create({
    idDigest: sessionDigest(id), accountId: account.id, csrfToken: randomToken(),
    createdAt: now.toISOString(), lastSeenAt: now.toISOString(), expiresAt: expires.toISOString(),
  });
  setCookie(ctx, cookieName(ctx, 'session'), id, expires);
  ctx.state.dash = { session: s, account } satisfies DashState;
  return s;
}

/** Signs out: deletes the session row and clears the cookie. */
export async function endSession(ctx: Context, store: Store): Promise<void> {
  const s = (ctx.state.dash as DashState | undefined)?.session;
  if (s) await store.sessions.remove(s.idDigest);
  setCookie(ctx, cookieName(ctx, 'session'), null);
  ctx.state.dash = { session: null, account: null } satisfies DashState;
}

const csrfFailed = () => new ApiError(403, 'FORBIDDEN', 'The form has expired or did not come from this site. Reload the page and try again.');

/**
 * The CSRF token for forms shown before sign-in (double-submit cookie, `__Host-` under HTTPS):
 * reuses the cookie's token or sets a new one.
 */
export function anonymousCsrf(ctx: Context): string {
  const name = cookieName(ctx, 'csrf');
  let t = ctx.cookies.get(name);
  if (!t || t.length !== 43) {
    t = randomToken();
    setCookie(ctx, name, t);
  }
  return t;
}

/** Checks a sign-in or sign-up form's token against the double-submit cookie. Throws ApiError 403. */
export function checkAnonymousCsrf(ctx: Context, sent: string | undefined): void {
  const cookie = ctx.cookies.get(cookieName(ctx, 'csrf'));
  if (!cookie || !sent || !sameToken(cookie, sent)) throw csrfFailed();
}

/** Checks a signed-in request's token (form field `_csrf` or header `x-csrf-token`). Throws ApiError 403. */
export function checkCsrf(ctx: Context, sent: string | undefined): void {
  const s = (ctx.state.dash as DashState | undefined)?.session;
  if (!s || !sent || !sameToken(s.csrfToken, sent)) throw csrfFailed();
}

/**
 * Defence in depth for state-changing requests: when the browser names the requesting origin
 * (Origin, or Referer without it), it must be this site. Throws ApiError 403.
 */
export function checkOrigin(ctx: Context): void {
  const origin = ctx.get('origin') || (ctx.get('referer') ? safeOrigin(ctx.get('referer')) : '');
  if (origin && origin !== siteOrigin(ctx)) throw csrfFailed();
}

/** This site's origin as the browser sees it (scheme and host, from X-Forwarded-* behind a trusted proxy). */
export function siteOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
