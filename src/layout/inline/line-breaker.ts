// In: the inline items of a paragraph and the space left by floats for each line (css-text-3 §5, CSS 2.1 §9.4.2, §9.5).
// Out: one line at a time: the items on it, with the white space that hangs or collapses at its ends (css-text-3 §4.1.2).
import type { FontContext } from '../../text/types.ts';
import type { AtomicItem, CloseItem, FloatItem, InlineItem, OpenItem, TextPiece } from './item-types.ts';
import { bidiOfPart, makePiece } from './items.ts';
import { snappedWidth } from './shape-word.ts';

const EPS = 1 / 128;

/** An item as placed on one line. */
export interface PlacedItem {
  item: InlineItem;
  /** Text: its whole white space collapsed away at the line start (phase II), or its leading spaces trimmed (`trimmed` holds the re-shaped piece). */
  collapsed: boolean;
  trimmed: TextPiece | undefined;
  /** Text: its trailing spaces removed at the line end (they hang, css-text-3 §4.1.2). */
  dropSpaces: boolean;
  /** Text: the line breaks at its soft hyphen, which shows a hyphen. */
  hyphen: boolean;
  /** A preserved tab's advance on this line, px. */
  tabWidth: number | undefined;
}

/** One line as the breaker chose it. Widths in px. */
export interface LineSpec {
  y: number;
  /** The band left free by floats (absolute px). */
  left: number;
  right: number;
  indent: number;
  items: PlacedItem[];
  /** Inline boxes open when the line starts (their pieces on this line do not hold their start edge). */
  openAtStart: OpenItem[];
  /** Width of the content from the line's start edge, indent included, hanging spaces excluded. */
  width: number;
  /** The line holds something that makes a line box (§9.4.2): text, preserved space, an atomic, a forced break, a box edge with width. */
  hasContent: boolean;
  /** The line ends with a forced break. */
  forced: boolean;
  /** Floats met on this line that did not fit beside it: placed below the line. */
  deferredFloats: FloatItem[];
}

/** What the breaker needs from the layout around it. */
export interface BreakerEnv {
  fonts: FontContext;
  /** Left + border + padding of an open edge, or right-side sum of a close edge (px). */
  edgeWidth(item: OpenItem | CloseItem): number;
  /** Margin box width of an atomic inline (px). */
  atomicWidth(item: AtomicItem): number;
  /** Estimated margin box width of a float (px). */
  floatWidth(item: FloatItem): number;
  /** Places a float now, at the top `y` of the current line. */
  placeFloat(item: FloatItem, y: number): void;
  /** The band left by floats for a line at y (absolute left/right). */
  band(y: number): { left: number; right: number };
  /** The full band without floats. */
  full: { left: number; right: number };
  /** The next y below `y` where the band may widen, or null. */
  nextBandY(y: number): number | null;
  hyphenWidth(piece: TextPiece): number;
}

/** Mutable position of the breaker in the paragraph. */
export interface BreakerState {
  items: InlineItem[];
  /** Whether `items` is this breaker's own copy (so it may be split in place). */
  own: boolean;
  i: number;
  stack: OpenItem[];
}

const tabStop = (piece: TextPiece, x: number, fonts: FontContext): number => {
  const space = fonts.measure(' ', piece.spec) || piece.style.fontSize / 4;
  const stop = Math.max(1, piece.style.tabSize) * space;
  let next = Math.ceil((x + EPS) / stop) * stop;
  if (next - x < space / 2) next += stop;
  return next - x;
};

/**
 * Greedily fills the next line box (css-text-3 §5; no Knuth-Plass, as browsers do) starting
 * at `state.i`, with the line's top at `y`. Soft wrap opportunities are the items' breakAfter
 * flags; a segment that does not fit goes to the next line unless the line is empty, where it
 * is split (overflow-wrap: break-word/anywhere) or overflows. Returns `null` when the line
 * should move down below floats (§9.5: the caller retries at the returned `moveTo`).
 * Always makes progress: an empty line takes at least one segment.
 */
