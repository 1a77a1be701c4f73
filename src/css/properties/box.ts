/**
 * Box generation, positioning and box-model properties (CSS 2.1 §8–§11, css-display-3,
 * css-backgrounds-3 §4–§5 borders). In: component values. Out: `Longhand` rows writing display,
 * position, offsets, sizes, margins, paddings, borders, radii, overflow, visibility, opacity.
 */
import { CC_BORDER_TOP, type AspectRatio, type BgPosition, type BorderStyle, type Color, type ComputedStyle, type CornerRadius, type Display, type IntrinsicSizeKeyword } from '../computed.ts';
import { CURRENT_COLOR as CURRENT_COLOR_, parseColorValue, resolveCurrent } from '../values/color.ts';
import { computeLength as computeLength_, computePx as computePx_, Lin, parseInteger, parseLength, parseNumber, type MathExpr } from '../values/length.ts';
import type { CV } from '../values/tokens.ts';
import { keywordRow, lengthRow, Note, type Env, type LenVal, type Longhand } from './types.ts';
import { POSITION_ROW } from './gcpm.ts';
import { computePosition, parsePosition, type PosVal } from './background.ts';

// hot path: read import bindings once (see index.ts)
const CURRENT_COLOR = CURRENT_COLOR_, computeLength = computeLength_, computePx = computePx_;

const DISPLAY_SINGLE: Record<string, Display> = {
  block: 'block', inline: 'inline', 'inline-block': 'inline-block', 'list-item': 'list-item', none: 'none',
  contents: 'contents', table: 'table', 'inline-table': 'inline-table', 'table-row-group': 'table-row-group',
  'table-header-group': 'table-header-group', 'table-footer-group': 'table-footer-group', 'table-row': 'table-row',
  'table-cell': 'table-cell', 'table-column': 'table-column', 'table-column-group': 'table-column-group',
  'table-caption': 'table-caption', flex: 'flex', 'inline-flex': 'inline-flex', grid: 'grid', 'inline-grid': 'inline-grid',
  '-webkit-flex': 'flex', '-webkit-inline-flex': 'inline-flex', '-webkit-box': 'flex',
  '-webkit-inline-box': 'inline-flex', '-moz-box': 'flex', '-ms-flexbox': 'flex', '-ms-inline-flexbox': 'inline-flex',
  ruby: 'ruby', 'ruby-text': 'ruby-text',
};
const WEBKIT_BOX = new Map<string, { legacy: Display }>([['-webkit-box', Object.freeze({ legacy: 'flex' })], ['-webkit-inline-box', Object.freeze({ legacy: 'inline-flex' })]]);
const DISPLAY_APPROX: Record<string, Display> = {
  'run-in': 'block', 'ruby-base': 'inline', 'ruby-base-container': 'inline',
  'ruby-text-container': 'inline', math: 'inline', 'inline-list-item': 'inline',
};

/** display: flow-root and block flow-root: a block that establishes a block formatting context (css-display-3 §2.3). */
const FLOW_ROOT = Object.freeze({ flowRoot: 'block' as const });

