// A bounded render queue: at most `concurrency` jobs run at once, at most `maxWaiting` wait.
// In: async jobs. Out: their results, or QueueFullError (the server's 503 UNAVAILABLE).

/** The waiting line is full; `retryAfterSeconds` estimates when a slot frees up. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('render queue is full');
    this.name = 'QueueFullError';
  }
}

/** A semaphore with a bounded FIFO waiting line. */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of job duration in ms, for Retry-After. */
  private avgMs = 200;

  constructor(readonly concurrency: number, readonly maxWaiting: number) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new TypeError('concurrency must be an integer >= 1');
    if (!(Number.isInteger(maxWaiting) && maxWaiting >= 0)) throw new TypeError('maxWaiting must be an integer >= 0');
  }

  /** Jobs running and waiting now. */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `job` when a slot is free. Throws QueueFullError at once when all slots are busy and
   * `maxWaiting` jobs already wait; otherwise returns (or throws) what `job` does.
   */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        const secs = Math.ceil(((this.waiting.length / this.concurrency + 1) * this.avgMs) / 1000);
        throw new QueueFullError(Math.min(60, Math.max(1, secs)));
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const t0 = performance.now();
    try {
      return await job();
    } finally {
      this.avgMs = this.avgMs * 0.8 + (performance.now() - t0) * 0.2;
      const next = this.waiting.shift();
      if (next) next(); // the slot passes straight to the next waiter
      else this.running--;
    }
  }
}
