/**
 * Pairs two layouts of one document element by element and finds where they part.
 * In: two LayoutNode trees (ours from src/inspect.ts, Chromium's from the DevTools protocol; see tools/diverge/README.md).
 * Out: the paired tree, the first divergence in document order, and every divergence grouped by its cause.
 */

/** A rectangle in CSS px, relative to the top-left of the page area (the viewport in print emulation). */
export interface Rect { x: number; y: number; width: number; height: number }

/** One element's layout on one side. Both sides describe the same DOM (parse5 and Chromium build the same tree). */
export interface LayoutNode {
  /** Lower-case tag name. */
  tag: string;
  id?: string;
  classes: string[];
  /** 1-based source line of the start tag, when known. */
  line?: number;
  /** Border box: the union of the element's fragments (lines of an inline, pages of a split box); null when it has no box. */
  box: Rect | null;
  /** Text boxes of the element's own text (not of child elements), document order, white-space-only ones left out. */
  texts: Rect[];
  /** Computed values as CSS strings, keyed by CSS property name (STYLE_KEYS). */
  style: Record<string, string>;
  children: LayoutNode[];
  /** The side's handle for the element (Chromium: backendNodeId; ours: the domhandler Element). */
  ref?: unknown;
  /** 0-based page the element starts on when printed (set by tools/diverge/pages.ts), when known. */
  page?: number;
  /** The element starts within a few px of a page break on this side: its page is not a finding. */
  pageUncertain?: boolean;
}

/** The properties shown for a divergent element. */
export const STYLE_KEYS = [
  'display', 'position', 'float', 'box-sizing', 'width', 'height',
  'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'font-family', 'font-size', 'font-weight', 'line-height', 'white-space', 'direction', 'transform',
  'break-before', 'break-after', 'break-inside',
] as const;

/** Elements whose subtree is not compared: no boxes in either engine, or an inside that is the engine's own (SVG, form controls). */
const OPAQUE = new Set(['head', 'svg', 'math', 'select', 'textarea', 'iframe', 'object', 'video', 'audio', 'canvas', 'picture', 'template', 'noscript']);
/** Elements that are not compared at all: their "boxes" are not boxes (line breaks, columns). */
const SKIPPED = new Set(['br', 'wbr', 'col', 'colgroup']);

/** A pair of the same element on both sides; either side may be missing when the trees differ. */
export interface Pair {
  ours: LayoutNode | null;
  theirs: LayoutNode | null;
  /** CSS-selector-like path from the root, e.g. `html > body > table.items > tbody > tr:nth-child(3) > td:nth-child(2)`. */
  path: string;
  parent: Pair | null;
  children: Pair[];
}

/** Ours minus Chromium's, px. */
export interface Delta { dx: number; dy: number; dw: number; dh: number }

export type DivergenceKind =
  /** The border box differs in x, y or width (the start edges or the width). */
  | 'box'
  /** Only the height differs and nothing inside the element differs: its own content or edges are taller or shorter. */
  | 'height'
  /** The element's own text starts or ends elsewhere while its box agrees. */
  | 'text'
  /** One side has a box (of non-zero area) and the other none. */
  | 'missing-ours' | 'missing-theirs'
  /** The element exists on one side of the DOM only. */
  | 'unpaired';

export interface Divergence {
  kind: DivergenceKind;
  pair: Pair;
  delta?: Delta;
  /** For 'text': which text box (first or last) differs, and both. */
  text?: { which: 'first' | 'last'; ours: Rect; theirs: Rect; oursLines: number; theirsLines: number };
}

/** Pairs two trees from their roots (both must be the `html` element). */
export function pairTrees(ours: LayoutNode, theirs: LayoutNode): Pair {
  const root: Pair = { ours, theirs, path: segment(ours, null), parent: null, children: [] };
  const stack: Pair[] = [root];
  while (stack.length) {
    const p = stack.pop()!;
    if (OPAQUE.has((p.ours ?? p.theirs)!.tag)) continue;
    const a = (p.ours?.children ?? []).filter((n) => !SKIPPED.has(n.tag));
    const b = (p.theirs?.children ?? []).filter((n) => !SKIPPED.has(n.tag));
    for (const [x, y] of align(a, b)) {
      const node = (x ?? y)!;
      const siblings = x ? a : b;
      const child: Pair = { ours: x, theirs: y, path: `${p.path} > ${segment(node, siblings)}`, parent: p, children: [] };
      p.children.push(child);
    }
    for (let i = p.children.length - 1; i >= 0; i--) stack.push(p.children[i]!);
  }
  return root;
}

