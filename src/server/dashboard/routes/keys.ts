// The API Keys page: "Generate New Key" with an optional label (shown once, with a copy button and the
// interface document's advice), the list, delete with confirmation. In: signed-in requests. Out: pages, 303s.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ApiKeyInfo } from '../../../storage/store.ts';
import { notFound } from '../../errors.ts';
import { readForm } from '../body.ts';
import { doneFlash, invalid, seeOther, sendAppPage, signedIn, type DashCtx } from '../context.ts';
import { ago, maskedKey, utc } from '../format.ts';
import { html } from '../html.ts';
import { checkCsrf } from '../session.ts';

const LABEL_MAX = 60;

function keysPage(ctx: Context, d: DashCtx, keys: ApiKeyInfo[], created: (ApiKeyInfo & { key: string }) | null): void {
  const { csrf } = signedIn(ctx);
  const now = d.clock.now();
  const fresh = created ? html`
    <section class="panel new-key" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Your new key${created.label ? html` “${created.label}”` : ''}</h2>
      <p><strong>Copy it now: it is shown only this once.</strong> Quire keeps only a digest of it.</p>
      <div class="key-box"><input id="new-key" class="mono" readonly value="${created.key}" aria-label="New API key">
        <button type="button" class="btn primary" data-copy-from="new-key">Copy key</button></div>
      <ul class="advice">
        <li>Keep keys out of client-side code and repositories: put the key in an environment variable (e.g. <code>QUIRE_API_KEY</code>) on the server that calls Quire.</li>
        <li>Use a separate key per environment (production, staging, development), each with its own label.</li>
        <li>Rotate keys from time to time: generate a new one, switch over, delete the old one.</li>
        <li>If a key may have leaked, delete it at once; requests with it are refused immediately.</li>
      </ul>
    </section>` : '';
  const rows = keys.map((k) => html`<tr>
    <td>${k.label ?? html`<span class="muted">no label</span>`}</td>
    <td><code>${maskedKey(k.last4)}</code></td>
    <td><time datetime="${k.createdAt}" title="${utc(k.createdAt)}">${ago(k.createdAt, now)}</time></td>
    <td>${k.lastUsedAt ? html`<time datetime="${k.lastUsedAt}" title="${utc(k.lastUsedAt)}">${ago(k.lastUsedAt, now)}</time>` : html`<span class="muted">never</span>`}</td>
    <td class="actions"><a class="btn small danger-outline" href="/dashboard/keys/${k.id}/delete">Delete</a></td></tr>`);
  ctx.set('Cache-Control', 'no-store');
  sendAppPage(ctx, d, {
    title: 'API Keys', nav: 'keys', flash: doneFlash(ctx),
    body: html`<div class="page-head"><h1>API Keys</h1></div>
    ${fresh}
    <section class="panel">
      <form method="post" action="/dashboard/keys" class="row wrap">
        <input type="hidden" name="_csrf" value="${csrf}">
        <label>Label (optional) <input name="label" maxlength="${LABEL_MAX}" placeholder="production"></label>
        <button class="btn primary" type="submit">Generate New Key</button>
      </form>
      <p class="hint">Send the key in the <code>x-api-key</code> header of every request. Several keys may exist at once.</p>
    </section>
    ${keys.length ? html`<table class="data"><caption class="sr-only">Your API keys</caption>
      <thead><tr><th scope="col">Label</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${rows}</tbody></table>` : html`<p class="empty">No keys yet.</p>`}`,
  });
}

export function keyRoutes(r: Router, d: DashCtx): void {
  r.get('/keys', async (ctx) => {
    keysPage(ctx, d, await d.store.listKeys(signedIn(ctx).account.id), null);
  });

  r.post('/keys', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const { account } = signedIn(ctx);
    const label = (f.get('label') ?? '').trim().replace(/\s+/g, ' ');
    if (label.length > LABEL_MAX) throw invalid(`A label is at most ${LABEL_MAX} characters.`);
    const created = await d.store.createKey(account.id, d.clock.now(), label || null);
    // Shown in this response only (no redirect: the key is never stored to be shown again).
    keysPage(ctx, d, await d.store.listKeys(account.id), created);
    ctx.status = 201;
  });

  r.get('/keys/:id/delete', async (ctx) => {
    const { account, csrf } = signedIn(ctx);
    const k = (await d.store.listKeys(account.id)).find((x) => x.id === ctx.params.id);
    if (!k) throw notFound('Key not found');
    sendAppPage(ctx, d, {
      title: 'Delete key', nav: 'keys',
      body: html`<section class="panel narrow confirm">
        <h1>Delete key ${k.label ? html`“${k.label}” ` : ''}<code>${maskedKey(k.last4)}</code>?</h1>
        <p>Requests with this key are refused (401) from the moment you delete it. This cannot be undone.</p>
        <form method="post" action="/dashboard/keys/${k.id}/delete" class="row">
          <input type="hidden" name="_csrf" value="${csrf}">
          <button class="btn danger" type="submit" autofocus>Delete key</button>
          <a class="btn" href="/dashboard/keys">Cancel</a>
        </form></section>`,
    });
  });

  r.post('/keys/:id/delete', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const { account } = signedIn(ctx);
    try {
      await d.store.deleteKey(account.id, ctx.params.id!);
    } catch (e) {
      if ((e as { code?: string }).code === 'NOT_FOUND') throw notFound('Key not found');
      throw e;
    }
    seeOther(ctx, '/dashboard/keys?done=key-deleted');
  });
}
