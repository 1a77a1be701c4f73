/**
 * Block container and flex/grid container children. In: the finished child boxes of one
 * container (table parts already wrapped). Out: children as layout wants them: anonymous block
 * boxes around inline runs among blocks, inline boxes split around blocks (CSS 2.1 §9.2.1.1),
 * white space processed per inline formatting context, text of flex/grid containers wrapped in
 * anonymous items (css-flexbox-1 §4, css-grid-1 §6).
 */
import type { ComputedStyle } from '../css/computed.ts';
import type { BlockBox, Box, InlineBox } from './types.ts';
import { anonymousStyle } from './anonymous.ts';
import { anonymousInfo, isBlockLevelInFlow, isOutOfFlow, withInfo } from './items.ts';
import { isCollapsibleWhitespace, processInlineContent } from './whitespace.ts';

/** Inline boxes that contain an in-flow block-level box somewhere inside (must be split). */
const inlinesWithBlocks = new WeakSet<InlineBox>();

/**
 * Creates an InlineBox for `children` and records whether a block-level box sits inside it
 * (directly or in a nested inline), so that its block container splits it (§9.2.1.1).
 */
export function makeInlineBox(style: ComputedStyle, children: Box[], info: Parameters<typeof withInfo>[1]): InlineBox {
  const box = withInfo<InlineBox>({ kind: 'inline', style, children }, info);
  for (const c of children) {
    if (isBlockLevelInFlow(c) || (c.kind === 'inline' && inlinesWithBlocks.has(c))) {
      inlinesWithBlocks.add(box);
      break;
    }
  }
  return box;
}

/**
 * Splits an inline box around the block-level boxes inside it (CSS 2.1 §9.2.1.1: "the inline
 * box is broken around the block-level box"). Pushes onto `out` the pieces (copies of the inline
 * box with `split` 'first' | 'middle' | 'last', same style and element) and the block-level boxes
 * between them, in order; nested inline boxes are split the same way.
 */
function splitInline(box: InlineBox, out: Box[]): void {
  const pieces: InlineBox[] = [];
  let current: Box[] = [];
  for (const child of box.children) {
    if (isBlockLevelInFlow(child)) {
      current = pushPiece(box, current, pieces, out);
      out.push(child);
    } else if (child.kind === 'inline' && inlinesWithBlocks.has(child)) {
      const sub: Box[] = [];
      splitInline(child, sub);
      for (const s of sub) {
        if (isBlockLevelInFlow(s)) {
          current = pushPiece(box, current, pieces, out);
          out.push(s);
        } else {
          current.push(s);
        }
      }
    } else {
      current.push(child);
    }
  }
  pushPiece(box, current, pieces, out);
  for (let i = 0; i < pieces.length; i++) {
    pieces[i]!.split = i === 0 ? 'first' : i === pieces.length - 1 ? 'last' : 'middle';
  }
}

/** Emits a piece of `box` holding `children`; returns a fresh list for the next piece. */
function pushPiece(box: InlineBox, children: Box[], pieces: InlineBox[], out: Box[]): Box[] {
  const piece: InlineBox = { ...box, children };
  pieces.push(piece);
  out.push(piece);
  return [];
}

/**
 * Whether a run of inline-level boxes has content that makes a line box (CSS 2.1 §9.2.1.1:
 * "white space content that would be collapsed away does not generate anonymous inline boxes";
 * §9.4.2 empty line boxes): text other than collapsible white space, forced breaks, atomic
 * inlines, or inline boxes with horizontal margin, border or padding.
 */
function hasLineContent(run: readonly Box[]): boolean {
  for (const b of run) {
    switch (b.kind) {
      case 'text':
        if (b.pageCounter || !isCollapsibleWhitespace(b.text, b.style.whiteSpace)) return true;
        break;
      case 'inline': {
        const s = b.style;
        if (s.paddingLeft.px !== 0 || s.paddingLeft.pct !== 0 || s.paddingRight.px !== 0 || s.paddingRight.pct !== 0 ||
            s.borderLeft.width !== 0 || s.borderRight.width !== 0 ||
            (s.marginLeft !== 'auto' && (s.marginLeft.px !== 0 || s.marginLeft.pct !== 0)) ||
            (s.marginRight !== 'auto' && (s.marginRight.px !== 0 || s.marginRight.pct !== 0))) return true;
        if (hasLineContent(b.children)) return true;
        break;
      }
      case 'marker':
        break;
      default:
        if (!isOutOfFlow(b)) return true; // forced break, atomic inline
    }
  }
  return false;
}

