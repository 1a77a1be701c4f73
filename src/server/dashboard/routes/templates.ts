// The template list and what is done to whole templates: create (blank or from the gallery), rename,
// duplicate, delete with confirmation. In: signed-in requests with CSRF tokens. Out: pages and 303 redirects.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Template } from '../../../storage/store.ts';
import { resolveValues } from '../../../template/variables.ts';
import { notFound } from '../../errors.ts';
import { renderJob } from '../../generate.ts';
import { sniffAssetType } from '../asset-types.ts';
import { readForm } from '../body.ts';
import { dashboardPath, doneFlash, invalid, ownTemplate, seeOther, sendAppPage, signedIn, type DashCtx } from '../context.ts';
import { ago, utc } from '../format.ts';
import { BLANK, readGallery, type Starter } from '../gallery.ts';
import { html } from '../html.ts';
import { checkCsrf } from '../session.ts';

const NAME_MAX = 120;

/** A template name from a form: trimmed, 1–120 characters. Throws ApiError 400. */
export function templateName(raw: string | undefined): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw invalid('A template needs a name.');
  if (name.length > NAME_MAX) throw invalid(`A template name is at most ${NAME_MAX} characters.`);
  return name;
}

/** The gallery, read once per app (it ships with the code). */
export function galleryOf(d: DashCtx): Starter[] {
  d.gallery ??= readGallery();
  return d.gallery;
}

/** Chips shown per row before "+N more" (the row stays a few lines high on a laptop screen). */
const CHIPS = 8;

/** A template's variable names as chips: the first CHIPS, then "+N more" naming the rest in its title. */
function variableChips(t: Template) {
  if (!t.variables.length) return html`<span class="muted">none</span>`;
  const rest = t.variables.slice(CHIPS).map((v) => v.name);
  return html`${t.variables.slice(0, CHIPS).map((v) => html`<span class="chip">${v.name}</span> `)}${rest.length
    ? html`<span class="chip more" title="${rest.join(', ')}">+${rest.length} more</span>` : ''}`;
}

function listPage(ctx: Context, d: DashCtx, templates: Template[], counts: Map<string, number>): void {
  const { csrf } = signedIn(ctx);
  const now = d.clock.now();
  const rows = templates.map((t) => html`<tr>
    <td class="name-col"><a class="strong" href="/dashboard/templates/${t.id}">${t.name}</a><div class="id-line"><code>${t.id}</code>
      <button type="button" class="icon-button" data-copy="${t.id}" aria-label="Copy the id of ${t.name}">Copy id</button></div></td>
    <td>${variableChips(t)}</td>
    <td class="when"><time datetime="${t.updatedAt}" title="${utc(t.updatedAt)}">${ago(t.updatedAt, now)}</time></td>
    <td class="num">${counts.get(t.id) ?? 0}</td>
    <td class="actions">
      <a class="btn small" href="/dashboard/templates/${t.id}">Edit</a>
      <details class="inline-menu"><summary class="btn small">Rename</summary>
        <form method="post" action="/dashboard/templates/${t.id}/rename" class="inline-form">
          <input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="back" value="/dashboard/templates">
          <label class="sr-only" for="rename-${t.id}">New name</label>
          <input id="rename-${t.id}" name="name" value="${t.name}" required maxlength="${NAME_MAX}">
          <button class="btn small primary" type="submit">Save</button>
        </form>
      </details>
      <form method="post" action="/dashboard/templates/${t.id}/duplicate" class="inline"><input type="hidden" name="_csrf" value="${csrf}"><button class="btn small" type="submit">Duplicate</button></form>
      <a class="btn small danger-outline" href="/dashboard/templates/${t.id}/delete">Delete</a>
    </td></tr>`);
  sendAppPage(ctx, d, {
    title: 'Templates', nav: 'templates', flash: doneFlash(ctx),
    body: html`<div class="page-head"><h1>Templates</h1><a class="btn primary" href="/dashboard/templates/new">New template</a></div>
    ${templates.length === 0
      ? html`<section class="empty"><h2>No templates yet</h2><p>Start from the gallery (invoice, receipt, certificate, report) or a blank page.</p>
          <a class="btn primary" href="/dashboard/templates/new">Create your first template</a></section>`
      : html`<table class="data"><caption class="sr-only">Your templates</caption>
          <thead><tr><th scope="col">Name and id</th><th scope="col">Variables</th><th scope="col">Last change</th><th scope="col" class="num">PDFs this month</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${rows}</tbody></table>`}`,
  });
}

function galleryPage(ctx: Context, d: DashCtx): void {
  const { csrf } = signedIn(ctx);
  const card = (slug: string, name: string, description: string, features: string[], primary = false) => html`
    <li class="gallery-card">
      <form method="post" action="/dashboard/templates" class="stack">
        <input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="starter" value="${slug}">
        <div class="gallery-thumb gallery-${slug}" aria-hidden="true"${slug === 'blank' ? '' : html` data-pdf="/dashboard/gallery/${slug}.pdf"`}></div>
        <h2>${name}</h2>
        <p>${description}</p>
        ${features.length ? html`<ul class="features">${features.map((f) => html`<li>${f}</li>`)}</ul>` : ''}
        <label>Name <input name="name" value="${name}" required maxlength="${NAME_MAX}"></label>
        <button class="btn${primary ? ' primary' : ''}" type="submit">Use ${name}</button>
      </form>
    </li>`;
  sendAppPage(ctx, d, {
    title: 'New template', nav: 'templates', scripts: ['gallery.js'],
    flash: ctx.query.welcome === '1' ? { kind: 'ok', text: 'Welcome to Quire! Pick a starter to see the editor and its live preview.' } : null,
    body: html`<div class="page-head"><h1>New template</h1><a class="btn" href="/dashboard/templates">Back to templates</a></div>
    <ul class="gallery">
      ${galleryOf(d).map((s, i) => card(s.slug, s.name, s.description, s.features, i === 0))}
      ${card('blank', 'Blank page', 'An empty A4 page with one variable, for starting from scratch.', [])}
    </ul>`,
  });
}

