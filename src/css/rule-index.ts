// The rule index of the cascade and the matching of one element against it. In: compiled selectors of style rules, an
// element and its ancestors' features. Out: the rules that match it (Match), per element or pseudo-element.
import type { Element } from 'domhandler';
import type { Declaration } from './declaration.ts';
import type { PseudoElement } from './styled.ts';
import type { CollectedRule, ContainerQuery } from './stylesheet-collect.ts';
import { DEPS, ensureCompiled, type CompiledSelector } from './selectors.ts';
import type { AncestorFilter } from './ancestor-filter.ts';

/** A compiled selector of a style rule, with its cascade bands. */
export interface IndexedRule {
  sel: CompiledSelector;
  rule: CollectedRule;
  band: number;
  importantBand: number;
  hasImportant: boolean;
}

/** A matched rule (or hint / style attribute) while sorting one element's declarations. */
export interface Match { band: number; spec: number; order: number; decls: Declaration[]; importantBand: number; hasImportant: boolean }

/**
 * Style rules by the rightmost compound of their selectors (id, class, required attribute, tag name,
 * or none), as Blink's RuleSet: an element is tested against the buckets its own id, classes,
 * attributes and tag name select, and the rules without a key.
 */
export class RuleIndex {
  readonly byId = new Map<string, IndexedRule[]>();
  readonly byClass = new Map<string, IndexedRule[]>();
  readonly byTag = new Map<string, IndexedRule[]>();
  /** Selectors whose subject must have an attribute (lower-cased name), without an id or class to go by. */
  readonly byAttr = new Map<string, IndexedRule[]>();
  readonly any: IndexedRule[] = [];
  /** What the indexed selectors read besides names and attributes (selectors.ts DEPS, or-ed; UNSAFE for @container rules). */
  deps = 0;
  add(r: IndexedRule): void {
    const k = r.sel.key;
    let deps = r.rule.containers !== undefined ? DEPS.UNSAFE : r.sel.deps;
    if (deps & DEPS.UNSAFE && r.rule.containers === undefined) {
      // A selector css-select rejects (an unknown pseudo-class) never matches: it reads nothing.
      ensureCompiled(r.sel);
      if (r.sel.problem !== null) deps = 0;
    }
    this.deps |= deps;
    if (r.sel.attr !== null && (k.kind === 'tag' || k.kind === 'any')) {
      // Compiled now: a selector css-select rejects stays where it was tested before (its
      // warning comes with the first element of its old bucket, as it always did).
      ensureCompiled(r.sel);
      if (r.sel.problem === null) { push(this.byAttr, r.sel.attr, r); return; }
    }
    if (k.kind === 'any') { this.any.push(r); return; }
    push(k.kind === 'id' ? this.byId : k.kind === 'class' ? this.byClass : this.byTag, k.value, r);
  }

  /**
   * The rules `el` matches (testRules on the buckets of its id, classes, tag name and attributes, and the rules without
   * a key); its pseudo-elements' go to `pseudo`.
   */
  match(el: Element, pseudo: Map<Element, Map<PseudoElement, Match[]>>, onProblem: (r: IndexedRule) => void, ancestors: AncestorFilter, containerOk: ContainerTest): Match[] {
    const matched: Match[] = [];
    const id = el.attribs['id'];
    if (id) testRules(el, this.byId.get(id.toLowerCase()), matched, pseudo, onProblem, ancestors, containerOk);
    const cls = el.attribs['class'];
    if (cls) {
      const seen: string[] = [];
      for (const c of cls.split(/[ \t\n\f\r]+/)) {
        if (!c) continue;
        const k = c.toLowerCase();
        if (seen.includes(k)) continue;
        seen.push(k);
        testRules(el, this.byClass.get(k), matched, pseudo, onProblem, ancestors, containerOk);
      }
    }
    testRules(el, this.byTag.get(el.name), matched, pseudo, onProblem, ancestors, containerOk);
    if (this.byAttr.size) for (const name in el.attribs) testRules(el, this.byAttr.get(name.toLowerCase()), matched, pseudo, onProblem, ancestors, containerOk);
    testRules(el, this.any, matched, pseudo, onProblem, ancestors, containerOk);
    return matched;
  }
}

function push(m: Map<string, IndexedRule[]>, key: string, r: IndexedRule): void {
  const list = m.get(key);
  if (list) list.push(r); else m.set(key, [r]);
}

/**
 * Whether a rule's @container conditions hold for `el` (css-conditional-5 §3.2); `self` when the subject is a
 * pseudo-element of `el`, whose query container may be `el` itself.
 */
export type ContainerTest = (el: Element, conditions: readonly ContainerQuery[], self: boolean) => boolean;

/**
 * Tests candidate rules against `el` (`ancestors` holds its ancestors' features): element matches
 * go to `matched`, pseudo-element ones to `pseudo`. A rule inside @container rules also needs `containerOk`.
 */
function testRules(el: Element, list: IndexedRule[] | undefined, matched: Match[], pseudo: Map<Element, Map<PseudoElement, Match[]>>, onProblem: (r: IndexedRule) => void, ancestors: AncestorFilter, containerOk: ContainerTest): void {
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const sel = r.sel;
    // Fast rejection by the ancestors the selector needs, once css-select has compiled it
    // without a problem (a rejected selector is still tested, so its warning comes as before).
    if (sel.ancestors !== null && sel.compiled && sel.problem === null && !ancestors.has(sel.ancestors)) continue;
    if (!sel.match(el)) {
      if (r.sel.problem !== null) onProblem(r);
      continue;
    }
    if (r.rule.containers !== undefined && !containerOk(el, r.rule.containers, r.sel.pseudo !== null)) continue;
    const m: Match = { band: r.band, spec: r.sel.specificity, order: r.rule.order, decls: r.rule.declarations, importantBand: r.importantBand, hasImportant: r.hasImportant };
    if (r.sel.pseudo === null) { matched.push(m); continue; }
    let pm = pseudo.get(el);
    if (!pm) { pm = new Map(); pseudo.set(el, pm); }
    const arr = pm.get(r.sel.pseudo);
    if (arr) arr.push(m); else pm.set(r.sel.pseudo, [m]);
  }
}
