// In: one axis's track sizing functions, the items' spans and their min-content / max-content / minimum contributions (px).
// Out: the used track sizes (px) by the grid track sizing algorithm (css-grid-1 §11.4–§11.8).
import type { TrackSize, LengthPct } from '../../css/computed.ts';
import { resolveLength } from '../../css/computed.ts';

/** What one grid item contributes to the tracks it spans in the axis being sized (outer sizes, px). */
export interface TrackItem {
  start: number;
  span: number;
  /** min-content contribution (margin box). */
  minContent: number;
  /** max-content contribution (margin box). */
  maxContent: number;
  /** minimum contribution: the outer size from its used min size (automatic minimum = min-content when overflow is visible). */
  minimum: number;
}

/** The constraint the grid container is sized under: a definite available space, or an intrinsic size of the container. */
export type SizingMode = 'definite' | 'min-content' | 'max-content';

interface Track {
  base: number;
  limit: number;
  /** Growth limit is still infinite (an intrinsic max function no item has sized yet). */
  infinite: boolean;
  minKind: 'fixed' | 'min-content' | 'max-content' | 'auto';
  maxKind: 'fixed' | 'min-content' | 'max-content' | 'auto' | 'fr';
  flex: number;
  /** Growth limit went from infinite to finite in the last span group (§11.5.1 "infinitely growable"). */
  growable: boolean;
  /** fit-content(limit): the growth limit is clamped at max(base, limit) px (§11.5). */
  fitLimit?: number;
}

const isLengthTrack = (t: TrackSize): t is { kind: 'length'; value: LengthPct } => t.kind === 'length';

/** Used value of a <length-percentage> track size, or null when it is a percentage of an indefinite size (then treated as auto, §7.2.1). */
function fixed(v: LengthPct, avail: number | null): number | null {
  if (v.pct !== 0 && avail === null) return null;
  return Math.max(0, resolveLength(v, avail));
}

function initTrack(t: TrackSize, avail: number | null): Track {
  const minF = t.kind === 'minmax' ? t.min : t;
  const maxF = t.kind === 'minmax' ? t.max : t;
  const tr: Track = { base: 0, limit: 0, infinite: false, minKind: 'auto', maxKind: 'auto', flex: 0, growable: false };
  // Min sizing function (§11.4): fixed → its size; intrinsic (or fr, which is auto as a minimum) → 0.
  if (isLengthTrack(minF)) { const v = fixed(minF.value, avail); if (v !== null) { tr.minKind = 'fixed'; tr.base = v; } }
  else if (minF.kind === 'min-content' || minF.kind === 'max-content') tr.minKind = minF.kind;
  // Max sizing function: fixed → its size; intrinsic → infinity; fr → flexible (infinite limit, sized by §11.7).
  if (isLengthTrack(maxF)) {
    const v = fixed(maxF.value, avail);
    if (v !== null) { tr.maxKind = 'fixed'; tr.limit = v; } else { tr.maxKind = 'auto'; tr.infinite = true; }
  } else if (maxF.kind === 'fr') { tr.maxKind = 'fr'; tr.flex = Math.max(0, maxF.value); tr.infinite = true; }
  else { tr.maxKind = maxF.kind === 'minmax' ? 'auto' : maxF.kind; tr.infinite = true; }
  if (t.kind === 'minmax' && t.fitContent !== undefined) { const f = fixed(t.fitContent, avail); if (f !== null) tr.fitLimit = f; }
  if (!tr.infinite && tr.limit < tr.base) tr.limit = tr.base;
  return tr;
}

const limitOf = (t: Track): number => (t.infinite ? t.base : t.limit);

/**
 * Grows base sizes by `extra` px over `tracks`, equally, freezing tracks at their growth limits (§11.6
 * maximize tracks); with `beyondLimits` the rest is then shared equally among all of them.
 */
