// In: a parsed document, its resource loader, warning sink and font context. Out: a function that styles the document
// (css/cascade) as a render does, each time layout asks again (@container sizes, the print shrink-to-fit factor).
import type { Element } from 'domhandler';
import type { ParsedHtml } from './html/parse.ts';
import { styleDocument, type StyleOptions } from './css/index.ts';
import type { StyledDocument } from './css/styled.ts';
import type { ContainerSize } from './css/stylesheet-media.ts';
import type { FontContext } from './text/types.ts';
import type { ResourceLoader } from './resources.ts';
import type { WarningSink } from './warnings.ts';

/** What a styling depends on besides the document: the containers' laid-out sizes and the shrink-to-fit factor (>= 1). */
export interface StyleRound { containerSizes?: ReadonlyMap<Element, ContainerSize>; viewportScale?: number }

/**
 * A styler of `parsed` for one render (src/pipeline.ts, src/inspect.ts): the first styling gives the document's
 * @font-face rules to `fonts` (later ones see the same rules and must not add them twice), every styling resolves ex and
 * ch with `fonts`' metrics, applies the round's @container sizes (css-conditional-5 §3.2) and resolves viewport units at
 * its shrink-to-fit factor (css/page.ts unitViewport).
 */
export function documentStyler(parsed: ParsedHtml, deps: { loader: ResourceLoader; warnings: WarningSink; fonts: FontContext }): (round?: StyleRound) => StyledDocument {
  const { loader, warnings, fonts } = deps;
  let fontFaces: StyleOptions['fontFaces'] = (rules) => fonts.addFontFaces(rules);
  return (round = {}) => {
    const sd = styleDocument(parsed, {
      loader,
      warnings,
      ...(fontFaces ? { fontFaces } : {}),
      ...(round.containerSizes ? { containerSizes: round.containerSizes } : {}),
      ...(round.viewportScale !== undefined && round.viewportScale !== 1 ? { viewportScale: round.viewportScale } : {}),
      fontMetrics: (style) => {
        const m = fonts.metrics(style);
        return { xHeight: m.xHeight, chWidth: m.chWidth };
      },
    });
    fontFaces = undefined;
    return sd;
  };
}
