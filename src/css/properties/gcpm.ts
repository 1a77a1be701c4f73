// In: component values of `position`, `string-set` and of element()/string() inside `content`.
// Out: property-table rows and content items for css-gcpm-3 running elements (§2) and named strings (§1).
import type { ComputedStyle, ContentItem, RunningWhich, StringSet, StringSetItem } from '../computed.ts';
import type { CV } from '../values/tokens.ts';
import type { Longhand } from './types.ts';

const POSITIONS = new Set<ComputedStyle['position']>(['static', 'relative', 'absolute', 'fixed', 'sticky']);
const WHICH = new Set<RunningWhich>(['first', 'start', 'last', 'first-except']);
const CSS_WIDE = new Set(['none', 'inherit', 'initial', 'unset', 'default', 'revert', 'revert-layer']);

interface PositionValue { position: ComputedStyle['position']; running: string | null }

/**
 * `position`: static | relative | absolute | fixed | sticky | running(<custom-ident>)
 * (css-position-3 §2, css-gcpm-3 §2.1). A running element computes to `position: static` with
 * `runningName` set; the box tree takes it out of the flow.
 */
export const POSITION_ROW: Longhand<PositionValue> = {
  name: 'position', inherited: false, fields: ['position', 'runningName'],
  parse: (v) => {
    if (v.length !== 1) return null;
    const n = v[0]!;
    if (n.t === 'ident') return POSITIONS.has(n.lc as ComputedStyle['position']) ? { position: n.lc as ComputedStyle['position'], running: null } : null;
    if (n.t === 'fn' && n.name === 'running' && n.args.length === 1 && n.args[0]!.t === 'ident' && !CSS_WIDE.has(n.args[0]!.lc)) {
      return { position: 'static', running: n.args[0]!.v };
    }
    return null;
  },
  apply: (env, v) => { env.s.position = v.position; env.s.runningName = v.running; },
};

/**
 * `element(<custom-ident> [, first | start | last | first-except]?)` and
 * `string(<custom-ident> [, …]?)` in a `content` list (css-gcpm-3 §1.2, §2.2); null when `n`
 * is not one of them or is malformed.
 */
export function parseGcpmContent(n: CV): ContentItem | null {
  if (n.t !== 'fn' || (n.name !== 'element' && n.name !== 'string')) return null;
  const args = n.args.filter((a) => a.t !== 'comma');
  const commas = n.args.length - args.length;
  if (args.length < 1 || args.length > 2 || commas !== args.length - 1 || args[0]!.t !== 'ident') return null;
  let which: RunningWhich = 'first';
  if (args[1]) {
    const w = args[1];
    if (w.t !== 'ident' || !WHICH.has(w.lc as RunningWhich)) return null;
    which = w.lc as RunningWhich;
  }
  return n.name === 'element' ? { kind: 'element', name: args[0]!.v, which } : { kind: 'named-string', name: args[0]!.v, which };
}

/**
 * The `string-set` row (css-gcpm-3 §1.1): none | [<custom-ident> <content-list>]#, where the
 * content list holds strings, counter()/counters(), attr() and content(text|before|after|first-letter).
 * `parseItems` parses one ordinary content value (the `content` property's parser).
 */
export function stringSetRow(parseItems: (v: readonly CV[]) => ContentItem[] | null): Longhand<StringSet[]> {
  return {
    name: 'string-set', inherited: false, fields: ['stringSet'],
    parse: (v) => {
      if (v.length === 1 && v[0]!.t === 'ident' && v[0]!.lc === 'none') return Object.freeze([]) as unknown as StringSet[];
      const out: StringSet[] = [];
      let group: CV[] = [];
      const flush = (): boolean => {
        const [name, ...rest] = group;
        group = [];
        if (!name || name.t !== 'ident' || CSS_WIDE.has(name.lc) || rest.length === 0) return false;
        const content: StringSetItem[] = [];
        for (const n of rest) {
          if (n.t === 'fn' && n.name === 'content') {
            const a = n.args[0];
            const part = n.args.length === 0 ? 'text' : a && a.t === 'ident' && ['text', 'before', 'after', 'first-letter'].includes(a.lc) && n.args.length === 1 ? a.lc : null;
            if (!part) return false;
            content.push({ kind: 'content', part: part as 'text' });
            continue;
          }
          const items = parseItems([n]);
          if (!items) return false;
          content.push(...items);
        }
        out.push({ name: name.v, content });
        return true;
      };
      for (const n of v) {
        if (n.t === 'comma') { if (!flush()) return null; } else group.push(n);
      }
      if (!flush()) return null;
      return out;
    },
    apply: (env, v) => { env.s.stringSet = v; },
  };
}
