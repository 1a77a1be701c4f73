// The render scheduler: fair shares of the render slots between accounts, a bounded waiting line,
// and Retry-After from the work ahead. In: (account, async job) pairs. Out: their results, or QueueFullError (503).
import type { ServerConfig } from './config.ts';
import type { Renderer, Staging } from './renderer.ts';

/** No room in the waiting line; `retryAfterSeconds` is the estimated wait for a slot (≥ 1). */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('render queue is full');
    this.name = 'QueueFullError';
  }
}

/** The caller gave up (its AbortSignal fired) while the job was waiting; the job never ran. */
export class QueueAbortedError extends Error {
  constructor() {
    super('request ended while waiting for a render slot');
    this.name = 'QueueAbortedError';
  }
}

export interface QueueOptions {
  /** Render slots (RENDER_WORKERS). */
  slots: number;
  /** Worker threads loaded now, shown in `stats` (absent: not shown). */
  ready?: () => number;
  /** Jobs allowed to wait in all (RENDER_QUEUE). */
  maxWaiting: number;
  /** Jobs one account may run at once (MAX_RENDERS_PER_ACCOUNT). */
  maxPerAccount: number;
  /** An account that asked within this many ms keeps its share reserved (default 2000). */
  recentMs?: number;
  /** Clock in ms (tests); default performance.now. */
  now?: () => number;
}

interface Waiter {
  /** Given its slot (false) or started staged (true). */
  start: (staged: boolean) => void;
  fail: (e: Error) => void;
  /** The job's `stage` option: whether it can be staged now. */
  stage?: () => boolean;
}

interface AccountState {
  running: number;
  /** Jobs started ahead of their slot that have not begun rendering (Staging). */
  staged: number;
  waiting: Waiter[];
  /** Start times of its running jobs, for the time they still need. */
  started: number[];
  lastSeen: number;
  /** Its last render times in ms (at most RECENT_RENDERS). */
  recent: number[];
}

/**
 * Render times kept per account (and for all) for Retry-After. Their median is the expected
 * time: a cold first render in a new thread (seconds of compiling) does not make every later
 * estimate lie, as it did in a moving average (Retry-After 31 s for a 3.8 s wait).
 */
const RECENT_RENDERS = 7;
/** Render time assumed before any render finished (ms). */
const FIRST_GUESS_MS = 1000;
/** Idle accounts remembered (for their render times); beyond, the longest idle are forgotten. */
const MAX_REMEMBERED = 10000;

/**
 * Slots go round-robin between the accounts that wait. An account's share is the slots divided
 * by the accounts active now (running, waiting, or asked within `recentMs`), at least 1 and at
 * most `maxPerAccount`. A waiting account below its share goes first; an account above it gets a
 * slot only when the slots left exceed what the other active accounts' shares still reserve. So
 * one account flooding cannot hold more than its share while another one waits or has just been
 * served, and alone it may use every slot (up to `maxPerAccount`).
 * A full waiting line makes room by refusing the newest job of the account with the most
 * waiting jobs, when that is not the caller's.
 * A job that opts in (`stage`) and is held back only by its account's cap, while no other account
 * waits and a slot is free for any other account, starts as staged (Staging): at once, or as the
 * first of its account's waiting jobs when the account's staged job begins. Its render is queued
 * behind one of the account's running renders, so that thread goes from one render to the next
 * without waiting for this thread's answer and next job (an idle gap of 10-20 % of a small render
 * under load). It renders no sooner than a slot of its account frees; only it can then pass a job
 * of another account that came in meanwhile, by one render.
 */
export class RenderQueue {
  private readonly accounts = new Map<string, AccountState>();
  /** Accounts with waiting jobs, in round-robin order (the head is served next). */
  private ring: string[] = [];
  private running = 0;
  private waiting = 0;
  private staged = 0;
  private readonly recentAll: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly recentMs: number;

  constructor(private readonly opts: QueueOptions) {
    if (!(Number.isInteger(opts.slots) && opts.slots >= 1)) throw new TypeError('slots must be an integer >= 1');
    if (!(Number.isInteger(opts.maxWaiting) && opts.maxWaiting >= 0)) throw new TypeError('maxWaiting must be an integer >= 0');
    if (!(Number.isInteger(opts.maxPerAccount) && opts.maxPerAccount >= 1)) throw new TypeError('maxPerAccount must be an integer >= 1');
    this.now = opts.now ?? (() => performance.now());
    this.recentMs = opts.recentMs ?? 2000;
  }

  /** Jobs running (slots taken) and waiting now (staged ones included), the slots, and the threads loaded. */
  get stats(): { running: number; waiting: number; slots: number; ready_workers?: number } {
    const s: { running: number; waiting: number; slots: number; ready_workers?: number } = {
      running: this.running, waiting: this.waiting + this.staged, slots: this.opts.slots,
    };
    if (this.opts.ready) s.ready_workers = this.opts.ready();
    return s;
  }

