// Test helpers for the text stage. In: an optional document folder for @font-face files.
// Out: a fresh font context with its WarningSink, FontSpec builders and a tolerance assertion.
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import { createFontContext } from '../../src/text/index.ts';
import type { FontContext, FontSpec } from '../../src/text/types.ts';

/** The repository's bundled fonts folder as a document base (a document folder with TTF files in it). */
export const FONTS_BASE = new URL('../../fonts/', import.meta.url);
export const FIXTURE_FONTS = new URL('../fixtures/fonts/', import.meta.url);

/** A font context over `base` (a folder path or file: URL), with its warning sink. */
export function context(base?: string | URL): { ctx: FontContext; warnings: WarningSink } {
  const warnings = new WarningSink();
  const loader = new ResourceLoader(base === undefined ? undefined : base instanceof URL ? base.href : base);
  return { ctx: createFontContext({ loader, warnings }), warnings };
}

/** A FontSpec: 16px, weight 400, normal style unless overridden. */
export function spec(family: string | string[], extra: Partial<FontSpec> = {}): FontSpec {
  return { fontFamily: Array.isArray(family) ? family : [family], fontSize: 16, fontWeight: 400, fontStyle: 'normal', ...extra };
}

/** Asserts |a - b| ≤ tol. */
export function near(actual: number, expected: number, tol: number, what = ''): void {
  if (!(Math.abs(actual - expected) <= tol)) throw new Error(`${what} expected ${expected} ± ${tol}, got ${actual}`);
}