export function breakLine(
  state: BreakerState, env: BreakerEnv, y: number, indent: number,
): LineSpec | { moveTo: number } {
  let band = env.band(y);
  const startI = state.i;
  const startStack = state.stack.slice();
  const placed: PlacedItem[] = [];
  let lineW = indent;
  let hasContent = false;
  let textStarted = false; // phase II: collapsible spaces at the line start are removed until text starts
  let forced = false;
  const deferredFloats: FloatItem[] = [];
  let floatsPlaced = 0;
  // Where the line would restart below the floats when only floats (and nothing with content) were committed before.
  let afterFloats: { i: number; stack: OpenItem[] } | null = null;
  let segments = 0;
  let lastSeg = { i: startI, placed: 0, lineW, hasContent, textStarted, stack: state.stack.length, floats: 0 };
  const seg: SegmentMeasure = { sw: 0, hang: 0, segContent: false }; // filled by measureSegment for each segment

  outer: while (state.i < state.items.length) {
    // The segment: items up to the next soft wrap opportunity.
    let j = state.i;
    // A float before any content ends its segment: what follows is measured beside it (or moves below it). After
    // content, a float at a soft wrap opportunity is a segment of its own: it is placed on this line when it fits
    // beside what precedes it, whether or not what follows fits (Chromium 156 handles a float as it reaches it).
    while (j < state.items.length - 1 && !state.items[j].breakAfter && (hasContent ? !(j === state.i && state.items[j].kind === 'float') : state.items[j].kind !== 'float')) j++;
    // Measure it as it would sit on this line.
    const { sw, hang, segContent } = measureSegment(state, env, j, lineW, textStarted, seg);
    const avail = band.right - band.left;
    const fits = lineW + sw - hang <= avail + EPS;
    if (!fits && hasContent) break;
    if (!fits && !hasContent && segContent) {
      // Nothing on the line yet and the segment does not fit: below floats first (§9.5) …
      if ((floatsPlaced === 0 || afterFloats) && band.right - band.left < env.full.right - env.full.left - EPS) {
        const next = env.nextBandY(y);
        if (next !== null && next > y) {
          // Floats placed on this line stay placed: the line restarts after them (CSS 2.1 §9.5 line boxes shifted down).
          state.i = afterFloats ? afterFloats.i : startI;
          state.stack = afterFloats ? afterFloats.stack : startStack;
          return { moveTo: next };
        }
      }
      // … then split a long token (overflow-wrap: break-word / anywhere).
      if (splitToFit(state, env, j, avail - lineW, textStarted)) continue outer;
    }
    lastSeg = { i: state.i, placed: placed.length, lineW, hasContent, textStarted, stack: state.stack.length, floats: floatsPlaced };
    // Commit the segment.
    for (let k = state.i; k <= j; k++) {
      const it = state.items[k];
      const p: PlacedItem = { item: it, collapsed: false, trimmed: undefined, dropSpaces: false, hyphen: false, tabWidth: undefined };
      switch (it.kind) {
        case 'text':
          if (it.tab) { p.tabWidth = tabStop(it, lineW, env.fonts); lineW += p.tabWidth; textStarted = true; hasContent = true; break; }
          if (!textStarted && it.collapsible && it.word === '') { p.collapsed = true; break; }
          if (!textStarted && it.collapsible && it.word.charCodeAt(0) === 32) {
            p.trimmed = leadingTrim(it, env.fonts);
            lineW += p.trimmed.wordWidth + p.trimmed.spaceWidth;
          } else lineW += it.wordWidth + it.spaceWidth;
          if (it.word !== '' || !it.collapsible) { textStarted = true; hasContent = true; }
          break;
        case 'open': {
          const w = env.edgeWidth(it);
          lineW += w;
          if (w !== 0) hasContent = true;
          state.stack.push(it);
          break;
        }
        case 'close': {
          const w = env.edgeWidth(it);
          lineW += w;
          if (w !== 0) hasContent = true;
          const at = state.stack.lastIndexOf(it.open);
          if (at >= 0) state.stack.splice(at, 1);
          break;
        }
        case 'atomic': lineW += env.atomicWidth(it); hasContent = true; textStarted = true; break;
        case 'br': hasContent = true; forced = true; break;
        case 'float': {
          const fw = env.floatWidth(it);
          // Fits beside what the line holds so far, less its trailing collapsible space (removed if the line breaks
          // here; CSS 2.1 §9.5.1 rule 8 with css-text-3 §4.1.2, as Chromium 156 measures it).
          if (deferredFloats.length === 0 && (!hasContent || lineW - trailingCollapsibleSpace(placed) + fw <= band.right - band.left + EPS)) {
            env.placeFloat(it, y);
            floatsPlaced++;
            band = env.band(y);
            afterFloats = hasContent ? null : { i: k + 1, stack: state.stack.slice() };
          } else deferredFloats.push(it);
          break;
        }
        default: break;
      }
      placed.push(p);
    }
    state.i = j + 1;
    segments++;
    if (forced) break;
  }

  // Trailing white space hangs / is removed (css-text-3 §4.1.2), and a soft hyphen shows when the line breaks there.
  let width = trimEnd(placed, lineW);
  if (!forced && state.i < state.items.length) {
    const last = lastText(placed);
    if (last && (last.item as TextPiece).shy) {
      const hw = env.hyphenWidth(last.item as TextPiece);
      if (width + hw > band.right - band.left + EPS && segments > 1 && lastSeg.floats === floatsPlaced) {
        // The hyphen does not fit: the syllable goes to the next line.
        state.i = lastSeg.i;
        placed.length = lastSeg.placed;
        lineW = lastSeg.lineW;
        hasContent = lastSeg.hasContent;
        state.stack = rebuildStack(startStack, placed);
        width = trimEnd(placed, lineW);
        const l2 = lastText(placed);
        if (l2 && (l2.item as TextPiece).shy) { l2.hyphen = true; width += env.hyphenWidth(l2.item as TextPiece); }
      } else {
        last.hyphen = true;
        width += hw;
      }
    }
  }
  return {
    y, left: band.left, right: band.right, indent, items: placed, openAtStart: startStack,
    width, hasContent, forced, deferredFloats,
  };
}

