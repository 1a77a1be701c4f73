// In: a grid container's explicit track list of one axis (with its auto-repeat range and line names) and the container's sizes in that axis (px).
// Out: the explicit tracks with repeat(auto-fill|auto-fit) expanded, their line names, and the repeated track range (for auto-fit collapsing).
import type { ComputedStyle, GridAutoRepeat, LengthPct, TrackSize } from '../../css/computed.ts';
import { resolveLength } from '../../css/computed.ts';

/** One axis's explicit grid after auto-repeat expansion. */
export interface ExplicitAxis {
  tracks: TrackSize[];
  /** Names of each line (0-based), or null when no line is named. */
  names: string[][] | null;
  /** The tracks that came from repeat(auto-fit, …): [first, end) — empty ones collapse (§7.2.3.2). Null otherwise. */
  fitRange: [number, number] | null;
}

/** The container's sizes of one axis used by §7.2.3.2: the definite content size, else the max size, else the min size (px, content box; null = none). */
export interface RepeatSpace { size: number | null; max: number | null; min: number | null }

const fixedPx = (v: LengthPct, basis: number | null): number | null => (v.pct !== 0 && basis === null ? null : Math.max(0, resolveLength(v, basis)));

/** A repeated track's size for counting repetitions: its max sizing function when definite, else its min (§7.2.3.2). */
function repeatedSize(t: TrackSize, basis: number | null): number {
  if (t.kind === 'length') return fixedPx(t.value, basis) ?? 0;
  if (t.kind === 'minmax') {
    const mx = t.max.kind === 'length' ? fixedPx(t.max.value, basis) : null;
    const mn = t.min.kind === 'length' ? fixedPx(t.min.value, basis) : null;
    if (mx !== null) return Math.max(mx, mn ?? 0);
    return mn ?? 0;
  }
  return 0;
}

/**
 * Number of repetitions of an auto-repeat (css-grid-1 §7.2.3.2): with a definite size or max size, the largest
 * count (>= 1) whose tracks and gutters do not overflow it; with only a min size, the smallest count that fills it; else 1.
 * Bounded at 1000 repetitions.
 */
export function autoRepeatCount(template: TrackSize[], rep: GridAutoRepeat, space: RepeatSpace, gap: number): number {
  const limit = space.size ?? space.max;
  const basis = space.size ?? space.max ?? space.min;
  const target = limit ?? space.min;
  if (target === null) return 1;
  let other = 0, repeated = 0;
  template.forEach((t, i) => {
    const v = repeatedSize(t, basis);
    if (i >= rep.at && i < rep.at + rep.count) repeated += v; else other += v;
  });
  const others = template.length - rep.count;
  // total(n) = other + n * repeated + gap * (others + n * count - 1)
  const perRep = repeated + gap * rep.count;
  const fixedPart = other + gap * (others - 1);
  if (perRep <= 0) return 1;
  const MAX = 1000;
  if (limit !== null) return Math.max(1, Math.min(MAX, Math.floor((target - fixedPart + 1e-6) / perRep)));
  return Math.max(1, Math.min(MAX, Math.ceil((target - fixedPart - 1e-6) / perRep)));
}

/**
 * The explicit tracks of one axis (css-grid-1 §7.2): the template with its auto-repeat repeated `reps` times, and the
 * line names expanded alongside (names inside the repeat repeat; adjacent names merge).
 */
export function explicitAxis(style: ComputedStyle, columns: boolean, reps: number): ExplicitAxis {
  const tpl = (columns ? style.gridTemplateColumns : style.gridTemplateRows);
  const template = tpl === 'none' ? [] : tpl;
  const rep = (columns ? style.gridColumnsRepeat : style.gridRowsRepeat) ?? null;
  const names = (columns ? style.gridColumnLineNames : style.gridRowLineNames) ?? null;
  if (rep === null || tpl === 'none') return { tracks: template, names, fitRange: null };
  const n = Math.max(1, reps);
  const tracks = [...template.slice(0, rep.at)];
  for (let k = 0; k < n; k++) tracks.push(...template.slice(rep.at, rep.at + rep.count));
  tracks.push(...template.slice(rep.at + rep.count));
  let outNames: string[][] | null = null;
  if (names !== null) {
    // names[rep.at] .. names[rep.at + count] belong to the repeat: the first and last lines of each copy merge with neighbours.
    outNames = names.slice(0, rep.at + 1).map((l) => [...l]);
    const inner = names.slice(rep.at, rep.at + rep.count + 1);
    for (let k = 0; k < n; k++) {
      if (k > 0) outNames[outNames.length - 1].push(...inner[0]);
      for (let i = 1; i < inner.length; i++) outNames.push([...inner[i]]);
    }
    for (let i = rep.at + rep.count + 1; i < names.length; i++) outNames.push([...names[i]]);
  }
  return { tracks, names: outNames, fitRange: rep.fit ? [rep.at, rep.at + n * rep.count] : null };
}

/**
 * The 0-based line of `name` (css-grid-1 §8.3.1): the `nth` line with that name (negative counts from the end), or
 * null when no line has it. Lines past the named ones count implicit lines after the explicit grid (every implicit line
 * is taken to have the name).
 */
export function namedLine(names: string[][] | null, name: string, nth: number, explicitLines: number): number | null {
  if (names === null) return null;
  const hits: number[] = [];
  names.forEach((l, i) => { if (l.includes(name)) hits.push(i); });
  if (hits.length === 0) return null;
  if (nth > 0) return nth <= hits.length ? hits[nth - 1] : explicitLines - 1 + (nth - hits.length);
  if (nth < 0) return -nth <= hits.length ? hits[hits.length + nth] : -(-nth - hits.length);
  return null;
}
