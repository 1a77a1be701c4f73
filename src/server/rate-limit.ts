// Per-API-key rate limiting (429 RATE_LIMITED), on only when RATE_LIMIT_PER_MINUTE > 0.
// In: a key id and the current time. Out: null (allowed) or the seconds to wait (Retry-After).

/** A token bucket per key: `perMinute` tokens, refilled continuously; idle buckets are dropped. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly perMinute: number) {}

  /** Takes one token for `keyId` at time `nowMs`; returns null when allowed, else seconds to wait (≥ 1). */
  take(keyId: string, nowMs: number): number | null {
    const rate = this.perMinute / 60000; // tokens per ms
    const b = this.buckets.get(keyId) ?? { tokens: this.perMinute, at: nowMs };
    b.tokens = Math.min(this.perMinute, b.tokens + Math.max(0, nowMs - b.at) * rate);
    b.at = nowMs;
    this.buckets.set(keyId, b);
    if (this.buckets.size > 10000) this.prune(nowMs);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
  }

  private prune(nowMs: number): void {
    for (const [k, b] of this.buckets) if (nowMs - b.at > 60000) this.buckets.delete(k);
  }
}
