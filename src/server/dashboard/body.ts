// Request bodies of the dashboard: HTML forms, JSON from its scripts, raw uploads; each within a limit.
// In: a Koa context and a byte limit. Out: the fields / the object / the bytes, or ApiError 400/413.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError, badRequest } from '../errors.ts';

/** Form posts are small: email, password, a name, a label. */
export const FORM_LIMIT = 64 * 1024;

/** Reads the whole body as bytes (or UTF-8 text) within `limit`. Throws ApiError 400/413. */
async function read(ctx: Context, limit: number, encoding: 'utf8' | null): Promise<string | Buffer> {
  const enc = (ctx.get('content-encoding') || 'identity').toLowerCase();
  if (enc !== 'identity') throw badRequest(`Content-Encoding ${enc} is not supported`);
  try {
    return await getRawBody(ctx.req, { limit, length: ctx.get('content-length') || undefined, encoding });
  } catch (e) {
    const type = (e as { type?: string }).type;
    if (type === 'entity.too.large') throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    if (type === 'request.size.invalid') throw badRequest('Request body length does not match Content-Length');
    if (type === 'request.aborted') throw badRequest('Request body was not received completely');
    throw e;
  }
}

/** An `application/x-www-form-urlencoded` body as a map of its fields (last value wins). */
export async function readForm(ctx: Context, limit = FORM_LIMIT): Promise<Map<string, string>> {
  if (!ctx.request.is('application/x-www-form-urlencoded')) throw badRequest('Expected a form post');
  const text = (await read(ctx, limit, 'utf8')) as string;
  return new Map(new URLSearchParams(text));
}

/** A JSON object body (Content-Type application/json). Throws ApiError 400/413. */
export async function readJson(ctx: Context, limit: number): Promise<Record<string, unknown>> {
  if (!ctx.request.is('application/json')) throw badRequest('Content-Type must be application/json');
  const text = (await read(ctx, limit, 'utf8')) as string;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badRequest('Request body must be a JSON object');
  return v as Record<string, unknown>;
}

/** A raw body (an upload) as bytes within `limit`; `tooLarge` words the 413 message. */
export async function readBytes(ctx: Context, limit: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', tooLarge);
  try {
    return (await read(ctx, limit, null)) as Buffer;
  } catch (e) {
    if (e instanceof ApiError && e.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', tooLarge);
    throw e;
  }
}
