// In: component values of container-type, container-name and the container shorthand (css-conditional-5 §3.4-§3.6).
// Out: Longhand rows (ComputedStyle.containerType, containerName) and the shorthand; @container rules read them in the cascade.
import type { CV } from '../values/tokens.ts';
import { keywordRow, type Longhand, type Shorthand } from './types.ts';

const NONE: readonly string[] = Object.freeze([]);
/** Identifiers that cannot be container names (css-conditional-5 §3.5: none, and, not, or, and the CSS-wide keywords). */
const RESERVED = new Set(['none', 'and', 'not', 'or', 'initial', 'inherit', 'unset', 'revert', 'revert-layer', 'default']);

/** container-name: none | <custom-ident>+ (case-sensitive); null when invalid. */
function parseContainerName(v: readonly CV[]): readonly string[] | null {
  if (v.length === 1 && v[0].t === 'ident' && v[0].lc === 'none') return NONE;
  if (v.length === 0) return null;
  const names: string[] = [];
  for (const n of v) {
    if (n.t !== 'ident' || RESERVED.has(n.lc)) return null;
    names.push(n.v);
  }
  return Object.freeze(names);
}

const TYPES = ['normal', 'size', 'inline-size'] as const;

export const CONTAINER_ROWS: Longhand<any>[] = [
  keywordRow('container-type', 'containerType', false, TYPES),
  { name: 'container-name', inherited: false, fields: ['containerName'], parse: parseContainerName, apply: (env, v: readonly string[]) => { env.s.containerName = v; } },
];

/** container: <'container-name'> [ / <'container-type'> ]? (css-conditional-5 §3.6). */
export const CONTAINER_SHORTHAND: Shorthand = {
  name: 'container',
  longhands: ['container-name', 'container-type'],
  expand: (v) => {
    const slash = v.findIndex((n) => n.t === 'slash');
    const name = parseContainerName(slash < 0 ? v : v.slice(0, slash));
    if (name === null) return null;
    let type = 'normal';
    if (slash >= 0) {
      const t = v.slice(slash + 1);
      if (t.length !== 1 || t[0].t !== 'ident' || !(TYPES as readonly string[]).includes(t[0].lc)) return null;
      type = t[0].lc;
    }
    return new Map<string, unknown>([['container-name', name], ['container-type', type]]);
  },
};