/** display (css-display-3 §2): one keyword, or the two/three-value syntax mapped to a legacy keyword. */
function parseDisplay(v: readonly CV[]): Display | Note<Display> | typeof FLOW_ROOT | null {
  const ids = v.map((n) => (n.t === 'ident' ? n.lc : ''));
  if (ids.some((s) => s === '')) return null;
  if (ids.length === 1 && ids[0] === 'flow-root') return FLOW_ROOT;
  if (ids.length === 1) {
    const d = DISPLAY_SINGLE[ids[0]];
    if (d) return d;
    const a = DISPLAY_APPROX[ids[0]];
    return a ? new Note(a, `display: ${ids[0]} is laid out as ${a}`) : null;
  }
  if (ids.length > 3 || new Set(ids).size !== ids.length) return null;
  let outer = '', inner = '', list = false;
  for (const id of ids) {
    if (id === 'block' || id === 'inline' || id === 'run-in') { if (outer) return null; outer = id; }
    else if (id === 'flow' || id === 'flow-root' || id === 'table' || id === 'flex' || id === 'grid' || id === 'ruby') { if (inner) return null; inner = id; }
    else if (id === 'list-item') list = true;
    else return null;
  }
  if (list) {
    if (inner && inner !== 'flow' && inner !== 'flow-root') return null;
    if (outer === 'inline') return new Note('inline', 'display: inline list-item is laid out as inline');
    return 'list-item';
  }
  if (!outer) outer = 'block';
  if (!inner) inner = 'flow';
  const inl = outer === 'inline';
  switch (inner) {
    case 'flow': return inl ? 'inline' : 'block';
    case 'flow-root': return inl ? 'inline-block' : FLOW_ROOT;
    case 'table': return inl ? 'inline-table' : 'table';
    case 'flex': return inl ? 'inline-flex' : 'flex';
    case 'grid': return inl ? 'inline-grid' : 'grid';
    case 'ruby': return inl ? 'ruby' : new Note('inline', `display: ${ids.join(' ')} is laid out as inline`);
    default: return new Note('inline', `display: ${ids.join(' ')} is laid out as inline`);
  }
}

/** Border width keywords (css-backgrounds-3 §4.3). */
export const BORDER_WIDTH_KEYWORDS: Record<string, number> = { thin: 1, medium: 3, thick: 5 };
export const BORDER_STYLES: readonly BorderStyle[] = ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'];
const BORDER_STYLE_SET = new Set<string>(BORDER_STYLES);

/** <line-width>: a keyword width in px, or a non-negative length. */
export function parseLineWidth(n: CV | undefined, quirks: boolean): number | MathExpr | null {
  if (n === undefined) return null;
  if (n.t === 'ident') return BORDER_WIDTH_KEYWORDS[n.lc] ?? null;
  const l = parseLength(n, { nonNegative: true, quirky: quirks });
  return l;
}
export const parseBorderStyle = (n: CV | undefined): BorderStyle | null =>
  n !== undefined && n.t === 'ident' && BORDER_STYLE_SET.has(n.lc) ? (n.lc as BorderStyle) : null;

/**
 * Chromium's used border width at 96 dpi: widths of 1px and more are floored to whole px,
 * widths between 0 and 1 become 1px (so hairlines stay visible).
 */
export function snapBorderWidth(w: number): number {
  if (!(w > 0)) return 0;
  return w < 1 ? 1 : Math.floor(w);
}

export const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const SIDE_FIELDS = ['borderTop', 'borderRight', 'borderBottom', 'borderLeft'] as const;

function borderWidthRow(i: number): Longhand<number | MathExpr> {
  return {
    name: `border-${SIDES[i]}-width`, inherited: false, quirky: true, fields: [SIDE_FIELDS[i]],
    parse: (v, q) => (v.length === 1 ? parseLineWidth(v[0], q) : null),
    apply: (env, v) => { env.borderScratch().w[i] = snapBorderWidth(typeof v === 'number' ? v * env.s.zoom : computePx(v, env)); },
    copy: (env, from) => { env.borderScratch().w[i] = from[SIDE_FIELDS[i]].width; },
  };
}
function borderStyleRow(i: number): Longhand<BorderStyle> {
  return {
    name: `border-${SIDES[i]}-style`, inherited: false, fields: [SIDE_FIELDS[i]],
    parse: (v) => (v.length === 1 ? parseBorderStyle(v[0]) : null),
    apply: (env, v) => { env.borderScratch().st[i] = v; },
    copy: (env, from) => { env.borderScratch().st[i] = from[SIDE_FIELDS[i]].style; },
  };
}

function borderColorRow(i: number): Longhand<Color> {
  return {
    name: `border-${SIDES[i]}-color`, inherited: false, quirky: true, fields: [SIDE_FIELDS[i]],
    parse: parseColorValue,
    apply: (env, v) => { env.borderScratch().c[i] = v; },
    // inherit passes the keyword currentcolor, not the parent's colour (css-color-4 §6.4)
    copy: (env, from) => { env.borderScratch().c[i] = (from.currentColorMask ?? 0) & (CC_BORDER_TOP << i) ? CURRENT_COLOR : from[SIDE_FIELDS[i]].color; },
  };
}

