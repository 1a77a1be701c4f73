// In-process quota reservations, so requests past the quota are refused before they render.
// In: an account, its monthly limit and a count of its recorded generations. Out: a reservation or null.
// The database transaction (Store.recordGenerationWithinQuota) stays the authority; this only
// avoids rendering PDFs that could never be recorded.

/** A held slot; call `release()` exactly once when the request ends (success or not). */
export interface Reservation { release(): void }

interface Entry {
  /** Reservations held now. */
  n: number;
  /** Reservations ended so far (a counter, to notice one that ended while a count was running). */
  released: number;
  /** Counts of recorded generations running now (the entry stays while one runs). */
  counting: number;
  waiters: Array<() => void>;
}

export class QuotaGate {
  private readonly inflight = new Map<string, Entry>();

  /**
   * Reserves one generation for `accountId`. `used()` returns (or resolves to) the generations already
   * recorded this month. With `limit` null (unlimited) it always succeeds. When recorded + in-flight
   * reach the limit but in-flight ones may still fail, it waits for them to settle and checks
   * again; it returns null only when the recorded generations alone use up the limit. A reservation
   * that ends while `used()` runs (an asynchronous database: its row may have been committed after
   * the count's snapshot) makes it count again, so a finished generation is never missed by both.
   */
  async reserve(accountId: string, limit: number | null, used: () => number | Promise<number>): Promise<Reservation | null> {
    for (;;) {
      const e = this.entry(accountId);
      let recorded = 0;
      if (limit !== null) {
        const released = e.released;
        e.counting++;
        try {
          recorded = await used();
        } finally {
          e.counting--;
        }
        if (e.released !== released) continue;
        if (recorded >= limit) {
          this.forget(accountId, e);
          return null;
        }
        if (recorded + e.n >= limit) {
          await new Promise<void>((resolve) => e.waiters.push(resolve));
          continue;
        }
      }
      e.n++;
      let done = false;
      return {
        release: () => {
          if (done) return;
          done = true;
          e.n--;
          e.released++;
          const waiters = e.waiters.splice(0);
          this.forget(accountId, e);
          for (const w of waiters) w();
        },
      };
    }
  }

  private entry(accountId: string): Entry {
    let e = this.inflight.get(accountId);
    if (!e) {
      e = { n: 0, released: 0, counting: 0, waiters: [] };
      this.inflight.set(accountId, e);
    }
    return e;
  }

  /** Drops an account's entry once nothing refers to it. */
  private forget(accountId: string, e: Entry): void {
    if (e.n === 0 && e.counting === 0 && e.waiters.length === 0 && this.inflight.get(accountId) === e) this.inflight.delete(accountId);
  }
}
