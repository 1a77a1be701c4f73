/**
 * Coverage of the property table: every ComputedStyle field is settable by its CSS property,
 * and random value text never throws. In: one declaration per field. Out: the field differs from initial.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import { initialStyle } from '../../src/css/initial.ts';
import { WarningSink } from '../../src/warnings.ts';

/** A declaration that moves each field away from its initial value. */
const SETTERS: Record<keyof ComputedStyle, string> = {
  display: 'display: block', position: 'position: relative', float: 'float: left', clear: 'clear: left',
  top: 'top: 1px', right: 'right: 1px', bottom: 'bottom: 1px', left: 'left: 1px', zIndex: 'z-index: 2',
  width: 'width: 1px', widthKeyword: 'width: fit-content', height: 'height: 1px', minWidth: 'min-width: 1px', minWidthKeyword: 'min-width: max-content', maxWidthKeyword: 'max-width: min-content', minHeightKeyword: 'min-height: max-content', maxHeightKeyword: 'max-height: min-content', minHeight: 'min-height: 1px',
  maxWidth: 'max-width: 1px', maxHeight: 'max-height: 1px',
  marginTop: 'margin-top: 1px', marginRight: 'margin-right: 1px', marginBottom: 'margin-bottom: 1px', marginLeft: 'margin-left: 1px',
  paddingTop: 'padding-top: 1px', paddingRight: 'padding-right: 1px', paddingBottom: 'padding-bottom: 1px', paddingLeft: 'padding-left: 1px',
  borderTop: 'border-top: 1px solid', borderRight: 'border-right: 1px solid', borderBottom: 'border-bottom: 1px solid', borderLeft: 'border-left: 1px solid',
  borderTopLeftRadius: 'border-top-left-radius: 1px', borderTopRightRadius: 'border-top-right-radius: 1px',
  borderBottomRightRadius: 'border-bottom-right-radius: 1px', borderBottomLeftRadius: 'border-bottom-left-radius: 1px',
  boxSizing: 'box-sizing: border-box', appearance: 'appearance: none', overflowX: 'overflow-x: hidden', overflowY: 'overflow-y: hidden',
  visibility: 'visibility: hidden', opacity: 'opacity: 0.5',
  transform: 'transform: rotate(45deg)', transformOrigin: 'transform-origin: left top', translate: 'translate: 1px', rotate: 'rotate: 1deg', scale: 'scale: 2',
  clipPath: 'clip-path: circle(10px)', filter: 'filter: grayscale(1)', mixBlendMode: 'mix-blend-mode: multiply', backgroundBlendMode: 'background-blend-mode: screen', zoom: 'zoom: 2',
  backgroundColor: 'background-color: red', backgroundLayers: 'background-image: url(a.png)',
  color: 'color: red', fontFamily: 'font-family: Arial', fontSize: 'font-size: 10px', fontWeight: 'font-weight: 700',
  fontStyle: 'font-style: italic', fontVariantCaps: 'font-variant-caps: small-caps',
  fontVariantNumeric: 'font-variant-numeric: tabular-nums', fontVariantLigatures: 'font-variant-ligatures: none', fontVariantPosition: 'font-variant-position: super', fontKerning: 'font-kerning: none',
  fontFeatureSettings: 'font-feature-settings: "tnum"', locale: '-webkit-locale: "ko"', fontVariationSettings: 'font-variation-settings: "wght" 700', textRendering: 'text-rendering: geometricPrecision', textShadow: 'text-shadow: 1px 1px red', svgPaint: 'fill: red', lineHeight: 'line-height: 2',
  textAlign: 'text-align: center', textAlignLast: 'text-align-last: center', textIndent: 'text-indent: 1px',
  letterSpacing: 'letter-spacing: 1px', wordSpacing: 'word-spacing: 1px', textTransform: 'text-transform: uppercase',
  textDecorationLine: 'text-decoration-line: underline', textDecorationColor: 'text-decoration-color: red',
  textDecorationStyle: 'text-decoration-style: wavy', whiteSpace: 'white-space: pre', verticalAlign: 'vertical-align: top',
  overflowWrap: 'overflow-wrap: anywhere', wordBreak: 'word-break: keep-all', hyphens: 'hyphens: none',
  direction: 'direction: rtl', unicodeBidi: 'unicode-bidi: isolate', tabSize: 'tab-size: 2', listStyleType: 'list-style-type: square',
  listStylePosition: 'list-style-position: inside', listStyleImage: 'list-style-image: url(a.png)',
  content: 'content: "x"', quotes: 'quotes: none', counterReset: 'counter-reset: a', counterIncrement: 'counter-increment: a',
  counterSet: 'counter-set: a', breakBefore: 'break-before: page', breakAfter: 'break-after: page',
  breakInside: 'break-inside: avoid', orphans: 'orphans: 3', widows: 'widows: 3', page: 'page: wide',
  borderCollapse: 'border-collapse: collapse', borderSpacingH: 'border-spacing: 1px', borderSpacingV: 'border-spacing: 1px',
  emptyCells: 'empty-cells: hide', captionSide: 'caption-side: bottom', tableLayout: 'table-layout: fixed', rubyPosition: 'ruby-position: under', rubyAlign: 'ruby-align: center',
  flexDirection: 'flex-direction: column', flexWrap: 'flex-wrap: wrap', flexGrow: 'flex-grow: 1', flexShrink: 'flex-shrink: 0',
  flexBasis: 'flex-basis: 1px', order: 'order: 1', justifyContent: 'justify-content: center', alignItems: 'align-items: center',
  alignSelf: 'align-self: center', alignContent: 'align-content: center', rowGap: 'row-gap: 1px', columnGap: 'column-gap: 1px',
  gridTemplateColumns: 'grid-template-columns: 1fr', gridTemplateRows: 'grid-template-rows: 1fr',
  gridTemplateAreas: 'grid-template-areas: "a"', gridAutoColumns: 'grid-auto-columns: 1px', gridAutoRows: 'grid-auto-rows: 1px',
  gridAutoFlow: 'grid-auto-flow: column', gridColumnStart: 'grid-column-start: 2', gridColumnEnd: 'grid-column-end: 2',
  gridRowStart: 'grid-row-start: 2', gridRowEnd: 'grid-row-end: 2',
  gridColumnsRepeat: 'grid-template-columns: repeat(auto-fill, 10px)', gridRowsRepeat: 'grid-template-rows: repeat(auto-fit, 10px)',
  gridColumnLineNames: 'grid-template-columns: [a] 1px', gridRowLineNames: 'grid-template-rows: [a] 1px',
  justifyItems: 'justify-items: center', justifySelf: 'justify-self: end', objectFit: 'object-fit: cover', objectPosition: 'object-position: left 10px top 0', aspectRatio: 'aspect-ratio: 16 / 9',
  columnCount: 'column-count: 2', columnWidth: 'column-width: 10px', columnRuleWidth: 'column-rule-width: 1px',
  columnRuleStyle: 'column-rule-style: solid', columnRuleColor: 'column-rule-color: red', columnFill: 'column-fill: auto',
  columnSpan: 'column-span: all',
  boxShadow: 'box-shadow: 1px 1px red', outlineStyle: 'outline-style: solid', outlineWidth: 'outline: 1px solid',
  outlineColor: 'outline-color: red', outlineOffset: 'outline-offset: 1px', textDecorationThickness: 'text-decoration-thickness: 2px',
  textUnderlineOffset: 'text-underline-offset: 2px', clip: 'clip: rect(1px, 2px, 3px, 4px)', currentColorMask: 'background-color: currentcolor',
  borderImageSource: 'border-image-source: url(b.svg)', borderImageSlice: 'border-image-slice: 25% fill', borderImageWidth: 'border-image-width: 2px',
  borderImageOutset: 'border-image-outset: 1', borderImageRepeat: 'border-image-repeat: round space',
  maskBorderSource: 'mask-border-source: url(m.svg)', maskBorderSlice: 'mask-border-slice: 25% fill', maskBorderWidth: 'mask-border-width: 2px',
  maskBorderOutset: 'mask-border-outset: 1', maskBorderRepeat: 'mask-border-repeat: round space', maskBorderMode: 'mask-border-mode: luminance',
  runningName: 'position: running(header)', stringSet: 'string-set: title content(text)',
  containerType: 'container-type: inline-size', containerName: 'container-name: card',
  textOverflow: 'text-overflow: ellipsis', blockEllipsis: 'block-ellipsis: auto', maxLines: 'max-lines: 2', continue: 'continue: discard',
  webkitLineClamp: '-webkit-line-clamp: 2', webkitBoxOrient: '-webkit-box-orient: vertical', webkitBox: 'display: -webkit-box', flowRoot: 'display: flow-root',
  customProperties: '--x: 1',
};