interface RadiusVal { h: MathExpr; v: MathExpr; abs: CornerRadius | null }
/** Parses one corner's radii (1 or 2 non-negative <length-percentage>). */
export function parseRadius(h: CV | undefined, v: CV | undefined): RadiusVal | null {
  const a = parseLength(h, { pct: true, nonNegative: true });
  const b = v === undefined ? a : parseLength(v, { pct: true, nonNegative: true });
  if (a === null || b === null) return null;
  const abs = a instanceof Lin && b instanceof Lin && a.abs && b.abs ? Object.freeze({ h: a.abs, v: b.abs }) as CornerRadius : null;
  return { h: a, v: b, abs };
}
const CORNERS = [
  ['top-left', 'borderTopLeftRadius'], ['top-right', 'borderTopRightRadius'],
  ['bottom-right', 'borderBottomRightRadius'], ['bottom-left', 'borderBottomLeftRadius'],
] as const;
function radiusRow(i: number): Longhand<RadiusVal> {
  const field = CORNERS[i][1];
  return {
    name: `border-${CORNERS[i][0]}-radius`, inherited: false, fields: [field],
    parse: (v) => (v.length >= 1 && v.length <= 2 ? parseRadius(v[0], v[1]) : null),
    apply: (env, v) => {
      env.s[field] = (env.s.zoom === 1 ? v.abs : null) ?? { h: computeLength(v.h, env, true), v: computeLength(v.v, env, true) };
    },
  };
}
export const RADIUS_LONGHANDS = CORNERS.map((c) => `border-${c[0]}-radius`);

const OVERFLOW = { visible: 'visible', hidden: 'hidden', clip: 'clip', scroll: 'scroll', auto: 'auto', overlay: 'auto' } as const;
/** appearance's keywords (css-ui-4 §5.2): none, auto, and the <compat-auto> / <compat-special> ones, which behave as auto. */
const APPEARANCE: Record<string, 'auto' | 'none'> = Object.fromEntries([
  ['none', 'none'],
  ...['auto', 'searchfield', 'textarea', 'checkbox', 'radio', 'menulist', 'listbox', 'meter', 'progress-bar', 'button', 'push-button',
    'textfield', 'menulist-button'].map((k) => [k, 'auto']),
]);

const INTRINSIC: Record<string, IntrinsicSizeKeyword> = {
  'min-content': 'min-content', 'max-content': 'max-content', 'fit-content': 'fit-content',
  '-webkit-min-content': 'min-content', '-webkit-max-content': 'max-content', '-webkit-fit-content': 'fit-content',
};

/**
 * width, min-width, max-width, min-height, max-height (CSS 2.1 §10.2, §10.4, §10.7, css-sizing-3 §3.1, §3.2): a length or
 * percentage, `fallback` (auto or none), or an intrinsic size keyword (min-content, max-content, fit-content, Blink's
 * -webkit- forms of each), which sets the field to `fallback` and `kwField` to the keyword: block-level layout
 * (layout/block-level.ts blockWidths, boxMetrics), the min/max clamp (layout/box-model.ts clampWidth) and intrinsic
 * contributions (layout/intrinsic.ts) read it. The fit-content(<length-percentage>) function is not supported (dropped
 * with a warning, as any invalid value).
 */
function keywordSizeRow(name: string, field: 'width' | 'minWidth' | 'maxWidth' | 'minHeight' | 'maxHeight', kwField: SizeKeywordField, fallback: 'auto' | 'none'): Longhand<unknown> {
  const row = lengthRow(name, field, false, { pct: true, nonNegative: true, quirky: true, keywords: [fallback, ...Object.keys(INTRINSIC)] });
  const apply = row.apply;
  return {
    ...row,
    fields: [field, kwField],
    apply: (env, v: LenVal) => {
      const kw = typeof v === 'string' ? INTRINSIC[v] : undefined;
      env.s[kwField] = kw ?? null;
      apply(env, kw ? fallback : v);
    },
  };
}
type SizeKeywordField = 'widthKeyword' | 'minWidthKeyword' | 'maxWidthKeyword' | 'minHeightKeyword' | 'maxHeightKeyword';

