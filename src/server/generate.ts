// POST /functions/v1/generate-pdf-preview: auth, body, template, access, variables, quota, render, store.
// In: a Koa context with x-api-key and a JSON body. Out: { success, pdf_url, generation_id, file_size } or ApiError.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { UUID_FORMAT, type Store } from '../storage/store.ts';
import { monthlyLimit } from '../storage/plans.ts';
import { resolveValues } from '../template/variables.ts';
import { ApiError, badRequest } from './errors.ts';
import type { ServerConfig } from './config.ts';
import { isRenderFailure, type Renderer, type RenderJob } from './renderer.ts';
import { QueueAbortedError, QueueFullError, type RenderQueue } from './render-queue.ts';
import type { QuotaGate } from './quota-gate.ts';
import { assetsForRender, type JobAsset } from './template-assets.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Metrics } from './metrics.ts';

/** A source of the current time (injected so tests can cross month boundaries). */
export interface Clock { now(): Date }

export interface GenerateDeps {
  store: Store;
  renderer: Renderer;
  clock: Clock;
  config: ServerConfig;
  queue: RenderQueue;
  quota: QuotaGate;
  rateLimiter: RateLimiter | null;
  metrics: Metrics;
}

/** The success body, field for field as the interface document lists it. */
export interface GenerationResult { success: true; pdf_url: string; generation_id: string; file_size: number }

const bodySchema = z.object({
  templateId: z
    .string({ error: (i) => (i.input === undefined ? 'templateId is required' : 'templateId must be a string') })
    .regex(UUID_FORMAT, 'templateId must be a UUID'),
  variables: z.record(z.string(), z.unknown(), {
    error: (i) => (i.input === undefined ? 'variables is required' : 'variables must be an object'),
  }),
});

const unauthorized = (msg: string) => new ApiError(401, 'UNAUTHORIZED', msg);

/** Reads the body as UTF-8 within the size limit and parses it as a JSON object. Throws ApiError 400/413. */
async function readJsonObject(ctx: Context, limit: number): Promise<Record<string, unknown>> {
  if (!ctx.request.is('application/json')) throw badRequest('Content-Type must be application/json');
  const enc = (ctx.get('content-encoding') || 'identity').toLowerCase();
  if (enc !== 'identity') throw badRequest(`Content-Encoding ${enc} is not supported`);
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit, length: ctx.get('content-length') || undefined, encoding: 'utf8' });
  } catch (e) {
    const type = (e as { type?: string }).type;
    if (type === 'entity.too.large') {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    }
    if (type === 'encoding.unsupported') throw badRequest('Request body must be UTF-8');
    if (type === 'request.size.invalid') throw badRequest('Request body length does not match Content-Length');
    if (type === 'request.aborted') throw badRequest('Request body was not received completely');
    throw e;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/**
 * The render job of a stored template with its resolved values and files, under the configured
 * limits (also the dashboard preview's).
 */
export function renderJob(
  template: string, view: Record<string, unknown>, d: Pick<GenerateDeps, 'config' | 'clock'>, assets: JobAsset[],
): RenderJob {
  const c = d.config;
  return {
    template, view, creationDate: d.clock.now(), timeoutMs: c.renderTimeoutMs, maxPages: c.maxPages,
    limits: { maxHtmlBytes: c.maxHtmlBytes, maxListItems: c.maxListItems, maxTotalItems: c.maxTotalItems }, assets,
  };
}

/** An AbortSignal that fires when the client goes away (so a job still waiting for a slot is dropped). */
function abortOnClose(ctx: Context): AbortSignal {
  const ac = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) ac.abort();
  });
  return ac.signal;
}

/**
 * Handles one generation request in DECISIONS.md's order of checks: 401, 400 (body), 404,
 * 403 FORBIDDEN, 400 (variables), 403 QUOTA_EXCEEDED, then the render (413, 422, 429, 503 on the
 * way). Sets `ctx.state.generationId` for the request log. Throws ApiError; other errors are 500s.
 */
