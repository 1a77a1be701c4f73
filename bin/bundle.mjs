// The esbuild bundle of the engine and the server: cli.bundle.cjs (every `quire` command) and render-worker.bundle.cjs
// (a render worker thread), each one file with its packages, run by cli.cjs / render-worker.cjs through bin/run-bundle.cjs
// (V8 code cache). In: the package root. Out: a folder. `node bin/bundle.mjs [outdir]` builds it (npm's prepack: dist/);
// bin/quire.mjs builds one lazily per source hash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * esbuild plugin: in the sources and the packages, `import.meta.url` (which a CommonJS bundle has
 * not) becomes the URL the file has where it is installed, so that paths beside it resolve as
 * they do when run through tsx: a source file's (src/…) from the package root, computed from the
 * bundle's own place (fonts/, examples/gallery/, the dashboard's client/); a package file's
 * (node_modules/<package>/…) found at run time as Node finds packages, in the node_modules
 * folders from the package root up (pdfkit's ICC profile and standard fonts, css-tree's JSON data,
 * wherever npm put those packages).
 */
function sourceUrls(root) {
  return {
    name: 'quire-source-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
        const rel = path.relative(root, args.path).split(path.sep).join('/');
        // a package file: by its path under the first node_modules below the root (or on its own path, when it is
        // outside the root: node_modules as a link, a hoisted install)
        const inPackage = /^(?:.*?\/)?node_modules\/(.+)$/.exec(rel.startsWith('..') ? args.path.split(path.sep).join('/') : rel);
        if (!inPackage && rel.startsWith('..')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const url = inPackage
          ? `__quirePackageFileUrl(${JSON.stringify(inPackage[1])})`
          : `new URL(${JSON.stringify(rel)}, __quireRoot).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * The banner of every bundle file: its own URL, the package root, and the file: URL of a file of
 * an installed package (`pdfkit/js/pdfkit.node.mjs`), looked for in node_modules from the root up.
 */
function banner(rootRel) {
  return [
    "const __quireBundleUrl = require('node:url').pathToFileURL(__filename).href;",
    `const __quireRoot = new URL(${JSON.stringify(rootRel)}, __quireBundleUrl);`,
    'const __quirePackageFileUrl = (file) => {',
    "  const fs = require('node:fs'), path = require('node:path'), url = require('node:url');",
    '  for (let dir = url.fileURLToPath(__quireRoot); ; dir = path.dirname(dir)) {',
    "    const p = path.join(dir, 'node_modules', file);",
    '    if (fs.existsSync(p)) return url.pathToFileURL(p).href;',
    '    if (path.dirname(dir) === dir) throw new Error(`quire: ${file} is not installed`);',
    '  }',
    '};',
  ].join('\n');
}

/**
 * esbuild plugin: pdfkit's import of @noble/ciphers/aes (AES for encrypted PDFs, which Quire never
 * asks for) becomes a module that loads it on first call; its lookup tables (genTtable) were built in
 * every process and render thread at load (~8 ms each, measured in a worker's start-up profile).
 */
function lazyAes() {
  return {
    name: 'quire-lazy-aes',
    setup(build) {
      build.onResolve({ filter: /^@noble\/ciphers\/aes$/ }, (args) => (
        /[\\/]node_modules[\\/]pdfkit[\\/]/.test(args.importer) ? { path: 'aes', namespace: 'quire-lazy', pluginData: path.dirname(args.importer) } : undefined
      ));
      build.onLoad({ filter: /^aes$/, namespace: 'quire-lazy' }, (args) => ({
        contents: [
          'let aes;',
          "const load = () => (aes ??= require('@noble/ciphers/aes'));",
          'export const cbc = (...a) => load().cbc(...a);',
          'export const ecb = (...a) => load().ecb(...a);',
        ].join('\n'),
        resolveDir: args.pluginData, loader: 'js',
      }));
    },
  };
}

/**
 * esbuild plugin: the Unicode tables that fontkit, unicode-properties and linebreak unpack as they load
 * (each a base64 string decoded and inflated into a UnicodeTrie: general categories and scripts, the
 * Indic and USE shapers' classes, line-break classes) are unpacked on their first lookup instead: they
 * were about a fifth of a render thread's start-up, and the shapers' are only needed for such scripts.
 * The packages use nothing of a trie but get(). A package whose text no longer has the expected
 * constructions is bundled as it is.
 */
function lazyUnicodeTries() {
  const expected = { fontkit: 3, 'unicode-properties': 1, linebreak: 1 };
  const lazy = '\nfunction __quireLazyTrie(Trie, data) {\n  let trie;\n  return { get: (c) => (trie ??= new Trie(data())).get(c) };\n}\n';
  return {
    name: 'quire-lazy-unicode-tries',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/](fontkit|unicode-properties|linebreak)[\\/]dist[\\/]module\.mjs$/ }, (args) => {
        const pkg = /(fontkit|unicode-properties|linebreak)[\\/]dist[\\/]module\.mjs$/.exec(args.path)[1];
        let n = 0;
        const text = readFileSync(args.path, 'utf8')
          // new (0, $…$unicodetrie)(<base64 decoder>("…"))
          .replace(/new \(0, (\$\w+\$unicodetrie)\)\(((?:\(0, [\w$]+\))?[\w$.]*\("[A-Za-z0-9+/=]+"\))\)/g, (_, trie, data) => {
            n++;
            return `__quireLazyTrie(${trie}, () => ${data})`;
          })
          // linebreak: const $…$data = <decoder>("…"); const $…$classTrie = new $…$unicodetrie($…$data);
          .replace(/const ([\w$]+\$data) = ([\w$.]+\("[A-Za-z0-9+/=]+"\));\nconst ([\w$]+) = new (\$\w+\$unicodetrie)\(\1\);/, (_, d, data, name, trie) => {
            n++;
            return `const ${name} = __quireLazyTrie(${trie}, () => ${data});`;
          });
        return n === expected[pkg] ? { contents: text + lazy, loader: 'js' } : undefined;
      });
    },
  };
}

/**
 * Packages left out of the bundle, required from node_modules when used: native code
 * (better-sqlite3), the dashboard's own bundler (esbuild), what only some settings load (the
 * S3 client with S3_BUCKET, pg's optional native binding).
 */
const EXTERNAL = ['better-sqlite3', 'esbuild', 'pg-native', '@aws-sdk/*', '@smithy/*'];

/**
 * The entry points: the `quire` command and the render worker thread. Each becomes one CommonJS
 * file with every package it uses but EXTERNAL (`<name>.bundle.cjs`) and a loader beside it
 * (`<name>.cjs`) that runs it through bin/run-bundle.cjs, with a V8 code cache: a worker thread
 * then loads in ~0.15 s of CPU instead of ~0.5 s of resolving, reading and compiling ES modules.
 */
const ENTRIES = { cli: 'src/cli.ts', 'render-worker': 'src/server/render-worker-bundled.ts' };

/**
 * Builds the bundle into `outdir` (written through a temporary folder and renamed, so a half-built
 * bundle is never used; an existing `outdir` is kept unless `replace`).
 * Every bundle file is a CommonJS module wrapper, `(function (exports, require, module, __filename,
 * __dirname) { … })`, whose body starts with banner(): `__quireBundleUrl` (its own URL:
 * src/server/bundled.ts), `__quireRoot` (the package root, relative to `outdir`) and `__quirePackageFileUrl`.
 */
export async function buildBundle(outdir, root = ROOT, replace = false) {
  const { build } = await import('esbuild');
  const tmp = `${outdir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const rootRel = `${path.relative(outdir, root).split(path.sep).join('/') || '.'}/`;
  try {
    await build({
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [`${name}.bundle`, path.join(root, src)])),
      bundle: true, format: 'cjs', platform: 'node', target: 'node20', outdir: tmp, outExtension: { '.js': '.cjs' },
      external: EXTERNAL, logLevel: 'silent',
      // import() of a package left out becomes require(): code compiled by vm.Script has no module loader for import()
      supported: { 'dynamic-import': false },
      // the file is one function expression, compiled as it is (bin/run-bundle.cjs): no wrapped copy of its text
      banner: { js: `(function (exports, require, module, __filename, __dirname) {\n${banner(rootRel)}` },
      footer: { js: '\n})' },
      plugins: [lazyUnicodeTries(), sourceUrls(root), lazyAes()],
    });
    for (const name of Object.keys(ENTRIES)) oneByteText(path.join(tmp, `${name}.bundle.cjs`));
    const runner = `${path.relative(outdir, path.join(root, 'bin/run-bundle.cjs')).split(path.sep).join('/')}`;
    for (const name of Object.keys(ENTRIES)) {
      writeFileSync(path.join(tmp, `${name}.cjs`), `'use strict';\n// ${name}.bundle.cjs with its V8 code cache (bin/run-bundle.cjs)\n` +
        `require(require('node:path').join(__dirname, ${JSON.stringify(runner)})).runBundle(require('node:path').join(__dirname, '${name}.bundle.cjs'));\n`);
    }
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
 * Replaces what is not ASCII in a bundle file by `?`. esbuild writes strings, regular expressions and
 * names with ASCII escapes, so only comments (kept from the sources: an em dash, “quotes”) have any;
 * one such character makes V8 hold the whole text, which it keeps to compile functions lazily, in two
 * bytes per character: 14 MB instead of 7 for the cli bundle, in every process and thread.
 */
function oneByteText(file) {
  const text = readFileSync(file, 'utf8');
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, '?'));
}

/**
 * The bundle for the sources as they are now: .quire-cache/<sourceKey>/, built on first use
 * (by whichever process gets there first). Returns the path of its cli.cjs.
 */
export async function cachedBundle(root = ROOT) {
  const cache = path.join(root, '.quire-cache');
  const dir = path.join(cache, sourceKey(root));
  const entry = path.join(dir, 'cli.cjs');
  if (!existsSync(entry)) {
    await buildBundle(dir, root);
    pruneCache(cache, dir);
  }
  return entry;
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
