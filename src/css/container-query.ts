// Query containers of @container rules (css-conditional-5 §3.2). In: the computed styles so far (ancestors before
// descendants), the content-box sizes of query containers measured by a previous layout. Out: the test rule matching
// applies to a rule inside @container rules.
import type { Element } from 'domhandler';
import type { ComputedStyle } from './computed.ts';
import type { ContainerTest } from './rule-index.ts';
import { matchContainer, type ContainerSize } from './stylesheet-media.ts';

/**
 * The container test for one cascade: each condition's query container is the nearest ancestor (the element itself
 * for a pseudo-element's rule) whose container-type is not normal and, when the condition names one, whose
 * container-name has that name; the condition holds when that container's size is known (`sizes`, from the layout
 * of a previous pass) and matches the query. No container, or no size yet: the rule does not apply.
 */
export function containerTest(styles: ReadonlyMap<Element, ComputedStyle>, sizes: ReadonlyMap<Element, ContainerSize> | undefined): ContainerTest {
  return (el, conditions, self) => {
    if (sizes === undefined) return false;
    for (const q of conditions) {
      let c: Element | null = self ? el : parentElement(el);
      for (; c !== null; c = parentElement(c)) {
        const s = styles.get(c);
        if (s === undefined || s.containerType === undefined || s.containerType === 'normal') continue;
        if (q.name === null || (s.containerName ?? []).includes(q.name)) break;
      }
      const size = c === null ? undefined : sizes.get(c);
      if (size === undefined || !matchContainer(q.condition, size)) return false;
    }
    return true;
  };
}

function parentElement(el: Element): Element | null {
  const p = el.parent;
  return p !== null && p.type === 'tag' ? (p as Element) : null;
}