export async function generatePdf(ctx: Context, d: GenerateDeps): Promise<GenerationResult> {
  // 1. authentication
  const presented = ctx.get('x-api-key');
  if (!presented) throw unauthorized('Missing API key');
  const auth = await d.store.authenticate(presented.trim(), d.clock.now());
  if (!auth) throw unauthorized('Invalid API key');
  ctx.state.keyId = auth.keyId;
  if (d.rateLimiter) {
    const wait = d.rateLimiter.take(auth.keyId, d.clock.now().getTime());
    if (wait !== null) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many requests for this API key', { 'Retry-After': String(wait) });
    }
  }

  // 2. body shape
  const raw = await readJsonObject(ctx, d.config.maxBodyBytes);
  const shape = bodySchema.safeParse(raw);
  if (!shape.success) throw badRequest(shape.error.issues.map((i) => i.message).join('; '));
  const { templateId, variables } = shape.data;

  // 3. existence, 4. access
  const template = await d.store.getTemplate(templateId.toLowerCase());
  if (!template) throw new ApiError(404, 'NOT_FOUND', 'Template not found');
  if (template.accountId !== auth.accountId) {
    throw new ApiError(403, 'FORBIDDEN', 'This API key has no access to the template');
  }

  // 5. variables
  const values = resolveValues(template.variables, variables);
  if (!values.ok) throw badRequest(values.message);

  // 6. quota (reserved here, counted atomically when the generation is recorded)
  const account = await d.store.getAccount(auth.accountId);
  if (!account) throw unauthorized('Invalid API key');
  const limit = monthlyLimit(account.plan);
  const quotaExceeded = () => {
    d.metrics.quotaRejected();
    return new ApiError(403, 'QUOTA_EXCEEDED', `Monthly quota of ${limit} PDFs exceeded for the ${account.plan} plan`);
  };
  const reservation = await d.quota.reserve(account.id, limit, () => d.store.countThisMonth(account.id, d.clock.now()));
  if (!reservation) throw quotaExceeded();

  try {
    // 7. fill + render, in a worker, under one deadline and memory cap; slots shared fairly by account
    let t0 = 0;
    let pdf: Uint8Array;
    let pages: number;
    const assets = await assetsForRender(d.store, template.id, [template.html, JSON.stringify(variables)]);
    try {
      // a job held back only by its account's cap may be staged behind the account's running render (render-queue.ts)
      ({ pdf, pageCount: pages } = await d.queue.run(account.id, (hold, staging) => {
        t0 = performance.now(); // render time, without the wait for a slot (a staged job's: from when it begins)
        const staged = staging && { started: () => { t0 = performance.now(); staging.started(); } };
        return d.renderer.render(renderJob(template.html, values.view, d, assets), { hold, group: account.id, staged });
      }, abortOnClose(ctx), { stage: d.renderer.canStage && (() => d.renderer.canStage!(account.id)) }));
    } catch (e) {
      if (e instanceof QueueFullError) {
        throw new ApiError(503, 'UNAVAILABLE', 'The service is busy; retry later', { 'Retry-After': String(e.retryAfterSeconds) });
      }
      if (e instanceof QueueAbortedError) throw new ApiError(503, 'UNAVAILABLE', 'The request ended before a render slot was free');
      if (isRenderFailure(e)) throw new ApiError(422, 'RENDER_FAILED', `Template cannot be rendered: ${e.message}`);
      throw e;
    }
    const renderMs = Math.round(performance.now() - t0);

    // 8. the object first (disk: temp + rename; S3: one PutObject), then the row, inside the quota transaction
    const generationId = randomUUID();
    const fileName = `${generationId}.pdf`;
    let bytes: number;
    try {
      bytes = await d.store.pdfs.write(fileName, pdf);
    } catch (e) {
      // an upload whose answer was lost may still have landed: no row will name it (else the orphan sweep removes it)
      await d.store.pdfs.remove(fileName).catch(() => {});
      throw e;
    }
    let recorded;
    try {
      recorded = await d.store.recordGenerationWithinQuota(
        { id: generationId, accountId: account.id, templateId: template.id, apiKeyId: auth.keyId, fileName, bytes, renderMs, pages },
        limit, d.clock.now(),
      );
    } catch (e) {
      await d.store.pdfs.remove(fileName).catch(() => {});
      throw e;
    }
    if (!recorded) {
      await d.store.pdfs.remove(fileName).catch(() => {}); // else the orphan sweep removes it
      throw quotaExceeded();
    }
    ctx.state.generationId = generationId;
    ctx.state.renderMs = renderMs;
    d.metrics.rendered(renderMs / 1000, pages);
    const base = d.config.publicBaseUrl ?? `${ctx.protocol}://${ctx.host}`;
    return { success: true, pdf_url: `${base}/storage/v1/object/public/pdfs/${fileName}`, generation_id: generationId, file_size: bytes };
  } finally {
    reservation.release();
  }
}
