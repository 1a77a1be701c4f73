// Sign-up, sign-in, sign-out and the account page (change password) of the dashboard.
// In: form posts with CSRF tokens. Out: sessions started/ended, 303 redirects, pages with errors, 429 when throttled.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { monthlyLimit } from '../../../storage/plans.ts';
import { decoyHash, hashPassword, passwordProblem, PASSWORD_MIN, verifyPassword } from '../../../storage/passwords.ts';
import { ApiError } from '../../errors.ts';
import { readForm } from '../body.ts';
import { dashboardPath, doneFlash, seeOther, sendAppPage, sendPage, signedIn, type DashCtx } from '../context.ts';
import { html, type SafeHtml } from '../html.ts';
import { card } from '../layout.ts';
import { anonymousCsrf, checkAnonymousCsrf, checkCsrf, endSession, startSession, type DashState } from '../session.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function errorBox(msg: string | null): SafeHtml | '' {
  return msg ? html`<div class="form-error" role="alert">${msg}</div>` : '';
}

function signInForm(ctx: Context, d: DashCtx, o: { email?: string; next: string; error?: string | null; notice?: string | null }): SafeHtml {
  return card('Sign in to Quire', html`
    ${o.notice ? html`<div class="flash flash-ok" role="status">${o.notice}</div>` : ''}
    ${errorBox(o.error ?? null)}
    <form method="post" action="/dashboard/sign-in" class="stack">
      <input type="hidden" name="_csrf" value="${anonymousCsrf(ctx)}">
      <input type="hidden" name="next" value="${o.next}">
      <label>Email <input type="email" name="email" autocomplete="username" required autofocus value="${o.email ?? ''}"></label>
      <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
      <button class="btn primary" type="submit">Sign in</button>
    </form>
    ${d.dash.signup === 'open'
      ? html`<p class="muted">New to Quire? <a href="/dashboard/sign-up">Create an account</a></p>`
      : html`<p class="muted">Accounts on this instance are made by its operator.</p>`}`);
}

function signUpForm(ctx: Context, o: { email?: string; error?: string | null }): SafeHtml {
  return card('Create your Quire account', html`
    <p class="muted">Design PDF templates in the browser, then generate PDFs with one HTTP call.</p>
    ${errorBox(o.error ?? null)}
    <form method="post" action="/dashboard/sign-up" class="stack">
      <input type="hidden" name="_csrf" value="${anonymousCsrf(ctx)}">
      <label>Email <input type="email" name="email" autocomplete="username" required autofocus value="${o.email ?? ''}"></label>
      <label>Password <input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="pw-hint"></label>
      <p class="hint" id="pw-hint">At least ${PASSWORD_MIN} characters.</p>
      <label>Repeat password <input type="password" name="password2" autocomplete="new-password" required minlength="${PASSWORD_MIN}"></label>
      <button class="btn primary" type="submit">Create account</button>
    </form>
    <p class="muted">Already have an account? <a href="/dashboard/sign-in">Sign in</a></p>`);
}

/** The 429 page of a throttled sign-in or sign-up. */
function throttled(ctx: Context, d: DashCtx, seconds: number, what: string): void {
  ctx.set('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  sendPage(ctx, d, {
    title: 'Too many attempts', account: null,
    body: card('Too many attempts', html`<p>Too many ${what} from here. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
      <p><a class="btn" href="/dashboard/sign-in">Back to sign-in</a></p>`),
  }, 429);
}

function closedPage(ctx: Context, d: DashCtx): void {
  sendPage(ctx, d, {
    title: 'Sign-up is closed', account: null,
    body: card('Sign-up is closed', html`<p>This Quire instance does not take new sign-ups. Ask its operator for an account
      (<code>quire account create</code> and <code>quire account password</code>).</p><p><a class="btn" href="/dashboard/sign-in">Sign in</a></p>`),
  }, 403);
}

