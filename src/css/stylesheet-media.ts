/**
 * Conditional rules. In: a media query list (mediaqueries-4), a supports condition (css-conditional-3) or a
 * container query (css-conditional-5 §3) as text, and the render's environment (a query container's size).
 * Out: true when the rules inside apply.
 *
 * We render for print: media type `print` and `all` match, `screen` does not; width/height
 * features compare against the page area (css-page-3 §3.2: the page area is the viewport).
 */

/** The media environment of one render; lengths in CSS px. */
export interface MediaEnv {
  width: number;
  height: number;
  /** Set when evaluating a container query: only the size features of css-conditional-5 §3.3 exist. */
  container?: true;
}

/** A query container's content box in CSS px (css-conditional-5 §3.2); height NaN for an inline-size container. */
export interface ContainerSize { width: number; height: number }

/** Words that cannot name a container (css-conditional-5 §3.1: <container-name> excludes them). */
const NOT_CONTAINER_NAMES = new Set(['none', 'and', 'or', 'not', 'style', 'scroll-state', 'initial', 'inherit', 'unset', 'default']);

/**
 * Splits an @container prelude `[<container-name>] <container-query>` (css-conditional-5 §3.1) into the name (case kept: a
 * custom identifier) and the query (lower-cased); null when there is no query.
 */