/** Children aligned by tag name: zipped when the sequences agree, else a longest common subsequence (greedy past 4M cells). */
function align(a: LayoutNode[], b: LayoutNode[]): Array<[LayoutNode | null, LayoutNode | null]> {
  if (a.length === b.length && a.every((n, i) => n.tag === b[i]!.tag)) return a.map((n, i) => [n, b[i]!]);
  const out: Array<[LayoutNode | null, LayoutNode | null]> = [];
  if (a.length * b.length > 4_000_000) {
    let j = 0;
    for (const n of a) {
      let k = j;
      while (k < b.length && b[k]!.tag !== n.tag) k++;
      if (k === b.length) { out.push([n, null]); continue; }
      while (j < k) out.push([null, b[j++]!]);
      out.push([n, b[j++]!]);
    }
    while (j < b.length) out.push([null, b[j++]!]);
    return out;
  }
  const w = b.length + 1;
  const L = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      L[i * w + j] = a[i]!.tag === b[j]!.tag ? L[(i + 1) * w + j + 1]! + 1 : Math.max(L[(i + 1) * w + j]!, L[i * w + j + 1]!);
    }
  }
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]!.tag === b[j]!.tag) out.push([a[i++]!, b[j++]!]);
    else if (L[(i + 1) * w + j]! >= L[i * w + j + 1]!) out.push([a[i++]!, null]);
    else out.push([null, b[j++]!]);
  }
  while (i < a.length) out.push([a[i++]!, null]);
  while (j < b.length) out.push([null, b[j++]!]);
  return out;
}

/** `tag#id`, else `tag.class1.class2` plus `:nth-child(k)` when an element sibling has the same tag. */
function segment(n: LayoutNode, siblings: LayoutNode[] | null): string {
  let s = n.tag;
  if (n.id) return `${s}#${n.id}`;
  if (n.classes.length) s += n.classes.slice(0, 2).map((c) => `.${c}`).join('');
  if (siblings && siblings.filter((m) => m.tag === n.tag).length > 1) s += `:nth-child(${siblings.indexOf(n) + 1})`;
  return s;
}

const area = (r: Rect | null): number => (r ? r.width * r.height : 0);

/** Ours minus theirs. */
export function delta(a: Rect, b: Rect): Delta {
  return { dx: a.x - b.x, dy: a.y - b.y, dw: a.width - b.width, dh: a.height - b.height };
}

/** Distinct line tops among text boxes (tops within 1 px are one line). */
function lineCount(texts: Rect[]): number {
  const tops: number[] = [];
  for (const t of texts) if (!tops.some((y) => Math.abs(y - t.y) <= 1)) tops.push(t.y);
  return tops.length;
}

/**
 * How one pair diverges on its own (not looking inside): null when it agrees within `tol` px.
 * A height-only difference is returned as kind 'height' (the caller decides whether it is a cause).
 */
export function comparePair(p: Pair, tol: number): Divergence | null {
  if (!p.ours || !p.theirs) return { kind: 'unpaired', pair: p };
  const a = p.ours.box, b = p.theirs.box;
  if (!a || !b) {
    if (!a && area(b) > 0) return { kind: 'missing-ours', pair: p };
    if (!b && area(a) > 0) return { kind: 'missing-theirs', pair: p };
    return null;
  }
  const d = delta(a, b);
  if (Math.abs(d.dx) > tol || Math.abs(d.dy) > tol || Math.abs(d.dw) > tol) return { kind: 'box', pair: p, delta: d };
  if (Math.abs(d.dh) > tol) {
    // Taller or shorter: its own text tells whether a line more or less is why.
    const t = compareText(p, tol);
    return { kind: 'height', pair: p, delta: d, ...(t?.text ? { text: t.text } : {}) };
  }
  return compareText(p, tol);
}

/** The element's own first and last text boxes: the start (x, y) of the first, the end (right, y) of the last. */
function compareText(p: Pair, tol: number): Divergence | null {
  const A = p.ours!.texts, B = p.theirs!.texts;
  if (A.length === 0 || B.length === 0) return null;
  const lines = { oursLines: lineCount(A), theirsLines: lineCount(B) };
  const fa = A[0]!, fb = B[0]!;
  if (Math.abs(fa.x - fb.x) > tol || Math.abs(fa.y - fb.y) > tol) {
    return { kind: 'text', pair: p, delta: delta(p.ours!.box!, p.theirs!.box!), text: { which: 'first', ours: fa, theirs: fb, ...lines } };
  }
  const la = A[A.length - 1]!, lb = B[B.length - 1]!;
  if (Math.abs(la.x + la.width - (lb.x + lb.width)) > tol || Math.abs(la.y - lb.y) > tol || lines.oursLines !== lines.theirsLines) {
    return { kind: 'text', pair: p, delta: delta(p.ours!.box!, p.theirs!.box!), text: { which: 'last', ours: la, theirs: lb, ...lines } };
  }
  return null;
}

/** The y (Chromium's) where a divergence shows, to order a text divergence against a child's. */
function theirY(d: Divergence): number {
  if (d.text) return d.text.theirs.y;
  return (d.pair.theirs?.box ?? d.pair.ours?.box)?.y ?? Infinity;
}

/**
 * The first divergence in document order: the first element whose start edges, width, presence or
 * text differ by more than `tol` px. An element that differs only in height is a cause only when
 * nothing inside it differs; otherwise the first difference inside it is (a parent is taller because
 * a child is). An element's own text and its children are taken in the order of their y on Chromium's side.
 */
