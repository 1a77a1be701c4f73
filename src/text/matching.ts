// CSS font matching within one family (css-fonts-4 §5.2 step 4). In: the family's faces (each
// with a weight range and a style) and the desired weight and style. Out: the closest face.

/** What matching needs to know about a candidate face. */
export interface MatchCandidate {
  weight: [number, number];   // [min, max]; a single weight has min = max
  style: 'normal' | 'italic' | 'oblique';
}

/** The style preference order of css-fonts-4 §5.2 (font-style), without oblique angles. */
const STYLE_ORDER: Record<MatchCandidate['style'], ReadonlyArray<MatchCandidate['style']>> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
};

/**
 * Orders a weight for matching against `desired` (css-fonts-4 §5.2, font-weight): lower is better.
 * - desired in [400, 500]: weights from desired up to 500 ascending, then below desired
 *   descending, then above 500 ascending;
 * - desired < 400: weights ≤ desired descending, then above ascending;
 * - desired > 500: weights ≥ desired ascending, then below descending.
 * A range containing `desired` is an exact match (rank 0).
 */
export function weightRank(range: [number, number], desired: number): number {
  const [lo, hi] = range;
  if (lo <= desired && desired <= hi) return 0;
  // The face's nearest weight to the desired one.
  const w = hi < desired ? hi : lo;
  if (desired >= 400 && desired <= 500) {
    if (w > desired && w <= 500) return 1 + (w - desired);            // up to 500 ascending
    if (w < desired) return 2000 + (desired - w);                      // below, descending
    return 4000 + (w - desired);                                       // above 500, ascending
  }
  if (desired < 400) {
    if (w < desired) return 1 + (desired - w);
    return 2000 + (w - desired);
  }
  if (w > desired) return 1 + (w - desired);
  return 2000 + (desired - w);
}

/**
 * The best face of one family for a weight and style (css-fonts-4 §5.2): style narrows first
 * (italic → italic, else oblique, else normal; oblique → oblique, italic, normal; normal →
 * normal, oblique, italic), then weight by `weightRank`. Ties keep the earlier face (for
 * @font-face, later rules are listed first by the caller so they win, as in CSS).
 * Returns undefined for an empty list.
 */
export function matchFace<T extends MatchCandidate>(faces: readonly T[], weight: number, style: MatchCandidate['style']): T | undefined {
  if (faces.length === 0) return undefined;
  if (faces.length === 1) return faces[0];
  let pool: T[] = [];
  for (const s of STYLE_ORDER[style] ?? STYLE_ORDER.normal) {
    pool = faces.filter((f) => f.style === s);
    if (pool.length) break;
  }
  if (pool.length === 0) pool = faces.slice();
  let best = pool[0];
  let bestRank = weightRank(best.weight, weight);
  for (let i = 1; i < pool.length; i++) {
    const r = weightRank(pool[i].weight, weight);
    if (r < bestRank) {
      best = pool[i];
      bestRank = r;
    }
  }
  return best;
}

/**
 * Whether the matched face needs synthesis (as Blink's FontPlatformData decides with
 * font-synthesis: auto): bold when the desired weight is ≥ 600 and the face's heaviest
 * weight is < 600; oblique when italic or oblique is wanted and the face is normal.
 */
export function needsSynthesis(face: MatchCandidate, weight: number, style: MatchCandidate['style']): { bold: boolean; oblique: boolean } {
  return {
    bold: weight >= 600 && face.weight[1] < 600,
    oblique: style !== 'normal' && face.style === 'normal',
  };
}