export function parseContainerPrelude(prelude: string): { name: string | null; condition: string } | null {
  const t = prelude.trim();
  const m = /^(-?[_a-zA-Z\u0080-\uffff][\w\u0080-\uffff-]*)(?=\s|\(|$)/.exec(t);
  let name: string | null = null, condition = t;
  if (m && !NOT_CONTAINER_NAMES.has(m[1]!.toLowerCase())) { name = m[1]!; condition = t.slice(m[0].length).trim(); }
  return condition === '' ? null : { name, condition: condition.toLowerCase() };
}

/**
 * Evaluates a container query (css-conditional-5 §3.2, §3.3: `(width >= 28rem)`, `(min-width: 400px)`, `not`, `and`, `or`) against
 * its query container's content box. Size features width, height, inline-size, block-size, aspect-ratio, orientation (horizontal
 * writing mode); a feature of an axis the container does not contain (height of an inline-size container) is unknown, so false;
 * style() and unknown features are false. rem/em in the query are 16 px (as in media queries here).
 */
export function matchContainer(condition: string, size: ContainerSize): boolean {
  return evalCondition(condition, { width: size.width, height: size.height, container: true });
}

/** Memo of evaluated query lists per environment (pure function of its inputs; bounded). */
const memo = new Map<string, boolean>();

/**
 * Evaluates a media query list (mediaqueries-4 §2): comma-separated queries, each
 * `[only|not] type [and (feature)]…` or `(feature) [and|or …]`. An empty list is true. Unknown
 * features and malformed queries are false ("not all"), as the spec says.
 */
export function matchMedia(query: string, env: MediaEnv): boolean {
  const q = query.trim().toLowerCase();
  if (q === '' || q === 'all' || q === 'print') return true;
  if (q === 'screen') return false;
  const key = `${env.width}x${env.height}\u0000${q}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const result = splitTop(q, ',').some((one) => matchOne(one.trim(), env));
  if (memo.size > 2000) memo.clear();
  memo.set(key, result);
  return result;
}

function matchOne(q: string, env: MediaEnv): boolean {
  if (q === '') return false;
  let negate = false;
  let rest = q;
  const m = /^(only|not)\s+/.exec(rest);
  if (m) { negate = m[1] === 'not'; rest = rest.slice(m[0].length); }
  let typeOk = true;
  const t = /^([a-z-]+)\s*/.exec(rest);
  if (t && !rest.startsWith('(')) {
    const type = t[1]!;
    typeOk = type === 'all' || type === 'print';
    if (!['all', 'print', 'screen', 'speech', 'tv', 'projection', 'handheld', 'tty', 'braille', 'embossed', 'aural'].includes(type)) typeOk = false;
    rest = rest.slice(t[0].length);
    if (rest.startsWith('and')) rest = rest.slice(3).trim();
    else if (rest !== '') return false;
  }
  const result = typeOk && (rest === '' || evalCondition(rest, env));
  return negate ? !result : result;
}

/** A media condition: `(a) and (b)`, `(a) or (b)`, `not (a)`, nested parentheses. */
function evalCondition(s: string, env: MediaEnv): boolean {
  s = s.trim();
  if (s.startsWith('not ') || s.startsWith('not(')) return !evalCondition(s.slice(3), env);
  const parts = splitTopWords(s);
  if (parts === null) return false;
  let result: boolean | null = null;
  let op: 'and' | 'or' | null = null;
  for (const p of parts) {
    if (p === 'and' || p === 'or') { op = p; continue; }
    const inner = p.slice(1, -1).trim();
    const v = /^\(|^not\b/.test(inner) ? evalCondition(inner, env) : evalFeature(inner, env);
    result = result === null ? v : op === 'or' ? result || v : result && v;
  }
  return result ?? false;
}

/** Splits `(a) and (b) or (c)` into ['(a)', 'and', '(b)', 'or', '(c)']; null when malformed. */
function splitTopWords(s: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') { i++; continue; }
    if (ch === '(') {
      let depth = 0, j = i;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && --depth === 0) break;
      }
      if (j >= s.length) return null;
      out.push(s.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    const w = /^[a-z]+/.exec(s.slice(i));
    if (!w || (w[0] !== 'and' && w[0] !== 'or')) return null;
    out.push(w[0]);
    i += w[0].length;
  }
  return out;
}

/** Parses a <length> (or bare number for resolution-less features) to px; null when not one. */
function lengthPx(v: string): number | null {
  const m = /^(-?[\d.]+(?:e-?\d+)?)\s*([a-z%]*)$/.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  switch (m[2]) {
    case 'px': case '': return n;
    case 'em': case 'rem': return n * 16;
    case 'pt': return (n * 96) / 72;
    case 'pc': return n * 16;
    case 'in': return n * 96;
    case 'cm': return (n * 96) / 2.54;
    case 'mm': return (n * 96) / 25.4;
    case 'q': return (n * 96) / 101.6;
    default: return null;
  }
}

function ratio(v: string): number | null {
  const m = /^([\d.]+)\s*(?:\/\s*([\d.]+))?$/.exec(v.trim());
  if (!m) return null;
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
}

function compare(actual: number, opName: string, expected: number): boolean {
  const eps = 1e-6;
  switch (opName) {
    case '>=': return actual >= expected - eps;
    case '<=': return actual <= expected + eps;
    case '>': return actual > expected + eps;
    case '<': return actual < expected - eps;
    case '=': return Math.abs(actual - expected) < eps;
    default: return false;
  }
}

/** The value of a range feature in this environment, and how to parse its operand. */
function featureValue(name: string, env: MediaEnv): { value: number; parse: (v: string) => number | null } | null {
  if (env.container) {
    switch (name) {
      case 'width': case 'inline-size': return { value: env.width, parse: lengthPx };
      case 'height': case 'block-size': return { value: env.height, parse: lengthPx };
      case 'aspect-ratio': return { value: env.width / env.height, parse: ratio };
      default: return null;
    }
  }
  switch (name) {
    case 'width': case 'device-width': return { value: env.width, parse: lengthPx };
    case 'height': case 'device-height': return { value: env.height, parse: lengthPx };
    case 'aspect-ratio': case 'device-aspect-ratio': return { value: env.width / env.height, parse: ratio };
    case 'resolution': return { value: 96, parse: (v) => { const m = /^([\d.]+)(dpi|dppx|x|dpcm)$/.exec(v.trim()); if (!m) return null; const n = Number(m[1]); return m[2] === 'dpi' ? n : m[2] === 'dpcm' ? n * 2.54 : n * 96; } };
    case '-webkit-device-pixel-ratio': return { value: 1, parse: (v) => { const n = Number(v); return Number.isFinite(n) ? n : null; } };
    case 'color': return { value: 8, parse: (v) => { const n = Number(v); return Number.isFinite(n) ? n : null; } };
    case 'monochrome': return { value: 0, parse: (v) => { const n = Number(v); return Number.isFinite(n) ? n : null; } };
    default: return null;
  }
}

/** One media feature: `name`, `name: value`, `min-name: value`, or range syntax `name >= value`. */
function evalFeature(f: string, env: MediaEnv): boolean {
  const colon = f.indexOf(':');
  if (colon < 0) {
    const range = /^(.+?)\s*(>=|<=|>|<|=)\s*(.+?)(?:\s*(>=|<=|>|<|=)\s*(.+))?$/.exec(f);
    if (range) {
      // `name op value`, `value op name`, or `value op name op value`.
      const [, a, op1, b, op2, c] = range;
      const fa = featureValue(a!.trim(), env);
      if (fa && !op2) { const v = fa.parse(b!); return v !== null && compare(fa.value, op1!, v); }
      const fb = featureValue(b!.trim(), env);
      if (!fb) return false;
      const left = fb.parse(a!);
      if (left === null || !compare(left, op1!, fb.value)) return false;
      if (!op2) return true;
      const right = fb.parse(c!);
      return right !== null && compare(fb.value, op2, right);
    }
    switch (f.trim()) {
      case 'color': case 'grid': return f.trim() === 'color';
      case 'monochrome': case 'hover': case 'pointer': case 'any-hover': case 'any-pointer': return false;
      case 'width': case 'height': case 'orientation': case 'aspect-ratio': case 'resolution': return true;
      default: return false;
    }
  }
  const name = f.slice(0, colon).trim();
  const value = f.slice(colon + 1).trim();
  if (env.container && name === 'orientation') return Number.isFinite(env.height) && value === (env.height >= env.width ? 'portrait' : 'landscape');
  if (env.container && !/^(min-|max-)?(width|height|inline-size|block-size|aspect-ratio)$/.test(name)) return false;
  switch (name) {
    case 'orientation': return value === (env.height >= env.width ? 'portrait' : 'landscape');
    case 'prefers-color-scheme': return value === 'light';
    case 'prefers-reduced-motion': case 'prefers-contrast': case 'forced-colors': case 'inverted-colors': return value === 'no-preference' || value === 'none';
    case 'hover': case 'any-hover': return value === 'none';
    case 'pointer': case 'any-pointer': return value === 'none';
    case 'scan': case 'update': return value === 'none' && name === 'update';
    case 'grid': return value === '0';
    case 'scripting': return value === 'none';
    case 'display-mode': return value === 'browser';
  }
  let op = '=';
  let base = name;
  if (name.startsWith('min-')) { op = '>='; base = name.slice(4); }
  else if (name.startsWith('max-')) { op = '<='; base = name.slice(4); }
  else if (name.startsWith('-webkit-min-')) { op = '>='; base = '-webkit-' + name.slice(12); }
  else if (name.startsWith('-webkit-max-')) { op = '<='; base = '-webkit-' + name.slice(12); }
  const fv = featureValue(base, env);
  if (!fv) return false;
  const v = fv.parse(value);
  return v !== null && compare(fv.value, op, v);
}

function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === sep && depth === 0) { out.push(s.slice(start, i)); start = i + 1; }
  }
  out.push(s.slice(start));
  return out;
}

/**
 * Evaluates an @supports condition (css-conditional-3 §6.1): `(prop: value)` is true when the
 * property table knows `prop` (values are not validated), `selector(…)` when `selectorOk` accepts
 * it, with `not`, `and`, `or` and parentheses. Anything else (font-tech(), unknown syntax) is false.
 */
export function matchSupports(cond: string, isKnown: (prop: string) => boolean, selectorOk: (sel: string) => boolean): boolean {
  const s = cond.trim();
  if (/^not\s*\(/i.test(s)) return !matchSupports(s.slice(3), isKnown, selectorOk);
  const parts: string[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (/\s/.test(ch)) { i++; continue; }
    const fn = /^(selector|font-tech|font-format)\(/i.exec(s.slice(i));
    if (ch === '(' || fn) {
      let depth = 0, j = i;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && --depth === 0) break;
      }
      parts.push(s.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    const w = /^[a-z]+/i.exec(s.slice(i));
    if (!w) return false;
    parts.push(w[0].toLowerCase());
    i += w[0].length;
  }
  let result: boolean | null = null;
  let op = '';
  for (const p of parts) {
    if (p === 'and' || p === 'or') { op = p; continue; }
    let v: boolean;
    if (/^selector\(/i.test(p)) v = selectorOk(p.slice(9, -1));
    else if (!p.startsWith('(')) v = false;
    else {
      const inner = p.slice(1, -1).trim();
      const colon = inner.indexOf(':');
      if (inner.startsWith('(') || /^not\s*\(/i.test(inner) || colon < 0 || /^selector\(/i.test(inner)) v = matchSupports(inner, isKnown, selectorOk);
      else {
        const prop = inner.slice(0, colon).trim().toLowerCase();
        v = prop.startsWith('--') || isKnown(prop);
      }
    }
    result = result === null ? v : op === 'or' ? result || v : result && v;
  }
  return result ?? false;
}
