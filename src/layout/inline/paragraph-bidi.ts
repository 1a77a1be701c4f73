// In: a block container's style, its paragraph text and its inline boxes' bidi controls (css-writing-modes-3 §2.4.1, UAX #9 P–I).
// Out: the paragraph's embedding levels and base level, before any line exists (line reordering is bidi.ts).
import type { ComputedStyle } from '../../css/computed.ts';
import type { BidiInsert, ParagraphLevels } from '../../text/bidi.ts';
import { bidiControls, hasRtlOrControls, paragraphLevels } from '../../text/bidi.ts';

/** The bidi facts of one inline formatting context. */
export interface ParagraphBidi {
  /** UAX #9 levels per paragraph-text index; null when every level is 0 (ltr, no right-to-left text or controls). */
  levels: ParagraphLevels | null;
  /** Lines are placed in visual order (levels exist, or an inline box is rtl: its start edge is its right one). */
  active: boolean;
  /** The block container's base level: 1 for direction: rtl (plaintext paragraphs: see the items' `base`). */
  base: number;
}

/** Right-to-left controls: their presence (not that of LRE, LRI, LRO, PDF, PDI) can move ltr text. */
const RTL_CONTROL = /[\u202b\u202e\u2067]/;

/**
 * Resolves the paragraph's bidi levels (css-writing-modes-3 §2.4.1): the block container's
 * direction is the base direction (unicode-bidi: plaintext: each paragraph's first strong
 * character, P2–P3), its bidi-override/isolate-override overrides the whole content, and
 * `inserts` are its inline boxes' controls. Skips the algorithm when nothing could differ from
 * level 0: an ltr paragraph without right-to-left characters, numbers or controls.
 */
export function paragraphBidi(style: ComputedStyle, para: string, inserts: readonly BidiInsert[], rtlBoxes: boolean): ParagraphBidi {
  const rtl = style.direction === 'rtl';
  const plain = style.unicodeBidi === 'plaintext';
  const base = rtl ? 1 : 0;
  let all = inserts;
  if (style.unicodeBidi === 'bidi-override' || style.unicodeBidi === 'isolate-override') {
    const o = bidiControls('bidi-override', style.direction)!;
    all = [{ at: 0, text: o.open }, ...inserts, { at: para.length, text: o.close }];
  }
  const need = rtl || plain || hasRtlOrControls(para) || inserts.some((i) => RTL_CONTROL.test(i.text));
  let levels: ParagraphLevels | null = null;
  try {
    if (need) levels = paragraphLevels(para, plain ? 'auto' : style.direction, all);
  } catch {
    // bidi-js failed on odd text: the paragraph is laid out in logical order
  }
  return { levels, active: levels !== null || rtlBoxes, base };
}
