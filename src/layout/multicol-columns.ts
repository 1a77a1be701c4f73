/**
 * One column set of a multi-column container (css-multicol-1 §3.4, §7, §8; css-break-3): the content of a flow thread laid out
 * column by column, each column a fragmentainer of the column height, balanced when column-fill asks for it.
 * In: the flow thread box, its break token, the column geometry and the height available. Out: column fragments, rules, the token to resume.
 */
import type { BlockBox } from '../box/types.ts';
import type { Color, ComputedStyle } from '../css/computed.ts';
import type { BoxFragment, Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { FlowEnv } from './context.ts';
import type { BreakToken, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import { inheritedStyle } from '../css/properties/index.ts';
import { cachingInlineContext, copyToken } from './multicol-cache.ts';
import { markOutOfFlow, restoreOutOfFlow } from './oof-mark.ts';

/** The used column geometry (css-multicol-1 §3.4): count, width and gap in px. */
export interface ColumnGeometry { count: number; width: number; gap: number }

/** One column laid out: its thread fragment, how far its content reaches below the column top (px), the token after it. */
interface Column {
  frag: BoxFragment | null; extent: number; token: BreakToken | null; pushed: boolean;
  /** Positioned boxes met in this column (static positions to move with it): their ranges in `abs` and `env.fixed`. */
  pending?: { abs: PendingAbs[]; from: number; to: number; fixed: PendingAbs[]; fixedFrom: number; fixedTo: number };
}

/** A run of columns of one height. */
interface ColumnRun { columns: Column[]; token: BreakToken | null; pushed: boolean }

/** What a column set produced on this fragmentainer. */
export interface ColumnSetResult {
  /** Column fragments (translated into place) and column-rule fragments, in painting order (rules first). */
  children: Fragment[];
  /** Used column height, px (0 when nothing was placed). */
  height: number;
  /** Where the flow thread resumes on the next page, null when it ended. */
  token: BreakToken | null;
  /** Nothing of the set could be placed here (not at the top of a page): break before it. */
  pushed: boolean;
  /** First baseline of the first column, absolute y. */
  baseline?: number;
}

/** Input of layoutColumnSet. */
export interface ColumnSetParams {
  thread: BlockBox;
  /** The multicol container's style (column-fill, column-rule, direction). */
  style: ComputedStyle;
  geometry: ColumnGeometry;
  /** Inline start of the columns' row (the container's content box left edge), absolute px. */
  x: number;
  /** Block start of the row, absolute px. */
  y: number;
  /** Height the columns may take on this page / inside the container's specified height; Infinity when unconstrained. */
  available: number;
  /** The container's specified height (not the page) limits the columns: columns beyond `count` overflow inline-wards (§8.2). */
  constrained: boolean;
  token: BreakToken | null;
  /** Nothing precedes the set on this page: its first column must make progress. */
  atTop: boolean;
  abs: PendingAbs[];
  /** A spanner follows the set: it is balanced whatever column-fill says (css-multicol-1 §7, as Chromium does). */
  beforeSpanner?: boolean;
}

/** Half a CSS px: the balancing search stops when the column height is known to this precision. */
const PRECISION = 0.5;
/** Columns laid out in one run at most (overflow columns of a constrained container included). */
const MAX_COLUMNS = 1000;

/**
 * Lays out one column set (css-multicol-1 §7 column-fill, §8 overflow). With column-fill: balance (and always when
 * the height is unconstrained) the column height is the smallest one that lets the content fit in `count` columns,
 * found by bisection over trial layouts of the flow thread with each column a fragmentainer of that height (css-break-3
 * break tokens carry the content from one column to the next). When the content does not fit in `count` columns of
 * the available height, the columns fill it and the set continues on the next page (paged media: only the last
 * fragment is balanced). Column rules (§5) are painted between adjacent columns that both have content.
 */
export function layoutColumnSet(p: ColumnSetParams, outer: FlowEnv): ColumnSetResult {
  const { count } = p.geometry;
  // Trial layouts repeat the same paragraphs at other heights: their line boxes are laid out once (see multicol-cache.ts).
  const env: FlowEnv = { ...outer, ctx: cachingInlineContext(outer.ctx) };
  const fill = p.style.columnFill ?? 'balance';
  const avail = Math.max(0, p.available);
  let height: number;
  if (fill !== 'auto' || !Number.isFinite(avail) || p.beforeSpanner === true) {
    height = balancedHeight(p, avail, env);
  } else {
    height = avail;
  }
  const run = runColumns(p, height, p.constrained ? MAX_COLUMNS : count, p.abs, env);
  if (run.pushed) return { children: [], height: 0, token: p.token, pushed: true };
  return place(p, run, height);
}

/**
 * The balanced column height (css-multicol-1 §7), as Chromium computes it: the content is first laid out in columns of
 * unlimited height (split only at forced breaks, trailing margins included); the columns left over after the forced breaks
 * go, one by one, to the tallest run, and the tallest share is the first guess. When the content does not fit in `count`
 * columns of that height, the smallest height that fits (to PRECISION px, tightened to the tallest column's content) is used.
 */
function balancedHeight(p: ColumnSetParams, avail: number, env: FlowEnv): number {
  const count = p.geometry.count;
  // A trial fits when the content ends within `count` columns without overflowing one (no column starts "at the top":
  // content that only fits by breaking orphans/widows or by overflowing asks for taller columns).
  const fits = (h: number): { ok: boolean; extent: number } => {
    const r = runColumns(p, h, count, [], env, true);
    const extent = Math.max(0, ...r.columns.map((c) => c.extent));
    return { ok: r.token === null && !r.pushed && extent <= h + 0.01, extent };
  };
  // Content that does not fit in the columns of this page fills them (only the last fragment is balanced); checking this
  // first keeps a long multicol from laying out all that is left on every page.
  if (Number.isFinite(avail) && !fits(avail).ok) return avail;
  const natural = runColumns(p, Infinity, MAX_COLUMNS, [], env);
  const runs = natural.columns.map((c) => c.extent);
  if (runs.length > count) return Number.isFinite(avail) ? avail : Math.max(0, ...runs); // more forced breaks than columns
  const shares = runs.map(() => 1);
  for (let k = runs.length; k < count && runs.length > 0; k++) {
    let best = 0;
    for (let i = 1; i < runs.length; i++) if (runs[i] / shares[i] > runs[best] / shares[best]) best = i;
    shares[best]++;
  }
  const guess = Math.max(0, ...runs.map((e, i) => e / shares[i]));
  let hi = Math.min(avail, Math.max(0, ...runs));
  if (guess >= hi) return hi;
  if (fits(guess).ok) return guess;
  let lo = guess;
  let best = hi;
  for (let i = 0; i < 40 && hi - lo > PRECISION; i++) {
    const mid = (lo + hi) / 2;
    const r = fits(mid);
    if (r.ok) { best = mid; hi = Math.max(lo, Math.min(mid, r.extent)); } else lo = mid;
  }
  // The tallest column's content at the last height that fitted is the height (checked: it lays out alike).
  return hi < best && fits(hi).ok ? hi : best;
}

/**
 * Lays out up to `max` columns of height `h` from the set's token, at the first column's position (translated later).
 * `strict`: no column may force progress (a trial of the balancer). Trials collect positioned boxes apart.
 */
function runColumns(p: ColumnSetParams, h: number, max: number, abs: PendingAbs[], env: FlowEnv, strict = false): ColumnRun {
  const oof = markOutOfFlow(env);
  const columns: Column[] = [];
  let token = copyToken(p.token);
  const commit = abs === p.abs;
  for (let i = 0; i < max; i++) {
    const absFrom = abs.length, fixedFrom = env.fixed.length;
    const col = layoutColumn(p, token, h, strict ? false : i === 0 ? p.atTop : true, abs, env);
    if (commit) col.pending = { abs, from: absFrom, to: abs.length, fixed: env.fixed, fixedFrom, fixedTo: env.fixed.length };
    if (col.pushed) {
      if (!commit) restoreOutOfFlow(oof);
      return { columns, token, pushed: i === 0 };
    }
    columns.push(col);
    token = col.token;
    if (token === null) break;
  }
  if (!commit) restoreOutOfFlow(oof);
  return { columns, token, pushed: false };
}

/** One column: the flow thread laid out from `token` in a fragmentainer of height `h` (Infinity: unfragmented). */
function layoutColumn(p: ColumnSetParams, token: BreakToken | null, h: number, atTop: boolean, abs: PendingAbs[], env: FlowEnv): Column {
  const top = p.y;
  const colEnv: FlowEnv = Number.isFinite(h)
    ? { ...env, pageBottom: top + h, pageHeight: h, fragmentainerTop: top, inColumns: true }
    : { ...env, pageBottom: Infinity, pageHeight: undefined, fragmentainerTop: undefined, inColumns: true };
  const width = p.geometry.width;
  // Margins at the column top are truncated after an unforced break (css-break-3 §5.2).
  const forced = token?.content?.kind === 'block' && token.content.forced === true;
  const r = env.ctx.layoutBlockLevel(p.thread, {
    cb: { x: p.x, y: top, width, height: null }, y: top, margin: NO_MARGIN, token, atTop, truncate: token !== null && !forced, abs,
    forceBfc: true, fragmentFloats: true, widthOverride: width, marginsOverride: { left: 0, right: 0 },
  }, colEnv);
  if (r.pushed || !r.fragment || r.fragment.kind !== 'box') return { frag: null, extent: 0, token, pushed: r.pushed };
  const frag = r.fragment;
  // A column of unlimited height reaches its fragment's bottom, trailing margins included (they count in the first guess);
  // in a column of a given height, margins at its end are truncated and a box that breaks is stretched to the column
  // bottom by block layout, so the content's own bottom edge is measured.
  const extent = !Number.isFinite(h) ? frag.height : contentExtent(frag) - top;
  return { frag, extent: Math.max(0, extent), token: r.token, pushed: false };
}

/**
 * The lowest bottom edge of what a column holds, absolute px: border boxes of boxes that end here, line boxes, and inside
 * boxes that continue in the next column (block layout stretches those to the column bottom) the content they hold.
 */
function contentExtent(f: BoxFragment): number {
  let bottom = f.y;
  for (const c of f.children) {
    if (c.kind === 'box' && (c.style.position === 'absolute' || c.style.position === 'fixed')) continue;
    // A box sliced at its specified height (not its content) reaches the column bottom.
    const sliced = c.kind === 'box' && !c.endsBox && c.style.height === 'auto';
    bottom = Math.max(bottom, sliced ? contentExtent(c) : c.y + c.height);
  }
  return bottom;
}

/** Moves the columns of a run into place (left to right, or right to left in rtl) and adds the column rules. */
function place(p: ColumnSetParams, run: ColumnRun, height: number): ColumnSetResult {
  const { width, gap } = p.geometry;
  const rtl = p.style.direction === 'rtl';
  const cols: BoxFragment[] = [];
  const rules: Fragment[] = [];
  const xs: number[] = [];
  run.columns.forEach((c, i) => {
    const x = rtl ? p.x + (p.geometry.count - 1 - i) * (width + gap) : p.x + i * (width + gap);
    xs.push(x);
    if (c.pending) {
      // Static positions (CSS 2.1 §10.3.7) of positioned boxes met in the column move with it.
      const { abs, from, to, fixed, fixedFrom, fixedTo } = c.pending;
      for (const a of [...abs.slice(from, to), ...fixed.slice(fixedFrom, fixedTo)]) {
        a.staticX += x - p.x;
        if (a.staticRight !== undefined) a.staticRight += x - p.x;
      }
    }
    if (!c.frag) return;
    translateFragment(c.frag, x - p.x, 0);
    c.frag.height = height;
    cols.push(c.frag);
  });
  const rule = ruleOf(p.style);
  if (rule !== null) {
    for (let i = 1; i < run.columns.length; i++) {
      if (!run.columns[i - 1].frag?.children.length || !run.columns[i].frag?.children.length) continue;
      // The rule is centred in the gap between the two columns (css-multicol-1 §5).
      const between = rtl ? xs[i] + width + gap / 2 : xs[i] - gap / 2;
      rules.push(ruleFragment(rule, between - rule.width / 2, p.y, height));
    }
  }
  const out: ColumnSetResult = { children: [...rules, ...cols], height, token: run.token, pushed: false };
  const b = cols[0]?.baseline;
  if (b !== undefined) out.baseline = b;
  return out;
}

interface Rule { width: number; style: ComputedStyle['borderLeft']['style']; color: Color; base: ComputedStyle }

/** The used column rule (css-multicol-1 §5.1–§5.3), or null when none is painted (style none/hidden, zero width, transparent). */
function ruleOf(s: ComputedStyle): Rule | null {
  const style = s.columnRuleStyle ?? 'none';
  const width = s.columnRuleWidth ?? 3;
  const color = s.columnRuleColor ?? s.color;
  if (style === 'none' || style === 'hidden' || width <= 0 || color.a === 0) return null;
  return { width, style, color, base: s };
}

/** Per container style: the anonymous box and style that paint its column rules. */
const ruleBoxes = new WeakMap<ComputedStyle, BlockBox>();

/**
 * A column rule as a box fragment whose left border is the rule: painted like a border (css-multicol-1 §5: "column
 * rules are drawn just like borders"), by the paint stage's border code, after the container's background and border.
 */
function ruleFragment(rule: Rule, x: number, y: number, height: number): BoxFragment {
  let box = ruleBoxes.get(rule.base);
  if (!box) {
    const style = inheritedStyle(rule.base);
    style.display = 'block';
    style.borderLeft = { width: rule.width, style: rule.style, color: rule.color };
    box = { kind: 'block', outer: 'block', inlineContent: false, children: [], anonymous: true, style };
    ruleBoxes.set(rule.base, box);
  }
  const style = box.style;
  const z = { top: 0, right: 0, bottom: 0, left: 0 };
  return {
    kind: 'box', box, style, x, y, width: rule.width, height,
    margin: { ...z }, border: { ...z, left: rule.width }, padding: { ...z }, children: [], startsBox: true, endsBox: true,
  };
}
