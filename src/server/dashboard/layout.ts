// The dashboard's page shell: head (styles and scripts from /dashboard/static, no inline script),
// top bar with navigation and the account menu. In: a title, the user, the page body. Out: a whole HTML page.
import type { Account } from '../../storage/store.ts';
import { html, type SafeHtml } from './html.ts';

export type Nav = 'templates' | 'keys' | 'usage' | 'account' | null;

export interface PageOpts {
  title: string;
  /** The signed-in account (null: the sign-in / sign-up pages). */
  account: Account | null;
  /** The session's CSRF token (for the sign-out form). */
  csrf?: string;
  nav?: Nav;
  /** Extra body class (e.g. `editor-page` for the full-height editor). */
  bodyClass?: string;
  /** Module scripts under /dashboard/static besides app.js (e.g. `editor.js`). */
  scripts?: string[];
  /** Asset version for cache-busting (`?v=`). */
  version: string;
  /** This response's CSP nonce for styles (CodeMirror's <style> elements). */
  nonce: string;
  /** One notice at the top of the page. */
  flash?: { kind: 'ok' | 'error'; text: string } | null;
  body: SafeHtml;
}

const NAV: Array<[Exclude<Nav, null | 'account'>, string, string]> = [
  ['templates', 'Templates', '/dashboard/templates'],
  ['keys', 'API Keys', '/dashboard/keys'],
  ['usage', 'Usage', '/dashboard/usage'],
];

/** A static file's URL with the bundle version. */
export function staticUrl(file: string, version: string): string {
  return `/dashboard/static/${file}?v=${version}`;
}

/** Renders a whole page. Every value is escaped by `html`. */
export function page(o: PageOpts): SafeHtml {
  const scripts = ['app.js', ...(o.scripts ?? [])];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · Quire</title>
<link rel="stylesheet" href="${staticUrl('app.css', o.version)}">
<link rel="icon" href="${staticUrl('favicon.svg', o.version)}" type="image/svg+xml">
<meta name="csp-nonce" content="${o.nonce}">
${o.csrf ? html`<meta name="csrf-token" content="${o.csrf}">` : ''}
${scripts.map((s) => html`<script type="module" src="${staticUrl(s, o.version)}"></script>\n`)}
</head>
<body class="${o.bodyClass ?? ''}">
<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar">
  <a class="brand" href="/dashboard" aria-label="Quire dashboard">${logo()}<span>Quire</span></a>
  ${o.account ? html`<nav class="mainnav" aria-label="Main">
    ${NAV.map(([key, label, href]) => html`<a href="${href}"${o.nav === key ? html` aria-current="page"` : ''}>${label}</a>`)}
  </nav>
  <div class="account-menu">
    <a href="/dashboard/account"${o.nav === 'account' ? html` aria-current="page"` : ''} title="Account settings">${o.account.email}</a>
    <span class="plan-badge">${o.account.plan}</span>
    <form method="post" action="/dashboard/sign-out"><input type="hidden" name="_csrf" value="${o.csrf ?? ''}"><button class="link-button" type="submit">Sign out</button></form>
  </div>` : ''}
</header>
<main id="main" tabindex="-1">
${o.flash ? html`<div class="flash flash-${o.flash.kind}" role="${o.flash.kind === 'error' ? 'alert' : 'status'}">${o.flash.text}</div>` : ''}
${o.body}
</main>
</body>
</html>`;
}

function logo(): SafeHtml {
  return html`<svg class="logo" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><rect x="3" y="2" width="15" height="20" rx="2" fill="#4f46e5"/><path d="M7 7h7M7 11h7M7 15h4" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/><circle cx="18" cy="18" r="4" fill="#22c55e"/></svg>`;
}

/** The centred card of the sign-in, sign-up and error pages. */
export function card(title: string, body: SafeHtml): SafeHtml {
  return html`<section class="auth-card"><h1>${title}</h1>${body}</section>`;
}
