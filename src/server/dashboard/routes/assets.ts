// Template assets in the dashboard: upload (type checked by content, limits per file and per account),
// view and delete. In: signed-in requests on the account's own templates. Out: JSON rows, the file, or 4xx with a message.
import type Router from '@koa/router';
import { ApiError, notFound } from '../../errors.ts';
import { checkAsset } from '../asset-types.ts';
import { readBytes } from '../body.ts';
import { invalid, jsonRoute, ownTemplate, type DashCtx } from '../context.ts';
import { bytes } from '../format.ts';
import { checkCsrf } from '../session.ts';

const tooLarge = (msg: string) => new ApiError(413, 'PAYLOAD_TOO_LARGE', msg);

export function assetRoutes(r: Router, d: DashCtx): void {
  r.post('/templates/:id/assets', async (ctx) => {
    jsonRoute(ctx);
    checkCsrf(ctx, ctx.get('x-csrf-token'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const path = typeof ctx.query.path === 'string' ? ctx.query.path.trim() : '';
    if (!path) throw invalid('Say what to save the file as (?path=logo.png).');
    const max = d.dash.assetMaxBytes;
    const data = await readBytes(ctx, max, `The file is larger than the limit of ${bytes(max)} per file.`);
    if (data.length === 0) throw invalid('The file is empty.');
    const check = checkAsset(path, data);
    if ('error' in check) throw invalid(check.error);
    const replaced = await d.store.assets.byPath(t.id, path);
    const used = (await d.store.assets.accountBytes(t.accountId)) - (replaced?.bytes ?? 0);
    if (used + data.length > d.dash.accountAssetsMaxBytes) {
      throw tooLarge(`Your account's files would take ${bytes(used + data.length)}, over its limit of ${bytes(d.dash.accountAssetsMaxBytes)}. Delete files you no longer use.`);
    }
    const a = await d.store.assets.put({ templateId: t.id, accountId: t.accountId, path, mime: check.mime, data }, d.clock.now());
    ctx.status = replaced ? 200 : 201;
    ctx.body = { id: a.id, path: a.path, mime: a.mime, bytes: a.bytes, replaced: Boolean(replaced) };
  });

  r.get('/templates/:id/assets/:assetId', async (ctx) => {
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const a = await d.store.assets.get(t.id, ctx.params.assetId!);
    const data = a && (await d.store.assets.data(a));
    if (!a || !data) throw notFound('File not found');
    ctx.type = a.mime;
    ctx.set('Cache-Control', 'private, no-cache');
    // An SVG opened on its own must not run script in this origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', `inline; filename="${a.path.split('/').pop()}"`);
    ctx.body = Buffer.from(data);
  });

  r.post('/templates/:id/assets/:assetId/delete', async (ctx) => {
    jsonRoute(ctx);
    checkCsrf(ctx, ctx.get('x-csrf-token'));
    const t = await ownTemplate(ctx, d, ctx.params.id!);
    const a = await d.store.assets.get(t.id, ctx.params.assetId!);
    if (!a) throw notFound('File not found');
    await d.store.assets.remove([a]);
    ctx.body = { deleted: a.id };
  });
}
