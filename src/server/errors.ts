// The service's error responses: `{ error, code, status }` and nothing else (interface §7, DECISIONS.md).
// In: a status and code raised anywhere in a request. Out: ApiError, turned into the JSON body by app.ts.

export type ErrorCode =
  | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'QUOTA_EXCEEDED' | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE' | 'RENDER_FAILED' | 'RATE_LIMITED' | 'INTERNAL_ERROR' | 'UNAVAILABLE'
  | 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'RANGE_NOT_SATISFIABLE';

/** The exact body of every error response. */
export interface ErrorBody { error: string; code: ErrorCode; status: number }

/** An error with its HTTP status, code and client-facing message; `headers` are added to the response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The response body: exactly `{ error, code, status }`. */
  body(): ErrorBody {
    return { error: this.message, code: this.code, status: this.status };
  }
}

export const badRequest = (msg: string) => new ApiError(400, 'BAD_REQUEST', msg);
export const notFound = (msg = 'Not found') => new ApiError(404, 'NOT_FOUND', msg);
export const methodNotAllowed = (allow: string) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', `Method not allowed; use ${allow}`, { Allow: allow });
export const internalError = () => new ApiError(500, 'INTERNAL_ERROR', 'Internal server error');
