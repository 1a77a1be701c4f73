// Test helpers for inline layout against Chromium figures. In: HTML rendered through renderPdf.
// Out: assertions that every word Chromium 156 printed (text, xMin, yMax in pt from pdftotext -bbox) is where we print it, and dark pixel runs per row.
import assert from 'node:assert/strict';
import { renderPdf } from '../../../src/index.ts';
import { raster, words } from '../../paint/pdf-helpers.ts';

/**
 * A word as pdftotext -bbox reports it: text, left edge and bottom edge (yMax, as the fidelity
 * scorer pairs words), pt; optionally its own tolerance (pt) where extraction differs, not layout.
 */
export type WordFigure = readonly [text: string, xMin: number, yMax: number, tol?: number];

/** Renders `html` (no base URL) to PDF bytes. */
export async function pdfOf(html: string): Promise<Uint8Array> {
  return (await renderPdf(html, { creationDate: new Date(0) })).pdf;
}

/**
 * Asserts that each Chromium word has a word of the same text in `pdf` within `tol` pt on both
 * axes (each of ours pairs once, nearest first), and that we print no word Chromium does not.
 */
export function assertWords(pdf: Uint8Array, chromium: readonly WordFigure[], tol = 0.05): void {
  const ours = words(pdf);
  const used = new Set<number>();
  const off: string[] = [];
  for (const [text, x, y, own] of chromium) {
    let best = -1, bd = Infinity;
    ours.forEach((w, i) => {
      if (used.has(i) || w.text !== text) return;
      const d = Math.max(Math.abs(w.xMin - x), Math.abs(w.yMax - y));
      if (d < bd) { bd = d; best = i; }
    });
    if (best >= 0) used.add(best);
    if (bd > (own ?? tol)) off.push(`"${text}" Chromium (${x}, ${y}) ours ${best < 0 ? 'missing' : `(${ours[best]!.xMin.toFixed(3)}, ${ours[best]!.yMax.toFixed(3)})`}`);
  }
  const extra = ours.filter((_, i) => !used.has(i)).map((w) => `"${w.text}"`);
  assert.deepEqual({ off, extra }, { off: [], extra: [] });
}

/** The runs of dark pixels (grey < 60, anti-aliased raster at 96 dpi: 1 px = 1 CSS px) on row `y` of page 1, as "x0-x1". */
export function darkRuns(pdf: Uint8Array, rows: readonly number[]): string[] {
  const img = raster(pdf, 96, 1, true);
  return rows.map((y) => {
    const runs: string[] = [];
    let start = -1;
    for (let x = 0; x <= img.w; x++) {
      const dark = x < img.w && img.px(x, y)[0] < 60;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) { runs.push(`${start}-${x - 1}`); start = -1; }
    }
    return `${y}: ${runs.join(' ')}`;
  });
}
