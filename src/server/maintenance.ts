// Periodic housekeeping of one instance, done only while it holds the store's maintenance lock:
// PDF retention (PDF_RETENTION_DAYS) and, on S3, the orphan sweep. In: a store, clock, settings. Out: a running loop.
import type pino from 'pino';
import { expirePdfs, sweepOrphans } from '../storage/sweep.ts';
import type { Store } from '../storage/store.ts';
import type { Clock } from './generate.ts';
import type { Metrics } from './metrics.ts';

export interface MaintenanceOptions {
  store: Store;
  clock: Clock;
  log: pino.Logger;
  metrics?: Metrics;
  /** PDF_RETENTION_DAYS; null: PDFs are kept. */
  retentionDays: number | null;
  /** Time between passes (default 10 minutes); the first pass runs `firstDelayMs` after start (default 5 s). */
  intervalMs?: number;
  firstDelayMs?: number;
  /** Time between orphan sweeps of an S3 bucket (default 6 h), and the age an orphan must have (default 1 h). */
  sweepEveryMs?: number;
  orphanGraceMs?: number;
}

/** What one pass did; null when another instance held the lock. */
export interface PassResult { expired: number; swept: number }

export class Maintenance {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private lastSweep = -Infinity;
  private stopped = false;

  constructor(private readonly o: MaintenanceOptions) {}

  /** Schedules the passes (timers do not keep the process alive). Does nothing when there is nothing to do. */
  start(): this {
    if (this.o.retentionDays === null && this.o.store.objects.kind !== 's3') return this;
    this.schedule(this.o.firstDelayMs ?? 5000);
    return this;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((e: unknown) => this.o.log.error({ err: e }, 'maintenance pass failed'))
        .finally(() => this.schedule(this.o.intervalMs ?? 600_000));
    }, ms);
    this.timer.unref();
  }

  /**
   * One pass under the store's maintenance lock: deletes the expired PDFs (in batches) and, on S3
   * when the last sweep is `sweepEveryMs` old, removes objects without a row older than
   * `orphanGraceMs`. Resolves to what it did, or null when another instance holds the lock.
   */
  async pass(): Promise<PassResult | null> {
    const { store, clock, log } = this.o;
    const got = await store.exclusively(async () => {
      const now = clock.now();
      let expired = 0, swept = 0;
      if (this.o.retentionDays !== null) {
        expired = await expirePdfs(store, now, this.o.retentionDays);
        this.o.metrics?.expired(expired);
        if (expired) log.info({ deleted: expired, retention_days: this.o.retentionDays }, `retention: deleted ${expired} PDF(s)`);
      }
      if (store.objects.kind === 's3' && now.getTime() - this.lastSweep >= (this.o.sweepEveryMs ?? 6 * 3600_000)) {
        const removed = await sweepOrphans(store, new Date(now.getTime() - (this.o.orphanGraceMs ?? 3600_000)));
        this.lastSweep = now.getTime();
        swept = removed.length;
        if (swept) log.warn({ removed, location: store.objects.location }, `removed ${swept} object(s) without a record`);
      }
      return { expired, swept };
    });
    return got?.value ?? null;
  }

  /** Stops scheduling and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
