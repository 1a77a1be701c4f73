/**
 * Styles of boxes the box builder makes up. In: a parent's computed style and a display value.
 * Out: the anonymous box style of CSS 2.1 §9.2.1.1 / §17.2.1 (inherited properties from the
 * parent, the rest initial), and restyled copies for blockification (css-display-3 §2.7).
 */
import type { ComputedStyle, Display } from '../css/computed.ts';
import { initialStyle } from '../css/initial.ts';

/**
 * The inherited properties of ComputedStyle ("Inherited: yes" in each spec's property table; the
 * same set as the cascade's property table). Text decorations are not inherited (they propagate,
 * CSS 2.1 §16.3.1: paint's job).
 */
export const INHERITED_PROPERTIES: ReadonlyArray<keyof ComputedStyle> = Object.freeze([
  'visibility', 'color', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'fontVariantCaps',
  'fontVariantNumeric', 'fontVariantLigatures', 'fontVariantPosition', 'fontKerning', 'fontFeatureSettings', 'fontVariationSettings', 'textShadow',
  'lineHeight', 'textAlign', 'textAlignLast', 'textIndent', 'letterSpacing', 'wordSpacing',
  'textTransform', 'whiteSpace', 'overflowWrap', 'wordBreak', 'hyphens', 'direction', 'tabSize',
  'listStyleType', 'listStylePosition', 'listStyleImage', 'quotes', 'orphans', 'widows',
  'borderCollapse', 'borderSpacingH', 'borderSpacingV', 'emptyCells', 'captionSide', 'rubyPosition', 'rubyAlign',
  'customProperties', 'blockEllipsis',
] as Array<keyof ComputedStyle>);

/** One frozen initial style: the non-inherited half of every anonymous style. */
const INITIAL: Readonly<ComputedStyle> = Object.freeze(initialStyle());

/** parent style → display → anonymous style. Weak keys: bounded by the live styles. */
const anonymousCache = new WeakMap<ComputedStyle, Map<Display, ComputedStyle>>();

/**
 * The style of an anonymous box whose parent has `parent` as its style (CSS 2.1 §9.2.1.1:
 * "properties of anonymous boxes are inherited from the enclosing non-anonymous box";
 * non-inherited properties take their initial value), with `display` set. Cached per
 * (parent, display): the same object is returned for the same inputs, so callers must not mutate
 * it (boxes are immutable inputs to layout).
 */
export function anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle {
  let byDisplay = anonymousCache.get(parent);
  if (!byDisplay) {
    byDisplay = new Map();
    anonymousCache.set(parent, byDisplay);
  }
  let style = byDisplay.get(display);
  if (!style) {
    const s = { ...INITIAL } as ComputedStyle;
    const target = s as unknown as Record<string, unknown>;
    const source = parent as unknown as Record<string, unknown>;
    for (const key of INHERITED_PROPERTIES) target[key] = source[key];
    // Initial text-decoration-color is currentcolor: the (inherited) color.
    s.textDecorationColor = s.color;
    s.display = display;
    style = s;
    byDisplay.set(display, style);
  }
  return style;
}

/** element style → 'display|float' → restyled copy (blockified, or float dropped for flex items). */
const restyleCache = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

/**
 * A copy of `style` with `display` (and optionally `float`) replaced, cached per input style.
 * Used where the box builder changes a computed value as the specs say: blockification of
 * floats, absolutely positioned boxes, the root and flex/grid items (CSS 2.1 §9.7,
 * css-display-3 §2.7), and `float: none` on flex/grid items (css-flexbox-1 §4).
 * Returns `style` itself when nothing changes.
 */
export function restyle(style: ComputedStyle, display: Display, float = style.float): ComputedStyle {
  if (style.display === display && style.float === float) return style;
  const key = display + '|' + float;
  let byKey = restyleCache.get(style);
  if (!byKey) {
    byKey = new Map();
    restyleCache.set(style, byKey);
  }
  let out = byKey.get(key);
  if (!out) {
    out = { ...style, display, float };
    byKey.set(key, out);
  }
  return out;
}

/** A copy of `style` with `white-space: pre` (the UA style of ::marker, css-lists-3 §3.2), cached. */
const preCache = new WeakMap<ComputedStyle, ComputedStyle>();
export function withWhiteSpacePre(style: ComputedStyle): ComputedStyle {
  if (style.whiteSpace === 'pre') return style;
  let out = preCache.get(style);
  if (!out) {
    out = { ...style, whiteSpace: 'pre' };
    preCache.set(style, out);
  }
  return out;
}

/**
 * Blockification (css-display-3 §2.7; CSS 2.1 §9.7 table): inline-level and layout-internal
 * display values become their block-level equivalents; block-level values are unchanged.
 */
export function blockify(display: Display): Display {
  switch (display) {
    case 'inline': case 'inline-block': case 'ruby': case 'ruby-text':
    case 'table-row-group': case 'table-header-group': case 'table-footer-group':
    case 'table-row': case 'table-cell': case 'table-column': case 'table-column-group':
    case 'table-caption':
      return 'block';
    case 'inline-table': return 'table';
    case 'inline-flex': return 'flex';
    case 'inline-grid': return 'grid';
    default: return display;
  }
}
