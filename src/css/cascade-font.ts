/**
 * Font-size quirks of the cascade. In: computed styles of an element and its parent.
 * Out: whether the generic-monospace quirk applies and the adjusted font size (px).
 *
 * Chromium (FontBuilder::CheckForGenericFamilyChange): when an element's font-family is exactly
 * the generic `monospace` and its parent's is not (or the reverse), a font size that is not an
 * absolute length is rescaled by the ratio of the default fixed font size (13px) to the default
 * font size (16px). So `<pre>` and `<code>` render at 13px by default, `font-family: monospace,
 * monospace` does not.
 */
import type { ComputedStyle } from './computed.ts';

/** Chromium's default font sizes: proportional and fixed (monospace), px. */
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_FIXED_FONT_SIZE = 13;

/** True when the family list is exactly the generic `monospace`. */
export function isMonospaceOnly(style: ComputedStyle): boolean {
  const f = style.fontFamily;
  return f.length === 1 && f[0] === 'monospace';
}

/** The rescaled size (px) when switching into (`toMonospace`) or out of generic monospace. */
export function monospaceQuirkSize(size: number, toMonospace: boolean): number {
  const r = DEFAULT_FIXED_FONT_SIZE / DEFAULT_FONT_SIZE;
  const v = toMonospace ? size * r : size / r;
  return Math.round(v * 1000) / 1000;
}