/**
 * height (CSS 2.1 §10.5): min-content, max-content and fit-content (and their -webkit- forms) in the block axis are the
 * box's automatic size (css-sizing-3 §3.1: the block size its content gives), so they compute to 'auto'.
 */
function heightRow(): Longhand<unknown> {
  const row = lengthRow('height', 'height', false, { pct: true, nonNegative: true, quirky: true, keywords: ['auto', ...Object.keys(INTRINSIC)] });
  const apply = row.apply;
  return { ...row, apply: (env, v: LenVal) => apply(env, typeof v === 'string' ? 'auto' : v) };
}

export const BOX_ROWS: Longhand<any>[] = [
  {
    // -webkit-box / -webkit-inline-box are flex / inline-flex, remembered for the legacy line clamp (line-clamp.ts).
    name: 'display', inherited: false, fields: ['display', 'webkitBox', 'flowRoot'],
    parse: (v) => (v.length === 1 && v[0].t === 'ident' && WEBKIT_BOX.get(v[0].lc)) || parseDisplay(v),
    apply: (env, v: Display | { legacy: Display } | typeof FLOW_ROOT) => {
      env.s.flowRoot = false;
      if (typeof v === 'string') { env.s.display = v; env.s.webkitBox = false; }
      else if ('flowRoot' in v) { env.s.display = v.flowRoot; env.s.webkitBox = false; env.s.flowRoot = true; }
      else { env.s.display = v.legacy; env.s.webkitBox = true; }
    },
  },
  POSITION_ROW, // static | relative | absolute | fixed | sticky | running(name) (css-gcpm-3)
  keywordRow('float', 'float', false, { none: 'none', left: 'left', right: 'right', 'inline-start': 'left', 'inline-end': 'right' }),
  keywordRow('clear', 'clear', false, { none: 'none', left: 'left', right: 'right', both: 'both', 'inline-start': 'left', 'inline-end': 'right' }),
  ...SIDES.map((s) => lengthRow(s, s, false, { pct: true, quirky: true, keywords: ['auto'] })),
  {
    name: 'z-index', inherited: false, fields: ['zIndex'],
    parse: (v) => {
      if (v.length !== 1) return null;
      if (v[0].t === 'ident') return v[0].lc === 'auto' ? 'auto' : null;
      const n = parseInteger(v[0]);
      return Number.isNaN(n) ? null : n;
    },
    apply: (env, v: number | 'auto') => { env.s.zIndex = v; },
  },
  keywordSizeRow('width', 'width', 'widthKeyword', 'auto'),
  keywordSizeRow('min-width', 'minWidth', 'minWidthKeyword', 'auto'),
  keywordSizeRow('max-width', 'maxWidth', 'maxWidthKeyword', 'none'),
  heightRow(),
  keywordSizeRow('min-height', 'minHeight', 'minHeightKeyword', 'auto'),
  keywordSizeRow('max-height', 'maxHeight', 'maxHeightKeyword', 'none'),
  ...SIDES.map((s) => lengthRow(`margin-${s}`, `margin${s[0].toUpperCase()}${s.slice(1)}` as keyof ComputedStyle, false, { pct: true, quirky: true, keywords: ['auto'] })),
  ...SIDES.map((s) => lengthRow(`padding-${s}`, `padding${s[0].toUpperCase()}${s.slice(1)}` as keyof ComputedStyle, false, { pct: true, quirky: true, nonNegative: true })),
  ...[0, 1, 2, 3].map(borderWidthRow),
  ...[0, 1, 2, 3].map(borderStyleRow),
  ...[0, 1, 2, 3].map(borderColorRow),
  ...[0, 1, 2, 3].map(radiusRow),
  keywordRow('box-sizing', 'boxSizing', false, ['content-box', 'border-box']),
  keywordRow('appearance', 'appearance', false, APPEARANCE),
  keywordRow('overflow-x', 'overflowX', false, OVERFLOW),
  keywordRow('overflow-y', 'overflowY', false, OVERFLOW),
  keywordRow('visibility', 'visibility', true, ['visible', 'hidden', 'collapse']),
  {
    name: 'opacity', inherited: false, fields: ['opacity'],
    parse: (v) => {
      if (v.length !== 1) return null;
      const n = v[0].t === 'pct' ? v[0].v / 100 : parseNumber(v[0]);
      return Number.isNaN(n) ? null : Math.min(1, Math.max(0, n));
    },
    apply: (env, v: number) => { env.s.opacity = v; },
  },
  keywordRow('object-fit', 'objectFit', false, ['fill', 'contain', 'cover', 'none', 'scale-down']),
  {
    // object-position (css-images-3 §5.6): a <position> (css-values-4 §8.3: 1, 2 or 4 values; the 3-value form is
    // background-position's only), computed as background-position (lengths in px, percentages kept).
    name: 'object-position', inherited: false, fields: ['objectPosition'],
    parse: (v) => (v.length === 3 ? null : parsePosition(v, false)),
    apply: (env, v: PosVal) => { env.s.objectPosition = computePosition(v, env) as BgPosition; },
  },
  { name: 'aspect-ratio', inherited: false, fields: ['aspectRatio'], parse: parseAspectRatio, apply: (env, v: AspectRatio) => { env.s.aspectRatio = v; } },
];

