// Sign-in and sign-up throttling (OWASP Authentication Cheat Sheet: per account and per address).
// In: an email and a client address, the current time. Out: null (go on) or the seconds to wait (429).

/**
 * Counts events per key in a sliding window: at most `limit` in `windowMs`. A bounded, explicit
 * cache: keys idle for a window are dropped when the map grows past `maxKeys`.
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(readonly limit: number, readonly windowMs: number, private readonly maxKeys = 50_000) {}

  /** Seconds until `key` may act again at `now` (ms), or null when it is under the limit. */
  retryAfter(key: string, now: number): number | null {
    const list = this.live(key, now);
    if (list.length < this.limit) return null;
    return Math.max(1, Math.ceil((list[0]! + this.windowMs - now) / 1000));
  }

  /** Records one event for `key` at `now`. */
  add(key: string, now: number): void {
    const list = this.live(key, now);
    list.push(now);
    if (list.length > this.limit) list.shift();
    this.hits.set(key, list);
    if (this.hits.size > this.maxKeys) this.prune(now);
  }

  /** Forgets `key` (e.g. after a successful sign-in). */
  clear(key: string): void {
    this.hits.delete(key);
  }

  private live(key: string, now: number): number[] {
    const list = this.hits.get(key) ?? [];
    while (list.length && list[0]! <= now - this.windowMs) list.shift();
    return list;
  }

  private prune(now: number): void {
    for (const [k, list] of this.hits) if (!list.length || list[list.length - 1]! <= now - this.windowMs) this.hits.delete(k);
  }
}

/** Failed sign-ins allowed per email and per address in 15 minutes. */
export const THROTTLE = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** The throttles of one server process. */
export class AuthThrottle {
  readonly byEmail = new SlidingWindow(THROTTLE.perEmail, THROTTLE.windowMs);
  readonly byAddress = new SlidingWindow(THROTTLE.perAddress, THROTTLE.windowMs);
  /** Sign-ups per address per hour (SIGNUPS_PER_HOUR). */
  readonly signUps: SlidingWindow;

  constructor(signupsPerHour: number) {
    this.signUps = new SlidingWindow(signupsPerHour, 3600_000);
  }

  /** Seconds to wait before another sign-in attempt for this email from this address, or null. */
  signInWait(email: string, address: string, now: number): number | null {
    const a = this.byEmail.retryAfter(email.toLowerCase(), now);
    const b = this.byAddress.retryAfter(address, now);
    return a === null && b === null ? null : Math.max(a ?? 0, b ?? 0);
  }

  /** Records a failed sign-in. */
  signInFailed(email: string, address: string, now: number): void {
    this.byEmail.add(email.toLowerCase(), now);
    this.byAddress.add(address, now);
  }

  /** A successful sign-in clears the email's failures (not the address's). */
  signInSucceeded(email: string): void {
    this.byEmail.clear(email.toLowerCase());
  }
}