/** A segment's width, trailing hanging width (px) and whether it has content (see measureSegment). */
interface SegmentMeasure { sw: number; hang: number; segContent: boolean }

/**
 * The width (px) of the segment of items state.i..j as it would sit on the line after `lineW` px (tabs to their stops,
 * collapsible spaces at the line start removed until text starts: css-text-3 §4.1.2 phase II), the width of its
 * trailing hanging spaces (`hang`, §4.1.2), and whether it has content (text, atomic, br or an edge with a width), in `out`.
 */
function measureSegment(state: BreakerState, env: BreakerEnv, j: number, lineW: number, textStarted: boolean, out: SegmentMeasure): SegmentMeasure {
  let sw = 0;
  let hang = 0;
  let segContent = false;
  let ts = textStarted;
  for (let k = state.i; k <= j; k++) {
    const it = state.items[k];
    switch (it.kind) {
      case 'text': {
        if (it.tab) { sw += tabStop(it, lineW + sw, env.fonts); segContent = true; ts = true; hang = 0; break; }
        if (!ts && it.collapsible && it.word === '') break;
        const lead = !ts && it.collapsible && it.word.charCodeAt(0) === 32 ? leadingTrim(it, env.fonts) : null;
        sw += lead ? lead.wordWidth + lead.spaceWidth : it.wordWidth + it.spaceWidth;
        if (it.word !== '') { hang = 0; ts = true; segContent = true; } else if (!it.collapsible) { segContent = true; ts = true; }
        if (it.hang) hang += it.spaceWidth; else hang = 0;
        break;
      }
      case 'open': case 'close': {
        const w = env.edgeWidth(it);
        sw += w;
        if (w !== 0) segContent = true;
        if (it.kind === 'open') hang = 0;
        break;
      }
      case 'atomic': sw += env.atomicWidth(it); segContent = true; ts = true; hang = 0; break;
      case 'br': segContent = true; break;
      default: break;
    }
  }
  out.sw = sw; out.hang = hang; out.segContent = segContent;
  return out;
}

