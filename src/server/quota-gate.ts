// In-process quota reservations, so requests past the quota are refused before they render.
// In: an account, its monthly limit and a count of its recorded generations. Out: a reservation or null.
// The database transaction (Store.recordGenerationWithinQuota) stays the authority; this only
// avoids rendering PDFs that could never be recorded.

/** A held slot; call `release()` exactly once when the request ends (success or not). */
export interface Reservation { release(): void }

export class QuotaGate {
  private readonly inflight = new Map<string, { n: number; waiters: Array<() => void> }>();

  /**
   * Reserves one generation for `accountId`. `used()` returns (or resolves to) the generations already
   * recorded this month. With `limit` null (unlimited) it always succeeds. When recorded + in-flight
   * reach the limit but in-flight ones may still fail, it waits for them to settle and checks
   * again; it returns null only when the recorded generations alone use up the limit.
   */
  async reserve(accountId: string, limit: number | null, used: () => number | Promise<number>): Promise<Reservation | null> {
    for (;;) {
      // counted first: the entry is read after the await, so it is the current one
      const recorded = limit === null ? 0 : await used();
      const e = this.inflight.get(accountId) ?? { n: 0, waiters: [] };
      if (limit !== null) {
        if (recorded >= limit) return null;
        if (recorded + e.n >= limit) {
          await new Promise<void>((resolve) => e.waiters.push(resolve));
          continue;
        }
      }
      e.n++;
      this.inflight.set(accountId, e);
      let done = false;
      return {
        release: () => {
          if (done) return;
          done = true;
          e.n--;
          const waiters = e.waiters.splice(0);
          if (e.n === 0 && waiters.length === 0) this.inflight.delete(accountId);
          for (const w of waiters) w();
        },
      };
    }
  }
}