function distribute(tracks: Track[], extra: number, beyondLimits = true): void {
  if (extra <= 0 || tracks.length === 0) return;
  let left = extra;
  let open = tracks.filter((t) => t.infinite || t.base < t.limit - 1e-6);
  for (let guard = 0; left > 1e-6 && open.length > 0 && guard < tracks.length + 1; guard++) {
    const share = left / open.length;
    const next: Track[] = [];
    for (const t of open) {
      const room = t.infinite ? Infinity : t.limit - t.base;
      const d = Math.min(share, room);
      t.base += d; left -= d;
      if (d < room - 1e-6) next.push(t);
    }
    open = next;
  }
  if (left > 1e-6 && beyondLimits) { const share = left / tracks.length; for (const t of tracks) t.base += share; }
}

/**
 * Item-incurred increases of one spanning item (§11.5.1 "distribute extra space", steps 1–3), not applied:
 * `extra` px shared equally among the affected `tracks` up to their limits (base sizes: the growth limit;
 * growth limits: none for infinite or infinitely growable limits, else no growth), then the rest equally
 * among `overflowTo` (or all affected tracks when empty).
 */
function increases(tracks: Track[], extra: number, which: 'base' | 'limit', overflowTo: Track[]): Map<Track, number> {
  const inc = new Map<Track, number>();
  for (const t of tracks) inc.set(t, 0);
  if (extra <= 1e-9 || tracks.length === 0) return inc;
  const room = (t: Track): number => (which === 'base' ? (t.infinite ? Infinity : t.limit - t.base) : (t.infinite || t.growable ? Infinity : 0));
  let left = extra;
  let open = tracks.filter((t) => room(t) > 1e-6);
  for (let guard = 0; left > 1e-6 && open.length > 0 && guard <= tracks.length; guard++) {
    const share = left / open.length;
    const next: Track[] = [];
    for (const t of open) {
      const r = room(t) - (inc.get(t) as number);
      const d = Math.min(share, r);
      inc.set(t, (inc.get(t) as number) + d);
      left -= d;
      if (d < r - 1e-6) next.push(t);
    }
    open = next;
  }
  if (left > 1e-6) {
    const to = overflowTo.length > 0 ? overflowTo : tracks;
    for (const t of to) inc.set(t, (inc.get(t) as number) + left / to.length);
  }
  return inc;
}

/** Applies the largest item-incurred increase per track of one span group (§11.5.1 step 4 "planned increase"). */
function applyPlanned(planned: Map<Track, number>, which: 'base' | 'limit'): void {
  for (const [t, d] of planned) {
    if (which === 'base') t.base += d;
    else if (t.infinite) { t.infinite = false; t.limit = t.base + d; t.growable = true; }
    else t.limit += d;
  }
}

function plan(planned: Map<Track, number>, inc: Map<Track, number>): void {
  for (const [t, d] of inc) planned.set(t, Math.max(planned.get(t) ?? 0, d));
}

/**
 * Runs the grid track sizing algorithm for one axis (css-grid-1 §11.4–§11.8) and returns the used
 * track sizes (px). `avail` is the axis's definite content size (px) or null; `gap` the gutter (px);
 * `mode` says whether the container is sized under a min-/max-content constraint (intrinsic sizes).
 * Percentage track sizes against an indefinite size are auto. `stretch` enables §11.8 (justify/align-content normal or stretch).
 */