/**
 * The width (px) of the collapsible white space that ends the line so far (css-text-3 §4.1.2: it is removed if
 * the line breaks there), past closing edges and out-of-flow items; 0 when the line ends otherwise.
 */
function trailingCollapsibleSpace(placed: readonly PlacedItem[]): number {
  for (let k = placed.length - 1; k >= 0; k--) {
    const p = placed[k];
    const it = p.item;
    if (it.kind === 'text') {
      if (p.collapsed) continue;
      const piece = p.trimmed ?? it;
      return !it.tab && it.collapsible && piece.spaces !== '' ? piece.spaceWidth : 0;
    }
    if (it.kind === 'close' || it.kind === 'float' || it.kind === 'abs') continue;
    return 0;
  }
  return 0;
}

function rebuildStack(start: OpenItem[], placed: PlacedItem[]): OpenItem[] {
  const s = start.slice();
  for (const p of placed) {
    if (p.item.kind === 'open') s.push(p.item);
    else if (p.item.kind === 'close') {
      const at = s.lastIndexOf(p.item.open);
      if (at >= 0) s.splice(at, 1);
    }
  }
  return s;
}

/** The last placed text piece with a word, skipping closing edges and out-of-flow items at the end. */
function lastText(placed: PlacedItem[]): PlacedItem | null {
  for (let k = placed.length - 1; k >= 0; k--) {
    const it = placed[k].item;
    if (it.kind === 'text') {
      if (placed[k].collapsed) continue;
      if (it.word !== '') return placed[k];
      continue;
    }
    if (it.kind === 'close' || it.kind === 'float' || it.kind === 'abs' || it.kind === 'br') continue;
    return null;
  }
  return null;
}

/**
 * Marks the spaces at the end of the line as removed (collapsible) or hanging (pre-wrap), and
 * returns the line's content width (css-text-3 §4.1.2 phase II): `lineW` (every placed item,
 * text-indent, inline box edges and atomic inlines included) less those spaces.
 */
function trimEnd(placed: PlacedItem[], lineW: number): number {
  let w = lineW;
  for (const p of placed) if (p.item.kind === 'text') p.dropSpaces = false;
  for (let k = placed.length - 1; k >= 0; k--) {
    const p = placed[k];
    const it = p.item;
    if (it.kind === 'text') {
      if (p.collapsed || it.tab) { if (it.tab) break; continue; }
      const piece = p.trimmed ?? it;
      if (it.hang && piece.spaces !== '') { p.dropSpaces = true; w -= piece.spaceWidth; }
      if (piece.word !== '' || !it.hang) break;
      continue;
    }
    if (it.kind === 'close' || it.kind === 'float' || it.kind === 'abs' || it.kind === 'br') continue;
    break;
  }
  return w + snapExcess(placed);
}

/**
 * What snapping the line's text fragments adds to its width, px: line-box.ts makes one text fragment of the consecutive
 * pieces of a text run and snaps its width up to 1/64 px (snappedWidth, Blink's item result inline size); any other item
 * ends a fragment. Fit decisions above keep the exact widths, as Chromium 156 decides them (a line of seven fragments whose
 * snapped width is 195.671875 px fits in 195.65625: its exact width is 195.6484375); this width places the line (text-align).
 */
