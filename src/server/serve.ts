// `quire serve`: opens the stores (sweeping what a crash left on disk), starts the render workers and the
// maintenance loop, listens over HTTPS or loopback HTTP. In: a ServerConfig and a logger. Out: a running server and a draining stop().
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type pino from 'pino';
import type { DiskObjects } from '../storage/disk-objects.ts';
import { openStore, type Store } from '../storage/store.ts';
import { sweepOrphans } from '../storage/sweep.ts';
import { createApp, type Clock } from './app.ts';
import { ConfigError, isLoopback, type ServerConfig } from './config.ts';
import { bundledRenderWorker, saveCodeCache } from './bundled.ts';
import { jsonClientErrors, refuseConnect, refuseWithoutHost, respondJson } from './http-hardening.ts';
import { Maintenance } from './maintenance.ts';
import { createMetrics } from './metrics.ts';
import { inProcessRenderer, workerPoolRenderer, type Renderer } from './renderer.ts';

export interface RunningServer {
  server: http.Server | https.Server;
  /** The base URL it listens on (scheme, host, actual port). */
  url: string;
  /** Stops accepting, waits for open requests (SHUTDOWN_TIMEOUT_MS at most), closes workers and the database. */
  stop(): Promise<void>;
}

/**
 * How the service may listen (DECISIONS.md "HTTPS"): 'tls' with TLS_CERT_FILE/TLS_KEY_FILE,
 * 'proxy' with TRUST_PROXY (requests must say X-Forwarded-Proto: https), 'loopback' for plain
 * HTTP on a loopback HOST. Throws ConfigError for plain HTTP on any other address.
 */
export function transportMode(config: ServerConfig): 'tls' | 'proxy' | 'loopback' {
  if (config.tlsCertFile && config.tlsKeyFile) return 'tls';
  if (config.trustProxy) return 'proxy';
  if (isLoopback(config.host)) return 'loopback';
  throw new ConfigError(
    `refusing plain HTTP on ${config.host}: set TLS_CERT_FILE and TLS_KEY_FILE, or TRUST_PROXY=1 behind a ` +
      'TLS-terminating proxy, or listen on a loopback HOST (127.0.0.1) for local development',
  );
}

/**
 * Starts the service. `workers: false` renders in this thread instead of worker threads.
 * Throws ConfigError (transport, unreadable TLS files) or the listen error (e.g. EADDRINUSE).
 */
export async function startServer(
  config: ServerConfig,
  log: pino.Logger,
  opts: { workers?: boolean; clock?: Clock } = {},
): Promise<RunningServer> {
  const mode = transportMode(config);
  let tls: { cert: Buffer; key: Buffer } | undefined;
  if (mode === 'tls') {
    try {
      tls = { cert: readFileSync(config.tlsCertFile!), key: readFileSync(config.tlsKeyFile!) };
    } catch (e) {
      throw new ConfigError(`cannot read TLS_CERT_FILE/TLS_KEY_FILE: ${(e as Error).message}`);
    }
  }
  const metrics = createMetrics();
  const startedAt = new Date(); // files of the data folder older than this are a previous run's (sweepDisk)
  // the first render thread loads while the stores open
  const renderer: Renderer = opts.workers === false ? inProcessRenderer() : workerPoolRenderer({
    size: config.renderWorkers, spare: config.renderSpareWorkers, memoryMb: config.renderMemoryMb,
    recycleAfter: config.renderRecycleAfter, recycleHeapMb: config.renderRecycleHeapMb, workerUrl: bundledRenderWorker(),
    onLoadError: (err) => log.error({ err }, 'a render worker thread failed to load; retrying'),
  });
  let store: Store;
  try {
    store = await openStore(config.dataDir, config.databaseUrl, { s3: config.s3, observe: metrics.observeStore });
  } catch (e) {
    await renderer.close();
    throw e;
  }
  const secure = mode !== 'loopback';
  // /readyz reads the drain's state (only when asked, after both exist)
  const app = createApp({ store, renderer, config, logger: log, clock: opts.clock, metrics, lifecycle: { draining: () => drain.closing } });
  const drain = new Drain(app.callback(), secure);
  const handler: http.RequestListener = (req, res) => {
    if (!refuseWithoutHost(req, res, secure)) drain.handler(req, res);
  };
  const server = tls ? https.createServer({ ...tls, requireHostHeader: false }, handler) : http.createServer({ requireHostHeader: false }, handler);
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 20000;
  server.requestTimeout = 60000;
  server.on('clientError', jsonClientErrors(secure));
  server.on('connect', refuseConnect(secure));
  // an Expect other than 100-continue is ignored (RFC 9110 §10.1.1 allows it), not answered 417 in plain text
  server.on('checkExpectation', handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await renderer.close();
    await store.close();
    throw e;
  }
  const addr = server.address() as AddressInfo;
  const hostForUrl = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `${tls ? 'https' : 'http'}://${hostForUrl}:${addr.port}`;
  const transport = {
    tls: 'HTTPS (native TLS)',
    proxy: 'HTTP behind a TLS-terminating proxy (TRUST_PROXY: requests without X-Forwarded-Proto: https are refused)',
    loopback: 'plain HTTP on a loopback address only (local development; set TLS_CERT_FILE/TLS_KEY_FILE or TRUST_PROXY to serve others)',
  }[mode];
  log.info({
    url, transport: mode, data_dir: config.dataDir, render_workers: config.renderWorkers, database: store.driver,
    objects: store.objects.location, pdf_retention_days: config.pdfRetentionDays,
  }, `Quire listening on ${url}: ${transport}`);
  // after listening: it lists the whole folder (seconds for a large one), and what it removes is never served
  const sweeping = sweepDisk(store, log, startedAt).catch((err: unknown) => log.error({ err }, 'the start-up sweep of the data folder failed'));
  // Koa's body setter tests a JSON body against ReadableStream, Blob and Response: the first use of those globals
  // loads Node's web streams and fetch (~50-60 ms, measured), which fell on the first request's answer; now
  // while the first render thread still loads
  setImmediate(() => void [globalThis.ReadableStream, globalThis.Blob, globalThis.Response]);
  // the bundle's code cache (bin/run-bundle.cjs) with the start-up code and the first requests' (not while they run)
  setTimeout(saveCodeCache, 5000).unref();
  const maintenance = new Maintenance({ store, clock: opts.clock ?? { now: () => new Date() }, log, metrics, retentionDays: config.pdfRetentionDays }).start();
  let stopping: Promise<void> | undefined;
  return {
    server,
    url,
    stop() {
      stopping ??= (async () => {
        const left = await drain.close(server, config.shutdownTimeoutMs);
        if (left > 0) log.warn({ requests: left, timeout_ms: config.shutdownTimeoutMs }, 'shutdown timeout: open requests cut off');
        await maintenance.stop();
        await sweeping;
        await renderer.close();
        await store.close();
      })();
      return stopping;
    },
  };
}