export function sizeTracks(sizes: TrackSize[], items: TrackItem[], avail: number | null, gap: number, mode: SizingMode, stretch: boolean): number[] {
  const tracks = sizes.map((t) => initTrack(t, mode === 'definite' ? avail : null));
  const n = tracks.length;
  if (n === 0) return [];
  const gaps = (span: number): number => gap * Math.max(0, span - 1);
  const crossesFlex = (it: TrackItem): boolean => { for (let i = it.start; i < it.start + it.span; i++) if (tracks[i].maxKind === 'fr') return true; return false; };
  // §11.5 step 2: items spanning one non-flexible track.
  const single = items.filter((it) => it.span === 1 && it.start < n && tracks[it.start].maxKind !== 'fr');
  for (const it of single) {
    const t = tracks[it.start];
    if (t.minKind === 'min-content') t.base = Math.max(t.base, it.minContent);
    else if (t.minKind === 'max-content') t.base = Math.max(t.base, it.maxContent);
    else if (t.minKind === 'auto') t.base = Math.max(t.base, mode === 'max-content' ? it.maxContent : mode === 'min-content' ? it.minContent : it.minimum);
  }
  for (const it of single) {
    const t = tracks[it.start];
    if (t.maxKind === 'fixed' || t.maxKind === 'fr') continue;
    const c = Math.min(t.maxKind === 'min-content' ? it.minContent : it.maxContent, t.fitLimit ?? Infinity);
    t.limit = t.infinite ? c : Math.max(t.limit, c);
    t.infinite = false;
  }
  for (const t of tracks) if (!t.infinite && t.limit < t.base) t.limit = t.base;
  // Single-track items in flexible tracks with an intrinsic (auto) minimum size their base (§11.5 via step 4 for span 1).
  for (const it of items) {
    if (it.span !== 1 || it.start >= n) continue;
    const t = tracks[it.start];
    if (t.maxKind === 'fr' && t.minKind !== 'fixed') t.base = Math.max(t.base, t.minKind === 'max-content' || mode === 'max-content' ? it.maxContent : mode === 'min-content' ? it.minContent : it.minimum);
  }
  // §11.5 step 3: items spanning several tracks, none flexible, in groups of equal span (planned increases per group).
  // Step 4 (spanning items crossing flexible tracks) is left out, as Chromium 156 does: such items only size fr tracks in §11.7.
  const multi = items.filter((it) => it.span > 1 && it.start + it.span <= n && !crossesFlex(it)).sort((a, b) => a.span - b.span);
  const need = (it: TrackItem): number => (mode === 'max-content' ? it.maxContent : mode === 'min-content' ? it.minContent : it.minimum);
  for (let g0 = 0; g0 < multi.length;) {
    let g1 = g0;
    while (g1 < multi.length && multi[g1].span === multi[g0].span) g1++;
    const group = multi.slice(g0, g1);
    g0 = g1;
    const spannedOf = (it: TrackItem): Track[] => tracks.slice(it.start, it.start + it.span);
    const sum = (ts: Track[], f: (t: Track) => number): number => ts.reduce((a, t) => a + f(t), 0);
    // Intrinsic minimums, then max-content minimums (base sizes).
    for (const phase of ['min', 'max'] as const) {
      const planned = new Map<Track, number>();
      for (const it of group) {
        const sp = spannedOf(it);
        const affected = phase === 'min' ? sp.filter((t) => t.minKind !== 'fixed') : sp.filter((t) => t.minKind === 'max-content' || (t.minKind === 'auto' && mode === 'max-content'));
        const overflow = affected.filter((t) => (phase === 'min' ? t.maxKind !== 'fixed' : t.maxKind === 'max-content' || t.maxKind === 'auto'));
        const extra = (phase === 'min' ? need(it) : it.maxContent) - sum(sp, (t) => t.base) - gaps(it.span);
        plan(planned, increases(affected, extra, 'base', overflow));
      }
      applyPlanned(planned, 'base');
      for (const t of tracks) if (!t.infinite && t.limit < t.base) t.limit = t.base;
    }
    // Intrinsic maximums (growth limits).
    for (const t of tracks) t.growable = false;
    const planned = new Map<Track, number>();
    for (const it of group) {
      const sp = spannedOf(it);
      const affected = sp.filter((t) => t.maxKind !== 'fixed');
      plan(planned, increases(affected, it.maxContent - sum(sp, limitOf) - gaps(it.span), 'limit', affected));
    }
    applyPlanned(planned, 'limit');
  }
  // fit-content() tracks: growth limits clamped at max(base, limit) (§11.5 "clamp by the fit-content argument").
  for (const t of tracks) if (t.fitLimit !== undefined && !t.infinite) t.limit = Math.max(t.base, Math.min(t.limit, t.fitLimit));
  // §11.5 step 5: growth limits still infinite become the base size.
  for (const t of tracks) {
    if (t.maxKind === 'fr') continue;
    if (t.infinite) { t.infinite = false; t.limit = t.base; }
    if (t.limit < t.base) t.limit = t.base;
  }
  const used = (): number => tracks.reduce((s, t) => s + t.base, 0) + gaps(n);
  // §11.6 maximize tracks.
  if (mode === 'max-content') { for (const t of tracks) if (t.maxKind !== 'fr') t.base = t.limit; }
  else if (mode === 'definite' && avail !== null) {
    const free = avail - used();
    if (free > 0) distribute(tracks.filter((t) => t.maxKind !== 'fr' && t.limit > t.base + 1e-6), free, false);
  }
  // §11.7 expand flexible tracks.
  const flexTracks = tracks.filter((t) => t.maxKind === 'fr');
  if (flexTracks.length > 0 && mode !== 'min-content') {
    let frSize: number;
    if (mode === 'definite' && avail !== null) {
      frSize = findFrSize(tracks, avail - gaps(n));
    } else {
      // Indefinite: the largest of each flexible track's base / flex and each crossing item's max-content share (§11.7.1).
      frSize = 0;
      for (const t of flexTracks) frSize = Math.max(frSize, t.flex > 1 ? t.base / t.flex : t.base);
      for (const it of items) {
        if (it.start + it.span > n || !crossesFlex(it)) continue;
        const spanned = tracks.slice(it.start, it.start + it.span);
        frSize = Math.max(frSize, frShare(spanned, it.maxContent - gaps(it.span)));
      }
    }
    expandFlexTracks(flexTracks, frSize);
  }
  // §11.8 stretch auto tracks.
  if (stretch && mode === 'definite' && avail !== null) {
    const free = avail - used();
    const autos = tracks.filter((t) => t.maxKind === 'auto');
    if (free > 0 && autos.length > 0) for (const t of autos) t.base += free / autos.length;
  }
  return tracks.map((t) => t.base);
}

