/**
 * Font-size quirks of the cascade. In: computed styles of an element and its parent, its declarations.
 * Out: whether the generic-monospace quirk applies, the adjusted font size (px), whether the size is absolute.
 *
 * Chromium (FontBuilder::CheckForGenericFamilyChange): when an element's font-family is exactly
 * the generic `monospace` and its parent's is not (or the reverse), a font size that is not an
 * absolute length is rescaled by the ratio of the default fixed font size (13px) to the default
 * font size (16px). So `<pre>` and `<code>` render at 13px by default, `font-family: monospace,
 * monospace` does not.
 */
import type { ComputedStyle } from './computed.ts';
import type { Declaration } from './declaration.ts';

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

const ABSOLUTE_UNITS = /^-?[\d.]+(?:e[+-]?\d+)?(px|pt|pc|in|cm|mm|q|vw|vh|vmin|vmax)$/i;

/**
 * Whether the winning font-size is an absolute length (Chromium's FontDescription::IsAbsoluteSize):
 * keywords are not; em, %, larger/smaller and inherit keep the parent's flag.
 */
export function fontSizeIsAbsolute(decls: readonly Declaration[], parentAbs: boolean): boolean {
  for (let i = decls.length - 1; i >= 0; i--) {
    const d = decls[i]!;
    if (d.name !== 'font-size' && d.name !== 'font') continue;
    let v = d.value.trim().toLowerCase();
    if (d.name === 'font') {
      const m = /(?:^|\s)((?:xx?-|xxx-)?(?:small|large)|medium|smaller|larger|-?[\d.]+[a-z%]*)(?:\s*\/\s*\S+)?\s+(?:["'a-z]|$)/.exec(v);
      if (!m) { if (/^(inherit|unset)$/.test(v)) return parentAbs; return false; }
      v = m[1]!;
    }
    if (v === 'inherit' || v === 'unset' || v === 'revert' || v === 'smaller' || v === 'larger') return parentAbs;
    if (ABSOLUTE_UNITS.test(v)) return true;
    if (/^-?[\d.]+(em|rem|ex|ch|%)$/.test(v)) return parentAbs; // font-relative units keep the parent's flag
    if (v.startsWith('calc(') || v.startsWith('var(') || v.startsWith('clamp(') || v.startsWith('min(') || v.startsWith('max(')) return /em|%|ex|ch/.test(v) ? parentAbs : true;
    return false;
  }
  return parentAbs;
}
