// Whether this code runs from the esbuild bundle (bin/bundle.mjs) rather than the TypeScript sources, and
// its V8 code cache (bin/run-bundle.cjs). In: the bundle's banner constant. Out: the worker entry; a cache save.

/** Set by the banner of every file of the bundle to that file's own URL (bin/bundle.mjs). */
declare const __quireBundleUrl: string | undefined;

/** The URL of the bundle's render-worker.cjs (the loader of render-worker-bundled.ts), or undefined when run from the sources. */
export function bundledRenderWorker(): URL | undefined {
  return typeof __quireBundleUrl === 'string' ? new URL('./render-worker.cjs', __quireBundleUrl) : undefined;
}

/**
 * Writes the V8 code cache of the bundle this thread runs (bin/run-bundle.cjs: the bytecode of the
 * functions compiled so far, so call it once the common paths have run) when it had none or V8
 * refused it; the next thread or process then skips compiling them. Nothing from the sources.
 */
export function saveCodeCache(): void {
  (globalThis as { __quireCodeCache?: { save(): void } }).__quireCodeCache?.save();
}
