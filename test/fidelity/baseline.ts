/**
 * The `base` diagnostic of the fidelity runner. In: two PDF paths and a word tolerance (pt). Out: the
 * `words` pairing of score.ts (same pdftotext words, same greedy pairing, same denominator), with each
 * word placed at its glyph origin instead of its pdftotext box: left = the box's left edge (poppler's
 * origin x of the word's first glyph), y = the baseline of the text run under the word (pdfjs-dist).
 *
 * Why: poppler's word box is baseline - ascent × size .. baseline - descent × size. For a Type 3 font
 * (Chromium embeds variable, CFF/OTF and synthetic-bold fonts so) ascent/descent are the FontDescriptor's
 * or 0.95/-0.35 (Chromium writes none), and `size` is the font size times poppler's guess of the glyph
 * scale (TextPage::updateFont: width of 'm' / 0.6, else of a one-letter glyph name / 0.5, else of the
 * first glyph with a width / 0.5; Chromium's glyphs are named g0, g1…, so its .notdef width decides). The
 * same glyphs on the same baseline then get box bottoms points away from a TrueType font's and fail
 * `words`. A baseline does not depend on font metrics.
 * Not the official score: score.ts / ../shared/fidelity/score.mjs stay the measure.
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfWords, wordAgreement, type Word } from './score.ts';

/** One horizontal text run of a page as pdfjs extracts it (pt, top-left origin of the crop box). */
export interface Run { page: number; x0: number; x1: number; base: number }

export interface BaseScore {
  /** Reference words whose glyph origin lies within `tol` pt of a same-text word of ours, ÷ max(word counts). */
  base_agreement: number;
  /** Mean origin distance (pt) of every pair found; null when none paired. */
  base_mean_offset_pt: number | null;
  /** Words (reference, ours) under which no horizontal run was found: they keep their box bottom. */
  base_unplaced: [number, number];
}

/** Runs whose baselines differ by less than this (pt) count as one line of text under a word. */
const SAME_LINE = 0.05;

/**
 * Every horizontal, unrotated text run of every page (pdfjs getTextContent items: transform = origin,
 * width in user space), in pdftotext's frame: x from the crop box's left, y down from its top.
 * Pages with /Rotate, and rotated or mirrored runs, give none (their words keep their box bottom).
 */
export async function pdfRuns(pdf: string): Promise<Run[]> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(pdf)), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const runs: Run[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      if (page.rotate % 360 !== 0) continue;
      const [left, , , top] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        if (Math.abs(b!) > 1e-6 || Math.abs(c!) > 1e-6 || !(a! > 0) || !(d! > 0)) continue;
        runs.push({ page: p - 1, x0: e! - left, x1: e! - left + item.width, base: top - f! });
      }
    }
    return runs;
  } finally {
    await doc.destroy();
  }
}

/**
 * The baseline (pt from the top) under one pdftotext word: among the runs on its page whose baseline lies
 * inside its box (± 1 pt), the line that covers the most of the word's width (zero-width runs count only when
 * nothing wider is there: combining marks sit off the baseline); on a tie, the baseline nearest to where the
 * box puts one (a fifth of its height above the bottom). Null when no run is under the word.
 */
export function baselineOf(w: Word, runs: readonly Run[]): number | null {
  const lines = new Map<number, { base: number; cover: number; touch: boolean }>();
  for (const r of runs) {
    if (r.page !== w.page || r.base < w.y - 1 || r.base > w.y2 + 1) continue;
    const cover = Math.min(r.x1, w.x2) - Math.max(r.x0, w.x);
    const touch = r.x0 >= w.x - 0.01 && r.x0 <= w.x2 + 0.01;
    if (cover <= 0 && !touch) continue;
    const key = Math.round(r.base / SAME_LINE);
    const line = lines.get(key) ?? { base: r.base, cover: 0, touch: false };
    line.cover += Math.max(0, cover);
    line.touch ||= touch;
    lines.set(key, line);
  }
  const expected = w.y2 - (w.y2 - w.y) / 5;
  let best: { base: number; cover: number } | null = null;
  for (const l of lines.values()) {
    if (!best || l.cover > best.cover + 0.01 || (Math.abs(l.cover - best.cover) <= 0.01 && Math.abs(l.base - expected) < Math.abs(best.base - expected))) best = l;
  }
  return best ? best.base : null;
}

/** The words with y2 (the coordinate `words` compares vertically) moved to their baseline; counts the unplaced. */
export function onBaselines(words: readonly Word[], runs: readonly Run[]): { words: Word[]; unplaced: number } {
  let unplaced = 0;
  const out = words.map((w) => {
    const base = baselineOf(w, runs);
    if (base == null) { unplaced++; return w; }
    return { ...w, y2: base };
  });
  return { words: out, unplaced };
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Scores `testPdf` against `refPdf` by glyph origin (see the file comment). `tol` in pt (default 2).
 * @throws Error when pdftotext or pdfjs cannot read a PDF.
 */
export async function scoreBaselines(refPdf: string, testPdf: string, tol = 2): Promise<BaseScore> {
  const [wr, wt, rr, rt] = await Promise.all([pdfWords(refPdf), pdfWords(testPdf), pdfRuns(refPdf), pdfRuns(testPdf)]);
  const ref = onBaselines(wr, rr), test = onBaselines(wt, rt);
  const a = wordAgreement(ref.words, test.words, tol);
  return {
    base_agreement: r3(a.word_agreement),
    base_mean_offset_pt: a.mean_offset_pt == null ? null : r3(a.mean_offset_pt),
    base_unplaced: [ref.unplaced, test.unplaced],
  };
}
