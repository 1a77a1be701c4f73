// The engine as `quire serve` runs it, for `npm run bench -- --bundled`. In: the sources (src/index.ts and the fill).
// Out: the module of an esbuild bundle of them (no keepNames: tsx wraps every nested function in a __name() call).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** What the benchmark calls of the engine. */
export interface BenchEngine {
  compileTemplate: typeof import('../src/index.ts').compileTemplate;
  renderPdf: typeof import('../src/index.ts').renderPdf;
  warmUp: typeof import('../src/index.ts').warmUp;
  fillTemplate: typeof import('../src/template/fill.ts').fillTemplate;
}

/**
 * Bundles the engine as bin/bundle.mjs does (esbuild, node20, packages inside, no name keeping) but as one ES module
 * loaded in place: each file's `import.meta.url` is its own file URL, so fonts and data files resolve as from the
 * sources. The bundle is written to a temporary folder, imported, and the folder removed. Throws esbuild's error.
 */
export async function bundledEngine(root: string): Promise<BenchEngine> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  try {
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(entry, `export { compileTemplate, renderPdf, warmUp } from ${JSON.stringify(path.join(root, 'src/index.ts'))};\n` +
      `export { fillTemplate } from ${JSON.stringify(path.join(root, 'src/template/fill.ts'))};\n`);
    const out = path.join(dir, 'engine.mjs');
    await build({
      entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: out, logLevel: 'silent',
      nodePaths: [path.join(root, 'node_modules')],
      // packages written as CommonJS call require(): give the ES module one
      banner: { js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);" },
      plugins: [{
        name: 'own-file-urls',
        setup(b) {
          b.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
          });
        },
      }],
    });
    return (await import(pathToFileURL(out).href)) as BenchEngine;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