function deletePage(ctx: Context, d: DashCtx, t: Template, generations: number): void {
  const { csrf } = signedIn(ctx);
  sendAppPage(ctx, d, {
    title: `Delete ${t.name}`, nav: 'templates',
    body: html`<section class="panel narrow confirm">
      <h1>Delete “${t.name}”?</h1>
      <p>The template, its variables, sample data and files are deleted. Requests naming its id will get 404.
      Its past generations (${generations} this month) and their PDFs remain.</p>
      <form method="post" action="/dashboard/templates/${t.id}/delete" class="row">
        <input type="hidden" name="_csrf" value="${csrf}">
        <button class="btn danger" type="submit" autofocus>Delete template</button>
        <a class="btn" href="/dashboard/templates">Cancel</a>
      </form></section>`,
  });
}

/** Copies a template with its assets; refuses when the copy would pass the account's asset limit. */
async function duplicate(d: DashCtx, t: Template, now: Date): Promise<Template> {
  const assets = await d.store.assets.list(t.id);
  const extra = assets.reduce((n, a) => n + a.bytes, 0);
  if (extra && (await d.store.assets.accountBytes(t.accountId)) + extra > d.dash.accountAssetsMaxBytes) {
    throw invalid('Duplicating this template would pass your account\'s limit for files; delete unused files first.');
  }
  const name = `Copy of ${t.name}`.slice(0, NAME_MAX);
  const copy = await d.store.createTemplate({ accountId: t.accountId, name, html: t.html, variables: t.variables, sampleData: t.sampleData }, now);
  for (const a of assets) {
    const data = await d.store.assets.data(a);
    if (data) await d.store.assets.put({ templateId: copy.id, accountId: t.accountId, path: a.path, mime: a.mime, data }, now);
  }
  return copy;
}

/** A starter rendered with its sample data (for the gallery's thumbnails), once per process. */
function starterPdf(ctx: Context, d: DashCtx, s: Starter): Promise<Uint8Array> {
  let p = d.galleryPdfs.get(s.slug);
  if (!p) {
    const values = resolveValues(s.variables, s.sampleData);
    if (!values.ok) throw new Error(`gallery starter ${s.slug}: ${values.message}`);
    const assets = s.assets.map((a) => ({ path: a.path, mime: sniffAssetType(a.data) ?? 'application/octet-stream', data: a.data }));
    p = d.queue.run(signedIn(ctx).account.id, () => d.renderer.render(renderJob(s.html, values.view, d, assets))).then((o) => o.pdf);
    d.galleryPdfs.set(s.slug, p);
    p.catch(() => d.galleryPdfs.delete(s.slug));
  }
  return p;
}

export function templateRoutes(r: Router, d: DashCtx): void {
  r.get('/gallery/:file', async (ctx) => {
    const s = galleryOf(d).find((x) => `${x.slug}.pdf` === ctx.params.file);
    if (!s) throw notFound('No such starter');
    ctx.type = 'application/pdf';
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.body = Buffer.from(await starterPdf(ctx, d, s));
  });

  r.get('/templates', async (ctx) => {
    const { account } = signedIn(ctx);
    const [templates, counts] = await Promise.all([
      d.store.listTemplates(account.id), d.store.countThisMonthByTemplate(account.id, d.clock.now()),
    ]);
    listPage(ctx, d, templates.slice().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)), counts);
  });

  r.get('/templates/new', (ctx) => galleryPage(ctx, d));

  r.post('/templates', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const { account } = signedIn(ctx);
    const slug = f.get('starter') ?? 'blank';
    const starter = slug === 'blank' ? null : galleryOf(d).find((s) => s.slug === slug);
    if (starter === undefined) throw invalid(`There is no starter "${slug}".`);
    const now = d.clock.now();
    const from = starter ?? BLANK;
    const t = await d.store.createTemplate({
      accountId: account.id, name: templateName(f.get('name')), html: from.html, variables: from.variables, sampleData: from.sampleData,
    }, now);
    for (const a of starter?.assets ?? []) {
      await d.store.assets.put({ templateId: t.id, accountId: account.id, path: a.path, mime: sniffAssetType(a.data) ?? 'application/octet-stream', data: a.data }, now);
    }
    seeOther(ctx, `/dashboard/templates/${t.id}`);
  });

  r.post('/templates/:id/rename', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    await d.store.updateTemplate(t.id, { name: templateName(f.get('name')) }, d.clock.now());
    const back = dashboardPath(f.get('back'), `/dashboard/templates/${t.id}`);
    seeOther(ctx, `${back}${back.includes('?') ? '&' : '?'}done=renamed`);
  });

  r.post('/templates/:id/duplicate', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    await duplicate(d, t, d.clock.now());
    seeOther(ctx, '/dashboard/templates?done=duplicated');
  });

  r.get('/templates/:id/delete', async (ctx) => {
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const counts = await d.store.countThisMonthByTemplate(t.accountId, d.clock.now());
    deletePage(ctx, d, t, counts.get(t.id) ?? 0);
  });

  r.post('/templates/:id/delete', async (ctx) => {
    const f = await readForm(ctx);
    checkCsrf(ctx, f.get('_csrf'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    await d.store.deleteTemplate(t.accountId, t.id);
    seeOther(ctx, '/dashboard/templates?done=deleted');
  });
}
