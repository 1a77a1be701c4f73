// GET/HEAD /storage/v1/object/public/pdfs/<generation_id>.pdf: a recorded, unexpired PDF streamed from
// the object store (disk or S3) by any instance. In: a Koa context. Out: 200/206 with the bytes, or 404/416 JSON.
import type { Context } from 'koa';
import parseRange from 'range-parser';
import { PDF_FILE_NAME } from '../storage/pdf-files.ts';
import type { Store } from '../storage/store.ts';
import type { Clock } from './generate.ts';
import { ApiError, notFound } from './errors.ts';

export const PDF_ROUTE = '/storage/v1/object/public/pdfs/:file';

/** The size to parse a Range against, and whether the request asked for one range that can be served. */
type RangeChoice = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * RFC 9110 §14.2: one satisfiable range is served as 206; several ranges are served whole (a
 * server may ignore Range), as is a malformed header or one whose If-Range does not match;
 * a well-formed header whose ranges all lie past the end is 416.
 */
function chooseRange(ctx: Context, size: number): RangeChoice {
  const header = ctx.get('range');
  if (!header || ctx.get('if-range')) return { kind: 'whole' };
  const r = parseRange(size, header, { combine: true });
  if (r === -1) return { kind: 'unsatisfiable' };
  if (r === -2 || r.type !== 'bytes' || r.length !== 1) return { kind: 'whole' };
  return { kind: 'part', start: r[0]!.start, end: r[0]!.end };
}

/**
 * Serves a PDF when its generation is recorded, its PDF not deleted by retention and not older than
 * `retentionDays` (so it is gone at once, before the next retention pass): 200 with the exact
 * Content-Length, or 206 with Content-Range for one byte range, or 416 (Content-Range: bytes * /size)
 * for a range past the end; 404 NOT_FOUND otherwise. Long-lived immutable caching, Accept-Ranges.
 */
export async function servePdf(ctx: Context, d: { store: Store; clock: Clock; retentionDays: number | null }): Promise<void> {
  const file = ctx.params.file as string;
  if (!PDF_FILE_NAME.test(file)) throw notFound('File not found');
  const g = await d.store.getGeneration(file.slice(0, -'.pdf'.length));
  const expiredBefore = d.retentionDays === null ? null : d.clock.now().getTime() - d.retentionDays * 86_400_000;
  if (!g || g.fileName !== file || g.pdfDeletedAt !== null || (expiredBefore !== null && Date.parse(g.createdAt) < expiredBefore)) {
    throw notFound('File not found');
  }
  const range = ctx.method === 'GET' ? chooseRange(ctx, g.bytes) : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', `Range not satisfiable: the file has ${g.bytes} bytes`, { 'Content-Range': `bytes */${g.bytes}` });
  }
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('Accept-Ranges', 'bytes');
  if (ctx.method === 'HEAD') {
    const size = await d.store.pdfs.size(file);
    if (size === null) throw notFound('File not found');
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.length = size;
    return;
  }
  const obj = await d.store.pdfs.open(file, range.kind === 'part' ? range : undefined);
  if (!obj) throw notFound('File not found');
  ctx.status = range.kind === 'part' ? 206 : 200;
  ctx.type = 'application/pdf';
  if (range.kind === 'part') ctx.set('Content-Range', `bytes ${range.start}-${range.start + obj.length - 1}/${obj.size}`);
  ctx.body = obj.body;
  ctx.length = obj.length;
}
