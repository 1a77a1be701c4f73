/**
 * Computed values: the contract between the cascade (src/css) and every later stage
 * (box tree, layout, paint). In: nothing. Out: the `ComputedStyle` shape and its value types (initial values: initial.ts).
 *
 * CSS 2.1 §6.1.2 / css-cascade-4 §4.4: a computed value is absolute where it can be without layout.
 * Units: every length here is in CSS px (1px = 0.75pt, 96px = 1in). Percentages stay percentages
 * until layout resolves them against the containing block (`LengthPct`). Colours are resolved
 * sRGB with `currentcolor` already replaced by the element's `color`.
 */

/** sRGB colour; r, g, b in 0–255, a in 0–1. */
export interface Color { r: number; g: number; b: number; a: number }

/**
 * A <length-percentage>, possibly from calc(): used value = px + pct/100 × basis.
 * `{ px: 10, pct: 0 }` is 10px; `{ px: -20, pct: 100 }` is calc(100% - 20px).
 */
export interface LengthPct {
  px: number; pct: number;
  /**
   * A quirky margin from the UA sheet (Chromium's `__qem` em: the block-start margins of p, pre, headings, blockquote and
   * lists, the block-end ones of p and pre): in quirks mode it is ignored at the start and end of body and table cells
   * (HTML §15.3.3 margin collapsing quirks, as Blink's NGMarginStrut does). Absent for every author value; not
   * enumerable (a quirky 16px margin deep-equals a plain one).
   */
  readonly quirk?: true;
  /**
   * A flex-basis that is a percentage whose value is zero (`flex: 1` gives 0%): still a percentage, so against an
   * indefinite flex container main size it is treated as `content` (css-flexbox-1 §7.2.3), unlike 0px. Not enumerable.
   */
  readonly zeroPct?: true;
}
/** aspect-ratio's computed value: 'auto' or the ratio (width ÷ height, finite and > 0), with `auto` when `auto && <ratio>`. */
export type AspectRatio = 'auto' | { auto: boolean; ratio: number };

export type LengthPctAuto = LengthPct | 'auto';
/** The intrinsic size keywords of css-sizing-3 §3.1 (`-webkit-fit-content` computes to fit-content). */
export type IntrinsicSizeKeyword = 'min-content' | 'max-content' | 'fit-content';

export type Display =
  | 'block' | 'inline' | 'inline-block' | 'list-item' | 'none' | 'contents'
  | 'table' | 'inline-table' | 'table-row-group' | 'table-header-group' | 'table-footer-group'
  | 'table-row' | 'table-cell' | 'table-column' | 'table-column-group' | 'table-caption'
  | 'flex' | 'inline-flex' | 'grid' | 'inline-grid'
  | 'ruby' | 'ruby-text';

export type BorderStyle =
  | 'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double'
  | 'groove' | 'ridge' | 'inset' | 'outset';

/** One side's border: `width` is the computed width in px (0 when style is none/hidden, §8.5.1). */
export interface BorderSide { width: number; style: BorderStyle; color: Color }

/** A corner radius: horizontal and vertical radii (elliptical corners, css-backgrounds-3 §5.1). */
export interface CornerRadius { h: LengthPct; v: LengthPct }

export type BackgroundRepeat = 'repeat' | 'repeat-x' | 'repeat-y' | 'no-repeat' | 'space' | 'round';
export type BoxEdge = 'border-box' | 'padding-box' | 'content-box';

/** A background-position axis: an offset from the start edge (`origin` 'start') or the end edge. */
export interface BgPosition { x: LengthPct; y: LengthPct }

/** A 2D transform function, computed: translations in px with percentages of the border box kept, angles in degrees. */
export type TransformFn =
  | { f: 'translate'; x: LengthPct; y: LengthPct }
  | { f: 'scale'; x: number; y: number }
  | { f: 'rotate'; deg: number }
  | { f: 'skew'; x: number; y: number }
  | { f: 'matrix'; m: [number, number, number, number, number, number] };
