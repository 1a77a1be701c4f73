// "Detect" in the variables panel: the variables a template's {{…}} placeholders use, with a proposed type.
// In: template source (Mustache). Out: names and types in order of first use, or the syntax error. Runs in the browser too.
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