/**
 * What a crash can leave in DATA_DIR (DECISIONS.md "PDF files"): temporary files of an interrupted
 * write, and PDFs or asset files whose row was never written. The folder belongs to this one
 * instance, so every such file last modified before `startedAt` goes, whatever its age; younger
 * ones are this instance's writes in progress. It runs while the service serves: a temporary file
 * is never served, nor a PDF without its row. (In a bucket shared by instances the maintenance loop
 * sweeps instead, sparing young objects.)
 */
async function sweepDisk(store: Store, log: pino.Logger, startedAt: Date): Promise<void> {
  if (store.objects.kind !== 'disk') return;
  const objects = store.objects as DiskObjects; // or observedObjects() of one, which delegates to it
  const temporary = (await objects.sweepTemporary(startedAt)).map((t) => ({ ...t, reason: 'temporary' as const }));
  const removed = [...temporary, ...(await sweepOrphans(store, startedAt))];
  if (removed.length) {
    log.warn({ removed, dir: objects.location }, `removed ${removed.length} file(s) an interrupted run left in the data folder`);
  }
}

/**
 * Counts open requests and, once closing, answers new ones on kept-alive connections with
 * 503 UNAVAILABLE (Connection: close) so that a shutdown drains instead of taking more work.
 */
class Drain {
  private open = 0;
  /** True from the moment close() is called. */
  closing = false;
  private idle: Array<() => void> = [];

  constructor(private readonly app: http.RequestListener, private readonly https: boolean) {}

  readonly handler: http.RequestListener = (req, res) => {
    if (this.closing) {
      respondJson(res, this.https, 503, 'UNAVAILABLE', 'The service is shutting down; retry later', { 'Retry-After': '5' });
      return;
    }
    this.open++;
    res.once('close', () => {
      if (--this.open === 0) for (const f of this.idle.splice(0)) f();
    });
    this.app(req, res);
  };

  /**
   * Stops accepting connections, lets open requests finish for up to `timeoutMs`, then cuts
   * every connection. Returns how many requests were still open when it gave up (0: drained).
   */
  async close(server: http.Server | https.Server, timeoutMs: number): Promise<number> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const drained = this.open === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idle.push(resolve));
    await Promise.race([drained, new Promise<void>((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
    clearTimeout(timer);
    clearInterval(sweep);
    const left = this.open;
    server.closeAllConnections();
    await closed;
    return left;
  }
}