/**
 * A computed <basic-shape> (css-shapes-1 §3): lengths in px with percentages of the reference box kept; a radius or
 * a position component left as a keyword resolves against the reference box at paint time.
 */
export type BasicShape =
  | { f: 'circle'; r: LengthPct | 'closest-side' | 'farthest-side'; at: BgPosition }
  | { f: 'ellipse'; rx: LengthPct | 'closest-side' | 'farthest-side'; ry: LengthPct | 'closest-side' | 'farthest-side'; at: BgPosition }
  | { f: 'inset'; t: LengthPct; r: LengthPct; b: LengthPct; l: LengthPct; radii: readonly CornerRadius[] | null }
  | { f: 'polygon'; evenodd: boolean; points: ReadonlyArray<readonly [LengthPct, LengthPct]> }
  | { f: 'path'; evenodd: boolean; d: string };
/** clip-path (css-masking-1 §3.1): null = none; a shape in a reference box, a reference box alone, or a url(#id). */
export type ClipPath = { shape: BasicShape | null; box: 'border-box' | 'padding-box' | 'content-box' | 'margin-box' } | { url: string };
/** One <filter-function> (Filter Effects 1 §13), computed: amounts as numbers (1 = 100%), hue-rotate in degrees, blur px. */
export type FilterFn =
  | { f: 'grayscale' | 'sepia' | 'saturate' | 'hue-rotate' | 'invert' | 'brightness' | 'contrast' | 'opacity'; v: number }
  | { f: 'blur'; px: number }
  | { f: 'drop-shadow'; x: number; y: number; blur: number; color: Color };
/** <blend-mode> (Compositing 1 §5.3.1): the separable and non-separable modes, named as PDF names them after the capital. */
export type BlendMode = 'normal' | 'multiply' | 'screen' | 'overlay' | 'darken' | 'lighten' | 'color-dodge' | 'color-burn'
  | 'hard-light' | 'soft-light' | 'difference' | 'exclusion' | 'hue' | 'saturation' | 'color' | 'luminosity';
export type BgSize = 'cover' | 'contain' | { w: LengthPctAuto; h: LengthPctAuto };

/**
 * A gradient colour stop (css-images-3 §3.5): `color` null makes it a transition hint; `pos` null
 * is an auto position (fixed up at paint time). Positions are px + pct of the gradient line
 * (linear), of the gradient ray (radial), or of a full turn (conic).
 */
export interface GradientStop { color: Color | null; pos: LengthPct | null }
/**
 * A computed gradient image (css-images-3 §3, css-images-4 §3.3). Linear `angle`: degrees
 * clockwise from "to top", or a corner ({x, y}: -1 left/top, 1 right/bottom) whose angle depends
 * on the box. Radial `size`: an extent keyword or explicit radii (px + pct of the box).
 */
export type Gradient =
  | { kind: 'linear'; repeating: boolean; stops: readonly GradientStop[]; angle: number | { x: -1 | 0 | 1; y: -1 | 0 | 1 } }
  | {
      kind: 'radial'; repeating: boolean; stops: readonly GradientStop[]; shape: 'circle' | 'ellipse'; position: BgPosition;
      size: 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner' | { rx: LengthPct; ry: LengthPct };
    }
  | { kind: 'conic'; repeating: boolean; stops: readonly GradientStop[]; from: number; position: BgPosition };

/** An <image> value of a background layer: a URL as written (unresolved), none, or a gradient. */
export type BgImage = { kind: 'url'; url: string } | { kind: 'none' } | { kind: 'gradient'; gradient: Gradient };

/** One background layer (css-backgrounds-3 §3). */
export interface BackgroundLayer {
  image: BgImage;
  repeat: { x: 'repeat' | 'no-repeat' | 'space' | 'round'; y: 'repeat' | 'no-repeat' | 'space' | 'round' };
  position: BgPosition;
  size: BgSize;
  origin: BoxEdge;
  /** The painting area; 'text': the glyphs of the box's text (css-backgrounds-4 §2.1.1, Chromium's -webkit-background-clip: text). */
  clip: BoxEdge | 'text';
  /** background-attachment when `fixed` (absent: scroll; local paints as scroll in print). */
  attachment?: 'fixed';
}

