// Reading a template's Mustache tags for the editor: "Detect" (the variables its {{…}} placeholders use, with a
// proposed type) and where a syntax error is. In: template source. Out: names and types; an error's span and line. Runs in the browser too.
import Mustache from 'mustache';

export type DetectedType = 'string' | 'date' | 'boolean' | 'list';
export interface Detected { name: string; type: DetectedType }

type Token = [string, string, number, number, Token[]?, number?];

const RANK: Record<DetectedType, number> = { string: 0, date: 0, boolean: 1, list: 2 };

/** The root name a placeholder reads (`customer.name` → `customer`; `.` → null). */
function rootName(name: string): string | null {
  if (name === '.' || name === '') return null;
  return name.split('.')[0] || null;
}

/** True when a section's content reads names of its own (fields of list items). */
function readsFields(tokens: Token[]): boolean {
  return tokens.some((t) => ((t[0] === 'name' || t[0] === '&') && t[1] !== '.') || ((t[0] === '#' || t[0] === '^') && t[4] && readsFields(t[4])));
}

/**
 * Top-level placeholders: `{{x}}` / `{{{x}}}` → string (date when the name ends in "date"),
 * `{{#x}}…{{/x}}` reading fields inside → list, without → boolean, `{{^x}}` → boolean. Names
 * inside a section are the items' fields, not variables. Throws Error with Mustache's message
 * on a syntax error.
 */
export function detectVariables(source: string): Detected[] {
  const tokens = new Mustache.Writer().parse(source) as unknown as Token[];
  const found = new Map<string, DetectedType>();
  const note = (name: string, type: DetectedType) => {
    const cur = found.get(name);
    if (cur === undefined || RANK[type] > RANK[cur]) found.set(name, type);
  };
  for (const t of tokens) {
    const name = rootName(t[1]);
    if (!name) continue;
    if (t[0] === 'name' || t[0] === '&') note(name, /date$/i.test(name) ? 'date' : 'string');
    else if (t[0] === '#') note(name, t[1].includes('.') ? 'boolean' : readsFields(t[4] ?? []) ? 'list' : 'boolean');
    else if (t[0] === '^') note(name, 'boolean');
  }
  return [...found].map(([name, type]) => ({ name, type }));
}

/** Where a Mustache syntax error is in the source: a span to underline and its 1-based line. */
export interface SyntaxErrorSpot { from: number; to: number; line: number }

/** The section tags (`{{#x}}`, `{{^x}}`, `{{/x}}`) of a source with the default delimiters, in order. */
function sectionTags(source: string): Array<{ kind: string; name: string; from: number; to: number }> {
  const out: Array<{ kind: string; name: string; from: number; to: number }> = [];
  for (const m of source.matchAll(/\{\{\s*([#^/])\s*([^}]*?)\s*\}\}/g)) out.push({ kind: m[1]!, name: m[2]!, from: m.index, to: m.index + m[0].length });
  return out;
}

/** The opening tag of the section `name` that is still open when the tag at `before` is reached (or at the end). */
function unclosedOpening(source: string, name: string, before: number): { from: number; to: number } | null {
  const open: Array<{ name: string; from: number; to: number }> = [];
  for (const t of sectionTags(source)) {
    if (t.from >= before) break;
    if (t.kind !== '/') open.push(t);
    else if (open.length && open[open.length - 1]!.name === t.name) open.pop();
  }
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.name === name) return open[i]!;
  return null;
}

/**
 * Finds the tag a Mustache parse error (mustache.js's message, optionally after "template syntax
 * error: ") is about: an unclosed section points at its opening tag (Mustache names the end of the
 * template or the mismatched closing tag), an unclosed tag at its `{{`, anything else at the position
 * the message names. Null when the message names no position.
 */
export function syntaxErrorSpot(source: string, message: string): SyntaxErrorSpot | null {
  const at = / at (\d+)\s*$/.exec(message);
  if (!at) return null;
  const pos = Math.min(Number(at[1]), source.length);
  let span: { from: number; to: number } | null = null;
  const unclosed = /Unclosed section "(.*)" at \d+\s*$/.exec(message);
  if (unclosed) span = unclosedOpening(source, unclosed[1]!, pos === source.length ? pos + 1 : pos);
  else if (/Unclosed tag at/.test(message)) {
    for (let i = source.indexOf('{{'); i !== -1 && i < pos; i = source.indexOf('{{', i + 2)) {
      if (source.indexOf('}}', i + 2) === -1) {
        span = { from: i, to: i + 2 };
        break;
      }
    }
  }
  if (!span) {
    const close = source.indexOf('}}', pos);
    span = { from: pos, to: close === -1 ? Math.min(pos + 2, source.length) : close + 2 };
  }
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < span.from; i = source.indexOf('\n', i + 1)) line++;
  return { ...span, line };
}

/** The message with its character offset (" at 4251") replaced by the line of the tag it is about (" (line 47)"). */
export function syntaxErrorWithLine(source: string, message: string): string {
  const spot = syntaxErrorSpot(source, message);
  return spot ? message.replace(/ at \d+\s*$/, ` (line ${spot.line})`) : message;
}
