// The esbuild bundle of the engine and the server: cli.mjs (every `quire` command), render-worker.mjs
// (a render worker thread) and their shared chunks. In: the package root. Out: a folder of .mjs files.
// `node bin/bundle.mjs [outdir]` builds it (npm's prepack: dist/); bin/quire.mjs builds one lazily per source hash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Cached bundles made longer ago than this are removed when a new one is built (a checkout whose
 * sources change often would otherwise keep hundreds). A process still running from one keeps
 * what it loaded; a chunk it had not loaded yet (the dashboard's) would be gone.
 */
const STALE_MS = 3600 * 1000;

/** Hash of every source file's path, size and mtime (and the lock file's): a changed file gives a new bundle. */
export function sourceKey(root = ROOT) {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = statSync(p);
        h.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  walk(path.join(root, 'src'));
  h.update(readFileSync(path.join(root, 'package-lock.json')));
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex').slice(0, 16);
}

/**
 * esbuild plugin: in the sources, `import.meta.url` becomes the URL the file has in the package
 * (src/…), computed from the bundle's own place, so that paths beside the sources (fonts/,
 * examples/gallery/, the dashboard's client/) resolve as they do when run through tsx.
 */
function sourceUrls(root) {
  return {
    name: 'quire-source-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
        const rel = path.relative(root, args.path);
        if (rel.startsWith('..') || rel.startsWith('node_modules')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const url = `new URL(${JSON.stringify(rel.split(path.sep).join('/'))}, __quireRoot).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * Builds the bundle into `outdir` (written through a temporary folder and renamed, so a half-built
 * bundle is never used; an existing `outdir` is kept unless `replace`). Packages stay external:
 * node_modules is loaded as it is (bundling them too saved no start-up time: a worker's start is
 * compiling and initialising code, and parsing fonts).
 * Every output file starts with `__quireBundleUrl` (its own URL: src/server/bundled.ts) and
 * `__quireRoot` (the package root, relative to `outdir`).
 */
export async function buildBundle(outdir, root = ROOT, replace = false) {
  const { build } = await import('esbuild');
  const tmp = `${outdir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const rootRel = `${path.relative(outdir, root).split(path.sep).join('/') || '.'}/`;
  try {
    await build({
      entryPoints: { cli: path.join(root, 'src/cli.ts'), 'render-worker': path.join(root, 'src/server/render-worker-bundled.ts') },
      bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
      packages: 'external', outdir: tmp, outExtension: { '.js': '.mjs' }, logLevel: 'silent',
      banner: { js: `const __quireBundleUrl = import.meta.url; const __quireRoot = new URL(${JSON.stringify(rootRel)}, import.meta.url);` },
      plugins: [sourceUrls(root)],
    });
    try {
      renameSync(tmp, outdir);
    } catch {
      if (!replace) return; // another process made it meanwhile: that one is used (and may be in use)
      rmSync(outdir, { recursive: true, force: true });
      renameSync(tmp, outdir);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The bundle for the sources as they are now: .quire-cache/<sourceKey>/, built on first use
 * (by whichever process gets there first). Returns the file: URL of its cli.mjs.
 */
export async function cachedBundle(root = ROOT) {
  const cache = path.join(root, '.quire-cache');
  const dir = path.join(cache, sourceKey(root));
  const entry = path.join(dir, 'cli.mjs');
  if (!existsSync(entry)) {
    await buildBundle(dir, root);
    pruneCache(cache, dir);
  }
  return pathToFileURL(entry).href;
}

/** Removes cached bundles (and leftovers of interrupted builds) made more than STALE_MS ago. */
function pruneCache(cache, keep) {
  for (const name of readdirSync(cache)) {
    const p = path.join(cache, name);
    try {
      if (p !== keep && Date.now() - statSync(p).mtimeMs > STALE_MS) {
        rmSync(p, { recursive: true, force: true });
      }
    } catch { /* removed meanwhile */ }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const t0 = performance.now();
  await buildBundle(out, ROOT, true);
  writeFileSync(path.join(out, 'SOURCE'), `${sourceKey()}\n`);
  process.stdout.write(`bundle: ${out} in ${Math.round(performance.now() - t0)} ms\n`);
}
