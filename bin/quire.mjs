#!/usr/bin/env node
// Launcher for the `quire` command. In: the command line. Out: whatever src/cli.ts prints; its exit status.
// An installed package runs its prebuilt bundle (dist/, made by `npm pack`'s prepack). In a checkout,
// every command runs an esbuild bundle of the sources cached under .quire-cache/<source hash>/
// (bin/bundle.mjs; made on first use, ~2 s): one CommonJS file with its packages, run with a V8 code
// cache (bin/run-bundle.cjs), whose render workers load no TypeScript either. With QUIRE_NO_BUNDLE=1, or
// if bundling fails, src/cli.ts runs through tsx.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sources = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let entry = null;
if (!existsSync(sources)) {
  entry = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));
} else if (!process.env.QUIRE_NO_BUNDLE) {
  try {
    const { cachedBundle } = await import('./bundle.mjs');
    entry = await cachedBundle();
  } catch (e) {
    process.stderr.write(`quire: running from the TypeScript sources (bundling failed: ${e instanceof Error ? e.message.split('\n')[0] : e})\n`);
  }
}
if (entry === null) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli.ts', import.meta.url).href);
} else {
  require(entry);
}