export type VerticalAlign =
  | 'baseline' | 'sub' | 'super' | 'text-top' | 'text-bottom' | 'middle' | 'top' | 'bottom'
  | LengthPct; // % of the element's own line-height

export type LineHeight = 'normal' | { number: number } | { px: number };

/**
 * One `box-shadow` layer (css-backgrounds-3 §7.1); lengths in px. `currentColor` is true when the
 * colour was `currentcolor` (or omitted): `color` then holds the element's own `color`.
 */
export interface BoxShadow { x: number; y: number; blur: number; spread: number; color: Color; inset: boolean; currentColor?: boolean }

/** SVG paint properties of one element as declared by page CSS: colours as Color (CURRENT_COLOR for currentcolor), the rest as CSS text. */
export type SvgPaint = Readonly<Partial<Record<'fill' | 'stroke' | 'stroke-width' | 'fill-opacity' | 'stroke-opacity', string | Color>>>;

/** `clip: rect()` (CSS 2.1 §11.1.2): offsets in px from the border box's top-left corner; 'auto' = that border edge. */
export interface ClipRect { top: number | 'auto'; right: number | 'auto'; bottom: number | 'auto'; left: number | 'auto' }

/**
 * One side of border-image-slice / -width / -outset (css-backgrounds-3 §6): a plain number (slice: image
 * px; width and outset: multiples of the border width), a length-percentage, or auto (width only).
 */
export type BorderImageSide = { kind: 'number'; value: number } | { kind: 'length'; value: LengthPct } | { kind: 'auto' };
export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';

/** Bits of `ComputedStyle.currentColorMask`: colour properties whose computed value is the keyword `currentcolor`. */
export const CC_BACKGROUND = 1, CC_BORDER_TOP = 2, CC_BORDER_RIGHT = 4, CC_BORDER_BOTTOM = 8, CC_BORDER_LEFT = 16,
  CC_TEXT_DECORATION = 32, CC_OUTLINE = 64;

/** `content` on ::before/::after/::marker and margin boxes (CSS 2.1 §12.2, css-content-3). */
export type ContentItem =
  | { kind: 'string'; value: string }
  | { kind: 'attr'; name: string }
  | { kind: 'counter'; name: string; style: string }
  | { kind: 'counters'; name: string; separator: string; style: string }
  | { kind: 'open-quote' } | { kind: 'close-quote' }
  | { kind: 'no-open-quote' } | { kind: 'no-close-quote' }
  | { kind: 'url'; url: string }
  /** css-gcpm-3 §2.2 `element(name, which)`: a running element, in page-margin boxes only. */
  | { kind: 'element'; name: string; which: RunningWhich }
  /** css-gcpm-3 §1.2 `string(name, which)`: a named string set by `string-set`. */
  | { kind: 'named-string'; name: string; which: RunningWhich };
/** Which assignment of a running element or named string a page uses (css-gcpm-3 §1.2, §2.2). */
export type RunningWhich = 'first' | 'start' | 'last' | 'first-except';
/** One `string-set` entry (css-gcpm-3 §1.1): the string's name and its content list. */
export interface StringSet { name: string; content: StringSetItem[] }
/** A `string-set` content item: a `content` item, or `content(text|before|after|first-letter)` of the element. */
export type StringSetItem = ContentItem | { kind: 'content'; part: 'text' | 'before' | 'after' | 'first-letter' };
export type Content = 'normal' | 'none' | ContentItem[];

export interface CounterOp { name: string; value: number }

export type BreakValue = 'auto' | 'avoid' | 'page' | 'left' | 'right' | 'recto' | 'verso' | 'column' | 'avoid-page';