function snapExcess(placed: readonly PlacedItem[]): number {
  let ex = 0, raw = 0, box: unknown = null;
  for (const p of placed) {
    const it = p.item;
    if (it.kind === 'text' && (p.collapsed || (!it.tab && !p.hyphen && (p.trimmed ?? it).word === '' && (p.dropSpaces || (p.trimmed ?? it).spaces === '')))) continue;
    if (it.kind !== 'text' || it.tab || it.symbol || it.box !== box) {
      ex += snappedWidth(raw) - raw;
      raw = 0;
      box = it.kind === 'text' && !it.tab && !it.symbol ? it.box : null;
      if (box === null) continue;
    }
    const piece = p.trimmed ?? (it as TextPiece);
    raw += piece.wordWidth + (p.dropSpaces ? 0 : piece.spaceWidth);
  }
  return ex + snappedWidth(raw) - raw;
}

/** A collapsible piece with its leading spaces removed (phase II at a line start); re-shaped through the text stage's cache. */
function leadingTrim(it: TextPiece, fonts: FontContext): TextPiece {
  const word = it.word.replace(/^ +/, '');
  const p = makePiece(it, word, it.spaces, it.spec, fonts, it.breakAfter, false, bidiOfPart(it, it.word.length - word.length, it.word.length + it.spaces.length));
  p.shy = it.shy;
  return p;
}

/**
 * Splits the first text piece of the segment ending at `j` that overflows `room` px, when its
 * style allows (overflow-wrap: break-word/anywhere): as many characters as fit (at least one)
 * stay, the rest becomes a new piece after a new opportunity. Copies `state.items` first when it
 * is shared. Returns false when nothing can be split.
 */
function splitToFit(state: BreakerState, env: BreakerEnv, j: number, room: number, textStarted: boolean): boolean {
  let used = 0;
  let content = false; // something other than opening edges precedes on this line
  for (let k = state.i; k <= j; k++) {
    const it = state.items[k];
    if (it.kind === 'open' || it.kind === 'close') { used += env.edgeWidth(it); content ||= it.kind === 'close'; continue; }
    if (it.kind === 'atomic') { used += env.atomicWidth(it); content = true; continue; }
    if (it.kind !== 'text' || it.tab) continue;
    if (!textStarted && it.collapsible && it.word === '') continue;
    if (used + it.wordWidth <= room + EPS) { used += it.wordWidth + it.spaceWidth; content = true; continue; }
    if (!it.canSplit) return false;
    const chars = Array.from(it.word);
    let w = used;
    let count = 0;
    for (const ch of chars) {
      const cw = env.fonts.measure(ch, it.spec, it.rtl);
      if ((count > 0 || content) && w + cw > room + EPS) break;
      w += cw;
      count++;
    }
    if (count === 0) {
      // Nothing of this piece fits after what precedes it: break before it, and before the
      // opening edges just before it (they go with the characters that follow them).
      let b = k - 1;
      while (b >= state.i && state.items[b].kind === 'open') b--;
      if (b < state.i) return false;
      ensureOwn(state);
      state.items[b] = { ...state.items[b], breakAfter: true } as InlineItem;
      return true;
    }
    if (count >= chars.length) return false;
    ensureOwn(state);
    const headText = chars.slice(0, count).join('');
    const head = makePiece(it, headText, '', it.spec, env.fonts, true, false, bidiOfPart(it, 0, headText.length));
    const tail = makePiece(it, chars.slice(count).join(''), it.spaces, it.spec, env.fonts, it.breakAfter, false, bidiOfPart(it, headText.length, it.word.length + it.spaces.length));
    tail.shy = it.shy;
    state.items.splice(k, 1, head, tail);
    return true;
  }
  return false;
}

function ensureOwn(state: BreakerState): void {
  if (!state.own) { state.items = state.items.slice(); state.own = true; }
}