  /**
   * Runs `job` for `account` when the scheduler gives it a slot; returns (or throws) what `job`
   * does. `job` may call `hold(p)`: the slot then stays taken until `p` settles, after the job
   * has answered (a stopped worker thread being replaced, charged to the account that ran it).
   * Throws QueueFullError when the waiting line is full (before or while waiting), and
   * QueueAbortedError when `signal` fires while the job waits.
   * With `opts.stage` (asked last, when the job could be staged: whether the renderer can queue it
   * behind a render of the account now), the job may be started ahead of its slot and is then given a
   * Staging (see the class): it must not render before it calls `started()`, when its render begins.
   */
  async run<T>(
    account: string, job: (hold: (until: Promise<void>) => void, staging?: Staging) => Promise<T>, signal?: AbortSignal,
    opts: { stage?: () => boolean } = {},
  ): Promise<T> {
    const a = this.account(account);
    a.lastSeen = this.now();
    if (signal?.aborted) throw new QueueAbortedError();
    let staging: Staging | undefined;
    let t0 = NaN; // when the job took its slot
    const take = () => {
      t0 = this.now();
      a.started.push(t0);
    };
    const stageIt = () => {
      staging = {
        started: () => {
          if (!Number.isNaN(t0)) return;
          a.staged--;
          this.staged--;
          this.begin(a);
          take();
          this.stageHead(); // the account's next waiting job may go behind this one
        },
      };
    };
    if (a.waiting.length === 0 && this.running < this.opts.slots && this.eligible(a)) {
      this.begin(a);
      take();
    } else if (opts.stage && a.waiting.length === 0 && this.ring.length === 0 && this.stageable(a) && opts.stage()) {
      a.staged++;
      this.staged++;
      stageIt();
    } else if (await this.wait(account, a, signal, opts.stage)) {
      stageIt();
    } else {
      take();
    }
    const holds: Array<Promise<void>> = [];
    try {
      return await job((until) => holds.push(until), staging);
    } finally {
      const t1 = this.now();
      a.lastSeen = t1;
      if (Number.isNaN(t0)) {
        // staged and ended without rendering (the renderer closed): it never held a slot
        a.staged--;
        this.staged--;
      } else {
        const ms = t1 - t0;
        remember(a.recent, ms);
        remember(this.recentAll, ms);
        const release = () => {
          a.started.splice(a.started.indexOf(t0), 1);
          a.running--;
          this.running--;
          this.pump();
        };
        if (holds.length) void Promise.allSettled(holds).then(release);
        else release();
      }
    }
  }

  /**
   * May a job of `a` start staged now (the callers check that no other account waits)? Only when its
   * account's cap alone holds it back (as many of its jobs run, fewer staged than the cap) and a slot
   * is free for whichever account asks next.
   */
  private stageable(a: AccountState): boolean {
    return a.running >= this.opts.maxPerAccount && a.staged < this.opts.maxPerAccount && this.running < this.opts.slots;
  }

  /** Starts the first waiting job staged, when only its account waits and it may (stageable, its `stage`). */
  private stageHead(): void {
    if (this.ring.length !== 1) return;
    const id = this.ring[0]!;
    const a = this.accounts.get(id)!;
    const w = a.waiting[0];
    if (!w?.stage || !this.stageable(a) || !w.stage()) return;
    this.dropWaiter(id, a, 0);
    a.staged++;
    this.staged++;
    w.start(true);
  }

  /** Hands free slots to waiting jobs. */
  private pump(): void {
    while (this.ring.length && this.running < this.opts.slots) {
      const c = this.census();
      const i = this.ring.findIndex((id) => this.eligible(this.accounts.get(id)!, c));
      if (i < 0) {
        this.repumpWhenReservationsLapse();
        break;
      }
      const id = this.ring[i];
      const a = this.accounts.get(id)!;
      const w = a.waiting.shift()!;
      this.waiting--;
      // round-robin: the served account goes to the back; one with nothing left leaves the ring
      this.ring.splice(i, 1);
      if (a.waiting.length) this.ring.push(id);
      this.begin(a);
      w.start(false);
    }
    this.stageHead();
  }

  /**
   * Free slots held back for recently active accounts go to the waiting ones once those
   * accounts' `recentMs` has passed without a new request: pump again then.
   */
  private repumpWhenReservationsLapse(): void {
    if (this.timer) return;
    const t = this.now();
    let next = Infinity;
    for (const [, s] of this.accounts) {
      if (s.running === 0 && s.waiting.length === 0 && t - s.lastSeen < this.recentMs) next = Math.min(next, s.lastSeen + this.recentMs);
    }
    if (next === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, Math.max(1, Math.ceil(next - t) + 1));
    this.timer.unref();
  }

  /** Estimated ms until a job of `account` queued now would start (Retry-After). */
  estimateWaitMs(account: string): number {
    const a = this.accounts.get(account);
    const mine = a ? a.waiting.length : 0;
    const t = this.now();
    let work = 0;
    for (const [, s] of this.accounts) {
      const avg = this.expectedMs(s);
      for (const t0 of s.started) work += Math.max(avg - (t - t0), avg * 0.1);
      // round-robin: each account's first `mine + 1` waiting jobs run before ours
      work += Math.min(s.waiting.length, mine + 1) * avg;
    }
    return work / this.opts.slots;
  }

