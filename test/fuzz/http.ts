// A raw HTTP/1.1 client for fuzzing and the oracle every answer must satisfy (interface §7, DECISIONS.md).
// In: bytes to send on one TCP connection. Out: the parsed responses, and a verdict per response.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  responses: RawResponse[];
  /** Bytes after the last complete response (a reply the parser could not read). */
  trailing: number;
  /** The connection ended by a reset or a timeout rather than a close. */
  error?: string;
}

/** Parses back-to-back HTTP/1.1 responses (Content-Length or chunked bodies; none for HEAD). */
export function parseResponses(buf: Buffer, heads: boolean[] = []): { responses: RawResponse[]; rest: number } {
  const responses: RawResponse[] = [];
  let pos = 0;
  for (;;) {
    const end = buf.indexOf('\r\n\r\n', pos);
    if (end < 0) break;
    const lines = buf.subarray(pos, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    if (!m) break;
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    let p = end + 4;
    let body: Buffer = Buffer.alloc(0);
    const noBody = heads[responses.length] || m[1] === '204' || m[1] === '304' || m[1].startsWith('1');
    if (!noBody && headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const nl = buf.indexOf('\r\n', p);
        if (nl < 0) return { responses, rest: buf.length - pos };
        const size = parseInt(buf.subarray(p, nl).toString('latin1'), 16);
        if (!Number.isFinite(size)) return { responses, rest: buf.length - pos };
        p = nl + 2;
        if (size === 0) {
          p += 2;
          break;
        }
        parts.push(buf.subarray(p, p + size));
        p += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (!noBody) {
      const len = headers['content-length'] !== undefined ? Number(headers['content-length']) : buf.length - p;
      if (p + len > buf.length) break;
      body = buf.subarray(p, p + len);
      p += len;
    }
    // an interim answer (100 Continue) comes before the response itself
    if (!m[1].startsWith('1')) responses.push({ status: Number(m[1]), headers, body });
    pos = p;
  }
  return { responses, rest: buf.length - pos };
}

/**
 * Sends `bytes` on a new connection to 127.0.0.1:`port` and reads until the server closes it, or
 * until every request in it (`heads.length`) has its response. A complete request is never
 * half-closed: Node's server takes a client's end of stream as the client leaving and drops its
 * request. An `incomplete` one (its body shorter than announced) is half-closed after `giveUpMs`,
 * as a client that gives up would.
 */
export function exchange(port: number, bytes: Buffer, heads: boolean[], opts: { incomplete?: boolean; timeoutMs?: number; giveUpMs?: number } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(giveUp);
      const { responses, rest } = parseResponses(Buffer.concat(chunks), heads);
      resolve({ responses, trailing: rest, error });
    };
    const timer = setTimeout(() => {
      error = 'timeout';
      s.destroy();
      finish();
    }, opts.timeoutMs ?? 120000);
    const giveUp = opts.incomplete ? setTimeout(() => s.end(), opts.giveUpMs ?? 1000) : undefined;
    s.on('data', (c) => {
      chunks.push(c);
      if (parseResponses(Buffer.concat(chunks), heads).responses.length >= heads.length) s.end();
    });
    s.on('error', (e) => { error = (e as NodeJS.ErrnoException).code ?? e.message; });
    s.on('close', finish);
    s.write(bytes);
  });
}

/**
 * Statuses the service may answer (README "The API"); 5xx only 503 UNAVAILABLE (DECISIONS.md: queue
 * full, shutting down; /healthz and /readyz when a store is down or the instance drains).
 */
const ALLOWED = new Set([200, 206, 400, 401, 403, 404, 405, 408, 413, 416, 422, 429, 431, 503]);

/**
 * Why a response breaks the contract, or null: a documented status; every error is JSON with
 * exactly { error, code, status } and that status; a 200 is the generation result, a health
 * answer, a PDF or (from /metrics only) Prometheus text; a 206 one byte range of the PDF.
 * `path`: the request's target.
 */
export function verdict(r: RawResponse, head: boolean, path = ''): string | null {
  if (!ALLOWED.has(r.status)) return `status ${r.status}`;
  const type = r.headers['content-type'] ?? '';
  if (r.headers['x-content-type-options'] !== 'nosniff') return `no X-Content-Type-Options on ${r.status}`;
  if (r.status === 206) {
    if (type !== 'application/pdf') return `206 with Content-Type ${JSON.stringify(type)}`;
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.headers['content-range'] ?? '');
    if (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) >= Number(m[3])) return `206 with Content-Range ${JSON.stringify(r.headers['content-range'])}`;
    const length = Number(m[2]) - Number(m[1]) + 1;
    if (Number(r.headers['content-length']) !== length) return `206 of ${length} bytes with Content-Length ${r.headers['content-length']}`;
    return head || r.body.length === length ? null : `206 of ${length} bytes with a body of ${r.body.length}`;
  }
  if (head) return null;
  if (r.status === 200 && type === 'application/pdf') {
    return r.body.subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'a PDF response that is not a PDF';
  }
  if (r.status === 200 && /^\/metrics(\?|$)/.test(path) && /^text\/plain/.test(type)) return null;
  if (!/^application\/json/.test(type)) return `${r.status} with Content-Type ${JSON.stringify(type)}`;
  let body: unknown;
  try {
    body = JSON.parse(r.body.toString('utf8'));
  } catch {
    return `${r.status} with a body that is not JSON: ${JSON.stringify(r.body.subarray(0, 80).toString())}`;
  }
  if (r.status === 200) {
    const b = body as Record<string, unknown>;
    if (b.status === 'ok' || b.status === 'ready') return null; // /healthz, /readyz
    const keys = Object.keys(b).join(',');
    return keys === 'success,pdf_url,generation_id,file_size' && b.success === true ? null : `200 with body keys ${keys}`;
  }
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b ?? {}).sort().join(',');
  if (keys !== 'code,error,status') return `${r.status} error body keys ${keys}`;
  if (b.status !== r.status || typeof b.error !== 'string' || typeof b.code !== 'string') return `${r.status} error body ${JSON.stringify(b)}`;
  if (r.status === 500 || (r.status === 503 && b.code !== 'UNAVAILABLE')) return `${r.status} ${b.code}`;
  return null;
}
