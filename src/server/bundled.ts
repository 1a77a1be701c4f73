// Whether this code runs from the esbuild bundle (bin/bundle.mjs) rather than the TypeScript sources.
// In: the bundle's banner constant. Out: the bundle's render worker entry, or undefined from the sources.

/** Set by the banner of every file of the bundle to that file's own URL (bin/bundle.mjs). */
declare const __quireBundleUrl: string | undefined;

/** The URL of the bundle's render-worker.mjs (built from render-worker-bundled.ts), or undefined when run from the sources. */
export function bundledRenderWorker(): URL | undefined {
  return typeof __quireBundleUrl === 'string' ? new URL('./render-worker.mjs', __quireBundleUrl) : undefined;
}