/**
 * aspect-ratio (css-sizing-4 §5.1): `auto || <ratio>`, a ratio being `<number [0,∞]> [ / <number [0,∞]>]?`. A degenerate
 * ratio (0 or infinite: `0`, `2 / 0`) behaves as auto (§5.1: "if the ratio is degenerate, the property instead behaves as auto").
 */
function parseAspectRatio(v: readonly CV[]): AspectRatio | null {
  let auto = false, ratio: number | null = null, i = 0;
  while (i < v.length) {
    const n = v[i];
    if (n.t === 'ident' && n.lc === 'auto' && !auto) { auto = true; i++; continue; }
    if (ratio !== null) return null;
    const a = parseNumber(n);
    if (Number.isNaN(a) || a < 0) return null;
    let b = 1;
    if (v[i + 1]?.t === 'slash') {
      b = v[i + 2] ? parseNumber(v[i + 2]) : NaN;
      if (Number.isNaN(b) || b < 0) return null;
      i += 3;
    } else i++;
    ratio = b === 0 ? Infinity : a / b;
  }
  if (ratio === null) return auto ? 'auto' : null;
  return ratio > 0 && Number.isFinite(ratio) ? { auto, ratio } : 'auto';
}

const sameColor = (a: Color, b: Color): boolean => a === b || (a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a);

/** Resolves the border scratch and currentcolor into the four BorderSide objects (§8.5.1). */
export function finishBorders(env: Env, noBorder: ComputedStyle['borderTop']): void {
  const s = env.s;
  const b = env.border;
  if (b === null) {
    // border sides change only through the scratch: all four still hold the initial value
    s.borderTop = s.borderRight = s.borderBottom = s.borderLeft = noBorder;
    return;
  }
  for (let i = 0; i < 4; i++) {
    const st = b.st[i];
    const c = resolveCurrent(b.c[i], s.color);
    // A side with style none still has its computed colour: `border-color: inherit` on a child
    // (Bootstrap's reboot on tr/td) takes it from a table that draws no border of its own.
    const side = st === 'none'
      ? (sameColor(c, noBorder.color) ? noBorder : { width: 0, style: st, color: c })
      : { width: st === 'hidden' ? 0 : b.w[i], style: st, color: c };
    if (i === 0) s.borderTop = side; else if (i === 1) s.borderRight = side; else if (i === 2) s.borderBottom = side; else s.borderLeft = side;
  }
}