/** A grid track size (css-grid-1 §7.2); `repeat()` is expanded at compute time where the count is fixed. */
export type TrackSize =
  | { kind: 'length'; value: LengthPct }
  | { kind: 'fr'; value: number }
  | { kind: 'auto' } | { kind: 'min-content' } | { kind: 'max-content' }
  | { kind: 'minmax'; min: TrackSize; max: TrackSize; fitContent?: LengthPct };
/**
 * An auto-repeated range of an explicit track list (css-grid-1 §7.2.3.2 repeat(auto-fill|auto-fit, …)): the template holds
 * the repeated tracks once, from index `at`, `count` tracks; layout decides the number of repetitions.
 */
export interface GridAutoRepeat { at: number; count: number; fit: boolean }
/** A grid line placement (css-grid-1 §8.3). */
export type GridLine = { kind: 'auto' } | { kind: 'line'; line: number; /** `<integer> <custom-ident>`: the Nth line of that name. */ name?: string } | { kind: 'span'; span: number } | { kind: 'area'; name: string };

export interface ComputedStyle {
  // ---- box generation and positioning (CSS 2.1 §9)
  display: Display;
  position: 'static' | 'relative' | 'absolute' | 'fixed' | 'sticky';
  float: 'none' | 'left' | 'right';
  clear: 'none' | 'left' | 'right' | 'both';
  top: LengthPctAuto; right: LengthPctAuto; bottom: LengthPctAuto; left: LengthPctAuto;
  zIndex: number | 'auto';
  // ---- box model (CSS 2.1 §8, §10)
  width: LengthPctAuto; height: LengthPctAuto;
  /** width's intrinsic size keyword (css-sizing-3 §3.1), when it has one: `width` is then 'auto' and block layout sizes the box by its content. */
  widthKeyword?: IntrinsicSizeKeyword | null;
  /** min-width's and max-width's intrinsic size keywords (css-sizing-3 §3.2): `minWidth` is then 'auto', `maxWidth` 'none'. */
  minWidthKeyword?: IntrinsicSizeKeyword | null; maxWidthKeyword?: IntrinsicSizeKeyword | null;
  /**
   * min-height's and max-height's intrinsic size keywords (css-sizing-3 §3.2): the box's content height, which a block
   * with a specified height then grows to (min-height) or shrinks to (max-height); `minHeight` is 'auto', `maxHeight` 'none'.
   */
  minHeightKeyword?: IntrinsicSizeKeyword | null; maxHeightKeyword?: IntrinsicSizeKeyword | null;
  minWidth: LengthPctAuto; minHeight: LengthPctAuto;
  maxWidth: LengthPct | 'none'; maxHeight: LengthPct | 'none';
  marginTop: LengthPctAuto; marginRight: LengthPctAuto; marginBottom: LengthPctAuto; marginLeft: LengthPctAuto;
  paddingTop: LengthPct; paddingRight: LengthPct; paddingBottom: LengthPct; paddingLeft: LengthPct;
  borderTop: BorderSide; borderRight: BorderSide; borderBottom: BorderSide; borderLeft: BorderSide;
  borderTopLeftRadius: CornerRadius; borderTopRightRadius: CornerRadius;
  borderBottomRightRadius: CornerRadius; borderBottomLeftRadius: CornerRadius;
  boxSizing: 'content-box' | 'border-box';
  /**
   * appearance (css-ui-4 §5.2): 'auto' draws a form control in the platform's native look and sizes it as the
   * platform does (every <compat-auto> and <compat-special> keyword computes as auto here); 'none' makes it a
   * plain box styled by the page (Bootstrap's .form-select, .form-check-input).
   */
  appearance: 'auto' | 'none';
  overflowX: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  overflowY: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  visibility: 'visible' | 'hidden' | 'collapse';
  opacity: number;
  // ---- transforms (css-transforms-1, css-transforms-2 individual properties); [] / null = none
  transform: TransformFn[];
  transformOrigin: BgPosition;
  translate: { x: LengthPct; y: LengthPct } | null;
  rotate: number | null;           // degrees
  scale: { x: number; y: number } | null;
  // ---- effects (css-masking-1 §3 clip-path, Filter Effects 1 filter, Compositing 1 mix-blend-mode/background-blend-mode, CSS zoom)
  clipPath: ClipPath | null;
  filter: readonly FilterFn[];
  mixBlendMode: BlendMode;
  /** One per background layer, in the property's order (repeated to the layer count when painted). */
  backgroundBlendMode: readonly BlendMode[];
  /** The effective zoom (CSS Zoom): the product of `zoom` on the element and its ancestors; computed lengths are already multiplied by it. */
  zoom: number;
  // ---- backgrounds (css-backgrounds-3); layers[0] is painted on top, as in the property's order
  backgroundColor: Color;
  backgroundLayers: BackgroundLayer[];
  // ---- text and fonts (CSS 2.1 §15, §16; css-text-3; css-fonts-4)
  color: Color;
  fontFamily: string[];            // as written, lower-cased generic names: 'serif', 'sans-serif', 'monospace'
  fontSize: number;                // px
  fontWeight: number;              // 1–1000
  fontStyle: 'normal' | 'italic' | 'oblique';
  fontVariantCaps: 'normal' | 'small-caps' | 'all-small-caps' | 'petite-caps' | 'all-petite-caps' | 'unicase' | 'titling-caps';
  /**
   * font-variant-numeric, font-variant-ligatures, font-kerning and font-feature-settings (css-fonts-4 §6.4, §6.3, §6.2,
   * §7.1), each computed as the OpenType feature settings it stands for: '' for normal/auto, else `tag` (on) or
   * `tag=N` entries joined by ',' ('tnum,zero'; 'liga=0,clig=0'; 'kern=0'; 'ss01=1,liga=0').
   */
  fontVariantNumeric: string;
  fontVariantLigatures: string;
  /** font-variant-position (css-fonts-4 §6.5): '' (normal), 'subs' or 'sups'. */
  fontVariantPosition: string;
  fontKerning: string;
  fontFeatureSettings: string;
  /** -webkit-locale: the content language (BCP 47) from the `lang` attribute; '' for auto or an unknown language. Inherited. */
  locale: string;
  /** font-variation-settings (css-fonts-4 §7.2): '' for normal, else `axis=value` entries joined by ',' ('wght=700,wdth=80'). */
  fontVariationSettings: string;
  /** text-rendering (SVG 2 Painting, rendering hints), inherited: the keyword as CSS spells it. */
  textRendering: 'auto' | 'optimizeSpeed' | 'optimizeLegibility' | 'geometricPrecision';
  /** text-shadow (css-text-decor-3 §4): the first shadow on top; blur px; currentColor marks currentcolor (resolved with `color` when painted). */
  textShadow: readonly BoxShadow[];
  /** fill, stroke, stroke-width, fill-opacity, stroke-opacity declared on this element (SVG 2 §13; src/css/properties/svg-paint.ts); null: none. */
  svgPaint: SvgPaint | null;
  lineHeight: LineHeight;
  textAlign: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  textAlignLast: 'auto' | 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  textIndent: LengthPct;
  letterSpacing: number;           // px ('normal' computes to 0)
  wordSpacing: number;             // px ('normal' computes to 0)
  textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  textDecorationLine: { underline: boolean; overline: boolean; lineThrough: boolean };
  textDecorationColor: Color;      // currentcolor resolved
  textDecorationStyle: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  whiteSpace: 'normal' | 'nowrap' | 'pre' | 'pre-wrap' | 'pre-line' | 'break-spaces';
  verticalAlign: VerticalAlign;
  overflowWrap: 'normal' | 'break-word' | 'anywhere';
  wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word';
  hyphens: 'none' | 'manual' | 'auto';
  direction: 'ltr' | 'rtl';
  /** css-writing-modes-3 §2.2: the bidi embedding an element opens (not inherited). */
  unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
  tabSize: number;                 // in spaces
  // ---- lists and generated content (CSS 2.1 §12)
  listStyleType: string;           // 'disc' | 'circle' | 'square' | 'decimal' | … | 'none', or a quoted string's value prefixed with '"'
  listStylePosition: 'inside' | 'outside';
  listStyleImage: { kind: 'url'; url: string } | { kind: 'none' };
  content: Content;
  quotes: 'auto' | 'none' | string[];   // pairs: [open1, close1, open2, close2, …]
  counterReset: CounterOp[];
  counterIncrement: CounterOp[];
  counterSet: CounterOp[];
  // ---- fragmentation (css-break-3) and paged media (css-page-3)
  breakBefore: BreakValue;
  breakAfter: BreakValue;
  breakInside: 'auto' | 'avoid' | 'avoid-page' | 'avoid-column';
  orphans: number;
  widows: number;
  page: string | 'auto';
  // ---- tables (CSS 2.1 §17)
  borderCollapse: 'separate' | 'collapse';
  borderSpacingH: number;          // px
  borderSpacingV: number;          // px
  emptyCells: 'show' | 'hide';
  captionSide: 'top' | 'bottom';
  tableLayout: 'auto' | 'fixed';
  // ---- ruby (css-ruby-1 §3)
  rubyPosition: 'over' | 'under';
  rubyAlign: 'space-around' | 'center' | 'start' | 'space-between';
  // ---- flexbox (css-flexbox-1)
  flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse';
  flexGrow: number;
  flexShrink: number;
  flexBasis: LengthPctAuto | 'content';
  order: number;
  justifyContent: 'normal' | 'flex-start' | 'flex-end' | 'start' | 'end' | 'left' | 'right' | 'center' | 'space-between' | 'space-around' | 'space-evenly' | 'stretch';
  alignItems: 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'start' | 'end' | 'self-start' | 'self-end' | 'center' | 'baseline' | 'last baseline';
  alignSelf: 'auto' | 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'start' | 'end' | 'self-start' | 'self-end' | 'center' | 'baseline' | 'last baseline';
  alignContent: 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'start' | 'end' | 'center' | 'space-between' | 'space-around' | 'space-evenly';
  rowGap: LengthPct | 'normal';
  columnGap: LengthPct | 'normal';
  // ---- multi-column layout (css-multicol-1); optional for older literals (absent = initial)
  /** column-count: 'auto' or an integer >= 1. */
  columnCount?: number | 'auto';
  /** column-width: 'auto' or px (>= 0). */
  columnWidth?: number | 'auto';
  /** column-rule-width in px (snapped like border widths); no rule is painted when the style is none/hidden. */
  columnRuleWidth?: number;
  columnRuleStyle?: BorderStyle;
  /** column-rule-color; null is `currentcolor` (the element's `color`). */
  columnRuleColor?: Color | null;
  columnFill?: 'auto' | 'balance' | 'balance-all';
  columnSpan?: 'none' | 'all';
  // ---- grid (css-grid-1)
  gridTemplateColumns: TrackSize[] | 'none';
  gridTemplateRows: TrackSize[] | 'none';
  gridTemplateAreas: string[][] | 'none';
  gridAutoColumns: TrackSize[];
  gridAutoRows: TrackSize[];
  gridAutoFlow: 'row' | 'column' | 'row dense' | 'column dense';
  gridColumnStart: GridLine; gridColumnEnd: GridLine;
  gridRowStart: GridLine; gridRowEnd: GridLine;
  /** repeat(auto-fill|auto-fit) in grid-template-columns/rows (null: none); optional for older literals. */
  gridColumnsRepeat?: GridAutoRepeat | null;
  gridRowsRepeat?: GridAutoRepeat | null;
  /** Names of the explicit grid lines (index = 0-based line, an auto-repeat counted once); null: no names. */
  gridColumnLineNames?: string[][] | null;
  gridRowLineNames?: string[][] | null;
  /** justify-items / justify-self (css-align-3 §6.1, §6.2); optional for older literals (absent = initial: legacy / auto). */
  justifyItems?: 'legacy' | 'normal' | 'stretch' | 'start' | 'end' | 'self-start' | 'self-end' | 'flex-start' | 'flex-end' | 'center' | 'left' | 'right' | 'baseline' | 'last baseline';
  justifySelf?: 'auto' | 'normal' | 'stretch' | 'start' | 'end' | 'self-start' | 'self-end' | 'flex-start' | 'flex-end' | 'center' | 'left' | 'right' | 'baseline' | 'last baseline';
  // ---- misc
  objectFit: 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';
  /** object-position (css-images-3 §5.6): where object-fit places the image in the content box, as a background-position; null = 50% 50%. */
  objectPosition?: BgPosition | null;
  /** aspect-ratio (css-sizing-4 §5.1): 'auto', or a width ÷ height ratio (`auto`: a replaced element's natural ratio wins when it has one); optional for older literals. */
  aspectRatio?: AspectRatio;
  // ---- box decorations (css-backgrounds-3 §7, css-ui-4 §3, css-text-decor-4, CSS 2.1 §11.1.2); optional for older literals
  /** box-shadow layers, first on top; [] for none. */
  boxShadow?: readonly BoxShadow[];
  /** outline-style ('auto' paints as solid); outlineWidth is 0 when the style is none. */
  outlineStyle?: BorderStyle | 'auto';
  outlineWidth?: number;           // px
  outlineColor?: Color;            // currentcolor (and invert) resolved
  outlineOffset?: number;          // px
  /** text-decoration-thickness: a keyword, or px + pct (pct of 1em of the decorating box). */
  textDecorationThickness?: 'auto' | 'from-font' | LengthPct;
  /** text-underline-offset: 'auto', or px + pct (pct of 1em), from the alphabetic baseline downwards. */
  textUnderlineOffset?: 'auto' | LengthPct;
  /** clip (absolutely positioned boxes only); null for auto. */
  clip?: ClipRect | null;
  /** border-image-* (css-backgrounds-3 §6); sides [top, right, bottom, left]. Source none: the border styles are drawn. */
  borderImageSource?: { kind: 'url'; url: string } | { kind: 'none' } | { kind: 'gradient'; gradient: Gradient };
  borderImageSlice?: { sides: readonly BorderImageSide[]; fill: boolean };
  borderImageWidth?: readonly BorderImageSide[];
  borderImageOutset?: readonly BorderImageSide[];
  borderImageRepeat?: readonly [BorderImageRepeat, BorderImageRepeat];
  /**
   * mask-border-* (css-masking-1 §7): the same nine-slice geometry as border-image, drawn as a mask of the
   * element (its alpha, or its luminance); source none: no mask.
   */
  maskBorderSource?: { kind: 'url'; url: string } | { kind: 'none' } | { kind: 'gradient'; gradient: Gradient };
  maskBorderSlice?: { sides: readonly BorderImageSide[]; fill: boolean };
  maskBorderWidth?: readonly BorderImageSide[];
  maskBorderOutset?: readonly BorderImageSide[];
  maskBorderRepeat?: readonly [BorderImageRepeat, BorderImageRepeat];
  maskBorderMode?: 'alpha' | 'luminance';
  /**
   * CC_* bits: which colour properties computed to the keyword `currentcolor` (css-color-4 §6.4).
   * Their fields hold the element's own `color`; `inherit` passes the keyword, not the colour.
   */
  currentColorMask?: number;
  /** `position: running(name)` (css-gcpm-3 §2.1): the running element's name (position computes to static); null otherwise. */
  runningName?: string | null;
  /** `string-set` (css-gcpm-3 §1.1); [] for none. */
  stringSet?: readonly StringSet[];
  /** container-type (css-conditional-5 §3.4): a query container for @container rules when not 'normal'; absent = normal. */
  containerType?: 'normal' | 'size' | 'inline-size';
  /** container-name (css-conditional-5 §3.5): its names ([] for none); absent = none. */
  containerName?: readonly string[];
  // ---- line truncation (css-overflow-3 §3, css-overflow-4 §4); optional for older literals (absent = initial)
  /** text-overflow (end side): 'clip', 'ellipsis' (U+2026), or a string shown in its place. */
  textOverflow?: 'clip' | 'ellipsis' | { text: string };
  /** block-ellipsis (inherited): 'none', 'auto' (U+2026), or a string. */
  blockEllipsis?: 'none' | 'auto' | { text: string };
  /** max-lines: 'none' or an integer >= 1. */
  maxLines?: 'none' | number;
  /** continue: 'auto' or 'discard' (content after a fragmentation break is not rendered). */
  continue?: 'auto' | 'discard';
  /** -webkit-line-clamp: 'none' or an integer >= 1; applies only with display: -webkit-box and -webkit-box-orient: vertical. */
  webkitLineClamp?: 'none' | number;
  /** -webkit-box-orient. */
  webkitBoxOrient?: 'horizontal' | 'vertical';
  /** display was -webkit-box / -webkit-inline-box (computed as flex / inline-flex unless line-clamped). */
  webkitBox?: boolean;
  /** display: flow-root (or block flow-root): a block container that establishes a block formatting context (css-display-3 §2.3); display is 'block'. Optional for older literals. */
  flowRoot?: boolean;
  /** Custom properties (css-variables-1), inherited; values are the token text, var() already substituted. */
  customProperties: ReadonlyMap<string, string>;
}