/** Out-of-flow boxes of a run with no line content (they become children of the container). */
function collectOutOfFlow(run: readonly Box[], out: Box[]): void {
  for (const b of run) {
    if (b.kind === 'inline') collectOutOfFlow(b.children, out);
    else if (b.kind !== 'text' && b.kind !== 'br' && isOutOfFlow(b)) out.push(b);
  }
}

/** An anonymous block box holding one inline formatting context (§9.2.1.1). */
export function anonymousBlock(parentStyle: ComputedStyle, inlineRun: Box[], href: string | undefined): BlockBox {
  return withInfo<BlockBox>({
    kind: 'block', style: anonymousStyle(parentStyle, 'block'), outer: 'block',
    inlineContent: true, children: processInlineContent(inlineRun),
  }, anonymousInfo(href));
}

/**
 * The children of a block container (CSS 2.1 §9.2.1). `items` are the container's finished
 * child boxes in order; `style` its style (parent of anonymous boxes); `href` its link target.
 * - Only inline-level content (and out-of-flow boxes): white space phase I over the whole
 *   inline formatting context; `inlineContent` is true unless every child is out of flow.
 * - Some in-flow block-level box (directly, or inside inline boxes, which are then split): each
 *   run of inline-level content becomes an anonymous block (inlineContent true), runs of only
 *   collapsible white space are dropped, out-of-flow boxes in such runs become block-level children.
 */
export function finishBlockContainer(items: readonly Box[], style: ComputedStyle, href: string | undefined): { inlineContent: boolean; children: Box[] } {
  let hasBlock = false;
  for (const b of items) {
    if (isBlockLevelInFlow(b) || (b.kind === 'inline' && inlinesWithBlocks.has(b))) { hasBlock = true; break; }
  }
  if (!hasBlock) {
    const children = processInlineContent(items);
    let inlineContent = false;
    for (const c of children) if (!isOutOfFlow(c)) { inlineContent = true; break; }
    return { inlineContent, children };
  }
  // Split inline boxes around their blocks, then wrap inline runs.
  const flat: Box[] = [];
  for (const b of items) {
    if (b.kind === 'inline' && inlinesWithBlocks.has(b)) splitInline(b, flat);
    else flat.push(b);
  }
  const children: Box[] = [];
  let run: Box[] | null = null;
  for (const b of flat) {
    if (isBlockLevelInFlow(b)) {
      if (run) { wrapRun(run, style, href, children, true); run = null; }
      children.push(b);
    } else {
      (run ??= []).push(b);
    }
  }
  if (run) wrapRun(run, style, href, children, true);
  return { inlineContent: false, children };
}

/**
 * Pushes an anonymous block for an inline run with line content; otherwise drops the run,
 * keeping its out-of-flow boxes when `keepOutOfFlow`.
 */
function wrapRun(run: Box[], style: ComputedStyle, href: string | undefined, out: Box[], keepOutOfFlow: boolean): void {
  if (hasLineContent(run)) out.push(anonymousBlock(style, run, href));
  else if (keepOutOfFlow) collectOutOfFlow(run, out);
}

/**
 * The items of a flex or grid container (css-flexbox-1 §4, css-grid-1 §6): children are
 * already blockified; each contiguous sequence of text runs (and forced breaks) is wrapped in an
 * anonymous block item, or dropped when it is only collapsible white space.
 */
export function finishFlexItems(items: readonly Box[], style: ComputedStyle, href: string | undefined): Box[] {
  const out: Box[] = [];
  let run: Box[] | null = null;
  for (const b of items) {
    if (b.kind === 'text' || b.kind === 'br' || b.kind === 'inline') {
      (run ??= []).push(b);
    } else {
      if (run) { wrapRun(run, style, href, out, false); run = null; }
      out.push(b);
    }
  }
  if (run) wrapRun(run, style, href, out, false);
  return out;
}