const ctx = () => ({ parent: null, rootFontSize: 16, quirks: false, warnings: new WarningSink() });

test('every ComputedStyle field is settable by its CSS property', () => {
  const init = initialStyle();
  assert.deepEqual(Object.keys(SETTERS).sort(), Object.keys(init).sort(), 'the table below covers every field');
  for (const [field, text] of Object.entries(SETTERS) as Array<[keyof ComputedStyle, string]>) {
    const i = text.indexOf(':');
    const w = ctx();
    const s = computeStyle([{ name: text.slice(0, i), value: text.slice(i + 1).trim(), important: false }], w);
    assert.notDeepEqual(s[field], init[field], `${text} changes ${field}`);
    assert.equal(w.warnings.list.length, 0, `${text}: ${JSON.stringify(w.warnings.list)}`);
  }
});

test('fuzz: random value text for every property never throws (fixed seed)', async () => {
  const { propertyNames } = await import('../../src/css/properties/index.ts');
  const { longhands, shorthands } = propertyNames();
  const names = [...longhands, ...shorthands, '--x', '-webkit-flex', 'word-wrap'];
  const atoms = ['0', '-1', '1.5', '10px', '-3em', '50%', 'auto', 'none', 'inherit', 'red', '#abc', 'url(a.png)', '"s"', '/', ',',
    'calc(1px + 5%)', 'min(1px, 2%)', 'var(--x)', 'var(--y, 2px)', 'span', 'left', 'top', 'center', 'solid', 'repeat(2, 1fr)',
    'minmax(1px, auto)', '[a]', 'counter(a)', 'attr(x)', 'bold', 'italic', 'serif', 'rgb(1 2 3 / 50%)', 'hsl(1, 2%, 3%)', '(', ')', '!', 'e', '1e999px'];
  let seed = 12345;
  const rnd = (n: number): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const parent = computeStyle([{ name: '--x', value: '3px', important: false }], ctx());
  for (let i = 0; i < 3000; i++) {
    const name = names[rnd(names.length)];
    const k = 1 + rnd(5);
    const value = Array.from({ length: k }, () => atoms[rnd(atoms.length)]).join(' ');
    const c = { ...ctx(), parent, quirks: rnd(2) === 1 };
    let s: ComputedStyle | undefined;
    assert.doesNotThrow(() => { s = computeStyle([{ name, value, important: false }], c); }, `${name}: ${value}`);
    assert.ok(Number.isFinite(s!.fontSize) && s!.borderTop.width >= 0, `${name}: ${value}`);
  }
});
