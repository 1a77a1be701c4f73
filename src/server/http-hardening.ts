// HTTP-level hardening: security headers on every response, JSON answers to errors of Node's own
// HTTP parser (OWASP Secure Headers; RFC 9110 §15, RFC 6585 §5). In: responses and parser errors. Out: headers and JSON replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Middleware } from 'koa';
import type { ErrorBody, ErrorCode } from './errors.ts';

/**
 * Headers for every response: no MIME sniffing, no Referer to other sites, and HSTS when the
 * service is reached over HTTPS (native TLS or a TLS-terminating proxy; browsers ignore it on
 * plain HTTP anyway, and a loopback development server must not pin HTTPS on localhost).
 */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const h: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  if (https) h['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return h;
}

/** The API's JSON is data, never a page: not framed, nothing loaded from it, not cached. */
const JSON_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
};

/**
 * Koa middleware: sets baseSecurityHeaders first (later middleware may override them) and, on
 * JSON answers that did not choose their own, JSON_HEADERS.
 */
export function securityHeaders(https: boolean): Middleware {
  const base = baseSecurityHeaders(https);
  return async (ctx, next) => {
    ctx.set(base);
    try {
      await next();
    } finally {
      if (ctx.response.is('json')) {
        for (const [k, v] of Object.entries(JSON_HEADERS)) if (!ctx.response.get(k)) ctx.set(k, v);
      }
    }
  };
}

/** Node's parser error codes and what the client is told. */
function describe(code: string | undefined): { status: number; code: ErrorCode; error: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', error: 'Request header fields too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', error: 'The request was not received in time' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, code: 'BAD_REQUEST', error: 'Malformed request: unknown method' };
    case 'HPE_INVALID_VERSION':
      return { status: 400, code: 'BAD_REQUEST', error: 'Malformed request: unsupported HTTP version' };
    default:
      return { status: 400, code: 'BAD_REQUEST', error: 'Malformed HTTP request' };
  }
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Writes one JSON error response straight to the socket and closes it (no http.ServerResponse exists). */
function endWithJson(socket: Duplex, https: boolean, status: number, code: ErrorCode, error: string, extra: Record<string, string> = {}): void {
  const body: ErrorBody = { error, code, status };
  const json = JSON.stringify(body);
  const headers = {
    'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(json)),
    Connection: 'close', ...baseSecurityHeaders(https), ...JSON_HEADERS, ...extra,
  };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${head}\r\n${json}`);
}

/**
 * A 'clientError' listener for http(s).Server: where a response can still be written (the
 * socket is open and no response has started on it), answers the JSON error shape with the
 * security headers and closes the connection; otherwise just closes it. Replaces Node's
 * default, which answers in plain text.
 */
export function jsonClientErrors(https: boolean): (err: Error & { code?: string }, socket: Duplex) => void {
  return (err, socket) => {
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    const d = describe(err.code);
    endWithJson(socket, https, d.status, d.code, d.error);
  };
}

/**
 * A 'connect' listener: the service is no proxy, so CONNECT gets 405 METHOD_NOT_ALLOWED in the
 * JSON shape (Node would otherwise close the connection without a word).
 */
export function refuseConnect(https: boolean): (req: unknown, socket: Duplex) => void {
  return (_req, socket) => endWithJson(socket, https, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed; CONNECT is not supported', { Allow: 'GET, HEAD, POST' });
}

/** Answers the JSON error shape on a response outside Koa, with the security headers, and closes the connection. */
export function respondJson(res: ServerResponse, https: boolean, status: number, code: ErrorCode, error: string, extra: Record<string, string> = {}): void {
  const json = JSON.stringify({ error, code, status } satisfies ErrorBody);
  res.writeHead(status, {
    ...baseSecurityHeaders(https), ...JSON_HEADERS, 'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(json)), Connection: 'close', ...extra,
  });
  res.end(json);
}

/**
 * An HTTP/1.1 request must name its Host (RFC 9112 §3.2); answers 400 in the JSON shape when it
 * does not (the server is created with requireHostHeader: false, as Node's own check answers an
 * empty 400). Returns true when it answered.
 */
export function refuseWithoutHost(req: IncomingMessage, res: ServerResponse, https: boolean): boolean {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return false;
  respondJson(res, https, 400, 'BAD_REQUEST', 'Malformed request: Host header required');
  return true;
}
