// In: an <img> element whose image is not available (no src, a missing file, a refused or failed URL), its style, quirks mode.
// Out: the box Chromium 156 renders for it instead: a replaced box of the given size, nothing, or the alt text (HTML §15.4.2).
import type { Element } from 'domhandler';
import type { ComputedStyle } from '../css/computed.ts';
import type { BlockBox, Box, ReplacedBox, TextRun } from './types.ts';
import { anonymousStyle, restyle } from './anonymous.ts';
import { finishBlockContainer } from './flow.ts';
import { imageBox } from './generated.ts';
import { textInfo, withInfo, type BoxInfo } from './items.ts';

/** Chromium's broken-image icon: 16 × 16 px whatever the font size. */
const ICON = 16;

/**
 * The box of an `<img>` that does not represent an image (HTML §15.4.2 "Images"), as Chromium 156 builds it
 * (HTMLImageFallbackHelper: the icon floated left, then the alt text; measured, test/layout/broken-image-chromium.test.ts):
 * - width and height both specified (attributes or CSS, anything but auto) and either no non-empty alt or quirks
 *   mode (where one of them alone stands for both): a replaced box of that size ("treat the element as a replaced
 *   element"), drawn empty here;
 * - `alt=""`, or neither src nor alt: nothing, a 0 × 0 inline (the element represents nothing);
 * - otherwise a block container of the element's display (an inline <img> becomes an inline-block whose width and
 *   height no longer apply; its margins, borders and padding do) holding a 16 × 16 float (the icon's place, drawn
 *   empty) and the alt text, so a missing logo prints its alt text on the line, and an image without alt a 16 px square.
 * `outer` is the element's outer display ('inline' or 'block').
 */
export function brokenImageBox(el: Element, style: ComputedStyle, info: BoxInfo, outer: 'inline' | 'block', hasSrc: boolean, quirks: boolean): Box {
  const alt = el.attribs.alt;
  let sized = style;
  if (quirks) {
    if (style.width !== 'auto' && style.height === 'auto') sized = { ...style, height: style.width };
    else if (style.height !== 'auto' && style.width === 'auto') sized = { ...style, width: style.height };
  }
  const bothSizes = sized.width !== 'auto' && sized.height !== 'auto';
  if (bothSizes && (quirks || alt === undefined || alt === '')) return withAlt(imageBox(null, sized, info, outer), alt);
  if (alt === '' || (alt === undefined && !hasSrc)) {
    const none = { ...style, width: 'auto', height: 'auto' } as ComputedStyle;
    return withAlt(withInfo<ReplacedBox>({ kind: 'replaced', style: none, outer, image: null, intrinsicWidth: 0, intrinsicHeight: 0, intrinsicRatio: null }, info), alt);
  }
  // An inline <img> becomes an inline-block of auto size (its width and height no longer apply); other displays keep theirs.
  const own = style.display === 'inline' ? { ...restyle(style, 'inline-block'), width: 'auto', height: 'auto' } as ComputedStyle : style;
  const icon = withInfo<ReplacedBox>({
    kind: 'replaced', style: restyle(anonymousStyle(own, 'block'), 'block', 'left'), outer: 'block', image: null,
    intrinsicWidth: ICON, intrinsicHeight: ICON, intrinsicRatio: 1,
  }, textInfo(info)); // not anonymous: an anonymous box is never out of flow (items.ts), and this one floats
  const children: Box[] = [icon];
  if (alt !== undefined) children.push(withInfo<TextRun>({ kind: 'text', style: own, text: alt }, textInfo(info)));
  return withInfo<BlockBox>({ kind: 'block', style: own, outer, ...finishBlockContainer(children, own, info.href) }, info);
}

function withAlt(box: ReplacedBox, alt: string | undefined): ReplacedBox {
  if (alt !== undefined) box.alt = alt;
  return box;
}
