/**
 * Typed render failures (API misuse throws TypeError instead). In: limits hit during a render.
 * Out: `RenderError` with a `code` the server maps to 422 RENDER_FAILED.
 */

export type RenderErrorCode = 'TIMEOUT' | 'TOO_MANY_PAGES' | 'UNRENDERABLE';

/** A render that cannot complete: over the deadline, over the page cap, or unusable input. */
export class RenderError extends Error {
  constructor(readonly code: RenderErrorCode, message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

/**
 * The deadline and page cap of one render. `check()` throws RenderError('TIMEOUT') once
 * `Date.now()` passes the deadline; `checkPages(n)` throws RenderError('TOO_MANY_PAGES') when
 * n > maxPages. Stages call `check()` at loop heads that may run long (per block, per line).
 */
export class RenderLimits {
  readonly deadline: number;
  constructor(readonly timeoutMs: number, readonly maxPages: number, now = Date.now()) {
    this.deadline = now + timeoutMs;
  }
  check(): void {
    if (Date.now() > this.deadline) {
      throw new RenderError('TIMEOUT', `render exceeded its time limit of ${this.timeoutMs} ms`);
    }
  }
  checkPages(pageCount: number): void {
    if (pageCount > this.maxPages) {
      throw new RenderError('TOO_MANY_PAGES', `document exceeds the limit of ${this.maxPages} pages`);
    }
  }
}
