// Test harness for the HTTP contract: a temporary data dir, a real database (SQLite file, or with
// QUIRE_TEST_DB=postgres a schema of its own on a real PostgreSQL), a real object store (DATA_DIR, or
// with QUIRE_TEST_OBJECTS=s3 a bucket of its own on a real S3-protocol server), the app on an ephemeral port.
// In: config overrides, an optional renderer and log sink. Out: a Harness with helpers for requests.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../../src/server/app.ts';
import { createMetrics, type Metrics } from '../../src/server/metrics.ts';
import type { Lifecycle } from '../../src/server/ops-routes.ts';
import type { DashboardConfig } from '../../src/server/dashboard/config.ts';
import { loadConfig, type ServerConfig } from '../../src/server/config.ts';
import { inProcessRenderer, type Renderer } from '../../src/server/renderer.ts';
import { openStore, type S3Settings, type Store } from '../../src/storage/store.ts';
import type { ObjectFolder } from '../../src/storage/objects.ts';
import { createTestSchema } from '../storage/pg-server.ts';
import { createTestBucket } from '../storage/s3-server.ts';
import type { Plan } from '../../src/storage/plans.ts';
import type { VariableDef } from '../../src/template/variables.ts';

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public t: Date) {}
  now(): Date {
    return new Date(this.t.getTime());
  }
  set(iso: string): void {
    this.t = new Date(iso);
  }
}

/** The driver the API and dashboard suites run against: QUIRE_TEST_DB=postgres, else SQLite. */
export const TEST_DRIVER: 'sqlite' | 'postgres' = process.env.QUIRE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** The object store the suites run against: QUIRE_TEST_OBJECTS=s3, else DATA_DIR. */
export const TEST_OBJECTS: 'disk' | 's3' = process.env.QUIRE_TEST_OBJECTS === 's3' ? 's3' : 'disk';

/** A store for a test; close() closes it and removes its database (PostgreSQL schema). */
export interface TestStore { store: Store; databaseUrl?: string; s3?: S3Settings; close(): Promise<void> }

/**
 * Opens the store TEST_DRIVER and TEST_OBJECTS name: SQLite in `dataDir`, or a fresh schema in this
 * test file's PostgreSQL database (test/storage/pg-server.ts); PDFs and asset bytes under `dataDir`,
 * or in a fresh bucket (test/storage/s3-server.ts). `observe` times the stores (metrics).
 */
export async function openTestStore(
  dataDir: string, driver = TEST_DRIVER, objects = TEST_OBJECTS, observe?: Metrics['observeStore'],
): Promise<TestStore> {
  const s3 = objects === 's3' ? await createTestBucket() : undefined;
  if (driver === 'sqlite') {
    const store = await openStore(dataDir, null, { s3, observe });
    return { store, s3, close: () => store.close() };
  }
  const schema = await createTestSchema();
  const store = await openStore(dataDir, schema.url, { s3, observe });
  return {
    store, databaseUrl: schema.url, s3,
    async close() {
      await store.close();
      await schema.drop();
    },
  };
}

/** The names (without folder) of the objects under `folder`, sorted. */
export async function objectNames(store: Store, folder: ObjectFolder): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.objects.list(folder)) out.push(o.key.slice(folder.length + 1));
  return out.sort();
}

export interface Harness {
  url: string;
  dataDir: string;
  store: Store;
  /** The PostgreSQL URL the store uses (QUIRE_TEST_DB=postgres), else undefined. */
  databaseUrl?: string;
  /** The bucket the store uses (QUIRE_TEST_OBJECTS=s3), else undefined. */
  s3?: S3Settings;
  /** The app's metrics (store operations timed too). */
  metrics: Metrics;
  clock: ManualClock;
  config: ServerConfig;
  logs: string[];
  /** Creates an account with one key; returns ids and the key. */
  account(plan?: Plan): Promise<{ accountId: string; keyId: string; key: string }>;
  /** Creates a template for an account; resolves to its id. */
  template(accountId: string, html: string, variables?: VariableDef[]): Promise<string>;
  /** POSTs JSON (or a raw string) to the generate endpoint. */
  generate(key: string | undefined, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** Starts the real app over HTTP on 127.0.0.1:0 against a fresh data dir. */
export async function startHarness(opts: {
  env?: Record<string, string>;
  renderer?: Renderer;
  clock?: ManualClock;
  /** The dashboard's settings (default: from process.env). */
  dashboard?: DashboardConfig;
  /** The database driver (default TEST_DRIVER). */
  driver?: 'sqlite' | 'postgres';
  /** The object store (default TEST_OBJECTS). */
  objects?: 'disk' | 's3';
  /** Whether the app is draining (/readyz); default never. */
  lifecycle?: Lifecycle;
  /** A second instance on this harness's database and data folder (its own store, app and port). */
  share?: Harness;
} = {}): Promise<Harness> {
  const dataDir = opts.share?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'quire-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, RENDER_WORKERS: '2', ...opts.env });
  const metrics = createMetrics();
  const opened: TestStore = opts.share
    ? await openStore(dataDir, opts.share.databaseUrl, { s3: opts.share.s3, observe: metrics.observeStore })
      .then((store) => ({ store, databaseUrl: opts.share!.databaseUrl, s3: opts.share!.s3, close: () => store.close() }))
    : await openTestStore(dataDir, opts.driver, opts.objects, metrics.observeStore);
  const store = opened.store;
  const clock = opts.clock ?? new ManualClock(new Date('2026-03-15T12:00:00Z'));
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const renderer = opts.renderer ?? inProcessRenderer();
  const app = createApp({ store, renderer, clock, config, logger, dashboard: opts.dashboard, metrics, lifecycle: opts.lifecycle });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, dataDir, store, clock, config, logs, databaseUrl: opened.databaseUrl, s3: opened.s3, metrics,
    async account(plan: Plan = 'pro') {
      const a = await store.createAccount(`u${Math.random().toString(36).slice(2)}@example.com`, plan, clock.now());
      const k = await store.createKey(a.id, clock.now());
      return { accountId: a.id, keyId: k.id, key: k.key };
    },
    async template(accountId, html, variables = []) {
      return (await store.createTemplate({ accountId, name: 't', html, variables }, clock.now())).id;
    },
    async generate(key, body, headers = {}) {
      const h: Record<string, string> = { 'content-type': 'application/json', ...headers };
      if (key !== undefined) h['x-api-key'] = key;
      const res = await fetch(`${url}/functions/v1/generate-pdf-preview`, {
        method: 'POST', headers: h, body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch { /* keep text */ }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await renderer.close();
      await opened.close();
      if (!opts.share) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the exact error shape { error, code, status } and returns it. */
export function errorShape(body: any): { error: string; code: string; status: number } {
  if (typeof body !== 'object' || body === null) throw new Error(`not a JSON object: ${String(body)}`);
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,error,status') throw new Error(`error body keys are ${keys}`);
  if (typeof body.error !== 'string' || typeof body.code !== 'string' || typeof body.status !== 'number') {
    throw new Error(`error body types wrong: ${JSON.stringify(body)}`);
  }
  return body;
}
