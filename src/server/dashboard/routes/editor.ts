// The template editor: its page (code, variables, sample data, files, API use, live preview) and its save.
// In: a signed-in request for one of the account's templates. Out: the editor page; save → 200 JSON or 400 with the reason.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Template } from '../../../storage/store.ts';
import { checkTemplateSyntax } from '../../../template/fill.ts';
import { parseVariableDefs, VARIABLE_TYPES } from '../../../template/variables.ts';
import { ACCEPT } from '../asset-types.ts';
import { readJson } from '../body.ts';
import { syntaxErrorWithLine } from '../detect.ts';
import { invalid, jsonRoute, ownTemplate, sendAppPage, type DashCtx } from '../context.ts';
import { bytes } from '../format.ts';
import { html, jsonIsland } from '../html.ts';
import { checkCsrf, siteOrigin } from '../session.ts';
import { templateName } from './templates.ts';

/** The address API calls go to: PUBLIC_BASE_URL, else this request's origin. */
export function apiBase(ctx: Context, d: DashCtx): string {
  return d.config.publicBaseUrl ?? siteOrigin(ctx);
}

/** A ready-to-run curl command for `t` with its sample data (the key read from $QUIRE_API_KEY). */
export function curlCommand(base: string, t: Template): string {
  const body = JSON.stringify({ templateId: t.id, variables: t.sampleData });
  return `curl -sS ${base}/functions/v1/generate-pdf-preview \\\n  -H "x-api-key: $QUIRE_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${body.replace(/'/g, `'\\''`)}'`;
}

/** Checks a save or preview body's `variables` with the CLI's and API's own messages. Throws ApiError 400. */
export function bodyVariables(v: unknown) {
  try {
    return parseVariableDefs(v);
  } catch (e) {
    throw invalid((e as Error).message);
  }
}

/** Checks `sampleData`: a JSON object. Throws ApiError 400. */
export function bodySample(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('Sample data must be a JSON object');
  return v as Record<string, unknown>;
}

/** Checks `html`: a string. Throws ApiError 400. */
export function bodyHtml(v: unknown): string {
  if (typeof v !== 'string') throw invalid('html must be a string');
  return v;
}

async function editorPage(ctx: Context, d: DashCtx, t: Template): Promise<void> {
  const assets = await d.store.assets.list(t.id);
  const base = apiBase(ctx, d);
  const data = {
    id: t.id, name: t.name, html: t.html, variables: t.variables, sampleData: t.sampleData, updatedAt: t.updatedAt,
    assets: assets.map((a) => ({ id: a.id, path: a.path, mime: a.mime, bytes: a.bytes })),
    assetMaxBytes: d.dash.assetMaxBytes, accountAssetsMaxBytes: d.dash.accountAssetsMaxBytes, accept: ACCEPT,
    types: VARIABLE_TYPES, apiBase: base,
  };
  const tab = (id: string, label: string, selected = false) =>
    html`<button type="button" role="tab" id="tab-${id}" aria-controls="panel-${id}" aria-selected="${selected ? 'true' : 'false'}" tabindex="${selected ? '0' : '-1'}">${label}</button>`;
  sendAppPage(ctx, d, {
    title: t.name, nav: 'templates', bodyClass: 'editor-page', scripts: ['editor.js'],
    body: html`
<div class="editor-shell">
  <div class="editor-toolbar">
    <a class="crumb" href="/dashboard/templates">Templates</a><span class="crumb-sep" aria-hidden="true">/</span>
    <label class="sr-only" for="template-name">Template name</label>
    <input id="template-name" class="name-input" value="${t.name}" maxlength="120" autocomplete="off">
    <span id="save-state" class="save-state" role="status" aria-live="polite">Saved</span>
    <button id="save-button" class="btn primary" type="button" title="Save (Ctrl+S / ⌘S)">Save</button>
  </div>
  <div class="editor-split">
    <section class="editor-left" aria-label="Template">
      <div class="tabs" role="tablist" aria-label="Template parts">
        ${tab('html', 'HTML', true)}${tab('variables', 'Variables')}${tab('sample', 'Sample data')}${tab('assets', 'Files')}${tab('api', 'API')}
      </div>
      <div class="tab-panel code-panel" role="tabpanel" id="panel-html" aria-labelledby="tab-html"><div id="code" class="code-host"></div></div>
      <div class="tab-panel" role="tabpanel" id="panel-variables" aria-labelledby="tab-variables" hidden>
        <p class="hint">Every variable a request must (or may, with a default) send. Types: ${VARIABLE_TYPES.join(', ')}.
          “Detect” adds the names used in <code>{{…}}</code> placeholders.</p>
        <table class="data vars"><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Default (optional)</th><th scope="col"><span class="sr-only">Remove</span></th></tr></thead>
          <tbody id="vars-body"></tbody></table>
        <div class="row"><button id="var-add" class="btn small" type="button">Add variable</button>
          <button id="var-detect" class="btn small" type="button">Detect from template</button></div>
        <p id="vars-note" class="hint" role="status" aria-live="polite"></p>
      </div>
      <div class="tab-panel code-panel" role="tabpanel" id="panel-sample" aria-labelledby="tab-sample" hidden>
        <p class="hint">Values the preview uses (JSON), checked against the variables as the API checks a request.</p>
        <div id="sample-code" class="code-host"></div>
        <p id="sample-status" class="field-status" role="status" aria-live="polite"></p>
      </div>
      <div class="tab-panel" role="tabpanel" id="panel-assets" aria-labelledby="tab-assets" hidden>
        <p class="hint">Images (PNG, JPEG, GIF, SVG) and fonts (TTF, OTF, WOFF, WOFF2) for this template, named by relative path:
          <code>&lt;img src="logo.png"&gt;</code>, <code>src: url(fonts/brand.woff2)</code>. Up to ${bytes(d.dash.assetMaxBytes)} each.</p>
        <form id="asset-form" class="asset-upload">
          <label>File <input id="asset-file" type="file" accept="${ACCEPT}"></label>
          <label>Save as <input id="asset-path" placeholder="logo.png" autocomplete="off"></label>
          <button class="btn small primary" type="submit">Upload</button>
        </form>
        <p id="asset-status" class="field-status" role="status" aria-live="polite"></p>
        <ul id="asset-list" class="asset-list"></ul>
      </div>
      <div class="tab-panel" role="tabpanel" id="panel-api" aria-labelledby="tab-api" hidden>
        <dl class="facts"><dt>Template id</dt><dd><code>${t.id}</code> <button type="button" class="icon-button" data-copy="${t.id}">Copy</button></dd>
          <dt>Endpoint</dt><dd><code>POST ${base}/functions/v1/generate-pdf-preview</code></dd></dl>
        <p class="hint">With a key from <a href="/dashboard/keys">API Keys</a> in <code>QUIRE_API_KEY</code>, this generates a PDF with the saved sample data:</p>
        <div class="codeblock"><pre id="curl">${curlCommand(base, t)}</pre><button type="button" class="btn small" data-copy-from="curl">Copy</button></div>
        <p class="hint">The answer is <code>{"success":true,"pdf_url":…,"generation_id":…,"file_size":…}</code>; every generation counts against the plan. Previews here never do.</p>
      </div>
    </section>
    <section class="editor-right" aria-label="Preview">
      <div class="preview-toolbar">
        <span id="preview-state" class="preview-state" role="status" aria-live="polite">Preview</span>
        <span id="preview-meta" class="muted"></span>
        <span class="spacer"></span>
        <button id="zoom-out" class="icon-button" type="button" aria-label="Zoom out">−</button>
        <span id="zoom-level" class="muted">100%</span>
        <button id="zoom-in" class="icon-button" type="button" aria-label="Zoom in">+</button>
      </div>
      <div id="preview-message" class="preview-message" role="alert" hidden></div>
      <div id="preview-scroll" class="preview-scroll" tabindex="0" aria-label="PDF preview"><div id="preview-pages" class="preview-pages"><p id="preview-empty" class="preview-empty">Rendering the first preview…</p></div></div>
      <div id="warnings" class="warnings" hidden><h2 id="warnings-title">Warnings</h2><ul id="warnings-list"></ul></div>
    </section>
  </div>
</div>
${jsonIsland('editor-data', data)}`,
  });
}

export function editorRoutes(r: Router, d: DashCtx): void {
  r.get('/templates/:id', async (ctx) => {
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    await editorPage(ctx, d, t);
  });

  r.post('/templates/:id', async (ctx) => {
    jsonRoute(ctx);
    checkCsrf(ctx, ctx.get('x-csrf-token'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const b = await readJson(ctx, d.config.maxBodyBytes);
    const source = bodyHtml(b.html);
    try {
      checkTemplateSyntax(source);
    } catch (e) {
      throw invalid(`Not saved: ${syntaxErrorWithLine(source, (e as Error).message)}`);
    }
    const saved = await d.store.updateTemplate(t.id, {
      name: templateName(typeof b.name === 'string' ? b.name : t.name), html: source,
      variables: bodyVariables(b.variables), sampleData: bodySample(b.sampleData),
    }, d.clock.now());
    ctx.body = { id: saved.id, name: saved.name, updatedAt: saved.updatedAt, curl: curlCommand(apiBase(ctx, d), saved) };
  });
}
