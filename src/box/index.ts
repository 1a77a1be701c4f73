/**
 * The box stage's public face. In: a StyledDocument and the render's loader and warnings.
 * Out: the BoxTree (src/box/types.ts) layout consumes, plus helpers other stages reuse.
 */
export { buildBoxTree } from './build.ts';
export { anonymousStyle, blockify, INHERITED_PROPERTIES } from './anonymous.ts';
export { formatCounter, markerText, CounterState, BULLETS } from './counters.ts';
export { loadImage } from './images.ts';
export { transformText, isCollapsibleWhitespace, processInlineContent } from './whitespace.ts';
export type * from './types.ts';
