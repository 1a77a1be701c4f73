/**
 * var() substitution and custom properties (css-variables-1 §2, §3). In: value text and the
 * custom properties in scope. Out: the text with every var() replaced, or null when it is
 * invalid at computed-value time (undefined variable without fallback, a cycle, too long).
 */

/** Longest text a substitution may produce (guards against exponential var() expansion). */
export const MAX_SUBSTITUTED_LENGTH = 65536;

const VAR_RE = /var\(/i;

/** True when the text contains a var() reference (cheap pre-check). */
export const hasVar = (text: string): boolean => VAR_RE.test(text);

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c >= 128 || c === 92;
}

/** Index just after the ')' that closes the block opened before `i`, skipping strings. */
function closeParen(s: string, i: number): number {
  let depth = 1;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      i++;
      while (i < s.length && s.charCodeAt(i) !== c) { if (s.charCodeAt(i) === 92) i++; i++; }
    } else if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i + 1;
    i++;
  }
  return s.length + 1; // unclosed: runs to the end (css-syntax-3 auto-closing)
}

/**
 * Replaces each `var(--name[, fallback])` in `text` (css-variables-1 §3). `lookup` returns a
 * custom property's value (already substituted) or undefined when it is not defined (or is
 * the guaranteed-invalid value). Returns null when the result is invalid at computed-value time.
 */
export function substituteVars(text: string, lookup: (name: string) => string | undefined, depth = 0): string | null {
  if (depth > 32) return null;
  let out = '';
  let i = 0;
  let last = 0;
  const s = text;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) { // skip strings
      i++;
      while (i < s.length && s.charCodeAt(i) !== c) { if (s.charCodeAt(i) === 92) i++; i++; }
      i++;
      continue;
    }
    if ((c === 118 || c === 86) && s.slice(i, i + 4).toLowerCase() === 'var(' && (i === 0 || !isNameChar(s.charCodeAt(i - 1)))) {
      const end = closeParen(s, i + 4);
      const inner = s.slice(i + 4, Math.min(end - 1, s.length));
      const comma = topLevelComma(inner);
      const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      if (!name.startsWith('--')) return null;
      let value = lookup(name);
      if (value === undefined) {
        if (comma < 0) return null;
        const fb = substituteVars(inner.slice(comma + 1), lookup, depth + 1);
        if (fb === null) return null;
        value = fb.trim();
      }
      out += s.slice(last, i) + value;
      if (out.length > MAX_SUBSTITUTED_LENGTH) return null;
      i = end;
      last = i;
      continue;
    }
    i++;
  }
  return last === 0 ? s : out + s.slice(last);
}

function topLevelComma(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      i++;
      while (i < s.length && s.charCodeAt(i) !== c) { if (s.charCodeAt(i) === 92) i++; i++; }
    } else if (c === 40) depth++;
    else if (c === 41) depth--;
    else if (c === 44 && depth === 0) return i;
  }
  return -1;
}

const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/**
 * Computes the custom properties of an element (css-variables-1 §2.2, §3.4). `own` holds the
 * element's winning custom declarations (name -> raw text, already trimmed); `inherited` is
 * the parent's map. Cycles make every property in the cycle invalid (removed from the map,
 * i.e. the guaranteed-invalid value); `initial` also removes, `inherit`/`unset` keep the
 * parent's value. Returns `inherited` itself when `own` is empty.
 */
/** A custom property registered with @property (css-properties-values-api-1 §3): its inheritance and initial value (as written). */
export interface RegisteredProperty { inherits: boolean; initial?: string }

/** Per registry: each parent's custom properties with the non-inherited registered ones reset to their initial values. */
const RESET = new WeakMap<ReadonlyMap<string, RegisteredProperty>, WeakMap<ReadonlyMap<string, string>, ReadonlyMap<string, string>>>();

/**
 * The custom properties an element starts from (css-properties-values-api-1 §2.4): its parent's,
 * except that registered properties with `inherits: false` take their initial value (or none);
 * the root starts from every registered initial value. Cached per parent map: siblings share it,
 * and a parent whose non-inherited properties are already initial is returned as is.
 */
export function startingCustomProperties(parent: ReadonlyMap<string, string> | null, registered: ReadonlyMap<string, RegisteredProperty>): ReadonlyMap<string, string> {
  let byParent = RESET.get(registered);
  if (!byParent) RESET.set(registered, (byParent = new WeakMap()));
  const key = parent ?? registered as unknown as ReadonlyMap<string, string>;
  const hit = byParent.get(key);
  if (hit) return hit;
  let out: Map<string, string> | null = null;
  for (const [name, r] of registered) {
    if (parent !== null && r.inherits) continue;
    const want = r.initial;
    if ((parent === null ? undefined : parent.get(name)) === want) continue;
    out ??= new Map(parent ?? []);
    if (want === undefined) out.delete(name); else out.set(name, want);
  }
  const res = out ?? parent ?? new Map<string, string>();
  byParent.set(key, res);
  return res;
}

export function computeCustomProperties(
  own: ReadonlyMap<string, string>,
  inherited: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  if (own.size === 0) return inherited;
  const out = new Map(inherited);
  const state = new Map<string, 1 | 2>(); // 1 = resolving, 2 = done
  const resolve = (name: string): string | undefined => {
    const st = state.get(name);
    if (st === 2) return out.get(name);
    if (st === 1) { for (let k = stack.lastIndexOf(name); k < stack.length; k++) cyclic.add(stack[k]); return undefined; }
    const raw = own.get(name)!;
    if (stack.length >= 256) { cyclic.add(name); return undefined; } // absurd chains are invalid, not a stack overflow
    state.set(name, 1);
    stack.push(name);
    const kw = raw.toLowerCase();
    let v: string | null;
    if (CSS_WIDE.has(kw)) v = kw === 'initial' ? null : inherited.get(name) ?? null;
    else v = hasVar(raw) ? substituteVars(raw, (n) => (own.has(n) ? resolve(n) : out.get(n))) : raw;
    state.set(name, 2);
    stack.pop();
    if (v === null || cyclic.has(name)) out.delete(name);
    else out.set(name, v);
    return v ?? undefined;
  };
  const cyclic = new Set<string>();
  const stack: string[] = [];
  for (const name of own.keys()) resolve(name);
  // every member of a cycle is invalid, including the one where the cycle was entered
  for (const name of cyclic) out.delete(name);
  return out;
}