  private expectedMs(a: AccountState): number {
    if (a.recent.length) return lowerMedian(a.recent);
    return this.recentAll.length ? lowerMedian(this.recentAll) : FIRST_GUESS_MS;
  }

  private retryAfter(account: string): number {
    return Math.max(1, Math.round(this.estimateWaitMs(account) / 1000));
  }

  private begin(a: AccountState): void {
    a.running++;
    this.running++;
  }

  /**
   * The shares now: accounts active (running, waiting, or asked within `recentMs`) split the
   * slots; `reserved` is what active accounts below their share may still claim.
   */
  private census(): { share: number; reserved: number } {
    const t = this.now();
    const active: AccountState[] = [];
    for (const s of this.accounts.values()) {
      if (s.running > 0 || s.waiting.length > 0 || t - s.lastSeen < this.recentMs) active.push(s);
    }
    const share = Math.max(1, Math.floor(this.opts.slots / Math.max(1, active.length)));
    const claim = Math.min(share, this.opts.maxPerAccount);
    let reserved = 0;
    for (const s of active) reserved += Math.max(0, claim - s.running);
    return { share, reserved };
  }

  /**
   * May `a` (active) take a free slot now? Below its share, yes; at or above it, only from the
   * slots left after what the others' shares reserve (its own claim is 0 then).
   */
  private eligible(a: AccountState, c = this.census()): boolean {
    if (a.running >= this.opts.maxPerAccount) return false;
    if (a.running < c.share) return true;
    return this.opts.slots - this.running > c.reserved;
  }

  /** Waits for a slot (resolves false) or to be started staged (true, with `stage`). */
  private wait(id: string, a: AccountState, signal?: AbortSignal, stage?: () => boolean): Promise<boolean> {
    if (this.waiting >= this.opts.maxWaiting && !this.makeRoom(id)) {
      throw new QueueFullError(this.retryAfter(id));
    }
    return new Promise<boolean>((resolve, reject) => {
      const onAbort = () => {
        const i = a.waiting.indexOf(w);
        if (i < 0) return;
        this.dropWaiter(id, a, i);
        reject(new QueueAbortedError());
      };
      const w: Waiter = {
        stage,
        start: (staged) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(staged);
        },
        fail: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      a.waiting.push(w);
      this.waiting++;
      if (a.waiting.length === 1) this.ring.push(id);
      this.stageHead();
    });
  }

  /** Refuses the newest job of the account with the most waiting jobs, if that is not `id`'s. */
  private makeRoom(id: string): boolean {
    let most: string | undefined;
    let n = this.accounts.get(id)?.waiting.length ?? 0;
    for (const other of this.ring) {
      const len = this.accounts.get(other)!.waiting.length;
      if (len > n + 1) {
        most = other;
        n = len;
      }
    }
    if (most === undefined) return false;
    const s = this.accounts.get(most)!;
    const w = s.waiting[s.waiting.length - 1];
    this.dropWaiter(most, s, s.waiting.length - 1);
    w.fail(new QueueFullError(this.retryAfter(most)));
    return true;
  }

  private dropWaiter(id: string, a: AccountState, i: number): void {
    a.waiting.splice(i, 1);
    this.waiting--;
    if (a.waiting.length === 0) this.ring = this.ring.filter((x) => x !== id);
  }

  private account(id: string): AccountState {
    let a = this.accounts.get(id);
    if (!a) {
      if (this.accounts.size >= MAX_REMEMBERED) this.forget();
      a = { running: 0, staged: 0, waiting: [], started: [], lastSeen: this.now(), recent: [] };
      this.accounts.set(id, a);
    }
    return a;
  }

  /** Drops the idle half of the remembered accounts (the longest idle first). */
  private forget(): void {
    const idle = [...this.accounts].filter(([, s]) => s.running === 0 && s.staged === 0 && s.waiting.length === 0);
    idle.sort((x, y) => x[1].lastSeen - y[1].lastSeen);
    for (const [id] of idle.slice(0, Math.ceil(idle.length / 2))) this.accounts.delete(id);
  }
}

/** Appends `ms`, dropping the oldest beyond RECENT_RENDERS. */
function remember(times: number[], ms: number): void {
  times.push(ms);
  if (times.length > RECENT_RENDERS) times.shift();
}

/** The median of `times` (non-empty); of an even count, the lower middle one. */
function lowerMedian(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[(sorted.length - 1) >> 1];
}

/**
 * The service's scheduler: RENDER_WORKERS slots, RENDER_QUEUE may wait, MAX_RENDERS_PER_ACCOUNT
 * run per account; `stats` shows the renderer's loaded threads when it is a pool.
 */
export function renderQueueFor(renderer: Renderer, config: ServerConfig): RenderQueue {
  return new RenderQueue({
    slots: config.renderWorkers, maxWaiting: config.renderQueue, maxPerAccount: config.maxRendersPerAccount,
    ready: renderer.ready ? () => renderer.ready!() : undefined,
  });
}
