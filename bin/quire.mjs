#!/usr/bin/env node
// Launcher for the `quire` command. In: the command line. Out: whatever src/cli.ts prints; its exit status.
// An installed package runs its prebuilt bundle (dist/, made by `npm pack`'s prepack). In a checkout,
// every command runs an esbuild bundle of the sources cached under .quire-cache/<source hash>/
// (bin/bundle.mjs; made on first use, ~1 s), which starts in ~0.2 s instead of seconds of per-module
// TypeScript loading, and whose render workers load no TypeScript either. With QUIRE_NO_BUNDLE=1, or
// if bundling fails, src/cli.ts runs through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const sources = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let url = null;
if (!existsSync(sources)) {
  url = pathToFileURL(fileURLToPath(new URL('../dist/cli.mjs', import.meta.url))).href;
} else if (!process.env.QUIRE_NO_BUNDLE) {
  try {
    const { cachedBundle } = await import('./bundle.mjs');
    url = await cachedBundle();
  } catch (e) {
    process.stderr.write(`quire: running from the TypeScript sources (bundling failed: ${e instanceof Error ? e.message.split('\n')[0] : e})\n`);
  }
}
if (url === null) {
  const { register } = await import('tsx/esm/api');
  register();
  url = new URL('../src/cli.ts', import.meta.url).href;
}
await import(url);