export const BLACK: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 1 }) as Color;
export const TRANSPARENT: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 0 }) as Color;
export const ZERO: LengthPct = Object.freeze({ px: 0, pct: 0 }) as LengthPct;
export const px = (v: number): LengthPct => ({ px: v, pct: 0 });
export const pct = (v: number): LengthPct => ({ px: 0, pct: v });

/**
 * The used value of a <length-percentage> against a basis (px), in Blink's LayoutUnits as Chromium 156 lays boxes out:
 * the length is evaluated in 32-bit floats (a percentage as basis × pct / 100) and truncated towards zero to a multiple
 * of 1/64 px (Blink's ValueForLength / MinimumValueForLength, length_functions.cc, through the LayoutUnit(float)
 * constructor, layout_unit.h): width: 10.3px is 10.296875 px, 33.333% of 600 px is 199.984375, margin-top: -3.3px is
 * -3.296875. A percentage against an indefinite basis (`null`) resolves its percentage part to 0 (callers that need
 * `auto` behaviour check `pct !== 0` themselves). Paint geometry Blink keeps in floats (corner radii) uses floatLength.
 */
export function resolveLength(v: LengthPct, basis: number | null): number {
  return Math.trunc(Math.fround(floatLength(v, basis)) * 64) / 64;
}

/**
 * The value of a <length-percentage> against a basis (px) in 32-bit floats, not snapped to LayoutUnits (Blink's
 * FloatValueForLength: corner radii). A percentage against `null` resolves its percentage part to 0.
 */
export function floatLength(v: LengthPct, basis: number | null): number {
  if (v.pct === 0 || basis === null) return v.px;
  const p = Math.fround(Math.fround(Math.fround(basis) * Math.fround(v.pct)) / 100);
  return v.px === 0 ? p : Math.fround(v.px + p);
}

/**
 * Whether a style transforms its box (transform, translate, rotate or scale other than none): such a
 * box is a stacking context and the containing block of its absolute and fixed descendants
 * (css-transforms-1 §3, css-transforms-2 §5).
 */
export function hasTransform(s: ComputedStyle): boolean {
  return s.transform.length > 0 || s.translate !== null || s.rotate !== null || s.scale !== null;
}
