// Fast rejection of selectors by the ancestors they need (Blink's SelectorFilter, exact instead of a bloom filter).
// In: the elements the cascade visits, in document order; selector tokens. Out: whether an element's ancestors can match.
import type { Element } from 'domhandler';
import type { Selector } from 'css-what';

/**
 * What the compounds of a complex selector that stand for ancestors of the subject (those whose
 * combinator on the right is a descendant or child combinator) need at least: tag names,
 * classes and ids, as 't' / 'c' / '#' + the lower-cased name. Lower-casing only widens what
 * passes (case-sensitive matching is css-select's), so a rejection is always right. Null when
 * the selector needs nothing of its ancestors that the filter can check.
 */
export function ancestorNeeds(tokens: readonly Selector[]): string[] | null {
  const needs: string[] = [];
  let ancestor = false; // the compound being read stands for an ancestor of the subject
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'descendant': case 'child': ancestor = true; continue;
      case 'adjacent': case 'sibling': ancestor = false; continue;
      case 'parent': case 'column-combinator': return needs.length ? needs : null; // nothing certain further left
      case 'tag': if (ancestor && t.namespace === null) needs.push(`t${t.name.toLowerCase()}`); continue;
      case 'attribute':
        if (!ancestor || t.namespace) continue;
        if (t.name === 'class' && t.action === 'element') needs.push(`c${t.value.toLowerCase()}`);
        else if (t.name === 'id' && t.action === 'equals') needs.push(`#${t.value.toLowerCase()}`);
        continue;
      default: continue;
    }
  }
  return needs.length ? needs : null;
}

/** An element's features as ancestorNeeds names them. */
function featuresOf(el: Element): string[] {
  const f = [`t${el.name.toLowerCase()}`];
  const id = el.attribs['id'];
  if (id) f.push(`#${id.toLowerCase()}`);
  const cls = el.attribs['class'];
  if (cls) for (const c of cls.split(/[ \t\n\f\r]+/)) if (c) f.push(`c${c.toLowerCase()}`);
  return f;
}

/**
 * The features of the ancestors of the element being styled, counted (an exact multiset, where
 * Blink keeps a counting bloom filter). The cascade calls enter() with each element it matches
 * against the rules, in document order; elements whose matches it takes from elsewhere (match-memo.ts)
 * are skipped, so enter() brings the chain up to date itself.
 */
export class AncestorFilter {
  private readonly counts = new Map<string, number>();
  private readonly chain: Element[] = [];
  private readonly chainFeatures: string[][] = [];
  private readonly path: Element[] = [];

  /** Makes the filter hold exactly the ancestors of `el` (leaving the subtrees visited before, adding those skipped). */
  enter(el: Element): void {
    const chain = this.chain;
    if (chain.length && chain[chain.length - 1] === el.parent) return;
    const path = this.path;
    path.length = 0;
    for (let p = el.parent; p !== null && p.type === 'tag'; p = p.parent) path.push(p as Element);
    // path holds the ancestors nearest first; keep the chain's common prefix with it (outermost first)
    let k = 0;
    while (k < chain.length && k < path.length && chain[k] === path[path.length - 1 - k]) k++;
    while (chain.length > k) {
      chain.pop();
      for (const f of this.chainFeatures.pop()!) {
        const n = this.counts.get(f)! - 1;
        if (n === 0) this.counts.delete(f); else this.counts.set(f, n);
      }
    }
    for (let i = path.length - 1 - k; i >= 0; i--) this.push(path[i]!);
  }

  private push(el: Element): void {
    const f = featuresOf(el);
    for (const k of f) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.chain.push(el);
    this.chainFeatures.push(f);
  }

  /** False when some ancestor feature `needs` names is missing (the selector cannot match). */
  has(needs: readonly string[]): boolean {
    for (let i = 0; i < needs.length; i++) if (!this.counts.has(needs[i]!)) return false;
    return true;
  }
}