/**
 * Sets each flexible track's base size to its share, the fr size × its flex factor (§11.7), in LayoutUnits as Blink
 * does (ExpandFlexibleTracks): the share (the fr size a 32-bit float) plus what earlier tracks' truncation left over,
 * truncated to 1/64 px (beyond float noise), the difference carried to the next track, so that the tracks fill the
 * space: seven 1fr columns of 600 px are 85.703125, 85.71875, 85.71875, 85.703125, 85.71875, 85.71875, 85.71875 px
 * (Chromium 156). A base size above the share stays.
 */
function expandFlexTracks(flexTracks: readonly Track[], frSize: number): void {
  let leftover = 0;
  const fr = Math.fround(frSize);
  for (const t of flexTracks) {
    const share = fr * t.flex + leftover;
    const lu = Math.trunc(share * 64 + 1e-7) / 64;
    if (lu > t.base) { t.base = lu; leftover = share - lu; }
  }
}

/** "Find the size of an fr" (§11.7.1) filling `space` px with the given tracks; flexible tracks whose base exceeds their share are treated as inflexible. */
function findFrSize(tracks: Track[], space: number): number {
  return frShare(tracks, space);
}

function frShare(tracks: Track[], space: number): number {
  const inflexible = new Set<Track>(tracks.filter((t) => t.maxKind !== 'fr'));
  for (let guard = 0; guard <= tracks.length; guard++) {
    let leftover = space, sumFlex = 0;
    for (const t of tracks) { if (inflexible.has(t)) leftover -= t.base; else sumFlex += t.flex; }
    const hypo = leftover / Math.max(1, sumFlex);
    if (hypo <= 0) return 0;
    let changed = false;
    for (const t of tracks) if (!inflexible.has(t) && t.base > hypo * t.flex) { inflexible.add(t); changed = true; }
    if (!changed) return hypo;
  }
  return 0;
}
