#!/usr/bin/env node
// Launcher for the `quire` command. In: the command line. Out: whatever src/cli.ts prints; its exit status.
// `render` (run once per document by the fidelity and conformance runners) goes through an esbuild
// bundle of src/cli.ts cached under .quire-cache/<hash of src>/, which starts in ~0.2 s instead of
// ~1.3 s of per-module TypeScript loading; every other command (and any bundling failure) runs
// src/cli.ts through tsx. There is still no build step: the bundle is made on first use.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Hash of every source file's path, size and mtime: a changed file gives a new bundle. */
function sourceKey() {
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
  h.update(statSync(path.join(root, 'package-lock.json')).mtimeMs.toString());
  return h.digest('hex').slice(0, 16);
}

/**
 * The bundle's folder sits two levels below the repository root, like src/<stage>/, so that
 * `new URL('../../fonts/', import.meta.url)` in the engine still finds the bundled fonts.
 */
async function bundledCli() {
  const dir = path.join(root, '.quire-cache', sourceKey());
  const entry = path.join(dir, 'cli.mjs');
  if (!existsSync(entry)) {
    const { build } = await import('esbuild');
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    await build({
      entryPoints: { cli: path.join(root, 'src/cli.ts') },
      bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
      packages: 'external', outdir: tmp, outExtension: { '.js': '.mjs' }, logLevel: 'silent',
    });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process made it first
    }
  }
  return pathToFileURL(entry).href;
}

let url = null;
if (process.argv[2] === 'render' && !process.env.QUIRE_NO_BUNDLE) {
  try {
    url = await bundledCli();
  } catch {
    url = null;
  }
}
if (url === null) {
  const { register } = await import('tsx/esm/api');
  register();
  url = new URL('../src/cli.ts', import.meta.url).href;
}
await import(url);