export function authRoutes(r: Router, d: DashCtx): void {
  r.get('/sign-in', (ctx) => {
    if ((ctx.state.dash as DashState).account) return seeOther(ctx, '/dashboard/templates');
    const notice = ctx.query.signed_out === '1' ? 'You have been signed out.' : ctx.query.expired === '1' ? 'Please sign in to continue.' : null;
    sendPage(ctx, d, { title: 'Sign in', account: null, body: signInForm(ctx, d, { next: dashboardPath(ctx.query.next), notice }) });
  });

  r.post('/sign-in', async (ctx) => {
    const f = await readForm(ctx);
    checkAnonymousCsrf(ctx, f.get('_csrf'));
    const email = (f.get('email') ?? '').trim();
    const password = f.get('password') ?? '';
    const next = dashboardPath(f.get('next'));
    const now = d.clock.now().getTime();
    const wait = d.throttle.signInWait(email, ctx.ip, now);
    if (wait !== null) return throttled(ctx, d, wait, 'sign-in attempts');
    const account = EMAIL.test(email) ? await d.store.findAccountByEmail(email) : null;
    const hash = account ? await d.store.passwordHash(account.id) : null;
    // Same work for an unknown email, a CLI account without password and a wrong password.
    const ok = await verifyPassword(password, hash ?? (await decoyHash()));
    if (!account || !hash || !ok) {
      d.throttle.signInFailed(email, ctx.ip, now);
      return sendPage(ctx, d, {
        title: 'Sign in', account: null, body: signInForm(ctx, d, { email, next, error: 'Wrong email or password.' }),
      }, 401);
    }
    d.throttle.signInSucceeded(email);
    await startSession(ctx, d.store, d.dash, account, d.clock.now());
    seeOther(ctx, next);
  });

  r.get('/sign-up', (ctx) => {
    if (d.dash.signup === 'closed') return closedPage(ctx, d);
    if ((ctx.state.dash as DashState).account) return seeOther(ctx, '/dashboard/templates');
    sendPage(ctx, d, { title: 'Create account', account: null, body: signUpForm(ctx, {}) });
  });

  r.post('/sign-up', async (ctx) => {
    if (d.dash.signup === 'closed') return closedPage(ctx, d);
    const f = await readForm(ctx);
    checkAnonymousCsrf(ctx, f.get('_csrf'));
    const email = (f.get('email') ?? '').trim();
    const password = f.get('password') ?? '';
    const again = (msg: string) => sendPage(ctx, d, { title: 'Create account', account: null, body: signUpForm(ctx, { email, error: msg }) }, 400);
    const now = d.clock.now();
    const wait = d.throttle.signUps.retryAfter(ctx.ip, now.getTime());
    if (wait !== null) return throttled(ctx, d, wait, 'sign-ups');
    if (!EMAIL.test(email) || email.length > 254) return again('Enter a valid email address.');
    const problem = passwordProblem(password);
    if (problem) return again(problem);
    if (password !== f.get('password2')) return again('The two passwords differ.');
    if (await d.store.findAccountByEmail(email)) return again('An account with this email already exists. Sign in instead.');
    const hash = await hashPassword(password);
    let account;
    try {
      account = await d.store.createAccountWithPassword(email, 'free', hash, now);
    } catch (e) {
      if ((e as { code?: string }).code === 'CONFLICT') return again('An account with this email already exists. Sign in instead.');
      throw e;
    }
    d.throttle.signUps.add(ctx.ip, now.getTime());
    await startSession(ctx, d.store, d.dash, account, now);
    seeOther(ctx, '/dashboard/templates/new?welcome=1');
  });

  r.post('/sign-out', async (ctx) => {
    const f = await readForm(ctx);
    if ((ctx.state.dash as DashState).session) checkCsrf(ctx, f.get('_csrf'));
    await endSession(ctx, d.store);
    seeOther(ctx, '/dashboard/sign-in?signed_out=1');
  });
}

function accountPage(ctx: Context, d: DashCtx, error: string | null, status = 200): void {
  const { account, csrf } = signedIn(ctx);
  const limit = monthlyLimit(account.plan);
  sendAppPage(ctx, d, {
    title: 'Account', nav: 'account', flash: doneFlash(ctx),
    body: html`<div class="page-head"><h1>Account</h1></div>
    <section class="panel">
      <dl class="facts">
        <dt>Email</dt><dd>${account.email}</dd>
        <dt>Plan</dt><dd><span class="plan-badge">${account.plan}</span> ${limit === null ? 'unlimited PDFs' : `${limit.toLocaleString('en')} PDFs a month`}
          <span class="muted">· plans are changed by the operator of this instance</span></dd>
        <dt>Account id</dt><dd><code>${account.id}</code></dd>
      </dl>
    </section>
    <section class="panel narrow">
      <h2>Change password</h2>
      ${errorBox(error)}
      <form method="post" action="/dashboard/account/password" class="stack">
        <input type="hidden" name="_csrf" value="${csrf}">
        <input type="text" name="username" autocomplete="username" value="${account.email}" hidden>
        <label>Current password <input type="password" name="current" autocomplete="current-password" required></label>
        <label>New password <input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}"></label>
        <label>Repeat new password <input type="password" name="password2" autocomplete="new-password" required minlength="${PASSWORD_MIN}"></label>
        <button class="btn primary" type="submit">Change password</button>
      </form>
      <p class="hint">Changing the password signs out every other session of this account.</p>
    </section>`,
  }, status);
}

/** Routes that need a signed-in account (mounted after `requireAccount`). */
export function accountRoutes(r: Router, d: DashCtx): void {
  r.get('/account', (ctx) => accountPage(ctx, d, null));

  r.post('/account/password', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const { account, sessionDigest } = signedIn(ctx);
    const now = d.clock.now();
    const wait = d.throttle.signInWait(account.email, ctx.ip, now.getTime());
    if (wait !== null) throw new ApiError(429, 'RATE_LIMITED', `Too many wrong passwords; try again in ${Math.ceil(wait / 60)} minutes.`, { 'Retry-After': String(wait) });
    const hash = await d.store.passwordHash(account.id);
    if (!hash || !(await verifyPassword(f.get('current') ?? '', hash))) {
      d.throttle.signInFailed(account.email, ctx.ip, now.getTime());
      return accountPage(ctx, d, 'The current password is wrong.', 400);
    }
    const password = f.get('password') ?? '';
    const problem = passwordProblem(password);
    if (problem) return accountPage(ctx, d, problem, 400);
    if (password !== f.get('password2')) return accountPage(ctx, d, 'The two new passwords differ.', 400);
    await d.store.setPasswordHash(account.id, await hashPassword(password), now);
    await d.store.sessions.removeOthers(account.id, sessionDigest);
    await startSession(ctx, d.store, d.dash, account, now); // a fresh id after a privilege change
    seeOther(ctx, '/dashboard/account?done=password');
  });
}
