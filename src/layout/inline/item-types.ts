// In: nothing (types only).
// Out: the inline items of an inline formatting context (css-text-3 §5): text pieces between break opportunities, box edges, atomics, forced breaks, floats, absolutes.
import type { Box, InlineBox, LineBreak, MarkerBox, TextRun } from '../../box/types.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import type { FontSpec, GlyphRun } from '../../text/types.ts';

/**
 * A piece of a text run between two break opportunities (or a run boundary): its word part
 * (SHYs removed, shaped) and its trailing white space (shaped separately so the space can hang
 * or be dropped at a line end without re-shaping, css-text-3 §4.1.2).
 */
export interface TextPiece {
  kind: 'text';
  box: TextRun;
  style: ComputedStyle;
  spec: FontSpec;
  word: string;
  wordRuns: GlyphRun[];
  wordWidth: number;
  spaces: string;
  spaceRuns: GlyphRun[];
  spaceWidth: number;
  /** Trailing spaces hang at a line end (collapsible, or preserved under pre-wrap): not counted for fit or alignment. */
  hang: boolean;
  /** The white space of this piece is collapsible (phase II removes it at a line's start). */
  collapsible: boolean;
  /** The word ended in U+00AD: breaking after it shows a hyphen. */
  shy: boolean;
  /** A preserved tab: its advance goes to the next tab stop (css-text-3 §4.2). */
  tab: boolean;
  /** overflow-wrap: break-word/anywhere (or word-break: break-word): may be split when it does not fit an empty line. */
  canSplit: boolean;
  /** A soft wrap opportunity follows this item (css-text-3 §5). */
  breakAfter: boolean;
  /** Bidi embedding level of the whole piece (UAX #9; pieces are split where it changes); 0 outside bidi paragraphs. */
  level: number;
  /** Base level (0 ltr, 1 rtl) of the bidi paragraph the piece belongs to. */
  base: number;
  /** An inside disc/circle/square list marker: `word` is its bullet, drawn as a shape (no runs), `wordWidth` its advance. */
  symbol?: MarkerBox;
  /** The shaping direction: the level's parity in a bidi paragraph, undefined elsewhere (each script its own). */
  rtl: boolean | undefined;
  /**
   * The script runs of the piece's text (word, then spaces) in its paragraph (src/text/script-runs.ts
   * encodeScriptRuns), as Blink segments the paragraph for shaping: its word and spaces are shaped in them.
   */
  scripts?: string;
}
/** A piece's bidi fields (its level, its paragraph's base level and its shaping direction) and its script runs. */
export type PieceBidi = Pick<TextPiece, 'level' | 'base' | 'rtl' | 'scripts'>;
/** The start edge of an inline box (its left margin, border and padding come before what follows). */
export interface OpenItem { kind: 'open'; box: InlineBox; style: ComputedStyle; breakAfter: boolean }
/** The end edge of an inline box. */
export interface CloseItem { kind: 'close'; box: InlineBox; style: ComputedStyle; open: OpenItem; breakAfter: boolean }
/** An atomic inline (inline-block, inline-table, inline-flex/grid, inline replaced element). */
export interface AtomicItem {
  kind: 'atomic'; box: Box; style: ComputedStyle; breakAfter: boolean;
  /** Its U+FFFC's index in the paragraph text. */
  start: number;
  /** Bidi level of its U+FFFC and its paragraph's base level (see TextPiece). */
  level: number; base: number;
}
/** A forced line break (<br>, or a preserved newline). */
export interface BreakItem { kind: 'br'; box: LineBreak | TextRun; style: ComputedStyle; breakAfter: boolean }
/** A float met in the inline content (CSS 2.1 §9.5.1). */
export interface FloatItem { kind: 'float'; box: Box; style: ComputedStyle; breakAfter: boolean }
/** An absolutely or fixed positioned box met in the inline content: only its static position matters. */
export interface AbsItem { kind: 'abs'; box: Box; style: ComputedStyle; breakAfter: boolean }

export type InlineItem = TextPiece | OpenItem | CloseItem | AtomicItem | BreakItem | FloatItem | AbsItem;