export function firstDivergence(root: Pair, tol: number): Divergence | null {
  const own = comparePair(root, tol);
  if (own && own.kind !== 'height' && own.kind !== 'text') return own;
  const inside = firstInside(root, tol);
  const text = own?.kind === 'text' ? own : null;
  if (text && (!inside || theirY(text) <= theirY(inside))) return text;
  return inside ?? own;
}

/** The first divergence strictly inside a pair's subtree (its descendants), or null. */
export function firstInside(p: Pair, tol: number): Divergence | null {
  for (const c of p.children) {
    const d = firstDivergence(c, tol);
    if (d) return d;
  }
  return null;
}

/** A group of divergences that share a cause: a leader, the elements like it, and what moved with them. */
export interface DivergenceGroup {
  leader: Divergence;
  /** The leader's path with every `:nth-child(k)` as `:nth-child(*)`: what the members have in common. */
  pattern: string;
  /** Later elements of the same pattern, kind and delta (within the tolerance), e.g. the same cell in every row, all rows below a taller one. */
  members: Pair[];
  /** Descendants (of the leader and its members) whose box differs only by the position change they inherited. */
  inherited: number;
}

const patternOf = (path: string): string => path.replace(/:nth-child\(\d+\)/g, ':nth-child(*)');

/**
 * Every divergence, grouped so that a shift inherited from an ancestor is shown once: an element
 * whose delta is its nearest boxed ancestor's position change (and the same size), or the ancestor's whole
 * delta, is counted under the ancestor's group; an element with the same path pattern, kind and delta as an earlier group's leader
 * joins that group. Containers taller only because of what is inside are left out.
 */
export function allDivergences(root: Pair, tol: number): DivergenceGroup[] {
  const groups: DivergenceGroup[] = [];
  const groupOf = new Map<Pair, DivergenceGroup>();
  const byPattern = new Map<string, DivergenceGroup[]>();
  const close = (a: Delta | undefined, b: Delta | undefined): boolean => (!a && !b) || (!!a && !!b &&
    Math.abs(a.dx - b.dx) <= tol && Math.abs(a.dy - b.dy) <= tol && Math.abs(a.dw - b.dw) <= tol && Math.abs(a.dh - b.dh) <= tol);
  const visit = (p: Pair, anc: { pair: Pair; delta: Delta } | null): void => {
    let d = comparePair(p, tol);
    // Taller or shorter only because of what is inside: the cause is listed, not the container.
    if (d?.kind === 'height' && firstInside(p, tol)) d = null;
    const mine = d?.delta && d.kind !== 'text' ? d.delta : null;
    if (d) {
      // Inherited: moved as the ancestor moved and the same size, or changed exactly as the ancestor did (a full-width child of a wider box).
      const inheritedFrom = mine && anc && Math.abs(mine.dx - anc.delta.dx) <= tol && Math.abs(mine.dy - anc.delta.dy) <= tol &&
        ((Math.abs(mine.dw) <= tol && Math.abs(mine.dh) <= tol) || close(mine, anc.delta)) ? groupOf.get(anc.pair) : undefined;
      if (inheritedFrom) { inheritedFrom.inherited++; groupOf.set(p, inheritedFrom); }
      else {
        const key = `${d.kind}|${patternOf(p.path)}`;
        const like = byPattern.get(key)?.find((g) => close(g.leader.delta, d!.delta));
        if (like) { like.members.push(p); groupOf.set(p, like); }
        else {
          const g: DivergenceGroup = { leader: d, pattern: patternOf(p.path), members: [], inherited: 0 };
          groups.push(g);
          groupOf.set(p, g);
          byPattern.set(key, [...(byPattern.get(key) ?? []), g]);
        }
      }
    }
    const next = p.ours?.box && p.theirs?.box ? { pair: p, delta: delta(p.ours.box, p.theirs.box) } : anc;
    for (const c of p.children) visit(c, next);
  };
  visit(root, null);
  return groups;
}

/** The chain from the root to `p` (root first), with each box delta (null where a side has no box). */
export function ancestry(p: Pair): Array<{ pair: Pair; delta: Delta | null }> {
  const out: Array<{ pair: Pair; delta: Delta | null }> = [];
  for (let q: Pair | null = p; q; q = q.parent) {
    out.unshift({ pair: q, delta: q.ours?.box && q.theirs?.box ? delta(q.ours.box, q.theirs.box) : null });
  }
  return out;
}

/** Counts the pairs compared (both sides have a box). */
export function countCompared(root: Pair): number {
  let n = 0;
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    if (p.ours?.box && p.theirs?.box) n++;
    stack.push(...p.children);
  }
  return n;
}

/**
 * The first element, in document order, that starts on a different page when printed (both pages known,
 * neither side within a few px of a break, some height on both sides: an empty element's page says nothing), or null.
 */
export function firstPageDivergence(root: Pair): Pair | null {
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    const a = p.ours, b = p.theirs;
    if (a?.page !== undefined && b?.page !== undefined && !a.pageUncertain && !b.pageUncertain && a.page !== b.page &&
      (a.box?.height ?? 0) > 0 && (b.box?.height ?? 0) > 0) return p;
    for (let i = p.children.length - 1; i >= 0; i--) stack.push(p.children[i]!);
  }
  return null;
}
