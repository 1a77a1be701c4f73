// In: nothing. Out: the initial value of every property (each spec's "Initial:" line) as a fresh ComputedStyle (css-cascade-4 §7.1:
// the value a property takes on the root element, or on any element when not inherited, when the cascade gives none).
import {
  BLACK, CC_BORDER_BOTTOM, CC_BORDER_LEFT, CC_BORDER_RIGHT, CC_BORDER_TOP, CC_OUTLINE, CC_TEXT_DECORATION, TRANSPARENT, ZERO,
  type BorderImageSide, type BorderSide, type BoxShadow, type ComputedStyle, type CornerRadius,
} from './computed.ts';

const noBorder = (): BorderSide => ({ width: 0, style: 'none', color: BLACK });
const BI_100: BorderImageSide = { kind: 'length', value: { px: 0, pct: 100 } };
const BI_1: BorderImageSide = { kind: 'number', value: 1 };
const BI_0: BorderImageSide = { kind: 'number', value: 0 };
const BI_AUTO: BorderImageSide = { kind: 'auto' };
const noRadius = (): CornerRadius => ({ h: ZERO, v: ZERO });

/**
 * The initial value of every property (each spec's "Initial:" line). Returns a fresh object
 * the caller may mutate. `width` of a border is 0 here because its style is `none`.
 */
export function initialStyle(): ComputedStyle {
  return {
    display: 'inline', position: 'static', float: 'none', clear: 'none',
    top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', zIndex: 'auto',
    width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
    marginTop: ZERO, marginRight: ZERO, marginBottom: ZERO, marginLeft: ZERO,
    paddingTop: ZERO, paddingRight: ZERO, paddingBottom: ZERO, paddingLeft: ZERO,
    borderTop: noBorder(), borderRight: noBorder(), borderBottom: noBorder(), borderLeft: noBorder(),
    borderTopLeftRadius: noRadius(), borderTopRightRadius: noRadius(),
    borderBottomRightRadius: noRadius(), borderBottomLeftRadius: noRadius(),
    boxSizing: 'content-box', appearance: 'auto', overflowX: 'visible', overflowY: 'visible', visibility: 'visible', opacity: 1,
    transform: [], transformOrigin: { x: { px: 0, pct: 50 }, y: { px: 0, pct: 50 } }, translate: null, rotate: null, scale: null, objectPosition: null,
    clipPath: null, filter: [], mixBlendMode: 'normal', backgroundBlendMode: ['normal'], zoom: 1,
    backgroundColor: TRANSPARENT, backgroundLayers: [],
    color: BLACK, fontFamily: ['serif'], fontSize: 16, fontWeight: 400, fontStyle: 'normal',
    fontVariantCaps: 'normal', fontVariantNumeric: '', fontVariantLigatures: '', fontVariantPosition: '', fontKerning: '', fontFeatureSettings: '', locale: '',
    fontVariationSettings: '', textRendering: 'auto', textShadow: Object.freeze([]) as readonly BoxShadow[], svgPaint: null, lineHeight: 'normal', textAlign: 'start', textAlignLast: 'auto',
    textIndent: ZERO, letterSpacing: 0, wordSpacing: 0, textTransform: 'none',
    textDecorationLine: { underline: false, overline: false, lineThrough: false },
    textDecorationColor: BLACK, textDecorationStyle: 'solid', whiteSpace: 'normal',
    verticalAlign: 'baseline', overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual',
    direction: 'ltr', unicodeBidi: 'normal', tabSize: 8,
    listStyleType: 'disc', listStylePosition: 'outside', listStyleImage: { kind: 'none' },
    content: 'normal', quotes: 'auto', counterReset: [], counterIncrement: [], counterSet: [],
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', orphans: 2, widows: 2, page: 'auto',
    borderCollapse: 'separate', borderSpacingH: 0, borderSpacingV: 0, emptyCells: 'show',
    captionSide: 'top', tableLayout: 'auto', rubyPosition: 'over', rubyAlign: 'space-around',
    flexDirection: 'row', flexWrap: 'nowrap', flexGrow: 0, flexShrink: 1, flexBasis: 'auto', order: 0,
    justifyContent: 'normal', alignItems: 'normal', alignSelf: 'auto', alignContent: 'normal',
    rowGap: 'normal', columnGap: 'normal',
    columnCount: 'auto', columnWidth: 'auto', columnRuleWidth: 3, columnRuleStyle: 'none', columnRuleColor: null, columnFill: 'balance', columnSpan: 'none',
    gridTemplateColumns: 'none', gridTemplateRows: 'none', gridTemplateAreas: 'none',
    gridAutoColumns: [{ kind: 'auto' }], gridAutoRows: [{ kind: 'auto' }], gridAutoFlow: 'row',
    gridColumnStart: { kind: 'auto' }, gridColumnEnd: { kind: 'auto' },
    gridRowStart: { kind: 'auto' }, gridRowEnd: { kind: 'auto' },
    gridColumnsRepeat: null, gridRowsRepeat: null, gridColumnLineNames: null, gridRowLineNames: null, justifyItems: 'legacy', justifySelf: 'auto',
    objectFit: 'fill', aspectRatio: 'auto', widthKeyword: null, minWidthKeyword: null, maxWidthKeyword: null, minHeightKeyword: null, maxHeightKeyword: null,
    boxShadow: [], outlineStyle: 'none', outlineWidth: 0, outlineColor: BLACK, outlineOffset: 0,
    textDecorationThickness: 'auto', textUnderlineOffset: 'auto', clip: null,
    borderImageSource: { kind: 'none' }, borderImageSlice: { sides: [BI_100, BI_100, BI_100, BI_100], fill: false },
    borderImageWidth: [BI_1, BI_1, BI_1, BI_1], borderImageOutset: [BI_0, BI_0, BI_0, BI_0], borderImageRepeat: ['stretch', 'stretch'], runningName: null, stringSet: [],
    maskBorderSource: { kind: 'none' }, maskBorderSlice: { sides: [BI_0, BI_0, BI_0, BI_0], fill: false },
    maskBorderWidth: [BI_AUTO, BI_AUTO, BI_AUTO, BI_AUTO], maskBorderOutset: [BI_0, BI_0, BI_0, BI_0], maskBorderRepeat: ['stretch', 'stretch'], maskBorderMode: 'alpha',
    containerType: 'normal', containerName: [], textOverflow: 'clip', blockEllipsis: 'none', maxLines: 'none', continue: 'auto', webkitLineClamp: 'none', webkitBoxOrient: 'horizontal', webkitBox: false, flowRoot: false,
    currentColorMask: CC_BORDER_TOP | CC_BORDER_RIGHT | CC_BORDER_BOTTOM | CC_BORDER_LEFT | CC_TEXT_DECORATION | CC_OUTLINE,
    customProperties: new Map(),
  };
}
