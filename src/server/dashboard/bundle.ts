// The dashboard's browser code and styles, bundled by esbuild on first use (never before listening),
// kept in memory and cached on disk by a hash of their sources. In: src/server/dashboard/client/**.
// Out: static files (app.js, editor.js, gallery.js, chunks, app.css, pdf.js's worker, favicon) by name.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type pino from 'pino';

/** A static file and its gzip form (served when the browser accepts gzip). */
export interface StaticFile { body: Buffer; gzip: Buffer; type: string }

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const CLIENT = path.join(HERE, 'client');
const require = createRequire(import.meta.url);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
};

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="3" y="2" width="15" height="20" rx="2" fill="#4f46e5"/><path d="M7 7h7M7 11h7M7 15h4" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/><circle cx="18" cy="18" r="4" fill="#22c55e"/></svg>`;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Lazily built client files; one instance per app. */
export class ClientBundle {
  private ver: string | null = null;
  private files: Promise<Map<string, StaticFile>> | null = null;

  /** `cacheDir`: where built bundles are kept between runs (default node_modules/.cache/quire-dashboard). */
  constructor(private readonly log: pino.Logger, private readonly cacheDir = path.join(ROOT, 'node_modules/.cache/quire-dashboard')) {}

  /** A short hash of everything the bundle is made of (dashboard sources, package-lock.json). */
  version(): string {
    if (this.ver) return this.ver;
    const h = createHash('sha256');
    for (const f of listFiles(HERE)) h.update(path.relative(HERE, f)).update(readFileSync(f));
    try {
      h.update(readFileSync(path.join(ROOT, 'package-lock.json')));
    } catch { /* no lock file: sources alone */ }
    this.ver = h.digest('hex').slice(0, 16);
    return this.ver;
  }

  /** A static file by name, or null. The first call builds (or loads from the disk cache). */
  async file(name: string): Promise<StaticFile | null> {
    this.files ??= this.load().catch((e) => {
      this.files = null; // a failed build is retried on the next request
      throw e;
    });
    return (await this.files).get(name) ?? null;
  }

  /** Starts building in the background (e.g. when a dashboard page is first served). */
  warm(): void {
    this.file('app.js').catch((e) => this.log.error({ err: e }, 'dashboard bundle failed'));
  }

  private async load(): Promise<Map<string, StaticFile>> {
    const out = new Map<string, StaticFile>();
    const dir = path.join(this.cacheDir, this.version());
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      names = await this.build(dir);
    }
    const add = (name: string, body: Buffer) => {
      out.set(name, { body, gzip: gzipSync(body, { level: 9 }), type: TYPES[path.extname(name)] ?? 'application/octet-stream' });
    };
    for (const n of names) add(n, readFileSync(path.join(dir, n)));
    add('pdf.worker.mjs', readFileSync(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs')));
    add('favicon.svg', Buffer.from(FAVICON));
    return out;
  }

  /** Runs esbuild and writes the output to `dir` atomically (temp folder + rename). Returns the file names. */
  private async build(dir: string): Promise<string[]> {
    const t0 = performance.now();
    const esbuild = await import('esbuild');
    const r = await esbuild.build({
      entryPoints: ['app.ts', 'editor.ts', 'gallery.ts'].map((f) => path.join(CLIENT, f)),
      bundle: true, splitting: true, format: 'esm', minify: true, write: false, outdir: '/out',
      entryNames: '[name]', chunkNames: 'chunk-[hash]', target: ['chrome115', 'firefox115', 'safari16.4'],
      absWorkingDir: ROOT, logLevel: 'silent', legalComments: 'none',
    });
    mkdirSync(this.cacheDir, { recursive: true });
    const tmp = mkdtempSync(path.join(this.cacheDir, '.tmp-'));
    const names: string[] = [];
    for (const f of r.outputFiles) {
      const name = path.basename(f.path);
      writeFileSync(path.join(tmp, name), f.contents);
      names.push(name);
    }
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process cached the same version first
    }
    // Older versions' bundles are of no further use.
    for (const old of readdirSync(this.cacheDir)) {
      if (old !== path.basename(dir) && !old.startsWith('.tmp-')) rmSync(path.join(this.cacheDir, old), { recursive: true, force: true });
    }
    this.log.info({ ms: Math.round(performance.now() - t0), files: names.length }, 'dashboard bundle built');
    return names;
  }
}
