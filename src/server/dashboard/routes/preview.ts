// The editor's live preview: the unsaved template, variables and sample data rendered through the same
// render queue and workers as the API (fair shares, deadline, memory cap), but never counted against the
// quota and never recorded as a generation; rate-limited per session. In: JSON. Out: JSON with the PDF (base64).
import type Router from '@koa/router';
import { resolveValues } from '../../../template/variables.ts';
import { ApiError } from '../../errors.ts';
import { renderJob } from '../../generate.ts';
import { QueueAbortedError, QueueFullError } from '../../render-queue.ts';
import { isRenderFailure } from '../../renderer.ts';
import { assetsForRender } from '../../template-assets.ts';
import { mapWarningLines } from '../../warning-lines.ts';
import { readJson } from '../body.ts';
import { syntaxErrorWithLine } from '../detect.ts';
import { invalid, jsonRoute, ownTemplate, signedIn, type DashCtx } from '../context.ts';
import { checkCsrf } from '../session.ts';
import { bodyHtml, bodySample, bodyVariables } from './editor.ts';

/** What the editor's preview receives. */
export interface PreviewResult {
  /** The PDF, base64. */
  pdf: string;
  pageCount: number;
  /** Fill + render time in the worker, ms (not the wait for a slot). */
  renderMs: number;
  /** Time waiting for a render slot (the queue's fair share), ms. */
  waitMs: number;
  warnings: Array<{ code: string; message: string; line?: number }>;
}

/** The render queue's key for an account's previews (a lane beside the account's API generations). */
function previewLane(accountId: string): string {
  return `${accountId}:preview`;
}

export function previewRoutes(r: Router, d: DashCtx): void {
  r.post('/templates/:id/preview', async (ctx) => {
    jsonRoute(ctx);
    checkCsrf(ctx, ctx.get('x-csrf-token'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const { account, sessionDigest } = signedIn(ctx);
    const wait = d.previews.take(sessionDigest, d.clock.now().getTime());
    if (wait !== null) {
      throw new ApiError(429, 'RATE_LIMITED', `Too many previews; the next one in ${wait} s`, { 'Retry-After': String(wait) });
    }
    const b = await readJson(ctx, d.config.maxBodyBytes);
    const template = bodyHtml(b.html);
    const defs = bodyVariables(b.variables);
    const sample = bodySample(b.sampleData);
    // The API's own check and message for the values.
    const values = resolveValues(defs, sample);
    if (!values.ok) throw invalid(values.message);
    const assets = await assetsForRender(d.store, t.id, [template, JSON.stringify(sample)]);
    const queued = performance.now();
    let t0 = 0;
    const ac = new AbortController();
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) ac.abort();
    });
    try {
      // Previews have a lane of their own in the fair scheduler: the editor waits for a fair share of
      // the slots, not behind its own account's backlog of API generations (rate-limited per session).
      const out = await d.queue.run(previewLane(account.id), () => {
        t0 = performance.now();
        return d.renderer.render({ ...renderJob(template, values.view, d, assets), lineTexts: true });
      }, ac.signal);
      const result: PreviewResult = {
        pdf: Buffer.from(out.pdf).toString('base64'), pageCount: out.pageCount,
        renderMs: Math.round(performance.now() - t0), waitMs: Math.round(t0 - queued), warnings: mapWarningLines(out.warnings, template),
      };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = result;
    } catch (e) {
      if (e instanceof QueueFullError) {
        throw new ApiError(503, 'UNAVAILABLE', 'The service is busy; the preview will retry', { 'Retry-After': String(e.retryAfterSeconds) });
      }
      if (e instanceof QueueAbortedError) throw new ApiError(503, 'UNAVAILABLE', 'The preview request ended before a render slot was free');
      // A Mustache error names a character offset; the editor shows (and jumps to) the line instead.
      if (isRenderFailure(e)) throw new ApiError(422, 'RENDER_FAILED', syntaxErrorWithLine(template, e.message));
      throw e;
    }
  });
}
